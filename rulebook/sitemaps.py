"""sitemap.xml: every page in every language, with hreflang alternates."""

from __future__ import annotations

from typing import Any

from django.contrib.sitemaps import Sitemap
from django.urls import reverse

from .models import GameTable, GlossaryTerm, RuleSection, Ruleset, Skill, StarPlayer, Team
from .selectors import has_differences
from .vocab import BLOOD_BOWL_EDITIONS


class I18nSitemap(Sitemap):
    i18n = True
    alternates = True
    x_default = True


class StaticPagesSitemap(I18nSitemap):
    def items(self) -> list[tuple[str, tuple[str, ...]]]:
        pages: list[tuple[str, tuple[str, ...]]] = [("rulebook:home", ())]
        for ruleset in Ruleset.objects.all():
            key = ruleset.key
            for name in ("ruleset", "skills", "tables", "glossary"):
                pages.append((f"rulebook:{name}", (key,)))
            if has_differences(ruleset):
                pages.append(("rulebook:differences", (key,)))
            if key in BLOOD_BOWL_EDITIONS:
                pages += [(f"rulebook:{name}", (key,)) for name in ("teams", "stars", "inducements")]
        return pages

    def location(self, item: tuple[str, tuple[str, ...]]) -> str:
        return reverse(item[0], args=item[1])


class ChapterSitemap(I18nSitemap):
    def items(self) -> Any:
        return RuleSection.objects.filter(parent=None).select_related("ruleset").order_by("ruleset__order", "order")

    def location(self, item: RuleSection) -> str:
        return reverse("rulebook:chapter", args=[item.ruleset.key, item.slug])


class SkillSitemap(I18nSitemap):
    def items(self) -> Any:
        return Skill.objects.select_related("ruleset").order_by("ruleset__order", "slug")

    def location(self, item: Skill) -> str:
        return reverse("rulebook:skill", args=[item.ruleset.key, item.slug])


class TermSitemap(I18nSitemap):
    def items(self) -> Any:
        return GlossaryTerm.objects.select_related("ruleset").order_by("ruleset__order", "slug")

    def location(self, item: GlossaryTerm) -> str:
        return reverse("rulebook:term", args=[item.ruleset.key, item.slug])


class TableSitemap(I18nSitemap):
    def items(self) -> Any:
        return GameTable.objects.select_related("ruleset").order_by("ruleset__order", "order")

    def location(self, item: GameTable) -> str:
        return reverse("rulebook:table", args=[item.ruleset.key, item.slug])


class TeamSitemap(I18nSitemap):
    """Each team's page and its (empty) team builder."""

    def items(self) -> list[tuple[str, str, str]]:
        teams = Team.objects.select_related("ruleset").order_by("ruleset__order", "slug")
        return [(name, t.ruleset.key, t.slug) for t in teams for name in ("rulebook:team", "rulebook:team-builder")]

    def location(self, item: tuple[str, str, str]) -> str:
        return reverse(item[0], args=[item[1], item[2]])


class StarSitemap(I18nSitemap):
    def items(self) -> Any:
        return StarPlayer.objects.select_related("ruleset").order_by("ruleset__order", "slug")

    def location(self, item: StarPlayer) -> str:
        return reverse("rulebook:star", args=[item.ruleset.key, item.slug])


SITEMAPS = {
    "pages": StaticPagesSitemap,
    "chapters": ChapterSitemap,
    "skills": SkillSitemap,
    "tables": TableSitemap,
    "terms": TermSitemap,
    "teams": TeamSitemap,
    "stars": StarSitemap,
}
