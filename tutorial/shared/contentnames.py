"""Names from the content that the odds calculator and the board show (through the portable door,
rulebook/portable/content.py: read once per content version on the server, from the pack on the
phone)."""

from __future__ import annotations

from rulebook.portable import content


def skill_name(edition: str, slug: str, lang: str) -> str:
    """The skill's name in the edition and language (selectors.skill_names' fallbacks)."""
    return content.skill_names(edition, [slug], lang)[slug]


def glossary_name(edition: str, slug: str, lang: str) -> str:
    """The glossary term's name in the language, "" if the edition has no such entry."""
    return content.edition_term_names(edition, lang).get(slug) or ""
