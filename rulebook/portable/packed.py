"""The phone's backend of the doors: the offline pack's words for one language (what
rulebook/serverwords.export wrote: the content's names, the locale's number symbols and plural
rule) and the site's compiled catalogue, read by the standard library's gettext (Django reads
the same .mo file on the server)."""

from __future__ import annotations

import gettext as stdlib_gettext
import io
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from typing import Any


def _decimal(value: int | float | Decimal) -> Decimal:
    return Decimal(str(value)) if isinstance(value, float) else Decimal(value)


def _grouped(digits: str, group: str) -> str:
    head, rest = digits[: len(digits) % 3 or 3], digits[len(digits) % 3 or 3 :]
    return group.join([head, *(rest[i : i + 3] for i in range(0, len(rest), 3))])


def write_number(value: Decimal, decimal: str, group: str, least: int, most: int) -> str:
    """A number rounded half-even to at most `most` decimals (at least `least`), grouped by three."""
    rounded = value.quantize(Decimal(1).scaleb(-most), rounding=ROUND_HALF_EVEN)
    sign = "-" if rounded < 0 else ""
    whole, _dot, fraction = f"{abs(rounded):f}".partition(".")
    fraction = fraction.rstrip("0").ljust(least, "0")
    return sign + _grouped(whole, group) + (decimal + fraction if fraction else "")


def _operands(number: int | float) -> dict[str, Any]:
    """CLDR's plural operands n, i, v, w, f, t (c and e are 0), as Babel reads them."""
    n: int | float | Decimal = abs(number)
    if isinstance(n, float):
        n = int(n) if n == int(n) else Decimal(str(n))
    fraction = ""
    if isinstance(n, Decimal):
        exponent = n.as_tuple().exponent
        assert isinstance(exponent, int)
        fraction = "".join(str(d) for d in n.as_tuple().digits[exponent:]) if exponent < 0 else ""
    stripped = fraction.rstrip("0")
    return {
        "n": n,
        "i": int(n),
        "v": len(fraction),
        "w": len(stripped),
        "f": int(fraction or 0),
        "t": int(stripped or 0),
        "c": 0,
        "e": 0,
    }


def _within(number: Any, ranges: list[tuple[int, int]]) -> bool:
    return any(lo <= number <= hi for lo, hi in ranges)


def _in(number: Any, ranges: list[tuple[int, int]]) -> bool:
    return number == int(number) and _within(number, ranges)


def _mod(a: Any, b: Any) -> Any:
    result = abs(a) % abs(b)
    return -result if a < 0 else result


RULE_FUNCTIONS = {"IN": _in, "WITHIN": _within, "MOD": _mod}


def plural_rule(rules: list[list[str]]) -> Callable[[int | float], str]:
    """The plural rule from the expressions the server compiled from CLDR's rules (Babel's
    compiler); they name only the operands and IN, WITHIN, MOD."""
    compiled = [(tag, compile(source, f"<plural {tag}>", "eval")) for tag, source in rules]

    def category(number: int | float) -> str:
        names = {**RULE_FUNCTIONS, **_operands(number), "__builtins__": {}}
        for tag, code in compiled:
            if eval(code, names):  # expressions of the server's own export, names above only
                return tag
        return "other"

    return category


class PackedWords:
    def __init__(self, words: Mapping[str, Any], catalogue: bytes) -> None:
        self.words = words
        self.lang: str = words["lang"]
        self.active = [self.lang]
        self.translations = stdlib_gettext.GNUTranslations(io.BytesIO(catalogue)) if catalogue else None
        numbers = words["numbers"]
        self.symbols = (numbers["decimal"], numbers["group"])
        self.percent = tuple(numbers["percent"])
        self.plural = plural_rule(numbers["plural"])

    # i18n: only the pack's language is held (the page's)
    def gettext(self, message: str) -> str:
        return self.translations.gettext(message) if self.translations else message

    def ngettext(self, singular: str, plural: str, number: int) -> str:
        return self.translations.ngettext(singular, plural, number) if self.translations else singular

    def pgettext(self, context: str, message: str) -> str:
        return self.translations.pgettext(context, message) if self.translations else message

    def get_language(self) -> str:
        return self.active[-1]

    @contextmanager
    def override(self, lang: str) -> Iterator[None]:
        if lang != self.lang:
            raise LookupError(f"the pack holds the words of {self.lang}, not {lang}")
        self.active.append(lang)
        try:
            yield
        finally:
            self.active.pop()

    def num(self, value: int | float) -> str:
        return write_number(_decimal(value), *self.symbols, 0, 3)

    def pct(self, value: Fraction, digits: int) -> str:
        text = write_number(_decimal(float(value)) * 100, *self.symbols, digits, digits)
        return self.percent[0] + text + self.percent[1]

    def plural_category(self, number: int | float, lang: str) -> str:
        return self.plural(number)

    def skill_names(self, ruleset: str, lang: str) -> Mapping[str, str]:
        return self.words["skill_names"].get(ruleset, {})

    def own_skill_names(self, ruleset: str, lang: str) -> Mapping[str, str]:
        return self.words["own_skill_names"].get(ruleset, {})

    def term_names(self, ruleset: str, lang: str) -> Mapping[str, str]:
        return self.words["term_names"].get(ruleset, {})

    def skill_choices(self, ruleset: str, lang: str) -> tuple[tuple[str, str, str], ...]:
        return tuple(tuple(c) for c in self.words["skill_choices"].get(ruleset, []))

    def skill_choice_names(self, ruleset: str, lang: str) -> Mapping[str, str]:
        return {c[0]: c[1] for c in self.words["skill_choices"].get(ruleset, [])}

    def table_row_names(self, ruleset: str, table: str, lang: str) -> Mapping[int, str]:
        rows = self.words["table_rows"].get(ruleset, {}).get(table, {})
        return {int(k): v for k, v in rows.items()}
