"""The board on a phone: place two players by tapping, choose one, read a reach probability and a
block breakdown from the page; htmx swaps only the live part and keeps the focus on the square."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulebook.engine import Board, Player, Square, get_edition
from rulebook.engine.block import block_outcome
from rulebook.engine.reach import reach_map
from tests.browser.focus import wait_for_focus

pytestmark = pytest.mark.browser


def tap(page: object, cell: str) -> None:
    page.locator(f'.board-map a[data-cell="{cell}"]').click()  # type: ignore[attr-defined]


def test_setting_up_and_asking_on_a_phone(site: str, page: object) -> None:
    page.set_viewport_size({"width": 360, "height": 740})  # type: ignore[attr-defined]
    page.goto(f"{site}/en/lrb6/board/")  # type: ignore[attr-defined]
    status = page.locator("#board-status")  # type: ignore[attr-defined]

    page.locator(".board-tool--add-a").click()  # type: ignore[attr-defined]
    page.wait_for_selector('.board-tool--add-a[aria-current="true"]')  # type: ignore[attr-defined]
    tap(page, "m8")
    page.wait_for_selector(".board-map .player--a")  # type: ignore[attr-defined]
    page.locator(".board-tool--add-b").click()  # type: ignore[attr-defined]
    page.wait_for_selector('.board-tool--add-b[aria-current="true"]')  # type: ignore[attr-defined]
    tap(page, "n8")
    page.wait_for_selector(".board-map .player--b")  # type: ignore[attr-defined]

    page.get_by_role("link", name="Choose", exact=True).click()  # type: ignore[attr-defined]
    page.wait_for_selector('.board-tool--select[aria-current="true"]')  # type: ignore[attr-defined]
    wait_for_focus(page, "data-key", "tool-select")
    tap(page, "m8")
    page.wait_for_function("() => document.querySelector('#board-status').textContent.includes('A1 chosen')")  # type: ignore[attr-defined]
    tap(page, "k6")
    page.wait_for_function("() => document.querySelector('#board-status').textContent.includes('k6')")  # type: ignore[attr-defined]

    # What the engine says for the same position.
    lrb6 = get_edition("lrb6")
    a1, b1 = Player("A1", "A", Square(12, 7)), Player("B1", "B", Square(13, 7))
    board = Board([a1, b1])
    chance = reach_map(lrb6, a1, board, team_rerolls=1).probability(Square(10, 5))
    knocked = block_outcome(lrb6, board, a1, b1).defender_knocked_down
    assert chance == Fraction(8, 9) and knocked == Fraction(1, 2)  # both down counts: 1 die, 3 faces of 6

    assert "88.9%" in status.inner_text()
    label = page.locator('.board-map a[data-cell="k6"]').get_attribute("aria-label")  # type: ignore[attr-defined]
    assert "88.9%" in label
    card = page.locator(".block-card").first  # type: ignore[attr-defined]
    text = card.inner_text()
    assert "Block on B1" in text and "1 block die" in text and "the attacker chooses" in text
    assert "Defender knocked down: 50%" in text
    assert "Defender pushed back" in text and "50%" in text

    # The address holds the position; only the live part was swapped; the focus stayed on the square.
    assert "b=1_A1m8_B1n8" in page.url and "t=k6" in page.url  # type: ignore[attr-defined]
    wait_for_focus(page, "data-cell", "k6")
    # Phone layout: no sideways scrolling, 44 px squares, chances in text of at least 11 px.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # type: ignore[attr-defined]
    scale = page.evaluate(  # type: ignore[attr-defined]
        "(() => { const s = document.querySelector('.board-map');"
        " return s.getBoundingClientRect().width / s.viewBox.baseVal.width; })()"
    )
    assert 32 * scale >= 44
    font = page.evaluate(  # type: ignore[attr-defined]
        "parseFloat(getComputedStyle(document.querySelector('.board-map .heat-label')).fontSize)"
    )
    assert font * scale >= 11


def test_the_board_works_in_another_language_after_a_form(site: str, page: object) -> None:
    page.set_viewport_size({"width": 390, "height": 844})  # type: ignore[attr-defined]
    page.goto(f"{site}/es/bb2025/board/?b=1_A1m8_B1n8&p=A1")  # type: ignore[attr-defined]
    page.locator("#edit-st").select_option("4")  # type: ignore[attr-defined]
    page.locator('.board-form button[value="edit"]').click()  # type: ignore[attr-defined]
    page.wait_for_function("() => location.search.includes('A1m8.64349')")  # type: ignore[attr-defined]
    assert "2" in page.locator(".block-card").first.inner_text()  # type: ignore[attr-defined]
    # The focus moves once htmx has settled the swap, a moment after the address bar changed.
    wait_for_focus(page, "id", "answer-heading")
    assert page.locator("html").get_attribute("lang") == "es"  # type: ignore[attr-defined]
    link = page.locator(".lang-switch a[hreflang=fr]").get_attribute("href")  # type: ignore[attr-defined]
    assert "A1m8.64349" in link


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_board_has_no_serious_accessibility_violations(site: str, page: object, scheme: str) -> None:
    from tests.browser.test_accessibility import violations

    page.emulate_media(color_scheme=scheme)  # type: ignore[attr-defined]
    problems = {}
    for path in (
        "/es/lrb6/board/?b=1_bl8_A1m8.block_A2n9_B1n8_B2m10&p=A1&t=n8",
        "/fr/bb2025/board/?b=1_A1m8_B1n8_B2o9&p=A1&t=q8&show=pass",
        "/it/lrb6/board/?b=1_A1m8_B1m8",
        "/en/lrb6/board/?b=1_A1m8_B1n8&z=3",
    ):
        page.goto(site + path)  # type: ignore[attr-defined]
        found = violations(page, scheme)
        if found:
            problems[path] = found
    assert not problems, problems
