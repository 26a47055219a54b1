"""Front and rear arcs, split hexes and threat zones."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rulebook.engine.dreadball.facing import (
    Arc,
    arc_breakdown,
    arc_of,
    direction_towards,
    front_adjacent,
    front_arc,
    is_split_by_arc_line,
    rear_adjacent,
    rear_arc,
    threat_zone,
)
from rulebook.engine.dreadball.hexes import Direction, Hex, dreadball_pitch, neighbours

small = st.integers(min_value=-4, max_value=4)
positions = st.builds(Hex, small, small)
facings = st.sampled_from(list(Direction))


@given(positions, facings)
def test_arcs_partition_the_neighbours_three_and_three(position: Hex, facing: Direction) -> None:
    front = set(front_adjacent(position, facing))
    rear = set(rear_adjacent(position, facing))
    assert len(front) == len(rear) == 3
    assert front | rear == set(neighbours(position)) and not front & rear
    assert all(arc_of(position, facing, h) is Arc.FRONT for h in front)
    assert all(arc_of(position, facing, h) is Arc.REAR for h in rear)
    assert not any(is_split_by_arc_line(position, facing, h) for h in neighbours(position))


@given(positions, facings)
def test_threat_zone_is_the_front_adjacent_hexes(position: Hex, facing: Direction) -> None:
    assert threat_zone(position, facing) == frozenset(front_adjacent(position, facing))
    assert neighbours(position)[facing] in threat_zone(position, facing)


def test_knocked_down_player_has_no_threat_and_all_is_rear() -> None:
    board = dreadball_pitch()
    assert threat_zone(Hex(0, 0), None) == frozenset()
    assert front_arc(board, Hex(0, 0), None) == frozenset()
    assert len(rear_arc(board, Hex(0, 0), None)) == len(list(board.hexes())) - 1
    assert "prone_no_facing" in arc_breakdown(Hex(0, 0), None, Hex(1, 0)).reason_keys()


def test_hexes_split_by_the_arc_line_count_as_front() -> None:
    # Facing east, the line runs through the hexes with q == s: (1,-2), (-1,2), (2,-4)...
    me = Hex(0, 0)
    for h in (Hex(1, -2), Hex(-1, 2), Hex(2, -4)):
        assert is_split_by_arc_line(me, Direction.EAST, h)
        assert arc_of(me, Direction.EAST, h) is Arc.FRONT
        assert arc_of(me, Direction.WEST, h) is Arc.FRONT  # split: front both ways
        assert "arc_line_split_hex" in arc_breakdown(me, Direction.EAST, h).reason_keys()
    assert arc_of(me, Direction.EAST, Hex(-1, -1)) is Arc.REAR


@given(facings)
def test_front_and_rear_arcs_partition_the_board(facing: Direction) -> None:
    board = dreadball_pitch()
    me = Hex(2, 1)
    front, rear = front_arc(board, me, facing), rear_arc(board, me, facing)
    assert not front & rear
    assert front | rear | {me} == set(board.hexes())
    # turning around swaps the arcs, except split hexes which are front both ways
    split = {h for h in board.hexes() if h != me and is_split_by_arc_line(me, facing, h)}
    assert front_arc(board, me, facing.opposite) == (rear | split)


def test_threat_zone_clipped_to_pitch() -> None:
    board = dreadball_pitch()
    corner = Hex(10, 0)
    assert len(threat_zone(corner, Direction.EAST, board)) == 0
    assert len(threat_zone(corner, Direction.WEST, board)) == 3


def test_direction_towards_adjacent() -> None:
    assert direction_towards(Hex(0, 0), Hex(1, -1)) is Direction.NORTH_EAST
