"""Armour, injury and casualty: exact distributions from each edition's tables.

The +1 of Mighty Blow (blocks) or Dirty Player (fouls) goes on the armour roll only when
it turns a held armour roll into a break; otherwise it is kept for the injury roll (the
coach sees the armour roll first, so this is the best use). Enumeration is over the 36
armour x 36 injury results, memoised per set of inputs.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache

from .editions.base import Edition, TableRow, lookup
from .explain import Explanation, Modifier, params
from .probability import Distribution
from .types import Player

ACTIONS = ("block", "foul", "chainsaw", "crowd", "other")
_PAIRS = tuple((a, b) for a in range(1, 7) for b in range(1, 7))


@dataclass(frozen=True, slots=True)
class InjuryOutcome:
    """distribution over armour_holds / stunned / knocked_out / badly_hurt / casualty;
    sent_off is the fouler's chance of being seen (a double on armour or injury)."""

    distribution: Distribution[str]
    armour_broken: Fraction
    sent_off: Fraction
    explanation: Explanation


def injury_outcome(
    edition: Edition,
    defender: Player,
    attacker: Player | None = None,
    action: str = "block",
    armour_modifier: int = 0,
) -> InjuryOutcome:
    """Exact result of the armour (and injury) roll against `defender`.

    action: "block" (Mighty Blow, Claw apply), "foul" (Dirty Player applies; doubles send
    the fouler off; armour_modifier carries the foul assists), "chainsaw" (+3 armour),
    "crowd" (no armour roll: straight to injury) or "other".
    """
    if action not in ACTIONS:
        raise ValueError(f"action must be one of {ACTIONS}")
    skills = attacker.skills if attacker is not None else frozenset()
    mods: list[Modifier] = []
    bonus = 0
    if action == "block" and "mighty-blow" in skills:
        bonus = edition.mighty_blow_bonus
        mods.append(Modifier(bonus, "mighty_blow"))
    if action == "foul" and "dirty-player" in skills:
        bonus = edition.dirty_player_bonus
        mods.append(Modifier(bonus, "dirty_player"))
    claw = action == "block" and "claw" in skills
    if claw:
        mods.append(Modifier(0, "claw", params(threshold=edition.claw_threshold)))
    flat = armour_modifier
    if armour_modifier:
        mods.append(Modifier(armour_modifier, "foul_assists" if action == "foul" else "armour_modifier"))
    if action == "chainsaw":
        flat += edition.chainsaw_armour_bonus
        mods.append(Modifier(edition.chainsaw_armour_bonus, "chainsaw"))
    stunty = defender.has("stunty")
    thick_skull = defender.has("thick-skull")
    if stunty and edition.stunty_injury_modifier:
        mods.append(Modifier(edition.stunty_injury_modifier, "stunty_injury"))
    elif stunty:
        mods.append(Modifier(0, "stunty_injury_table"))
    if thick_skull:
        mods.append(Modifier(0, "thick_skull"))
    dist, broken, sent_off = _enumerate(edition, defender.av, bonus, flat, claw, stunty, thick_skull, action)
    explanation = Explanation(
        defender.av,
        "armour_value",
        tuple(mods),
        broken,
        "armour_break_probability",
        base_params=params(av=defender.av),
        result_params=params(distribution=tuple(sorted((k, v) for k, v in dist.items()))),
    )
    return InjuryOutcome(dist, broken, sent_off, explanation)


@lru_cache(maxsize=4096)
def _enumerate(
    edition: Edition, av: int, bonus: int, flat: int, claw: bool, stunty: bool, thick_skull: bool, action: str
) -> tuple[Distribution[str], Fraction, Fraction]:
    table = edition.stunty_injury_table if stunty else edition.injury_table
    injury_mod = edition.stunty_injury_modifier if stunty else 0
    unit = Fraction(1, 36 * 36)
    counts: dict[str, int] = {}
    broken_count = 0
    sent_off = 0
    foul = action == "foul"

    def breaks(natural: int, total: int) -> bool:
        if edition.armour_broken(total, av):
            return True
        if claw:
            return (total if edition.claw_uses_modified_roll else natural) >= edition.claw_threshold
        return False

    for a, b in _PAIRS:
        natural = a + b
        if action == "crowd":
            bonus_left, is_broken = 0, True
        elif breaks(natural, natural + flat):
            bonus_left, is_broken = bonus, True
        elif bonus and breaks(natural, natural + flat + bonus):
            bonus_left, is_broken = 0, True
        else:
            bonus_left, is_broken = 0, False
        if not is_broken:
            counts["armour_holds"] = counts.get("armour_holds", 0) + 36
            sent_off += 36 if foul and a == b else 0
            continue
        broken_count += 36
        for c, d in _PAIRS:
            result = injury_result(table, c + d + injury_mod + bonus_left, thick_skull)
            counts[result] = counts.get(result, 0) + 1
            if foul and (a == b or c == d):
                sent_off += 1
    dist = Distribution({k: v * unit for k, v in counts.items()})
    return dist, Fraction(broken_count, 36 * 36), sent_off * unit


def injury_result(table: tuple[TableRow, ...], total: int, thick_skull: bool) -> str:
    """Look up a modified injury total; Thick Skull turns the lowest KO result into Stunned."""
    row = lookup(table, total)
    if thick_skull and row.key == "knocked_out" and total == row.lo:
        return "stunned"
    return row.key


@cache
def casualty_distribution(edition: Edition) -> Distribution[str]:
    """Distribution of the casualty table result (D68 in lrb6, D16 in bb2025)."""
    if edition.casualty_die == "d68":
        rolls = [tens * 10 + units for tens in range(1, 7) for units in range(1, 9)]
    else:
        rolls = list(range(1, 17))
    share = Fraction(1, len(rolls))
    return Distribution((lookup(edition.casualty_table, r).key, share) for r in rolls)


def casualty_effect(edition: Edition, roll: int) -> TableRow:
    return lookup(edition.casualty_table, roll)


def full_injury_distribution(outcome: InjuryOutcome, edition: Edition) -> Distribution[str]:
    """The injury distribution with "casualty" split by the casualty table ("casualty:dead")."""
    cas = casualty_distribution(edition)
    return outcome.distribution.bind(
        lambda r: cas.map(lambda c: f"casualty:{c}") if r == "casualty" else Distribution.certain(r)
    )
