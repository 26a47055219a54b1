"""Numbers in the reader's language, for the pure modules: the same `num`, `pct` and
`percentage` as rulebook/formatting.py (which the server's backend uses), and CLDR plural
categories."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .backend import backend


def num(value: Any) -> str:
    """10000 → 10.000 (es, it), 10 000 (fr), 10,000 (en), in the active language."""
    if value is None or value == "":
        return ""
    return backend().num(value)


def pct(value: Any, digits: int = 0) -> str:
    """A probability as a percentage in the locale's own pattern: 5/6 → "83 %" (es, fr), "83%"."""
    if value is None or value == "":
        return ""
    return backend().pct(Fraction(value), int(digits))


def percentage(value: Fraction) -> str:
    """A probability with one decimal unless it is a whole percent (the tutorial's and odds' form)."""
    whole = (value * 100).denominator == 1
    return pct(value, 0 if whole else 1)


def plural_category(number: int | float | Fraction, lang: str) -> str:
    """The language's CLDR plural category of a number ("one", "many", "other")."""
    return backend().plural_category(float(number) if isinstance(number, Fraction) else number, lang)
