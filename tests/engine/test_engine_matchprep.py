"""A side's inducements for a match: prices, limits and purse, checked by the engine."""

from __future__ import annotations

from rulebook.engine import (
    INDUCEMENT,
    MERCENARY,
    NOT_ALLOWED,
    OVER_LIMIT,
    OVER_PURSE,
    STAR,
    TOO_MANY_MERCENARIES,
    TOO_MANY_STARS,
    MatchLine,
    get_edition,
    mercenary_cost,
    price_match,
)

# The 2025 rulebook's worked example (BBBase league_play.md): Dan, 1,160,000 against Jay's 1,240,000,
# Jay spent 50,000 of his treasury; Dan has 10,000: petty cash 80,000 + 50,000, plus his 10,000.
DAN = get_edition("bb2025").match_purse(1_160_000, 1_240_000, 10_000, 50_000)


def kegs(count: int) -> MatchLine:
    return MatchLine("blitzers-best-kegs", INDUCEMENT, 50_000, 2, count)


def bribes(count: int) -> MatchLine:
    return MatchLine("bribes", INDUCEMENT, 100_000, 3, count)


def test_two_kegs_come_out_of_the_petty_cash() -> None:
    # 2 x 50,000 = 100,000 <= 130,000 petty cash: nothing from the treasury, 140,000 - 100,000 left.
    sheet = price_match(DAN, (kegs(2), bribes(0)), star_limit=2)
    assert (sheet.spent, sheet.from_treasury, sheet.left, sheet.legal) == (100_000, 0, 40_000, True)


def test_a_bribe_and_a_keg_overspend_the_purse_by_10_000() -> None:
    # 100,000 + 50,000 = 150,000: 130,000 petty cash, then the 10,000 of treasury, still 10,000 short.
    sheet = price_match(DAN, (kegs(1), bribes(1)), star_limit=2)
    assert (sheet.spent, sheet.from_treasury, sheet.left) == (150_000, 10_000, -10_000)
    assert [(p.code, p.limit) for p in sheet.problems] == [(OVER_PURSE, 140_000)]


def test_a_purse_spent_to_the_last_piece_is_legal() -> None:
    # 1 bribe + ... 140,000 exactly would need a 40,000 item: a made-up one proves the edge (<=).
    sheet = price_match(DAN, (bribes(1), MatchLine("x", INDUCEMENT, 40_000, 1, 1)), star_limit=2)
    assert (sheet.spent, sheet.left, sheet.legal) == (140_000, 0, True)


def test_limits_stars_and_who_may_hire_them() -> None:
    rich = get_edition("bb2025").match_purse(1_000_000, 2_000_000, 0)  # 1,000,000 petty cash
    lines = (
        kegs(3),  # 0-2
        MatchLine("griff", STAR, 300_000, 1, 2),  # a star is hired once
        MatchLine("morg", STAR, 340_000, 1, 1),
        MatchLine("bomber", STAR, 80_000, 1, 1, allowed=False),  # does not play for this team
    )
    sheet = price_match(rich, lines, star_limit=2)
    # 150,000 + 600,000 + 340,000 + 80,000 = 1,170,000 > 1,000,000; 2 + 1 + 1 = 4 stars > 2.
    assert sheet.spent == 1_170_000
    assert [(p.code, p.key, p.limit) for p in sheet.problems] == [
        (OVER_LIMIT, "blitzers-best-kegs", 2),
        (OVER_LIMIT, "griff", 1),
        (NOT_ALLOWED, "bomber", 0),
        (TOO_MANY_STARS, "", 2),
        (OVER_PURSE, "", 1_000_000),
    ]


def test_a_mercenary_costs_his_positional_plus_30_000_and_50_000_for_a_skill() -> None:
    # Both books (inducements' SOURCES.md: FFB and a second source each): a 50,000 Lineman hired as a
    # mercenary costs 50,000 + 30,000 = 80,000; with one extra skill 80,000 + 50,000 = 130,000.
    assert mercenary_cost(50_000, 30_000, 50_000, extra_skill=False) == 80_000
    assert mercenary_cost(50_000, 30_000, 50_000, extra_skill=True) == 130_000


def test_2025_hires_at_most_three_mercenaries_classic_has_no_limit_of_its_own() -> None:
    rich = get_edition("bb2025").match_purse(1_000_000, 2_000_000, 0)
    four = (MatchLine("m-lineman", MERCENARY, 80_000, 0, 3), MatchLine("mx-lineman", MERCENARY, 130_000, 0, 1))
    sheet = price_match(rich, four, star_limit=2, mercenary_limit=3)
    # 3 x 80,000 + 130,000 = 370,000, within 1,000,000; but 4 mercenaries > 3.
    assert sheet.spent == 370_000
    assert [(p.code, p.limit) for p in sheet.problems] == [(TOO_MANY_MERCENARIES, 3)]
    assert price_match(rich, four, star_limit=2, mercenary_limit=0).legal


def test_classic_two_bribes_beyond_the_petty_cash_come_wholly_from_the_treasury() -> None:
    # LRB6, 1,000,000 against 1,150,000 with 300,000 in the treasury: 150,000 free, or up to
    # 300,000 moved. One bribe (100,000) is free and leaves 200,000 (the purse is 300,000 once the
    # whole treasury is moved); two (200,000) take 200,000 from the treasury and leave 100,000; four (400,000) are over both the limit (3) and the purse (300,000).
    purse = get_edition("lrb6").match_purse(1_000_000, 1_150_000, 300_000)
    one = price_match(purse, (bribes(1),), star_limit=2)
    assert (one.spent, one.from_treasury, one.left, one.legal) == (100_000, 0, 200_000, True)
    two = price_match(purse, (bribes(2),), star_limit=2)
    assert (two.spent, two.from_treasury, two.left, two.legal) == (200_000, 200_000, 100_000, True)
    four = price_match(purse, (bribes(4),), star_limit=2)
    assert [p.code for p in four.problems] == [OVER_LIMIT, OVER_PURSE]
