"""Exact probability helpers: distributions over outcomes, target-number tests, re-roll maths.

Every probability is a fractions.Fraction; floats appear only in `as_floats` for display.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from functools import cache
from typing import Generic, TypeVar

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)

ZERO = Fraction(0)
ONE = Fraction(1)


class Distribution(Generic[T]):
    """An immutable finite distribution: outcome -> exact probability (zero entries dropped)."""

    __slots__ = ("_probs",)

    def __init__(self, probs: Mapping[T, Fraction] | Iterable[tuple[T, Fraction]]) -> None:
        items = probs.items() if isinstance(probs, Mapping) else probs
        merged: dict[T, Fraction] = {}
        for outcome, p in items:
            if p < 0:
                raise ValueError(f"negative probability for {outcome!r}")
            if p:
                merged[outcome] = merged.get(outcome, ZERO) + Fraction(p)
        self._probs = merged

    @classmethod
    def uniform(cls, outcomes: Iterable[T]) -> Distribution[T]:
        values = list(outcomes)
        share = Fraction(1, len(values))
        return cls((v, share) for v in values)

    @classmethod
    def certain(cls, outcome: T) -> Distribution[T]:
        return cls({outcome: ONE})

    def __getitem__(self, outcome: T) -> Fraction:
        return self._probs.get(outcome, ZERO)

    def get(self, outcome: T, default: Fraction = ZERO) -> Fraction:
        return self._probs.get(outcome, default)

    def __iter__(self) -> Iterator[T]:
        return iter(self._probs)

    def __len__(self) -> int:
        return len(self._probs)

    def __contains__(self, outcome: object) -> bool:
        return outcome in self._probs

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Distribution) and self._probs == other._probs

    def __hash__(self) -> int:
        return hash(frozenset(self._probs.items()))

    def __repr__(self) -> str:
        inner = ", ".join(f"{k!r}: {v}" for k, v in self._probs.items())
        return f"Distribution({{{inner}}})"

    def items(self) -> Iterable[tuple[T, Fraction]]:
        return self._probs.items()

    def total(self) -> Fraction:
        return sum(self._probs.values(), ZERO)

    def probability(self, predicate: Callable[[T], bool]) -> Fraction:
        return sum((p for o, p in self._probs.items() if predicate(o)), ZERO)

    def map(self, fn: Callable[[T], U]) -> Distribution[U]:
        return Distribution((fn(o), p) for o, p in self._probs.items())

    def bind(self, fn: Callable[[T], Distribution[U]]) -> Distribution[U]:
        """Chain a second random step that depends on the first outcome."""
        return Distribution((o2, p1 * p2) for o1, p1 in self._probs.items() for o2, p2 in fn(o1).items())

    def expected(self, value: Callable[[T], Fraction | int]) -> Fraction:
        return sum((p * value(o) for o, p in self._probs.items()), ZERO)

    def as_dict(self) -> dict[T, Fraction]:
        return dict(self._probs)

    def as_floats(self) -> dict[T, float]:
        """For display only."""
        return {o: float(p) for o, p in self._probs.items()}


def mix(parts: Iterable[tuple[Fraction, Distribution[T]]]) -> Distribution[T]:
    """Weighted mixture of distributions (weights should sum to 1)."""
    return Distribution((o, w * p) for w, d in parts for o, p in d.items())


@cache
def d6_success(target: int) -> Fraction:
    """P(D6 >= target) where a natural 1 always fails and a natural 6 always succeeds."""
    return Fraction(7 - clamp_target(target), 6)


def d6_passes(roll: int, target: int) -> bool:
    """Whether a D6 showing `roll` passes `target`: a 1 always fails and a 6 always succeeds."""
    if not 1 <= roll <= 6:
        raise ValueError("a D6 shows 1 to 6")
    return roll >= clamp_target(target)


def clamp_target(target: int) -> int:
    """1 always fails and 6 always succeeds, so any target behaves like one in 2..6."""
    return 2 if target < 2 else 6 if target > 6 else target


def success_sixths(target: int) -> int:
    """Number of D6 faces (out of 6) that pass a clamped target."""
    return 7 - clamp_target(target)


def with_reroll(p: Fraction, reroll_works: Fraction = ONE) -> Fraction:
    """Success chance of one roll that may be re-rolled once on failure.

    reroll_works is the chance the re-roll may actually be taken (1 for a skill or an
    ordinary team re-roll, 1/2 for a Loner's 4+ or a Pro's 4+).
    """
    return p + (ONE - p) * reroll_works * p


@cache
def two_d6() -> Distribution[int]:
    return Distribution((a + b, Fraction(1, 36)) for a in range(1, 7) for b in range(1, 7))


@cache
def two_d6_at_least(target: int) -> Fraction:
    """P(2D6 >= target), no automatic success or failure."""
    return two_d6().probability(lambda total: total >= target)
