"""Exact sums of infinite series of the form  sum_{b >= start} x**b * R(b),  R a polynomial.

Exploding sixes give success counts whose probabilities are, past a small
index, ``6**-k`` times a polynomial in ``k``. Every quantity we need
(ties, wins, doubles, net results of opposed checks) is then a sum of this
shape, which has an exact rational value:

    sum_{j>=0} x**j R(K+j) = sum_{i=0}^{d} x**i / (1-x)**(i+1) * (Delta**i R)(K)

(expand (1 - x E)^-1 with the shift E = 1 + Delta; Delta**(d+1) R = 0).
Only the values R(K), ..., R(K+d+1) are needed, so no polynomial algebra.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import comb


class SeriesShapeError(ArithmeticError):
    """The terms are not x**b times a polynomial of the promised degree."""


def finite_differences(values: list[Fraction]) -> list[Fraction]:
    """[Delta**0 v(0), Delta**1 v(0), ...] from v(0), v(1), ..."""
    return [
        sum((Fraction((-1) ** (i - k) * comb(i, k)) * values[k] for k in range(i + 1)), Fraction(0))
        for i in range(len(values))
    ]


def sum_geometric_polynomial(term: Callable[[int], Fraction], ratio: Fraction, start: int, degree: int) -> Fraction:
    """Exact value of sum_{b >= start} term(b), where term(b) = ratio**b * R(b).

    ``degree`` is an upper bound on deg R. The extra difference Delta**(degree+1)
    R(start) is checked to be zero, so a wrong promise fails loudly instead of
    returning a wrong number.
    """
    if not 0 < ratio < 1:
        raise ValueError("ratio must lie strictly between 0 and 1")
    if degree < 0:
        degree = 0
    poly_values = [term(start + j) / ratio ** (start + j) for j in range(degree + 2)]
    diffs = finite_differences(poly_values)
    if diffs[degree + 1] != 0:
        raise SeriesShapeError("terms are not ratio**b times a polynomial of the given degree")
    inner = sum((ratio**i / (1 - ratio) ** (i + 1) * diffs[i] for i in range(degree + 1)), Fraction(0))
    return ratio**start * inner
