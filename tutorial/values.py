"""Typed values the engine's answers are turned into, and their locale formatting.

Narrations hold placeholders ({target}, {probability}); a computed step returns a dict of
these values and each is formatted for the reader's language with Babel (the same `num` and
`pct` logic as the rules pages) only when the page is rendered.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rulebook.formatting import num, percentage

from . import phrases


@dataclass(frozen=True)
class Pct:
    """A probability, shown as a percentage (one decimal unless it is a whole percent)."""

    value: Fraction

    def format(self, lang: str, edition: str | None = None) -> str:
        return percentage(self.value)


@dataclass(frozen=True)
class Target:
    """A D6 target: 4 → "4+"."""

    value: int

    def format(self, lang: str, edition: str | None = None) -> str:
        return f"{self.value}+"


@dataclass(frozen=True)
class Num:
    value: int | float

    def format(self, lang: str, edition: str | None = None) -> str:
        return num(self.value)


@dataclass(frozen=True)
class Frac:
    """An exact fraction such as 1/6 (language-neutral)."""

    value: Fraction

    def format(self, lang: str, edition: str | None = None) -> str:
        return (
            f"{self.value.numerator}/{self.value.denominator}"
            if self.value.denominator != 1
            else num(self.value.numerator)
        )


@dataclass(frozen=True)
class Word:
    """A stable engine key (outcome, band…) shown as a localised phrase."""

    key: str
    params: tuple[tuple[str, object], ...] = ()

    def format(self, lang: str, edition: str | None = None) -> str:
        return phrases.phrase(self.key, lang, edition, **dict(self.params))


@dataclass(frozen=True)
class Text:
    """Text already written in every language (a player's role, a team name)."""

    by_lang: tuple[tuple[str, str], ...]

    def format(self, lang: str, edition: str | None = None) -> str:
        found = dict(self.by_lang)
        return found.get(lang) or found.get("en", "")


Value = Pct | Target | Num | Frac | Word | Text


class _Missing(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def fill(template: str, values: dict[str, Value], lang: str, edition: str | None = None) -> str:
    """The template with each {name} replaced by its formatted value (unknown names stay)."""
    formatted = _Missing({name: value.format(lang, edition) for name, value in values.items()})
    return template.format_map(formatted)


def plain(value: Value) -> object:
    """JSON-friendly form of a value (fractions as "n/d")."""
    if isinstance(value, (Pct, Frac)):
        return f"{value.value.numerator}/{value.value.denominator}"
    if isinstance(value, (Target, Num)):
        return value.value
    if isinstance(value, Word):
        return value.key
    return dict(value.by_lang)
