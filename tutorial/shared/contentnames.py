"""Names the tutorial's pages print from the content (skill names, glossary terms), read once per
content version and language: the odds page alone asks for some sixty of them on every answer,
and most of its answers are new addresses that no page cache has seen."""

from __future__ import annotations

from functools import lru_cache

from rulebook import selectors


def skill_name(edition: str, slug: str, lang: str) -> str:
    """The skill's name in the edition and language (selectors.skill_names' fallbacks)."""
    return _skill_name(edition, slug, lang, selectors.content_version())


def glossary_name(edition: str, slug: str, lang: str) -> str:
    """The glossary term's name in the language, "" if the edition has no such entry."""
    return _glossary_name(edition, slug, lang, selectors.content_version())


@lru_cache(maxsize=4096)
def _skill_name(edition: str, slug: str, lang: str, version: str) -> str:
    return selectors.skill_names(edition, [slug], lang)[slug]


@lru_cache(maxsize=4096)
def _glossary_name(edition: str, slug: str, lang: str, version: str) -> str:
    term = selectors.glossary_term(edition, slug)
    return (getattr(term, f"term_{lang}", "") if term else "") or ""
