"""The rolls issue 24 adds to the odds of a turn, against chances worked out by hand in each test:
targets outside 2..6 before the roller's modifiers, Diving Catch, Cloud Burster, Mighty Blow (+2),
Lone Fouler, Bribe and Argue the Call, Hypnotic Gaze, Dauntless and Tentacles as rolls of their own.

Foul arithmetic used below (no assists, classic AV 8 = 2025 AV 9+: the armour breaks on 9 or more):
of the 36 armour results, 10 break; 2 of them are doubles (5+5, 6+6), seen by the referee; the
other 8 are seen when the injury roll is a double (6 of 36). So a broken armour unseen is
8/36 * 30/36 = 240/1296, broken and seen 2/36 + 8/36 * 6/36 = 120/1296, and any sighting
(every armour double, 6/36, or a broken non-double then an injury double) 264/1296 = 11/54."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from rulebook.engine import get_edition
from rulebook.engine.turn import Turn, TurnError, TurnPlayer, TurnStep, solve_turn

LRB6, BB = get_edition("lrb6"), get_edition("bb2025")
BOTH = pytest.mark.parametrize("edition", [LRB6, BB], ids=["lrb6", "bb2025"])


def odds(edition, *steps: TurnStep, players=(), rerolls: int = 0):
    return solve_turn(edition, Turn(tuple(steps), tuple(players), rerolls))


def chance(edition, *steps: TurnStep, players=(), rerolls: int = 0) -> F:
    return odds(edition, *steps, players=players, rerolls=rerolls).probability


def step(kind: str, value: int, player: str = "p", **options) -> TurnStep:
    return TurnStep(kind, value, player, **options)


def who(*skills: str, name: str = "p", **stats) -> TurnPlayer:
    return TurnPlayer(name, frozenset(skills), **stats)


# -- 1. targets outside 2..6 before modifiers --------------------------------------------------


@BOTH
def test_a_target_beyond_six_is_a_natural_six_and_one_below_two_fails_on_a_one(edition) -> None:
    assert chance(edition, step("dodge", 7)) == F(1, 6)  # only the natural 6
    assert chance(edition, step("dodge", 9)) == F(1, 6)
    assert chance(edition, step("dodge", 1)) == F(5, 6)  # the natural 1 still fails


def test_break_tackle_counts_from_the_written_seven_2025() -> None:
    # ST 5: +3. 7+ after +3 is 4+ on the die: faces 4, 5, 6 (a clamped 6+ would have let 3 in too).
    assert chance(BB, step("dodge", 7), players=[who("break-tackle", st=5)]) == F(3, 6)


def test_break_tackle_counts_from_the_written_seven_classic() -> None:
    # Classic: ST 5 in place of AG 3 on the agility table, 2+ instead of 4+: +2. 7+ is 5+: 2 faces.
    assert chance(LRB6, step("dodge", 7), players=[who("break-tackle", st=5)]) == F(2, 6)


@BOTH
def test_an_interceptor_on_seven_needs_a_natural_six(edition) -> None:
    # pass 2+ (a 1 fumbles): 5/6; the interceptor (before it, classic; after it, 2025) 1/6.
    assert chance(edition, step("pass", 2, intercept=7)) == F(5, 6) * F(5, 6)


# -- 2. skills and values ------------------------------------------------------------------------


@BOTH
def test_diving_catch_after_an_accurate_pass(edition) -> None:
    catcher = who("diving-catch", name="c")
    steps = (step("pass", 2, "t"), step("catch", 4, "c"))
    assert chance(edition, *steps, players=[catcher]) == F(5, 6) * F(4, 6)  # the catch is a 3+
    assert chance(edition, *steps) == F(5, 6) * F(3, 6)
    assert chance(edition, step("catch", 4, "c"), players=[catcher]) == F(3, 6)  # no pass: no bonus


def test_diving_catch_helps_the_inaccurate_ball_on_his_square_in_2025_only() -> None:
    # pass 6+: accurate 1/6, inaccurate 4/6 (2-5). Diving Catch adds one face to the accurate catch
    # (1/6 * 1/6 = 1/36) and, in 2025, to the ball scattered back onto him (4/6 * 3/64 * 1/6 = 1/192).
    catcher = who("diving-catch", name="c")

    def gain(edition) -> F:
        steps = (step("pass", 6, "t"), step("catch", 4, "c"))
        return chance(edition, *steps, players=[catcher]) - chance(edition, *steps)

    assert gain(LRB6) == F(1, 36)
    assert gain(BB) == F(1, 36) + F(1, 192)


def test_cloud_burster_pass_is_never_intercepted_2025() -> None:
    thrower = who("cloud-burster", name="t")
    assert chance(BB, step("pass", 2, "t", intercept=2), players=[thrower]) == F(5, 6)
    assert chance(BB, step("pass", 2, "t", intercept=2)) == F(5, 6) * F(1, 6)
    with pytest.raises(TurnError, match="skill_not_in_edition"):
        chance(LRB6, step("pass", 2, "t"), players=[thrower])


def test_mighty_blow_two_breaks_av9_on_seven_2025() -> None:
    # 2D6 >= 9 - 2: 21 of 36; +1: >= 8, 15 of 36; none: >= 9, 10 of 36.
    strong = TurnPlayer("p", frozenset({"mighty-blow"}), values=(("mighty-blow", 2),))
    assert chance(BB, step("armour", 9), players=[strong]) == F(21, 36)
    assert chance(BB, step("armour", 9), players=[who("mighty-blow")]) == F(15, 36)
    assert chance(BB, step("armour", 9)) == F(10, 36)


@pytest.mark.parametrize(("edition", "skill"), [(LRB6, "mighty-blow"), (LRB6, "dirty-player"), (BB, "dirty-player")])
def test_a_value_the_edition_does_not_print_is_refused(edition, skill: str) -> None:
    player = TurnPlayer("p", frozenset({skill}), values=((skill, 2),))
    with pytest.raises(TurnError, match="skill_value"):
        chance(edition, step("armour", 8), players=[player])


def test_lone_fouler_rerolls_a_failed_armour_roll_without_assists_2025() -> None:
    # 10/36 on one roll, 1 - (26/36)^2 = 620/1296 with the re-roll; a foul last: a sighting still counts.
    fouler = who("lone-fouler")
    assert chance(BB, step("foul", 9), players=[fouler]) == 1 - F(26, 36) ** 2
    assert chance(BB, step("foul", 9, assists=1), players=[fouler]) == F(15, 36)  # 2D6 + 1 >= 9, no re-roll
    with pytest.raises(TurnError, match="skill_not_in_edition"):
        chance(LRB6, step("foul", 8), players=[fouler])


# -- 3. Bribe, Argue the Call, Hypnotic Gaze, Dauntless, Tentacles ----------------------------------


def foul_then_rush(edition, **options):
    av = 9 if edition is BB else 8
    return odds(edition, step("foul", av, **options), step("rush", 2))


@BOTH
def test_a_bribe_saves_the_turn_from_a_sighting_on_two_plus(edition) -> None:
    plain, bribed = foul_then_rush(edition), foul_then_rush(edition, bribe=True)
    assert plain.probability == F(240, 1296) * F(5, 6)
    assert bribed.probability == (F(240, 1296) + F(120, 1296) * F(5, 6)) * F(5, 6)
    assert plain.steps[0].sent_off == F(11, 54)
    assert bribed.steps[0].sent_off == F(11, 54) * F(1, 6)


def test_argue_the_call_keeps_him_on_a_six_and_the_turnover_stands_2025() -> None:
    argued = foul_then_rush(BB, argue=True)
    assert argued.probability == F(240, 1296) * F(5, 6)  # the turn is no better
    assert argued.steps[0].sent_off == F(11, 54) * F(5, 6)
    both = foul_then_rush(BB, argue=True, bribe=True)
    bribe_only = foul_then_rush(BB, bribe=True)
    assert both.probability == bribe_only.probability  # arguing first would cost the Bribe's no-turnover
    assert both.steps[0].sent_off == F(11, 54) * F(5, 6) * F(1, 6)  # argued, then bribed
    with pytest.raises(TurnError, match="argue_not_in_edition"):
        foul_then_rush(LRB6, argue=True)


@BOTH
def test_hypnotic_gaze_is_a_team_rerollable_d6_test(edition) -> None:
    assert chance(edition, step("gaze", 3), rerolls=1) == F(4, 6) + F(2, 6) * F(4, 6)
    assert chance(edition, step("gaze", 4)) == F(3, 6)


@BOTH
def test_dauntless_then_the_block_with_either_dice(edition) -> None:
    # ST 3 against ST 5: D6 + 3 > 5 on 3+ (2/3). Then one die, knocking down on Pow or Pushed-and-
    # down with no Dodge (1/3); after a failure -2 dice, both must be one of those (1/9).
    steps = (step("dauntless", 5), step("block", 2, defender_chooses=True))
    assert chance(edition, *steps) == F(2, 3) * F(1, 3) + F(1, 3) * F(1, 9)
    # ST 2 against ST 8: a 6 makes 8, not more: no natural 6 rule, only the -2 dice block is left.
    weak = [who(st=2)]
    assert chance(edition, step("dauntless", 8), step("block", 2, defender_chooses=True), players=weak) == F(1, 9)


@BOTH
def test_dauntless_is_refused_against_an_equal_and_away_from_a_block(edition) -> None:
    with pytest.raises(TurnError, match="dauntless_not_stronger"):
        chance(edition, step("dauntless", 3), step("block", 1))
    with pytest.raises(TurnError, match="dauntless_before_block"):
        chance(edition, step("dauntless", 4), step("rush", 2))


def test_tentacles_roll_classic_the_mover_may_reroll_it() -> None:
    # 2D6 + 3 - 5 <= 5 holds him: 2D6 <= 7, 21/36; he breaks free on 15/36, and a team re-roll saves one.
    assert chance(LRB6, step("tentacles", 5)) == F(15, 36)
    assert chance(LRB6, step("tentacles", 5), rerolls=1) == F(15, 36) + F(21, 36) * F(15, 36)


def test_tentacles_roll_2025_is_not_his_to_reroll() -> None:
    # The Tentacles player's D6 + 5 - 3 >= 6 holds: 4+, one half; the mover's re-roll does nothing.
    assert chance(BB, step("tentacles", 5)) == F(1, 2)
    assert chance(BB, step("tentacles", 5), rerolls=1) == F(1, 2)


def test_held_by_tentacles_leads_to_the_steps_written_after_it() -> None:
    # Free 15/36; held 21/36, then another player's one-die block knocks down on 2 faces of 6.
    steps = (step("tentacles", 5, "r"), step("block", 1, "o", conditional=True))
    assert chance(LRB6, *steps) == F(15, 36) + F(21, 36) * F(2, 6)


@BOTH
def test_dauntless_alone_says_how_often_it_works(edition) -> None:
    result = odds(edition, step("dauntless", 5), step("block", 1))
    assert result.steps[0].alone == F(4, 6)  # D6 + 3 > 5: 3, 4, 5, 6
