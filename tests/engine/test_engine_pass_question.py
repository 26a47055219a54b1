"""ask_pass: a pass to a team-mate from where the thrower stands (issue 25). Numbers by hand:
A1 on m8 to A2 on r8 is a short pass (five squares along the pitch); B1 on o8 is under the ruler.
Classic (AG 3): pass 4+ (1/2), catch 3+ (AG 3, +1 accurate: 2/3), one team re-roll on whichever
fails first: 1/2 × 8/9 + 1/4 × 2/3 = 11/18; B1 intercepts on 6+ (AG 3, −2): 5/6 × 11/18 = 55/108.
2025 (PA 4+, AG 3+): pass 5+ (short −1: 1/3), catch 3+ (2/3): 1/3 × 8/9 + 2/3 × 1/3 × 2/3 = 4/9;
B1 on 6+ (AG 3+, −3 against an accurate pass): 5/6 × 4/9 = 10/27."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulebook.engine import Board, Player, Square, Status, ask_pass, get_edition

pytestmark = pytest.mark.database_free


def board(edition: str, thrower_status: Status = Status.STANDING, catcher_x: int = 17) -> Board:
    pa = 4 if edition == "bb2025" else None
    av = 9 if edition == "bb2025" else 8

    def player(pid: str, team: str, x: int, status: Status = Status.STANDING) -> Player:
        return Player(pid, team, Square(x, 7), ma=6, st=3, ag=3, pa=pa, av=av, status=status)

    return Board([player("A1", "A", 12, thrower_status), player("A2", "A", catcher_x), player("B1", "B", 14)], None)


@pytest.mark.parametrize(
    ("edition", "target", "caught", "success"),
    [("lrb6", 4, Fraction(11, 18), Fraction(55, 108)), ("bb2025", 5, Fraction(4, 9), Fraction(10, 27))],
)
def test_a_short_pass_past_one_interceptor(edition: str, target: int, caught: Fraction, success: Fraction) -> None:
    found = ask_pass(get_edition(edition), board(edition), "A1", "A2", 1)
    assert found.problem == "" and found.band == "short"
    assert found.pass_roll is not None and found.pass_roll.target == target
    assert [(i.player, i.target, i.chance) for i in found.interceptors] == [("B1", 6, Fraction(1, 6))]
    assert found.catch_target == 3 and found.caught == caught and found.success == success


def test_a_pass_without_a_team_re_roll_is_the_plain_product() -> None:
    # classic, no re-roll: 1/2 × 2/3 × 5/6 = 5/18
    assert ask_pass(get_edition("lrb6"), board("lrb6"), "A1", "A2", 0).success == Fraction(5, 18)


@pytest.mark.parametrize(
    ("thrower", "catcher_x", "other", "problem"),
    [
        (Status.PRONE, 17, "A2", "pass_thrower_down"),
        (Status.STUNNED, 17, "A2", "action_stunned"),
        (Status.STANDING, 17, "B1", "action_not_team_mate"),
    ],
)
def test_what_cannot_be_passed_says_why(thrower: Status, catcher_x: int, other: str, problem: str) -> None:
    assert ask_pass(get_edition("lrb6"), board("lrb6", thrower, catcher_x), "A1", other, 1).problem == problem


def test_out_of_range() -> None:
    far = Board(
        [
            Player("A1", "A", Square(0, 7), ma=6, st=3, ag=3, av=8),
            Player("A2", "A", Square(15, 7), ma=6, st=3, ag=3, av=8),
        ],
        None,
    )
    assert ask_pass(get_edition("lrb6"), far, "A1", "A2", 1).problem == "pass_out_of_range"
