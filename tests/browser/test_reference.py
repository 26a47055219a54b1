"""As a player would: type in the search box and use the keyboard, filter skills, roll a table."""

from __future__ import annotations

import re

from playwright.sync_api import expect


def test_search_as_you_type_with_the_keyboard(site: str, page: object) -> None:
    page.goto(f"{site}/es/")  # type: ignore[attr-defined]
    box = page.locator("#site-search")  # type: ignore[attr-defined]
    box.press_sequentially("manos seg", delay=40)
    options = page.locator("#search-suggestions .result")  # type: ignore[attr-defined]
    # The suggestions for a shorter query ("m") may show first: the answer is the last one's.
    expect(options.first).to_contain_text("Manos Seguras")
    box.press("ArrowDown")
    assert page.evaluate("document.activeElement.closest('.result') !== null")  # type: ignore[attr-defined]
    page.keyboard.press("ArrowDown")  # type: ignore[attr-defined]
    page.keyboard.press("ArrowUp")  # type: ignore[attr-defined]
    assert "Manos Seguras" in page.evaluate("document.activeElement.innerText")  # type: ignore[attr-defined]
    page.keyboard.press("Enter")  # type: ignore[attr-defined]
    page.wait_for_url(re.compile(r".*/es/lrb6/skills/sure-hands/$"))  # type: ignore[attr-defined]
    assert page.locator("h1").inner_text() == "Manos Seguras"  # type: ignore[attr-defined]


def test_filtering_the_skills_list(site: str, page: object) -> None:
    page.goto(f"{site}/it/lrb6/skills/")  # type: ignore[attr-defined]
    cards = page.locator(".skill-card")  # type: ignore[attr-defined]
    total = cards.count()
    page.get_by_label("Mutazione").check()  # type: ignore[attr-defined]
    page.wait_for_url(re.compile(r".*category=mutation.*"))  # type: ignore[attr-defined]
    page.wait_for_function(f"() => document.querySelectorAll('.skill-card').length < {total}")  # type: ignore[attr-defined]
    names = cards.all_inner_texts()
    assert 0 < len(names) < total
    assert all("Mutazione" in text for text in names)


def test_rolling_a_table_highlights_a_row_and_is_reproducible(site: str, page: object) -> None:
    page.goto(f"{site}/fr/lrb6/tables/weather/")  # type: ignore[attr-defined]
    page.locator("a.button", has_text="Lancer").click()  # type: ignore[attr-defined]
    rolled = page.locator("tr.is-rolled")  # type: ignore[attr-defined]
    rolled.wait_for()
    row_id = rolled.get_attribute("id")
    assert re.search(r"roll=\d+", page.url)  # type: ignore[attr-defined]
    summary = page.locator("#roll-result").inner_text()  # type: ignore[attr-defined]
    page.goto(page.url)  # type: ignore[attr-defined]
    assert page.locator("tr.is-rolled").get_attribute("id") == row_id  # type: ignore[attr-defined]
    assert page.locator("#roll-result").inner_text() == summary  # type: ignore[attr-defined]
