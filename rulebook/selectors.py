"""Read-side queries for the pages and the API: what to show, in the current language."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.db.models import Prefetch
from django.http import Http404
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import gettext as _
from django.utils.translation import override

from .models import Figure, GameTable, GlossaryTerm, RuleSection, Ruleset, RuleVariant, Skill
from .services.markup import Mention, MentionLinker, Target, render
from .vocab import LANGS

VERSION_KEY = "content-version"


def content_version() -> int:
    """A number that changes whenever any content row changes (see signals.py)."""
    return cache.get_or_set(VERSION_KEY, 1, timeout=None)


def bump_content_version() -> None:
    try:
        cache.incr(VERSION_KEY)
    except ValueError:
        cache.set(VERSION_KEY, 2, timeout=None)


def rulesets() -> list[Ruleset]:
    return list(Ruleset.objects.all())


def ruleset_or_404(key: str) -> Ruleset:
    try:
        return Ruleset.objects.get(key=key)
    except Ruleset.DoesNotExist:
        raise Http404(_("There is no ruleset called “%(key)s”.") % {"key": key})


# --- collation --------------------------------------------------------------------------------


def collation_key(text: str, lang: str) -> tuple[str, str]:
    """Sort key following the language's alphabet: accents are secondary everywhere, and
    Spanish sorts ñ as its own letter after n."""
    lowered = text.casefold()
    if lang == "es":
        lowered = lowered.replace("ñ", "n\uffff")
    base = "".join(c for c in unicodedata.normalize("NFD", lowered) if not unicodedata.combining(c))
    return base, lowered


# --- URLs of items ----------------------------------------------------------------------------


def chapter_of(section: RuleSection) -> RuleSection:
    node = section
    while node.parent_id is not None:
        node = node.parent
    return node


def section_url(section: RuleSection, lang: str) -> str:
    chapter = chapter_of(section)
    with override(lang):
        url = reverse("rulebook:chapter", args=[section.ruleset.key, chapter.slug])
    return url if chapter.pk == section.pk else f"{url}#{section.slug}"


def chapter_url(ruleset: str, chapter: str, section: str, lang: str) -> str:
    with override(lang):
        url = reverse("rulebook:chapter", args=[ruleset, chapter])
    return url if chapter == section else f"{url}#{section}"


def item_url(kind: str, ruleset: str, slug: str, lang: str) -> str:
    names = {
        "skill": "rulebook:skill",
        "table": "rulebook:table",
    }
    with override(lang):
        if kind in names:
            return reverse(names[kind], args=[ruleset, slug])
        if kind == "term":
            return reverse("rulebook:glossary", args=[ruleset]) + f"#{slug}"
        if kind == "variant":
            return reverse("rulebook:differences", args=[ruleset]) + f"#{slug}"
    raise ValueError(kind)


# --- cross-reference targets, per language, cached per content version ---------------------


@dataclass(frozen=True)
class Index:
    targets: dict[tuple[str, str, str], Target]
    linkers: dict[str, MentionLinker]  # per ruleset

    def resolve(self, ruleset: str, kind: str, slug: str) -> Target | None:
        return self.targets.get((ruleset, kind, slug))


def _figure_html(figure: Figure, lang: str) -> str:
    caption = escape(getattr(figure, f"caption_{lang}"))
    alt = escape(getattr(figure, f"alt_{lang}"))
    # The SVG is our own reviewed file; it is wrapped as one image with the alt text.
    return (
        f'<figure class="figure" id="figure-{figure.slug}">'
        f'<div class="figure__image" role="img" aria-label="{alt}">{figure.svg}</div>'
        f"<figcaption>{caption}</figcaption></figure>"
    )


def _build_index(lang: str) -> Index:
    targets: dict[tuple[str, str, str], Target] = {}
    sections = RuleSection.objects.select_related("ruleset", "parent__parent")
    for section in sections:
        targets[(section.ruleset.key, "section", section.slug)] = Target(
            section_url(section, lang), getattr(section, f"title_{lang}")
        )
    for skill in Skill.objects.select_related("ruleset"):
        targets[(skill.ruleset.key, "skill", skill.slug)] = Target(
            item_url("skill", skill.ruleset.key, skill.slug, lang), getattr(skill, f"name_{lang}")
        )
    for table in GameTable.objects.select_related("ruleset"):
        targets[(table.ruleset.key, "table", table.slug)] = Target(
            item_url("table", table.ruleset.key, table.slug, lang), getattr(table, f"title_{lang}")
        )
    for term in GlossaryTerm.objects.select_related("ruleset"):
        targets[(term.ruleset.key, "term", term.slug)] = Target(
            item_url("term", term.ruleset.key, term.slug, lang), getattr(term, f"term_{lang}")
        )
    for variant in RuleVariant.objects.select_related("ruleset"):
        targets[(variant.ruleset.key, "variant", variant.slug)] = Target(
            item_url("variant", variant.ruleset.key, variant.slug, lang),
            getattr(variant, f"title_{lang}"),
        )
    for figure in Figure.objects.select_related("ruleset"):
        targets[(figure.ruleset.key, "figure", figure.slug)] = Target(
            "", getattr(figure, f"caption_{lang}"), _figure_html(figure, lang)
        )
    return Index(targets, _linkers(lang))


def _linkers(lang: str) -> dict[str, MentionLinker]:
    mentions: dict[str, list[Mention]] = {}
    for skill in Skill.objects.select_related("ruleset"):
        name = getattr(skill, f"name_{lang}")
        url = item_url("skill", skill.ruleset.key, skill.slug, lang)
        # Skill names are capitalised in rules text; matching case keeps "a block" from
        # linking to the Block skill.
        mentions.setdefault(skill.ruleset.key, []).append(Mention(name, url, f"skill:{skill.slug}", True))
    for term in GlossaryTerm.objects.select_related("ruleset"):
        word = getattr(term, f"term_{lang}")
        if len(word) < 4:
            continue  # "KO", "AG": too short to find safely inside prose
        url = item_url("term", term.ruleset.key, term.slug, lang)
        # A one-word term ("Movimiento") is only a term when written as one, capitalised;
        # several words ("zona de defensa") are distinctive enough in any case.
        several_words = " " in word.strip()
        mentions.setdefault(term.ruleset.key, []).append(
            Mention(word, url, f"term:{term.slug}", case_sensitive=not several_words)
        )
    return {key: MentionLinker(items) for key, items in mentions.items()}


_indexes: dict[tuple[str, int], Index] = {}


def index_for(lang: str) -> Index:
    key = (lang, content_version())
    if key not in _indexes:
        if len(_indexes) > 2 * len(LANGS):  # older versions are never asked for again
            _indexes.clear()
        _indexes[key] = _build_index(lang)
    return _indexes[key]


def _self_key(obj: Any) -> str:
    if isinstance(obj, Skill):
        return f"skill:{obj.slug}"
    if isinstance(obj, GlossaryTerm):
        return f"term:{obj.slug}"
    return ""


def rendered(obj: Any, field: str, lang: str) -> str:
    """The HTML of a text field, computed once per content version and language."""
    cache_key = f"html:{type(obj).__name__}:{obj.pk}:{field}:{lang}:{content_version()}"
    html = cache.get(cache_key)
    if html is None:
        index = index_for(lang)
        ruleset = obj.table.ruleset if hasattr(obj, "table") else obj.ruleset
        html = render(
            getattr(obj, f"{field}_{lang}") or "",
            ruleset.key,
            index.resolve,
            index.linkers.get(ruleset.key),
            _self_key(obj),
        )
        cache.set(cache_key, html, timeout=None)
    return html


# --- page data --------------------------------------------------------------------------------


def chapters(ruleset: Ruleset) -> list[RuleSection]:
    children = Prefetch("children", queryset=RuleSection.objects.order_by("order", "slug"))
    return list(
        RuleSection.objects.filter(ruleset=ruleset, parent=None)
        .order_by("order", "slug")
        .prefetch_related(children)
    )


def chapter_or_404(ruleset: Ruleset, slug: str) -> RuleSection:
    try:
        return RuleSection.objects.select_related("ruleset").get(
            ruleset=ruleset, slug=slug, parent=None
        )
    except RuleSection.DoesNotExist:
        raise Http404(_("There is no chapter called “%(slug)s”.") % {"slug": slug})


def sorted_skills(ruleset: Ruleset, lang: str, **filters: str) -> list[Skill]:
    qs = Skill.objects.filter(ruleset=ruleset, **{k: v for k, v in filters.items() if v})
    return sorted(qs.select_related("ruleset"), key=lambda s: collation_key(getattr(s, f"name_{lang}"), lang))


def skill_or_404(ruleset: Ruleset, slug: str) -> Skill:
    try:
        return (
            Skill.objects.select_related("ruleset", "counterpart__ruleset")
            .prefetch_related("related", "counterparts_of__ruleset")
            .get(ruleset=ruleset, slug=slug)
        )
    except Skill.DoesNotExist:
        raise Http404(_("There is no skill or trait called “%(slug)s”.") % {"slug": slug})


def counterparts(skill: Skill) -> list[Skill]:
    found = [skill.counterpart] if skill.counterpart_id else []
    found += [s for s in skill.counterparts_of.all() if s not in found]
    return found


def variants_for(ruleset: Ruleset, target: str) -> list[RuleVariant]:
    return [v for v in RuleVariant.objects.filter(ruleset=ruleset) if target in v.applies_to]


def tables(ruleset: Ruleset) -> list[GameTable]:
    return list(GameTable.objects.filter(ruleset=ruleset).order_by("order", "slug"))


def table_or_404(ruleset: Ruleset, slug: str) -> GameTable:
    try:
        return GameTable.objects.prefetch_related("rows").get(ruleset=ruleset, slug=slug)
    except GameTable.DoesNotExist:
        raise Http404(_("There is no table called “%(slug)s”.") % {"slug": slug})


Concordance = list[tuple[GlossaryTerm, list[tuple[GlossaryTerm, list[tuple[str, str]]]]]]


def glossary_concordance(ruleset: Ruleset, lang: str) -> Concordance:
    """Each term of the ruleset (in the language's order) with its concept's term in every
    language, for this ruleset and the others that name the same concept."""
    terms = sorted(
        GlossaryTerm.objects.filter(ruleset=ruleset).select_related("ruleset"),
        key=lambda t: collation_key(getattr(t, f"term_{lang}"), lang),
    )
    others: dict[str, list[GlossaryTerm]] = {}
    for term in GlossaryTerm.objects.exclude(ruleset=ruleset).select_related("ruleset"):
        others.setdefault(term.concept, []).append(term)

    def rows(term: GlossaryTerm) -> list[tuple[GlossaryTerm, list[tuple[str, str]]]]:
        group = [term, *others.get(term.concept, [])]
        return [(t, [(code, getattr(t, f"term_{code}")) for code in LANGS]) for t in group]

    return [(term, rows(term)) for term in terms]


def variants_of(ruleset: Ruleset) -> list[RuleVariant]:
    return list(RuleVariant.objects.filter(ruleset=ruleset).order_by("slug"))


def edition_changes(ruleset: Ruleset, lang: str) -> list[Skill]:
    """Skills of the same game linked to their counterpart in the other edition."""
    linked = (
        Skill.objects.filter(ruleset__game=ruleset.game)
        .exclude(counterpart=None)
        .select_related("ruleset", "counterpart__ruleset")
    )
    return sorted(linked, key=lambda s: collation_key(getattr(s, f"name_{lang}"), lang))
