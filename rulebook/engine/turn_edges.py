"""Where each step of a turn leads: the step an "ok" result goes on to, the one a "branch" result
goes on to, and the one a "miss" goes on to (engine/sequence.py's Node.ok, .branch, .miss).

Marks written in front of a step (the share code's "?" and "!"):
  ?  conditional: made only after the roll before it ended in its branch result (a block
     knocking the defender down when the goal was a push, a dodger followed by a Shadowing
     player, a player held by Tentacles); a run of "?" steps is made one after the other.
  !  on a miss: made only after the roll before it missed its goal without a turnover (a stab
     or an armour roll that does not break, a block that leaves both standing, a failed
     Hypnotic Gaze). That miss then no longer ends the turn. A run of "!" steps is made one
     after the other; a "!" step's own miss ends the turn.
Steps after a "?" or "!" run are made on every path that gets there. Either mark belongs to
the step just before its run: `a, ?b, !c` makes c only when b missed (b only after a's branch).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .turn import TurnStep


def marked(step: TurnStep) -> bool:
    return step.conditional or step.on_miss


def edges(steps: Sequence[TurnStep]) -> list[tuple[int, int, int | None]]:
    """(step on ok, step on branch, step on a miss or None: the turn ends) for each step, in
    step indices (len(steps) = the end)."""
    n = len(steps)

    def next_plain(i: int) -> int:
        j = i + 1
        while j < n and marked(steps[j]):
            j += 1
        return j

    found: list[tuple[int, int, int | None]] = []
    for i, step in enumerate(steps):
        after = steps[i + 1] if i + 1 < n else None
        inside = after is not None and after.conditional
        run_goes_on = (step.conditional and inside) or (step.on_miss and after is not None and after.on_miss)
        ok = i + 1 if run_goes_on else next_plain(i)
        branch = i + 1 if inside and not step.conditional else ok
        miss = i + 1 if after is not None and after.on_miss and not step.on_miss else None
        found.append((ok, branch, miss))
    return found


def branch_follows(steps: Sequence[TurnStep], index: int) -> bool:
    return index + 1 < len(steps) and steps[index + 1].conditional


def following_kind(steps: Sequence[TurnStep], index: int) -> str:
    """The kind of the step an "ok" result leads to."""
    target = edges(steps)[index][0]
    return steps[target].kind if target < len(steps) else ""


__all__ = ["branch_follows", "edges", "following_kind", "marked"]
