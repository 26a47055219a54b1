"""DreadBall dice: rolling a pool against an n+ attribute with exploding sixes.

Rules (seed 003, "Tirada de dados y chequeos"):

* each die equal to or above the attribute (n+) is a success;
* a 6 is a success and adds an extra die, which can itself roll a 6, and so on
  ("Éxito Crítico");
* zero or fewer dice: nothing is rolled and the check scores zero successes;
* a re-rolled die cannot be re-rolled again; a 6 on a re-roll is a critical as
  normal unless the die had already been a 6 (it already gave its extra die).

Exact law. One starting die produces a *chain*: j sixes (probability
(1/6)**j), then a terminal die that is a plain success (prob. q=(6-n)/6) or a
failure (f=(n-1)/6). So P(S=0)=f and P(S=k)=(1/6)**k f + (1/6)**(k-1) q, whose
generating function is (f + q z) / (1 - z/6). A pool of d dice is the d-th
power; its coefficients are 6**-k times a polynomial in k, which lets
:mod:`.series` sum the infinite tails exactly. Nothing is truncated: any
P(S = k) is exact and P(S >= k) is 1 minus a finite exact sum.

Re-rolls are modelled as the policy "re-roll up to r failed dice once", decided
after the whole roll (crit extras included). In a chain the number of sixes
and the terminal outcome are independent, so with F failed terminals
(binomial) the count is  NegBin(d sixes) + (d - F) + fresh pool of min(F, r).
Extra dice produced by a re-rolled 6 are not themselves re-rolled (the
decision was already taken).
"""

from __future__ import annotations

import random
from collections import OrderedDict
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from math import comb

from .explain import Breakdown, Note

DIE_FACES = 6
CRITICAL_FACE = 6
SIXTH = Fraction(1, DIE_FACES)
MIN_TARGET = 2
MAX_TARGET = 6


def validate_target(target: int) -> int:
    """Attributes are written n+ with 2 <= n <= 6 (modifiers never change them)."""
    if not isinstance(target, int) or not MIN_TARGET <= target <= MAX_TARGET:
        raise ValueError(f"attribute must be an int between {MIN_TARGET}+ and {MAX_TARGET}+, got {target!r}")
    return target


def _fail_prob(target: int) -> Fraction:
    return Fraction(target - 1, DIE_FACES)


def _plain_success_prob(target: int) -> Fraction:
    """Success on a non-6 face."""
    return Fraction(DIE_FACES - target, DIE_FACES)


# ---------------------------------------------------------------------------
# exact distributions
# ---------------------------------------------------------------------------


def _fresh_pool_counts(dice: int, target: int, size: int) -> list[int]:
    """6**(dice + k) * P(S = k) for `dice` fresh dice, k < size: whole numbers. Of i chains ending
    in a plain success, each face weighs 1/6: (6-n)**i (n-1)**(dice-i) / 6**dice, and the k - i
    sixes spread over the dice in C(k-i+dice-1, dice-1) ways, each 6**-(k-i)."""
    if dice == 0:
        return [1] + [0] * (size - 1)
    fail, plain = target - 1, DIE_FACES - target
    ends = [comb(dice, i) * plain**i * fail ** (dice - i) * DIE_FACES**i for i in range(dice + 1)]
    return [sum(ends[i] * comb(k - i + dice - 1, dice - 1) for i in range(min(dice, k) + 1)) for k in range(size)]


def _convolve_counts(a: list[int], b: list[int], size: int) -> list[int]:
    return [sum(a[i] * b[k - i] for i in range(k + 1)) for k in range(size)]


TABLES = 256  # success laws kept per process (a pool size, target and re-roll policy each)
_tables: OrderedDict[tuple[int, int, int | None], list[int]] = OrderedDict()


def _success_counts(dice: int, target: int, rerolls: int | None, size: int) -> list[int]:
    """6**(2*dice + k) * P(successes = k) for k < size, whole numbers (see SuccessDistribution).

    With F failed terminals (weight C(d,F) (n-1)**F (6-n)**(d-F) / 5**d), j sixes over the d
    chains (C(j+d-1, d-1) 5**d / 6**(d+j): the 5**d cancel) and a fresh pool of r re-rolled dice
    (counts over 6**(r+m)), the term for k successes has denominator 6**(r + k + F), below
    6**(2d + k): one common scale per k, so the whole law is summed in exact integers."""
    key = (dice, target, rerolls)
    known = _tables.get(key)
    if known is not None and len(known) >= size:
        _tables.move_to_end(key)
        return known
    fail, plain = target - 1, DIE_FACES - target
    sixes = [comb(j + dice - 1, dice - 1) for j in range(size)] if dice else [1] + [0] * (size - 1)
    values = [0] * size
    both_by_rerolled: dict[int, list[int]] = {}
    for failed in range(dice + 1):
        weight = comb(dice, failed) * fail**failed * plain ** (dice - failed)
        if weight == 0:
            continue
        rerolled = failed if rerolls is None else min(failed, rerolls)
        both = both_by_rerolled.get(rerolled)
        if both is None:
            both = both_by_rerolled[rerolled] = _convolve_counts(
                sixes, _fresh_pool_counts(rerolled, target, size), size
            )
        shift = dice - failed  # chains ending in a plain success add one each
        lift = weight * DIE_FACES ** (2 * dice - rerolled - failed)
        for k in range(shift, size):
            values[k] += lift * both[k - shift]
    _tables[key] = values
    while len(_tables) > TABLES:
        _tables.popitem(last=False)
    return values


@dataclass(frozen=True)
class SuccessDistribution:
    """Exact law of the number of successes of one rolled pool.

    ``dice``: dice actually rolled (pool after modifiers and coach dice, >= 0).
    ``rerolls``: how many failed dice may be re-rolled once (None: all of them).
    """

    dice: int
    target: int
    rerolls: int | None = 0
    _cache: list[Fraction] = field(default_factory=list, repr=False, compare=False, hash=False)
    _below: list[int] = field(default_factory=list, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        validate_target(self.target)
        if self.dice < 0:
            raise ValueError("a rolled pool cannot be negative; floor the pool at zero first")
        if self.rerolls is not None and self.rerolls < 0:
            raise ValueError("rerolls must be >= 0 or None")

    # -- shape of the tail, used by exact infinite sums --------------------
    @property
    def max_rerolled(self) -> int:
        return self.dice if self.rerolls is None else min(self.dice, self.rerolls)

    @property
    def tail_start(self) -> int:
        """From here on, pmf(k) * 6**k is a polynomial in k (numerator degree <= dice)."""
        return self.dice + 1

    @property
    def tail_degree(self) -> int:
        """Upper bound on that polynomial's degree (denominator (1 - z/6)**(dice + rerolled))."""
        return max(0, self.dice + self.max_rerolled - 1)

    # -- probabilities -----------------------------------------------------
    def _extend(self, upto: int) -> None:
        """Fill the cache with P(0..upto) (at least), as exact fractions of the integer law."""
        if len(self._cache) > upto:
            return
        size = max(upto + 1, 2 * len(self._cache), 16)
        counts = _success_counts(self.dice, self.target, self.rerolls, size)
        scale = DIE_FACES ** (2 * self.dice)
        self._cache[:] = [Fraction(count, scale * DIE_FACES**k) for k, count in enumerate(counts)]
        below, running = [0], 0  # below[k] / 6**(2*dice + k - 1) = P(successes < k), exactly
        for count in counts:
            running = running * DIE_FACES + count
            below.append(running)
        self._below[:] = below

    def pmf(self, k: int) -> Fraction:
        """Exact P(successes == k)."""
        if k < 0:
            return Fraction(0)
        self._extend(k)
        return self._cache[k]

    def at_least(self, k: int) -> Fraction:
        """Exact P(successes >= k)."""
        if k <= 0:
            return Fraction(1)
        self._extend(k)
        denominator = DIE_FACES ** (2 * self.dice + k - 1)
        return Fraction(denominator - self._below[k], denominator)

    def table(self, upto: int) -> tuple[list[Fraction], Fraction]:
        """([P(0), ..., P(upto-1)], P(upto or more)); the pieces sum to exactly 1."""
        probs = [self.pmf(k) for k in range(upto)]
        return probs, self.at_least(upto)

    def mean(self) -> Fraction:
        """Exact expected number of successes."""
        if self.dice == 0:
            return Fraction(0)
        n, t = self.dice, self.target
        per_fresh_die = (_plain_success_prob(t) + SIXTH) / (1 - SIXTH)
        fail_terminal = _fail_prob(t) / (1 - SIXTH)
        sixes_per_chain = SIXTH / (1 - SIXTH)
        expected_rerolled = sum(
            (
                comb(n, f)
                * fail_terminal**f
                * (1 - fail_terminal) ** (n - f)
                * (f if self.rerolls is None else min(f, self.rerolls))
                for f in range(n + 1)
            ),
            Fraction(0),
        )
        return n * sixes_per_chain + n * (1 - fail_terminal) + expected_rerolled * per_fresh_die

    def explain_at_least(self, k: int) -> Breakdown[Fraction]:
        notes = [Note("target_attribute", {"target": self.target})]
        if self.rerolls:
            notes.append(Note("reroll_failed_dice", {"rerolls": self.rerolls}))
        elif self.rerolls is None:
            notes.append(Note("reroll_failed_dice", {"rerolls": "all"}))
        if self.dice == 0:
            notes.append(Note("pool_floored_at_zero", {"raw": 0}))
        notes.append(Note("or_more_remainder", {"at_least": k}))
        return Breakdown(self.dice, (), self.at_least(k), "exact_distribution", tuple(notes))


# ---------------------------------------------------------------------------
# rolling with an injected random.Random
# ---------------------------------------------------------------------------


class DieSource(Enum):
    POOL = "pool"  # one of the dice of the pool (base, modifiers, coach dice)
    CRITICAL = "critical"  # extra die added by a 6


class RerollError(ValueError):
    """Raised when a rule forbids re-rolling a die."""


@dataclass
class Die:
    value: int
    source: DieSource
    rerolled: bool = False
    gave_extra: bool = False  # this die has already produced a critical extra die
    locked: bool = False  # rolled after re-roll decisions: not eligible for re-rolls
    history: list[int] = field(default_factory=list)


def _d6(rng: random.Random) -> int:
    return rng.randint(1, DIE_FACES)


@dataclass
class DiceRoll:
    """The dice physically on the table for one check, with crit and re-roll state."""

    target: int
    dice: list[Die]

    def is_success(self, die: Die) -> bool:
        return die.value >= self.target

    @property
    def successes(self) -> int:
        return sum(1 for d in self.dice if self.is_success(d))

    def failed_indices(self) -> list[int]:
        """Failed dice that may still be re-rolled."""
        return [i for i, d in enumerate(self.dice) if not self.is_success(d) and not d.rerolled and not d.locked]

    def _explode(self, parent: Die, rng: random.Random, locked: bool) -> None:
        # A 6 adds a die; keep going while sixes keep coming.
        current = parent
        while current.value == CRITICAL_FACE and not current.gave_extra:
            current.gave_extra = True
            extra = Die(_d6(rng), DieSource.CRITICAL, locked=locked)
            extra.history.append(extra.value)
            self.dice.append(extra)
            current = extra

    def reroll(self, indices: list[int], rng: random.Random) -> DiceRoll:
        """Re-roll the given dice once each (seed: the second result is final)."""
        if len(set(indices)) != len(indices):
            raise RerollError("a die cannot be re-rolled twice")
        for i in indices:
            die = self.dice[i]
            if die.rerolled or die.locked:
                raise RerollError(f"die {i} cannot be re-rolled again")
        for i in indices:
            die = self.dice[i]
            die.value = _d6(rng)
            die.history.append(die.value)
            die.rerolled = True
            # gave_extra stays True for a former 6: no second extra die for it.
            self._explode(die, rng, locked=True)
        return self

    def explain(self) -> Breakdown[int]:
        notes: list[Note] = [Note("target_attribute", {"target": self.target})]
        for d in self.dice:
            if len(d.history) > 1:
                notes.append(Note("reroll_used", {"old": d.history[0], "new": d.history[-1]}))
                if d.history[0] == CRITICAL_FACE and d.history[-1] == CRITICAL_FACE:
                    notes.append(Note("reroll_six_no_new_extra"))
            if d.value == CRITICAL_FACE:
                notes.append(Note("critical_extra_die", {"value": d.value}))
        pool = sum(1 for d in self.dice if d.source is DieSource.POOL)
        if pool == 0:
            notes.append(Note("pool_floored_at_zero", {"raw": 0}))
        return Breakdown(pool, (), self.successes, "successes_total", tuple(notes))


def roll_pool(dice: int, target: int, rng: random.Random) -> DiceRoll:
    """Roll `dice` dice (0 rolls nothing: zero successes) with exploding sixes."""
    validate_target(target)
    if dice < 0:
        raise ValueError("floor the pool at zero before rolling")
    roll = DiceRoll(target, [])
    for _ in range(dice):
        die = Die(_d6(rng), DieSource.POOL)
        die.history.append(die.value)
        roll.dice.append(die)
    for die in list(roll.dice):
        roll._explode(die, rng, locked=False)
    return roll


def simulate_successes(dice: int, target: int, rng: random.Random, rerolls: int | None = 0) -> int:
    """One sampled check under the same policy as :class:`SuccessDistribution`."""
    roll = roll_pool(dice, target, rng)
    failed = roll.failed_indices()
    if rerolls is not None:
        failed = failed[:rerolls]
    if failed:
        roll.reroll(failed, rng)
    return roll.successes
