"""Engine timings: median wall time of the hot computations (python3 bench/engine.py).

Targets: reach map for one marked player on a 22-player board <= 5 ms; exact block
outcome distribution <= 50 us. Each figure is a median over many repeats, measured with
time.perf_counter; the first call (which fills per-edition caches) is not counted.
Boards are seeded (the same every run). Reach-map lines also give the spread: p90 of all
timed calls over the boards, which shows how much a busy machine moves the figure.
"""

from __future__ import annotations

import functools
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rulebook.engine.block import block_outcome
from rulebook.engine.editions import get_edition
from rulebook.engine.injury import injury_outcome
from rulebook.engine.movement import path_probability
from rulebook.engine.reach import reach_map
from rulebook.engine.types import ALL_SQUARES, Board, Player, Square

REACH_TARGET_MS = 5.0
BLOCK_TARGET_US = 50.0


def timings(fn: Callable[[], object], repeats: int) -> list[float]:
    fn()  # warm the caches
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


def median_seconds(fn: Callable[[], object], repeats: int) -> float:
    return statistics.median(timings(fn, repeats))


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[-1]


def mid_game_board(seed: int, mover: Player, markers: list[Player]) -> Board:
    """22 players: the mover, his markers, and the rest spread at random (11 a side)."""
    rng = random.Random(seed)
    taken = {mover.location} | {m.location for m in markers}
    near = {Square(mover.location.x + dx, mover.location.y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    free = [sq for sq in ALL_SQUARES if sq not in taken and sq not in near]
    home_left = 11 - 1
    away_left = 11 - len(markers)
    squares = rng.sample(free, home_left + away_left)
    others = [Player(f"h{i}", "home", sq) for i, sq in enumerate(squares[:home_left])]
    others += [Player(f"a{i}", "away", sq) for i, sq in enumerate(squares[home_left:])]
    return Board([mover, *markers, *others])


def with_ball_nearby(board: Board, mover: Player) -> Board:
    """The board with the ball on the first free square two columns behind the mover."""
    x, y = mover.location
    spots = [Square(x - 2, y + dy) for dy in (0, -1, 1, -2, 2)]
    return board.with_ball(next(sq for sq in spots if board.at(sq) is None))


# reach_map memoises whole maps (the same board asked again): time the computation itself.
compute_reach_map = reach_map.__wrapped__


def bench_reach(
    edition_key: str, zones: int, skills: frozenset[str], seeds: range, ball: bool = False
) -> tuple[float, float]:
    """(median of the per-board medians, p90 of every timed call)."""
    edition = get_edition(edition_key)
    mover = Player("me", "home", Square(12, 7), ma=6, ag=3, skills=skills)
    markers = [Player("m1", "away", Square(13, 7)), Player("m2", "away", Square(11, 8))][:zones]
    medians, every = [], []
    for seed in seeds:
        board = mid_game_board(seed, mover, markers)
        if ball:
            board = with_ball_nearby(board, mover)
        times = timings(functools.partial(lambda b: compute_reach_map(edition, mover, b).probabilities(), board), 30)
        medians.append(statistics.median(times))
        every += times
    return statistics.median(medians), p90(every)


def bench_block(edition_key: str, seeds: range) -> float:
    edition = get_edition(edition_key)
    attacker = Player("att", "home", Square(12, 7), st=4, skills=frozenset({"block", "tackle"}))
    defender = Player("def", "away", Square(13, 7), skills=frozenset({"dodge"}))
    medians = []
    for seed in seeds:
        board = mid_game_board(seed, attacker, [defender])
        medians.append(median_seconds(functools.partial(block_outcome, edition, board, attacker, defender), 2000))
    return statistics.median(medians)


def main() -> int:
    ok = True
    print("engine benchmark (median of medians over 5 random 22-player boards)")
    for edition_key in ("lrb6", "bb2025"):
        for zones in (1, 2):
            for skills in (frozenset(), frozenset({"dodge", "sure-feet"})):
                median, spread = bench_reach(edition_key, zones, skills, range(5))
                ms = median * 1000
                ok &= ms <= REACH_TARGET_MS
                label = "+".join(sorted(skills)) or "no skills"
                print(
                    f"  reach map  {edition_key:7} {zones} tackle zone(s) {label:16} {ms:7.3f} ms  "
                    f"(target <= {REACH_TARGET_MS} ms; p90 {spread * 1000:.3f} ms)"
                )
    for edition_key in ("lrb6", "bb2025"):
        skills = frozenset({"dodge", "sure-hands"})
        median, spread = bench_reach(edition_key, 1, skills, range(5), ball=True)
        ms = median * 1000
        ok &= ms <= REACH_TARGET_MS
        print(
            f"  reach map  {edition_key:7} 1 tackle zone(s) ball 2 away, dodge+sure-hands {ms:7.3f} ms  "
            f"(target <= {REACH_TARGET_MS} ms; p90 {spread * 1000:.3f} ms)"
        )
    for edition_key in ("lrb6", "bb2025"):
        us = bench_block(edition_key, range(5)) * 1e6
        ok &= us <= BLOCK_TARGET_US
        print(f"  block outcome distribution {edition_key:7} {us:7.1f} us  (target <= {BLOCK_TARGET_US} us)")
    edition = get_edition("lrb6")
    mover = Player("me", "home", Square(12, 7), ma=6, skills=frozenset({"dodge"}))
    board = mid_game_board(0, mover, [Player("m1", "away", Square(13, 7))])
    path = list(reach_map(edition, mover, board).path(Square(5, 7)))
    us = median_seconds(lambda: path_probability(edition, mover, board, path), 2000) * 1e6
    print(f"  path probability (7 squares, dodge + rush)      {us:7.1f} us")
    defender = Player("d", "away", Square(0, 0), av=8)
    mb = Player("a", "home", Square(1, 1), skills=frozenset({"mighty-blow"}))
    us = median_seconds(lambda: injury_outcome(edition, defender, mb), 5000) * 1e6
    print(f"  armour/injury distribution (cached tables)     {us:7.1f} us")
    print("all targets met" if ok else "SOME TARGETS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
