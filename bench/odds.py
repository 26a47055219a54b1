"""Odds of a whole turn: median time to solve a long sequence (python3 bench/odds.py).

Target: a 10-step, 3-player turn with 2 team re-rolls solved in under 20 ms (median), in each
edition. Each timed call builds the program, solves it and reports from scratch (the turn's own
cache is cleared); the decision trees of each kind of roll and the per-edition tables behind them
(block faces, armour and injury) stay cached after the first call, as they do in the running site.
The "cold" line clears those caches too before every call (shown, no target). Prints SOME TARGETS
MISSED and exits 1 if a median is over.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rulebook.engine import block, injury, turn, turn_armour, turn_block, turn_d6
from rulebook.engine.editions import get_edition
from rulebook.engine.turn import Turn, TurnPlayer, TurnStep, solve_turn

TARGET_MS = 20.0
REPEATS = 41

PLAYERS = (
    TurnPlayer("runner", frozenset({"dodge", "sure-feet", "sure-hands"})),
    TurnPlayer("ogre", frozenset({"block", "frenzy", "mighty-blow", "pro"}), loner=4),
    TurnPlayer("catcher", frozenset({"catch", "dodge"})),
)
STEPS = (
    TurnStep("dodge", 3, "runner", against=frozenset({"tackle"})),
    TurnStep("rush", 2, "runner"),
    TurnStep("pickup", 3, "runner"),
    TurnStep("dodge", 4, "runner"),
    TurnStep("pass", 4, "runner", fumble=1, intercept=6),
    TurnStep("catch", 3, "catcher"),
    TurnStep("dodge", 3, "catcher"),
    TurnStep("block", 2, "ogre", against=frozenset({"dodge"})),
    TurnStep("armour", 9, "ogre", goal="ko"),
    TurnStep("rush", 2, "catcher"),
)


def clear_every_cache() -> None:
    for module in (block, injury, turn_armour, turn_block, turn_d6):
        for value in vars(module).values():
            if hasattr(value, "cache_clear"):
                value.cache_clear()


def timings(edition_key: str, cold: bool = False, clock: Callable[[], float] = time.perf_counter) -> list[float]:
    edition = get_edition(edition_key)
    sequence = Turn(STEPS, PLAYERS, team_rerolls=2)
    solve_turn(edition, sequence)  # warm the per-edition tables
    times = []
    for _ in range(REPEATS if not cold else 11):
        turn._solve_turn.cache_clear()
        if cold:
            clear_every_cache()
        start = clock()
        solve_turn(edition, sequence)
        times.append(clock() - start)
    return times


def main() -> int:
    print(f"odds benchmark: 10 steps, 3 players, 2 team re-rolls (median of {REPEATS} solves)")
    missed = False
    for key in ("lrb6", "bb2025"):
        times = timings(key)
        median = statistics.median(times) * 1000
        p90 = statistics.quantiles(times, n=10)[-1] * 1000
        missed |= median > TARGET_MS
        cpu = statistics.median(timings(key, clock=time.process_time)) * 1000
        print(f"  turn odds  {key:7}  {median:7.2f} ms  (target <= {TARGET_MS} ms; p90 {p90:.2f} ms; CPU {cpu:.2f} ms)")
        cold = statistics.median(timings(key, cold=True)) * 1000
        print(f"  turn odds  {key:7}  {cold:7.2f} ms  cold (every cache cleared first; no target)")
    if missed:
        print("SOME TARGETS MISSED")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
