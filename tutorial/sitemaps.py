"""sitemap.xml entries of the tutorial (composed with the rulebook's in config/urls.py)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from rulebook.sitemaps import I18nSitemap
from rulebook.vocab import BLOOD_BOWL_EDITIONS

from .shared.scenario import all_scenarios


class TutorialSitemap(I18nSitemap):
    """The tutorial index, every step of every scenario, the odds calculator and the boards."""

    def items(self) -> list[tuple[str, tuple[Any, ...]]]:
        pages: list[tuple[str, tuple[Any, ...]]] = [("tutorial:index", ()), ("tutorial:odds", ())]
        pages += [("tutorial:board", (edition,)) for edition in BLOOD_BOWL_EDITIONS]
        for scenario in all_scenarios():
            for number in range(1, len(scenario.steps) + 1):
                pages.append(("tutorial:step", (scenario.slug, number)))
        return pages

    def location(self, item: tuple[str, tuple[Any, ...]]) -> str:
        return reverse(item[0], args=item[1])


def offline_pages() -> list[str]:
    """The tutorial's pages that saving the tools keeps, in the active language: the index and every
    step (each opens offline as the scenario sets it; rulebook/offline/toolpages.py)."""
    sitemap = TutorialSitemap()
    return [sitemap.location(item) for item in sitemap.items() if item[0] in ("tutorial:index", "tutorial:step")]
