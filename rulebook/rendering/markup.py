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
    r"(?P<kind>skill|section|table|term|variant|figure|team-rule|team):(?P<slug>[a-z0-9-]+)"
    r"(?:\|(?P<label>[^\]]+))?\]\]"
)
TOKEN = "@@REF{}@@"
TOKEN_RE = re.compile(r"@@REF(\d+)@@")
FIGURE_PARAGRAPH_RE = re.compile(r"<p>\s*@@REF(\d+)@@\s*</p>")

ALLOWED_TAGS = {
    "p",
    "ul",
    "ol",
    "li",
    "strong",
    "em",
    "code",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "h3",
    "h4",
    "blockquote",
    "br",
    "hr",
    "sup",
    "sub",
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
    # Line breaks stay (a heading or a list item is its own sentence for snippets); spaces collapse.
    stripped = re.sub(r"\s*\n\s*", "\n", re.sub(r"[^\S\n]+", " ", stripped))
    # "**moverse**, el" reads "moverse, el", not "moverse , el".
    return re.sub(r" (?=[,.)])", "", stripped).strip()  # French keeps its space before ; : ! ?


@dataclass(frozen=True)
class Mention:
    """A name that is linked wherever it appears in rules text (a skill or a glossary term)."""

    text: str
    url: str
    key: str  # "skill:dodge": an item never links to itself
    case_sensitive: bool


class MentionLinker:
    """Links the first mention of each skill or term in a text, outside links and headings."""

    TAG_RE = re.compile(r"(<[^>]+>)")
    SKIP_TAGS = re.compile(r"^</?(a|h[1-6]|code|figure|svg)\b", re.IGNORECASE)

    def __init__(self, mentions: list[Mention]) -> None:
        # Longest names first, so "Zona de defensa" wins over "Zona".
        ordered = sorted(mentions, key=lambda m: (-len(m.text), not m.case_sensitive))
        self.by_text: dict[str, Mention] = {}
        self.by_folded: dict[str, Mention] = {}
        for mention in ordered:
            self.by_text.setdefault(mention.text, mention)
            if not mention.case_sensitive:
                self.by_folded.setdefault(mention.text.casefold(), mention)
        names = sorted({re.escape(m.text) for m in ordered}, key=len, reverse=True)
        self.pattern = re.compile(r"(?<![\w-])(" + "|".join(names) + r")(?![\w-])", re.IGNORECASE) if names else None

    def _lookup(self, found: str) -> Mention | None:
        return self.by_text.get(found) or self.by_folded.get(found.casefold())

    def link(self, html: str, self_key: str = "") -> str:
        if self.pattern is None:
            return html
        linked: set[str] = {self_key}
        depth = 0
        parts = self.TAG_RE.split(html)
        for index, part in enumerate(parts):
            if part.startswith("<"):
                if self.SKIP_TAGS.match(part):
                    depth += -1 if part.startswith("</") else 1
                continue
            if depth or not part.strip():
                continue
            parts[index] = self.pattern.sub(lambda m: self._replace(m, linked), part)
        return "".join(parts)

    def _replace(self, match: re.Match[str], linked: set[str]) -> str:
        mention = self._lookup(match.group(1))
        if mention is None or mention.key in linked:
            return match.group(0)
        linked.add(mention.key)
        return f'<a class="mention" href="{escape(mention.url)}">{match.group(1)}</a>'


def render(
    text: str,
    ruleset: str,
    resolve: Resolver,
    linker: MentionLinker | None = None,
    self_key: str = "",
) -> str:
    """Markdown → sanitised HTML, with cross-references turned into links or figures, and
    plain mentions of skills and terms linked once each."""
    references: list[Reference] = []

    def stash(match: re.Match[str]) -> str:
        references.append(Reference(match["ruleset"] or ruleset, match["kind"], match["slug"], match["label"]))
        return TOKEN.format(len(references) - 1)

    source = REFERENCE_RE.sub(stash, text or "")
    html = markdown.markdown(source, extensions=["tables", "sane_lists"], output_format="html")
    # Rules text sits under the page's h1 and the section's h2: its own headings start at h3.
    html = re.sub(r"<(/?)h[12]>", r"<\1h3>", html)
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

    if linker is not None:
        html = linker.link(html, self_key)
    return TOKEN_RE.sub(link, html)
