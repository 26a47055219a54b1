"""Locale formatting with Babel, for the templates and the tutorial alike: numbers, percentages
and the sort order of each language."""

from __future__ import annotations

import unicodedata
from fractions import Fraction
from functools import lru_cache
from typing import Any

from babel import Locale
from babel.numbers import format_decimal, format_percent
from django.utils.translation import get_language, to_locale


def _locale() -> str:
    return to_locale(get_language() or "en")


def num(value: Any) -> str:
    """10000 → 10.000 (es, it), 10 000 (fr), 10,000 (en), in the active language."""
    if value is None or value == "":
        return ""
    return format_decimal(value, locale=_locale(), group_separator=True)


def pct(value: Any, digits: int = 0) -> str:
    """A probability (0..1, float or Fraction) as a percentage in the locale's own pattern:
    5/6 → "83 %" (es, fr), "83%" (en, it); with digits=1 → "83,3 %"."""
    if value is None or value == "":
        return ""
    return _pct(Fraction(value), int(digits), _locale())


@lru_cache(maxsize=8192)  # a board page formats hundreds of the same few chances
def _pct(value: Fraction, digits: int, locale_name: str) -> str:
    locale = Locale.parse(locale_name)
    pattern = locale.percent_formats[None].pattern
    if digits:
        pattern = pattern.replace("#,##0", "#,##0." + "0" * digits, 1)
    return format_percent(float(value), format=pattern, locale=locale)


def percentage(value: Fraction) -> str:
    """A probability with one decimal unless it is a whole percent (the tutorial's and odds' form)."""
    whole = (value * 100).denominator == 1
    return pct(value, 0 if whole else 1)


def collation_key(text: str, lang: str) -> tuple[str, str]:
    """Sort key following the language's alphabet: accents are secondary everywhere, and
    Spanish sorts ñ as its own letter after n."""
    lowered = text.casefold()
    if lang == "es":
        lowered = lowered.replace("ñ", "n\uffff")
    base = "".join(c for c in unicodedata.normalize("NFD", lowered) if not unicodedata.combining(c))
    return base, lowered
