"""Dice: each roll takes an injected random.Random so games and tests are reproducible.

The matching exact distributions live next to each roller (D6_FACES, BLOCK_FACES, ...)
so the probability code and the Monte Carlo checks share one definition of every die.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from enum import Enum

from .types import Square


class BlockFace(str, Enum):
    ATTACKER_DOWN = "attacker_down"
    BOTH_DOWN = "both_down"
    PUSHED = "pushed"
    DEFENDER_STUMBLES = "defender_stumbles"
    DEFENDER_DOWN = "defender_down"


# The six faces of a block die: the push appears twice.
BLOCK_FACES: tuple[BlockFace, ...] = (
    BlockFace.ATTACKER_DOWN,
    BlockFace.BOTH_DOWN,
    BlockFace.PUSHED,
    BlockFace.PUSHED,
    BlockFace.DEFENDER_STUMBLES,
    BlockFace.DEFENDER_DOWN,
)

# D8 scatter template, as printed: 1 2 3 / 4 . 5 / 6 7 8 (y grows "down" the template).
D8_DIRECTIONS: dict[int, tuple[int, int]] = {
    1: (-1, -1),
    2: (0, -1),
    3: (1, -1),
    4: (-1, 0),
    5: (1, 0),
    6: (-1, 1),
    7: (0, 1),
    8: (1, 1),
}


def d3(rng: random.Random) -> int:
    return rng.randint(1, 3)


def d6(rng: random.Random) -> int:
    return rng.randint(1, 6)


def d8(rng: random.Random) -> int:
    return rng.randint(1, 8)


def d16(rng: random.Random) -> int:
    return rng.randint(1, 16)


def two_d6(rng: random.Random) -> tuple[int, int]:
    return d6(rng), d6(rng)


def d68(rng: random.Random) -> int:
    """A D6 for the tens and a D8 for the units: 11..68 without 9s and 0s."""
    return d6(rng) * 10 + d8(rng)


def block_dice(rng: random.Random, count: int) -> list[BlockFace]:
    return [rng.choice(BLOCK_FACES) for _ in range(count)]


def scatter_direction(rng: random.Random) -> tuple[int, int]:
    return D8_DIRECTIONS[d8(rng)]


def scatter_once(square: Square, rng: random.Random) -> Square:
    dx, dy = scatter_direction(rng)
    return square.offset(dx, dy)


# -- dice expressions of game tables ("2D6", "D68", "D16", "BLOCK", "D6×D6") --------------------

DICE_EXPRESSION_RE = re.compile(r"^(?P<count>[1-9]?)D(?P<sides>3|6|8|16|68)$")
# Two D6 one after the other, as on the 2025 skill tables: the first picks the half of the table (1-3
# or 4-6), the second the line in it. Written "D6×D6" ("D6xD6" is accepted too).
HALVES_RE = re.compile(r"^D6[×X]D6$")
# A row of such a table: "4-6 · 2" is the second line of the second half.
HALVES_RANGE_RE = re.compile(r"^(?P<half>1-3|4-6) · (?P<line>[1-6])$")


@dataclass(frozen=True, slots=True)
class DiceExpression:
    count: int
    sides: int  # 68: a D6 for the tens and a D8 for the units, read side by side
    halves: bool = False  # D6×D6: read as halves_value(first, second)


def parse_dice_expression(text: str) -> DiceExpression | None:
    """ "2D6" → 2 × D6; "BLOCK" is rolled as a D6 (its table lists the six faces); "D6×D6" → two D6
    read as a half and a line; None if unknown."""
    cleaned = text.strip().upper()
    if cleaned == "BLOCK":
        cleaned = "D6"
    if HALVES_RE.match(cleaned):
        return DiceExpression(2, 6, halves=True)
    match = DICE_EXPRESSION_RE.match(cleaned)
    if not match:
        return None
    return DiceExpression(int(match["count"] or 1), int(match["sides"]))


def halves_value(first: int, second: int) -> int:
    """The line a D6×D6 roll picks, 1-12: lines 1-6 for a first die of 1-3, lines 7-12 for 4-6."""
    return (0 if first <= 3 else 6) + second


def halves_range(text: str) -> int | None:
    """The line of a D6×D6 row ("4-6 · 2" → 8); None for any other text."""
    match = HALVES_RANGE_RE.match(text.strip())
    if not match:
        return None
    return halves_value(1 if match["half"] == "1-3" else 4, int(match["line"]))


def roll_expression(expression: DiceExpression, rng: random.Random) -> tuple[tuple[int, ...], int]:
    """(the faces rolled, the result read on the table)."""
    if expression.halves:
        first, second = d6(rng), d6(rng)
        return (first, second), halves_value(first, second)
    if expression.sides == 68:
        value = d68(rng)
        return (value // 10, value % 10), value
    roll = {3: d3, 6: d6, 8: d8, 16: d16}[expression.sides]
    faces = tuple(roll(rng) for _ in range(expression.count))
    return faces, sum(faces)
