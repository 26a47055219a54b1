"""The odds of a whole turn (engine/turn.py): every kind of step in both editions against chances
worked out by hand in each test (the arithmetic is written out, never taken from the engine)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

import pytest

from rulebook.engine import get_edition
from rulebook.engine.probability import d6_success
from rulebook.engine.sequence import SequenceStep, solve
from rulebook.engine.turn import Turn, TurnError, TurnPlayer, TurnStep, solve_turn

LRB6, BB = get_edition("lrb6"), get_edition("bb2025")
BOTH = pytest.mark.parametrize("edition", [LRB6, BB], ids=["lrb6", "bb2025"])


def sixths(n: int) -> F:
    return F(n, 6)


def two_d6_at_least(n: int) -> F:
    return F(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= n), 36)


def odds(edition, *steps: TurnStep, players=(), rerolls: int = 0):
    return solve_turn(edition, Turn(tuple(steps), tuple(players), rerolls))


def chance(edition, *steps: TurnStep, players=(), rerolls: int = 0) -> F:
    return odds(edition, *steps, players=players, rerolls=rerolls).probability


def step(kind: str, value: int, player: str = "p", **options) -> TurnStep:
    return TurnStep(kind, value, player, **options)


def who(*skills: str, name: str = "p", **stats) -> TurnPlayer:
    return TurnPlayer(name, frozenset(skills), **stats)


# -- D6 rolls and the re-rolls that save them -------------------------------------------------


@BOTH
def test_dodge_skill_once_per_turn_sure_hands_every_time(edition) -> None:
    p = sixths(3)  # 4+
    once = p * (p + (1 - p) * p) + (1 - p) * p * p  # his one Dodge re-roll saves the first that fails
    assert chance(edition, step("dodge", 4), step("dodge", 4), players=[who("dodge")]) == once
    every = (p + (1 - p) * p) ** 2  # Sure Hands re-rolls each failed pick-up
    assert chance(edition, step("pickup", 4), step("pickup", 4), players=[who("sure-hands")]) == every


@BOTH
def test_sure_feet_once_per_turn(edition) -> None:
    p = sixths(5)
    got = chance(edition, step("rush", 2), step("rush", 2), players=[who("sure-feet")])
    assert got == p * (p + (1 - p) * p) + (1 - p) * p * p


def test_team_rerolls_shared_by_players_per_edition() -> None:
    p = sixths(4)  # 3+
    steps = (step("dodge", 3, "a"), step("dodge", 3, "b"))
    one = p * (p + (1 - p) * p) + (1 - p) * p * p
    assert chance(LRB6, *steps, rerolls=2) == one  # classic: one team re-roll per turn
    assert chance(BB, *steps, rerolls=2) == (p + (1 - p) * p) ** 2  # 2025: as many as the team has
    result = odds(BB, *steps, rerolls=2)
    assert result.team_rerolls_used == (1 - p) + (p + (1 - p) * p) * (1 - p)  # a's fails, then b's if reached


def test_loner_targets_per_edition() -> None:
    p = sixths(4)
    assert chance(BB, step("dodge", 3), players=[who("loner", loner=3)], rerolls=1) == p + (1 - p) * sixths(4) * p
    assert chance(LRB6, step("dodge", 3), players=[who("loner")], rerolls=1) == p + (1 - p) * sixths(3) * p
    with pytest.raises(TurnError) as problem:
        solve_turn(LRB6, Turn((step("dodge", 3),), (who("loner", loner=3),), 1))
    assert problem.value.code == "loner_target"


def test_pro_belongs_to_each_player() -> None:
    p = sixths(4)
    steps = (step("dodge", 3, "a"), step("dodge", 3, "b"))
    pros = [who("pro", name="a"), who("pro", name="b")]
    assert chance(LRB6, *steps, players=pros) == (p + (1 - p) * F(1, 2) * p) ** 2  # Pro on 4+
    assert chance(BB, *steps, players=pros) == (p + (1 - p) * F(2, 3) * p) ** 2  # Pro on 3+
    # twice by the same player: once per turn
    twice = (step("dodge", 3, "a"), step("dodge", 3, "a"))
    saved = p + (1 - p) * F(2, 3) * p
    assert chance(BB, *twice, players=pros[:1]) == p * saved + (1 - p) * F(2, 3) * p * p


def test_break_tackle_after_the_roll_once_per_turn() -> None:
    # classic AG 2, ST 4: 5+ by agility, 3+ by strength: two dodges needing 4+ (a 2-point help)
    classic = [who("break-tackle", ag=2, st=4)]
    two = (step("dodge", 4), step("dodge", 4))
    # first: 4+ passes (1/2), 2-3 saved by Break Tackle (2/6); the second then plain (1/2) or helped (5/6)
    expected = F(1, 2) * F(5, 6) + F(2, 6) * F(1, 2)
    assert chance(LRB6, *two, players=classic) == expected
    assert chance(BB, *two, players=[who("break-tackle", st=4)]) == expected  # 2025 ST 4: +2
    assert chance(BB, step("dodge", 5), players=[who("break-tackle", st=5)]) == sixths(5)  # +3: 2+
    assert chance(BB, step("dodge", 5), players=[who("break-tackle", st=3)]) == sixths(3)  # +1: 4+


def test_diving_tackle_per_edition() -> None:
    dt = step("dodge", 3, against=frozenset({"diving-tackle"}))
    assert chance(LRB6, dt) == chance(BB, dt) == sixths(2)  # 5+ once the -2 is applied
    # classic: spoiling 3-4 uses it up, the re-roll is at 3+; after 1-2 it waits for the re-roll (5+)
    assert chance(LRB6, dt, rerolls=1) == sixths(2) + sixths(2) * sixths(4) + sixths(2) * sixths(2)
    # 2025: applied after every re-roll, so the re-roll needs 5+ too
    assert chance(BB, dt, rerolls=1) == sixths(2) + sixths(4) * sixths(2)


def test_tentacles_per_edition() -> None:
    mover = [who(st=3)]
    held_classic = F(15, 36)  # 2D6 + 3 - 4 <= 5: 2D6 of 6 or less
    assert chance(LRB6, step("dodge", 3, tentacles=4), players=mover) == (1 - held_classic) * sixths(4)
    held_2025 = sixths(2)  # D6 + 4 - 3 >= 6: a 5 or a 6
    assert chance(BB, step("dodge", 3, tentacles=4), players=mover) == (1 - held_2025) * sixths(4)


def test_shadowing_branches_to_the_steps_marked_for_it() -> None:
    steps = (step("dodge", 3, shadowing=6), step("dodge", 4, conditional=True), step("rush", 2))
    follows = F(21, 36)  # classic: 2D6 + 6 - 6 <= 7
    expected = sixths(4) * ((1 - follows) + follows * sixths(3)) * sixths(5)
    assert chance(LRB6, *steps) == expected
    half = F(1, 2)  # 2025: a D6, 4+
    assert chance(BB, *steps) == sixths(4) * ((1 - half) + half * sixths(3)) * sixths(5)


# -- passing -----------------------------------------------------------------------------------------


# An inaccurate ball scatters three times (D8 each) and comes to a lone catcher in the open when it
# ends on his square, 24 of the 8**3 walks (3/64), or ends next to him and its one bounce lands on
# him, 216 of the 8**4 scatter-and-bounce walks (27/512): 51/512 (derived in test_engine_odds_defects).
BACK = F(3, 64) + F(27, 512)


@BOTH
def test_pass_accurate_inaccurate_fumble_and_the_catch(edition) -> None:
    throw = (step("pass", 4, "t"), step("catch", 3, "c"))
    # 4+ accurate (3/6), 2-3 inaccurate (2/6), 1 fumbled; the inaccurate ball must come back and is
    # caught on 4+ (one worse); both editions
    plain = sixths(3) * sixths(4) + sixths(2) * BACK * sixths(3)
    assert chance(edition, *throw) == plain
    # one team re-roll: re-roll a fumble or an inaccurate pass (the scatter rarely comes back)
    catch_saved, inaccurate_saved = sixths(4) + sixths(2) * sixths(4), sixths(3) + sixths(3) * sixths(3)
    assert 3 * BACK * inaccurate_saved < plain  # why the inaccurate pass is re-rolled
    assert chance(edition, *throw, rerolls=1) == sixths(3) * catch_saved + sixths(3) * plain


def test_interceptions_before_the_pass_classic_after_it_in_2025() -> None:
    throw = (step("pass", 4, "t", intercept=5), step("catch", 3, "c"))
    plain = sixths(3) * sixths(4) + sixths(2) * BACK * sixths(3)
    assert chance(LRB6, *throw) == (1 - sixths(2)) * plain
    # 2025: an accurate pass is intercepted on 5+, an inaccurate one on 4+ (-2 instead of -3)
    assert chance(BB, *throw) == sixths(3) * sixths(4) * sixths(4) + sixths(2) * sixths(3) * BACK * sixths(3)


def test_fumble_threshold_and_hail_mary() -> None:
    # 2025 PA 4+ short pass (-1): accurate on 5+, fumbled on 1-2
    assert chance(BB, step("pass", 5, fumble=2), step("catch", 3, "c")) == sixths(2) * sixths(4) + sixths(
        2
    ) * BACK * sixths(3)
    # Hail Mary: never accurate; classic fumbles on a 1 only; 2025 a Long Bomb (here fumbled on 1-4)
    assert chance(LRB6, step("hailmary", 2), step("catch", 3, "c")) == sixths(5) * BACK * sixths(3)
    assert chance(BB, step("hailmary", 5, fumble=4), step("catch", 3, "c")) == sixths(2) * BACK * sixths(3)
    # the Pass skill re-rolls it
    thrower = [who("pass", name="t")]
    once = sixths(5) + sixths(1) * sixths(5)
    got = chance(LRB6, step("hailmary", 2, "t"), step("catch", 3, "c"), players=thrower)
    assert got == once * BACK * sixths(3)


@BOTH
def test_hand_off_with_catch(edition) -> None:
    assert chance(edition, step("handoff", 3, "c"), players=[who("catch", name="c")]) == sixths(4) + sixths(2) * sixths(
        4
    )


def test_throw_team_mate_and_landing() -> None:
    steps = (step("ttm", 4, "ogre"), step("land", 3, "gob"))
    # 2025: superb on 4+ lands on 3+, subpar (2-3) lands on 4+, a fumble (1) fails
    assert chance(BB, *steps) == sixths(3) * sixths(4) + sixths(2) * sixths(3)
    # classic: every throw scatters and lands alike; only the fumble matters
    assert chance(LRB6, *steps) == sixths(5) * sixths(4)


@BOTH
def test_leap_and_other_rolls_take_team_rerolls_only(edition) -> None:
    p = sixths(3)
    assert chance(edition, step("leap", 4), rerolls=1) == p + (1 - p) * p
    assert chance(edition, step("roll", 4), players=[who("dodge")]) == p


# -- blocks ------------------------------------------------------------------------------------------


def block(dice: int, **options) -> TurnStep:
    return step("block", dice, **options)


@BOTH
def test_block_with_both_players_skills(edition) -> None:
    vs_dodge = block(2, against=frozenset({"dodge"}))
    # Block vs Dodge: Both Down and Defender Down knock him down (2 faces of 6 on each die)
    assert chance(edition, vs_dodge, players=[who("block")]) == 1 - sixths(4) ** 2
    # Tackle cancels Dodge: the stumble knocks him down too
    assert chance(edition, vs_dodge, players=[who("block", "tackle")]) == 1 - sixths(3) ** 2
    # defender chooses: both dice must knock down
    assert chance(edition, block(2, defender_chooses=True)) == sixths(2) ** 2


@BOTH
def test_block_goals(edition) -> None:
    # one die, nobody's skills: down on Stumble or Defender Down; a push also counts for "push";
    # "safe" fails only on Attacker Down and Both Down
    assert chance(edition, block(1)) == sixths(2)
    assert chance(edition, block(1, goal="push")) == sixths(4)
    assert chance(edition, block(1, goal="safe")) == sixths(4)
    # Wrestle turns Both Down into both placed prone: no turnover
    assert chance(edition, block(1, goal="safe"), players=[who("wrestle")]) == sixths(5)
    # Stand Firm: no push; against a blitzing Juggernaut it is lost and Both Down is a push
    firm = frozenset({"stand-firm"})
    assert chance(edition, block(1, goal="push", against=firm)) == sixths(2)
    assert chance(edition, block(1, goal="push", against=firm, blitz=True), players=[who("juggernaut")]) == sixths(5)
    # his back to the crowd: a push is as good as a knock-down
    assert chance(edition, block(1, crowd=True)) == sixths(4)


def test_brawler_and_hatred_in_2025_only() -> None:
    assert chance(BB, block(1), players=[who("brawler")]) == sixths(2) + sixths(1) * sixths(2)
    assert chance(BB, block(1), players=[who("hatred")]) == sixths(2) + sixths(1) * sixths(2)
    with pytest.raises(TurnError):
        solve_turn(LRB6, Turn((block(1),), (who("brawler"),), 0))


@BOTH
def test_frenzy_blocks_again_after_a_push(edition) -> None:
    frenzy = [who("frenzy")]
    # goal down: down (2/6), or pushed (2/6) and then down on the second block (2/6)
    assert chance(edition, block(1), players=frenzy) == sixths(2) + sixths(2) * sixths(2)
    # goal push: the second block is compulsory and may go wrong
    assert chance(edition, block(1, goal="push"), players=frenzy) == sixths(2) + sixths(2) * sixths(4)
    result = odds(edition, block(1), players=frenzy)
    assert result.steps[0].second_reached == sixths(2)


def test_a_foul_after_a_knock_down_only() -> None:
    # push or knock down; only a knock-down leads to the foul ("?"), then a rush in any case
    steps = (block(1, goal="push"), step("foul", 8, "f", conditional=True), step("rush", 2, "r"))
    foul_ok = F(8, 36) * F(30, 36)  # AV 8, no assist: 9+ but not 5-5 or 6-6, then no double on injury
    assert chance(LRB6, *steps) == (sixths(2) + sixths(2) * foul_ok) * sixths(5)


def test_block_rerolls_in_each_edition() -> None:
    p = sixths(2)
    assert chance(LRB6, block(1), rerolls=1) == p + (1 - p) * p
    # classic Pro: the whole block on 4+, a failed Pro roll may be team re-rolled
    pro = [who("pro")]
    assert chance(LRB6, block(1), players=pro) == p + (1 - p) * F(1, 2) * p
    assert chance(LRB6, block(1), players=pro, rerolls=1) == p + (1 - p) * p  # the team re-roll is surer
    # 2025 Pro: one die of three on 3+ (each die knocks down on 2 faces of 6)
    assert chance(BB, block(3), players=pro) == F(19, 27) + F(8, 27) * F(2, 3) * F(1, 3)


# -- armour, injury, fouls, chainsaws, stabs ---------------------------------------------------


def test_armour_goals_with_mighty_blow_and_claw() -> None:
    assert chance(LRB6, step("armour", 8)) == two_d6_at_least(9)
    mb = [who("mighty-blow")]
    assert chance(LRB6, step("armour", 8), players=mb) == two_d6_at_least(8)
    # KO or worse: a natural 9+ keeps Mighty Blow for the injury (7+), a natural 8 needs it on the armour
    ko = two_d6_at_least(9) * two_d6_at_least(7) + F(5, 36) * two_d6_at_least(8)
    assert chance(LRB6, step("armour", 8, goal="ko"), players=mb) == ko
    assert chance(BB, step("armour", 9, goal="ko"), players=mb) == ko  # AV 9+ is the classic AV 8
    assert chance(LRB6, step("armour", 10), players=[who("claw")]) == two_d6_at_least(8)
    assert chance(LRB6, step("armour", 10), players=[who("claw", "mighty-blow")]) == two_d6_at_least(7)
    assert chance(BB, step("armour", 11), players=[who("claws", "mighty-blow")]) == two_d6_at_least(8)


def test_victims_skills() -> None:
    # Thick Skull: an 8 on the injury roll is only Stunned
    assert chance(LRB6, step("armour", 8, goal="ko", against=frozenset({"thick-skull"}))) == two_d6_at_least(
        9
    ) * two_d6_at_least(9)
    # with Stunty: the classic rules read only an 8 as Stunned (7 stays KO); 2025 reads the 7 instead
    both = frozenset({"thick-skull", "stunty"})
    ko_or_worse_classic = two_d6_at_least(7) - F(5, 36)  # 7, 9+ on the Stunty table
    assert chance(LRB6, step("armour", 8, goal="ko", against=both)) == two_d6_at_least(9) * ko_or_worse_classic
    assert chance(BB, step("armour", 9, goal="ko", against=both)) == two_d6_at_least(9) * two_d6_at_least(8)
    # Stunty: 9 is Badly Hurt, a casualty
    stunty = frozenset({"stunty"})
    assert chance(LRB6, step("armour", 8, goal="cas", against=stunty)) == two_d6_at_least(9) ** 2
    assert chance(BB, step("armour", 9, goal="cas", against=stunty)) == two_d6_at_least(9) ** 2
    # 2025 Iron Hard Skin: Mighty Blow only on the injury
    skin = frozenset({"iron-hard-skin"})
    got = chance(BB, step("armour", 9, goal="ko", against=skin), players=[who("mighty-blow")])
    assert got == two_d6_at_least(9) * two_d6_at_least(7)


@BOTH
def test_fouls_assists_and_the_referee(edition) -> None:
    av = 8 if edition is LRB6 else 9  # the same armour in each notation
    foul = step("foul", av, assists=1)
    # +1 assist: 8+ breaks; last step: a fouler seen afterwards does not undo it
    assert chance(edition, foul) == two_d6_at_least(8)
    # with a step after it, a double on either roll ends the turn: 12 of the 15 breaking rolls are not doubles
    assert chance(edition, foul, step("rush", 2, "r")) == F(12, 36) * F(30, 36) * sixths(5)
    result = odds(edition, foul)
    assert result.steps[0].sent_off == F(6, 36) + F(12, 36) * F(6, 36)
    # Sneaky Git: a double that does not break the armour goes unseen
    git = odds(edition, foul, players=[who("sneaky-git")])
    assert git.steps[0].sent_off == F(3, 36) + F(12, 36) * F(6, 36)
    assert chance(edition, step("foul", av), players=[who("dirty-player")]) == two_d6_at_least(8)


@BOTH
def test_chainsaw_and_stab(edition) -> None:
    av = 8 if edition is LRB6 else 9
    broken = two_d6_at_least(6)  # +3 on the armour
    assert chance(edition, step("chainsaw", av)) == sixths(5) * broken  # a 1 kicks back
    assert chance(edition, step("chainsaw", av), rerolls=1) == (sixths(5) + sixths(1) * sixths(5)) * broken
    # a stab: nothing modifies the armour roll, Mighty Blow included
    assert chance(edition, step("stab", av), players=[who("mighty-blow")]) == two_d6_at_least(9)


# -- the report and the rules' limits ----------------------------------------------------------------


def test_report_where_it_fails_and_what_the_rerolls_do() -> None:
    result = odds(LRB6, step("dodge", 3), step("rush", 2), step("pickup", 3), players=[who("dodge")], rerolls=1)
    first, second, third = result.steps
    p = sixths(4)
    assert first.spent == {"dodge": 1 - p} and first.saved == {"dodge": (1 - p) * p}
    assert first.stops == (1 - p) * (1 - p) and first.alone == p
    assert sum(s.stops for s in result.steps) + result.probability == 1
    assert second.reached == 1 - first.stops
    assert result.weakest == 2 and third.stops == max(s.stops for s in result.steps)


def test_a_conditional_step_needs_a_roll_before_it() -> None:
    with pytest.raises(TurnError) as problem:
        solve_turn(LRB6, Turn((step("dodge", 3, conditional=True),), (), 0))
    assert problem.value.code == "conditional_first"


@BOTH
@pytest.mark.parametrize("skills", [frozenset(), frozenset({"dodge", "sure-feet", "block", "pro"})])
@pytest.mark.parametrize("rerolls", [0, 1, 2])
def test_the_turn_solver_agrees_with_the_flat_solver(edition, skills, rerolls) -> None:
    """Pass/fail rolls through the turn solver (decision trees) and through the flat sequence solver
    the board's routes use (engine/sequence.solve), each roll's chance written by hand: a dodge 3+
    (4/6, Dodge re-rolls it), a rush 2+ (5/6, Sure Feet), a two-dice block (knocked down and the
    blocker standing: without Block 1 − (4/6)² = 5/9; with Block the both-down face succeeds too,
    1 − (3/6)² = 3/4) and armour (classic AV 8, 2025 AV 9+: both break on 9+, 10/36, never
    re-rolled). Pro: classic 4+ re-rolls the whole block, 2025 3+ re-rolls one die of the two, which
    then succeeds on 2 faces of 6 (3 with Block)."""
    steps = (step("dodge", 3), step("rush", 2), block(2), step("armour", 8 if edition is LRB6 else 9))
    has_block = "block" in skills
    flat = [
        SequenceStep(F(4, 6), skill="dodge" if "dodge" in skills else None, kind="dodge"),
        SequenceStep(F(5, 6), skill="sure-feet" if "sure-feet" in skills else None, kind="rush"),
        SequenceStep(F(3, 4) if has_block else F(5, 9), kind="block"),
        SequenceStep(F(10, 36), rerollable=False, kind="armour"),
    ]
    if "pro" in skills:
        one_die = (F(1, 2) if has_block else F(1, 3)) if edition.pro_rerolls_one_die else None
        flat = [
            replace(
                s,
                pro=d6_success(edition.pro_target),
                pro_roll_team_rerollable=edition.pro_roll_team_rerollable,
                pro_rescue=one_die if s.kind == "block" else None,
            )
            for s in flat
        ]
    team = rerolls if edition.team_rerolls_per_turn is None else min(rerolls, edition.team_rerolls_per_turn)
    expected = solve(flat, team).probability
    assert chance(edition, *steps, players=[who(*skills)], rerolls=rerolls) == expected
