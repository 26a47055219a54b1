"""Hex coordinates, distance, routes and the pitch."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.engine.dreadball.hexes import (
    Axis,
    Direction,
    Hex,
    HexBoard,
    count_shortest_routes,
    count_shortest_routes_open,
    distance,
    distance_breakdown,
    dreadball_pitch,
    hexes_on_shortest_routes,
    is_reachable,
    neighbours,
    route_length,
)

coords = st.integers(min_value=-12, max_value=12)
hexes = st.builds(Hex, coords, coords)


def test_distance_excludes_start_and_includes_end() -> None:
    origin = Hex(0, 0)
    assert distance(origin, origin) == 0
    assert all(distance(origin, n) == 1 for n in neighbours(origin))
    assert distance(origin, Hex(3, -1)) == 3  # like the seed's A -> B example
    assert distance_breakdown(origin, Hex(2, 0)).result == 2


@given(hexes, hexes)
def test_distance_symmetric_and_zero_only_on_same_hex(a: Hex, b: Hex) -> None:
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, c) <= distance(a, b) + distance(b, c)


def test_directions_are_six_unit_steps_clockwise() -> None:
    for d in Direction:
        assert distance(Hex(0, 0), d.vector) == 1
        assert d.opposite.vector == d.vector.scaled(-1)
        assert Direction.from_vector(d.vector) is d
    assert len({d.vector for d in Direction}) == 6


def test_open_route_counts() -> None:
    assert count_shortest_routes_open(Hex(0, 0), Hex(3, 0)) == 1  # straight line
    assert count_shortest_routes_open(Hex(0, 0), Hex(2, 1)) == 3  # C(3, 1)
    assert count_shortest_routes_open(Hex(0, 0), Hex(2, 2)) == 6  # C(4, 2)


# Cube coordinates change monotonically along a shortest route, so any board
# built from q/r/s bounds that holds both ends holds all their shortest routes.
big = HexBoard(-10, 10, -10, 10, -10, 10)
small = st.integers(min_value=-5, max_value=5)


@settings(max_examples=60, deadline=None)
@given(st.builds(Hex, small, small), st.builds(Hex, small, small))
def test_bfs_route_count_matches_closed_form_on_open_board(a: Hex, b: Hex) -> None:
    routes = count_shortest_routes(big, a, b)
    assert routes.base == distance(a, b)
    assert routes.result == count_shortest_routes_open(a, b)


def test_blockers_lengthen_or_cut_routes() -> None:
    board = dreadball_pitch()
    a, b = Hex(0, 0), Hex(2, 0)
    assert count_shortest_routes(board, a, b).result == 1
    assert route_length(board, a, b, [Hex(1, 0)]) == 3
    wall = list(neighbours(a))
    assert not is_reachable(board, a, b, wall)
    assert count_shortest_routes(board, a, b, wall).result == 0
    assert hexes_on_shortest_routes(board, a, b) == frozenset({a, Hex(1, 0), b})


def test_route_into_occupied_target_is_allowed() -> None:
    board = dreadball_pitch()
    assert route_length(board, Hex(0, 0), Hex(1, 0), [Hex(1, 0)]) == 1


def test_pitch_shape() -> None:
    board = dreadball_pitch(half_length=10, half_width=5)
    cells = list(board.hexes())
    # rows r=-5..5, each row has 21 - |r| hexes
    assert len(cells) == sum(21 - abs(r) for r in range(-5, 6))
    corners = {h for h in cells if len(board.wall_sides(h)) == 3}
    assert corners == {Hex(10, 0), Hex(-10, 0), Hex(10, -5), Hex(-10, 5), Hex(-5, -5), Hex(5, 5)}
    assert board.violated_axes(Hex(11, 0)) == (Axis.Q, Axis.S)
    assert Hex(0, 6) not in board


@settings(max_examples=40, deadline=None)
@given(st.builds(Hex, small, small))
def test_wall_sides_are_at_most_three_on_pitch(h: Hex) -> None:
    board = dreadball_pitch()
    if h in board:
        assert len(board.wall_sides(h)) <= 3
