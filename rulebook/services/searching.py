"""Search over the database content: the documents, the cached index, and display results."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.safestring import SafeString, mark_safe

from .. import selectors
from ..models import GameTable, GlossaryTerm, RuleSection, Skill
from ..search import Document, Match, SearchIndex, highlight, snippet
from ..vocab import LANGS
from .markup import plain_text


def _langs(obj: object, field: str) -> dict[str, str]:
    return {lang: getattr(obj, f"{field}_{lang}") or "" for lang in LANGS}


def _plain(obj: object, field: str) -> dict[str, str]:
    return {lang: plain_text(text) for lang, text in _langs(obj, field).items()}


def build_documents() -> list[Document]:
    documents: list[Document] = []
    for skill in Skill.objects.select_related("ruleset"):
        documents.append(
            Document(skill.kind, skill.ruleset.key, skill.slug, _langs(skill, "name"), _plain(skill, "text"))
        )
    sections = RuleSection.objects.select_related("ruleset", "parent__parent")
    for section in sections:
        chapter = selectors.chapter_of(section)
        documents.append(
            Document(
                "section",
                section.ruleset.key,
                section.slug,
                _langs(section, "title"),
                _plain(section, "body"),
                parent_slug=chapter.slug,
            )
        )
    for table in GameTable.objects.select_related("ruleset").prefetch_related("rows"):
        documents.append(
            Document("table", table.ruleset.key, table.slug, _langs(table, "title"), _plain(table, "description"))
        )
        for row in table.rows.all():
            names = _langs(row, "name")
            titles = {
                lang: f"{getattr(table, f'title_{lang}')} {row.range_text}: {names[lang]}".rstrip(": ")
                for lang in LANGS
            }
            documents.append(
                Document(
                    "row",
                    table.ruleset.key,
                    f"{table.slug}-{row.position}",
                    titles,
                    _plain(row, "effect"),
                    anchor=f"row-{row.position}",
                    parent_slug=table.slug,
                )
            )
    for term in GlossaryTerm.objects.select_related("ruleset"):
        documents.append(
            Document("term", term.ruleset.key, term.slug, _langs(term, "term"), _plain(term, "definition"))
        )
    return documents


_indexes: dict[int, SearchIndex] = {}


def current_index() -> SearchIndex:
    version = selectors.content_version()
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
    if document.kind in ("skill", "trait"):
        return selectors.item_url("skill", document.ruleset, document.slug, lang)
    if document.kind == "table":
        return selectors.item_url("table", document.ruleset, document.slug, lang)
    if document.kind == "row":
        return selectors.item_url("table", document.ruleset, document.parent_slug, lang) + f"#{document.anchor}"
    if document.kind == "term":
        return selectors.item_url("term", document.ruleset, document.slug, lang)
    return selectors.chapter_url(document.ruleset, document.parent_slug, document.slug, lang)


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
    from html import unescape

    return unescape(html.replace("<mark>", "").replace("</mark>", ""))


def search(query: str, lang: str, *, current: str = "", ruleset: str = "", limit: int = 20) -> list[Result]:
    matches = current_index().search(query, current_ruleset=current, ruleset=ruleset)
    return [to_result(match, lang) for match in matches[:limit]]
