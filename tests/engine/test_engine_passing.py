"""Passing: template, pass roll per edition and variant, interceptions, catching, scatter."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction as F

import pytest
from engine_helpers import AWAY, HOME, board, close_enough, player
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.engine.dice import d6, scatter_once
from rulebook.engine.editions import get_edition
from rulebook.engine.movement import Resources, resources_for
from rulebook.engine.passing import (
    PASS_TEMPLATE,
    accurate_pass_probability,
    band_for,
    bounce_distribution,
    catch_probability,
    hand_off_probability,
    inaccurate_pass_distribution,
    interception_chance,
    interception_squares,
    pass_outcome,
    possible_interceptors,
    scatter_distribution,
)
from rulebook.engine.types import Square, Weather

LRB6, BB = get_edition("lrb6"), get_edition("bb2025")
S = Square


def test_template_data_is_symmetric() -> None:
    for dy in range(14):
        for dx in range(14):
            assert band_for(dx, dy) == band_for(dy, dx), (dx, dy)


@pytest.mark.parametrize(
    "dx,dy,band",
    [
        (0, 0, None),
        (1, 0, "quick"),
        (3, 1, "quick"),
        (2, 2, "quick"),
        (3, 3, "short"),
        (6, 0, "short"),
        (7, 0, "long"),
        (5, 5, "long"),
        (7, 7, "long"),
        (13, 0, "bomb"),
        (8, 8, "bomb"),
        (14, 0, None),
        (13, 2, None),
        (9, 9, "bomb"),
        (10, 9, None),
        (-4, -4, "short"),
    ],
)
def test_template_bands(dx: int, dy: int, band: str | None) -> None:
    assert band_for(dx, dy) == band
    assert set(PASS_TEMPLATE) == set(range(14))


def test_lrb6_pass_roll_and_variant() -> None:
    thrower = player("t", HOME, 5, 7, ag=3)
    out = pass_outcome(LRB6, thrower, board(thrower), S(10, 7))  # short: 4+
    assert out.band == "short" and out.roll.target == 4
    assert out.distribution.as_dict() == {"accurate": F(3, 6), "inaccurate": F(2, 6), "fumble": F(1, 6)}
    seed004 = get_edition("lrb6", pass_range_modifiers="seed-004")
    out2 = pass_outcome(seed004, thrower, board(thrower), S(10, 7))  # short -1: 5+, modified 1 fumbles
    assert out2.roll.target == 5
    assert out2.distribution.as_dict() == {"accurate": F(2, 6), "inaccurate": F(2, 6), "fumble": F(2, 6)}
    quick = pass_outcome(LRB6, thrower, board(thrower, player("o", AWAY, 6, 7)), S(7, 7))
    assert quick.roll.target == 4  # 4+, +1 quick, -1 tackle zone
    assert [m.reason for m in quick.explanation.modifiers] == ["pass_range_quick", "tackle_zones_on_player"]
    with pytest.raises(ValueError):
        get_edition("lrb6", pass_range_modifiers="nonsense")


def test_bb2025_pass_roll() -> None:
    thrower = player("t", HOME, 5, 7, "accurate", pa=3)
    out = pass_outcome(BB, thrower, board(thrower), S(10, 7))  # short -1, accurate +1: 3+
    assert out.roll.target == 3
    assert out.distribution.as_dict() == {"accurate": F(4, 6), "inaccurate": F(1, 6), "fumble": F(1, 6)}
    bomb = pass_outcome(BB, thrower, board(thrower), S(18, 7))  # bomb -3: 6+; 1-4 are 1 or less after -3
    assert bomb.distribution.as_dict() == {"accurate": F(1, 6), "inaccurate": F(1, 6), "fumble": F(4, 6)}
    no_pa = player("t", HOME, 5, 7, pa=None)
    assert pass_outcome(BB, no_pa, board(no_pa), S(8, 7)) is None
    assert pass_outcome(BB, thrower, board(thrower), S(8, 7), Weather.BLIZZARD) is not None
    assert pass_outcome(BB, thrower, board(thrower), S(14, 7), Weather.BLIZZARD) is None
    assert pass_outcome(BB, thrower, board(thrower), S(25, 7)) is None


def test_pass_skill_and_team_reroll() -> None:
    thrower = player("t", HOME, 5, 7, "pass", ag=3)
    out = pass_outcome(LRB6, thrower, board(thrower), S(10, 7))
    assert accurate_pass_probability(out, resources_for(thrower, LRB6, 0)) == F(3, 4)
    assert accurate_pass_probability(out, Resources(team=0)) == F(1, 2)


@settings(max_examples=50, deadline=None, database=None)
@given(x0=st.integers(0, 25), y0=st.integers(0, 14), x1=st.integers(0, 25), y1=st.integers(0, 14))
def test_interception_squares_are_symmetric(x0, y0, x1, y1) -> None:
    a, b = S(x0, y0), S(x1, y1)
    assert set(interception_squares(a, b)) == set(interception_squares(b, a))
    mirrored = set(interception_squares(S(x0, 14 - y0), S(x1, 14 - y1)))
    assert mirrored == {S(sq.x, 14 - sq.y) for sq in interception_squares(a, b)}


def test_interceptors_and_chance() -> None:
    thrower = player("t", HOME, 5, 7)
    near = player("i1", AWAY, 7, 7, ag=3)
    agile = player("i2", AWAY, 8, 7, "extra-arms", ag=4)
    off_line = player("i3", AWAY, 7, 9)
    b = board(thrower, near, agile, off_line)
    assert [p.id for p in possible_interceptors(LRB6, b, thrower, S(10, 7))] == ["i1", "i2"]
    chance = interception_chance(LRB6, b, thrower, S(10, 7))
    assert chance.interceptor.id == "i2" and chance.probability == F(3, 6)  # 3+ +2 -> 5+, +1 arms -> 4+
    assert interception_chance(BB, b, thrower, S(10, 7)).probability == F(1, 6)  # 3+ -3 and 4+ -3 +1: 6+


def test_catching_and_hand_off() -> None:
    catcher = player("c", HOME, 10, 7, ag=3)
    b = board(catcher)
    assert catch_probability(LRB6, catcher, b) == F(4, 6)  # 4+ +1 accurate
    assert catch_probability(LRB6, catcher, b, "bounce", Weather.POURING_RAIN) == F(2, 6)
    assert catch_probability(BB, catcher, b) == F(4, 6)
    assert catch_probability(BB, catcher, b, "inaccurate_pass") == F(3, 6)
    marked = board(catcher, player("o", AWAY, 11, 7))
    assert catch_probability(LRB6, catcher, marked) == F(3, 6)
    steel = player("c", HOME, 10, 7, "nerves-of-steel", "catch", ag=3)
    assert catch_probability(
        LRB6, steel, board(steel, player("o", AWAY, 11, 7)), resources=resources_for(steel, LRB6, 0)
    ) == F(8, 9)
    giver = player("g", HOME, 9, 7)
    assert hand_off_probability(LRB6, giver, catcher, board(giver, catcher)) == F(4, 6)
    with pytest.raises(ValueError):
        hand_off_probability(LRB6, player("g", HOME, 5, 7), catcher, board(catcher))


def test_scatter_distributions() -> None:
    one = bounce_distribution(S(10, 7))
    assert one.total() == 1 and len(one) == 8 and all(p == F(1, 8) for _, p in one.items())
    three = inaccurate_pass_distribution(LRB6, S(10, 7))
    assert three.total() == 1 and three[S(10, 7)] > 0
    corner = scatter_distribution(S(0, 0), 2)
    assert corner.total() == 1
    assert corner.probability(lambda sq: not sq.on_pitch()) > F(5, 8)


@settings(max_examples=10, deadline=None, database=None)
@given(seed=st.integers(0, 10**6), x=st.integers(0, 25), y=st.integers(0, 14))
def test_scatter_matches_monte_carlo(seed, x, y) -> None:
    rng, trials = random.Random(seed), 3000
    counts: Counter = Counter()
    for _ in range(trials):
        sq = S(x, y)
        for _ in range(3):
            sq = scatter_once(sq, rng)
            if not sq.on_pitch():
                break
        counts[sq.on_pitch()] += 1
    exact = scatter_distribution(S(x, y), 3).probability(lambda sq: sq.on_pitch())
    assert close_enough(exact, counts[True], trials)


@settings(max_examples=20, deadline=None, database=None)
@given(
    seed=st.integers(0, 10**6),
    ag=st.integers(1, 5),
    dist=st.integers(1, 13),
    edition=st.sampled_from([LRB6, get_edition("lrb6", pass_range_modifiers="seed-004"), BB]),
)
def test_pass_distribution_matches_monte_carlo(seed, ag, dist, edition) -> None:
    thrower = player("t", HOME, 5, 7, ag=ag, pa=ag + 1)
    out = pass_outcome(edition, thrower, board(thrower), S(5 + dist, 7))
    assert out is not None and out.distribution.total() == 1
    rng, trials = random.Random(seed), 3000
    mod = out.explanation.total_modifier
    counts: Counter = Counter()
    for _ in range(trials):
        natural = d6(rng)
        if natural != 6 and edition.fumbles(natural, natural + mod):
            counts["fumble"] += 1
        elif natural == 6 or (natural > 1 and natural + mod >= out.explanation.base):
            counts["accurate"] += 1
        else:
            counts["inaccurate"] += 1
    for key in ("accurate", "inaccurate", "fumble"):
        assert close_enough(out.distribution[key], counts[key], trials), key
