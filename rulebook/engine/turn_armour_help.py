"""A star's help on an armour chain he makes, used after seeing the dice (2025), as the solver sees it.

Each help is used once in a game (so once in a turn), and only where it changes the coach's goal:
  +N on the armour roll, or on the injury roll, or on either (the coach sees the armour roll first:
     the help goes on it only when it turns a held roll into a break; Mighty Blow, which he may use
     on every block, is spent before it);
  the injury roll rolled again (Savage Mauling);
  one die of the armour roll rolled again through Pro (Old Pro: Pro's 3+ first, and Pro is spent);
  the whole armour roll rolled again after it held (Krump and Smash, Master Assassin), when a
     player has one of these and a help above together, or the victim has Dwarfen Grit.
The victim's Dwarfen Grit (Josef Bugman) rolls again an armour roll that broke his armour, the
attacker's helps counted (the 2025 text: "when an armour roll breaks Josef's armour"); it can only
save him, so his coach always does, and no die rolled again is rolled a third time: after it no
help of the attacker re-rolls the armour, after one of those it is not used.
The plain chain, without any of them, is turn_armour's (its numbers come from injury.py); this
builds the same chain die by die so that each help can be a choice of the coach.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from .editions.base import Edition
from .injury import armour_breaks, injury_result
from .probability import d6_success
from .trees import Leaf, Resource, Spend, Tree, binary, chance, decide
from .types import ArmourHelp

SIXTH = Fraction(1, 6)
PAIRS = tuple((a, b) for a in range(1, 7) for b in range(1, 7))
ROLL_36 = Fraction(1, 36)


@dataclass(frozen=True)
class Chain:
    """What the dice of one chain are read against (the attacker's and victim's skills applied)."""

    av: int
    flat: int  # a modifier on every armour roll (a chainsaw's +3)
    mighty_blow: int  # the Mighty Blow bonus, on armour or injury (0: none)
    claw: bool
    immune: bool  # the victim takes no armour modifier (Iron Hard Skin)
    stunty: bool
    thick_skull: bool
    reaches: frozenset[str]  # the results that reach the coach's goal
    grit: bool = False  # the victim's Dwarfen Grit: an armour roll that broke rolled again


@dataclass(frozen=True)
class Help:
    """A help in use: its rule, its values against this victim, its resource."""

    rule: ArmourHelp
    armour: int
    injury: int
    resource: Resource


def helps_for(edition: Edition, kind: str, skills: frozenset[str], keywords: frozenset[str]) -> tuple[ArmourHelp, ...]:
    """The edition's helps this attacker has on a chain of this kind, against this victim."""
    return tuple(
        h
        for h in edition.armour_chain_helps
        if h.rule in skills and kind in h.kinds and (not h.victim or h.victim in keywords)
    )


@lru_cache(maxsize=1024)
def helped_chain(
    edition: Edition, chain: Chain, helps: tuple[ArmourHelp, ...], keywords: frozenset[str], player: str, pro: bool
) -> Tree:
    """The armour roll, then the injury roll, with each help offered where it changes the goal."""
    found = frozenset(
        Help(h, h.value(h.armour, keywords), h.value(h.injury, keywords), _resource(h, player)) for h in helps
    )
    builder = _Builder(edition, chain, d6_success(edition.pro_target) if pro else None)
    return builder.armour(found, chain.grit)


def _resource(help_rule: ArmourHelp, player: str) -> Resource:
    if help_rule.reroll == "armour_die":  # Old Pro uses Pro itself, once a turn
        return Resource("pro", player)
    return Resource("free", player, help_rule.rule, once=True)


class _Builder:
    def __init__(self, edition: Edition, chain: Chain, pro: Fraction | None) -> None:
        self.edition, self.chain, self.pro = edition, chain, pro
        table = edition.stunty_injury_table if chain.stunty else edition.injury_table
        self.table = table
        self.injury_mod = edition.stunty_injury_modifier if chain.stunty else 0
        self.memo: dict[tuple[object, ...], Tree] = {}

    # -- the armour roll --------------------------------------------------------------------------

    def armour(self, helps: frozenset[Help], grit: bool = False) -> Tree:
        key = ("armour", helps, grit)
        if key not in self.memo:
            self.memo[key] = chance([(ROLL_36, self.armour_dice(a, b, helps, grit)) for a, b in PAIRS])
        return self.memo[key]

    def armour_dice(self, a: int, b: int, helps: frozenset[Help], grit: bool) -> Tree:
        key = ("dice", min(a, b), max(a, b), helps, grit)
        if key not in self.memo:
            self.memo[key] = self._armour_dice(a, b, helps, grit)
        return self.memo[key]

    def broke(self, bonus: int, helps: frozenset[Help], grit: bool) -> Tree:
        """The armour broken: the injury roll, or first the victim's Dwarfen Grit rolling it again
        (no help of the attacker re-rolls that roll)."""
        if grit:
            return self.armour(frozenset(h for h in helps if h.rule.reroll not in ("armour", "armour_die")))
        return self.injury(bonus, helps)

    def _armour_dice(self, a: int, b: int, helps: frozenset[Help], grit: bool) -> Tree:
        natural = a + b
        mighty = 0 if self.chain.immune else self.chain.mighty_blow
        if self.breaks(natural, 0):
            return self.broke(self.chain.mighty_blow, helps, grit)
        if mighty and self.breaks(natural, mighty):
            return self.broke(0, helps, grit)
        options: list[Tree] = [Leaf("miss", tag="armour_holds")]
        for help_ in sorted(helps, key=lambda h: h.rule.rule):
            rest = helps - {help_}
            if help_.armour and not self.chain.immune:
                if self.breaks(natural, help_.armour):  # Mighty Blow kept for the injury
                    options.append(Spend(help_.resource, self.broke(self.chain.mighty_blow, rest, grit)))
                elif mighty and self.breaks(natural, help_.armour + mighty):
                    options.append(Spend(help_.resource, self.broke(0, rest, grit)))
            if help_.rule.reroll == "armour":  # a roll re-rolled: Dwarfen Grit no longer on it
                options.append(Spend(help_.resource, self.armour(rest)))
            if help_.rule.reroll == "armour_die" and self.pro is not None:
                dice = decide(list(dict.fromkeys(self.one_die_again(kept, rest) for kept in dict.fromkeys((a, b)))))
                options.append(Spend(help_.resource, binary(self.pro, options[0], dice)))
        return decide(options)

    def one_die_again(self, kept: int, helps: frozenset[Help]) -> Tree:
        return chance([(SIXTH, self.armour_dice(kept, face, helps, False)) for face in range(1, 7)])

    def breaks(self, natural: int, extra: int) -> bool:
        flat = 0 if self.chain.immune else self.chain.flat
        claw = self.chain.claw and not self.chain.immune
        return armour_breaks(self.edition, self.chain.av, natural, natural + flat + extra, claw)

    # -- the injury roll --------------------------------------------------------------------------

    def injury(self, bonus: int, helps: frozenset[Help]) -> Tree:
        useful = frozenset(h for h in helps if h.injury or h.rule.reroll == "injury")
        key = ("injury", bonus, useful)
        if key not in self.memo:
            rolls = [(ROLL_36, self.injury_dice(c + d, bonus, useful)) for c, d in PAIRS]
            self.memo[key] = chance(rolls)
        return self.memo[key]

    def injury_dice(self, natural: int, bonus: int, helps: frozenset[Help]) -> Tree:
        total = natural + self.injury_mod + bonus
        taken = self.leaf(total)
        if taken.outcome == "ok":
            return taken
        options: list[Tree] = [taken]
        for help_ in sorted(helps, key=lambda h: h.rule.rule):
            if help_.injury and self.leaf(total + help_.injury).outcome == "ok":
                options.append(Spend(help_.resource, self.leaf(total + help_.injury)))
            if help_.rule.reroll == "injury":
                options.append(Spend(help_.resource, self.injury(bonus, helps - {help_})))
        return decide(options)

    def leaf(self, total: int) -> Leaf:
        result = injury_result(self.table, total, self.chain.thick_skull, self.edition.thick_skull_stunned_total)
        return Leaf("ok", "down", tag=result) if result in self.chain.reaches else Leaf("miss", tag=result)


__all__ = ["ArmourHelp", "Chain", "helped_chain", "helps_for"]
