"""Scatter, rebounds, landings, launch and inaccessible ball."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.engine.dreadball.ball import (
    Landing,
    ScatterDiagram,
    ball_is_inaccessible,
    bounce,
    first_player_on_launch_line,
    launch_hit_dice,
    move_ball,
    roll_launch,
    scatter_ball,
    sees_ball_coming,
)
from rulebook.engine.dreadball.checks import Side
from rulebook.engine.dreadball.hexes import Direction, Hex, dreadball_pitch, neighbours

BOARD = dreadball_pitch()
ON_PITCH = sorted(BOARD.hexes())


def test_no_bounce_in_open_play() -> None:
    assert bounce(BOARD, Hex(0, 0), Direction.EAST) is None


def test_angled_bounce_off_a_long_wall_is_mirrored() -> None:
    # top wall is r = -5: heading north-east it leaves south-east
    hit = bounce(BOARD, Hex(0, -5), Direction.NORTH_EAST)
    assert hit is not None and not hit.corner and hit.outgoing is Direction.SOUTH_EAST
    # and the other way round (seed: B -> C works both ways)
    back = bounce(BOARD, Hex(0, -5), Direction.NORTH_WEST)
    assert back is not None and back.outgoing is Direction.SOUTH_WEST


def test_square_on_corner_comes_straight_back() -> None:
    hit = bounce(BOARD, Hex(10, 0), Direction.EAST)  # pointed end of the pitch
    assert hit is not None and hit.corner and hit.outgoing is Direction.WEST
    hit = bounce(BOARD, Hex(10, -5), Direction.NORTH_EAST)
    assert hit is not None and hit.corner and hit.outgoing is Direction.SOUTH_WEST


def test_every_wall_hit_from_a_corner_hex_comes_straight_back() -> None:
    corners = [h for h in ON_PITCH if len(BOARD.wall_sides(h)) == 3]
    assert len(corners) == 6
    for c in corners:
        for d in BOARD.wall_sides(c):
            hit = bounce(BOARD, c, d)
            assert hit is not None and hit.corner and hit.outgoing is d.opposite


def test_edge_hexes_only_mirror() -> None:
    edges = [h for h in ON_PITCH if len(BOARD.wall_sides(h)) == 2]
    for e in edges:
        for d in BOARD.wall_sides(e):
            hit = bounce(BOARD, e, d)
            assert hit is not None and not hit.corner
            assert hit.outgoing not in (d, d.opposite)
            # mirror: the outgoing direction would itself bounce back into d
            assert bounce(BOARD, e, hit.outgoing.opposite) is not None


def test_bounce_does_not_use_a_hex_of_movement() -> None:
    path = move_ball(BOARD, Hex(0, -5), Direction.NORTH_EAST, 2).result
    assert path.hexes == (Hex(0, -4), Hex(0, -3))
    assert len(path.bounces) == 1


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(ON_PITCH), st.sampled_from(list(Direction)), st.integers(1, 30))
def test_ball_stays_on_pitch_and_steps_one_hex(start: Hex, direction: Direction, hexes: int) -> None:
    path = move_ball(BOARD, start, direction, hexes).result
    assert len(path.hexes) == hexes
    previous = start
    for h in path.hexes:
        assert h in BOARD and h in neighbours(previous)
        previous = h


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(ON_PITCH), st.sampled_from(list(Direction)), st.integers(1, 30))
def test_ball_paths_are_reversible(start: Hex, direction: Direction, hexes: int) -> None:
    """Mirror bounces and straight-back corners both run the same path backwards."""
    path = move_ball(BOARD, start, direction, hexes).result
    before_end = path.hexes[-2] if len(path.hexes) > 1 else start
    heading = Direction.from_vector(path.end - before_end)
    back = move_ball(BOARD, path.end, heading.opposite, hexes).result
    assert back.end == start


def test_standing_player_stops_the_ball() -> None:
    path = move_ball(BOARD, Hex(0, 0), Direction.EAST, 5, standing=[Hex(2, 0)]).result
    assert path.end == Hex(2, 0) and path.landing is Landing.STANDING_PLAYER


def test_prone_player_does_not_stop_the_ball_but_ending_on_one_rescatters() -> None:
    through = move_ball(BOARD, Hex(0, 0), Direction.EAST, 5, prone=[Hex(2, 0)]).result
    assert through.end == Hex(5, 0) and not through.scatters_again
    onto = move_ball(BOARD, Hex(0, 0), Direction.EAST, 2, prone=[Hex(2, 0)]).result
    assert onto.landing is Landing.PRONE_PLAYER and onto.scatters_again


def test_entry_hex_must_stay_free() -> None:
    path = move_ball(BOARD, Hex(0, 0), Direction.EAST, 3, entry_hexes=[Hex(3, 0)])
    assert path.result.landing is Landing.ENTRY_HEX
    assert "ball_on_entry_hex" in path.reason_keys()


def test_scatter_is_reproducible_with_a_seed_and_serialises() -> None:
    first = scatter_ball(BOARD, Hex(0, 0), random.Random(42))
    second = scatter_ball(BOARD, Hex(0, 0), random.Random(42))
    assert first == second
    json.dumps(first.to_dict())


def test_scatter_diagram_must_cover_all_faces() -> None:
    with pytest.raises(ValueError):
        ScatterDiagram({1: Direction.EAST})
    flipped = ScatterDiagram({face: Direction((6 - face) % 6) for face in range(1, 7)})
    assert flipped.direction(1) is Direction.NORTH_EAST


def test_sees_ball_coming_uses_front_arc() -> None:
    assert sees_ball_coming(Hex(0, 0), Direction.EAST, Hex(3, 0)).result
    assert not sees_ball_coming(Hex(0, 0), Direction.WEST, Hex(3, 0)).result
    assert not sees_ball_coming(Hex(0, 0), None, Hex(3, 0)).result


def test_launch_hit_dice() -> None:
    assert [launch_hit_dice(n).result for n in range(1, 8)] == [6, 5, 4, 3, 2, 1, 1]
    assert launch_hit_dice(2, after_rebound=True).result == 1
    assert "coach_dice_not_allowed" in launch_hit_dice(1).reason_keys()


def test_launch_roll_shapes() -> None:
    seen_wall = seen_stop = False
    rng = random.Random(7)
    for _ in range(200):
        launch = roll_launch(rng).result
        if launch.hits_far_wall:
            seen_wall = True
            assert launch.roll == 6 and launch.db_hexes == 5
            assert launch.rebound_side_roll is not None and launch.rebound_hexes is not None
            assert launch.rebound_towards is (Side.ACTIVE if launch.rebound_side_roll <= 3 else Side.OPPONENT)
            assert 1 <= launch.rebound_hexes <= 6
        else:
            seen_stop = True
            assert launch.db_hexes == launch.roll <= 5
    assert seen_wall and seen_stop


def test_first_player_on_launch_line() -> None:
    line = [Hex(0, r) for r in range(-5, 6)]
    assert first_player_on_launch_line(line, [Hex(0, -3), Hex(0, 2)]) == 3
    assert first_player_on_launch_line(line, []) is None


def test_inaccessible_ball() -> None:
    ball = Hex(0, 0)
    ring = list(neighbours(ball))
    assert ball_is_inaccessible(BOARD, ball, [Hex(4, 0)], ring).result
    assert not ball_is_inaccessible(BOARD, ball, [Hex(4, 0)], ring[:-1]).result
    assert not ball_is_inaccessible(BOARD, ball, [], ring).result
