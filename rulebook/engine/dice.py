"""Dice: each roll takes an injected random.Random so games and tests are reproducible.

The matching exact distributions live next to each roller (D6_FACES, BLOCK_FACES, ...)
so the probability code and the Monte Carlo checks share one definition of every die.
"""
from __future__ import annotations

import random
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
