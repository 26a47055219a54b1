"""Typed values the engine's answers are turned into, and their locale formatting.

Narrations hold placeholders ({target}, {probability}) and forms chosen by a value ({tz, plural,
=0 {…} one {…} other {…}}, {dodge, select, yes {…} other {…}}: see icu.py); a computed step
returns a dict of these values and each is formatted for the reader's language with Babel (the
same `num` and `pct` logic as the rules pages) only when the page is rendered. A value says what
a plural form counts (plural_operand) and what a select form chooses by (select_key).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rulebook.formatting import num, percentage

from . import icu, phrases


@dataclass(frozen=True)
class Pct:
    """A probability, shown as a percentage (one decimal unless it is a whole percent)."""

    value: Fraction

    def format(self, lang: str, edition: str | None = None) -> str:
        return percentage(self.value)

    def plural_operand(self) -> None:
        return None

    def select_key(self) -> str:
        """Whether it can happen at all, or always does: "none", "some" or "all"."""
        return "none" if self.value == 0 else "all" if self.value == 1 else "some"


@dataclass(frozen=True)
class Target:
    """A D6 target: 4 → "4+"."""

    value: int

    def format(self, lang: str, edition: str | None = None) -> str:
        return f"{self.value}+"

    def plural_operand(self) -> None:
        return None

    def select_key(self) -> str:
        return str(self.value)


@dataclass(frozen=True)
class Num:
    value: int | float

    def format(self, lang: str, edition: str | None = None) -> str:
        return num(self.value)

    def plural_operand(self) -> int | float:
        return self.value

    def select_key(self) -> str | None:
        return str(self.value) if isinstance(self.value, int) else None


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

    def plural_operand(self) -> None:
        return None

    def select_key(self) -> None:
        return None


@dataclass(frozen=True)
class Word:
    """A stable engine key (outcome, band…) shown as a localised phrase."""

    key: str
    params: tuple[tuple[str, object], ...] = ()

    def format(self, lang: str, edition: str | None = None) -> str:
        return phrases.phrase(self.key, lang, edition, **dict(self.params))

    def plural_operand(self) -> None:
        return None

    def select_key(self) -> str:
        return self.key


@dataclass(frozen=True)
class Text:
    """Text already written in every language (a player's role, a team name)."""

    by_lang: tuple[tuple[str, str], ...]

    def format(self, lang: str, edition: str | None = None) -> str:
        found = dict(self.by_lang)
        return found.get(lang) or found.get("en", "")

    def plural_operand(self) -> None:
        return None

    def select_key(self) -> None:
        return None


@dataclass(frozen=True)
class Flag:
    """A yes/no answer of the engine (a skill that applies, a re-roll that can be used): chosen
    by select forms ({dodge, select, yes {…} other {…}}), never shown as a word itself."""

    value: bool

    def format(self, lang: str, edition: str | None = None) -> str:
        raise icu.MessageError("a yes/no value chooses a form; it is not shown as text")

    def plural_operand(self) -> None:
        return None

    def select_key(self) -> str:
        return "yes" if self.value else "no"


@dataclass(frozen=True)
class Signed:
    """A modifier: +1, −2, ±0 (a true minus sign)."""

    value: int

    def format(self, lang: str, edition: str | None = None) -> str:
        return f"+{self.value}" if self.value > 0 else (f"−{abs(self.value)}" if self.value < 0 else "±0")

    def plural_operand(self) -> int:
        return abs(self.value)

    def select_key(self) -> str:
        return "up" if self.value > 0 else "down" if self.value < 0 else "zero"


Value = Pct | Target | Num | Frac | Word | Text | Flag | Signed


def fill(template: str, values: dict[str, Value], lang: str, edition: str | None = None, mark: bool = False) -> str:
    """The template with each value and form filled in (icu.render; unknown names stay)."""
    return icu.render(template, values, lang, edition, mark)


def plain(value: Value) -> object:
    """JSON-friendly form of a value (fractions as "n/d")."""
    if isinstance(value, (Pct, Frac)):
        return f"{value.value.numerator}/{value.value.denominator}"
    if isinstance(value, (Target, Num, Flag, Signed)):
        return value.value
    if isinstance(value, Word):
        return value.key
    return dict(value.by_lang)


def stated(value: Value) -> object:
    """A value as a scenario's [steps.expect] writes it: a chance as a fraction ("16/27"), a
    target as "3+", a modifier as a signed number, a count as itself, a word as its key."""
    if isinstance(value, (Pct, Frac)):
        return value.value
    if isinstance(value, Target):
        return f"{value.value}+"
    if isinstance(value, Word):
        return value.key
    if isinstance(value, Text):
        return dict(value.by_lang)
    return value.value


def agrees(value: Value, declared: object) -> bool:
    """Whether the engine's value is the one a scenario declares (fractions compared exactly:
    "2/3" = "4/6"; a chance of 1 may be written "1")."""
    found = stated(value)
    if isinstance(found, Fraction):
        return isinstance(declared, (str, int)) and not isinstance(declared, bool) and found == Fraction(declared)
    if isinstance(value, Signed) and isinstance(declared, str):
        return found == int(declared.replace("−", "-"))
    if isinstance(value, Flag):
        return declared is found
    return not isinstance(declared, bool) and found == declared
