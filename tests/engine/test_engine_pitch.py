from __future__ import annotations

import pytest
from engine_helpers import AWAY, HOME, player

from rulebook.engine.pitch import (
    end_zone_x,
    in_end_zone,
    in_half,
    line_of_scrimmage_x,
    on_line_of_scrimmage,
    setup_violations,
    wide_zone,
)
from rulebook.engine.types import NEIGHBOURS, PITCH_LENGTH, PITCH_WIDTH, Board, Side, Square, neighbours


def test_pitch_size_and_adjacency() -> None:
    assert (PITCH_LENGTH, PITCH_WIDTH) == (26, 15)
    assert len(NEIGHBOURS) == 26 * 15
    assert len(neighbours(Square(0, 0))) == 3
    assert len(neighbours(Square(0, 5))) == 5
    assert len(neighbours(Square(10, 7))) == 8
    assert len(neighbours(Square(-1, 5))) == 3  # off-pitch square: only its on-pitch neighbours


def test_zones() -> None:
    assert in_end_zone(Square(0, 3)) and in_end_zone(Square(25, 3)) and not in_end_zone(Square(1, 3))
    assert (end_zone_x(Side.LEFT), end_zone_x(Side.RIGHT)) == (0, 25)
    assert (line_of_scrimmage_x(Side.LEFT), line_of_scrimmage_x(Side.RIGHT)) == (12, 13)
    assert wide_zone(Square(5, 0)) == "top" and wide_zone(Square(5, 3)) == "top"
    assert wide_zone(Square(5, 4)) is None and wide_zone(Square(5, 10)) is None
    assert wide_zone(Square(5, 11)) == "bottom" and wide_zone(Square(5, 14)) == "bottom"
    assert in_half(Square(12, 0), Side.LEFT) and not in_half(Square(13, 0), Side.LEFT)
    assert on_line_of_scrimmage(Square(12, 7), Side.LEFT) and not on_line_of_scrimmage(Square(12, 2), Side.LEFT)


def legal_left() -> list:
    los = [player(f"l{i}", HOME, 12, y) for i, y in enumerate((6, 7, 8))]
    wide = [player("w1", HOME, 10, 1), player("w2", HOME, 10, 2), player("w3", HOME, 10, 12)]
    back = [player(f"b{i}", HOME, 8, y) for i, y in enumerate((4, 5, 6, 7, 8))]
    return los + wide + back


def keys(violations) -> list[str]:
    return sorted(v.reason for v in violations)


def test_legal_setup_has_no_violations() -> None:
    assert setup_violations(legal_left(), Side.LEFT) == []


def test_too_few_on_line_of_scrimmage() -> None:
    players = [p for p in legal_left() if p.id != "l0"]
    found = setup_violations(players, Side.LEFT)
    assert keys(found) == ["setup_too_few_on_line_of_scrimmage"]
    assert dict(found[0].params) == {"count": 2, "required": 3}


def test_wide_zone_and_half_and_count() -> None:
    players = legal_left()[:-1] + [player("w4", HOME, 9, 0)]
    assert keys(setup_violations(players, Side.LEFT)) == ["setup_too_many_in_wide_zone"]
    players = legal_left()[:-1] + [player("x", HOME, 14, 7)]
    assert keys(setup_violations(players, Side.LEFT)) == ["setup_outside_own_half"]
    players = legal_left() + [player("x", HOME, 5, 7)]
    assert keys(setup_violations(players, Side.LEFT)) == ["setup_too_many_players"]


def test_right_side_setup_mirrors_left() -> None:
    mirrored = [p.moved_to(Square(25 - p.square.x, p.square.y)) for p in legal_left()]
    assert setup_violations(mirrored, Side.RIGHT) == []
    assert keys(setup_violations(mirrored, Side.LEFT)) == ["setup_outside_own_half"] * 11 + [
        "setup_too_few_on_line_of_scrimmage"
    ]


def test_board_rejects_two_players_on_one_square_and_counts_tackle_zones() -> None:
    with pytest.raises(ValueError):
        Board([player("a", HOME, 1, 1), player("b", AWAY, 1, 1)])
    from rulebook.engine.types import Status

    b = Board([player("a", HOME, 5, 5), player("b", AWAY, 6, 6), player("c", AWAY, 4, 4).with_status(Status.PRONE)])
    assert b.tackle_zones(Square(5, 5), HOME) == 1
    assert b.tackle_zones(Square(5, 6), AWAY) == 1
