"""On a phone: no page scrolls sideways at 360 px, the bottom bar reaches Search · Rules · Tables ·
Odds · Tutorial of the current edition, tap targets are at least 44 px, board text is at least
11 px, a table roll shows its result card under the button and keeps the reader there, and after
Next in the tutorial the new step's heading is on the screen and focused."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.utils.translation import gettext, override

from tests.browser.focus import wait_for_focus
from tests.browser.test_accessibility import violations
from tests.page_types import PAGE_TYPES
from tutorial.shared.diagrams import MIN_TEXT_PX
from tutorial.shared.scenario import all_scenarios

# Elements wider than the screen that are not inside a frame that scrolls (or clips) sideways.
OVERFLOW_JS = """() => {
  const width = document.documentElement.clientWidth;
  const inFrame = (el) => { for (let p = el.parentElement; p; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX; if (o === 'auto' || o === 'scroll' || o === 'hidden') return true; }
    return false; };
  const wide = [];
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width && (r.right > width + 1 || r.left < -1) && !inFrame(el) && getComputedStyle(el).position !== 'fixed'
        && !el.closest('.visually-hidden, .skip-link')) wide.push(el.tagName + '.' + el.className + ' ' + Math.round(r.right));
  }
  return {scroll: document.documentElement.scrollWidth, width: width, wide: wide.slice(0, 5)};
}"""

# Controls that are not links inside running text: navigation, bars, buttons, form controls.
SMALL_TARGETS_JS = """() => {
  const selector = 'header a, header button, header input, nav a, .bottom-bar a, .button, button, .pager a, '
    + '.filters label, .check, .card__links a, .inline-list a, .jump-list a, .filter-links a, .roll-card__links a, '
    + '.result a, .results__all a, .lang-switch a';
  const small = [];
  for (const found of document.querySelectorAll(selector)) {
    // A checkbox is tapped through its label (the whole label toggles it).
    const el = found.matches('input[type=checkbox], input[type=radio]') && found.closest('label') ? found.closest('label') : found;
    const r = el.getBoundingClientRect();
    if (!r.width || el.closest('.visually-hidden, .skip-link, .prose, .toc')) continue;
    if (r.height < 43.5 || r.width < 43.5) small.push(el.tagName + ' "' + el.textContent.trim().slice(0, 20) + '" ' + Math.round(r.width) + '×' + Math.round(r.height));
  }
  return small;
}"""


def phone_page(phone: object, width: int = 390) -> object:
    page = phone.new_page()  # type: ignore[attr-defined]
    page.add_init_script("try { localStorage.setItem('offline-auto', 'off'); } catch (error) {}")
    page.set_viewport_size({"width": width, "height": 780 if width == 360 else 844})
    return page


def test_no_page_type_is_wider_than_a_360_px_phone(site: str, phone: object) -> None:
    page = phone_page(phone, 360)
    problems = {}
    for name, path in PAGE_TYPES.items():
        page.goto(site + path)  # type: ignore[attr-defined]
        found = page.evaluate(OVERFLOW_JS)  # type: ignore[attr-defined]
        if found["scroll"] > found["width"] or found["wide"]:
            problems[name] = found
    assert len(PAGE_TYPES) == 25
    assert not problems, problems


def test_tap_targets_are_at_least_44_px(site: str, phone: object) -> None:
    page = phone_page(phone)
    problems = {}
    for path in (
        "/es/",
        "/fr/bb2025/skills/dodge/",
        "/it/lrb6/tables/weather/?roll=3",
        "/fr/bb2025/differences/",
        "/es/lrb6/glossary/",
        "/en/tutorial/04-blocking/2/",
        "/es/offline/",
        "/it/lrb6/skills/",
    ):
        page.goto(site + path)  # type: ignore[attr-defined]
        small = page.evaluate(SMALL_TARGETS_JS)  # type: ignore[attr-defined]
        if small:
            problems[path] = small[:6]
    assert not problems, problems


def test_the_bottom_bar_reaches_each_target_of_the_current_edition(site: str, phone: object) -> None:
    page = phone_page(phone)
    page.goto(site + "/fr/lrb6/skills/dodge/")  # type: ignore[attr-defined]
    bar = page.locator("nav.bottom-bar")  # type: ignore[attr-defined]
    assert bar.is_visible()
    with override("fr"):
        expected = {
            "search": (gettext("Search"), "/fr/search/"),
            "rules": (gettext("Rules"), "/fr/lrb6/"),
            "tables": (gettext("Tables"), "/fr/lrb6/tables/"),
            "odds": (gettext("Odds"), "/fr/odds/?edition=lrb6"),
            "tutorial": (gettext("Tutorial"), "/fr/tutorial/"),
            "offline": ("Hors ligne", "/fr/offline/"),
        }
    assert expected["search"][0] == "Chercher" and expected["odds"][0] == "Probabilités"
    for target, (label, href) in expected.items():
        link = bar.locator(f'a[data-bar="{target}"]')
        assert link.inner_text().strip() == label
        assert link.get_attribute("href") == href
        box = link.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, (target, box)
    # Off an edition's pages the bar follows the edition read last.
    page.goto(site + "/fr/tutorial/")  # type: ignore[attr-defined]
    assert bar.locator('a[data-bar="tables"]').get_attribute("href") == "/fr/lrb6/tables/"
    assert bar.locator('a[data-bar="tutorial"]').get_attribute("aria-current") == "page"
    # Search: the bar's link puts the cursor in the search box at the top of the page.
    page.goto(site + "/fr/lrb6/rules/blocking/")  # type: ignore[attr-defined]
    page.mouse.wheel(0, 3000)  # type: ignore[attr-defined]
    bar.locator('a[data-bar="search"]').click()
    assert page.evaluate("document.activeElement.id") == "site-search"  # type: ignore[attr-defined]
    # Wide screens keep the header's navigation and no bar.
    page.set_viewport_size({"width": 1200, "height": 900})  # type: ignore[attr-defined]
    assert not bar.is_visible()


# Every SVG text of the page's main part, at its size on the screen (a step's board and chart, a
# rules page's figure), with the number drawn on the step's board.
SVG_TEXT_SIZES = """() => {
  const sizes = [...document.querySelectorAll('main svg text')].filter(t => t.getBBox().width).map(t => {
    const m = t.getScreenCTM();
    return {size: parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b), text: t.textContent};
  });
  return [document.querySelectorAll('#step-result svg text').length, sizes];
}"""
# The whole pitch is drawn at one picture unit per CSS px: its 11 px letters measure 10.99 once the
# browser rounds the SVG's box to whole pixels.
ROUNDING_PX = 0.05


def test_board_and_figure_text_is_never_under_11_px_at_360(site: str, phone: object) -> None:
    """On a 360 px phone every number drawn on a step's board (and its chart) of every scenario,
    and on a rules page's figure, is at least 11 CSS px (the kick-off steps show a 14-column crop:
    their numbers grow and the per-square chances move to the legend), and no step is wider than
    the screen."""
    page = phone_page(phone, 360)
    steps = [f"/en/tutorial/{s.slug}/{n}/" for s in all_scenarios() for n in range(1, len(s.steps) + 1)]
    figures = ["/fr/dreadball2/rules/miniatures-on-the-board/", "/es/dreadball2/rules/the-ball/"]
    small, wide, bare = {}, [], []
    for path in steps + figures:
        page.goto(site + path)  # type: ignore[attr-defined]
        on_board, sizes = page.evaluate(SVG_TEXT_SIZES)  # type: ignore[attr-defined]
        smallest = min(sizes, key=lambda found: found["size"], default=None)
        if smallest and smallest["size"] < MIN_TEXT_PX - ROUNDING_PX:
            small[path] = f"{smallest['text']!r} at {smallest['size']:.1f} px"
        if path in steps and not on_board:
            bare.append(path)
        if page.evaluate("document.documentElement.scrollWidth") > 360:  # type: ignore[attr-defined]
            wide.append(path)
    assert len(steps) > 30
    assert not small, small
    assert not bare, bare  # every step draws its board
    assert not wide, wide


def test_a_roll_shows_its_card_under_the_button_names_the_row_and_takes_the_focus(site: str, phone: object) -> None:
    page = phone_page(phone)
    page.goto(site + "/it/bb2025/tables/kick-off/")  # type: ignore[attr-defined]
    page.locator("a.button--roll").click()  # type: ignore[attr-defined]
    page.wait_for_url(re.compile(r".*\?roll=\d+$"))  # type: ignore[attr-defined]
    card = page.locator("#roll-result")  # type: ignore[attr-defined]
    card.wait_for()
    wait_for_focus(page, "id", "roll-result")
    row = page.locator("tr.is-rolled")  # type: ignore[attr-defined]
    total = re.match(r"(\d+) — (.+)", card.locator(".roll-card__title").inner_text())
    assert total, card.inner_text()
    assert total[2] == row.locator(".row-name").inner_text().strip()
    assert row.locator(".row-effect").inner_text().strip()[:40] in card.inner_text()
    # The card sits right under the button and is on the screen. A card of up to 45 % of the screen
    # stays at the top while the rolled row is scrolled into view under it; a taller one stays put
    # and links to the row.
    button_box = page.locator("a.button--roll").bounding_box()  # type: ignore[attr-defined]
    card_box, row_box = card.bounding_box(), row.bounding_box()
    height = page.viewport_size["height"]  # type: ignore[attr-defined]
    assert -1 <= card_box["y"] < height and card_box["y"] >= button_box["y"], (card_box, button_box)
    assert card.locator(".roll-card__links a[href^='#row-']").first.get_attribute("href") == "#" + row.get_attribute(
        "id"
    )
    if "roll-card--sticky" in card.get_attribute("class"):
        assert 0 <= row_box["y"] < height and row_box["y"] >= card_box["y"] + card_box["height"] - 1, row_box
    else:
        assert card_box["height"] > 0.45 * height
    assert "Hai tirato" in page.locator("#roll-status").inner_text()  # type: ignore[attr-defined]


def test_without_javascript_the_roll_link_lands_on_the_result_card(
    site: str, playwright_driver: object, tmp_path: Path
) -> None:
    from tests.browser_fixtures import PHONE, launch

    context = launch(playwright_driver, str(tmp_path / "profile"), java_script_enabled=False, **PHONE)
    try:
        page = context.new_page()  # type: ignore[attr-defined]
        page.goto(site + "/es/lrb6/tables/injury/")
        page.locator("a.button--roll").click()
        page.wait_for_url(re.compile(r".*\?roll=\d+#roll-result$"))
        card = page.locator("#roll-result")
        assert 0 <= card.evaluate("e => e.getBoundingClientRect().top") < PHONE["viewport"]["height"]  # type: ignore[index]
        assert card.locator(".roll-card__title").inner_text().startswith(tuple("0123456789"))
        row = card.locator(".roll-card__links a[href^='#row-']").first.get_attribute("href")
        assert page.locator(str(row)).get_attribute("class") == "is-rolled"
    finally:
        context.close()  # type: ignore[attr-defined]


def test_after_next_the_step_heading_is_in_view_and_focused(site: str, phone: object) -> None:
    page = phone_page(phone)
    page.goto(site + "/es/tutorial/04-blocking/1/")  # type: ignore[attr-defined]
    next_link = page.locator('.step-pager a[rel="next"]')  # type: ignore[attr-defined]
    next_link.scroll_into_view_if_needed()
    next_link.click()
    page.wait_for_url("**/es/tutorial/04-blocking/2/")  # type: ignore[attr-defined]
    wait_for_focus(page, "id", "step-heading")
    box = page.locator("#step-heading").bounding_box()  # type: ignore[attr-defined]
    assert 0 <= box["y"] < 200, box
    assert page.locator("#step-progress").get_attribute("value") == "2"  # type: ignore[attr-defined]


def test_the_last_step_leads_to_the_next_scenario(site: str, phone: object) -> None:
    scenarios = all_scenarios()
    first, second = scenarios[0], scenarios[1]
    page = phone_page(phone)
    page.goto(f"{site}/fr/tutorial/{first.slug}/{len(first.steps)}/")  # type: ignore[attr-defined]
    link = page.locator('.step-pager a[rel="next"]')  # type: ignore[attr-defined]
    assert second.title["fr"] in link.inner_text()
    link.click()
    page.wait_for_url(f"**/fr/tutorial/{second.slug}/1/")  # type: ignore[attr-defined]
    last = scenarios[-1]
    page.goto(f"{site}/fr/tutorial/{last.slug}/{len(last.steps)}/")  # type: ignore[attr-defined]
    assert page.locator('.step-pager a[rel="next"]').count() == 0  # type: ignore[attr-defined]
    assert page.locator(".step-pager a", has_text="Tous les scénarios").count() == 1  # type: ignore[attr-defined]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_phone_pages_have_no_serious_accessibility_violation(site: str, phone: object, scheme: str) -> None:
    page = phone_page(phone)
    page.emulate_media(color_scheme=scheme)  # type: ignore[attr-defined]
    problems = {}
    for path in (
        "/es/",
        "/fr/bb2025/differences/?show=changed",
        "/it/lrb6/glossary/",
        "/es/offline/",
        "/en/offline/unavailable/",
        "/fr/bb2025/tables/kick-off/?roll=77",
        "/es/tutorial/02-the-first-turn/1/",
    ):
        page.goto(site + path)  # type: ignore[attr-defined]
        found = violations(page, scheme)
        if found:
            problems[path] = found
    assert not problems, problems
