"""The kinds of tutorial step, one module per family: each module's KINDS lists its kinds
(base.py holds the contract they implement)."""

from __future__ import annotations

from . import ball, blocking, dreadball, kickoff, movement, roster, sequence
from .base import NONE, ActionKind

KINDS: dict[str, ActionKind] = {
    kind.name: kind
    for module in (movement, ball, blocking, kickoff, sequence, dreadball, roster)
    for kind in module.KINDS
} | {NONE.name: NONE}
