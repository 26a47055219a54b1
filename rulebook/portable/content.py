"""Names from the content for the pure modules (one door, so the phone can answer with the
server's own answers): skill names per edition, glossary terms, skill lists, table rows."""

from __future__ import annotations

from collections.abc import Mapping

from ..vocab import OLDER_RULESET
from .backend import backend


def edition_skill_names(ruleset: str, lang: str) -> Mapping[str, str]:
    """Every skill name of a ruleset in a language by slug, also under its counterpart's slug."""
    return backend().skill_names(ruleset, lang)


def edition_term_names(ruleset: str, lang: str) -> Mapping[str, str]:
    """Every glossary term of a ruleset in a language, by slug."""
    return backend().term_names(ruleset, lang)


def skill_names(ruleset: str, slugs: list[str] | tuple[str, ...], lang: str) -> dict[str, str]:
    """Names of several skills; a 2025 one may be classic-only (the classic name is used); a slug
    found nowhere is spelt out from the slug (as selectors.skill_names)."""
    own = backend().own_skill_names(ruleset, lang)
    older = backend().own_skill_names(OLDER_RULESET[ruleset], lang) if ruleset in OLDER_RULESET else {}
    return {slug: own.get(slug) or older.get(slug) or slug.replace("-", " ").title() for slug in slugs}


def glossary_terms(ruleset: str, slugs: list[str] | tuple[str, ...], lang: str) -> dict[str, str]:
    """Several glossary terms by slug (missing or empty ones left out)."""
    terms = backend().term_names(ruleset, lang)
    return {slug: terms[slug] for slug in slugs if terms.get(slug)}


def skill_choices(ruleset: str, lang: str) -> tuple[tuple[str, str, str], ...]:
    """(slug, name, category) of every skill and trait, in the language's alphabetical order."""
    return backend().skill_choices(ruleset, lang)


def skill_choice_names(ruleset: str, lang: str) -> Mapping[str, str]:
    """The names of skill_choices by slug."""
    return backend().skill_choice_names(ruleset, lang)


def table_row_names(ruleset: str, table: str, lang: str) -> Mapping[int, str]:
    """A table's row names by the lowest roll of each row."""
    return backend().table_row_names(ruleset, table, lang)
