"""The board code: one canonical code per position, read back to the same position, and every
impossible position refused with the problem named."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutorial.board.code import (
    DEFAULTS,
    RANGES,
    STATS,
    CodeError,
    Piece,
    Position,
    check,
    format_code,
    parse,
    sort_pieces,
    square_name,
)

pytestmark = pytest.mark.database_free  # no database, cache or server: runs once in CI

SKILLS = frozenset({"block", "dodge", "sure-hands", "guard", "tackle", "sidestep", "side-step", "no-hands"})


def test_the_documented_example_reads_as_written() -> None:
    p = parse("lrb6", "1_r21_bm8_A1m7.dodge.block_A2l8.7338.sure-hands_B1n8_B2n7p")
    assert p.rerolls == (2, 1) and p.ball == (12, 7) and p.weather == "nice"
    a1, a2 = p.piece("A1"), p.piece("A2")
    assert a1 is not None and a1.square == (12, 6) and a1.skills == ("block", "dodge")
    assert (a1.ma, a1.st, a1.ag, a1.av) == (6, 3, 3, 8)
    assert a2 is not None and (a2.ma, a2.st, a2.ag, a2.av) == (7, 3, 3, 8) and a2.skills == ("sure-hands",)
    b2 = p.piece("B2")
    assert b2 is not None and b2.status == "prone" and b2.square == (13, 6)
    assert format_code(p) == "1_r21_bm8_A1m7.block.dodge_A2l8.7338.sure-hands_B1n8_B2n7p"


def test_2025_codes_carry_pa_and_targets() -> None:
    p = parse("bb2025", "1_wb_A3c2s_B5k8.54449.guard_B6a1.633-b")
    b5, b6, a3 = p.piece("B5"), p.piece("B6"), p.piece("A3")
    assert b5 is not None and (b5.ma, b5.st, b5.ag, b5.pa, b5.av) == (5, 4, 4, 4, 9)
    assert b6 is not None and b6.pa is None and (b6.ag, b6.av) == (3, 11)
    assert a3 is not None and a3.status == "stunned" and p.weather == "blizzard"


def test_square_names() -> None:
    assert square_name((0, 0)) == "a1" and square_name((25, 14)) == "z15" and square_name((12, 7)) == "m8"


def test_defaults_are_left_out_and_the_order_is_fixed() -> None:
    code = "1_B2a1_A1b1.6338_bc3_wn_r11"
    assert format_code(parse("lrb6", code)) == "1_bc3_A1b1_B2a1"
    assert format_code(parse("bb2025", "1_A1b1.63349")) == "1_A1b1"
    assert format_code(Position("lrb6")) == "1"
    assert parse("lrb6", "") == Position("lrb6")


pieces_strategy = st.lists(
    st.tuples(
        st.sampled_from("AB"),
        st.integers(1, 99),
        st.tuples(st.integers(0, 25), st.integers(0, 14)),
        st.integers(1, 9),
        st.integers(1, 7),
        st.integers(1, 6),
        st.one_of(st.none(), st.integers(1, 6)),
        st.integers(3, 11),
        st.sets(st.sampled_from(sorted(SKILLS)), max_size=3),
        st.sampled_from(["standing", "prone", "stunned"]),
    ),
    max_size=12,
)


@settings(max_examples=60, deadline=None, database=None)
@given(
    edition=st.sampled_from(["lrb6", "bb2025"]),
    raw=pieces_strategy,
    ball=st.one_of(st.none(), st.tuples(st.integers(0, 25), st.integers(0, 14))),
    weather=st.sampled_from(["sweltering_heat", "very_sunny", "nice", "pouring_rain", "blizzard"]),
    rerolls=st.tuples(st.integers(0, 8), st.integers(0, 8)),
)
def test_any_position_reads_back_from_its_code(edition, raw, ball, weather, rerolls) -> None:
    seen_ids, seen_squares, pieces = set(), set(), []
    for team, number, square, ma, st_, ag, pa, av, skills, status in raw:
        if (team, number) in seen_ids or square in seen_squares:
            continue
        seen_ids.add((team, number))
        seen_squares.add(square)
        pa = pa if edition == "bb2025" else None
        pieces.append(Piece(team, number, square, ma, st_, ag, pa, av, tuple(sorted(skills)), status))
    position = Position(edition, sort_pieces(pieces), ball, weather, rerolls)
    code = format_code(position)
    assert parse(edition, code) == position
    assert format_code(parse(edition, code)) == code
    assert set(code) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._")


@pytest.mark.parametrize(
    ("code", "key"),
    [
        ("2_A1a1", "version"),
        ("1_A1", "unreadable"),
        ("1_C1a1", "unreadable"),
        ("1_A1a1.63", "stats_length"),
        ("1_A1a1.6x38", "unreadable"),
        ("1_A1a1.Block", "unreadable"),
        ("1_bm99", "off_pitch"),
        ("1_wq", "unreadable"),
        ("1_r11_r22", "repeated_option"),
        ("1_A1a1_" + "x" * 2100, "too_long"),
    ],
)
def test_codes_that_do_not_parse(code: str, key: str) -> None:
    with pytest.raises(CodeError) as caught:
        parse("lrb6", code)
    assert caught.value.key == key


@pytest.mark.parametrize(
    ("code", "key"),
    [
        ("1_A1m8_B1m8", "two_on_square"),
        ("1_A1m16", "off_pitch"),
        ("1_A1m0", "off_pitch"),
        ("1_A1m8_A1n8", "same_number"),
        ("1_A0m8", "number"),
        ("1_A1m8.0338", "characteristic"),
        ("1_A1m8.6838", "characteristic"),
        ("1_A1m8.63372", "stats_length"),
        ("1_A1m8.6332", "characteristic"),
        ("1_A1m8.wings", "unknown_skill"),
        ("1_bm8_A1m8p", "ball_on_fallen"),
        ("1_r91_A1m8", "rerolls"),
        ("1_" + "_".join(f"A{n}{'abcdefghijkl'[n - 1]}3" for n in range(1, 13)), "too_many"),
    ],
)
def test_impossible_positions_are_refused(code: str, key: str) -> None:
    with pytest.raises(CodeError) as caught:
        check(parse("lrb6", code), SKILLS)
    assert caught.value.key == key


def test_skills_belong_to_the_edition() -> None:
    check(parse("bb2025", "1_A1m8.sidestep"), frozenset({"sidestep"}))
    with pytest.raises(CodeError):
        check(parse("bb2025", "1_A1m8.side-step"), frozenset({"sidestep"}))


def test_ranges_and_defaults_agree() -> None:
    for edition, names in STATS.items():
        for name in names:
            value = DEFAULTS[edition][name]
            lo, hi = RANGES[name]
            assert value is not None and lo <= value <= hi


def test_a_loner_carries_his_rosters_target_where_the_edition_prints_one() -> None:
    known = frozenset({"loner", "block"})
    ogre = check(parse("bb2025", "1_A1m8.loner3.block"), known).pieces[0]
    assert ogre.skills == ("block", "loner") and ogre.loner == 3
    assert format_code(Position("bb2025", (ogre,))) == "1_A1m8.block.loner3"
    # The usual target is left out, so one position keeps one code.
    usual = check(parse("bb2025", "1_A1m8.loner4"), known).pieces[0]
    assert usual.loner is None and format_code(Position("bb2025", (usual,))) == "1_A1m8.loner"


@pytest.mark.parametrize(("edition", "code"), [("lrb6", "1_A1m8.loner3"), ("bb2025", "1_A1m8.loner7")])
def test_a_loner_target_the_edition_does_not_print_is_refused(edition: str, code: str) -> None:
    with pytest.raises(CodeError) as caught:
        check(parse(edition, code), frozenset({"loner"}))
    assert caught.value.key == "loner_target"


def test_a_positional_is_read_written_and_old_codes_still_read() -> None:
    old = parse("lrb6", "1_A1m7.4329.block.tackle")  # written before codes named positionals
    a1 = old.piece("A1")
    assert a1 is not None and a1.positional == "" and a1.skills == ("block", "tackle")
    new = parse("bb2025", "1_A4m7.7334a.tackle.human--blitzer.block")  # any order in, one order out
    a4 = new.piece("A4")
    assert a4 is not None and a4.positional == "human--blitzer" and a4.skills == ("block", "tackle")
    assert (a4.ma, a4.st, a4.ag, a4.pa, a4.av) == (7, 3, 3, 4, 10)
    assert format_code(new) == "1_A4m7.7334a.human--blitzer.block.tackle"
    assert parse("lrb6", "1_B2c3.chaos-chosen--chosen-blocker").piece("B2").positional == "chaos-chosen--chosen-blocker"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "code",
    ["1_A1m7.human--blitzer.human--catcher", "1_A1m7.human---blitzer", "1_A1m7.human--blitzer-", "1_A1m7.--blitzer"],
)
def test_a_second_or_misspelt_positional_does_not_parse(code: str) -> None:
    with pytest.raises(CodeError) as problem:
        parse("lrb6", code)
    assert problem.value.key == "unreadable"
