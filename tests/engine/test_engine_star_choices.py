"""More 2025 star rules in the odds of a turn, each with its hand derivation (SOURCES.md says which
reading each takes, from the star's page and FFB's class of the same name).

Block dice used below, the blocker with Block against a defender without skills: a die knocks
the defender down on Both Down, Stumble or Pow (1/2), pushes on either Push (1/3), knocks the
blocker down on a Skull (1/6). Two dice of his choosing: down 1 - (1/2)^2 = 3/4, a push (no die
down, not two Skulls) 1/4 - 1/36 = 2/9, a fall 1/36. Two of the defender's: down (both dice)
1/4, a fall (any Skull) 1 - (5/6)^2 = 11/36, a push the rest, 4/9.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from rulebook.engine.turn import TurnError
from tests.engine.test_engine_star_helps import odds

D2, P2, FALL2 = F(3, 4), F(2, 9), F(1, 36)  # his two dice
DM, PM = F(1, 4), F(4, 9)  # the defender's two


def test_frenzied_rush_gives_frenzy_to_the_block_of_his_blitz() -> None:
    # Goal down: a push goes on to Frenzy's second block, 3/4 + 2/9 * 3/4 = 11/12.
    assert odds("bb2025;rr0;p=block,frenzied-rush;block:2d/blitz") == D2 + P2 * D2 == F(11, 12)
    assert odds("bb2025;rr0;p=block,frenzied-rush;block:2d") == D2  # a Block action: no Frenzy
    # One Blitz a turn: the second `/blitz` block has no Frenzy, 11/12 * 3/4 = 11/16.
    assert odds("bb2025;rr0;p=block,frenzied-rush;block:2d/blitz,block:2d/blitz") == F(11, 12) * D2


def test_frenzied_rush_is_a_choice_frenzy_is_not() -> None:
    # Goal push: without Frenzy anything but a fall reaches it, 1 - 1/36 = 35/36; Frenzy forces the
    # second block after a push, which may fall: 3/4 + 2/9 * 35/36 = 313/324. He declines it.
    assert odds("bb2025;rr0;p=block,frenzy;block:2d/blitz/push") == D2 + P2 * (1 - FALL2) == F(313, 324)
    assert odds("bb2025;rr0;p=block,frenzied-rush;block:2d/blitz/push") == 1 - FALL2 == F(35, 36)


def test_frenzied_rush_is_chosen_before_the_dauntless_roll() -> None:
    # ST 3 against 4: D6 + 3 > 4 on 2+ (5/6): his two dice, else the defender's two. Frenzy's second
    # block rolls Dauntless again: S = 5/6 * 3/4 + 1/6 * 1/4 = 2/3; without Frenzy that is all.
    # With it: 5/6 * (3/4 + 2/9 * 2/3) + 1/6 * (1/4 + 4/9 * 2/3) = (485 + 59)/648 = 68/81.
    code = "bb2025;rr0;p=block,{};dauntless:4,block:-2d/blitz/dauntless:2d{}"
    second = F(5, 6) * D2 + F(1, 6) * DM
    assert odds(code.format("st:3", "")) == second == F(2, 3)
    assert odds(code.format("frenzied-rush", "")) == F(5, 6) * (D2 + P2 * second) + F(1, 6) * (DM + PM * second)
    assert odds(code.format("frenzied-rush", "")) == odds(code.format("frenzy", "")) == F(68, 81)
    # Goal push: declined, 5/6 * 35/36 + 1/6 * (1 - 11/36) = 25/27, as without the rule.
    assert odds(code.format("frenzied-rush", "/push")) == odds(code.format("st:3", "/push")) == F(25, 27)


def test_incorporeal_makes_her_dodges_certain() -> None:
    # Every dodge of her activation (a turn's): no roll, so neither Diving Tackle's -2 nor a
    # Tentacles roll (FFB asks it of a dodge or a jump); without the rule 1/2 * 1/3 and 1/2 * 2/3.
    assert odds("bb2025;rr0;g=st:3;dodge:4,dodge:5/dt") == F(1, 2) * F(1, 6)
    assert odds("bb2025;rr0;g=incorporeal;dodge:4,dodge:5/dt") == 1
    # Tentacles ST 5 against her 3: D6 + 2 >= 6 (or a 6) holds on 4+ (1/2).
    assert odds("bb2025;rr0;g=st:3;dodge:3/tentacles:5") == F(1, 2) * F(2, 3)
    assert odds("bb2025;rr0;g=incorporeal;dodge:3/tentacles:5") == 1
    assert odds("bb2025;rr0;g=incorporeal;leap:4") == F(1, 2)  # a leap is no Dodge roll: still a 4+
    assert odds("bb2025;rr0;g=incorporeal;dodge:4,gfi") == F(5, 6)  # nor is a rush
    # Shadowing (2025: 4+) still follows her out of its tackle zone; then a rush, made only then:
    # 1/2 + 1/2 * 5/6 = 11/12 (without the rule 2/3 * 11/12 = 11/18).
    assert odds("bb2025;rr0;g=incorporeal;dodge:3/shadow:6,?gfi") == F(1, 2) + F(1, 2) * F(5, 6) == F(11, 12)
    assert odds("bb2025;rr0;g=st:3;dodge:3/shadow:6,?gfi") == F(2, 3) * F(11, 12)
    # Only hers: another player's dodge is rolled, 1/2.
    assert odds("bb2025;rr0;g=incorporeal;o=st:3;g.dodge:4,o.dodge:4") == F(1, 2)


A9, A8 = F(10, 36), F(15, 36)  # 2D6 on 9+, on 8+
CAS10 = F(6, 36)  # a casualty on the injury roll's 10+


def test_dwarfen_grit_rolls_again_an_armour_roll_that_broke() -> None:
    # His coach always re-rolls a break (it can only save him): broken twice, (10/36)^2.
    assert odds("bb2025;rr0;armour:9/dwarfen-grit") == A9 * A9 == F(25, 324)
    assert odds("bb2025;rr0;armour:9/dwarfen-grit/cas") == A9 * A9 * CAS10
    assert odds("bb2025;rr0;stab:9/dwarfen-grit") == A9 * A9
    # A chainsaw: the kick-back (2+), then armour +3 on both rolls (6+: 26/36).
    assert odds("bb2025;rr0;chainsaw:9/dwarfen-grit") == F(5, 6) * F(26, 36) ** 2
    # Mighty Blow is the roll's modifier, on the re-roll too: (15/36)^2.
    assert odds("bb2025;rr0;p=mighty-blow;armour:9/dwarfen-grit") == A8 * A8 == F(25, 144)
    # A once-per-game help still counts on the re-rolled roll: broken on 9+ with Crushing Blow kept
    # for the re-roll (8+), or on an 8 with it (then 9+): 10/36 * 15/36 + 5/36 * 10/36 = 25/162.
    assert odds("bb2025;rr0;p=crushing-blow;armour:9/dwarfen-grit") == A9 * A8 + F(5, 36) * A9 == F(25, 162)
    # Never a re-roll's re-roll: Krump and Smash re-rolls a roll that held, and that break stands;
    # a first break is re-rolled by Josef, and Krump and Smash may not follow: 10/36 * 10/36 + 26/36 * 10/36.
    assert odds("bb2025;rr0;p=krump-and-smash;armour:9/dwarfen-grit") == A9 * A9 + F(26, 36) * A9 == F(5, 18)
    # After a push into the crowd there is no armour roll to re-roll.
    assert odds("bb2025;rr0;block:2d/crowd,armour:9/dwarfen-grit") == odds("bb2025;rr0;block:2d/crowd,armour:9")


def test_dwarfen_grit_on_a_foul() -> None:
    # A foul then a rush: broken without a double (8 of 36: 9 to 12 but 5-5 and 6-6) and an injury
    # roll without one (30/36), 5/6 on the rush. With Dwarfen Grit a first break is rolled again
    # and its double is still seen: 8/36 * 8/36 * 30/36 * 5/6 (without the rule 8/36 * 30/36 * 5/6).
    assert odds("bb2025;rr0;foul:9,gfi") == F(8, 36) * F(30, 36) * F(5, 6) == F(25, 162)
    assert odds("bb2025;rr0;foul:9/dwarfen-grit,gfi") == F(8, 36) ** 2 * F(30, 36) * F(5, 6) == F(25, 729)
    # Lone Fouler re-rolls a roll that held; Josef one that broke; neither re-rolls the other's:
    # 10/36 * 10/36 + 26/36 * 10/36 = 10/36 (the foul last: a sending-off after it still counts).
    assert odds("bb2025;rr0;f=lone-fouler;foul:9/a:0/dwarfen-grit") == A9 * A9 + F(26, 36) * A9 == A9


def test_watch_out_gives_him_dodge_against_the_first_block() -> None:
    # A blocker without skills: a die knocks him down on Pow or Stumble (1/3), two dice 5/9; with
    # Dodge a Stumble is a push, down on Pow only: 1 - (5/6)^2 = 11/36.
    assert odds("bb2025;rr0;block:2d") == F(5, 9)
    assert odds("bb2025;rr0;block:2d/watch-out") == 1 - F(5, 6) ** 2 == F(11, 36)
    assert odds("bb2025;rr0;p=tackle;block:2d/watch-out") == F(5, 9)  # Tackle cancels it, as Dodge
    # Once: the second block finds him without it, 11/36 * 5/9.
    assert odds("bb2025;rr0;block:2d/watch-out,block:2d/watch-out") == F(11, 36) * F(5, 9) == F(55, 324)
    assert odds("bb2025;rr0;block:2d/blitz/watch-out") == F(11, 36)  # a Blitz's block too (FFB)
    # Frenzy: the first block only (FFB). A push there: no Pow, not both dice Skull or Both Down,
    # (5/6)^2 - (2/6)^2 = 21/36; the second block 5/9: 11/36 + 21/36 * 5/9 = 17/27 (with Dodge on
    # both blocks 11/36 + 21/36 * 11/36 = 209/432).
    assert odds("bb2025;rr0;p=frenzy;block:2d/watch-out") == F(11, 36) + F(21, 36) * F(5, 9) == F(17, 27)
    assert odds("bb2025;rr0;p=frenzy;block:2d/dodge") == F(11, 36) + F(21, 36) * F(11, 36) == F(209, 432)


def test_reliable_makes_a_fumbled_throw_no_turnover() -> None:
    # A Throw Team-mate on 4+: fumbled on a 1 (1/6), superb on 4+ (1/2), subpar on 2-3 (1/3); the
    # landing 3+ (2/3), one harder after a subpar throw (1/2): 1/2 * 2/3 + 1/3 * 1/2 = 1/2. A
    # Reliable fumble still misses the throw's goal: the same 1/2.
    assert odds("bb2025;rr0;ttm:4,land:3") == odds("bb2025;rr0;d=reliable;ttm:4,land:3") == F(1, 2)
    # But it is no turnover: "!" steps follow it, here the thrown player's rush (5/6), and the
    # landing after them is his safe one, not rolled: 1/2 + 1/6 * 5/6 = 23/36.
    assert odds("bb2025;rr0;d=reliable;d.ttm:4,!g.gfi,g.land:3") == F(1, 2) + F(1, 6) * F(5, 6) == F(23, 36)
    # Fumbled on 1-2 (/f:2, 1/3), subpar on a 3 (1/6): 1/2 * 2/3 + 1/6 * 1/2 + 1/3 * 5/6 = 25/36.
    fumbles = "bb2025;rr0;d=reliable;d.ttm:4/f:2,!g.gfi,g.land:3"
    assert odds(fumbles) == F(1, 2) * F(2, 3) + F(1, 6) * F(1, 2) + F(1, 3) * F(5, 6) == F(25, 36)
    # Without the rule a fumble ends the turn: nothing may follow it.
    with pytest.raises(TurnError):
        odds("bb2025;rr0;d.ttm:4,!g.gfi,g.land:3")


def test_blast_it_rerolls_the_hail_marys_scatters_and_helps_the_catch() -> None:
    # A Hail Mary fumbled on a 1 (5/6). Without the rule the ball scatters three times and comes to
    # the catcher back onto his square (3/64) or next to him and bounces onto him (27/512): 51/512;
    # his catch 3+ one harder either way, 4+ (1/2): 5/6 * 51/512 * 1/2 = 85/2048.
    assert odds("bb2025;rr0;c=st:3;b.hailmary:2,c.catch:3") == F(5, 6) * F(51, 512) * F(1, 2) == F(85, 2048)
    # Blast It!: +1 to the catch, so 3+ (2/3) either way, and each scatter D8 re-rolled once seen
    # when that is better. Let V = P(on him after three) + P(next to him) * 1/8 (the bounce).
    # After two scatters (the third to come, kept when its square is worth more than the re-roll's
    # mean m): from him, every square is next to him, 1/8; from an orthogonal neighbour (his square
    # 1 of 8, a neighbour of his 4 of 8), m = 1/8 + 4/8 * 1/8 = 3/16, only his square kept:
    # 1/8 + 7/8 * 3/16 = 37/128; from a diagonal one (his 1, neighbours 2), m = 5/32,
    # 1/8 + 7/8 * 5/32 = 67/256; two away in line (3 neighbours) m = 3/64, 3/8 * 1/8 + 5/8 * 3/64 =
    # 39/512; a knight's move away (2) 7/128; two diagonally (1) 15/512. After one scatter (in
    # 4096ths): from an orthogonal neighbour the next square is worth his 512, orthogonal 1184 (x2),
    # diagonal 1072 (x2), two in line 312, a knight's 224 (x2), mean 723: both 1184s and 1072s
    # kept, f = (2*1184 + 2*1072 + 4*723) / 8 = 7404/32768; from a diagonal one: his 512, orthogonal
    # 1184 (x2), two in line 312 (x2), knight's 224 (x2), two diagonally 120, mean 509: his and both
    # 1184s kept, f = (512 + 2*1184 + 5*509) / 8 = 5425/32768. The first scatter: orthogonal
    # 7404 (x4) kept, diagonal 5425 (x4) re-rolled for the mean 12829/2:
    # V = (4*7404 + 4*12829/2) / (8*32768) = 27637/131072, and 5/6 * 2/3 * 27637/131072.
    blasted = F(5, 6) * F(2, 3) * F(27637, 131072)
    assert odds("bb2025;rr0;b=blast-it;c=st:3;b.hailmary:2,c.catch:3") == blasted == F(138185, 1179648)
    assert odds("bb2025;rr0;b=blast-it;c=st:3;b.pass:4,c.catch:3") == odds("bb2025;rr0;c=st:3;b.pass:4,c.catch:3")


def test_pump_up_the_crowd_gives_a_team_reroll_for_his_blocks_casualty() -> None:
    # One die, no skills: down on Pow or Stumble (1/3; Both Down knocks him down too: a turnover);
    # a casualty, armour 9+ then injury 10+: 10/36 * 6/36 = 5/108; a rush 5/6, 35/36 with a re-roll.
    down, cas = F(1, 3), A9 * CAS10
    assert cas == F(5, 108)
    assert odds("bb2025;rr0;block:1d,armour:9/cas,gfi") == down * cas * F(5, 6) == F(25, 1944)
    assert odds("bb2025;rr0;p=pump-up-the-crowd;block:1d,armour:9/cas,gfi") == down * cas * F(35, 36) == F(175, 11664)
    # Goal break: only the casualties of the breaks (10/36 * 6/36) have the re-roll, the rest
    # (10/36 * 30/36) not: 1/3 * (300/1296 * 5/6 + 60/1296 * 35/36) = 925/11664.
    with_break = down * (A9 * F(30, 36) * F(5, 6) + cas * F(35, 36))
    assert odds("bb2025;rr0;p=pump-up-the-crowd;block:1d,armour:9,gfi") == with_break == F(925, 11664)
    # A Blitz's block too (FFB: the injury of a block, whatever the action).
    assert odds("bb2025;rr0;p=pump-up-the-crowd;block:1d/blitz,armour:9/cas,gfi") == F(175, 11664)
    # Not a push into the crowd (FFB: a crowd push's injury is no block's): Push, Push, Stumble or Pow
    # send him out (4/6), a casualty on the injury's 10+ (1/6), the rush without a re-roll: 5/54.
    crowd = F(4, 6) * CAS10 * F(5, 6)
    assert odds("bb2025;rr0;p=pump-up-the-crowd;block:1d/crowd,armour:9/cas,gfi") == crowd == F(5, 54)
    # Not a team-mate's block: 25/1944 again.
    assert odds("bb2025;rr0;s=pump-up-the-crowd;o=st:3;o.block:1d,o.armour:9/cas,s.gfi") == F(25, 1944)


def test_pump_up_the_crowd_is_once() -> None:
    # The first casualty (5/324 with its block) gives one re-roll, the second none. The re-roll saves
    # the second block (2/3 of the time: then none is left for the rushes); two rushes with one re-roll
    # 5/6 * 35/36 + 1/6 * 5/6 * 5/6 = 25/27, with none 25/36 (with a second re-roll gained the
    # first branch would be (35/36)^2 and the second 25/27):
    # 5/324 * 5/108 * (1/3 * 25/27 + 2/3 * 1/3 * 25/36) = 625/1889568.
    first, cas = F(1, 3) * A9 * CAS10, A9 * CAS10
    expected = first * cas * (F(1, 3) * F(25, 27) + F(2, 3) * F(1, 3) * F(25, 36))
    code = "bb2025;rr0;p=pump-up-the-crowd;block:1d,armour:9/cas,block:1d,armour:9/cas,gfi,gfi"
    assert odds(code) == expected == F(625, 1889568)


def test_unchannelled_fury_ends_his_action_on_a_failure() -> None:
    # fury:2 (a Block's: +2) fails on a natural 1; two dice without skills knock down 5/9 (the
    # module's dice with Block: without it Both Down knocks him down too, 1 - (2/3)^2 = 5/9).
    assert odds("bb2025;rr0;fury:2,block:2d") == F(5, 6) * F(5, 9) == F(25, 54)
    # One team re-roll: kept for the block when the roll passes (5/9 + 4/9 * 5/9 = 65/81), spent on
    # the 1 otherwise: 5/6 * 65/81 + 1/6 * 5/6 * 5/9 = 725/972.
    assert odds("bb2025;rr1;fury:2,block:2d") == F(5, 6) * F(65, 81) + F(1, 6) * F(5, 6) * F(5, 9) == F(725, 972)
    # His action ends, not the turn: a "!" step follows the failure, 5/6 + 1/6 * 5/6 = 35/36.
    assert odds("bb2025;rr0;p=st:3;o=st:3;p.fury:2,!o.gfi") == F(35, 36)
    assert odds("bb2025;rr0;fury:4,gfi") == F(1, 2) * F(5, 6)  # another action: 4+


def test_fury_of_the_blood_god_makes_a_failed_fury_two_block_actions() -> None:
    # The 1 no longer ends his Block action: 5/9; the "?" block is the second one after a 1:
    # 5/6 * 5/9 + 1/6 * (5/9)^2 = 125/243.
    assert odds("bb2025;rr0;s=fury-of-the-blood-god;fury:2,block:2d") == F(5, 9)
    two = "bb2025;rr0;s=fury-of-the-blood-god;fury:2,?block:2d,block:2d"
    assert odds(two) == F(5, 6) * F(5, 9) + F(1, 6) * F(5, 9) ** 2 == F(125, 243)
    # Used instead of the team re-roll, which stays for the block: 65/81.
    assert odds("bb2025;rr1;s=fury-of-the-blood-god;fury:2,block:2d") == F(65, 81)
    # Not on a Blitz (FFB: a Block action only), nor on another action's 4+.
    assert odds("bb2025;rr0;s=fury-of-the-blood-god;fury:2,block:2d/blitz") == F(25, 54)
    assert odds("bb2025;rr0;s=fury-of-the-blood-god;fury:4,gfi") == F(5, 12)
    # Once: spent on the first 1 (else the action ends), the second roll's 1 ends it:
    # 5/6 * 5/9 * 5/9 (kept for the second roll) + 1/6 * 5/9 * 5/6 * 5/9 = (5/9)^2 * 35/36 = 875/2916.
    twice = "bb2025;rr0;s=fury-of-the-blood-god;fury:2,block:2d,fury:2,block:2d"
    assert odds(twice) == F(5, 9) ** 2 * (F(5, 6) + F(1, 6) * F(5, 6)) == F(875, 2916)


@pytest.mark.parametrize(
    "code",
    [
        "lrb6;rr0;fury:2,block:2d",
        "lrb6;rr0;s=fury-of-the-blood-god;block:2d",
        "lrb6;rr0;p=pump-up-the-crowd;block:1d,armour:8/cas,gfi",
        "lrb6;rr0;b=blast-it;hailmary:2,catch:3",
        "lrb6;rr0;d=reliable;ttm:4,land:3",
        "lrb6;rr0;block:2d/watch-out",
        "lrb6;rr0;p=block,frenzied-rush;block:2d/blitz",
        "lrb6;rr0;g=incorporeal;dodge:4",
        "lrb6;rr0;armour:8/dwarfen-grit",
    ],
)
def test_the_classic_rules_have_none_of_them(code: str) -> None:
    with pytest.raises(TurnError):
        odds(code)
