"""2025 star rules that help a roll after it is seen, or re-roll more than one die: each with its
hand derivation. The rules' two sources: the star's page (BBBase, our content's rule text) and
FFB's class of the same name (once per game, a modifier applied after the roll).

The 2025 tables used below: armour breaks on a 2D6 total at or above the AV (AV 9+: 10/36, 8+:
15/36, 7+: 21/36); injury 2-7 Stunned, 8-9 KO, 10-12 Casualty (a casualty on 10+: 6/36, on 9+ with
+1: 10/36, on 8+ with +2: 15/36).
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from rulebook.engine import get_edition
from rulebook.engine.turn import TurnError, solve_turn
from tutorial.odds.code import parse_code

BB, LRB6 = get_edition("bb2025"), get_edition("lrb6")
A9, A8, A7 = F(10, 36), F(15, 36), F(21, 36)  # armour 9+ broken on 9+, 8+, 7+
CAS10, CAS9, CAS8 = F(6, 36), F(10, 36), F(15, 36)  # a casualty on 10+, 9+, 8+


def odds(code: str) -> F:
    return solve_turn(BB if code.startswith("bb2025") else LRB6, parse_code(code).turn()).probability


def test_crushing_blow_adds_one_to_an_armour_roll_once() -> None:
    assert odds("bb2025;rr0;armour:9") == A9
    assert odds("bb2025;rr0;p=crushing-blow;armour:9") == A8
    assert odds("bb2025;rr0;p=crushing-blow,mighty-blow;armour:9") == A7  # Mighty Blow too: +2
    # Once: two knocked-down victims, the +1 kept for the second unless the first holds on an 8:
    # P(first 9+) * P(second 8+) + P(first exactly 8) * P(second 9+).
    assert odds("bb2025;rr0;p=crushing-blow;armour:9,armour:9") == A9 * A8 + F(5, 36) * A9
    # Iron Hard Skin takes every armour modifier away.
    assert odds("bb2025;rr0;p=crushing-blow;armour:9/iron-hard-skin") == A9


def test_ram_goes_on_the_armour_or_the_injury_roll() -> None:
    # Alone it acts as one more Mighty Blow (+1), once: armour 9+ keeps it for the injury (9+),
    # an 8 takes it (injury 10+): 10/36 * 10/36 + 5/36 * 6/36 = 130/1296.
    assert odds("bb2025;rr0;p=ram;armour:9/cas") == A9 * CAS9 + F(5, 36) * CAS10 == F(65, 648)
    assert odds("bb2025;rr0;p=ram;armour:9/cas") == odds("bb2025;rr0;p=mighty-blow;armour:9/cas")
    # With Mighty Blow, Mighty Blow is spent first: 9+ keeps both (injury 8+), an 8 takes Mighty
    # Blow (9+), a 7 takes both (10+): (10*15 + 5*10 + 6*6) / 1296 = 236/1296.
    assert odds("bb2025;rr0;p=ram,mighty-blow;armour:9/cas") == F(236, 1296)


def test_slayer_only_against_a_big_guy_and_dwarven_scourge_two_against_a_dwarf() -> None:
    assert odds("bb2025;rr0;p=slayer;armour:9") == A9
    assert odds("bb2025;rr0;p=slayer;armour:9/big-guy") == A8
    assert odds("bb2025;rr0;p=dwarven-scourge;armour:9") == A8
    assert odds("bb2025;rr0;p=dwarven-scourge;armour:9/dwarf") == A7
    code = parse_code("bb2025;rr0;p=slayer;armour:9/big-guy")
    assert code.code() == "bb2025;rr0;p=slayer;armour:9/big-guy"  # the keyword is kept in the link


def test_toxin_connoisseur_helps_a_stabs_injury_roll() -> None:
    assert odds("bb2025;rr0;stab:9/cas") == A9 * CAS10 == F(5, 108)
    assert odds("bb2025;rr0;p=toxin-connoisseur;stab:9/cas") == A9 * CAS9 == F(25, 324)
    assert odds("bb2025;rr0;p=toxin-connoisseur;stab:9") == A9  # not the armour roll


def test_a_sneaky_pair_adds_one_to_armour_or_injury_when_both_mark_the_victim() -> None:
    # FFB's ASneakyPair: +1 to the armour roll or to the injury roll (as Mighty Blow) on a foul or a
    # stab, the victim Marked by both (`/pair`); BBBase says "+1 to the roll" (SOURCES.md).
    assert odds("bb2025;rr0;p=a-sneaky-pair;stab:9") == A9  # not Marked by both
    assert odds("bb2025;rr0;p=a-sneaky-pair;stab:9/pair") == A8
    assert odds("bb2025;rr0;p=a-sneaky-pair;stab:9/pair/cas") == A9 * CAS9 + F(5, 36) * CAS10
    # Dribl's foul: Dirty Player's +1 and the pair's, each whole on one roll. Breaking AV 9+ takes
    # a 7 (both on the armour); a casualty as for Ram with Mighty Blow: 236/1296. The foul is the
    # last step, so a double that sends him off comes after the goal and it still counts.
    assert odds("bb2025;rr0;f=dirty-player,a-sneaky-pair;foul:9/pair") == A7
    assert odds("bb2025;rr0;f=dirty-player,a-sneaky-pair;foul:9/pair/cas") == F(236, 1296)
    # With Toxin Connoisseur's +1 on the injury too: 9+ keeps both for the injury (8+), an 8 takes
    # the pair's (injury 9+): (10*15 + 5*10) / 1296.
    assert odds("bb2025;rr0;p=a-sneaky-pair,toxin-connoisseur;stab:9/pair/cas") == F(200, 1296)


def test_savage_mauling_rerolls_the_injury_roll_once() -> None:
    # Armour 9+, then a casualty in two tries: 10/36 * (1 - (30/36)^2) = 10/36 * 396/1296.
    assert odds("bb2025;rr0;p=savage-mauling;armour:9/cas") == A9 * (1 - (1 - CAS10) ** 2) == F(55, 648)
    assert odds("bb2025;rr0;p=savage-mauling;armour:9") == A9  # a break needs no injury roll


def with_old_pro(need: int) -> F:
    """A 2D6 armour roll needing `need` (natural, modifiers counted in), Old Pro on a held roll: Pro
    on 3+ (2/3), then the higher die m kept and the other rolled again, needing need - m."""
    total = F(0)
    for a in range(1, 7):
        for b in range(1, 7):
            if a + b >= need:
                total += F(1, 36)
            else:
                faces = min(6, max(0, 7 - (need - max(a, b))))
                total += F(1, 36) * F(2, 3) * F(faces, 6)
    return total


def test_old_pro_rerolls_one_armour_die_after_pros_three_up() -> None:
    assert odds("bb2025;rr0;p=old-pro,pro;armour:9") == with_old_pro(9) == F(143, 324)
    # His chainsaw: the kick-back 2+ first, then armour +3 (a natural 6+). Pro is once a turn: on
    # a kick-back 1 it saves that roll (2/3, then 5/6) and the armour roll goes unhelped.
    kick_ok, kick_saved = F(5, 6), F(1, 6) * F(2, 3) * F(5, 6)
    expected = kick_ok * with_old_pro(6) + kick_saved * F(26, 36)
    assert odds("bb2025;rr0;p=old-pro,pro,chainsaw;chainsaw:9") == expected == F(55, 72)


def test_savage_blow_rerolls_as_many_block_dice_as_he_likes() -> None:
    # Two dice the defender chooses, both must show a knock-down (1/3 each): 1/9. Savage Blow
    # rolls only the failed die again after one success: 1/9 + 2*(1/3)(2/3)(1/3) + (2/3)^2 (1/9).
    assert odds("bb2025;rr0;p=savage-blow;block:-2d") == F(1, 9) + F(4, 27) + F(4, 81) == F(25, 81)
    assert odds("bb2025;rr1;block:-2d") == F(1, 9) + F(8, 9) * F(1, 9) == F(17, 81)  # a team re-roll: both
    assert odds("bb2025;rr0;p=savage-blow;block:-2d/blitz") == F(1, 9)  # a Block action only


def test_working_in_tandem_rerolls_one_block_die_when_valen_marks_too() -> None:
    # Lucien (Block) knocks the defender down on Pow, Stumble and Both Down: 1/2 a die, 3/4 on two.
    # With Valen Marking the defender (`/pair`), one die again after two misses: 3/4 + 1/4 * 1/2.
    assert odds("bb2025;rr0;l=block,working-in-tandem;block:2d") == F(3, 4)
    assert odds("bb2025;rr0;l=block,working-in-tandem;block:2d/pair") == F(3, 4) + F(1, 4) * F(1, 2) == F(7, 8)
    # No limit: on each of two blocks.
    assert odds("bb2025;rr0;l=block,working-in-tandem;block:2d/pair,block:2d/pair") == F(49, 64)


def test_bounding_leap_is_chosen_before_the_jump() -> None:
    # A 4+ jump counting -1 (`/neg:1`): Bounding Leap makes it 3+ and his to re-roll: 1 - (1/3)^2.
    assert odds("bb2025;rr0;r=bounding-leap;leap:4/neg:1") == F(8, 9)
    assert odds("bb2025;rr0;r=dodge;leap:4/neg:1") == F(1, 2)  # without it the -1 stays
    # Once, declared before the dice: on the harder second jump (2/3 * 8/9 = 16/27), not kept as a
    # re-roll for whichever fails (that would be 2/3 * 8/9 + 1/3 * 2/3 * 1/3 = 18/27).
    assert odds("bb2025;rr0;r=bounding-leap;leap:3,leap:5/neg:2") == F(16, 27)


def test_swift_as_the_breeze_passes_one_dodge_leap_or_rush_after_seeing_a_2_or_more() -> None:
    # FFB's reading: once he has seen the natural die fail on 2..6, the test passes. A 4+ dodge:
    # 3/6 passed + 2/6 (a 2 or a 3) saved = 5/6 (a natural 1 still fails); a 5+ leap 2/6 + 3/6 =
    # 5/6; a 3+ rush (a blizzard) 4/6 + 1/6 = 5/6; a plain 2+ rush is 5/6 either way; a pick-up
    # is not one of the three: 2/6 = 1/3.
    assert odds("bb2025;rr0;j=swift-as-the-breeze;dodge:4") == F(3, 6) + F(2, 6) == F(5, 6)
    assert odds("bb2025;rr0;j=swift-as-the-breeze;leap:5") == F(2, 6) + F(3, 6) == F(5, 6)
    assert odds("bb2025;rr0;j=swift-as-the-breeze;gfi:3") == F(4, 6) + F(1, 6) == F(5, 6)
    assert odds("bb2025;rr0;j=swift-as-the-breeze;gfi") == F(5, 6)
    assert odds("bb2025;rr0;j=swift-as-the-breeze;pickup:5") == F(1, 3)
    # Whatever the modifiers: Diving Tackle's -2 too (without the rule 3+ becomes 5+: 2/6 = 1/3;
    # with it the 2, 3 and 4 are saved: 2/6 + 3/6 = 5/6).
    assert odds("bb2025;rr0;dodge:3/dt") == F(1, 3)
    assert odds("bb2025;rr0;j=swift-as-the-breeze;dodge:3/dt") == F(2, 6) + F(3, 6) == F(5, 6)
    # Tentacles is no modifier: ST 3 against 4 holds him on D6 + 4 - 3 >= 6 (5+: 1/3 held), then
    # 5/6: 2/3 * 5/6 = 5/9.
    assert odds("bb2025;rr0;j=swift-as-the-breeze;dodge:4/tentacles:4") == F(2, 3) * F(5, 6) == F(5, 9)


def test_swift_as_the_breeze_saves_a_re_rolled_die_too() -> None:
    # A 4+ dodge with Dodge: a 2 or a 3 is saved at once (a Dodge re-roll would pass only 5/6 of
    # the time); a natural 1 is re-rolled with Dodge, and that die is saved on 2..6:
    # 3/6 + 2/6 + 1/6 * 5/6 = 30/36 + 5/36 = 35/36.
    assert odds("bb2025;rr0;j=swift-as-the-breeze,dodge;dodge:4") == F(3, 6) + F(2, 6) + F(1, 6) * F(5, 6) == F(35, 36)


def test_swift_as_the_breeze_is_spent_once() -> None:
    # Two 5+ tests, no re-roll. The second: 5/6 with the rule kept, 1/3 without. The first:
    # a 5 or a 6 (2/6) passes and keeps it, a 2, 3 or 4 (3/6) spends it (failing is worse):
    # 2/6 * 5/6 + 3/6 * 1/3 = 10/36 + 6/36 = 4/9; not (5/6)^2 = 25/36.
    assert odds("bb2025;rr0;j=swift-as-the-breeze;dodge:5,leap:5") == F(2, 6) * F(5, 6) + F(3, 6) * F(1, 3) == F(4, 9)
    # The same two 5+ dodges with Dodge (once in the turn). One 5+ dodge with both left: 2/6 +
    # 3/6 + 1/6 * 5/6 = 35/36; with the rule only 5/6; with Dodge only 1/3 + 2/3 * 1/3 = 5/9.
    # A Dodge re-roll of the first with the rule kept: 2/6 * 5/6 + 3/6 * 1/3 = 4/9 (as above).
    # First die: a 5 or a 6 (2/6) -> 35/36; a 2, 3 or 4 (3/6): the rule -> 5/9 beats Dodge -> 4/9;
    # a 1 (1/6): Dodge -> 4/9. 2/6 * 35/36 + 3/6 * 5/9 + 1/6 * 4/9 = 35/108 + 30/108 + 8/108.
    both = F(2, 6) * F(35, 36) + F(3, 6) * F(5, 9) + F(1, 6) * F(4, 9)
    assert odds("bb2025;rr0;j=swift-as-the-breeze,dodge;dodge:5,dodge:5") == both == F(73, 108)


def test_swift_as_the_breeze_chosen_after_the_roll_is_kept_for_a_harder_one() -> None:
    # A 3+ dodge, then a 5+, no re-roll: a first 3..6 (4/6) keeps it for the 5+ (5/6), a first 2
    # (1/6) takes it (then 1/3): 4/6 * 5/6 + 1/6 * 1/3 = 10/18 + 1/18 = 11/18. Chosen before the
    # dice (the reading of 6a67a61) it was 2/3 * 5/6 = 5/9; without the rule 2/3 * 1/3 = 2/9.
    assert odds("bb2025;rr0;j=swift-as-the-breeze;dodge:3,dodge:5") == F(4, 6) * F(5, 6) + F(1, 6) * F(1, 3)
    assert odds("bb2025;rr0;j=swift-as-the-breeze;dodge:3,dodge:5") == F(11, 18)
    assert odds("bb2025;rr0;dodge:3,dodge:5") == F(2, 9)
    # A 3+ dodge, then a 6+, one team re-roll (no Loner). The 6+ with both left: 1/6 + 4/6 (the
    # rule) + 1/6 (a 1, re-rolled) * 5/6 = 35/36; with the rule only 5/6; with the re-roll only
    # 1/6 + 5/6 * 1/6 = 11/36; with neither 1/6. A first 2 (1/6): the rule now -> 11/36, the
    # re-roll instead, keeping it: 4/6 * 5/6 + 1/6 * 1/6 (a 2 again: the rule) = 21/36, better;
    # a first 1 (1/6): the re-roll -> 21/36. 4/6 * 35/36 + 1/6 * 21/36 + 1/6 * 21/36 = 91/108
    # (spending it on the first 2 would give 4/6 * 35/36 + 1/6 * 11/36 + 1/6 * 21/36 = 43/54).
    kept = F(4, 6) * F(35, 36) + F(1, 6) * F(21, 36) + F(1, 6) * F(21, 36)
    assert odds("bb2025;rr1;j=swift-as-the-breeze;dodge:3,dodge:6") == kept == F(91, 108)
    # The same with Loner 4+: a re-roll goes ahead half the time, and a failed Loner roll leaves the
    # failure. The 6+ with both: 1/6 + 4/6 + 1/6 * 1/2 * 5/6 = 65/72; re-roll only: 1/6 + 5/6 *
    # 1/2 * 1/6 = 17/72. A first 2: the rule -> 17/72, the re-roll -> 1/2 * 21/36 = 21/72, better.
    # 4/6 * 65/72 + 2 * 1/6 * 21/72 = 260/432 + 42/432 = 151/216.
    loner = F(4, 6) * F(65, 72) + 2 * F(1, 6) * F(21, 72)
    assert odds("bb2025;rr1;j=swift-as-the-breeze,loner:4;dodge:3,dodge:6") == loner == F(151, 216)
    # Kept with Dodge, both dodges against Diving Tackle (3+ -> 5+, then 5+ -> only a 6). The
    # second with both: 1/6 + 4/6 + 1/6 * 5/6 = 35/36; with Dodge only 1/6 + 5/6 * 1/6 = 11/36;
    # with the rule only 5/6, with neither 1/6. A first 2, 3 or 4 (3/6): the rule -> 11/36, Dodge
    # instead -> 2/6 * 5/6 + 3/6 * 1/6 = 13/36, better; a 1: Dodge -> 13/36.
    # 2/6 * 35/36 + 3/6 * 13/36 + 1/6 * 13/36 = 70/216 + 39/216 + 13/216 = 61/108.
    diving = F(2, 6) * F(35, 36) + F(3, 6) * F(13, 36) + F(1, 6) * F(13, 36)
    assert odds("bb2025;rr0;j=swift-as-the-breeze,dodge;dodge:3/dt,dodge:5/dt") == diving == F(61, 108)


def test_slashing_nails_gives_claws_to_the_armour_roll_of_her_blitz() -> None:
    # With Block, two dice knock the defender down 3/4 (Pow, Stumble or Both Down on either die).
    # AV 10+: broken on 10+ (6/36); with Claws (2025: a natural 8+) on 8+ (15/36).
    assert odds("bb2025;rr0;r=block,slashing-nails;block:2d,armour:10") == F(3, 4) * F(6, 36) == F(1, 8)
    assert odds("bb2025;rr0;r=block,slashing-nails;block:2d/blitz,armour:10") == F(3, 4) * F(15, 36) == F(5, 16)
    assert odds("bb2025;rr0;r=block;block:2d/blitz,armour:10") == F(1, 8)  # a Blitz alone gives nothing
    assert odds("bb2025;rr0;r=block,slashing-nails;armour:10") == F(1, 6)  # no Blitz before the armour
    # Frenzy's second block is the same activation: down 3/4, or after a push (2/9: no die down, not
    # both Skulls) 3/4 again, 3/4 * 11/9 = 11/12; then 15/36 (without the rule 6/36: 11/72).
    assert odds("bb2025;rr0;r=block,frenzy;block:2d/blitz,armour:10") == F(11, 12) * F(6, 36)
    assert odds("bb2025;rr0;r=block,frenzy,slashing-nails;block:2d/blitz,armour:10") == F(11, 12) * F(15, 36)
    # One Blitz a turn: a second `/blitz` block is no second Blitz of hers, 5/16 * 1/8.
    two = "bb2025;rr0;r=block,slashing-nails;block:2d/blitz,armour:10,block:2d/blitz,armour:10"
    assert odds(two) == F(5, 16) * F(1, 8)


def test_gored_by_the_bull_adds_a_block_die_to_his_blitz() -> None:
    # Without Block a die knocks the defender down on Pow or Stumble (1/3): one die 1/3, two
    # 1 - (2/3)^2 = 5/9, three 1 - (2/3)^3 = 19/27.
    assert odds("bb2025;rr0;g=gored-by-the-bull;block:2d") == F(5, 9)  # a Block action: nothing
    assert odds("bb2025;rr0;g=gored-by-the-bull;block:2d/blitz") == F(19, 27)
    assert odds("bb2025;rr0;g=gored-by-the-bull;block:1d/blitz") == F(5, 9)
    assert odds("bb2025;rr0;g=gored-by-the-bull;block:3d/blitz") == F(19, 27)  # up to three
    # The defender's two dice stay his two (FFB adds a die to one or two of the blocker's only): 1/9.
    assert odds("bb2025;rr0;g=gored-by-the-bull;block:-2d/blitz") == F(1, 3) ** 2
    # Frenzy's second block benefits too. Down on the first, else a Push (no Pow or Stumble, not
    # every die Skull or Both Down) and the second: two dice 5/9 + (4/9 - 1/9) * 5/9 = 20/27;
    # three 19/27 + (8/27 - 1/27) * 19/27 = 646/729.
    assert odds("bb2025;rr0;g=frenzy;block:2d/blitz") == F(5, 9) + F(1, 3) * F(5, 9) == F(20, 27)
    assert odds("bb2025;rr0;g=gored-by-the-bull,frenzy;block:2d/blitz") == F(19, 27) * F(34, 27) == F(646, 729)
    # After Dauntless (ST 4 against 5, 2+: 5/6) his one die becomes two (5/9); when it fails the
    # defender chooses two (1/9): 5/6 * 5/9 + 1/6 * 1/9 = 13/27 (without the rule 5/6 * 1/3 + 1/54).
    assert odds("bb2025;rr0;g=gored-by-the-bull,st:4;dauntless:5,block:-2d/blitz") == F(13, 27)
    # Once (one Blitz a turn): a second `/blitz` block keeps its two dice, 19/27 * 5/9.
    assert odds("bb2025;rr0;g=gored-by-the-bull;block:2d/blitz,block:2d/blitz") == F(19, 27) * F(5, 9)


def test_strong_passing_game_adds_his_st_to_a_pass_once() -> None:
    # An accurate pass on 4+, ST 3: a 2 or a 3 becomes a 5 or a 6 (a natural 1 stays a fumble).
    assert odds("bb2025;rr0;s=st:3;pass:4") == F(1, 2)
    assert odds("bb2025;rr0;s=strong-passing-game,st:3;pass:4") == F(5, 6)
    assert odds("bb2025;rr0;s=strong-passing-game,st:3;pass:4/f:2") == F(5, 6)  # the 2 no longer fumbles
    # Once: 1/2 (first accurate, kept) * 5/6 + 1/3 (a 2 or 3, used) * 1/2.
    assert odds("bb2025;rr0;s=strong-passing-game,st:3;pass:4,pass:4") == F(1, 2) * F(5, 6) + F(1, 3) * F(1, 2)
    # With Pass: 2, 3 and 4 are helped, a 1 re-rolled (then 5/6 with the help kept): 5/6 + 1/6 * 5/6.
    assert odds("bb2025;rr0;s=strong-passing-game,pass,st:3;pass:5") == F(35, 36)


def test_consummate_professional_adds_one_to_an_agility_test_once() -> None:
    assert odds("bb2025;rr0;p=consummate-professional;dodge:3") == F(5, 6)  # the 2 passes too
    # Once: 4/6 * 5/6 (first passes, the +1 kept) + 1/6 * 4/6 (first a 2, helped).
    assert odds("bb2025;rr0;p=consummate-professional;dodge:3,dodge:3") == F(4, 6) * F(5, 6) + F(1, 6) * F(4, 6)
    # With a team re-roll on a pick-up: a 2 is helped, a 1 re-rolled (then 2+ with the +1 kept).
    assert odds("bb2025;rr1;p=consummate-professional;pickup:3") == F(5, 6) + F(1, 6) * F(5, 6)
    assert odds("bb2025;rr0;p=consummate-professional;gfi") == F(5, 6)  # a rush is no Agility test
    # Diving Tackle (-2 after every re-roll): 3+ becomes 5+, the +1 makes a 4 pass.
    assert odds("bb2025;rr0;p=consummate-professional;dodge:3/dt") == F(1, 2)


def test_indomitable_doubles_her_st_after_dauntless() -> None:
    # ST 4 against ST 5: D6 + 4 > 5 on 2+ (5/6). Then one die (1/3) — or two with Indomitable
    # (1 - (2/3)^2 = 5/9); after a failed Dauntless two dice he chooses (1/9).
    assert odds("bb2025;rr0;p=st:4;dauntless:5,block:-2d") == F(5, 6) * F(1, 3) + F(1, 6) * F(1, 9)
    assert odds("bb2025;rr0;p=indomitable,st:4;dauntless:5,block:-2d") == F(5, 6) * F(5, 9) + F(1, 6) * F(1, 9)


@pytest.mark.parametrize(
    "code",
    [
        "lrb6;rr0;p=crushing-blow;armour:8",
        "lrb6;rr0;p=savage-blow;block:2d",
        "lrb6;rr0;p=consummate-professional;dodge:3",
        "lrb6;rr0;p=old-pro,pro;armour:8",
        "lrb6;rr0;p=swift-as-the-breeze;dodge:4",
        "lrb6;rr0;p=block,slashing-nails;block:2d/blitz,armour:9",
        "lrb6;rr0;p=gored-by-the-bull;block:2d/blitz",
    ],
)
def test_the_classic_rules_have_none_of_them(code: str) -> None:
    with pytest.raises(TurnError):
        odds(code)
