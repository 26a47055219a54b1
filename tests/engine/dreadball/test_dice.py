"""Exact dice laws: hand-computed cases, identities, and seeded Monte Carlo."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.engine.dreadball.dice import (
    DiceRoll,
    Die,
    DieSource,
    RerollError,
    SuccessDistribution,
    roll_pool,
    simulate_successes,
    validate_target,
)
from rulebook.engine.dreadball.series import finite_differences

F = Fraction


class ScriptedRandom(random.Random):
    """A Random whose d6 results are scripted, to test exact rule sequences."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        assert (a, b) == (1, 6)
        return self.faces.pop(0)


# --- hand-computed --------------------------------------------------------


def _chain_power(dice: int, target: int, upto: int) -> list[Fraction]:
    """P(S = k) for `dice` chains by plain polynomial powers of one chain's law (no re-rolls):
    P(0) = f, P(k) = 6**-k f + 6**-(k-1) q. An independent check of the integer summation."""
    f, q, six = F(target - 1, 6), F(6 - target, 6), F(1, 6)
    chain = [f] + [six**k * f + six ** (k - 1) * q for k in range(1, upto)]
    law = [F(1)] + [F(0)] * (upto - 1)
    for _ in range(dice):
        law = [sum((law[i] * chain[k - i] for i in range(k + 1)), F(0)) for k in range(upto)]
    return law


@pytest.mark.parametrize("dice", [1, 2, 7, 12])
@pytest.mark.parametrize("target", [2, 4, 6])
def test_large_pools_match_the_chains_polynomial_power(dice: int, target: int) -> None:
    law = SuccessDistribution(dice, target)
    expected = _chain_power(dice, target, 30)
    assert [law.pmf(k) for k in range(30)] == expected
    assert law.at_least(29) == 1 - sum(expected[:29], F(0))


def test_three_dice_at_four_plus_at_least_one_success_is_seven_eighths() -> None:
    # Crits cannot matter for ">= 1": 1 - (1/2)**3.
    assert SuccessDistribution(3, 4).at_least(1) == F(7, 8)


def test_one_die_four_plus_by_hand() -> None:
    law = SuccessDistribution(1, 4)
    assert law.pmf(0) == F(1, 2)
    assert law.pmf(1) == F(1, 3) + F(1, 6) * F(1, 2)  # plain 4-5, or a 6 then a miss
    assert law.pmf(2) == F(1, 6) * F(1, 3) + F(1, 36) * F(1, 2)
    assert law.at_least(2) == F(1, 12)  # a 6, then the extra die succeeds


def test_one_die_six_plus_is_geometric() -> None:
    law = SuccessDistribution(1, 6)
    for k in range(8):
        assert law.pmf(k) == F(1, 6) ** k * F(5, 6)


def test_two_dice_four_plus_by_hand() -> None:
    law = SuccessDistribution(2, 4)
    assert law.pmf(0) == F(1, 4)
    # one plain success and one miss, or one 6 whose extra die misses and one miss
    assert law.pmf(1) == 2 * F(1, 3) * F(1, 2) + 2 * F(1, 6) * F(1, 2) * F(1, 2)


def test_zero_dice_means_zero_successes() -> None:
    law = SuccessDistribution(0, 4)
    assert law.pmf(0) == 1
    assert law.at_least(1) == 0
    assert law.mean() == 0
    assert roll_pool(0, 4, random.Random(1)).successes == 0


def test_one_reroll_of_a_failed_die_by_hand() -> None:
    assert SuccessDistribution(1, 4, rerolls=1).pmf(0) == F(1, 4)
    assert SuccessDistribution(1, 4, rerolls=1).at_least(1) == F(3, 4)
    # 3 dice at 4+, re-roll every failure: each die fails only twice in a row.
    assert SuccessDistribution(3, 4, rerolls=None).at_least(1) == 1 - F(1, 4) ** 3


def test_mean_by_hand() -> None:
    # E[one die] = (P(plain success) + P(6)) / (1 - 1/6)
    assert SuccessDistribution(1, 4).mean() == F(3, 5)
    assert SuccessDistribution(3, 4).mean() == F(9, 5)


@pytest.mark.parametrize("bad", [0, 1, 7, "4"])
def test_target_must_be_two_to_six(bad: object) -> None:
    with pytest.raises(ValueError):
        validate_target(bad)  # type: ignore[arg-type]


# --- identities -------------------------------------------------------------

pools = st.integers(min_value=0, max_value=6)
targets = st.integers(min_value=2, max_value=6)
rerolls = st.one_of(st.none(), st.integers(min_value=0, max_value=3))


@settings(max_examples=60, deadline=None)
@given(pools, targets, rerolls, st.integers(min_value=0, max_value=25))
def test_table_sums_to_exactly_one(dice: int, target: int, rr: int | None, upto: int) -> None:
    probs, remainder = SuccessDistribution(dice, target, rr).table(upto)
    assert all(p >= 0 for p in probs) and remainder >= 0
    assert sum(probs, F(0)) + remainder == 1


@settings(max_examples=60, deadline=None)
@given(pools, targets, rerolls)
def test_mean_matches_series(dice: int, target: int, rr: int | None) -> None:
    law = SuccessDistribution(dice, target, rr)
    # E = sum_k P(S >= k); the tail beyond 60 is < 6**-40, far below 1e-20.
    partial = sum((law.at_least(k) for k in range(1, 60)), F(0))
    assert 0 <= law.mean() - partial < F(1, 10**20)


@settings(max_examples=40, deadline=None)
@given(pools, targets, rerolls)
def test_tail_is_six_power_times_polynomial(dice: int, target: int, rr: int | None) -> None:
    """The promise the exact infinite sums rely on."""
    law = SuccessDistribution(dice, target, rr)
    k0, degree = law.tail_start, law.tail_degree
    values = [law.pmf(k0 + j) * 6 ** (k0 + j) for j in range(degree + 3)]
    diffs = finite_differences(values)
    assert diffs[degree + 1] == 0 and diffs[degree + 2] == 0


@pytest.mark.slow
@settings(max_examples=20, deadline=None)
@given(st.integers(1, 4), targets, rerolls, st.integers(0, 2**32 - 1))
def test_exact_law_agrees_with_seeded_monte_carlo(dice: int, target: int, rr: int | None, seed: int) -> None:
    rng = random.Random(seed)
    law = SuccessDistribution(dice, target, rr)
    n = 4000
    samples = [simulate_successes(dice, target, rng, rr) for _ in range(n)]
    for k in range(4):
        observed = sum(1 for s in samples if s >= k) / n
        expected = float(law.at_least(k))
        # 5 standard deviations of a binomial proportion, plus a tiny floor.
        sigma = (expected * (1 - expected) / n) ** 0.5
        assert abs(observed - expected) <= 5 * sigma + 0.002


# --- rolling rules -----------------------------------------------------------


def test_sixes_explode_recursively() -> None:
    roll = roll_pool(2, 4, ScriptedRandom([6, 2, 6, 6, 3]))
    # 6 -> extra 6 -> extra 6 -> extra 3 ; 2 fails
    assert [d.value for d in roll.dice] == [6, 2, 6, 6, 3]
    assert roll.successes == 3
    assert [d.source for d in roll.dice][2:] == [DieSource.CRITICAL] * 3


def test_a_die_cannot_be_rerolled_twice() -> None:
    roll = roll_pool(1, 4, ScriptedRandom([2]))
    roll.reroll([0], ScriptedRandom([3]))
    with pytest.raises(RerollError):
        roll.reroll([0], ScriptedRandom([5]))


def test_reroll_six_on_a_fresh_die_is_a_critical() -> None:
    roll = roll_pool(1, 4, ScriptedRandom([1]))
    roll.reroll([0], ScriptedRandom([6, 4]))
    assert [d.value for d in roll.dice] == [6, 4]
    assert roll.successes == 2
    assert roll.dice[1].locked  # decided after the re-roll window


def test_former_six_rerolled_into_six_gives_no_new_extra_die() -> None:
    roll = roll_pool(1, 4, ScriptedRandom([6, 2]))
    assert roll.successes == 1
    roll.reroll([0], ScriptedRandom([6]))
    assert [d.value for d in roll.dice] == [6, 2]  # no third die
    assert "reroll_six_no_new_extra" in roll.explain().reason_keys()


def test_failed_indices_skip_rerolled_and_locked() -> None:
    roll = DiceRoll(
        4,
        [
            Die(1, DieSource.POOL),
            Die(2, DieSource.POOL, rerolled=True),
            Die(3, DieSource.CRITICAL, locked=True),
            Die(5, DieSource.POOL),
        ],
    )
    assert roll.failed_indices() == [0]
