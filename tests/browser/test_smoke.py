"""The home page opens in each language, and the switcher moves to the same page elsewhere."""

from __future__ import annotations

import pytest

LANG_HEADINGS = {
    "es": "Aprende y consulta las reglas",
    "it": "Impara e consulta le regole",
    "fr": "Apprendre et consulter les règles",
    "en": "Learn and look up the rules",
}


@pytest.mark.parametrize("lang", list(LANG_HEADINGS))
def test_home_page_in_each_language(site: str, page: object, lang: str) -> None:
    page.goto(f"{site}/{lang}/")  # type: ignore[attr-defined]
    assert page.locator("html").get_attribute("lang") == lang  # type: ignore[attr-defined]
    assert page.locator("h1").inner_text() == LANG_HEADINGS[lang]  # type: ignore[attr-defined]
    # The search box is focused, ready for typing.
    assert page.evaluate("document.activeElement.id") == "site-search"  # type: ignore[attr-defined]


def test_switching_language_keeps_the_page(site: str, page: object) -> None:
    page.goto(f"{site}/es/lrb6/")  # type: ignore[attr-defined]
    page.locator(".lang-switch a[hreflang=it]").click()  # type: ignore[attr-defined]
    page.wait_for_url(f"{site}/it/lrb6/")  # type: ignore[attr-defined]
    assert page.locator("html").get_attribute("lang") == "it"  # type: ignore[attr-defined]
