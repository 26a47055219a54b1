"""Search results for the pages and the API: the index of the current content version, and each
match turned into a title, a URL and a highlighted snippet in the reader's language."""

from __future__ import annotations

from dataclasses import dataclass
from html import unescape

from django.utils.safestring import SafeString, mark_safe

from ..links import fast_item_url
from ..rendering.version import content_version
from .documents import build_documents
from .index import Document, Match, SearchIndex
from .snippets import highlight, snippet

_indexes: dict[int, SearchIndex] = {}


def current_index() -> SearchIndex:
    version = content_version()
    index = _indexes.get(version)
    if index is None:
        _indexes.clear()
        index = _indexes[version] = SearchIndex(build_documents())
    return index


@dataclass(frozen=True)
class Result:
    kind: str
    ruleset: str
    slug: str
    title: str
    title_html: SafeString
    title_en: str
    url: str
    snippet_html: SafeString
    snippet_text: str


def url_for(document: Document, lang: str) -> str:
    kind = document.kind
    if kind == "section" and document.parent_slug == document.slug:
        kind = "chapter"
    # A table row and a positional are shown on their parent's page (the table, the team).
    slug = document.parent_slug if kind in ("row", "positional") else document.slug
    anchor = document.anchor if kind in ("row", "positional") else ""
    return fast_item_url(kind, document.ruleset, slug, lang, chapter=document.parent_slug, anchor=anchor)


def to_result(match: Match, lang: str) -> Result:
    doc = match.document
    title = doc.names[lang]
    snippet_html = snippet(doc.texts[lang], match.matched)
    return Result(
        kind=doc.kind,
        ruleset=doc.ruleset,
        slug=doc.slug,
        title=title,
        title_html=mark_safe(highlight(title, match.matched)),  # escaped inside highlight
        title_en=doc.names["en"],
        url=url_for(doc, lang),
        snippet_html=mark_safe(snippet_html),  # escaped inside snippet
        snippet_text=_strip_marks(snippet_html),
    )


def _strip_marks(html: str) -> str:
    return unescape(html.replace("<mark>", "").replace("</mark>", ""))


def search(query: str, lang: str, *, current: str = "", ruleset: str = "", limit: int = 20) -> list[Result]:
    return search_counted(query, lang, current=current, ruleset=ruleset, limit=limit)[0]


def search_counted(
    query: str, lang: str, *, current: str = "", ruleset: str = "", limit: int = 20
) -> tuple[list[Result], int]:
    """The best `limit` results and how many items match in all (only those shown are rendered)."""
    matches = current_index().search(query, current_ruleset=current, ruleset=ruleset)
    return [to_result(match, lang) for match in matches[:limit]], len(matches)
