"""ask_action: a blitz, a hand-off and a foul asked about two players. Every expected number is
derived by hand in the comment above it (squares are (x, y), 0-based; nice weather)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from engine_helpers import AWAY, HOME, board, player

from rulebook.engine import ask_action, get_edition
from rulebook.engine.types import Square, Status

EDITIONS = ("lrb6", "bb2025")


def _ask(edition: str, kind: str, *players, rerolls: int = 0, who: str = "a1", other: str = "b1"):
    return ask_action(get_edition(edition), board(*players), kind, who, other, rerolls)


@pytest.mark.parametrize("edition", EDITIONS)
def test_blitz_in_the_open_needs_no_roll_and_one_die(edition: str) -> None:
    # a1 (MA 6, ST 3) on (5,5), b1 (ST 3) on (8,5), nobody else. (7,4), (7,5) and (7,6) are two
    # squares away with no tackle zone left on the way: no roll. ST 3 against 3: one die, the
    # blitzer chooses. The defender falls on Both Down (no Block), Defender Stumbles (no Dodge)
    # and Defender Down: 3 faces of 6 = 1/2. Best square: the first of the three (ties go to the
    # shortest path, then by column and row): (7,4).
    answer = _ask(edition, "blitz", player("a1", HOME, 5, 5), player("b1", AWAY, 8, 5))
    best = answer.best
    assert best is not None and answer.problem == ""
    assert best.square == Square(7, 4)
    assert best.reach == 1 and best.rolls == ()
    assert best.dice == 1 and best.chooser == "attacker"
    assert best.success == Fraction(1, 2)
    # All eight squares next to b1 can be reached without a roll. Seven are 2 to 4 squares away;
    # (9,5), behind him, only by going round his tackle zone through (10,4): 6 squares, all his
    # Movement, so the block there costs a rush (2+, 5/6, no re-roll): 5/6 × 1/2 = 5/12.
    assert len(answer.squares) == 8
    by_square = {a.square: a for a in answer.squares}
    assert len(by_square[Square(9, 5)].path) == 6
    assert by_square[Square(9, 5)].success == Fraction(5, 12)
    assert {a.success for sq, a in by_square.items() if sq != Square(9, 5)} == {Fraction(1, 2)}


@pytest.mark.parametrize(
    ("edition", "rerolls", "reach"), [("lrb6", 0, Fraction(5, 6)), ("bb2025", 1, Fraction(35, 36))]
)
def test_blitz_block_costs_a_rush_when_his_movement_is_spent(edition: str, rerolls: int, reach: Fraction) -> None:
    # a1 with MA 2 on (5,5), b1 on (8,5): (7,4), (7,5), (7,6) take his two squares, so the block
    # costs a rush, 2+ in nice weather: 5/6, or 1 - (1/6)^2 = 35/36 with a team re-roll. The
    # other five squares next to b1 are three squares or more away: one more rush each before
    # the block's (they reach, but less often), so the best is still (7,4).
    # Success: reach × 1/2 (one die, as above).
    answer = _ask(edition, "blitz", player("a1", HOME, 5, 5, ma=2), player("b1", AWAY, 8, 5), rerolls=rerolls)
    best = answer.best
    assert best is not None and best.square == Square(7, 4)
    assert [r.kind for r in best.rolls] == ["rush"]
    assert best.reach == reach
    assert best.success == reach / 2
    # MA 2 + 2 rushes = 4 squares: a square 4 away leaves no square for the block
    assert all(len(a.path) <= 3 for a in answer.squares)


@pytest.mark.parametrize("edition", EDITIONS)
def test_blitz_dodge_out_of_a_tackle_zone_with_a_team_re_roll(edition: str) -> None:
    # b2 on (5,6) marks a1 on (5,5); a1 leaves with a dodge. Classic: AG 3 needs 4+, +1 for the
    # dodge = 3+; 2025: AG 3+ = 3+. No tackle zone on the square he dodges into (b2 and b1 are two
    # squares away from it), so 3+: 2/3; with the team re-roll 1 - (1/3)^2 = 8/9. Then one die
    # (b2 is not next to any square beside b1 that the best path ends on): 8/9 × 1/2 = 4/9.
    answer = _ask(
        edition,
        "blitz",
        player("a1", HOME, 5, 5),
        player("b1", AWAY, 8, 5),
        player("b2", AWAY, 5, 6),
        rerolls=1,
    )
    best = answer.best
    assert best is not None
    assert [(r.kind, r.target) for r in best.rolls] == [("dodge", 3)]
    assert best.reach == Fraction(8, 9)
    assert best.success == Fraction(4, 9)


def test_blitz_square_next_to_a_defensive_assist_gets_two_dice_against() -> None:
    # b2 on (6,7) is next to (7,6) but not to (7,4) or (7,5). From (7,6) b1 has ST 3 + 1 assist
    # = 4 against 3: two dice, the defender chooses the worse for the blitzer: Attacker Down, then
    # Both Down (a turnover), then Pushed, then Stumbles, then Down. He still falls when the worse
    # die is Both Down (no Skull on either die, not both from {Pushed ×2, Stumbles, Down}):
    # (5/6)² - (4/6)² = 9/36, or when both dice are Stumbles or Down: (2/6)² = 4/36; 13/36.
    # From (7,4) one die: 1/2, so (7,6) is not the best.
    answer = _ask("lrb6", "blitz", player("a1", HOME, 5, 5), player("b1", AWAY, 8, 5), player("b2", AWAY, 6, 7))
    by_square = {a.square: a for a in answer.squares}
    assert by_square[Square(7, 6)].dice == 2 and by_square[Square(7, 6)].chooser == "defender"
    assert by_square[Square(7, 6)].assists == (0, 1)
    assert by_square[Square(7, 6)].success == Fraction(13, 36)
    assert answer.best is not None and answer.best.success == Fraction(1, 2)
    assert answer.best.square != Square(7, 6)


@pytest.mark.parametrize(("edition", "av"), [("lrb6", 8), ("bb2025", 9)])
def test_foul_breaks_armour_with_and_without_an_assist(edition: str, av: int) -> None:
    # b1 prone on (8,5) with AV 8 (classic: broken on more than 8) or AV 9+ (2025: 9 or more):
    # 2D6 of 9+ = 10/36 = 5/18. a1 walks two squares, no roll. With a2 on (9,4), free, as an
    # assist: +1, 8+ = 15/36 = 5/12 (the best square is then any: the assist counts from all).
    victim = player("b1", AWAY, 8, 5, av=av)
    victim = victim.with_status(Status.PRONE)
    alone = _ask(edition, "foul", player("a1", HOME, 5, 5), victim)
    assert alone.best is not None and alone.best.reach == 1
    assert alone.best.success == Fraction(5, 18)
    helped = _ask(edition, "foul", player("a1", HOME, 5, 5), player("a2", HOME, 9, 4), victim)
    assert helped.best is not None and helped.best.assists == (1, 0)
    assert helped.best.success == Fraction(5, 12)
    # a double on the armour roll sends him off: 6 doubles in 36, and more on the injury roll
    assert helped.best.sent_off >= Fraction(1, 6)


@pytest.mark.parametrize("edition", EDITIONS)
def test_hand_off_shares_one_team_re_roll_between_the_dodge_and_the_catch(edition: str) -> None:
    # a1 on (5,5) is marked by b1 on (5,6): a dodge 3+ (2/3) to leave, then a2 on (8,5) catches
    # the hand-off. Classic: AG 3 needs 4+, +1 for a hand-off = 3+; 2025: AG 3+ = 3+: 2/3.
    # One team re-roll for two rolls of p = 2/3 (q = 1/3), spent on whichever fails:
    # p² + q·p·p + p·q·p = p²(1 + 2q) = 4/9 × 5/3 = 20/27 (LRB6 allows one re-roll a turn anyway).
    # Without the dodge (b1 elsewhere) the catch alone with the re-roll: 1 - (1/3)^2 = 8/9.
    marked = _ask(
        edition,
        "handoff",
        player("a1", HOME, 5, 5),
        player("a2", HOME, 8, 5),
        player("b1", AWAY, 5, 6),
        rerolls=1,
        other="a2",
    )
    assert marked.best is not None
    assert [r.kind for r in marked.best.rolls] == ["dodge"]
    assert marked.best.success == Fraction(20, 27)
    free = _ask(
        edition,
        "handoff",
        player("a1", HOME, 5, 5),
        player("a2", HOME, 8, 5),
        player("b1", AWAY, 20, 6),
        rerolls=1,
        other="a2",
    )
    assert free.best is not None and free.best.success == Fraction(8, 9)


def test_questions_that_have_no_answer_say_why() -> None:
    a1, b1 = player("a1", HOME, 5, 5), player("b1", AWAY, 8, 5)
    assert _ask("lrb6", "foul", a1, b1).problem == "action_victim_standing"
    assert _ask("lrb6", "blitz", a1, b1.with_status(Status.PRONE)).problem == "action_defender_down"
    assert _ask("lrb6", "blitz", a1, player("b1", HOME, 8, 5)).problem == "action_same_team"
    assert _ask("lrb6", "handoff", a1, b1).problem == "action_not_team_mate"
    far = _ask("lrb6", "blitz", player("a1", HOME, 0, 0, ma=3), player("b1", AWAY, 20, 10))
    assert far.problem == "action_out_of_reach" and far.best is None
    with pytest.raises(ValueError):
        _ask("lrb6", "pass", a1, b1)
