"""Names the tutorial's pages print from the content (skill names, glossary terms), read once per
content version and language: the odds page alone asks for some sixty of them on every answer,
and most of its answers are new addresses that no page cache has seen."""

from __future__ import annotations

from rulebook import selectors
from rulebook.rendering.version import per_content_version
from rulebook.translated import in_language


@per_content_version(maxsize=4096)
def skill_name(edition: str, slug: str, lang: str) -> str:
    """The skill's name in the edition and language (selectors.skill_names' fallbacks)."""
    return selectors.skill_names(edition, [slug], lang)[slug]


@per_content_version(maxsize=4096)
def glossary_name(edition: str, slug: str, lang: str) -> str:
    """The glossary term's name in the language, "" if the edition has no such entry."""
    term = selectors.glossary_term(edition, slug)
    return in_language(term, "term", lang) if term else ""
