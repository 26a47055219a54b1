"""Board timings: the whole answer for one chosen player (python3 bench/board.py).

Target: the reach map, every block he could make and his pass ranges (with a tapped target:
the path there, the pass and its interceptors) for one player on a 22-player board, median
<= 15 ms, computed afresh (the memo cleared before each call). Also printed: the same answer
from the memo, and the JSON API's payload built from a fresh answer (paths of every square).
Boards are seeded (the same every run): the chosen player is marked by two opponents, has an
opponent to block, a team-mate to pass to and the ball two squares away.
"""

from __future__ import annotations

import functools
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from tutorial.board import answers
from tutorial.board.code import DEFAULTS, Cell, Piece, Position, format_code

TARGET_MS = 15.0
REPEATS = 40


def piece(edition: str, team: str, number: int, square: Cell, skills: tuple[str, ...] = ()) -> Piece:
    d = DEFAULTS[edition]
    return Piece(team, number, square, 6, 3, 3, d["pa"], int(d["av"] or 8), skills)


def board(edition: str, seed: int) -> tuple[Position, Cell]:
    """22 players: the chosen A1 on m8 with two markers and a team-mate in range, the rest at random."""
    rng = random.Random(seed)
    me = piece(edition, "A", 1, (12, 7), ("block", "dodge", "sure-hands"))
    fixed = [
        me,
        piece(edition, "B", 1, (13, 7), ("tackle",)),
        piece(edition, "B", 2, (11, 8)),
        piece(edition, "A", 2, (17, 5), ("catch",)),
    ]
    taken = {p.square for p in fixed} | {(10, 7)}
    free = [(x, y) for x in range(26) for y in range(15) if (x, y) not in taken]
    spots = rng.sample(free, 18)
    rest = [piece(edition, "A", 3 + i, sq) for i, sq in enumerate(spots[:9])]
    rest += [piece(edition, "B", 3 + i, sq) for i, sq in enumerate(spots[9:])]
    position = Position(edition, tuple(sorted(fixed + rest, key=lambda p: (p.team, p.number))), ball=(10, 7))
    return position, (17, 5)


def median_ms(fn: Callable[[], object], cold: bool) -> float:
    return statistics.median(timings_ms(fn, cold))


def timings_ms(fn: Callable[[], object], cold: bool) -> list[float]:
    fn()
    times = []
    for _ in range(REPEATS):
        if cold:
            answers.clear_caches()
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> int:
    import django

    django.setup()
    from tutorial.board import api

    ok = True
    print("board benchmark: the whole answer for one player on a 22-player board (median of 5 boards)")
    for edition in ("lrb6", "bb2025"):
        cold, fastest, warm, payload = [], [], [], []
        for seed in range(5):
            position, target = board(edition, seed)
            ask = functools.partial(answers.answer, position, "A1", target)
            times = timings_ms(ask, cold=True)
            cold.append(statistics.median(times))
            fastest.append(min(times))
            warm.append(median_ms(ask, cold=False))
            query = {"edition": edition, "board": format_code(position), "player": "A1", "target": "r6"}
            payload.append(median_ms(functools.partial(api.payload, query), cold=True))
        ms = statistics.median(cold)
        ok &= ms <= TARGET_MS
        print(
            f"  {edition:7} reach + blocks + passes (fresh)   {ms:7.3f} ms  (target <= {TARGET_MS} ms; "
            f"fastest call {min(fastest):.3f} ms: the spread is the machine's load)"
        )
        print(f"  {edition:7} the same answer from the memo      {statistics.median(warm):7.3f} ms")
        print(f"  {edition:7} API payload (fresh, every path)     {statistics.median(payload):7.3f} ms")
    print("all targets met" if ok else "SOME TARGETS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
