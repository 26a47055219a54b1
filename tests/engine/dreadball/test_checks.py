"""Pools, coach dice, (n) / (X) / (123) checks and their exact odds."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.engine.dreadball.checks import (
    Attribute,
    CheckResult,
    CoachDice,
    CoachDiceError,
    Role,
    Side,
    coach_dice_decision_order,
    dice_pool,
    escalating_required,
    fixed_check_odds,
    fixed_check_result,
    is_opposed_double,
    net_result_probability,
    opposed_check_odds,
    opposed_check_result,
    reroll_decision_order,
    role_bonus,
)
from rulebook.engine.dreadball.dice import SuccessDistribution, simulate_successes
from rulebook.engine.dreadball.explain import Modifier

F = Fraction


# --- pools ------------------------------------------------------------------


def test_yndij_throw_example_leaves_one_die() -> None:
    pool = dice_pool([Modifier(-1, "throw_range_penalty", {"hexes": 4}), Modifier(-1, "moved_or_turned_during_throw")])
    assert pool.base == 3 and pool.result == 1


def test_pool_floors_at_zero_and_says_so() -> None:
    pool = dice_pool([Modifier(-2, "dice_modifier", {"rule": "x"}), Modifier(-2, "dice_modifier", {"rule": "y"})])
    assert pool.result == 0
    assert "pool_floored_at_zero" in pool.reason_keys()


def test_coach_dice_are_modifiers_that_can_lift_a_zero_pool() -> None:
    mods = [Modifier(-4, "dice_modifier", {"rule": "heavy"})]
    assert dice_pool(mods, coach_dice=1).result == 0
    assert dice_pool(mods, coach_dice=2).result == 1
    assert dice_pool(coach_dice=2).result == 5


def test_unknown_reason_key_is_rejected() -> None:
    with pytest.raises(ValueError):
        Modifier(1, "made_up_reason")


def test_role_bonuses_follow_the_seed() -> None:
    assert role_bonus(Role.GUARD, Attribute.STRENGTH) is not None
    assert role_bonus(Role.GUARD, Attribute.ARMOUR) is not None
    assert role_bonus(Role.STRIKER, Attribute.SKILL) is not None
    assert role_bonus(Role.STRIKER, Attribute.AGILITY) is not None
    assert role_bonus(Role.JACK, Attribute.SPEED) is not None
    assert role_bonus(Role.GUARD, Attribute.SKILL) is None


def test_coach_dice_are_spent_and_limited() -> None:
    left, used = CoachDice(3).commit(2)
    assert (left.available, used) == (1, 2)
    with pytest.raises(CoachDiceError):
        left.commit(2)
    with pytest.raises(CoachDiceError):
        CoachDice(3).commit(1, roll_allows_coach_dice=False)
    assert CoachDice(0).commit(0, roll_allows_coach_dice=False)[1] == 0


def test_decision_orders() -> None:
    assert coach_dice_decision_order() == (Side.ACTIVE, Side.OPPONENT)
    assert reroll_decision_order() == (Side.ACTIVE, Side.OPPONENT)
    # same die re-rollable by both: whoever rolled it decides first
    assert reroll_decision_order(die_owner=Side.OPPONENT) == (Side.OPPONENT, Side.ACTIVE)


# --- results ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("successes", "required", "expected"),
    [
        (0, 1, CheckResult.FAIL),
        (1, 1, CheckResult.PASS),
        (2, 1, CheckResult.DOUBLE),
        (3, 2, CheckResult.PASS),
        (4, 2, CheckResult.DOUBLE),
    ],
)
def test_fixed_check_result(successes: int, required: int, expected: CheckResult) -> None:
    assert fixed_check_result(successes, required).result is expected


def test_escalating_attempts_need_one_more_each() -> None:
    assert [escalating_required(k).result for k in (1, 2, 3)] == [1, 2, 3]
    with pytest.raises(ValueError):
        escalating_required(0)


@pytest.mark.parametrize(
    ("active", "opponent", "winner", "double"),
    [
        (4, 2, Side.ACTIVE, True),
        (3, 2, Side.ACTIVE, False),
        (1, 0, Side.ACTIVE, True),
        (0, 0, None, False),
        (2, 2, None, False),
        (2, 3, Side.OPPONENT, False),
        (1, 3, Side.OPPONENT, True),
        (0, 5, Side.OPPONENT, True),
    ],
)
def test_opposed_result(active: int, opponent: int, winner: Side | None, double: bool) -> None:
    result = opposed_check_result(active, opponent).result
    assert result.winner is winner and result.double is double and result.net == active - opponent


# --- exact odds ---------------------------------------------------------------


def test_fixed_odds_three_dice_four_plus() -> None:
    odds = fixed_check_odds(3, 4, 1).result
    assert odds.success == F(7, 8)
    assert odds.fail + odds.pass_only + odds.double == 1
    assert odds.double == SuccessDistribution(3, 4).at_least(2)


def test_zero_dice_check_fails_but_zero_success_opposed_can_tie() -> None:
    assert fixed_check_odds(0, 3, 1).result.fail == 1
    odds = opposed_check_odds(SuccessDistribution(0, 4), SuccessDistribution(0, 4)).result
    assert odds.tie == 1


def test_one_die_six_plus_each_by_hand() -> None:
    one = SuccessDistribution(1, 6)
    odds = opposed_check_odds(one, one).result
    # P(tie) = sum_k (5/6 * 6**-k)**2 = (25/36) / (1 - 1/36) = 5/7
    assert odds.tie == F(5, 7)
    assert odds.active_wins == odds.opponent_wins == F(1, 7)
    # double: 0 vs >=1, or k >= 1 vs >= 2k
    assert odds.active_double == F(5, 6) * F(1, 6) + F(5, 6) * F(1, 215)


def test_one_die_against_nothing() -> None:
    odds = opposed_check_odds(SuccessDistribution(1, 6), SuccessDistribution(0, 4)).result
    assert odds.active_wins == odds.active_double == F(1, 6)
    assert odds.tie == F(5, 6)


pool_laws = st.builds(
    SuccessDistribution,
    st.integers(0, 4),
    st.integers(2, 6),
    st.one_of(st.none(), st.integers(0, 2)),
)


def _truncated(a: SuccessDistribution, b: SuccessDistribution, n: int) -> tuple[Fraction, Fraction]:
    wins = sum((a.pmf(i) * b.pmf(j) for i in range(n) for j in range(n) if i > j), F(0))
    tie = sum((a.pmf(i) * b.pmf(i) for i in range(n)), F(0))
    return wins, tie


@settings(max_examples=25, deadline=None)
@given(pool_laws, pool_laws)
def test_exact_opposed_odds_bracketed_by_truncated_sums(a: SuccessDistribution, b: SuccessDistribution) -> None:
    odds = opposed_check_odds(a, b).result
    assert odds.active_wins + odds.tie + odds.opponent_wins == 1
    wins, tie = _truncated(a, b, 30)
    # truncated sums are lower bounds; what they miss is below P(A>=30)+P(B>=30)
    missing = a.at_least(30) + b.at_least(30)
    assert wins <= odds.active_wins <= wins + missing
    assert tie <= odds.tie <= tie + missing
    assert odds.active_double <= odds.active_wins and odds.opponent_double <= odds.opponent_wins


@settings(max_examples=25, deadline=None)
@given(pool_laws, pool_laws)
def test_net_result_probabilities_agree_with_odds(a: SuccessDistribution, b: SuccessDistribution) -> None:
    odds = opposed_check_odds(a, b).result
    assert net_result_probability(a, b, 0) == odds.tie
    positive = sum((net_result_probability(a, b, d) for d in range(1, 25)), F(0))
    assert positive <= odds.active_wins <= positive + a.at_least(25)


@pytest.mark.slow
@settings(max_examples=10, deadline=None)
@given(st.integers(1, 4), st.integers(2, 6), st.integers(1, 4), st.integers(2, 6), st.integers(0, 2**32 - 1))
def test_opposed_odds_agree_with_seeded_monte_carlo(na: int, ta: int, nb: int, tb: int, seed: int) -> None:
    rng = random.Random(seed)
    odds = opposed_check_odds(SuccessDistribution(na, ta), SuccessDistribution(nb, tb)).result
    n = 4000
    wins = ties = doubles = 0
    for _ in range(n):
        a, b = simulate_successes(na, ta, rng), simulate_successes(nb, tb, rng)
        wins += a > b
        ties += a == b
        doubles += is_opposed_double(a, b)
    for observed, exact in ((wins, odds.active_wins), (ties, odds.tie), (doubles, odds.active_double)):
        p = float(exact)
        sigma = (p * (1 - p) / n) ** 0.5
        assert abs(observed / n - p) <= 5 * sigma + 0.002


def test_active_coach_rerolls_first_and_opponent_sees_the_result() -> None:
    from rulebook.engine.dreadball.checks import resolve_rerolls_in_order
    from rulebook.engine.dreadball.dice import roll_pool

    rng = random.Random(11)
    active, opponent = roll_pool(3, 4, rng), roll_pool(3, 4, rng)
    seen: list[int] = []

    def active_choice(own, other):  # type: ignore[no-untyped-def]
        return own.failed_indices()

    def opponent_choice(own, other):  # type: ignore[no-untyped-def]
        seen.append(other.successes)
        return own.failed_indices() if own.successes <= other.successes else []

    resolve_rerolls_in_order(active, opponent, active_choice, opponent_choice, rng)
    assert seen == [active.successes]  # decided after the active coach's re-rolls
    assert all(d.rerolled or d.value >= 4 or d.locked for d in active.dice)
