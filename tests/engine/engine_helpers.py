"""Shared builders for the engine tests (imported by module name: pytest puts this folder on sys.path)."""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from fractions import Fraction

from rulebook.engine.types import ALL_SQUARES, Board, Player, Square

HOME, AWAY = "home", "away"


def player(pid: str, team: str, x: int, y: int, *skills: str, **stats) -> Player:
    return Player(pid, team, Square(x, y), skills=frozenset(skills), **stats)


def board(*players: Player) -> Board:
    return Board(players)


def mid_game_board(seed: int, keep_clear: Iterable[Square] = (), count: int = 22) -> list[Player]:
    """Random 22-player board (11 a side), avoiding the given squares and their neighbours."""
    rng = random.Random(seed)
    clear = set()
    for sq in keep_clear:
        clear |= {Square(sq.x + dx, sq.y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    free = [sq for sq in ALL_SQUARES if sq not in clear]
    squares = rng.sample(free, count)
    return [Player(f"{'h' if i % 2 else 'a'}{i}", HOME if i % 2 else AWAY, sq) for i, sq in enumerate(squares)]


def close_enough(exact: Fraction, hits: int, trials: int) -> bool:
    """Monte Carlo agreement: within 5 standard errors (plus a hair for p near 0 or 1)."""
    p = float(exact)
    sigma = math.sqrt(max(p * (1 - p), 1e-4) / trials)
    return abs(hits / trials - p) <= 5 * sigma + 1e-3
