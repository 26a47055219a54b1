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
from itertools import combinations

from .editions.base import Edition, TableRow, lookup
from .explain import Explanation, Modifier, params
from .probability import ONE, Distribution
from .types import Player

ACTIONS = ("block", "foul", "chainsaw", "crowd", "other")
_PAIRS = tuple((a, b) for a in range(1, 7) for b in range(1, 7))


@dataclass(frozen=True, slots=True)
class InjuryOutcome:
    """distribution over armour_holds / stunned / knocked_out / badly_hurt / casualty;
    sent_off is the fouler's chance of being seen (a double on armour or injury); joint pairs
    each result with whether the fouler is sent off (always False outside fouls)."""

    distribution: Distribution[str]
    armour_broken: Fraction
    sent_off: Fraction
    explanation: Explanation
    joint: Distribution[tuple[str, bool]] | None = None


def injury_outcome(
    edition: Edition,
    defender: Player,
    attacker: Player | None = None,
    action: str = "block",
    armour_modifier: int = 0,
    skill_bonus: int | None = None,
    reroll_armour: bool = False,
    partner_bonus: bool = False,
) -> InjuryOutcome:
    """Exact result of the armour (and injury) roll against `defender`.

    action: "block" (Mighty Blow, Claw apply), "foul" (Dirty Player applies; doubles send
    the fouler off, except a Sneaky Git's double on an armour roll that does not break;
    armour_modifier carries the foul assists), "chainsaw" (+3 armour), "crowd" (no armour
    roll: straight to injury) or "other" (nothing modifies either roll: a stab). skill_bonus
    is a Mighty Blow that prints its value (2025 "Mighty Blow (+2)"), None the edition's usual
    one; reroll_armour a failed armour roll rolled again (2025 Lone Fouler: a double on either
    roll is seen); partner_bonus a further +1 to armour or injury on a foul or a stab (2025 A
    Sneaky Pair, the victim Marked by both: FFB gives it as Mighty Blow's, on either roll). A
    defender with the edition's armour immunity (2025 Iron Hard Skin) takes no armour modifier and
    no Claws; Mighty Blow, Dirty Player and that +1 then go to the injury roll. A defender with
    2025 Dwarfen Grit (Josef Bugman) has an armour roll that broke his armour rolled again: his
    coach always does, since it can only save him (a double on either roll is seen); a roll
    re-rolled is never re-rolled again, so a Lone Fouler's re-roll and his exclude each other.
    """
    if action not in ACTIONS:
        raise ValueError(f"action must be one of {ACTIONS}")
    skills = attacker.skills if attacker is not None else frozenset()
    mods: list[Modifier] = []
    bonus = 0
    if action == "block" and "mighty-blow" in skills:
        bonus = edition.mighty_blow_bonus if skill_bonus is None else skill_bonus
        if bonus == edition.mighty_blow_bonus:
            mods.append(Modifier(bonus, "mighty_blow"))
        else:
            mods.append(Modifier(bonus, "mighty_blow_value", params(value=bonus)))
    if action == "foul" and "dirty-player" in skills:
        bonus = edition.dirty_player_bonus
        mods.append(Modifier(bonus, "dirty_player"))
    pieces: tuple[int, ...] = (bonus,) if bonus else ()
    if partner_bonus and action in ("foul", "other"):
        pieces += (1,)
        mods.append(Modifier(1, "sneaky_pair"))
    immune = bool(edition.armour_modifier_immunity & defender.skills)
    claw = action == "block" and "claw" in skills and not immune
    if claw:
        mods.append(Modifier(0, "claw", params(threshold=edition.claw_threshold)))
    flat = 0 if immune else armour_modifier
    if flat:
        mods.append(Modifier(flat, "foul_assists" if action == "foul" else "armour_modifier"))
    if action == "chainsaw" and not immune:
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
    sneaky = action == "foul" and "sneaky-git" in skills
    if reroll_armour:
        mods.append(Modifier(0, "lone_fouler"))
    grit = defender.has("dwarfen-grit") and action != "crowd"  # after a push into the crowd: no armour roll
    dist, broken, sent_off, joint = _enumerate(
        edition, defender.av, pieces, flat, claw, stunty, thick_skull, action, immune, sneaky, reroll_armour, grit
    )
    explanation = Explanation(
        defender.av,
        "armour_value",
        tuple(mods),
        broken,
        "armour_break_probability",
        base_params=params(av=defender.av),
        result_params=params(distribution=tuple(sorted((k, v) for k, v in dist.items()))),
    )
    return InjuryOutcome(dist, broken, sent_off, explanation, joint)


@lru_cache(maxsize=4096)
def _enumerate(
    edition: Edition,
    av: int,
    bonuses: tuple[int, ...],
    flat: int,
    claw: bool,
    stunty: bool,
    thick_skull: bool,
    action: str,
    immune: bool = False,
    sneaky_git: bool = False,
    reroll_armour: bool = False,
    reroll_broken: bool = False,
) -> tuple[Distribution[str], Fraction, Fraction, Distribution[tuple[str, bool]]]:
    table = edition.stunty_injury_table if stunty else edition.injury_table
    injury_mod = edition.stunty_injury_modifier if stunty else 0
    rolls = 2 if reroll_armour or reroll_broken else 1  # armour rolls at most, of 36 results each, then the injury's 36
    unit = Fraction(1, 36 ** (rolls + 1))
    counts: dict[tuple[str, bool], int] = {}
    foul = action == "foul"
    bonus = sum(bonuses)
    # Each bonus goes whole on the armour roll or on the injury roll: the armour takes the smallest
    # share that breaks it (an immune defender's armour takes none), the injury roll the rest.
    shares = [] if immune else sorted({sum(c) for n in range(1, len(bonuses) + 1) for c in combinations(bonuses, n)})

    def breaks(natural: int, total: int) -> bool:
        return armour_breaks(edition, av, natural, total, claw)

    def add(key: tuple[str, bool], n: int) -> None:
        counts[key] = counts.get(key, 0) + n

    def armour_roll(weight: int, seen_before: bool, first: bool) -> None:
        for a, b in _PAIRS:
            natural = a + b
            if action == "crowd":
                bonus_left, is_broken = 0, True
            elif breaks(natural, natural + flat):
                bonus_left, is_broken = bonus, True
            else:
                share = next((s for s in shares if breaks(natural, natural + flat + s)), None)
                bonus_left, is_broken = (0, False) if share is None else (bonus - share, True)
            seen_on_armour = foul and a == b and action != "crowd"
            if not is_broken:
                seen = seen_before or (seen_on_armour and not sneaky_git)
                if first and reroll_armour:
                    armour_roll(weight // 36, seen, False)
                else:
                    add(("armour_holds", seen), weight)
                continue
            if first and reroll_broken:
                armour_roll(weight // 36, seen_before or seen_on_armour, False)
                continue
            for c, d in _PAIRS:
                result = injury_result(
                    table, c + d + injury_mod + bonus_left, thick_skull, edition.thick_skull_stunned_total
                )
                add((result, seen_before or seen_on_armour or (foul and c == d)), weight // 36)

    armour_roll(36**rolls, False, True)
    joint = Distribution({k: v * unit for k, v in counts.items()})
    dist = joint.map(lambda pair: pair[0])
    broken = ONE - dist["armour_holds"]
    sent_off = joint.probability(lambda pair: pair[1])
    return dist, broken, sent_off, joint


def armour_breaks(edition: Edition, av: int, natural: int, total: int, claw: bool) -> bool:
    """Whether an armour roll (its natural 2D6 and its modified total) breaks this armour value."""
    if edition.armour_broken(total, av):
        return True
    return claw and (total if edition.claw_uses_modified_roll else natural) >= edition.claw_threshold


def injury_result(table: tuple[TableRow, ...], total: int, thick_skull: bool, stunned_total: int | None = None) -> str:
    """Look up a modified injury total. Thick Skull turns a KO into Stunned on `stunned_total` (the
    classic rules: a total of 8, whatever the table), or when None on the table's lowest KO total
    (2025: 8 on the injury table, 7 on the Stunty one)."""
    row = lookup(table, total)
    if thick_skull and row.key == "knocked_out" and total == (row.lo if stunned_total is None else stunned_total):
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
