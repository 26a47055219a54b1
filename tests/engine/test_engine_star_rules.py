"""Star players' special rules that change a roll of the odds (rulebook/engine/skills.py), each
with its hand derivation. Two sources each: the star's page (BBBase, the content's rule text) and FFB."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from rulebook.engine import get_edition
from rulebook.engine.turn import Turn, TurnError, TurnPlayer, TurnStep, solve_turn
from tutorial.odds.code import parse_code

BB, LRB6 = get_edition("bb2025"), get_edition("lrb6")


def chance(skills: frozenset[str], rerolls: int = 0) -> F:
    steps = (TurnStep("dauntless", 5, "p"), TurnStep("block", 2, "p", defender_chooses=True))
    return solve_turn(BB, Turn(steps, (TurnPlayer("p", skills),), rerolls)).probability


def test_blind_rage_rerolls_the_dauntless_d6() -> None:
    # ST 3 against ST 5: D6 + 3 > 5 on 3+ (2/3); Blind Rage re-rolls a failure: 1 - (1/3)^2 = 8/9.
    # Then one die (Pow or Pushed-and-down without Dodge: 1/3), after a failure -2 dice (1/9).
    assert chance(frozenset({"blind-rage"})) == F(8, 9) * F(1, 3) + F(1, 9) * F(1, 9)
    assert chance(frozenset()) == F(2, 3) * F(1, 3) + F(1, 3) * F(1, 9)  # without it, as before


def test_blind_rage_in_the_share_code_and_only_in_2025() -> None:
    code = parse_code("bb2025;rr0;p=blind-rage;p.dauntless:5,block:-2d")
    assert solve_turn(BB, code.turn()).probability == F(8, 9) * F(1, 3) + F(1, 9) * F(1, 9)
    assert "blind-rage" in code.code()
    with pytest.raises(TurnError):
        solve_turn(LRB6, parse_code("lrb6;rr0;p=blind-rage;p.dauntless:5,block:-2d").turn())


def odds(code: str) -> F:
    return solve_turn(BB if code.startswith("bb2025") else LRB6, parse_code(code).turn()).probability


def test_mesmerising_dance_rerolls_the_gaze_once() -> None:
    # Hypnotic Gaze on 3+: 2/3; re-rolled once: 1 - (1/3)^2 = 8/9; a team re-roll adds nothing to
    # that one roll (2025: never two re-rolls on one roll).
    assert odds("bb2025;rr0;gaze:3") == F(2, 3)
    assert odds("bb2025;rr0;p=mesmerising-dance;gaze:3") == odds("bb2025;rr1;p=mesmerising-dance;gaze:3") == F(8, 9)
    # Once: two gazes by him, the re-roll kept for the second unless the first fails:
    # 2/3 * 8/9 + 1/3 * 2/3 * 2/3 = 16/27 + 4/27 = 20/27 (each re-rolled: 64/81).
    assert odds("bb2025;rr0;p=mesmerising-dance;gaze:3,gaze:3") == F(20, 27)


def test_the_ballista_rerolls_the_throw_team_mates_test_not_a_pass() -> None:
    # Throw Team-mate, superb on 4+, subpar on 2-3, fumbled on 1. Not fumbled: 5/6; with the
    # Ballista a fumble is thrown again: 5/6 + 1/6 * 5/6 = 35/36.
    assert odds("bb2025;rr0;ttm:4") == F(5, 6) and odds("bb2025;rr0;p=the-ballista;ttm:4") == F(35, 36)
    # Then the landing, 3+ after a superb throw and 4+ after a subpar one (2025): 1/2 * 2/3 + 1/3 * 1/2
    # = 1/2. With the Ballista a fumble is re-thrown (1/2 then, as a first throw); a subpar throw
    # kept or re-thrown is worth 1/2 either way: 1/3 + 1/6 + 1/6 * 1/2 = 7/12.
    assert odds("bb2025;rr0;ttm:4,land:3") == F(1, 2)
    assert odds("bb2025;rr0;p=the-ballista;ttm:4,land:3") == F(7, 12)
    # The 2025 text names the Throw Team-mate only: a pass is not re-rolled (FFB's class, written
    # for 2020 too, would re-roll it).
    assert odds("bb2025;rr0;p=the-ballista;pass:4") == odds("bb2025;rr0;pass:4") == F(1, 2)


@pytest.mark.parametrize("rule", ["mesmerising-dance", "the-ballista"])
def test_the_2025_star_rules_are_refused_in_the_classic_rules(rule: str) -> None:
    with pytest.raises(TurnError):
        odds(f"lrb6;rr0;p={rule};gaze:3")


def test_unstoppable_momentum_rerolls_one_block_die_on_every_blitz() -> None:
    # One die, no skills: the defender down on Pow or Stumble, 1/3. On a Blitz any other face is
    # rolled again: 1/3 + 2/3 * 1/3 = 5/9; not on a plain Block. Two dice, attacker's choice: no
    # success on either, 4/9, then one of them again: 5/9 + 4/9 * 1/3 = 19/27. Every Blitz: 5/9 twice.
    assert odds("bb2025;rr0;p=unstoppable-momentum;block:1d") == F(1, 3)
    assert odds("bb2025;rr0;p=unstoppable-momentum;block:1d/blitz") == F(5, 9)
    assert odds("bb2025;rr0;p=unstoppable-momentum;block:2d/blitz") == F(19, 27)
    assert odds("bb2025;rr0;p=unstoppable-momentum;block:1d/blitz,block:1d/blitz") == F(25, 81)


def test_woodland_fury_rerolls_a_die_that_would_knock_her_down_once() -> None:
    # One die: she falls on Skull or Both Down (1/3) and rolls it again (1/3 to win): 1/3 + 1/9 = 4/9;
    # a push (1/3) is no fall and stays. With Block, Both Down knocks only the defender down (1/2
    # wins) and a Skull alone is a fall: 1/2 + 1/6 * 1/2 = 7/12. Once: two blocks, the re-roll kept
    # for the second unless the first falls: 1/3 * 4/9 + 1/3 * 1/3 * 1/3 = 5/27 (every time: 16/81).
    assert odds("bb2025;rr0;p=woodland-fury;block:1d") == F(4, 9)
    assert odds("bb2025;rr0;p=woodland-fury,block;block:1d") == F(7, 12)
    assert odds("bb2025;rr0;p=woodland-fury;block:1d,block:1d") == F(5, 27)


@pytest.mark.parametrize("rule", ["unstoppable-momentum", "woodland-fury", "lord-of-chaos"])
def test_the_block_die_star_rules_are_2025_only_and_count_as_his_own_reroll(rule: str) -> None:
    with pytest.raises(TurnError):
        odds(f"lrb6;rr0;p={rule};block:1d/blitz")
    # "Only his skill's re-roll" keeps to it (and is refused without one).
    block = "block:1d/blitz" if rule == "unstoppable-momentum" else "block:1d"
    assert odds(f"bb2025;rr1;p={rule};{block}/rr:skill") == odds(f"bb2025;rr0;p={rule};{block}")


def test_lord_of_chaos_rerolls_one_block_die_once_on_a_block_action() -> None:
    # One die: 1/3, and any other face rolled again once: 5/9; not on the block of a Blitz. Two Block
    # actions (one die each), the re-roll spent on the first only when it misses:
    # 1/3 * 5/9 + 2/3 * 1/3 * 1/3 = 5/27 + 2/27 = 7/27.
    assert odds("bb2025;rr0;p=lord-of-chaos;block:1d") == F(5, 9)
    assert odds("bb2025;rr0;p=lord-of-chaos;block:1d/blitz") == F(1, 3)
    assert odds("bb2025;rr0;p=lord-of-chaos;block:1d,block:1d") == F(7, 27)


def test_krump_and_smash_rolls_a_held_armour_roll_again_once() -> None:
    # AV 9+: 2D6 of 9 or more, 10/36 = 5/18. Rolled again once when it holds: 5/18 + 13/18 * 5/18
    # = 155/324. After a two-dice block (5/9): 775/2916. Once: two armour rolls, the re-roll kept
    # for the second unless the first holds: 5/18 * 155/324 + 13/18 * 5/18 * 5/18 = 275/1458.
    assert odds("bb2025;rr0;armour:9") == F(5, 18)
    assert odds("bb2025;rr0;p=krump-and-smash;armour:9") == F(155, 324)
    assert odds("bb2025;rr0;p=krump-and-smash;block:2d,armour:9") == F(5, 9) * F(155, 324)
    assert odds("bb2025;rr0;p=krump-and-smash;armour:9,armour:9") == F(275, 1458)
    # A broken armour is never rolled again for a better injury: a casualty (10+ on 2D6, 1/6) after
    # the armour breaks, 155/324 * 1/6.
    assert odds("bb2025;rr0;p=krump-and-smash;armour:9/cas") == F(155, 324) * F(1, 6)
    with pytest.raises(TurnError):
        odds("lrb6;rr0;p=krump-and-smash;armour:8")


def test_halfling_luck_rerolls_one_die_of_any_roll_once_in_the_turn() -> None:
    # Two 3+ dodges with Dodge (once a turn): 2/3 * 8/9 + 1/3 * 2/3 * 2/3 = 20/27; with Halfling
    # Luck each dodge has a re-roll: (8/9)^2 = 64/81.
    assert odds("bb2025;rr0;p=dodge;dodge:3,dodge:3") == F(20, 27)
    assert odds("bb2025;rr0;p=dodge,halfling-luck;dodge:3,dodge:3") == F(64, 81)
    # One block die (5/9, as Lord of Chaos); shared with the dodge after it, once in all:
    # 1/3 * 8/9 + 2/3 * 1/3 * 2/3 = 8/27 + 4/27 = 4/9.
    assert odds("bb2025;rr0;p=halfling-luck;block:1d") == F(5, 9)
    assert odds("bb2025;rr0;p=halfling-luck;block:1d,dodge:3") == F(4, 9)
    # Never an armour roll; a chainsaw's kick-back D6 is his: 35/36, then 2D6 + 3 >= 9 (26/36).
    assert odds("bb2025;rr0;p=halfling-luck;armour:9") == F(5, 18)
    assert odds("bb2025;rr0;p=halfling-luck;chainsaw:9") == F(35, 36) * F(13, 18)


def test_thinking_mans_troll_is_the_same_once_in_a_turn() -> None:
    # Two rushes (2+): 5/6 * (5/6 + 1/6 * 5/6) + 1/6 * 5/6 * 5/6 = 25/27.
    assert odds("bb2025;rr0;p=thinking-mans-troll;gfi,gfi") == F(25, 27)
    assert odds("bb2025;rr1;p=thinking-mans-troll;dodge:4/rr:skill") == F(3, 4)  # his own re-roll
    with pytest.raises(TurnError):
        odds("lrb6;rr0;p=halfling-luck;dodge:3")


def test_master_assassin_rolls_a_stabs_held_armour_roll_again_once() -> None:
    # A stab against AV 9+: nothing modifies it, 5/18; rolled again once when it holds: 155/324.
    # Two stabs: the re-roll once, 275/1458 as for Krump and Smash; never after a block's armour roll.
    assert odds("bb2025;rr0;p=master-assassin;stab:9") == F(155, 324)
    assert odds("bb2025;rr0;p=master-assassin;stab:9,stab:9") == F(275, 1458)
    assert odds("bb2025;rr0;p=master-assassin;armour:9") == F(5, 18)
    assert odds("bb2025;rr0;p=krump-and-smash;stab:9") == F(5, 18)
