"""Who may intercept, and with what chance (issue 23, the board's defects).

The squares under the range ruler are compared with FFB's own answer. FFB_RULER below is the output
of christerk/ffb's UtilPassing.canIntercept (commit ac2f6d30, ffb-common/src/main/java/com/fumbbl/
ffb/util/UtilPassing.java, the one ruler FFB uses for bb2016, bb2020 and bb2025) run on each
thrower → target pair: the function copied verbatim into a throwaway Java harness, every square of
the pitch asked, the squares where it answers true printed in the board code's names (column a–z,
row 1–15). FFB_TOTAL is the same harness's count over every target within 13 squares of m8. Before
the fix the engine took the squares a zero-width centre line passes through: e5 → h8 gave f6 and
g7 only, and the board left out B1 on g6.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from engine_helpers import AWAY, HOME, board, player

from rulebook.engine.analysis import analyse
from rulebook.engine.editions import get_edition
from rulebook.engine.passing import interception_chance, interception_squares, possible_interceptors, under_ruler
from rulebook.engine.types import ALL_SQUARES, Board, Square, Weather

LRB6, BB = get_edition("lrb6"), get_edition("bb2025")
S = Square


def cell(name: str) -> Square:
    return S(ord(name[0]) - ord("a"), int(name[1:]) - 1)


FFB_RULER = {
    ("e5", "h8"): "e6 e7 f5 f6 f7 f8 g5 g6 g7 g8 h6 h7",
    ("m8", "p8"): "n7 n8 n9 o7 o8 o9",
    ("m8", "m12"): "l9 l10 l11 m9 m10 m11 n9 n10 n11",
    ("m8", "q9"): "m9 n7 n8 n9 o7 o8 o9 o10 p8 p9 p10 q8",
    ("m8", "s11"): "m9 n7 n8 n9 n10 o8 o9 o10 p8 p9 p10 p11 q9 q10 q11 r9 r10 r11 r12 s10",
    ("m8", "p10"): "m9 n8 n9 n10 o8 o9 o10 p9",
    ("m8", "n10"): "m9 m10 n8 n9",
    ("m8", "o11"): "m9 m10 n8 n9 n10 n11 o9 o10",
    ("m8", "r10"): "m9 n7 n8 n9 n10 o8 o9 o10 p8 p9 p10 q8 q9 q10 q11 r9",
    ("m8", "u8"): "n7 n8 n9 o7 o8 o9 p7 p8 p9 q7 q8 q9 r7 r8 r9 s7 s8 s9 t7 t8 t9",
    ("m8", "m1"): "l2 l3 l4 l5 l6 l7 m2 m3 m4 m5 m6 m7 n2 n3 n4 n5 n6 n7",
    ("m8", "l7"): "l8 m7",
    ("m8", "m9"): "",
    ("d4", "e5"): "d5 e4",
    ("d4", "f5"): "d5 e4 e5 f4",
    ("m8", "j14"): "i13 j11 j12 j13 k9 k10 k11 k12 k13 k14 l8 l9 l10 l11 l12 l13 m9 m10 m11 n9",
    ("d8", "q4"): "d7 e7 e8 e9 f6 f7 f8 g6 g7 g8 h6 h7 h8 i5 i6 i7 i8 j5 j6 j7 k5 k6 k7 l4 l5 l6 l7 m4 m5 m6 "
    "n4 n5 n6 o4 o5 o6 p3 p4 p5 q5",
    ("u11", "k13"): "k12 l12 l13 l14 m12 m13 m14 n11 n12 n13 o11 o12 o13 p11 p12 p13 q11 q12 q13 r11 r12 r13 "
    "s10 s11 s12 t10 t11 t12 u12",
    ("m8", "z8"): "n7 n8 n9 o7 o8 o9 p7 p8 p9 q7 q8 q9 r7 r8 r9 s7 s8 s9 t7 t8 t9 u7 u8 u9 v7 v8 v9 w7 w8 w9 "
    "x7 x8 x9 y7 y8 y9",
    ("m8", "y2"): "m7 n6 n7 n8 n9 o6 o7 o8 p5 p6 p7 p8 q5 q6 q7 r4 r5 r6 r7 s4 s5 s6 t3 t4 t5 t6 u3 u4 u5 v2 "
    "v3 v4 v5 w2 w3 w4 x1 x2 x3 x4 y3",
    ("a1", "n14"): "a2 a3 b1 b2 b3 b4 c1 c2 c3 c4 c5 d2 d3 d4 d5 d6 e3 e4 e5 e6 e7 f4 f5 f6 f7 f8 g5 g6 g7 g8 "
    "g9 h6 h7 h8 h9 h10 i7 i8 i9 i10 i11 j8 j9 j10 j11 j12 k9 k10 k11 k12 k13 l10 l11 l12 l13 l14 m11 m12 m13 "
    "m14 n12 n13",
}
FFB_TOTAL = {"m8": (389, 8896)}  # targets within 13 squares, (target, square) pairs under the ruler


@pytest.mark.parametrize(("pair", "expected"), sorted(FFB_RULER.items()))
def test_the_squares_under_the_ruler_are_ffbs(pair: tuple[str, str], expected: str) -> None:
    thrower, target = cell(pair[0]), cell(pair[1])
    assert set(interception_squares(thrower, target)) == {cell(n) for n in expected.split()}


def test_every_pass_from_m8_covers_the_squares_ffb_counts() -> None:
    thrower = cell("m8")
    targets = [sq for sq in ALL_SQUARES if sq != thrower and sq.distance(thrower) <= 13]
    covered = sum(len(interception_squares(thrower, t)) for t in targets)
    assert (len(targets), covered) == FFB_TOTAL["m8"]


def test_a_straight_pass_covers_the_rows_either_side() -> None:
    """By hand: along a row the line is y = 0; the squares of the rows above and below have a corner
    half a square from it, less than the ruler's half-width 0.87, and those two rows further have
    none nearer than 1.5. Between the ends only: m8 → p8 covers n–o on rows 7, 8, 9."""
    assert under_ruler(cell("m8"), cell("p8"), cell("n7"))
    assert not under_ruler(cell("m8"), cell("p8"), cell("n6"))
    assert not under_ruler(cell("m8"), cell("p8"), cell("p8"))  # the target's own square
    assert not under_ruler(cell("m8"), cell("p8"), cell("l8"))  # behind the thrower


def test_the_issue_example_lists_b1_under_the_ruler() -> None:
    """/api/v1/board?edition=lrb6&board=1_A1e5_B1g6_B2f6&player=A1&target=h8 left out B1 on g6.
    Each is AG 3: 4+ on the agility table, −2 for intercepting: 6+, 1/6."""
    a1, b1, b2 = player("A1", HOME, 4, 4), player("B1", AWAY, 6, 5), player("B2", AWAY, 5, 5)
    found = analyse(LRB6, board(a1, b1, b2), "A1", cell("h8"), 1, Weather.NICE).pass_target
    assert found is not None
    assert {(i.player, i.square) for i in found.interceptors} == {("B1", cell("g6")), ("B2", cell("f6"))}
    assert all(i.chance == F(1, 6) for i in found.interceptors)


def _one_interceptor(*skills: str, ag: int = 4, edition_key: str = "lrb6", weather: Weather = Weather.NICE, **kw):
    thrower = player("t", HOME, 4, 7, *kw.pop("thrower_skills", ()))
    interceptor = player("i", AWAY, 7, 7, *skills, ag=ag)
    b = Board([thrower, interceptor, *kw.pop("others", ())])
    return interception_chance(get_edition(edition_key), b, thrower, S(10, 7), weather=weather)


def test_pouring_rain_makes_an_interception_harder() -> None:
    """1_wr_A1e8_B1h8.7348, target k8: B1 has AG 4, 3+ on the agility table, −2 to intercept: 5+,
    and −1 in pouring rain (as for catching and picking up; FFB's InterceptionModifierCollection has
    "Pouring Rain", botbowl's get_catch_modifiers(interception=True) takes 1 off): 6+, 1/6 (was 1/3)."""
    assert _one_interceptor().probability == F(2, 6)
    assert _one_interceptor(weather=Weather.POURING_RAIN).probability == F(1, 6)
    # 2025: AG 2+, −3 against an accurate pass: 5+; in pouring rain 6+.
    assert _one_interceptor(ag=2, edition_key="bb2025").probability == F(2, 6)
    assert _one_interceptor(ag=2, edition_key="bb2025", weather=Weather.POURING_RAIN).probability == F(1, 6)


def test_a_player_who_may_not_hold_the_ball_does_not_intercept() -> None:
    """No Hands (classic: "unable to pick up, intercept or carry the ball") and No Ball (2025: "cannot
    attempt to Intercept a Pass"); FFB skips players with preventCatch in findInterceptors."""
    assert _one_interceptor("no-hands").interceptor is None
    assert _one_interceptor("no-ball", edition_key="bb2025").interceptor is None
    thrower = player("t", HOME, 4, 7)
    for edition, slug in ((LRB6, "no-hands"), (BB, "no-ball")):
        b = Board([thrower, player("i", AWAY, 7, 7, slug)])
        assert possible_interceptors(edition, b, thrower, S(10, 7)) == []


def test_cloud_burster_passes_are_intercepted_by_very_long_legs_only() -> None:
    assert _one_interceptor(ag=2, edition_key="bb2025", thrower_skills=("cloud-burster",)).interceptor is None
    legs = _one_interceptor("very-long-legs", ag=2, edition_key="bb2025", thrower_skills=("cloud-burster",))
    assert legs.probability == F(4, 6)  # 2+, −3, +2 for Very Long Legs in 2025: 3+


def test_very_long_legs_per_edition() -> None:
    """Classic +1 (AG 4: 5+ → 4+); 2025 +2 (AG 2+: 5+ → 3+; FFB bb2025 VeryLongLegs: −2 to the target)."""
    assert _one_interceptor("very-long-legs").probability == F(3, 6)
    assert _one_interceptor("very-long-legs", ag=2, edition_key="bb2025").probability == F(4, 6)


def test_stunty_intercepts_worse_in_2025_only() -> None:
    """2025 Stunty: "−1 modifier to the Agility test when attempting to Intercept" (AG 2+: 5+ → 6+);
    the classic Stunty says nothing of intercepting."""
    assert _one_interceptor("stunty", ag=2, edition_key="bb2025").probability == F(1, 6)
    assert _one_interceptor("stunty").probability == F(2, 6)


def test_disturbing_presence_on_an_interception() -> None:
    """−1 per opponent of the interceptor with Disturbing Presence within 3 squares, even prone
    (the classic text; FFB and botbowl count every one on the pitch): AG 4 5+ → 6+. Four squares
    away, nothing."""
    near = player("d", HOME, 7, 4, "disturbing-presence")  # 3 squares from the interceptor on h8
    far = player("d", HOME, 7, 3, "disturbing-presence")
    assert _one_interceptor(others=[near]).probability == F(1, 6)
    assert _one_interceptor(others=[near.with_status(near.status.PRONE)]).probability == F(1, 6)
    assert _one_interceptor(others=[far]).probability == F(2, 6)


def test_classic_catch_and_pro_re_roll_a_failed_interception() -> None:
    """Classic Catch: "may also re-roll the D6 if he ... fails an interception attempt": 5+ twice,
    1 − (2/3)² = 5/9. Classic Pro ("any one roll he has made"): 1/3 + 2/3 · 1/2 · 1/3 = 4/9. No team
    re-roll in the opponent's turn. 2025: neither (Catch is for catching, Pro for his activation)."""
    assert _one_interceptor("catch").probability == F(5, 9)
    assert _one_interceptor("pro").probability == F(4, 9)
    assert _one_interceptor("catch", ag=2, edition_key="bb2025").probability == F(2, 6)


def test_safe_throw_cancels_an_interception() -> None:
    """Classic Safe Throw: an unmodified agility roll cancels it; AG 3 thrower: 4+, half of them.
    The interceptor's 5+ (1/3) then stands half the time: 1/6. Not against Very Long Legs."""
    assert _one_interceptor(thrower_skills=("safe-throw",)).probability == F(1, 6)
    assert _one_interceptor("very-long-legs", thrower_skills=("safe-throw",)).probability == F(3, 6)
