"""Fans, FAME, kick scatter, touchbacks, kick-off and weather tables."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest

from rulebook.engine.editions import get_edition
from rulebook.engine.kickoff import (
    fame,
    fame_distribution,
    fans_distribution,
    is_touchback,
    kick_landing_distribution,
    kickoff_distribution,
    kickoff_result,
    roll_fans,
    roll_kick_landing,
    roll_kickoff,
    roll_weather,
    touchback_probability,
    weather_distribution,
    weather_result,
)
from rulebook.engine.types import Side, Square, Weather

LRB6, BB = get_edition("lrb6"), get_edition("bb2025")


@pytest.mark.parametrize(
    "own,opp,expected", [(10, 10, 0), (9, 10, 0), (11, 10, 1), (19, 10, 1), (20, 10, 2), (30, 10, 2)]
)
def test_fame(own: int, opp: int, expected: int) -> None:
    assert fame(own * 1000, opp * 1000) == expected


def test_fans() -> None:
    dist = fans_distribution(LRB6, 3)
    assert dist.total() == 1 and min(dist) == 5000 and max(dist) == 15000
    d6_variant = get_edition("lrb6", fans_dice="d6")
    assert sorted(fans_distribution(d6_variant, 3)) == [4000, 5000, 6000, 7000, 8000, 9000]
    rng = random.Random(1)
    assert all(5000 <= roll_fans(LRB6, 3, rng) <= 15000 for _ in range(100))
    joint = fame_distribution(LRB6, 0, 0)
    assert joint.total() == 1
    assert joint[(0, 0)] == sum(p * p for _, p in fans_distribution(LRB6, 0).items())  # equal crowds
    assert joint[(1, 0)] == joint[(0, 1)]  # symmetric teams


def test_kick_scatter_and_touchback() -> None:
    dist = kick_landing_distribution(Square(19, 7))
    assert dist.total() == 1 and len(dist) == 48
    assert touchback_probability(Square(19, 7), Side.RIGHT) == 0  # x 13..25 all stay in the half
    # from x 20 only a kick 6 squares towards the end line (x 25) leaves: 3 directions x 1
    assert touchback_probability(Square(20, 7), Side.RIGHT) == F(3, 48)
    # from x 13 every kick heading left leaves the receiving half: 3 directions x 6 distances
    assert touchback_probability(Square(13, 7), Side.RIGHT) == F(18, 48)
    assert is_touchback(Square(12, 7), Side.RIGHT) and is_touchback(Square(30, 7), Side.RIGHT)
    assert not is_touchback(Square(13, 7), Side.RIGHT)
    rng = random.Random(4)
    assert all(roll_kick_landing(Square(19, 7), rng) in dist for _ in range(200))


def test_kickoff_tables() -> None:
    assert [kickoff_result(LRB6, t) for t in range(2, 13)] == [
        "get_the_ref",
        "riot",
        "perfect_defence",
        "high_kick",
        "cheering_fans",
        "changing_weather",
        "brilliant_coaching",
        "quick_snap",
        "blitz",
        "throw_a_rock",
        "pitch_invasion",
    ]
    assert kickoff_result(BB, 3) == "time_out" and kickoff_result(BB, 11) == "dodgy_snack"
    assert kickoff_result(BB, 10) == "charge"  # 2025: Charge! (2020: Blitz)
    for edition in (LRB6, BB):
        assert kickoff_distribution(edition).total() == 1
        assert len(kickoff_distribution(edition)) == 11
        total, key = roll_kickoff(edition, random.Random(2))
        assert kickoff_result(edition, total) == key


def test_weather_tables() -> None:
    assert [weather_result(LRB6, t)[0] for t in (2, 3, 4, 10, 11, 12)] == [
        "sweltering_heat",
        "very_sunny",
        "nice",
        "nice",
        "pouring_rain",
        "blizzard",
    ]
    assert weather_result(BB, 7) == ("perfect_conditions", Weather.NICE)
    dist = weather_distribution(LRB6)
    assert dist[Weather.NICE] == F(30, 36) and dist[Weather.BLIZZARD] == F(1, 36) and dist.total() == 1
    total, key, weather = roll_weather(LRB6, random.Random(9))
    assert weather_result(LRB6, total) == (key, weather)
