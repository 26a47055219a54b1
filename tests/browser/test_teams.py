"""Team pages and the team builder in a phone-sized browser: no sideways scrolling, roster cards,
the builder's totals updated as the coach types (htmx), and a 2025 table rolled."""

from __future__ import annotations

import pytest

PHONE = {"width": 390, "height": 844}


@pytest.mark.parametrize("path", ["/es/bb2025/teams/human/", "/it/lrb6/teams/undead/", "/fr/bb2025/teams/"])
def test_team_pages_fit_a_phone(site: str, page: object, path: str) -> None:
    page.set_viewport_size(PHONE)  # type: ignore[attr-defined]
    page.goto(site + path)  # type: ignore[attr-defined]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # type: ignore[attr-defined]


def test_the_roster_is_cards_on_a_phone_and_a_table_on_a_desktop(site: str, page: object) -> None:
    page.set_viewport_size(PHONE)  # type: ignore[attr-defined]
    page.goto(f"{site}/en/bb2025/teams/human/")  # type: ignore[attr-defined]
    row = page.locator("#p-blitzer")  # type: ignore[attr-defined]
    assert row.evaluate("e => getComputedStyle(e).display") == "grid"
    assert page.locator(".roster thead").evaluate("e => e.getBoundingClientRect().height") <= 1  # type: ignore[attr-defined]
    chip = page.locator("#p-blitzer .chip").first  # type: ignore[attr-defined]
    assert chip.evaluate("e => e.getBoundingClientRect().height") >= 44  # a touch target
    page.set_viewport_size({"width": 1280, "height": 900})  # type: ignore[attr-defined]
    assert row.evaluate("e => getComputedStyle(e).display") == "table-row"
    chip.click()
    page.wait_for_url(f"{site}/en/bb2025/skills/block/")  # type: ignore[attr-defined]


def test_the_builder_updates_its_totals_as_the_coach_types(site: str, page: object) -> None:
    page.set_viewport_size(PHONE)  # type: ignore[attr-defined]
    page.goto(f"{site}/en/lrb6/teams/human/builder/?n-lineman=11")  # type: ignore[attr-defined]
    summary = page.locator("#builder-summary")  # type: ignore[attr-defined]
    assert "450,000" in summary.inner_text() and "Legal team" in summary.inner_text()
    page.fill("#f-n-blitzer", "5")  # type: ignore[attr-defined]
    page.wait_for_function(  # type: ignore[attr-defined]
        "() => document.querySelector('#builder-summary').innerText.includes('1 rule broken')"
    )
    text = summary.inner_text()
    assert "Treasury 0" in text.replace("\n", " ") and "16" in text  # 550,000 + 450,000; 16 players
    assert "n-blitzer=5" in page.url  # type: ignore[attr-defined]
    problems = page.locator(".problems li").all_inner_texts()  # type: ignore[attr-defined]
    assert problems == ["Blitzer: 5 hired, but the roster allows at most 4."]
    page.fill("#f-n-blitzer", "4")  # type: ignore[attr-defined]
    page.wait_for_function(  # type: ignore[attr-defined]
        "() => document.querySelector('#builder-summary').innerText.includes('Legal team')"
    )
    assert "90,000" in summary.inner_text()  # 15 players, 910,000 spent


def test_rolling_a_2025_table_shows_the_result_on_the_first_screen(site: str, page: object) -> None:
    page.set_viewport_size(PHONE)  # type: ignore[attr-defined]
    page.goto(f"{site}/es/bb2025/tables/prayers-to-nuffle/")  # type: ignore[attr-defined]
    page.locator("a.button").first.click()  # type: ignore[attr-defined]
    page.wait_for_selector("#roll-result")  # type: ignore[attr-defined]
    assert "?roll=" in page.url and "roll=new" not in page.url  # type: ignore[attr-defined]
    top = page.locator("#roll-result").evaluate("e => e.getBoundingClientRect().top")  # type: ignore[attr-defined]
    assert 0 <= top < PHONE["height"]
    name = page.locator("tr.is-rolled .row-name").inner_text().strip()  # type: ignore[attr-defined]
    assert page.locator("#roll-result .roll-card__title").inner_text().endswith(name)  # type: ignore[attr-defined]
