"""What each side may spend on inducements before a league match, per edition."""

from __future__ import annotations

from rulebook.engine import get_edition
from rulebook.engine.purse import Purse


def purse(edition: str, own: int, other: int, own_treasury: int, other_spent: int = 0) -> Purse:
    return get_edition(edition).match_purse(own, other, own_treasury, other_spent)


def test_2025_the_rulebooks_worked_example() -> None:
    # BBBase league_play.md: Jay 1,240,000 spends 50,000 of his treasury on a keg; Dan 1,160,000
    # gets 80,000 (the difference) + 50,000 (what Jay spent) and adds 10,000 of his own: 140,000.
    jay = purse("bb2025", 1_240_000, 1_160_000, own_treasury=70_000, other_spent=0)
    assert jay == Purse(0, 70_000)
    dan = purse("bb2025", 1_160_000, 1_240_000, own_treasury=10_000, other_spent=50_000)
    assert dan == Purse(130_000, 10_000) and dan.total == 140_000


def test_2025_the_underdog_adds_at_most_50_000_and_equal_values_spend_nothing() -> None:
    assert purse("bb2025", 1_000_000, 1_100_000, own_treasury=200_000) == Purse(100_000, 50_000)
    assert purse("bb2025", 1_100_000, 1_100_000, own_treasury=200_000) == Purse(0, 0)


def test_classic_the_lower_value_gets_the_difference_and_may_move_his_treasury_instead() -> None:
    # 1,000,000 against 1,150,000: the difference D is 150,000 of petty cash.
    poor = purse("lrb6", 1_000_000, 1_150_000, own_treasury=40_000)
    assert (poor.petty_cash, poor.total) == (150_000, 150_000)  # moving 40,000 would leave only 110,000 of petty cash
    # the opponent moved 60,000 from his treasury: his value counts 1,210,000, so 210,000.
    assert purse("lrb6", 1_000_000, 1_150_000, own_treasury=0, other_spent=60_000).total == 210_000
    # a rich coach: moving all 300,000 gives 300,000 + max(150,000 - 300,000, 0) = 300,000
    rich = purse("lrb6", 1_000_000, 1_150_000, own_treasury=300_000)
    assert (rich.petty_cash, rich.treasury, rich.total) == (150_000, 300_000, 300_000)
    higher = purse("lrb6", 1_150_000, 1_000_000, own_treasury=20_000)
    assert (higher.petty_cash, higher.total) == (0, 20_000)


def test_classic_spending_beyond_the_petty_cash_takes_the_whole_sum_from_the_treasury() -> None:
    # By hand, D = 150,000 and a treasury of 300,000. Spending 100,000: move nothing, all of it petty
    # cash. Spending 200,000: moving T leaves T + max(150,000 - T, 0), which is 200,000 only for
    # T = 200,000 (the team's value then counts 1,200,000, above the opponent's: no petty cash).
    rich = purse("lrb6", 1_000_000, 1_150_000, own_treasury=300_000)
    assert [rich.from_treasury(spent) for spent in (100_000, 150_000, 200_000)] == [0, 0, 200_000]
    # The 2025 rule for the same sums (the underdog adds at most 50,000 on top of the petty cash).
    same = purse("bb2025", 1_000_000, 1_150_000, own_treasury=300_000)
    assert [same.from_treasury(spent) for spent in (100_000, 150_000, 200_000)] == [0, 0, 50_000]
