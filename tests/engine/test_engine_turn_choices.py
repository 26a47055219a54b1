"""A coach's own play ("/rr:…", "/keep:…"), a step made only after another misses ("!"), and
Frenzy's second block after Dauntless, each against a chance worked out by hand in the test.

Block arithmetic used below (no skills on either side, both editions): one die shows Pow and
Stumble (the defender down, 2/6), Push twice (2/6), Skull and Both Down (the blocker down,
2/6). Two dice, the attacker choosing: down unless neither die is Pow or Stumble,
1 - (4/6)^2 = 5/9; a push (no down die, at least one push) (4/6)^2 - (2/6)^2 = 1/3; the
blocker down 1/9. Two dice, the defender choosing: down only when both are, (2/6)^2 = 1/9; a
push when both are push or down and not both down, (4/6)^2 - 1/9 = 1/3; the blocker down 5/9."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from rulebook.engine import get_edition
from rulebook.engine.turn import Turn, TurnError, TurnPlayer, TurnStep, solve_turn
from tutorial.odds.code import parse_code

LRB6, BB = get_edition("lrb6"), get_edition("bb2025")
BOTH = pytest.mark.parametrize("edition", [LRB6, BB], ids=["lrb6", "bb2025"])


def odds(code: str):
    sequence = parse_code(code)
    return solve_turn(get_edition(sequence.edition), sequence.turn())


# -- 1. a coach's own play ----------------------------------------------------------------------


@BOTH
def test_no_reroll_on_a_dodge_costs_the_team_reroll_it_would_have_spent(edition) -> None:
    # 3+: 2/3 kept as it falls; the best play re-rolls a failure: 1 - (1/3)^2 = 8/9.
    result = odds(f"{edition.key};rr1;dodge:3/rr:none")
    assert result.probability == F(2, 3)
    assert result.best == F(8, 9)


def test_pro_on_the_first_of_two_dodges_classic() -> None:
    # Two 4+ dodges (1/2 each), Pro (4+, a failed Pro roll team re-rollable) and one team re-roll.
    # The coach's play: Pro only on the first (so no team re-roll of a failed Pro roll there).
    #   first made 1/2, then the second with both: a team re-roll (1/2) beats Pro (1/2 * 1/2,
    #   its failed roll team re-rolled 1/2 * 1/2 * 1/2 = 3/8): 3/4          -> 1/2 * 3/4 = 3/8
    #   first failed, Pro roll 4+ (1/2), made (1/2), the second with the team re-roll: 3/4 -> 3/32
    #   15/32 in all.
    # The best play: the team re-roll on the first failure (1/2), Pro left for the second
    # (1/2 + 1/2 * 1/2 * 1/2 = 5/8): 5/16, against Pro first (1/2 * 1/2 * 3/4 + its team
    # re-rolled Pro roll 1/2 * 1/2 * 1/2 * 1/2 = 1/4). 3/8 + 1/2 * 5/16 = 17/32.
    result = odds("lrb6;rr1;p=pro;dodge:4/rr:pro,dodge:4")
    assert (result.probability, result.best) == (F(15, 32), F(17, 32))


def test_pro_on_the_first_of_two_dodges_2025() -> None:
    # 2025 Pro: 3+ (2/3), a failed Pro roll stands. The coach's play:
    #   first made 1/2, the second: team re-roll 1/2 beats Pro 2/3 * 1/2: 3/4        -> 3/8
    #   first failed, Pro 2/3, made 1/2, the second with the team re-roll 3/4       -> 1/8
    #   1/2 in all. The best play: the team re-roll first (1/2), then Pro on the second
    #   (1/2 + 1/2 * 2/3 * 1/2 = 2/3): 1/3, against Pro first (2/3 * 1/2 * 3/4 = 1/4).
    #   3/8 + 1/2 * 1/3 = 13/24.
    result = odds("bb2025;rr1;p=pro;dodge:4/rr:pro,dodge:4")
    assert (result.probability, result.best) == (F(1, 2), F(13, 24))


@BOTH
def test_keeping_the_push_of_a_two_dice_block(edition) -> None:
    # Goal down, one team re-roll. Best: re-roll a push or a fall (4/9): 5/9 + 4/9 * 5/9 = 65/81.
    # A push kept: only the fall (1/9) is re-rolled: 5/9 + 1/9 * 5/9 = 50/81.
    result = odds(f"{edition.key};rr1;block:2d/keep:push")
    assert (result.probability, result.best) == (F(50, 81), F(65, 81))


def test_a_kept_push_counts_on_both_blocks_of_frenzy() -> None:
    # Frenzy, one die, one team re-roll; the choice holds for every roll of the step.
    # Best: a push leads to the second block with the re-roll still there (1/3 + 2/3 * 1/3 =
    # 5/9), better than re-rolling it (1/3 + 1/3 * 1/3 = 4/9); a fall is re-rolled (1/3 * 4/9):
    # 1/3 + 1/3 * 5/9 + 4/27 = 2/3. Kept: the second block's push is kept too, only its fall
    # re-rolled (1/3 + 1/3 * 1/3 = 4/9): 1/3 + 1/3 * 4/9 + 4/27 = 17/27.
    result = odds("lrb6;rr1;p=frenzy;block:1d/keep:push")
    assert (result.probability, result.best) == (F(17, 27), F(2, 3))


@BOTH
def test_a_play_that_is_the_best_one_costs_nothing(edition) -> None:
    # A Dodge re-roll comes before any team re-roll: with none allowed, 1 - (1/3)^2 = 8/9 still.
    result = odds(f"{edition.key};rr1;p=dodge;dodge:3/rr:no-team")
    assert result.probability == result.best == F(8, 9)


def test_no_choice_no_best_to_compare() -> None:
    assert odds("lrb6;rr1;dodge:3").best is None


@BOTH
def test_keeping_the_inaccurate_throw(edition) -> None:
    # Pass 4+ (accurate 1/2, inaccurate 1/3, fumbled 1/6), then the catch 3+ (2/3); an inaccurate
    # ball comes to him on 51/512 (tests/engine/test_engine_turn.py's BACK) and is caught on 4+.
    # One team re-roll. Kept: accurate, the catch with the re-roll 8/9 -> 4/9; inaccurate kept,
    # the catch with it BACK * 3/4; a fumble re-rolled, then no re-roll: 1/3 + BACK/6, a sixth of
    # it. 1/2 + 5 BACK/18. Best (the inaccurate pass re-rolled): 4/9 + 1/2 (1/3 + BACK/6) = 11/18 + BACK/12.
    back = F(51, 512)
    result = odds(f"{edition.key};rr1;t.pass:4/keep:inaccurate,c.catch:3")
    assert (result.probability, result.best) == (F(1, 2) + 5 * back / 18, F(11, 18) + back / 12)


@pytest.mark.parametrize(
    ("code", "problem"),
    [
        ("lrb6;rr1;dodge:3/rr:pro", "choice_unavailable"),  # he has no Pro
        ("lrb6;rr1;dodge:3/rr:skill", "choice_unavailable"),  # nor Dodge
        ("lrb6;rr1;armour:8/rr:none", "choice_unavailable"),  # no re-roll saves an armour roll
        ("lrb6;rr1;dodge:3/keep:push", "keep_not_a_result"),
        ("lrb6;rr1;block:2d/keep:pow", "keep_not_a_result"),
    ],
)
def test_a_play_the_roll_cannot_have_is_refused(code: str, problem: str) -> None:
    with pytest.raises(TurnError) as refused:
        odds(code)
    assert refused.value.code == problem


# -- 2. a step only after another misses ------------------------------------------------------


@BOTH
def test_a_block_only_after_a_stab_that_does_not_break(edition) -> None:
    # Stab against classic AV 8 = 2025 AV 9+: 9 or more on 2D6, 10/36 = 5/18. Only if it does
    # not break (13/18) the other player blocks, 2 dice: 5/9. 5/18 + 13/18 * 5/9 = 55/81.
    av = 8 if edition is LRB6 else 9
    assert odds(f"{edition.key};rr0;a.stab:{av},!b.block:2d").probability == F(55, 81)
    # a step after the run is made on both paths: a rush 2+ (5/6) after either
    assert odds(f"{edition.key};rr0;a.stab:{av},!b.block:2d,gfi").probability == F(55, 81) * F(5, 6)


def test_a_run_of_steps_after_a_miss_and_a_miss_inside_it() -> None:
    # Two "!" steps are one run: the stab misses (13/18), then b blocks (5/9) and rushes (5/6):
    # 5/18 + 13/18 * 5/9 * 5/6. The run's own miss (b's block) ends the turn.
    run = odds("lrb6;rr0;a.stab:8,!b.block:2d,!b.gfi")
    assert run.probability == F(5, 18) + F(13, 18) * F(5, 9) * F(5, 6)


def test_a_miss_inside_a_branch_nested_conditions() -> None:
    # a blocks 2D for a push or better; only after a knock-down (5/9) the armour roll (AV 8:
    # 5/18); only if that holds (13/18) c blocks with one die (1/3). A push alone (1/3) ends
    # the turn's steps at once. 5/9 * (5/18 + 13/18 * 1/3) + 1/3 = 5/9 * 14/27 + 1/3 = 151/243.
    assert odds("lrb6;rr0;a.block:2d/push,?armour:8,!c.block:1d").probability == F(151, 243)


def test_a_miss_is_not_a_turnover_but_a_fall_is() -> None:
    # Block 2D (goal down), and only if it misses with the blocker standing (a push, 1/3) a
    # second player's block, 1 die (1/3): 5/9 + 1/3 * 1/3 = 2/3. A fall (1/9) ends the turn.
    assert odds("lrb6;rr0;a.block:2d,!b.block:1d").probability == F(2, 3)


@BOTH
def test_a_failed_hypnotic_gaze_leaves_the_turn_to_another_player(edition) -> None:
    # 2025 gaze 3+ (2/3) or classic 4+ (1/2); if it fails, b dodges 3+ (2/3).
    target, made = (3, F(2, 3)) if edition is BB else (4, F(1, 2))
    result = odds(f"{edition.key};rr0;a.gaze:{target},!b.dodge:3")
    assert result.probability == made + (1 - made) * F(2, 3)


def test_a_step_after_a_miss_needs_a_roll_that_can_miss() -> None:
    with pytest.raises(TurnError) as refused:
        odds("lrb6;rr0;dodge:3,!gfi")  # a failed dodge is a turnover: nothing follows it
    assert refused.value.code == "miss_impossible"
    with pytest.raises(TurnError):
        odds("lrb6;rr0;block:2d/safe,!gfi")  # "no turnover" is never missed without one


# -- 3. Frenzy's second block after Dauntless ------------------------------------------------


@BOTH
def test_frenzy_second_block_rolls_dauntless_again(edition) -> None:
    # ST 3 against ST 4: D6 + 3 > 4 on 2+ (5/6), then one die (a draw), else -2D.
    # Each block of the action has its own Dauntless roll (2025 Dauntless: "a separate roll for
    # each block"; FFB pushes the whole block sequence, Dauntless step included, again for
    # Frenzy in both rule sets). The second block: 5/6 * 1/3 + 1/6 * 1/9 = 8/27.
    # First: 5/6 * (1/3 + 1/3 push * 8/27) + 1/6 * (1/9 + 1/3 * 8/27) = 5/6 * 35/81 + 1/6 * 17/81
    # = 192/486 = 32/81 (with the first block's dice kept for the second, it was 1/3).
    steps = (TurnStep("dauntless", 4, "p"), TurnStep("block", 2, "p", defender_chooses=True, dauntless=1))
    turn = Turn(steps, (TurnPlayer("p", frozenset({"frenzy"})),), 0)
    assert solve_turn(edition, turn).probability == F(32, 81)


def test_blind_rage_rerolls_the_second_blocks_dauntless_too_2025() -> None:
    # ST 3 against ST 5: 3+ (2/3), re-rolled by Blind Rage (no once-a-turn limit): 8/9, on each
    # block. Second block: 8/9 * 1/3 + 1/9 * 1/9 = 25/81. First: 8/9 * (1/3 + 1/3 * 25/81)
    # + 1/9 * (1/9 + 1/3 * 25/81) = 8/9 * 106/243 + 1/9 * 52/243 = 900/2187 = 100/243.
    assert odds("bb2025;rr0;p=frenzy,blind-rage;dauntless:5,block:-2d/dauntless:1d").probability == F(100, 243)
