"""Push-backs: where a pushed player may go, and the follow-up.

The pushed player goes to one of the three squares directly away from the attacker:
an empty one if there is any, otherwise into the crowd if one of the three is off the
pitch, otherwise into an occupied one (a chain push). Side Step lets the defender pick
any empty adjacent square; Grab (on a Block action, not a Blitz) lets the attacker do the
same; the two cancel out in the classic rules, and Grab wins in 2025 ("opposing players cannot
use the Sidestep skill"; FFB's mixed Grab cancels Side Step). Stand Firm keeps the defender in
place unless the attacker is a blitzing Juggernaut.
"""

from __future__ import annotations

from dataclasses import dataclass

from .editions.base import Edition
from .explain import Explanation, Modifier, params
from .types import Board, Player, Square, neighbours


def push_squares(attacker: Square, defender: Square) -> tuple[Square, Square, Square]:
    """The three squares away from the attacker (some may be off the pitch)."""
    sx, sy = defender.x - attacker.x, defender.y - attacker.y
    if abs(sx) > 1 or abs(sy) > 1 or (sx, sy) == (0, 0):
        raise ValueError("attacker and defender must be adjacent")
    if sx == 0:  # pushed straight along y
        return (defender.offset(-1, sy), defender.offset(0, sy), defender.offset(1, sy))
    if sy == 0:  # pushed straight along x
        return (defender.offset(sx, -1), defender.offset(sx, 0), defender.offset(sx, 1))
    return (defender.offset(sx, 0), defender.offset(sx, sy), defender.offset(0, sy))


@dataclass(frozen=True, slots=True)
class PushOptions:
    """kind: "empty" (squares to choose from), "crowd", "chain" (occupied squares) or
    "stand_firm" (no push). chooser: who picks among several squares."""

    kind: str
    squares: tuple[Square, ...]
    chooser: str
    explanation: Explanation


def stands_firm(edition: Edition, attacker: Player, defender: Player, blitz: bool) -> bool:
    return defender.has("stand-firm") and not (blitz and attacker.has("juggernaut"))


def _side_step_and_grab(edition: Edition, attacker: Player, defender: Player, blitz: bool) -> tuple[bool, bool]:
    """(Side Step works, Grab works) for this block: the classic pair cancel out (both True is
    read so), while a 2025 Grab leaves the defender no Sidestep."""
    grab = attacker.has("grab") and not blitz
    side_step = defender.has(edition.side_step_skill) and not (grab and edition.grab_beats_side_step)
    return side_step, grab


def push_kind(edition: Edition, board: Board, attacker: Player, defender: Player, blitz: bool = False) -> str:
    """Just the kind of push_options (the block distribution's hot path needs nothing more)."""
    assert attacker.square is not None and defender.square is not None
    if stands_firm(edition, attacker, defender, blitz):
        return "stand_firm"
    standard = push_squares(attacker.square, defender.square)
    if any(board.is_empty(sq) for sq in standard):
        return "empty"
    side_step, grab = _side_step_and_grab(edition, attacker, defender, blitz)
    if side_step != grab and any(board.is_empty(sq) for sq in neighbours(defender.square)):
        return "empty"
    return "crowd" if any(not sq.on_pitch() for sq in standard) else "chain"


def push_options(
    edition: Edition, board: Board, attacker: Player, defender: Player, blitz: bool = False
) -> PushOptions:
    assert attacker.square is not None and defender.square is not None
    mods: list[Modifier] = []
    if stands_firm(edition, attacker, defender, blitz):
        expl = Explanation(0, "push_stand_firm", (), "stand_firm", "push_stand_firm")
        return PushOptions("stand_firm", (), "defender", expl)
    standard = push_squares(attacker.square, defender.square)
    side_step, grab = _side_step_and_grab(edition, attacker, defender, blitz)
    chooser = "attacker"
    candidates: tuple[Square, ...] = standard
    if side_step and grab:
        mods.append(Modifier(0, "grab_cancels_side_step"))
    elif side_step or grab:
        adjacent = tuple(sq for sq in neighbours(defender.square) if board.is_empty(sq))
        if adjacent:
            candidates = adjacent
            chooser = "defender" if side_step else "attacker"
            mods.append(Modifier(0, "side_step" if side_step else "grab"))
    empty = tuple(sq for sq in candidates if board.is_empty(sq))
    if empty:
        kind, squares = "empty", empty
    elif any(not sq.on_pitch() for sq in standard):
        kind, squares = "crowd", tuple(sq for sq in standard if not sq.on_pitch())
    else:
        kind, squares = "chain", tuple(sq for sq in standard if sq.on_pitch())
    expl = Explanation(
        len(squares), "push_" + kind, tuple(mods), kind, "push_" + kind, result_params=params(chooser=chooser)
    )
    return PushOptions(kind, squares, chooser, expl)


def follow_up(attacker: Player, defender_start: Square, defender_moved: bool) -> tuple[Square | None, bool]:
    """(square the attacker may follow into, whether he must). Frenzy forces the follow-up."""
    if not defender_moved:
        return None, False
    return defender_start, attacker.has("frenzy")
