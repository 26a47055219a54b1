"""The odds of a coach's sequence of rolls in one turn: dodges, rushes, pick-ups, catches, passes,
blocks and armour rolls, with the skills and team re-rolls at hand.

Each roll's own chance comes from the rules modules (D6 targets, block face categories, armour);
the re-rolls are spent by sequence.solve. A block succeeds when the defender ends on the ground
and the attacker on his feet; Pro re-rolls a whole block where the edition says "one roll"
(classic) and a single block die where it says "a single dice" (2025).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from . import block as blocks
from . import injury
from .editions.base import SKILL_REROLLS, Edition
from .probability import ONE, d6_success
from .sequence import SequenceAnswer, SequenceStep, solve
from .types import Board, Player, Square

D6_ROLLS = tuple(SKILL_REROLLS)  # dodge rush pickup catch pass
BLOCK_SUCCESS = frozenset({"defender_pushed_into_crowd", "defender_down", "defender_down_in_place"})
ROLLER = "player"


@dataclass(frozen=True)
class RollSpec:
    """One roll of the sequence: a D6 test (its target), a block (its dice) or an armour roll (AV)."""

    kind: str  # dodge rush pickup catch pass block armour
    value: int  # the D6 target, the number of block dice, or the armour value
    defender_chooses: bool = False


@dataclass(frozen=True)
class RollChance:
    spec: RollSpec
    probability: Fraction  # this roll alone, without re-rolls
    reroll: str | None  # the skill that may re-roll it, "none" if nothing may, None: team re-roll or Pro only


@dataclass(frozen=True)
class SequenceOdds:
    probability: Fraction
    rolls: tuple[RollChance, ...]
    stops: tuple[Fraction, ...]  # chance the sequence stops at each roll (re-rolls used)
    team_rerolls: int  # team re-rolls usable (the edition's per-turn limit applied)
    team_rerolls_used: Fraction  # expected team re-rolls the best plan spends


def usable_team_rerolls(edition: Edition, available: int) -> int:
    limit = edition.team_rerolls_per_turn
    return max(0, available if limit is None else min(available, limit))


def roll_chance(edition: Edition, spec: RollSpec, skills: frozenset[str]) -> RollChance:
    if spec.kind in SKILL_REROLLS:
        skill = SKILL_REROLLS[spec.kind]
        return RollChance(spec, d6_success(spec.value), skill if skill in skills else None)
    if spec.kind == "block":
        categories = _block_categories(edition, "block" in skills)
        dist = blocks.chosen_distribution(categories, spec.value, _chooser(spec))
        return RollChance(spec, dist.probability(BLOCK_SUCCESS.__contains__), None)
    if spec.kind == "armour":
        attacker = Player("a", "A", None, skills=frozenset({"mighty-blow"}) & skills)
        broken = injury.injury_outcome(edition, Player("d", "D", None, av=spec.value), attacker, action="block")
        return RollChance(spec, broken.armour_broken, "none")
    raise ValueError(f"unknown kind of roll {spec.kind!r}")


def _chooser(spec: RollSpec) -> str:
    return "defender" if spec.defender_chooses else "attacker"


@lru_cache(maxsize=16)
def _block_categories(edition: Edition, attacker_block: bool) -> tuple[str, ...]:
    """Face categories of a block in the open (no crowd, no defender skills)."""
    attacker = Player("a", "A", Square(10, 7), skills=frozenset({"block"}) if attacker_block else frozenset())
    defender = Player("d", "D", Square(11, 7))
    return blocks.face_categories(edition, Board([attacker, defender]), attacker, defender)


def _pro_rescue(edition: Edition, spec: RollSpec, skills: frozenset[str]) -> Fraction | None:
    if spec.kind != "block" or not edition.pro_rerolls_one_die or spec.value == 1:
        return None  # the whole roll is re-rolled: the same chance as the roll itself
    categories = _block_categories(edition, "block" in skills)
    return blocks.one_die_reroll(categories, spec.value, _chooser(spec), BLOCK_SUCCESS)


def sequence_step(edition: Edition, chance: RollChance, skills: frozenset[str]) -> SequenceStep:
    has_pro = "pro" in skills
    return SequenceStep(
        probability=chance.probability,
        player=ROLLER,
        skill=chance.reroll if chance.reroll not in (None, "none") else None,
        rerollable=chance.reroll != "none",
        loner=d6_success(edition.loner_default_target) if "loner" in skills else ONE,
        pro=d6_success(edition.pro_target) if has_pro else None,
        pro_rescue=_pro_rescue(edition, chance.spec, skills) if has_pro else None,
        pro_roll_team_rerollable=edition.pro_roll_team_rerollable,
        kind=chance.spec.kind,
    )


def evaluate(edition: Edition, specs: tuple[RollSpec, ...], team_rerolls: int, skills: frozenset[str]) -> SequenceOdds:
    """The exact chance that every roll succeeds, with re-rolls used as a good coach would."""
    team = usable_team_rerolls(edition, team_rerolls)
    chances = tuple(roll_chance(edition, spec, skills) for spec in specs)
    answer: SequenceAnswer = solve([sequence_step(edition, c, skills) for c in chances], team)
    return SequenceOdds(answer.probability, chances, answer.stops, team, answer.team_rerolls_used)


__all__ = ["RollChance", "RollSpec", "SequenceOdds", "evaluate", "roll_chance", "usable_team_rerolls"]
