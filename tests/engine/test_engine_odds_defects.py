"""Issue 23, section 3: the odds defects found against an independent calculator, each with the
hand derivation of the right number next to it (every one failed before its fix; the API's side of
them is in tests/tutorial/odds/test_odds_defects_api.py, the Monte Carlo's in
test_engine_turn_montecarlo.py)."""

from __future__ import annotations

import functools
from fractions import Fraction as F
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.engine import block as blocks
from rulebook.engine import get_edition
from rulebook.engine.passing import scatter_distribution
from rulebook.engine.turn import Turn, TurnError, TurnPlayer, TurnStep, check, solve_turn
from rulebook.engine.turn_block import DOWN, BlockSpec, categories
from rulebook.engine.turn_d6 import bounces_onto_catcher, scatter_back
from rulebook.engine.types import Square

LRB6, BB = get_edition("lrb6"), get_edition("bb2025")
DT = frozenset({"diving-tackle"})


def chance(edition, *steps: TurnStep, players=(), rerolls: int = 0) -> F:
    return solve_turn(edition, Turn(tuple(steps), tuple(players), rerolls)).probability


# -- Diving Tackle and Tentacles on a leap ----------------------------------------------------------


def test_diving_tackle_on_a_leap_in_2025() -> None:
    """2025 Diving Tackle acts on a dodge, a jump or a leap, after every re-roll (FFB bb2025 StepJump:
    canAttemptToTackleJumpingPlayer, the -2 asked for after the re-roll). Leap 3+ becomes 5+: 2/6 =
    1/3. With a team re-roll the coach re-rolls anything below 5: 1/3 + 2/3 × 1/3 = 5/9."""
    leap = TurnStep("leap", 3, "p", against=DT)
    assert chance(BB, leap) == F(1, 3)
    assert chance(BB, leap, rerolls=1) == F(1, 3) + F(2, 3) * F(1, 3) == F(5, 9)


def test_diving_tackle_is_refused_on_a_classic_leap() -> None:
    """Classic Diving Tackle acts on dodges only (FFB bb2016: canAttemptToTackleDodgingPlayer alone):
    the option would change nothing, so it is refused rather than dropped."""
    with pytest.raises(TurnError) as raised:
        check(LRB6, Turn((TurnStep("leap", 3, "p", against=DT),)))
    assert raised.value.code == "skill_not_on_roll" and raised.value.step == 1


def test_tentacles_on_a_leap_as_on_a_dodge() -> None:
    """Tentacles holds a player leaving his tackle zone by a dodge or a leap (FFB: StepTentacles runs
    when the mover isDodging() or isJumping(), both editions). 2025, ST 6 against ST 3: held on a D6
    of 6-3 = 3+ (4/6), so he gets away on 1/3 and leaps 3+ on 2/3: 2/9. Classic: held when 2D6 + 3 - 6
    is 5 or less (2D6 <= 8: 26/36), away on 10/36: 10/36 × 2/3 = 5/27."""
    for kind in ("leap", "dodge"):
        assert chance(BB, TurnStep(kind, 3, "p", tentacles=6)) == F(1, 3) * F(2, 3) == F(2, 9)
        assert chance(LRB6, TurnStep(kind, 3, "p", tentacles=6)) == F(10, 36) * F(2, 3) == F(5, 27)


# -- the ball that bounces onto the catcher ---------------------------------------------------------


def test_the_scattered_ball_comes_to_the_catcher_straight_or_by_a_bounce() -> None:
    """Three D8 scatters from the catcher's square, then (on an empty square) one bounce; FFB does the
    same in both editions (StepMissedPass: three scatters; StepCatchScatterThrowIn CATCH_MISSED_PASS:
    a player under the ball tries to catch, else SCATTER_BALL, one bounce, and a player there catches).

    Straight back: a closed walk of 3 king moves 0 → a → b → 0 needs b next to both 0 and a: 4 such b
    for each of the 4 orthogonal a, 2 for each of the 4 diagonal a: 24 of 8³ = 3/64.
    By a bounce: the ball ends next to him after 3 moves and the 4th (the bounce) lands on him, i.e. a
    closed walk of 4 moves (the 3rd position is never his square: each move moves). Closed 4-walks =
    Σ over squares v of (2-walks 0 → v)²: v = 0: 8; the 4 orthogonal neighbours: 4 each; the 4
    diagonal ones: 2; at distance 2, (2,0)-like: 3 (4 squares), (2,1)-like: 2 (8), (2,2)-like: 1 (4)
    (8+16+8+12+16+4 = 64 walks in all). 64 + 4·16 + 4·4 + 4·9 + 8·4 + 4·1 = 216 of 8⁴: 27/512."""
    assert scatter_back(3) == F(24, 8**3) == F(3, 64)
    assert bounces_onto_catcher(3) == F(216, 8**4) == F(27, 512)
    two = scatter_distribution(Square(12, 7), 2)  # the 2-walk counts above, from the engine's scatter
    counts = {(0, 0): 8, (1, 0): 4, (1, 1): 2, (2, 0): 3, (2, 1): 2, (2, 2): 1}
    for (dx, dy), walks in counts.items():
        assert two[Square(12 + dx, 7 + dy)] == F(walks, 64)


def test_hail_mary_and_inaccurate_pass_then_the_catch() -> None:
    """`bb2025;rr0;t=;c=;t.hailmary:2,c.catch:2`: fumbled on a 1 (5/6 go), always inaccurate, the ball
    comes to him on 3/64 + 27/512 = 51/512 and he catches 2+ one worse, 3+ (2/3):
    5/6 × 51/512 × 2/3 = 85/1536 (was 5/192: the straight scatter only).
    `bb2025;rr0;t=;c=;t.pass:6/f:3,c.catch:2`: 6 accurate (1/6) then catch 2+ (5/6); 4-5 inaccurate
    (2/6) then 51/512 × 2/3; 1-3 fumbled: 5/36 + 1/3 × 51/512 × 2/3 = 320/2304 + 51/2304 = 371/2304."""
    comes = F(3, 64) + F(27, 512)
    hail_mary = (TurnStep("hailmary", 2, "t"), TurnStep("catch", 2, "c"))
    assert chance(BB, *hail_mary) == F(5, 6) * comes * F(2, 3) == F(85, 1536)
    throw = (TurnStep("pass", 6, "t", fumble=3), TurnStep("catch", 2, "c"))
    assert chance(BB, *throw) == F(1, 6) * F(5, 6) + F(2, 6) * comes * F(2, 3) == F(371, 2304)
    # classic: the same geometry; an accurate pass is caught one easier (+1), so 2+ becomes 3+ after it
    assert chance(LRB6, *hail_mary) == F(5, 6) * comes * F(2, 3)


# -- Brawler and Pro on one block roll --------------------------------------------------------------


def test_brawler_and_pro_on_different_dice_of_one_block() -> None:
    """2025, three dice, attacker chooses, no Block, to knock down: each die wins on 2 faces (POW,
    Stumble without Dodge), is a Both Down on 1, fails on 3. The roll fails on (4/6)³ = 8/27:
      with a Both Down among them ((4/6)³ - (3/6)³ = 37/216): Brawler re-rolls it (1/3 wins), else Pro
      (3+: 2/3) re-rolls another die (1/3): 1/3 + 2/3 × 2/3 × 1/3 = 13/27;
      without one (27/216): only Pro: 2/3 × 1/3 = 2/9 (the die it re-rolls can't be re-rolled again).
    19/27 + 37/216 × 13/27 + 27/216 × 2/9 = (4104 + 481 + 162)/5832 = 4747/5832 (was 511/648 =
    4599/5832: one source per roll). A brute force over every order of the two re-rolls agrees, and
    so does the seeded Monte Carlo (test_engine_turn_montecarlo)."""
    brawler_pro = TurnPlayer("p", frozenset({"brawler", "pro"}))
    block = TurnStep("block", 3, "p")
    expected = F(19, 27) + F(37, 216) * F(13, 27) + F(27, 216) * F(2, 9)
    assert expected == F(4747, 5832)
    assert chance(BB, block, players=[brawler_pro]) == expected
    # each alone, as before: Brawler 19/27 + 37/216 × 1/3; Pro 19/27 + 8/27 × 2/3 × 1/3
    assert chance(BB, block, players=[TurnPlayer("p", frozenset({"brawler"}))]) == F(19, 27) + F(37, 216) / 3
    assert chance(BB, block, players=[TurnPlayer("p", frozenset({"pro"}))]) == F(19, 27) + F(8, 27) * F(2, 9)


def test_a_team_reroll_takes_the_whole_block_roll_and_nothing_after_it() -> None:
    """2025, one die, to knock down (1/3), Brawler and a team re-roll: a Both Down (1/6) is re-rolled
    by Brawler (1/3), and then no team re-roll may take that die again; a skull or a push (1/2) by the
    team re-roll (1/3): 1/3 + 1/6 × 1/3 + 1/2 × 1/3 = 5/9."""
    player = TurnPlayer("p", frozenset({"brawler"}))
    assert chance(BB, TurnStep("block", 1, "p"), players=[player], rerolls=1) == F(5, 9)


# -- the Hail Mary's value --------------------------------------------------------------------------


def test_the_hail_mary_value_is_the_roll_that_avoids_a_fumble() -> None:
    """2025: thrown as a Long Bomb, fumbled on a modified 1 or less (FFB bb2025 PassMechanic: a natural
    6 is never fumbled). `hailmary:5` goes on 5-6 (2/6) then the ball comes to the catcher on 51/512
    and he catches 3+ (2/3). The value and /f:N say the same thing: hailmary:2/f:4 is hailmary:5."""
    comes = F(51, 512)
    catch = TurnStep("catch", 2, "c")
    assert chance(BB, TurnStep("hailmary", 5, "t"), catch) == F(2, 6) * comes * F(2, 3)
    assert chance(BB, TurnStep("hailmary", 2, "t", fumble=4), catch) == F(2, 6) * comes * F(2, 3)
    assert chance(BB, TurnStep("hailmary", 6, "t"), catch) == F(1, 6) * comes * F(2, 3)


def test_a_classic_hail_mary_is_fumbled_on_a_one_only() -> None:
    """Classic: an unmodified D6, fumbled on a 1: any other value is refused."""
    check(LRB6, Turn((TurnStep("hailmary", 2, "t"),)))
    for step in (TurnStep("hailmary", 4, "t"), TurnStep("hailmary", 2, "t", fumble=2)):
        with pytest.raises(TurnError) as raised:
            check(LRB6, Turn((step,)))
        assert raised.value.code == "hail_mary_on_one"


# -- an opponent's option on a roll it does not touch -----------------------------------------------


@pytest.mark.parametrize(
    ("edition", "step"),
    [
        (LRB6, TurnStep("pickup", 3, "p", against=frozenset({"tackle"}))),
        (BB, TurnStep("rush", 2, "p", against=DT)),
        (LRB6, TurnStep("catch", 3, "p", against=frozenset({"dodge"}))),
        (BB, TurnStep("block", 2, "p", against=frozenset({"tackle"}))),
        (LRB6, TurnStep("armour", 8, "p", against=frozenset({"stand-firm"}))),
        (BB, TurnStep("leap", 3, "p", against=frozenset({"tackle"}))),
    ],
)
def test_an_opponent_skill_that_changes_nothing_is_refused(edition, step: TurnStep) -> None:
    with pytest.raises(TurnError) as raised:
        check(edition, Turn((TurnStep("roll", 2, "p"), step)))
    assert raised.value.code == "skill_not_on_roll" and raised.value.step == 2


@pytest.mark.parametrize(
    ("edition", "step"),
    [
        (LRB6, TurnStep("dodge", 3, "p", against=frozenset({"tackle", "diving-tackle"}))),
        (BB, TurnStep("leap", 3, "p", against=DT)),
        (BB, TurnStep("block", 2, "p", against=frozenset({"dodge", "block", "wrestle", "stand-firm", "side-step"}))),
        (LRB6, TurnStep("foul", 8, "p", against=frozenset({"thick-skull", "stunty"}))),
        (BB, TurnStep("stab", 9, "p", against=frozenset({"iron-hard-skin"}))),
    ],
)
def test_an_opponent_skill_where_it_acts_is_accepted(edition, step: TurnStep) -> None:
    check(edition, Turn((step,)))


def brute_force_block(cats: tuple[str, ...], dice: int, chooser: str, skills: frozenset[str], team: bool) -> F:
    """Every 2025 plan searched die by die, independent of the solver's trees: a team re-roll only
    as the first re-roll (the whole roll, nothing after), Pro (3+) and Brawler / Hatred (a die of
    their face) once each, each on a die not re-rolled yet, in either order."""

    pick = min if chooser == "attacker" else max
    face_of = {"brawler": 1, "hatred": 0}  # Both Down, Player Down (the attacker down)

    def won(faces: tuple[int, ...]) -> bool:
        return pick((cats[f] for f in faces), key=blocks.RANK.__getitem__) in DOWN

    fresh = sum((F(1, 6**dice) for faces in product(range(6), repeat=dice) if won(faces)), F(0))

    @functools.cache
    def best(faces: tuple[int, ...], rerolled: frozenset[int], left: frozenset[str], first: bool) -> F:
        if won(faces):
            return F(1)
        found = [F(0), fresh] if first and team else [F(0)]
        free = [i for i in range(dice) if i not in rerolled]

        def again(i: int, rest: frozenset[str]) -> F:
            return (
                sum((best(faces[:i] + (g,) + faces[i + 1 :], rerolled | {i}, rest, False) for g in range(6)), F(0)) / 6
            )

        if "pro" in left:
            stays = best(faces, rerolled, left - {"pro"}, False)
            found += [F(2, 3) * again(i, left - {"pro"}) + F(1, 3) * stays for i in free]
        for skill in left & {"brawler", "hatred"}:
            found += [again(i, left - {skill}) for i in free if faces[i] == face_of[skill]]
        return max(found)

    unit = F(1, 6**dice)
    return sum((unit * best(faces, frozenset(), skills, True) for faces in product(range(6), repeat=dice)), F(0))


@settings(max_examples=30, deadline=None, database=None, derandomize=True)
@given(
    dice=st.integers(1, 3),
    defender_chooses=st.booleans(),
    skills=st.frozensets(st.sampled_from(["pro", "brawler", "hatred"]), min_size=1),
    block_skill=st.booleans(),
    defender=st.frozensets(st.sampled_from(["dodge", "block"])),
    team=st.booleans(),
)
def test_one_die_rerolls_of_a_2025_block_match_a_brute_force(
    dice, defender_chooses, skills, block_skill, defender, team
):

    chooses = defender_chooses and dice > 1
    attacker = skills | ({"block"} if block_skill else set())
    cats = categories(BB, BlockSpec(dice, chooses, frozenset(attacker), defender))
    step = TurnStep("block", dice, "p", defender_chooses=chooses, against=defender)
    got = chance(BB, step, players=[TurnPlayer("p", frozenset(attacker))], rerolls=int(team))
    assert got == brute_force_block(cats, dice, "defender" if chooses else "attacker", skills, team)
