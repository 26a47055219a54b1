"""Messages whose words follow the engine's values: a small subset of ICU MessageFormat, used by
the narrations (scenarios/*.toml) and the engine phrases (phrases.toml).

    {name}                                         the value, formatted for the language
    {name, plural, =0 {…} one {# …} other {# …}}   a form chosen by the number: "=N" first, then
                                                   the language's plural category (Babel's CLDR
                                                   rules: French 0 is "one", Spanish 1000000 "many"),
                                                   then "other"; "#" is the formatted number
    {name, select, yes {…} no {…} other {…}}       a form chosen by the value's key (a Flag's
                                                   yes/no, a Word's engine key), then "other"
    {name, article}  {name, article, a}            Italian: the value with its definite article,
                                                   alone or joined to a preposition (a, da, di, in,
                                                   su): "il 50%" / "l'88,9%" / "lo 0,5%", "al 50%" /
                                                   "all'8%" / "allo 0%"

Forms may nest. A sentence that states a number, a condition or a side is written with these, so
it says what the engine answered for the reader's inputs ("in no tackle zone" / "in one" / "in
2"), never what the scenario's defaults happened to be.

`render` takes values that know how to format themselves (values.Value) or plain Python values
(int, bool, Fraction, str). `mark` wraps every piece of text that comes from a value in sentinel
characters, so a test can check that each digit a reader sees is the engine's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from rulebook.portable.numbers import num, percentage, plural_category

# Sentinels around the text of a value when rendering with mark=True (private-use characters).
OPEN, CLOSE = "\ue000", "\ue001"
NAME_RE = re.compile(r"[a-z][a-z0-9_]*")
KEY_RE = re.compile(r"=-?\d+|[a-z][a-z0-9_]*")


class MessageError(ValueError):
    """A template that does not follow the syntax, or a value a form cannot choose by."""


# -- the parsed form of a template --------------------------------------------------------------


@dataclass(frozen=True)
class Arg:
    name: str


@dataclass(frozen=True)
class Article:
    """An Italian number with its article: "il 66,7%", "l'88,9%", "all'8%"."""

    name: str
    preposition: str = ""


@dataclass(frozen=True)
class Pound:
    """The number of the nearest enclosing plural."""


@dataclass(frozen=True)
class Choice:
    name: str
    kind: str  # "plural" or "select"
    forms: tuple[tuple[str, tuple[Part, ...]], ...]

    def form(self, key: str) -> tuple[Part, ...] | None:
        return next((parts for k, parts in self.forms if k == key), None)


Part = str | Arg | Article | Pound | Choice


class _Parser:
    def __init__(self, text: str) -> None:
        self.text, self.pos = text, 0

    def error(self, what: str) -> MessageError:
        return MessageError(f"{what} at {self.pos} in {self.text[:80]!r}")

    def parts(self, in_plural: bool, closing: bool) -> tuple[Part, ...]:
        out: list[Part] = []
        literal: list[str] = []
        while self.pos < len(self.text):
            char = self.text[self.pos]
            if char == "}":
                if not closing:
                    raise self.error("unmatched }")
                break
            if char == "{":
                if literal:
                    out.append("".join(literal))
                    literal = []
                out.append(self.argument(in_plural))
                continue
            if char == "#" and in_plural:
                if literal:
                    out.append("".join(literal))
                    literal = []
                out.append(Pound())
                self.pos += 1
                continue
            literal.append(char)
            self.pos += 1
        else:
            if closing:
                raise self.error("missing }")
        if literal:
            out.append("".join(literal))
        return tuple(out)

    def word(self, pattern: re.Pattern[str], what: str) -> str:
        self.skip_space()
        match = pattern.match(self.text, self.pos)
        if not match:
            raise self.error(f"expected {what}")
        self.pos = match.end()
        return match.group()

    def skip_space(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos] in " \n\t":
            self.pos += 1

    def expect(self, char: str) -> None:
        self.skip_space()
        if self.text[self.pos : self.pos + 1] != char:
            raise self.error(f"expected {char!r}")
        self.pos += 1

    def argument(self, in_plural: bool) -> Part:
        self.pos += 1  # {
        name = self.word(NAME_RE, "a value name")
        self.skip_space()
        if self.text[self.pos : self.pos + 1] == "}":
            self.pos += 1
            return Arg(name)
        self.expect(",")
        kind = self.word(NAME_RE, "plural, select or article")
        if kind == "article":
            self.skip_space()
            preposition = ""
            if self.text[self.pos : self.pos + 1] == ",":
                self.pos += 1
                preposition = self.word(NAME_RE, "a preposition")
                if preposition not in ARTICLES:
                    raise self.error(f"unknown preposition {preposition!r}")
            self.expect("}")
            return Article(name, preposition)
        if kind not in ("plural", "select"):
            raise self.error(f"unknown form kind {kind!r}")
        self.expect(",")
        forms: list[tuple[str, tuple[Part, ...]]] = []
        while True:
            self.skip_space()
            if self.text[self.pos : self.pos + 1] == "}":
                self.pos += 1
                break
            key = self.word(KEY_RE, "a form key")
            if kind == "select" and key.startswith("="):
                raise self.error("a select form has no =N keys")
            if any(k == key for k, _ in forms):
                raise self.error(f"form {key!r} twice")
            self.expect("{")
            forms.append((key, self.parts(in_plural or kind == "plural", closing=True)))
            self.pos += 1  # }
        if not any(k == "other" for k, _ in forms):
            raise self.error(f"{{{name}, {kind}}} needs an 'other' form")
        return Choice(name, kind, tuple(forms))


@lru_cache(maxsize=4096)
def parse(template: str) -> tuple[Part, ...]:
    """The template's parts (cached); raises MessageError on a malformed template."""
    parser = _Parser(template)
    return parser.parts(in_plural=False, closing=False)


def names(template: str) -> set[str]:
    """Every value name the template uses (in arguments and forms)."""
    found: set[str] = set()

    def walk(parts: tuple[Part, ...]) -> None:
        for part in parts:
            if isinstance(part, (Arg, Article)):
                found.add(part.name)
            elif isinstance(part, Choice):
                found.add(part.name)
                for _key, sub in part.forms:
                    walk(sub)

    walk(parse(template))
    return found


def shape(template: str) -> list[tuple[str, str, tuple[str, ...]]]:
    """(name, kind, form keys) of every value in the template, in order: two languages of the
    same text must choose their words by the same values (the keys may differ with the
    languages' plural categories, so plural keys are left out)."""
    found: list[tuple[str, str, tuple[str, ...]]] = []

    def walk(parts: tuple[Part, ...]) -> None:
        for part in parts:
            if isinstance(part, (Arg, Article)):
                found.append((part.name, "value", ()))
            elif isinstance(part, Choice):
                keys = tuple(sorted(k for k, _ in part.forms)) if part.kind == "select" else ()
                found.append((part.name, part.kind, keys))
                for _key, sub in part.forms:
                    walk(sub)

    walk(parse(template))
    return sorted(set(found))


def flatten(template: str) -> str:
    """Every form's words, one form per line, value names kept as {name} (for checkers that
    read the words of a text, such as the terminology checker)."""
    lines: list[str] = []

    def walk(parts: tuple[Part, ...]) -> str:
        out = []
        for part in parts:
            if isinstance(part, str):
                out.append(part)
            elif isinstance(part, (Arg, Article)):
                out.append("{" + part.name + "}")
            elif isinstance(part, Pound):
                out.append("{n}")
            else:
                for _key, sub in part.forms:
                    lines.append(walk(sub))
        return "".join(out)

    lines.insert(0, walk(parse(template)))
    return "\n".join(line for line in lines if line.strip())


# -- choosing and formatting ------------------------------------------------------------------------

# Italian definite article (masculine, as "il 50 per cento"), alone or joined to a preposition,
# by the sound the number's name starts with: a consonant ("il 50%"), a vowel ("l'8%", "l'11%")
# or z, as in zero ("lo 0,5%").
ARTICLES = {
    "": ("il ", "l'", "lo "),
    "a": ("al ", "all'", "allo "),
    "da": ("dal ", "dall'", "dallo "),
    "di": ("del ", "dell'", "dello "),
    "in": ("nel ", "nell'", "nello "),
    "su": ("sul ", "sull'", "sullo "),
}
CONSONANT, VOWEL, ZETA = 0, 1, 2


def _italian_sound(formatted: str) -> int:
    """How the Italian name of the number begins: VOWEL for uno, otto, undici, ottanta…,
    undicimila; ZETA for zero (0, 0,5); CONSONANT otherwise. Read on the integer part as written."""
    digits = "".join(c for c in formatted.split(",")[0] if c.isdigit())
    if digits == "0":
        return ZETA
    while len(digits) > 3 and digits.endswith("000") and digits[:-3] != "1":
        digits = digits[:-3]  # 8.000 "ottomila", 11.000 "undicimila"; 1.000 "mille"
    return VOWEL if digits.startswith("8") or digits in ("1", "11") else CONSONANT


def plural_operand(value: Any) -> int | float | Fraction | None:
    """The number a plural form is chosen by, or None if the value is no count."""
    operand = getattr(value, "plural_operand", None)
    if callable(operand):
        return operand()
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float, Fraction)):
        return value
    return None


def select_key(value: Any) -> str | None:
    """The key a select form is chosen by: a Flag's yes/no, a Word's key, a string itself."""
    key = getattr(value, "select_key", None)
    if callable(key):
        return key()
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return value
    if isinstance(value, int):
        return str(value)
    return None


def format_value(value: Any, lang: str, edition: str | None) -> str:
    if isinstance(value, str):
        return value
    # A value that words itself (tutorial/shared/values.py: format(lang, edition)). Looked up, not
    # checked against a runtime-checkable Protocol, which walks its members on every isinstance
    # (about a tenth of a tutorial page's rendering time).
    formatter = getattr(value, "format", None)
    if callable(formatter):
        return str(formatter(lang, edition))
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, Fraction):
        return percentage(value)
    if isinstance(value, (int, float)):
        return num(value)
    if isinstance(value, (tuple, list)):
        return ", ".join(format_value(v, lang, edition) for v in value)
    return str(value)


def render(template: str, values: Mapping[str, Any], lang: str, edition: str | None = None, mark: bool = False) -> str:
    """The template in `lang` with the values' words and numbers. An unknown {name} stays
    visible; a form that cannot be chosen (a select on a number, no form for a key and no
    'other') raises MessageError."""

    def text(value: Any) -> str:
        formatted = format_value(value, lang, edition)
        return f"{OPEN}{formatted}{CLOSE}" if mark else formatted

    def walk(parts: tuple[Part, ...], pound: Any) -> str:
        out: list[str] = []
        for part in parts:
            if isinstance(part, str):
                out.append(part)
            elif isinstance(part, Pound):
                out.append(text(pound))
            elif isinstance(part, Arg):
                out.append(text(values[part.name]) if part.name in values else "{" + part.name + "}")
            elif isinstance(part, Article):
                if lang != "it":
                    raise MessageError("{name, article} is for Italian texts")
                if part.name not in values:
                    raise MessageError(f"no value {part.name!r} for an article")
                formatted = format_value(values[part.name], lang, edition)
                article = ARTICLES[part.preposition][_italian_sound(formatted)]
                out.append(article + (f"{OPEN}{formatted}{CLOSE}" if mark else formatted))
            else:
                out.append(walk(*choose(part, pound)))
        return "".join(out)

    def choose(choice: Choice, pound: Any) -> tuple[tuple[Part, ...], Any]:
        if choice.name not in values:
            raise MessageError(f"no value {choice.name!r} for a {choice.kind} form")
        value = values[choice.name]
        if choice.kind == "plural":
            number = plural_operand(value)
            if number is None:
                raise MessageError(f"{choice.name!r} is no number for a plural form")
            exact = choice.form(f"={int(number)}") if number == int(number) else None
            for found in (exact, choice.form(plural_category(number, lang)), choice.form("other")):
                if found is not None:
                    return found, value
            return (), value
        key = select_key(value)
        if key is None:
            raise MessageError(f"{choice.name!r} has no key for a select form")
        found = choice.form(key)
        return (found if found is not None else choice.form("other") or ()), pound

    return walk(parse(template), None)


def strip_marks(text: str) -> str:
    return text.replace(OPEN, "").replace(CLOSE, "")
