"""Search over the database content: the documents, the cached index, and display results."""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import get_script_prefix, get_urlconf
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


TABLE_WORDS = {"es": "tabla", "it": "tabella", "fr": "tableau", "en": "table"}


def _add_aliases(document: Document, names: dict[str, str]) -> None:
    for lang, name in names.items():
        if name and name != document.names.get(lang):
            document.aliases.setdefault(lang, []).append(name)


def build_documents() -> list[Document]:
    documents: list[Document] = []
    skill_documents: dict[int, Document] = {}
    skills = list(Skill.objects.select_related("ruleset"))
    for skill in skills:
        document = Document(skill.kind, skill.ruleset.key, skill.slug, _langs(skill, "name"), _plain(skill, "text"))
        skill_documents[skill.pk] = document
        documents.append(document)
    # A skill is also found by the names of its counterpart in the other edition (Italian players on
    # the bb2025 pages, whose names stay in English, still type "Testa Dura"), and the other way round.
    for skill in skills:
        if skill.counterpart_id in skill_documents:
            document, counterpart = skill_documents[skill.pk], skill_documents[skill.counterpart_id]
            _add_aliases(document, counterpart.names)
            _add_aliases(counterpart, document.names)
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
        document = Document(
            "table", table.ruleset.key, table.slug, _langs(table, "title"), _plain(table, "description")
        )
        # "tabella popolarità", "tableau météo": the word for a table finds tables whose title lacks it.
        for lang, title in document.names.items():
            if TABLE_WORDS[lang] not in title.casefold():
                document.aliases.setdefault(lang, []).append(f"{TABLE_WORDS[lang]} {title}")
        documents.append(document)
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
    # Glossary terms of the same concept in the other rulesets of the same game are aliases too.
    concepts: dict[tuple[str, str], list[Document]] = {}
    for term in GlossaryTerm.objects.select_related("ruleset"):
        document = Document("term", term.ruleset.key, term.slug, _langs(term, "term"), _plain(term, "definition"))
        documents.append(document)
        concepts.setdefault((term.ruleset.game, term.concept or term.slug), []).append(document)
    for group in concepts.values():
        for document in group:
            for other in group:
                if other is not document:
                    _add_aliases(document, other.names)
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


# Reversing a URL costs more than the search itself, so each kind of page is reversed once per
# ruleset and language with placeholders, which are then replaced by the slugs.
_SLUG, _CHAPTER = "__slug__", "__chapter__"
_url_templates: dict[tuple[str, str, str, str, object], str] = {}


def url_for(document: Document, lang: str) -> str:
    kind = document.kind
    if kind == "section" and document.parent_slug == document.slug:
        kind = "chapter"
    key = (kind, document.ruleset, lang, get_script_prefix(), get_urlconf())
    template = _url_templates.get(key)
    if template is None:
        template = _url_templates[key] = _url_template(kind, document.ruleset, lang)
    slug = document.parent_slug if kind == "row" else document.slug
    url = template.replace(_CHAPTER, document.parent_slug).replace(_SLUG, slug)
    return url + f"#{document.anchor}" if kind == "row" else url


def _url_template(kind: str, ruleset: str, lang: str) -> str:
    if kind in ("skill", "trait"):
        return selectors.item_url("skill", ruleset, _SLUG, lang)
    if kind in ("table", "row"):
        return selectors.item_url("table", ruleset, _SLUG, lang)
    if kind == "term":
        return selectors.item_url("term", ruleset, _SLUG, lang)
    if kind == "chapter":
        return selectors.chapter_url(ruleset, _CHAPTER, _CHAPTER, lang)
    return selectors.chapter_url(ruleset, _CHAPTER, _SLUG, lang)


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
