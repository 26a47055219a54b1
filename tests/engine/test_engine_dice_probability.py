from __future__ import annotations

import random
from fractions import Fraction

import pytest

from rulebook.engine import dice
from rulebook.engine.dice import BLOCK_FACES, D8_DIRECTIONS, BlockFace
from rulebook.engine.probability import (
    Distribution,
    clamp_target,
    d6_success,
    mix,
    two_d6,
    two_d6_at_least,
    with_reroll,
)


def test_rolls_are_in_range_and_reproducible() -> None:
    a, b = random.Random(7), random.Random(7)
    rolls = [(dice.d3(a), dice.d6(a), dice.d8(a), dice.d16(a), dice.d68(a)) for _ in range(500)]
    assert rolls == [(dice.d3(b), dice.d6(b), dice.d8(b), dice.d16(b), dice.d68(b)) for _ in range(500)]
    assert {r[0] for r in rolls} == {1, 2, 3}
    assert {r[1] for r in rolls} == set(range(1, 7))
    assert {r[2] for r in rolls} == set(range(1, 9))
    assert {r[3] for r in rolls} <= set(range(1, 17))
    assert all(1 <= r[4] // 10 <= 6 and 1 <= r[4] % 10 <= 8 for r in rolls)


def test_two_d6_and_block_dice() -> None:
    rng = random.Random(3)
    assert all(1 <= x <= 6 and 1 <= y <= 6 for x, y in (dice.two_d6(rng) for _ in range(100)))
    faces = dice.block_dice(rng, 3)
    assert len(faces) == 3 and all(isinstance(f, BlockFace) for f in faces)
    assert BLOCK_FACES.count(BlockFace.PUSHED) == 2 and len(BLOCK_FACES) == 6


def test_d8_template_covers_the_eight_neighbours() -> None:
    assert sorted(D8_DIRECTIONS.values()) == sorted(
        (dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)
    )
    assert D8_DIRECTIONS[1] == (-1, -1) and D8_DIRECTIONS[8] == (1, 1)


@pytest.mark.parametrize("target,expected", [(-3, 5), (1, 5), (2, 5), (3, 4), (4, 3), (5, 2), (6, 1), (9, 1)])
def test_d6_success_has_automatic_one_and_six(target: int, expected: int) -> None:
    assert d6_success(target) == Fraction(expected, 6)
    assert 2 <= clamp_target(target) <= 6


def test_reroll_maths() -> None:
    assert with_reroll(Fraction(2, 3)) == Fraction(8, 9)
    assert with_reroll(Fraction(1, 2), Fraction(1, 2)) == Fraction(5, 8)


def test_two_d6_distribution() -> None:
    dist = two_d6()
    assert dist.total() == 1
    assert dist[7] == Fraction(1, 6) and dist[2] == Fraction(1, 36)
    assert two_d6_at_least(9) == Fraction(10, 36)


def test_distribution_operations() -> None:
    coin = Distribution.uniform(["h", "t"])
    assert coin.total() == 1 and len(coin) == 2
    both = coin.bind(lambda a: coin.map(lambda b: a + b))
    assert both["ht"] == Fraction(1, 4) and both.total() == 1
    assert mix([(Fraction(1, 2), coin), (Fraction(1, 2), Distribution.certain("h"))])["h"] == Fraction(3, 4)
    assert Distribution({"x": Fraction(0)}) == Distribution({})
    assert coin.expected(lambda o: 1 if o == "h" else 0) == Fraction(1, 2)
    assert coin.as_floats() == {"h": 0.5, "t": 0.5}
    with pytest.raises(ValueError):
        Distribution({"x": Fraction(-1)})


def test_the_skill_table_dice_are_two_d6_read_as_a_half_and_a_line() -> None:
    expression = dice.parse_dice_expression("D6×D6")
    assert expression == dice.DiceExpression(2, 6, halves=True) == dice.parse_dice_expression("d6xd6")
    assert dice.parse_dice_expression("2D6") == dice.DiceExpression(2, 6)  # added, not read one by one
    rng, again = random.Random(11), random.Random(11)
    rolls = [dice.roll_expression(expression, rng) for _ in range(400)]
    assert rolls == [dice.roll_expression(expression, again) for _ in range(400)]
    for (first, second), line in rolls:  # lines 1-6 under a first die of 1-3, 7-12 under 4-6
        assert line == (second if first <= 3 else 6 + second)
    assert {line for _, line in rolls} == set(range(1, 13))
