"""The server's backend of the portable doors (rulebook/portable): Django's translation, Babel's
numbers (rulebook/formatting.py) and the content through the selectors, each list read once per
content version. Installed by rulebook/apps.py; `export` gives a language's answers to the pack
(rulebook/portable/packed.py answers with them on the phone)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from fractions import Fraction
from typing import Any

from babel import Locale
from babel.plural import _PythonCompiler
from django.utils import translation

from . import formatting, selectors
from .rendering.version import per_content_version
from .translated import column
from .vocab import LANGS


@per_content_version(maxsize=64)
def _skill_names(ruleset: str, lang: str) -> Mapping[str, str]:
    return selectors.edition_skill_names(ruleset, lang)


@per_content_version(maxsize=64)
def _own_skill_names(ruleset: str, lang: str) -> Mapping[str, str]:
    """The edition's skills, and the star players' special rules the odds count (Blind Rage; a
    victim's, Dwarfen Grit, among the opponent's skills)."""
    from .engine import OPPONENT_SKILLS, PLAYER_SKILLS
    from .models import Skill, StarPlayer

    rows = Skill.objects.filter(ruleset__key=ruleset).values_list("slug", column("name", lang))
    stars = StarPlayer.objects.filter(ruleset__key=ruleset, rule__in=sorted(PLAYER_SKILLS | OPPONENT_SKILLS))
    star_rules = stars.values_list("rule", column("rule_name", lang))
    return {slug: name for slug, name in (*star_rules, *rows) if name}


@per_content_version(maxsize=64)
def _term_names(ruleset: str, lang: str) -> Mapping[str, str]:
    return selectors.edition_term_names(ruleset, lang)


@per_content_version(maxsize=64)
def _skill_choices(ruleset: str, lang: str) -> tuple[tuple[str, str, str], ...]:
    return tuple(selectors.skill_choices(ruleset, lang))


@per_content_version(maxsize=64)
def _skill_choice_names(ruleset: str, lang: str) -> Mapping[str, str]:
    return {slug: name for slug, name, _category in _skill_choices(ruleset, lang)}


@per_content_version(maxsize=64)
def _table_rows(ruleset: str, table: str, lang: str) -> Mapping[int, str]:
    return selectors.table_row_names(ruleset, table, lang)


class ServerWords:
    def gettext(self, message: str) -> str:
        return translation.gettext(message)

    def ngettext(self, singular: str, plural: str, number: int) -> str:
        return translation.ngettext(singular, plural, number)

    def pgettext(self, context: str, message: str) -> str:
        return translation.pgettext(context, message)

    def get_language(self) -> str:
        return translation.get_language() or "en"

    @contextmanager
    def override(self, lang: str) -> Iterator[None]:
        with translation.override(lang):
            yield

    def num(self, value: int | float) -> str:
        return formatting.num(value)

    def pct(self, value: Fraction, digits: int) -> str:
        return formatting.pct(value, digits)

    def plural_category(self, number: int | float, lang: str) -> str:
        return str(Locale.parse(lang).plural_form(number))

    def skill_names(self, ruleset: str, lang: str) -> Mapping[str, str]:
        return _skill_names(ruleset, lang)

    def own_skill_names(self, ruleset: str, lang: str) -> Mapping[str, str]:
        return _own_skill_names(ruleset, lang)

    def term_names(self, ruleset: str, lang: str) -> Mapping[str, str]:
        return _term_names(ruleset, lang)

    def skill_choices(self, ruleset: str, lang: str) -> tuple[tuple[str, str, str], ...]:
        return _skill_choices(ruleset, lang)

    def skill_choice_names(self, ruleset: str, lang: str) -> Mapping[str, str]:
        return _skill_choice_names(ruleset, lang)

    def table_row_names(self, ruleset: str, table: str, lang: str) -> Mapping[int, str]:
        return _table_rows(ruleset, table, lang)


# --- the pack's copy --------------------------------------------------------------------------------

TABLES = ("weather",)  # the tables whose row names the tools show


def number_symbols(lang: str) -> dict[str, Any]:
    """What the phone needs to write numbers as Babel does: the symbols, the percent pattern around
    its digits, and the CLDR plural rule compiled to expressions (rulebook/portable/packed.py)."""
    locale = Locale.parse(lang)
    symbols = locale.number_symbols["latn"]
    prefix, _digits, suffix = locale.percent_formats[None].pattern.partition("#,##0")
    compiler = _PythonCompiler()
    return {
        "decimal": symbols["decimal"],
        "group": symbols["group"],
        "percent": [prefix.replace("%", symbols["percentSign"]), suffix.replace("%", symbols["percentSign"])],
        "plural": [[tag, compiler.compile(ast)] for tag, ast in locale.plural_form.abstract],
    }


def export(lang: str, rulesets: tuple[str, ...]) -> dict[str, Any]:
    """The language's answers to every content question of the doors, for the rulesets."""
    assert lang in LANGS
    return {
        "lang": lang,
        "numbers": number_symbols(lang),
        "skill_names": {r: dict(_skill_names(r, lang)) for r in rulesets},
        "own_skill_names": {r: dict(_own_skill_names(r, lang)) for r in rulesets},
        "term_names": {r: dict(_term_names(r, lang)) for r in rulesets},
        "skill_choices": {r: [list(c) for c in _skill_choices(r, lang)] for r in rulesets},
        "table_rows": {
            r: {t: {str(k): v for k, v in _table_rows(r, t, lang).items()} for t in TABLES} for r in rulesets
        },
    }
