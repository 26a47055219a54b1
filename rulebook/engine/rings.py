"""Exact arithmetic for the sequence solver: Fractions, a faster exact ring for chances of 2s and 3s
(every Blood Bowl die), and floats to choose quickly (ties settled exactly by the solver)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .probability import ONE, ZERO

Num = Any  # a number of the ring in use: a Fraction, a float, or a triple for _Ring23


class _Fractions:
    """Exact arithmetic with Fractions (used when a probability has a prime other than 2 or 3 below)."""

    zero: Num = ZERO
    one: Num = ONE

    def of(self, q: Fraction) -> Num:
        return q

    def add(self, x: Num, y: Num) -> Num:
        return x + y

    def mul(self, x: Num, y: Num) -> Num:
        return x * y

    def gt(self, x: Num, y: Num) -> bool:
        return x > y

    def eq(self, x: Num, y: Num) -> bool:
        return x == y

    def fraction(self, x: Num) -> Fraction:
        return x


_THREES = [3**k for k in range(256)]


class _Ring23(_Fractions):
    """Exact arithmetic without gcds: every chance in Blood Bowl is n / (2^a 3^b) (dice of 2, 3, 6,
    8 and 16 sides), kept as the triple (n, a, b) and never reduced until the end. Some five times
    faster than Fractions on a long turn."""

    zero: Num = (0, 0, 0)
    one: Num = (1, 0, 0)

    def __init__(self) -> None:
        self.cache: dict[Fraction, Num] = {}
        self.threes = _THREES

    def of(self, q: Fraction) -> Num:
        found = self.cache.get(q)
        if found is None:
            d, a, b = q.denominator, 0, 0
            while d % 2 == 0:
                d, a = d // 2, a + 1
            while d % 3 == 0:
                d, b = d // 3, b + 1
            if d != 1:
                raise ValueError("not a chance of 2s and 3s")
            found = self.cache[q] = (q.numerator, a, b)
        return found

    def _three(self, k: int) -> int:
        while k >= len(self.threes):
            self.threes.append(self.threes[-1] * 3)
        return self.threes[k]

    def add(self, x: Num, y: Num) -> Num:
        n1, a1, b1 = x
        n2, a2, b2 = y
        if a1 == a2 and b1 == b2:
            return (n1 + n2, a1, b1)
        a = a1 if a1 > a2 else a2
        b = b1 if b1 > b2 else b2
        threes = self.threes
        if b >= len(threes):
            self._three(b)
        return ((n1 << (a - a1)) * threes[b - b1] + (n2 << (a - a2)) * threes[b - b2], a, b)

    def mul(self, x: Num, y: Num) -> Num:
        n1, a1, b1 = x
        n2, a2, b2 = y
        return (n1 * n2, a1 + a2, b1 + b2)

    def _aligned(self, x: Num, y: Num) -> tuple[int, int]:
        n1, a1, b1 = x
        n2, a2, b2 = y
        a, b = max(a1, a2), max(b1, b2)
        return (n1 << (a - a1)) * self._three(b - b1), (n2 << (a - a2)) * self._three(b - b2)

    def gt(self, x: Num, y: Num) -> bool:
        left, right = self._aligned(x, y)
        return left > right

    def eq(self, x: Num, y: Num) -> bool:
        left, right = self._aligned(x, y)
        return left == right

    def fraction(self, x: Num) -> Fraction:
        n, a, b = x
        return Fraction(n, (1 << a) * self._three(b))


class _Floats(_Fractions):
    """Floats, to choose quickly: every choice closer than TIE is settled by the exact ring."""

    zero: Num = 0.0
    one: Num = 1.0

    def of(self, q: Fraction) -> Num:
        return float(q)


TIE = 1e-9  # far above a float sum's error over a turn, far below any difference worth a choice
