"""Skills the board's answers used to accept without a word and ignore (issue 23), each with its
target worked out by hand from the edition's text (rulebook/content/<edition>/skills/) and, where
FFB (christerk/ffb) or botbowl implement it, the class named next to it. Classic targets: the
agility table gives 7 − AG (AG 3: 4+), dodges +1, an accurate pass +1 to catch; 2025: AG and PA
are the targets.
"""

from __future__ import annotations

from fractions import Fraction as F

from engine_helpers import AWAY, HOME, board, player

from rulebook.engine.analysis import analyse
from rulebook.engine.editions import get_edition
from rulebook.engine.movement import dodge_roll, path_rolls, rush_roll
from rulebook.engine.passing import catch_roll, pass_outcome
from rulebook.engine.pushback import push_options
from rulebook.engine.reach import reach_map
from rulebook.engine.skills import not_counted
from rulebook.engine.types import Board, Square, Status, Weather

LRB6, BB = get_edition("lrb6"), get_edition("bb2025")
S = Square


# -- Jump Up -----------------------------------------------------------------------------------


def test_jump_up_stands_for_free() -> None:
    """1_A1m8p.jump-up gave the 120 squares of a prone player (3 of his 6 MA spent standing). Both
    editions: "stand up for free" (FFB canStandUpForFree; botbowl: moves = 0 with Jump Up), so the
    map is a standing player's: 254 squares on an empty pitch, every one certain."""
    for edition in (LRB6, BB):
        prone = player("A1", HOME, 12, 7, status=Status.PRONE)
        jumper = player("A1", HOME, 12, 7, "jump-up", status=Status.PRONE)
        standing = player("A1", HOME, 12, 7)
        assert len(reach_map(edition, prone, board(prone))) == 120
        free = reach_map(edition, jumper, board(jumper)).probabilities()
        assert free == reach_map(edition, standing, board(standing)).probabilities()
        assert len(free) == 254


def test_jump_up_needs_no_roll_below_three_movement() -> None:
    """MA 2 and prone: 4+ to stand up, which spends his MA, so the next square is a rush; with Jump
    Up no roll at all."""
    for edition in (LRB6, BB):
        slow = player("A1", HOME, 12, 7, ma=2, status=Status.PRONE)
        assert [r.kind for r in path_rolls(edition, slow, board(slow), [S(13, 7)])] == ["stand_up", "rush"]
        slow_jumper = player("A1", HOME, 12, 7, "jump-up", ma=2, status=Status.PRONE)
        assert path_rolls(edition, slow_jumper, board(slow_jumper), [S(13, 7)]) == []


def test_jump_up_blocks_from_the_ground_after_an_agility_roll() -> None:
    """Classic: "an Agility roll with a +2 modifier": AG 2 is 5+ on the table, 3+ (4/6). 2025: "an
    Agility test, applying a +1 modifier": AG 5+ gives 4+ (3/6). No tackle zones count (FFB's
    JumpUpModifierFactory). No team re-roll left: the block goes ahead with that chance."""
    for edition, ag, happens in ((LRB6, 2, F(4, 6)), (BB, 5, F(3, 6))):
        attacker = player("A1", HOME, 10, 7, "jump-up", ag=ag, status=Status.PRONE)
        defender = player("B1", AWAY, 11, 7)
        found = analyse(edition, board(attacker, defender), "A1", None, 0, Weather.NICE)
        assert found.can_block and [b.defender for b in found.blocks] == ["B1"]
        assert [r.kind for r in found.blocks[0].before] == ["jump_up"]
        assert found.blocks[0].happens == happens
    lying = player("A1", HOME, 10, 7, status=Status.PRONE)
    assert analyse(LRB6, board(lying, player("B1", AWAY, 11, 7)), "A1", None, 0, Weather.NICE).blocks == ()


def test_foul_appearance_comes_before_the_dice() -> None:
    """2+ first (both editions): 5/6; with a team re-roll 1 − (1/6)² = 35/36."""
    attacker, defender = player("A1", HOME, 10, 7), player("B1", AWAY, 11, 7, "foul-appearance")
    b = board(attacker, defender)
    assert analyse(LRB6, b, "A1", None, 0, Weather.NICE).blocks[0].happens == F(5, 6)
    assert analyse(BB, b, "A1", None, 1, Weather.NICE).blocks[0].happens == F(35, 36)
    assert analyse(LRB6, board(attacker, player("B1", AWAY, 11, 7)), "A1", None, 0, Weather.NICE).blocks[0].happens == 1


# -- Titchy ------------------------------------------------------------------------------------


def test_titchy_dodges_with_one_more() -> None:
    """Classic AG 3: 4+, +1 dodging, −1 for the zone moved into: 4+; Titchy ("may add 1 to any Dodge
    roll"): 3+. 2025 AG 3+ −1: 4+, Titchy 3+ (FFB Titchy: DodgeModifier −1 to the target)."""
    for edition in (LRB6, BB):
        mover = player("A1", HOME, 10, 7, "titchy")
        b = board(mover, player("B1", AWAY, 11, 6), player("B2", AWAY, 11, 8))
        assert dodge_roll(edition, mover, b, S(10, 7), S(10, 8)).target == 3
        plain = player("A1", HOME, 10, 7)
        b = board(plain, player("B1", AWAY, 11, 6), player("B2", AWAY, 11, 8))
        assert dodge_roll(edition, plain, b, S(10, 7), S(10, 8)).target == 4


def test_a_titchy_opponent_does_not_mark_the_square_dodged_into() -> None:
    """Dodging from 10,7 to 10,8, both next to the marker on 11,7: his zone counts −1 on 10,8, unless
    he is Titchy ("do not exert a −1 modifier when opponents dodge into ... their tackle zones"; FFB
    hasNoTacklezoneForDodging): classic 4+ becomes 3+. He must still be dodged out of. Team-mates
    fill his other neighbours, so the dodge is the only way out; no re-roll: the reach map says 1/2
    and 2/3."""
    mover = player("A1", HOME, 10, 7)
    walls = [
        player(f"A{i}", HOME, x, y) for i, (x, y) in enumerate(((9, 6), (9, 7), (9, 8), (10, 6), (11, 6), (11, 8)), 2)
    ]
    for titchy, target, chance in (((), 4, F(1, 2)), (("titchy",), 3, F(2, 3))):
        b = board(mover, player("B1", AWAY, 11, 7, *titchy), *walls)
        assert dodge_roll(LRB6, mover, b, S(10, 7), S(10, 8)).target == target
        assert reach_map(LRB6, mover, b, 0).probability(S(10, 8)) == chance


# -- passing and catching ----------------------------------------------------------------------


def test_classic_stunty_passes_worse() -> None:
    """Classic Stunty: "must subtract 1 from the roll when he passes" (FFB bb2016 Stunty PassModifier;
    botbowl get_pass_modifiers): AG 3, short pass (no range modifier): 4+ → 5+. Not in 2025."""
    thrower = player("t", HOME, 5, 7, "stunty")
    out = pass_outcome(LRB6, thrower, board(thrower), S(10, 7))
    assert out is not None and out.roll.target == 5
    out = pass_outcome(BB, thrower, board(thrower), S(10, 7))
    assert out is not None and out.roll.target == 5  # PA 4+ −1 short: 5+, no Stunty


def test_disturbing_presence_on_passing_and_catching() -> None:
    """−1 per opponent with it within 3 squares (classic: "when he passes, intercepts or catches";
    2025: a Pass action, an Intercept or a Catch; FFB's Pass/Catch/InterceptionModifierFactory count
    it, botbowl's get_pass_modifiers and get_catch_modifiers too). Classic AG 3 short pass 4+ → 5+;
    catching an accurate pass 3+ → 4+; 2025 PA 4+ short 5+ → 6+."""
    thrower, catcher = player("t", HOME, 5, 7), player("c", HOME, 10, 7)
    presence = player("d", AWAY, 8, 9, "disturbing-presence")  # 3 squares from both
    b = board(thrower, catcher, presence)
    assert pass_outcome(LRB6, thrower, b, S(10, 7)).roll.target == 5  # type: ignore[union-attr]
    assert pass_outcome(BB, thrower, b, S(10, 7)).roll.target == 6  # type: ignore[union-attr]
    assert catch_roll(LRB6, catcher, b).target == 4
    assert catch_roll(LRB6, catcher, board(thrower, catcher)).target == 3


def test_diving_catch_adds_one_to_an_accurate_pass() -> None:
    """ "+1 to any catch roll for an accurate pass targeted at his square" (FFB DivingCatch; botbowl
    get_catch_modifiers): classic 3+ → 2+; 2025 3+ → 2+. Not on an inaccurate pass."""
    catcher = player("c", HOME, 10, 7, "diving-catch")
    for edition in (LRB6, BB):
        assert catch_roll(edition, catcher, board(catcher)).target == 2
    assert catch_roll(BB, catcher, board(catcher), "inaccurate_pass").target == 4


def test_diving_catch_catches_next_to_an_empty_target() -> None:
    """Classic: a pass landing in an empty square in his tackle zone is caught "as if it had landed in
    his own square": the accurate pass's +1 but not his own +1 (FFB: addBonusForAccuratePass on
    CATCH_ACCURATE_PASS_EMPTY_SQUARE, Diving Catch's modifier on CATCH_ACCURATE_PASS only). AG 3 short
    pass 4+ (1/2), catch 3+ (2/3), no re-roll: 1/3. 2025: PA 4+ −1: 5+ (1/3), catch 3+ (2/3): 2/9.
    Two such players get in each other's way: no catch."""
    thrower, diver = player("t", HOME, 5, 7), player("c", HOME, 10, 8, "diving-catch")
    for edition, expected in ((LRB6, F(1, 3)), (BB, F(2, 9))):
        found = analyse(edition, board(thrower, diver), "t", S(10, 7), 0, Weather.NICE).pass_target
        assert found is not None and found.catcher == "c" and found.pass_and_catch == expected
    other = player("o", AWAY, 10, 6, "diving-catch")
    found = analyse(LRB6, board(thrower, diver, other), "t", S(10, 7), 0, Weather.NICE).pass_target
    assert found is not None and found.catcher is None


def test_2025_strong_arm_is_for_throwing_team_mates_and_cannoneer_for_long_passes() -> None:
    """2025 Strong Arm: "When this player performs a Throw Team-mate action" only (FFB mixed StrongArm:
    context.isTtm()); Cannoneer: +1 to a Long Pass or a Long Bomb. PA 4+ long (−2): 6+; Cannoneer 5+."""
    for skills, target in (((), 6), (("strong-arm",), 6), (("cannoneer",), 5)):
        thrower = player("t", HOME, 5, 7, *skills)
        assert pass_outcome(BB, thrower, board(thrower), S(13, 7)).roll.target == target  # type: ignore[union-attr]
    classic = player("t", HOME, 5, 7, "strong-arm")  # classic Strong Arm: +1 beyond a quick pass
    assert pass_outcome(LRB6, classic, board(classic), S(13, 7)).roll.target == 4  # type: ignore[union-attr]


def test_a_fumble_kept_by_safe_throw_or_safe_pass() -> None:
    """2025 Safe Pass: a natural 1 is no fumble (quick pass, PA 4+: only the 1 fumbles): fumble 0,
    kept 1/6. Classic Safe Throw: a fumble "on any roll other than a natural 1" is kept: a long bomb
    (−2) with AG 3 fumbles on 1, 2, 3 (modified 1 or less): fumble 1/6, kept 2/6."""
    quick = player("t", HOME, 5, 7, "safe-pass")
    out = pass_outcome(BB, quick, board(quick), S(7, 7))
    assert out is not None and (out.distribution["fumble"], out.distribution["kept"]) == (0, F(1, 6))
    bomb = player("t", HOME, 5, 7, "safe-throw")
    out = pass_outcome(LRB6, bomb, board(bomb), S(17, 7))
    assert out is not None and (out.distribution["fumble"], out.distribution["kept"]) == (F(1, 6), F(2, 6))
    assert out.distribution.total() == 1


def test_who_may_never_hold_the_ball_has_no_pass_and_drops_it() -> None:
    """No Hands (classic) and No Ball (2025) never hold the ball; My Ball (2025) may not declare a
    Pass action. A catcher with No Hands "automatically fails any catch roll"."""
    for edition, slug in ((LRB6, "no-hands"), (BB, "no-ball"), (BB, "my-ball")):
        thrower = player("t", HOME, 5, 7, slug)
        found = analyse(edition, board(thrower), "t", S(10, 7), 1, Weather.NICE)
        assert found.bands == () and found.pass_target is None
    thrower, catcher = player("t", HOME, 5, 7), player("c", HOME, 10, 7, "no-hands")
    target = analyse(LRB6, board(thrower, catcher), "t", S(10, 7), 1, Weather.NICE).pass_target
    assert target is not None and target.pass_and_catch == 0


# -- moving ------------------------------------------------------------------------------------


def test_drunkard_rushes_worse() -> None:
    """2025 Drunkard: −1 to Rush (FFB mixed Drunkard: GoForItModifier 1): 2+ → 3+."""
    sober, drunk = player("A1", HOME, 10, 7), player("A1", HOME, 10, 7, "drunkard")
    assert rush_roll(BB, sober, S(11, 7), Weather.NICE).target == 2
    assert rush_roll(BB, drunk, S(11, 7), Weather.NICE).target == 3


def test_timmm_ber_helps_a_slow_player_up() -> None:
    """2025 Timmm-ber!: +1 per Open, Standing team-mate next to him: MA 2, 4+ → 3+; a marked
    team-mate is not Open: 4+."""
    slow = player("A1", HOME, 10, 7, "timmm-ber", ma=2, status=Status.PRONE)
    helper = player("A2", HOME, 9, 7)
    rolls = path_rolls(BB, slow, board(slow, helper), [S(11, 7)])
    assert [(r.kind, r.target) for r in rolls] == [("stand_up", 3), ("rush", 2)]
    marked = board(slow, helper, player("B1", AWAY, 8, 7))
    assert path_rolls(BB, slow, marked, [S(11, 7)])[0].target == 4


# -- blocking ----------------------------------------------------------------------------------


def test_defensive_stops_the_guard_of_players_it_marks() -> None:
    """2025 Defensive: "opposing players that this player is Marking cannot use the Guard skill"
    during the Defensive player's opposing turns (FFB bb2025 Defensive cancels assistsBlocksInTacklezones).
    A2 (Guard) assists A1's block on B1 although B2 marks him: ST 4 against 3, 2 dice; if B2 has
    Defensive, no assist: 1 die."""
    a1, b1, a2 = player("A1", HOME, 10, 7), player("B1", AWAY, 11, 7), player("A2", HOME, 12, 8, "guard")
    for b2_skills, dice in (((), 2), (("defensive",), 1)):
        b = board(a1, b1, a2, player("B2", AWAY, 13, 8, *b2_skills))
        assert analyse(BB, b, "A1", None, 0, Weather.NICE).blocks[0].dice == dice


def test_grab_and_side_step_per_edition() -> None:
    """Classic: "Grab and Side Step cancel each other out": the three squares behind. 2025 Grab:
    "opposing players cannot use the Sidestep skill" (FFB mixed Grab cancels it): any empty square
    next to the defender, the attacker's choice."""
    attacker = player("A1", HOME, 10, 7, "grab")
    for edition, slug, count in ((LRB6, "side-step", 3), (BB, "sidestep", 7)):
        defender = player("B1", AWAY, 11, 7, slug)
        push = push_options(edition, Board([attacker, defender]), attacker, defender)
        assert (len(push.squares), push.chooser) == (count, "attacker")


# -- what is left out --------------------------------------------------------------------------


def test_the_answer_names_what_it_leaves_out() -> None:
    """His Leap and an opponent's Tentacles change his answer and are not in it; an opponent's Leap
    does not change it; Mighty Blow changes no roll the board answers. The classic chainsaw replaces
    the block (left out), the 2025 one is a Special action he may choose (nothing to say)."""
    me = player("A1", HOME, 10, 7, "leap", "mighty-blow")
    b = board(me, player("B1", AWAY, 12, 7, "tentacles", "leap"))
    assert analyse(LRB6, b, "A1", None, 1, Weather.NICE).not_counted == ("leap", "tentacles")
    assert not_counted("lrb6", ["chainsaw"]) == ("chainsaw",)
    assert not_counted("bb2025", ["chainsaw"]) == ()
    assert not_counted("lrb6", ["dodge", "jump-up", "titchy", "disturbing-presence"]) == ()
