"""Pre-match and kick-off: fans and FAME, kick scatter, touchbacks, kick-off and weather tables."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache, lru_cache

from .dice import D8_DIRECTIONS, d3, d6, d8
from .editions.base import Edition, lookup
from .pitch import in_half
from .probability import Distribution, two_d6
from .types import Side, Square, Weather

_FAN_DICE = {
    "2d6": lambda rng: d6(rng) + d6(rng),
    "d6": d6,
    "d3": d3,
}


@cache
def _fan_roll_distribution(dice: str) -> Distribution[int]:
    if dice == "2d6":
        return two_d6()
    if dice == "d6":
        return Distribution.uniform(range(1, 7))
    if dice == "d3":
        return Distribution.uniform(range(1, 4))
    raise ValueError(f"unknown fan dice {dice!r}")


def roll_fans(edition: Edition, fan_factor: int, rng: random.Random) -> int:
    """Fans for one team: (dice + fan factor) x the edition's multiplier."""
    return (_FAN_DICE[edition.fans_dice](rng) + fan_factor) * edition.fans_multiplier


def fans_distribution(edition: Edition, fan_factor: int) -> Distribution[int]:
    return _fan_roll_distribution(edition.fans_dice).map(lambda r: (r + fan_factor) * edition.fans_multiplier)


def fame(own_fans: int, opponent_fans: int) -> int:
    """0 if no more fans than the opponent, +1 if more, +2 if at least double."""
    if own_fans <= opponent_fans:
        return 0
    return 2 if own_fans >= 2 * opponent_fans else 1


def fame_distribution(edition: Edition, fan_factor: int, opponent_fan_factor: int) -> Distribution[tuple[int, int]]:
    """Joint distribution of (own FAME, opponent FAME)."""
    mine, theirs = fans_distribution(edition, fan_factor), fans_distribution(edition, opponent_fan_factor)
    return Distribution(((fame(a, b), fame(b, a)), pa * pb) for a, pa in mine.items() for b, pb in theirs.items())


@lru_cache(maxsize=4096)
def kick_landing_distribution(target: Square) -> Distribution[Square]:
    """Kick scatter: a D8 direction and a D6 number of squares from the target square
    (the landing square may be off the pitch)."""
    share = Fraction(1, 48)
    return Distribution(
        (Square(target.x + dx * n, target.y + dy * n), share) for dx, dy in D8_DIRECTIONS.values() for n in range(1, 7)
    )


def roll_kick_landing(target: Square, rng: random.Random) -> Square:
    dx, dy = D8_DIRECTIONS[d8(rng)]
    n = d6(rng)
    return Square(target.x + dx * n, target.y + dy * n)


def is_touchback(landing: Square, receiving: Side) -> bool:
    """The kick is a touchback if it lands off the pitch or outside the receiving half."""
    return not in_half(landing, receiving)


def touchback_probability(target: Square, receiving: Side) -> Fraction:
    return kick_landing_distribution(target).probability(lambda sq: is_touchback(sq, receiving))


def kickoff_result(edition: Edition, total: int) -> str:
    return lookup(edition.kickoff_table, total).key


def kickoff_distribution(edition: Edition) -> Distribution[str]:
    return two_d6().map(lambda total: kickoff_result(edition, total))


def roll_kickoff(edition: Edition, rng: random.Random) -> tuple[int, str]:
    total = d6(rng) + d6(rng)
    return total, kickoff_result(edition, total)


def weather_result(edition: Edition, total: int) -> tuple[str, Weather]:
    """(table key, the Weather it sets)."""
    row = lookup(edition.weather_table, total)
    return row.key, Weather(row.effect)


def weather_distribution(edition: Edition) -> Distribution[Weather]:
    return two_d6().map(lambda total: weather_result(edition, total)[1])


def roll_weather(edition: Edition, rng: random.Random) -> tuple[int, str, Weather]:
    total = d6(rng) + d6(rng)
    key, weather = weather_result(edition, total)
    return total, key, weather
