"""The one sequence solver (engine/sequence.py) and what goes through it: hand-computed chances for
skill, team, Loner and Pro re-rolls, one player or several, and Pro on a block in each edition."""

from __future__ import annotations

from fractions import Fraction as F

from rulebook.engine import Board, Player, Square, get_edition, passing
from rulebook.engine import block as blocks
from rulebook.engine.probability import d6_success
from rulebook.engine.sequence import SequenceStep, solve
from rulebook.engine.turn import Turn, TurnPlayer, TurnStep, solve_turn

HALF, TWO_THIRDS = F(1, 2), F(2, 3)


def _pro_block(team_rerolls: int) -> Turn:
    """A three-dice block by a player with Pro and no other skill (knock the defender down)."""
    return Turn((TurnStep("block", 3, "p"),), (TurnPlayer("p", frozenset({"pro"})),), team_rerolls)


def test_one_roll_with_a_team_reroll() -> None:
    p = d6_success(3)
    answer = solve([SequenceStep(p)], team_rerolls=1)
    assert answer.probability == p + (1 - p) * p
    assert answer.stops == ((1 - p) * (1 - p),)
    assert answer.team_rerolls_used == 1 - p  # spent only when the roll fails


def test_the_skill_reroll_is_spent_before_the_team_reroll() -> None:
    p = d6_success(4)
    steps = [SequenceStep(p, skill="dodge"), SequenceStep(p, skill="dodge")]
    answer = solve(steps, team_rerolls=1)
    # one Dodge re-roll and one team re-roll: either order saves one failure each
    assert answer.probability == (p + (1 - p) * p) ** 2
    assert answer.probability + sum(answer.stops) == 1


def test_a_loner_must_pass_his_loner_roll_and_the_reroll_is_spent_either_way() -> None:
    p = d6_success(3)
    answer = solve([SequenceStep(p, loner=HALF)], team_rerolls=1)
    assert answer.probability == p + (1 - p) * HALF * p
    assert answer.team_rerolls_used == 1 - p


def test_skill_rerolls_and_pro_belong_to_each_player() -> None:
    p = d6_success(4)
    two_dodgers = [SequenceStep(p, player="a", skill="dodge"), SequenceStep(p, player="b", skill="dodge")]
    one_dodger_twice = [SequenceStep(p, player="a", skill="dodge"), SequenceStep(p, player="a", skill="dodge")]
    with_reroll = p + (1 - p) * p
    assert solve(two_dodgers, 0).probability == with_reroll**2
    # his one Dodge re-roll saves whichever dodge fails first
    assert solve(one_dodger_twice, 0).probability == p * with_reroll + (1 - p) * p * p
    pros = [SequenceStep(p, player="a", pro=HALF), SequenceStep(p, player="b", pro=HALF)]
    assert solve(pros, 0).probability == (p + (1 - p) * HALF * p) ** 2


def test_a_roll_nothing_may_reroll() -> None:
    answer = solve([SequenceStep(F(1, 3), rerollable=False)], team_rerolls=3)
    assert answer.probability == F(1, 3) and answer.team_rerolls_used == 0


def test_pro_rerolls_one_block_die_in_2025() -> None:
    """3 dice, no Block: each die knocks the defender down on 2 faces of 6. A failed roll shows three
    bad faces; Pro (3+) re-rolls one of them: 19/27 + 8/27 × 2/3 × 1/3 = 187/243 ≈ 0.7695."""
    result = solve_turn(get_edition("bb2025"), _pro_block(team_rerolls=0))
    assert result.probability == F(19, 27) + F(8, 27) * TWO_THIRDS * F(1, 3) == F(187, 243)


def test_pro_rerolls_the_whole_block_in_the_classic_rules() -> None:
    p = F(19, 27)
    result = solve_turn(get_edition("lrb6"), _pro_block(team_rerolls=0))
    assert result.probability == p + (1 - p) * HALF * p
    # LRB6: a failed Pro roll may itself be re-rolled with a team re-roll
    with_team = solve_turn(get_edition("lrb6"), _pro_block(team_rerolls=1))
    pro_then_team = (HALF + HALF * HALF) * p  # the Pro roll passes first time, or on the team re-roll
    assert with_team.probability == max(p + (1 - p) * p, p + (1 - p) * pro_then_team)


def test_one_die_reroll_when_the_defender_chooses() -> None:
    """Two dice, the defender chooses: only both dice on a success face succeed. Re-rolling one die
    helps only when exactly one die failed."""
    categories = blocks.face_categories(
        get_edition("bb2025"),
        Board([Player("a", "A", Square(5, 5)), Player("d", "D", Square(6, 5))]),
        Player("a", "A", Square(5, 5)),
        Player("d", "D", Square(6, 5)),
    )
    wanted = frozenset({"defender_down"})
    s = F(2, 6)  # Defender Down and Defender Stumbles (no Dodge)
    failures = 1 - s * s
    exactly_one_bad = 2 * s * (1 - s)
    assert blocks.one_die_reroll(categories, 2, "defender", wanted) == exactly_one_bad / failures * s


def _pass_board(thrower_skills: frozenset[str]) -> tuple[Board, Player, Player]:
    thrower = Player("t", "home", Square(5, 7), ag=3, skills=thrower_skills)
    catcher = Player("c", "home", Square(9, 7), ag=3)
    return Board([thrower, catcher]), thrower, catcher


def test_a_loner_or_pro_thrower_uses_his_own_rules_on_the_pass() -> None:
    edition = get_edition("lrb6")
    for skills, rescue in ((frozenset(), F(1)), (frozenset({"loner"}), HALF)):
        board, thrower, catcher = _pass_board(skills)
        outcome = passing.pass_outcome(edition, thrower, board, catcher.location)
        assert outcome is not None
        pass_p = outcome.roll.probability
        catch_p = passing.catch_roll(edition, catcher, board).probability
        got = passing.accurate_pass_and_catch(edition, board, thrower, catcher, outcome, team_rerolls=1)
        # one team re-roll for both rolls, spent on the first that fails; a Loner thrower's works on 4+
        expected = pass_p * (catch_p + (1 - catch_p) * catch_p) + (1 - pass_p) * rescue * pass_p * catch_p
        assert got == expected, skills
    board, thrower, catcher = _pass_board(frozenset({"pro"}))
    outcome = passing.pass_outcome(edition, thrower, board, catcher.location)
    assert outcome is not None
    pass_p, catch_p = outcome.roll.probability, passing.catch_roll(edition, catcher, board).probability
    got = passing.accurate_pass_and_catch(edition, board, thrower, catcher, outcome, team_rerolls=0)
    assert got == (pass_p + (1 - pass_p) * HALF * pass_p) * catch_p  # Pro 4+ saves the pass only


def test_nothing_to_roll_is_certain() -> None:
    """A move with no dice (a free walk, an empty turn) always succeeds: probability 1, nothing
    stops it, no re-roll spent (issue 23: it read 0 %)."""
    for team_rerolls in (0, 1, 3):
        answer = solve([], team_rerolls)
        assert answer.probability == 1
        assert answer.stops == () and answer.team_rerolls_used == 0
    for key in ("lrb6", "bb2025"):
        assert solve_turn(get_edition(key), Turn(())).probability == 1


def test_a_free_walk_on_the_board_is_certain() -> None:
    """Two squares in the open, no tackle zone, within MA: no roll, so the route is 1/1, the same
    chance the reach map gives that square (the board read "0 %" for it)."""
    from rulebook.engine import Weather, analyse

    for key in ("lrb6", "bb2025"):
        walker = Player("A1", "home", Square(12, 7))
        answer = analyse(get_edition(key), Board([walker]), "A1", Square(14, 7), 1, Weather.NICE)
        assert answer.route is not None
        assert answer.route.probability == 1
