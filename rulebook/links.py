"""URLs of content items in a given language: the one place that knows which page shows what."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.translation import override

if TYPE_CHECKING:
    from .models import RuleSection


def chapter_of(section: RuleSection) -> RuleSection:
    node = section
    while node.parent is not None:
        node = node.parent
    return node


def chapter_url(ruleset: str, chapter: str, section: str, lang: str) -> str:
    """The chapter page, with the section's anchor unless the section is the chapter."""
    with override(lang):
        url = reverse("rulebook:chapter", args=[ruleset, chapter])
    return url if chapter == section else f"{url}#{section}"


def section_url(ruleset: str, section: RuleSection, lang: str) -> str:
    return chapter_url(ruleset, chapter_of(section).slug, section.slug, lang)


# Items shown on another item's page, found there by their anchor: a table row on its table, a
# positional on its team, a league or team special rule on the page of the first team (by slug) that
# plays under it (every team page showing the rule gives it the same anchor).
ON_PARENT_PAGE = ("row", "positional", "league", "special-rule")


def item_url(kind: str, ruleset: str, slug: str, lang: str) -> str:
    """ruleset (its home page; the slug is ignored), skill, trait, table, row (slug of its table), term,
    variant, team, positional, league or special-rule (slug of a team showing it), star or inducement
    → its page (and anchor)."""
    with override(lang):
        if kind == "ruleset":
            return reverse("rulebook:ruleset", args=[ruleset])
        if kind in ("skill", "trait"):
            return reverse("rulebook:skill", args=[ruleset, slug])
        if kind in ("table", "row"):
            return reverse("rulebook:table", args=[ruleset, slug])
        if kind == "term":  # its own page; the concordance page lists them all
            return reverse("rulebook:term", args=[ruleset, slug])
        if kind == "variant":
            return reverse("rulebook:differences", args=[ruleset]) + f"#{slug}"
        if kind in ("team", "positional", "league", "special-rule"):  # the slug of the team (its anchor is added)
            return reverse("rulebook:team", args=[ruleset, slug])
        if kind == "star":
            return reverse("rulebook:star", args=[ruleset, slug])
        if kind == "inducement":
            return reverse("rulebook:inducements", args=[ruleset]) + f"#{slug}"
    raise ValueError(kind)


def positional_anchor(slug: str) -> str:
    """The id of a positional on its team page."""
    return f"p-{slug}"


def team_rule_anchor(slug: str) -> str:
    """The id of a league or team special rule on a team page."""
    return f"rule-{slug}"


def page_url(name: str, lang: str, *args: str | int) -> str:
    """Any named page of the site in a language ("rulebook:skills", "tutorial:odds", …)."""
    return _page_url(name, lang, args, get_script_prefix(), get_urlconf())


@lru_cache(maxsize=4096)  # reversing costs; a board page links its own address hundreds of times
def _page_url(name: str, lang: str, args: tuple[str | int, ...], prefix: str, urlconf: object) -> str:
    with override(lang):
        return reverse(name, args=list(args))


# Reversing a URL costs more than a search itself, so search results reverse each kind of page once
# per ruleset and language with placeholders, which are then replaced by the slugs.
SLUG, CHAPTER = "__slug__", "__chapter__"
_url_templates: dict[tuple[str, str, str, str, object], str] = {}


def fast_item_url(kind: str, ruleset: str, slug: str, lang: str, chapter: str = "", anchor: str = "") -> str:
    """item_url (and chapter_url for kind "section"/"chapter") from a cached template."""
    key = (kind, ruleset, lang, get_script_prefix(), get_urlconf())
    template = _url_templates.get(key)
    if template is None:
        template = _url_templates[key] = _url_template(kind, ruleset, lang)
    url = template.replace(CHAPTER, chapter).replace(SLUG, slug)
    return f"{url}#{anchor}" if anchor else url


def _url_template(kind: str, ruleset: str, lang: str) -> str:
    if kind == "chapter":
        return chapter_url(ruleset, CHAPTER, CHAPTER, lang)
    if kind == "section":
        return chapter_url(ruleset, CHAPTER, SLUG, lang)
    return item_url(kind, ruleset, SLUG, lang)
