"""Passing: range bands from the template, the pass roll, interceptions, catching,
hand-offs, scatter and bounces.

Who may intercept: the squares under the range ruler laid from the centre of the thrower's square
to the centre of the target's, as FFB measures it for every edition it plays (christerk/ffb,
ffb-common/.../util/UtilPassing.java, canIntercept: bb2016, bb2020 and bb2025 share it): the ruler
is 1.74 squares wide, a square is under it when one of its corners lies less than half that width
from the centre line, and its centre must be nearer each end than the two ends are to each other.

Pass template (lrb6 range ruler), by dy = |Δy| with the dx = |Δx| ranges of each band.
The data is symmetric ((dx, dy) and (dy, dx) fall in the same band - a test checks it),
so the row is simply dy.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from .dice import D8_DIRECTIONS
from .editions.base import Edition
from .explain import Explanation, params
from .movement import Resources, Roll, resources_for, sequence_success
from .probability import Distribution, d6_success
from .sequence import solve
from .types import Board, Player, Square, Weather

# dy -> ((band, dx_lo, dx_hi), ...)
PASS_TEMPLATE: dict[int, tuple[tuple[str, int, int], ...]] = {
    0: (("quick", 1, 3), ("short", 4, 6), ("long", 7, 10), ("bomb", 11, 13)),
    1: (("quick", 0, 3), ("short", 4, 6), ("long", 7, 10), ("bomb", 11, 13)),
    2: (("quick", 0, 2), ("short", 3, 6), ("long", 7, 10), ("bomb", 11, 12)),
    3: (("quick", 0, 1), ("short", 2, 6), ("long", 7, 9), ("bomb", 10, 12)),
    4: (("short", 0, 5), ("long", 6, 9), ("bomb", 10, 12)),
    5: (("short", 0, 4), ("long", 5, 8), ("bomb", 9, 11)),
    6: (("short", 0, 3), ("long", 4, 8), ("bomb", 9, 11)),
    7: (("long", 0, 7), ("bomb", 8, 10)),
    8: (("long", 0, 6), ("bomb", 7, 10)),
    9: (("long", 0, 4), ("bomb", 5, 9)),
    10: (("long", 0, 2), ("bomb", 3, 8)),
    11: (("bomb", 0, 6),),
    12: (("bomb", 0, 4),),
    13: (("bomb", 0, 1),),
}


def band_for(dx: int, dy: int) -> str | None:
    """Range band for offsets (dx, dy) in squares; None when out of range."""
    for band, lo, hi in PASS_TEMPLATE.get(abs(dy), ()):
        if lo <= abs(dx) <= hi:
            return band
    return None


def pass_range(thrower: Square, target: Square) -> str | None:
    return band_for(target.x - thrower.x, target.y - thrower.y)


@dataclass(frozen=True, slots=True)
class PassOutcome:
    band: str
    distribution: Distribution[str]  # accurate / inaccurate / fumble / kept (a fumble Safe Throw or Safe Pass saves)
    roll: Roll
    explanation: Explanation


def pass_outcome(
    edition: Edition, thrower: Player, board: Board, target: Square, weather: Weather = Weather.NICE
) -> PassOutcome | None:
    """The pass roll and its exact result distribution (no re-roll); None if not allowed."""
    if thrower.square is None:
        raise ValueError("thrower is not on the pitch")
    band = pass_range(thrower.square, target)
    if band is None:
        return None
    test = edition.pass_test(thrower, board, band, weather)
    if test is None:
        return None
    modifier = test.total_modifier
    needed = test.base - modifier  # natural roll needed for an accurate pass
    counts = {"accurate": 0, "inaccurate": 0, "fumble": 0, "kept": 0}
    for natural in range(1, 7):
        if natural != 6 and edition.fumbles(natural, natural + modifier):
            counts["kept" if edition.fumble_kept(thrower, natural) else "fumble"] += 1
        elif natural == 6 or (natural != 1 and natural >= needed):
            counts["accurate"] += 1
        else:
            counts["inaccurate"] += 1
    dist = Distribution({k: Fraction(v, 6) for k, v in counts.items() if v or k != "kept"})
    skill = edition.skill_reroll_for("pass")
    roll = Roll("pass", test.result, test, target, skill if skill and thrower.has(skill) else None)
    explanation = Explanation(
        test.base,
        test.base_reason,
        test.modifiers,
        test.result,
        "target_number",
        base_params=test.base_params + params(band=band),
        result_params=params(accurate=dist["accurate"], inaccurate=dist["inaccurate"], fumble=dist["fumble"])
        + (params(kept=dist["kept"]) if dist["kept"] else ()),
    )
    return PassOutcome(band, dist, roll, explanation)


def accurate_pass_probability(outcome: PassOutcome, resources: Resources) -> Fraction:
    """Chance of an accurate pass when a failed roll may be re-rolled (Pass, team, Pro)."""
    return sequence_success([outcome.roll], resources)


def accurate_pass_and_catch(
    edition: Edition,
    board: Board,
    thrower: Player,
    catcher: Player,
    outcome: PassOutcome,
    team_rerolls: int = 1,
    weather: Weather = Weather.NICE,
    kind: str = "accurate_pass",
) -> Fraction:
    """Chance that the pass is accurate and then caught, each player using his own re-rolls (the
    thrower's Pass and Pro, the catcher's Catch and Pro, a Loner's roll on his own roll) and the
    team re-rolls shared between them. kind "accurate_pass_nearby": a Diving Catch from the
    square next to the target. A player who may not hold the ball drops it."""
    if not edition.can_catch(catcher):
        return Fraction(0)
    catch = catch_roll(edition, catcher, board, kind, weather)
    by_thrower = resources_for(thrower, edition, team_rerolls)
    by_catcher = resources_for(catcher, edition, team_rerolls)
    return solve([by_thrower.step(outcome.roll), by_catcher.step(catch)], by_thrower.team).probability


# The range ruler: 1.74 squares wide (FFB's UtilPassing.RULER_WIDTH). A corner is under it when
# its distance to the centre line is below 0.87: with d the cross product of twice the corner's
# offset and the target's, d**2 / (4 |target|**2) < 0.87**2, i.e. d**2 * 2500 < 7569 * |target|**2.


def under_ruler(thrower: Square, target: Square, square: Square) -> bool:
    """Whether `square` lies under the range ruler from the thrower's square to the target's."""
    rx, ry = target.x - thrower.x, target.y - thrower.y
    ix, iy = square.x - thrower.x, square.y - thrower.y
    length = rx * rx + ry * ry
    if length <= ix * ix + iy * iy or length <= (rx - ix) ** 2 + (ry - iy) ** 2:
        return False  # not between the two ends (the ends themselves included)
    nearest = min(abs(ry * (2 * ix + sx) - rx * (2 * iy + sy)) for sx in (-1, 1) for sy in (-1, 1))
    return nearest * nearest * 2500 < 7569 * length


@lru_cache(maxsize=4096)
def interception_squares(thrower: Square, target: Square) -> tuple[Square, ...]:
    """The squares under the range ruler (the thrower's and the target's excluded), in order of
    their distance along it from the thrower."""
    rx, ry = target.x - thrower.x, target.y - thrower.y
    # The ruler reaches at most one square beyond the box the two squares span.
    found = [
        ((x - thrower.x) * rx + (y - thrower.y) * ry, x, y)
        for x in range(min(thrower.x, target.x) - 1, max(thrower.x, target.x) + 2)
        for y in range(min(thrower.y, target.y) - 1, max(thrower.y, target.y) + 2)
        if Square(x, y).on_pitch() and under_ruler(thrower, target, Square(x, y))
    ]
    return tuple(Square(x, y) for _, x, y in sorted(found))


def possible_interceptors(edition: Edition, board: Board, thrower: Player, target: Square) -> list[Player]:
    """Standing opponents with a tackle zone under the ruler who may intercept this thrower's pass
    (not No Hands or No Ball; nobody but Very Long Legs against Cloud Burster)."""
    assert thrower.square is not None
    return [
        p
        for sq in interception_squares(thrower.square, target)
        if (p := board.at(sq)) is not None
        and p.team != thrower.team
        and p.exerts_tackle_zone
        and edition.can_intercept(p, thrower)
    ]


@dataclass(frozen=True, slots=True)
class InterceptorChance:
    player: Player
    test: Explanation  # his roll
    probability: Fraction  # that he takes the ball: his roll, his re-roll, and no Safe Throw
    cancel: Explanation | None  # the thrower's Safe Throw roll, if he may cancel it


def interceptor_chance(
    edition: Edition,
    board: Board,
    thrower: Player,
    interceptor: Player,
    accurate: bool = True,
    weather: Weather = Weather.NICE,
) -> InterceptorChance:
    """One interceptor's chance: his roll, re-rolled by his own Catch or Pro where the edition lets
    him (the classic rules, in the opponent's turn: no team re-roll), then the thrower's Safe Throw."""
    test = edition.interception_test(interceptor, board, accurate, weather)
    p = d6_success(test.result)
    if edition.catch_rerolls_interception and interceptor.has("catch"):
        p = 1 - (1 - p) ** 2
    elif edition.pro_rerolls_interception and interceptor.has("pro"):
        p += (1 - p) * d6_success(edition.pro_target) * p
    cancel = edition.interception_cancel_test(thrower, interceptor)
    if cancel is not None:
        p *= 1 - d6_success(cancel.result)
    return InterceptorChance(interceptor, test, p, cancel)


@dataclass(frozen=True, slots=True)
class InterceptionChance:
    probability: Fraction  # the best single interceptor's chance (only one may try)
    interceptor: Player | None
    explanations: tuple[Explanation, ...]


def interception_chance(
    edition: Edition,
    board: Board,
    thrower: Player,
    target: Square,
    accurate: bool = True,
    weather: Weather = Weather.NICE,
) -> InterceptionChance:
    best: tuple[Fraction, Player | None] = (Fraction(0), None)
    explanations = []
    for p in possible_interceptors(edition, board, thrower, target):
        found = interceptor_chance(edition, board, thrower, p, accurate, weather)
        explanations.append(found.test)
        if found.probability > best[0]:
            best = (found.probability, p)
    return InterceptionChance(best[0], best[1], tuple(explanations))


def diving_catcher(board: Board, target: Square) -> Player | None:
    """On an empty target square, the one standing player next to it with Diving Catch who may
    catch the ball there as if it were his square (two or more get in each other's way)."""
    if board.at(target) is not None:
        return None
    divers = [p for p in board.adjacent_players(target) if p.exerts_tackle_zone and p.has("diving-catch")]
    return divers[0] if len(divers) == 1 else None


def catch_roll(
    edition: Edition, catcher: Player, board: Board, kind: str = "accurate_pass", weather: Weather = Weather.NICE
) -> Roll:
    if catcher.square is None:
        raise ValueError("catcher is not on the pitch")
    test = edition.catch_test(catcher, board, catcher.square, kind, weather)
    skill = edition.skill_reroll_for("catch")
    return Roll("catch", test.result, test, catcher.square, skill if skill and catcher.has(skill) else None)


def catch_probability(
    edition: Edition,
    catcher: Player,
    board: Board,
    kind: str = "accurate_pass",
    weather: Weather = Weather.NICE,
    resources: Resources | None = None,
) -> Fraction:
    roll = catch_roll(edition, catcher, board, kind, weather)
    return sequence_success([roll], resources or Resources(team=0))


def hand_off_probability(
    edition: Edition,
    giver: Player,
    catcher: Player,
    board: Board,
    weather: Weather = Weather.NICE,
    resources: Resources | None = None,
) -> Fraction:
    """A hand-off needs no pass roll: only the catch (to an adjacent team-mate)."""
    if giver.square is None or catcher.square is None or not giver.square.is_adjacent(catcher.square):
        raise ValueError("a hand-off goes to an adjacent player")
    return catch_probability(edition, catcher, board, "hand_off", weather, resources)


@lru_cache(maxsize=4096)
def scatter_distribution(start: Square, times: int = 1) -> Distribution[Square]:
    """Where a ball ends after `times` D8 scatters. A ball that leaves the pitch stops at
    the first off-pitch square (check .on_pitch(); the crowd throws it back from there)."""
    dist: Distribution[Square] = Distribution.certain(start)
    step = Fraction(1, 8)
    for _ in range(times):
        dist = Distribution(
            (sq.offset(*D8_DIRECTIONS[d]) if sq.on_pitch() else sq, p * step if sq.on_pitch() else p / 8)
            for sq, p in dist.items()
            for d in D8_DIRECTIONS
        )
    return dist


def bounce_distribution(square: Square) -> Distribution[Square]:
    return scatter_distribution(square, 1)


def inaccurate_pass_distribution(edition: Edition, target: Square) -> Distribution[Square]:
    return scatter_distribution(target, edition.inaccurate_pass_scatters)
