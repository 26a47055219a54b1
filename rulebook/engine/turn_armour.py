"""Decision trees of armour → injury → casualty chains inside a turn: the armour roll after a block
(Mighty Blow, Claw), a foul (assists, Dirty Player, the referee seeing a double, Sneaky Git), a
chainsaw attack (the kick-back roll first, +3 on the armour) and a stab (nothing modifies it).

The numbers come from injury.injury_outcome; nothing here may be re-rolled but the chainsaw's
kick-back roll. The goal says what counts: "break" (the armour breaks), "ko" (knocked out or
worse), "cas" (a casualty: badly hurt or worse). A fouler sent off after reaching the goal ends
the turn: that counts only when the foul was the last thing to do (the solver's "after_goal").
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from .editions.base import Edition
from .injury import injury_outcome
from .probability import Distribution
from .trees import Leaf, Tree, chance
from .turn_d6 import Rerolls, chainsaw_start
from .types import Player

GOALS = ("break", "ko", "cas")
REACHES = {
    "break": frozenset({"stunned", "knocked_out", "badly_hurt", "casualty"}),
    "ko": frozenset({"knocked_out", "badly_hurt", "casualty"}),
    "cas": frozenset({"badly_hurt", "casualty"}),
}
ACTION_OF = {"armour": "block", "foul": "foul", "chainsaw": "chainsaw", "stab": "other"}


@dataclass(frozen=True)
class ArmourSpec:
    kind: str  # armour, foul, chainsaw, stab
    av: int  # the victim's armour value, in the edition's notation
    goal: str = "break"
    attacker_skills: frozenset[str] = frozenset()
    victim_skills: frozenset[str] = frozenset()
    assists: int = 0  # a foul's offensive minus defensive assists


@lru_cache(maxsize=1024)
def joint(edition: Edition, spec: ArmourSpec, context: str) -> Distribution[tuple[str, bool]]:
    """(result, fouler sent off) of the roll; after a push into the crowd only the injury is rolled."""
    action = "crowd" if context == "crowd" and spec.kind == "armour" else ACTION_OF[spec.kind]
    attacker = Player("a", "home", None, skills=spec.attacker_skills)
    victim = Player("v", "away", None, av=spec.av, skills=spec.victim_skills)
    chainsaw_foul = spec.kind == "foul" and "chainsaw" in spec.attacker_skills
    modifier = spec.assists + (edition.chainsaw_armour_bonus if chainsaw_foul else 0)
    outcome = injury_outcome(edition, victim, attacker, action, modifier)
    assert outcome.joint is not None
    return outcome.joint


@lru_cache(maxsize=4096)
def armour_tree(edition: Edition, spec: ArmourSpec, context: str, rerolls: Rerolls) -> Tree:
    """The chain as the solver sees it (an armour roll needs a player on the ground: after a push
    that left him standing there is none)."""
    if spec.kind == "armour" and context == "pushed":
        return Leaf("fail", tag="not_down")
    reaches = REACHES[spec.goal]
    branches: list[tuple[Fraction, Tree]] = []
    for (result, sent_off), p in joint(edition, spec, context).items():
        if result in reaches:
            leaf = Leaf("after_goal", tag="sent_off") if sent_off else Leaf("ok", "down", tag=result)
        else:
            leaf = Leaf("fail", tag="sent_off" if sent_off else result)
        branches.append((p, leaf))
    tree = chance(branches)
    if spec.kind == "chainsaw" or (spec.kind == "foul" and "chainsaw" in spec.attacker_skills):
        tree = chainsaw_start(edition, rerolls, tree)
    return tree


def results(edition: Edition, spec: ArmourSpec, context: str = "") -> dict[str, Fraction]:
    """The chain's results on one go (no kick-back roll), for the explanation."""
    return joint(edition, spec, context).map(lambda pair: pair[0]).as_dict()


def sent_off(edition: Edition, spec: ArmourSpec, context: str = "") -> Fraction:
    return joint(edition, spec, context).probability(lambda pair: pair[1])


__all__ = ["GOALS", "REACHES", "ArmourSpec", "armour_tree", "joint", "results", "sent_off"]
