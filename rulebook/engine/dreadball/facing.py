"""Facing, front/rear arcs and threat zones (seed 003, "Encaramiento").

A standing player faces one of the six hex sides. An imaginary line through
the player, running right to left (perpendicular to the facing) and out to
the edges of the board, splits every hex into front or rear; a hex cut by the
line counts as front. In cube coordinates that is simply
``dot(target - player, facing) >= 0`` (zero means the line crosses the hex
centre, i.e. the hex is split). For adjacent hexes this gives exactly three
front and three rear hexes, because no neighbour lies on the line itself.

Knocked-down players have no facing (``None``): no front arc, no threat
zone, and everyone counts as being in their rear.
"""

from __future__ import annotations

from enum import Enum

from .explain import Breakdown, Note
from .hexes import Direction, Hex, HexBoard, neighbour


class Arc(Enum):
    FRONT = "front"
    REAR = "rear"


def _side_of_arc_line(position: Hex, facing: Direction, target: Hex) -> int:
    return (target - position).dot(facing.vector)


def arc_of(position: Hex, facing: Direction | None, target: Hex) -> Arc:
    """Which arc of the player at `position` the `target` hex is in."""
    if facing is None:
        return Arc.REAR
    return Arc.FRONT if _side_of_arc_line(position, facing, target) >= 0 else Arc.REAR


def is_split_by_arc_line(position: Hex, facing: Direction, target: Hex) -> bool:
    """True when the arc line crosses the hex (it then counts as front)."""
    return target != position and _side_of_arc_line(position, facing, target) == 0


def arc_breakdown(position: Hex, facing: Direction | None, target: Hex) -> Breakdown[Arc]:
    if facing is None:
        return Breakdown(None, (), Arc.REAR, "rear_arc", (Note("prone_no_facing"),))
    arc = arc_of(position, facing, target)
    notes: tuple[Note, ...] = ()
    if is_split_by_arc_line(position, facing, target):
        notes = (Note("arc_line_split_hex"),)
    key = "front_arc" if arc is Arc.FRONT else "rear_arc"
    return Breakdown(None, (), arc, key, notes)


def front_adjacent(position: Hex, facing: Direction) -> tuple[Hex, Hex, Hex]:
    """The three adjacent front hexes: facing and its two neighbouring directions."""
    return (
        neighbour(position, facing.rotated(-1)),
        neighbour(position, facing),
        neighbour(position, facing.rotated(1)),
    )


def rear_adjacent(position: Hex, facing: Direction) -> tuple[Hex, Hex, Hex]:
    back = facing.opposite
    return (
        neighbour(position, back.rotated(-1)),
        neighbour(position, back),
        neighbour(position, back.rotated(1)),
    )


def threat_zone(position: Hex, facing: Direction | None, board: HexBoard | None = None) -> frozenset[Hex]:
    """Hexes a player threatens: the three adjacent front hexes of a standing
    player (on the pitch, when a board is given); none when knocked down."""
    if facing is None:
        return frozenset()
    zone = frozenset(front_adjacent(position, facing))
    return zone if board is None else frozenset(h for h in zone if h in board)


def front_arc(board: HexBoard, position: Hex, facing: Direction | None) -> frozenset[Hex]:
    """Every pitch hex in the front arc (split hexes included)."""
    if facing is None:
        return frozenset()
    return frozenset(h for h in board.hexes() if h != position and arc_of(position, facing, h) is Arc.FRONT)


def rear_arc(board: HexBoard, position: Hex, facing: Direction | None) -> frozenset[Hex]:
    return frozenset(h for h in board.hexes() if h != position and arc_of(position, facing, h) is Arc.REAR)


def direction_towards(a: Hex, b: Hex) -> Direction:
    """Facing that looks straight at an adjacent hex (e.g. turning to face on a draw)."""
    return Direction.from_vector(b - a)
