"""Decision trees of armour → injury → casualty chains inside a turn: the armour roll after a block
(Mighty Blow, Claw), a foul (assists, Dirty Player, the referee seeing a double, Sneaky Git), a
chainsaw attack (the kick-back roll first, +3 on the armour) and a stab (nothing modifies it).

The numbers come from injury.injury_outcome; nothing here may be re-rolled but the chainsaw's
kick-back roll and, once, an armour roll that held for Varag's Krump and Smash (a block's) or
Skitter's Master Assassin (a stab's), 2025. The goal says what counts: "break" (the armour breaks), "ko" (knocked out or
worse), "cas" (a casualty: badly hurt or worse). A fouler sent off after reaching the goal ends
the turn: that counts only when the foul was the last thing to do (the solver's "after_goal").
A goal missed without a sending-off is a "miss": the "!" steps written after it are made then.
Against a sending-off the coach may Argue the Call (2025: on a 6 the fouler stays, the turnover
stands) and use a Bribe (2+: no sending-off and no turnover; after a failed argument only), each
if he chooses: the solver argues only where it cannot cost the turn. 2025 Lone Fouler re-rolls a
failed armour roll of a foul with no assists (written /a:0).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from .editions.base import Edition
from .injury import injury_outcome
from .probability import Distribution, d6_success
from .trees import Leaf, Resource, Spend, Tree, binary, chance, decide
from .turn_armour_help import Chain, helped_chain, helps_for
from .turn_d6 import Rerolls, chainsaw_start
from .types import ArmourHelp, Player

GOALS = ("break", "ko", "cas")
CONTEXTS = ("", "down", "crowd", "pushed")  # what the roll before it left: a block's knock-down, push, crowd push
REACHES = {
    "break": frozenset({"stunned", "knocked_out", "badly_hurt", "casualty"}),
    "ko": frozenset({"knocked_out", "badly_hurt", "casualty"}),
    "cas": frozenset({"badly_hurt", "casualty"}),
}
ACTION_OF = {"armour": "block", "foul": "foul", "chainsaw": "chainsaw", "stab": "other"}
# A star's re-roll, once, of an armour roll that held, by kind of chain (2025): Varag's Krump and
# Smash after a block, Skitter's Master Assassin on a stab (FFB: RerollArmourModification of each).
ARMOUR_REROLL_RULES = {"armour": "krump-and-smash", "stab": "master-assassin"}
GRIT = "dwarfen-grit"  # the victim's (Josef Bugman, 2025): an armour roll that broke rolled again (injury.py)


@dataclass(frozen=True)
class ArmourSpec:
    kind: str  # armour, foul, chainsaw, stab
    av: int  # the victim's armour value, in the edition's notation
    goal: str = "break"
    attacker_skills: frozenset[str] = frozenset()
    victim_skills: frozenset[str] = frozenset()
    assists: int = 0  # a foul's offensive minus defensive assists
    mighty_blow: int | None = None  # a Mighty Blow printing its value (2025 "+2"); None: the edition's
    bribe: bool = False  # a Bribe against the sending-off
    argue: bool = False  # Argue the Call against it (2025)
    victim_keywords: frozenset[str] = frozenset()  # "big-guy", "dwarf": what some stars' helps need
    partner: bool = False  # 2025 A Sneaky Pair: the victim Marked by both of the pair (+1, as Mighty Blow's)


@lru_cache(maxsize=1024)
def joint(edition: Edition, spec: ArmourSpec, context: str) -> Distribution[tuple[str, bool]]:
    """(result, fouler sent off) of the roll; after a push into the crowd only the injury is rolled."""
    action = "crowd" if context == "crowd" and spec.kind == "armour" else ACTION_OF[spec.kind]
    attacker = Player("a", "home", None, skills=spec.attacker_skills)
    victim = Player("v", "away", None, av=spec.av, skills=spec.victim_skills)
    chainsaw_foul = spec.kind == "foul" and "chainsaw" in spec.attacker_skills
    modifier = spec.assists + (edition.chainsaw_armour_bonus if chainsaw_foul else 0)
    lone = spec.kind == "foul" and "lone-fouler" in spec.attacker_skills and spec.assists == 0
    outcome = injury_outcome(edition, victim, attacker, action, modifier, spec.mighty_blow, lone, spec.partner)
    assert outcome.joint is not None
    return outcome.joint


@lru_cache(maxsize=4096)
def armour_tree(edition: Edition, spec: ArmourSpec, context: str, rerolls: Rerolls) -> Tree:
    """The chain as the solver sees it (an armour roll needs a player on the ground: after a push
    that left him standing there is none)."""
    if spec.kind == "armour" and context == "pushed":
        return Leaf("miss", tag="not_down")
    reaches = REACHES[spec.goal]
    helps = helps_for(edition, spec.kind, spec.attacker_skills, spec.victim_keywords)
    rule = ARMOUR_REROLL_RULES.get(spec.kind, "")
    grit_and_reroll = GRIT in spec.victim_skills and rule in spec.attacker_skills  # never a re-roll's re-roll
    if (helps or grit_and_reroll) and context != "crowd":  # a star's help after the dice: the chain die by die
        tree = helped_chain(
            edition,
            _chain(edition, spec),
            _with_reroll(spec, helps),
            spec.victim_keywords,
            rerolls.player,
            "pro" in spec.attacker_skills,
        )
        return chainsaw_start(edition, rerolls, tree) if spec.kind == "chainsaw" else tree
    branches: list[tuple[Fraction, Tree]] = []
    for (result, sent_off), p in joint(edition, spec, context).items():
        leaf: Tree
        if result in reaches:
            reached = Leaf("ok", "down", tag=result)
            leaf = referee(edition, spec, reached) if sent_off else reached
        else:
            leaf = Leaf("fail", tag="sent_off") if sent_off else Leaf("miss", tag=result)
        branches.append((p, leaf))
    tree = chance(branches)
    if rule in spec.attacker_skills and context != "crowd":
        tree = _armour_rerolled(branches, tree, rerolls.player, rule)
    if spec.kind == "chainsaw" or (spec.kind == "foul" and "chainsaw" in spec.attacker_skills):
        tree = chainsaw_start(edition, rerolls, tree)
    return tree


def _chain(edition: Edition, spec: ArmourSpec) -> Chain:
    """A block's, a stab's or a chainsaw's chain, as turn_armour_help reads its dice (no foul)."""
    immune = bool(edition.armour_modifier_immunity & spec.victim_skills)
    block = spec.kind == "armour"
    mighty = 0
    if block and "mighty-blow" in spec.attacker_skills:
        mighty = edition.mighty_blow_bonus if spec.mighty_blow is None else spec.mighty_blow
    if spec.partner and spec.kind == "stab":  # A Sneaky Pair's +1 goes where Mighty Blow's would
        mighty += 1
    return Chain(
        spec.av,
        edition.chainsaw_armour_bonus if spec.kind == "chainsaw" else 0,
        mighty,
        block and "claw" in spec.attacker_skills,
        immune,
        "stunty" in spec.victim_skills,
        "thick-skull" in spec.victim_skills,
        REACHES[spec.goal],
        GRIT in spec.victim_skills,
    )


def _with_reroll(spec: ArmourSpec, helps: tuple[ArmourHelp, ...]) -> tuple[ArmourHelp, ...]:
    """The helps, with Krump and Smash or Master Assassin among them when he has one too."""
    rule = ARMOUR_REROLL_RULES.get(spec.kind, "")
    if rule in spec.attacker_skills:
        return (*helps, ArmourHelp(rule, frozenset({spec.kind}), reroll="armour"))
    return helps


def _armour_rerolled(branches: list[tuple[Fraction, Tree]], whole: Tree, player: str, rule: str) -> Tree:
    """Once per game the armour roll that held is rolled again, the whole chain with it. For Krump
    and Smash BBBase says "Varag's Block action"; FFB's KrumpAndSmashModification takes any
    block's armour roll (a Blitz's too), and so does this: an armour step does not know which."""
    spend = Spend(Resource("free", player, rule, once=True), whole)
    held = [
        (p, decide((leaf, spend)) if isinstance(leaf, Leaf) and leaf.tag == "armour_holds" else leaf)
        for p, leaf in branches
    ]
    return chance(held)


def referee(edition: Edition, spec: ArmourSpec, reached: Leaf) -> Tree:
    """A fouler seen after reaching the goal: sent off, a turnover (the goal counts only when
    nothing was left to do), unless a Bribe works; arguing first (2025) trades the Bribe's chance
    of no turnover for a 6 that keeps him on the pitch with the turnover."""
    seen: Tree = Leaf("after_goal", tag="sent_off")
    bribed = (
        binary(d6_success(edition.bribe_works_on), seen, Leaf("ok", reached.context, tag="bribed"))
        if spec.bribe
        else seen
    )
    if not (spec.argue and edition.argue_the_call_on):
        return bribed
    argued = binary(d6_success(edition.argue_the_call_on), bribed, Leaf("after_goal", tag="argued"))
    return decide((argued, bribed))  # on a tie he argues: it costs nothing then


def stays_chance(edition: Edition, spec: ArmourSpec) -> Fraction:
    """Chance that a fouler seen by the referee still stays on the pitch (an argument, then a Bribe)."""
    stays_fraction = Fraction(0)
    left = Fraction(1)
    if spec.argue and edition.argue_the_call_on:
        won = d6_success(edition.argue_the_call_on)
        stays_fraction, left = won, 1 - won
    if spec.bribe:
        stays_fraction += left * d6_success(edition.bribe_works_on)
    return stays_fraction


def results(edition: Edition, spec: ArmourSpec, context: str = "") -> dict[str, Fraction]:
    """The chain's results on one go (no kick-back roll), for the explanation."""
    return joint(edition, spec, context).map(lambda pair: pair[0]).as_dict()


def sent_off(edition: Edition, spec: ArmourSpec, context: str = "") -> Fraction:
    """Chance the fouler leaves the pitch on one go: seen, and neither an argument nor a Bribe saves him."""
    seen = joint(edition, spec, context).probability(lambda pair: pair[1])
    return seen * (1 - stays_chance(edition, spec))


__all__ = [
    "CONTEXTS",
    "GOALS",
    "REACHES",
    "ArmourSpec",
    "armour_tree",
    "joint",
    "referee",
    "results",
    "sent_off",
    "stays_chance",
]
