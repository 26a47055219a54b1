"""Rules text markup: Markdown with [[kind:slug]] cross-references, rendered to safe HTML."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import markdown
import nh3
from django.utils.html import escape

from ..vocab import RULESET_KEYS

REFERENCE_RE = re.compile(
    r"\[\[(?:(?P<ruleset>" + "|".join(RULESET_KEYS) + r"):)?"
    r"(?P<kind>skill|section|table|term|variant|figure):(?P<slug>[a-z0-9-]+)"
    r"(?:\|(?P<label>[^\]]+))?\]\]"
)
TOKEN = "@@REF{}@@"
TOKEN_RE = re.compile(r"@@REF(\d+)@@")
FIGURE_PARAGRAPH_RE = re.compile(r"<p>\s*@@REF(\d+)@@\s*</p>")

ALLOWED_TAGS = {
    "p", "ul", "ol", "li", "strong", "em", "code", "table", "thead", "tbody", "tr", "th", "td",
    "h3", "h4", "blockquote", "br", "hr", "sup", "sub",
}


@dataclass(frozen=True)
class Reference:
    ruleset: str | None
    kind: str
    slug: str
    label: str | None


@dataclass(frozen=True)
class Target:
    """What a reference points at, as the current language shows it."""

    url: str
    label: str
    html: str = ""  # for figures: the whole <figure> element


Resolver = Callable[[str, str, str], Target | None]  # (ruleset, kind, slug) → target


def iter_references(text: str) -> Iterator[Reference]:
    for match in REFERENCE_RE.finditer(text or ""):
        yield Reference(match["ruleset"], match["kind"], match["slug"], match["label"])


def plain_text(text: str, label_for: Callable[[Reference], str] | None = None) -> str:
    """The text without markup: references become their labels (for search and snippets)."""

    def replace(match: re.Match[str]) -> str:
        ref = Reference(match["ruleset"], match["kind"], match["slug"], match["label"])
        if ref.label:
            return ref.label
        return label_for(ref) if label_for else ref.slug.replace("-", " ")

    stripped = REFERENCE_RE.sub(replace, text or "")
    stripped = re.sub(r"[*_`#>|]+", " ", stripped)
    return re.sub(r"\s+", " ", stripped).strip()


def render(text: str, ruleset: str, resolve: Resolver) -> str:
    """Markdown → sanitised HTML, with cross-references turned into links or figures."""
    references: list[Reference] = []

    def stash(match: re.Match[str]) -> str:
        references.append(
            Reference(match["ruleset"] or ruleset, match["kind"], match["slug"], match["label"])
        )
        return TOKEN.format(len(references) - 1)

    source = REFERENCE_RE.sub(stash, text or "")
    html = markdown.markdown(source, extensions=["tables", "sane_lists"], output_format="html")
    html = nh3.clean(html, tags=ALLOWED_TAGS, attributes={"th": {"scope"}, "td": set()})

    def figure(match: re.Match[str]) -> str:
        ref = references[int(match.group(1))]
        if ref.kind != "figure":
            return match.group(0)
        target = resolve(ref.ruleset or ruleset, ref.kind, ref.slug)
        return target.html if target else ""

    html = FIGURE_PARAGRAPH_RE.sub(figure, html)

    def link(match: re.Match[str]) -> str:
        ref = references[int(match.group(1))]
        target = resolve(ref.ruleset or ruleset, ref.kind, ref.slug)
        if target is None:
            return escape(ref.label or ref.slug)
        if ref.kind == "figure":
            return target.html
        return f'<a href="{escape(target.url)}">{escape(ref.label or target.label)}</a>'

    return TOKEN_RE.sub(link, html)
