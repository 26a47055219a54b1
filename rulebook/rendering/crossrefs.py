"""Cross-reference targets and automatic mentions per language, and the rendered HTML of a text
field; both computed once per content version (see version.py) and kept in the cache."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.utils.html import escape

from ..links import item_url, section_url, team_rule_anchor
from ..models import Figure, GameTable, GlossaryTerm, RuleSection, RuleVariant, Skill, Team, TeamRule
from ..selectors import team_rule_homes
from ..translated import in_language
from ..vocab import LANGS
from .markup import Mention, MentionLinker, Target, render
from .version import content_version, per_content_version


@dataclass(frozen=True)
class Index:
    targets: dict[tuple[str, str, str], Target]
    linkers: dict[str, MentionLinker]  # per ruleset

    def resolve(self, ruleset: str, kind: str, slug: str) -> Target | None:
        return self.targets.get((ruleset, kind, slug))


MIN_TEXT_PX = 11  # board and figure text is never drawn smaller, even on a 360 px phone
VIEW_BOX_RE = re.compile(r'<svg\b[^>]*?\bviewBox="[-\d.]+[ ,]+[-\d.]+[ ,]+(?P<width>[\d.]+)')
FONT_SIZE_RE = re.compile(r'font-size="(?P<size>[\d.]+)"')


def legible_svg(svg: str) -> str:
    """The figure with a width attribute at which its smallest text is MIN_TEXT_PX: narrow screens
    show it at that width at least (and let the reader pan), wide ones at the column's width."""
    view = VIEW_BOX_RE.search(svg)
    sizes = [float(m["size"]) for m in FONT_SIZE_RE.finditer(svg)]
    if not view or not sizes or " width=" in svg[: svg.find(">")]:
        return svg
    width = math.ceil(float(view["width"]) * MIN_TEXT_PX / min(sizes))
    return svg.replace("<svg", f'<svg width="{width}"', 1)


def _figure_html(figure: Figure, lang: str) -> str:
    caption = escape(in_language(figure, "caption", lang))
    alt = escape(in_language(figure, "alt", lang))
    # The SVG is our own reviewed file; it is wrapped as one image with the alt text.
    return (
        f'<figure class="figure" id="figure-{figure.slug}">'
        f'<div class="figure__image" role="img" aria-label="{alt}" tabindex="0">{legible_svg(figure.svg)}</div>'
        f"<figcaption>{caption}</figcaption></figure>"
    )


def _build_index(lang: str) -> Index:
    targets: dict[tuple[str, str, str], Target] = {}
    sections = RuleSection.objects.select_related("ruleset", "parent__parent")
    for section in sections:
        targets[(section.ruleset.key, "section", section.slug)] = Target(
            section_url(section.ruleset.key, section, lang), in_language(section, "title", lang)
        )
    for skill in Skill.objects.select_related("ruleset"):
        targets[(skill.ruleset.key, "skill", skill.slug)] = Target(
            item_url("skill", skill.ruleset.key, skill.slug, lang), in_language(skill, "name", lang)
        )
    for table in GameTable.objects.select_related("ruleset"):
        targets[(table.ruleset.key, "table", table.slug)] = Target(
            item_url("table", table.ruleset.key, table.slug, lang), in_language(table, "title", lang)
        )
    for term in GlossaryTerm.objects.select_related("ruleset"):
        targets[(term.ruleset.key, "term", term.slug)] = Target(
            item_url("term", term.ruleset.key, term.slug, lang), in_language(term, "term", lang)
        )
    for variant in RuleVariant.objects.select_related("ruleset"):
        targets[(variant.ruleset.key, "variant", variant.slug)] = Target(
            item_url("variant", variant.ruleset.key, variant.slug, lang),
            in_language(variant, "title", lang),
        )
    for figure in Figure.objects.select_related("ruleset"):
        targets[(figure.ruleset.key, "figure", figure.slug)] = Target(
            "", in_language(figure, "caption", lang), _figure_html(figure, lang)
        )
    targets.update(_team_targets(lang))
    return Index(targets, _linkers(lang))


def _team_targets(lang: str) -> dict[tuple[str, str, str], Target]:
    """Teams ("[[team:dwarf]]") and their leagues and special rules ("[[team-rule:swarming]]", shown
    on the page of the first team, by slug, that plays under it)."""
    targets: dict[tuple[str, str, str], Target] = {}
    for team in Team.objects.select_related("ruleset"):
        targets[(team.ruleset.key, "team", team.slug)] = Target(
            item_url("team", team.ruleset.key, team.slug, lang), in_language(team, "name", lang)
        )
    homes = team_rule_homes()
    for rule in TeamRule.objects.select_related("ruleset"):
        if rule.pk in homes:
            url = item_url(rule.kind, rule.ruleset.key, homes[rule.pk], lang) + f"#{team_rule_anchor(rule.slug)}"
            targets[(rule.ruleset.key, "team-rule", rule.slug)] = Target(url, in_language(rule, "name", lang))
    return targets


def _linkers(lang: str) -> dict[str, MentionLinker]:
    mentions: dict[str, list[Mention]] = {}
    for skill in Skill.objects.select_related("ruleset"):
        name = in_language(skill, "name", lang)
        url = item_url("skill", skill.ruleset.key, skill.slug, lang)
        # Skill names are capitalised in rules text; matching case keeps "a block" from
        # linking to the Block skill.
        mentions.setdefault(skill.ruleset.key, []).append(Mention(name, url, f"skill:{skill.slug}", True))
    for term in GlossaryTerm.objects.select_related("ruleset"):
        word = in_language(term, "term", lang)
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


@per_content_version(maxsize=len(LANGS))
def index_for(lang: str) -> Index:
    return _build_index(lang)


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
            in_language(obj, field, lang),
            ruleset.key,
            index.resolve,
            index.linkers.get(ruleset.key),
            _self_key(obj),
        )
        cache.set(cache_key, html, timeout=None)
    return str(html)
