"""The odds calculator as a sequence builder on a 360 × 780 phone: dodge 3+, then a two-dice block
with the team re-roll, then armour, each added by tapping its card and read in the sticky answer
after each step; every step costs at most one screen of scrolling, and the steps' chips and
arrows edit the sequence in place. The numbers on the page are checked against the engine's."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulebook.engine import Turn, TurnStep, get_edition, solve_turn

PHONE = {"width": 360, "height": 780}
PHONES = {"360": PHONE, "390": {"width": 390, "height": 844}}


def engine_percent(steps: tuple[TurnStep, ...], rerolls: int = 1, edition: str = "bb2025") -> str:
    p = solve_turn(get_edition(edition), Turn(steps, (), rerolls)).probability
    return f"{float(p) * 100:.1f}%"


def sticky_chance(page) -> str:
    text = page.locator(".odds-sticky__chance").inner_text()
    return text.replace("\xa0", "").replace(" ", "").replace(",", ".")  # "88,9 %" in Spanish


def tap_card(page, kind: str, scrolls: list[int]) -> None:
    """Tap an action's card, counting the scroll it costs to bring the card above the bottom bar."""
    card = page.locator(f'.odds-card[data-key="card-{kind}"]')
    before = page.evaluate("window.scrollY")
    bar = page.evaluate("document.querySelector('.bottom-bar').getBoundingClientRect().top")
    box = card.bounding_box()
    if box["y"] + box["height"] > bar:
        page.evaluate(f"window.scrollBy(0, {box['y'] + box['height'] - bar + 8})")
    scrolls.append(abs(page.evaluate("window.scrollY") - before))
    count = page.locator(".build-step").count()
    card.click()
    page.wait_for_function(f"() => document.querySelectorAll('.build-step').length === {count + 1}")
    page.wait_for_function("() => document.activeElement && document.activeElement.matches('.build-step__title')")


def on_screen(page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


@pytest.mark.parametrize(("lang", "phone"), [("en", "390"), ("es", "360")])
def test_dodge_block_armour_one_tap_each_with_the_answer_after_every_step(
    site: str, page, lang: str, phone: str
) -> None:
    page.set_viewport_size(PHONES[phone])
    page.goto(f"{site}/{lang}/odds/?edition=bb2025")  # the bottom bar's link: the example sequence
    page.locator('[data-key="clear"]').click()
    page.wait_for_function("() => document.querySelectorAll('.build-step').length === 0")
    assert "c=bb2025;rr1;" in page.url
    assert page.locator(".odds-settings__team strong").inner_text() == "1"  # one team re-roll

    scrolls: list[int] = []
    dodge = TurnStep("dodge", 3)
    tap_card(page, "dodge", scrolls)
    # one roll of 3+ (4 faces of 6) with one team re-roll: 1 - (2/6)² = 8/9 = 88.9%
    assert engine_percent((dodge,)) == "88.9%"
    page.wait_for_function("() => document.querySelector('.odds-sticky__chance')")
    assert sticky_chance(page) == "88.9%"
    assert on_screen(page, ".odds-sticky") and on_screen(page, ".build-step:last-child .build-step__title")

    tap_card(page, "block", scrolls)
    block = TurnStep("block", 2)
    assert "2D" in page.locator(".build-step").nth(1).locator('.chip-link[aria-current="true"]').first.inner_text()
    assert sticky_chance(page) == engine_percent((dodge, block))
    # the sticky answer stays at the top of the screen while the new step is in view
    assert on_screen(page, ".odds-sticky") and on_screen(page, ".build-step:last-child .build-step__title")

    tap_card(page, "armour", scrolls)
    armour = TurnStep("armour", 9)
    assert sticky_chance(page) == engine_percent((dodge, block, armour))
    assert on_screen(page, ".odds-sticky") and on_screen(page, ".build-step:last-child .build-step__title")
    assert "c=bb2025;rr1;dodge:3,block:2d,armour:9" in page.url  # the address is the share code

    assert all(s <= PHONES[phone]["height"] for s in scrolls), scrolls  # at most one screen a step
    print(
        f"\n[{lang}] scroll before each card (px): {scrolls}; sticky top {page.locator('.odds-sticky').bounding_box()['y']:.0f}"
    )


def test_chips_arrows_and_cross_edit_the_steps_in_place(site: str, page) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{site}/en/odds/?c=bb2025;rr1;dodge:3,block:2d,armour:9")
    first = page.locator(".build-step").first
    first.get_by_role("link", name="4+", exact=True).click()  # the dodge's target, next to its numbers
    page.wait_for_url("**dodge:4,block:2d,armour:9**")
    page.wait_for_function("() => document.activeElement && document.activeElement.dataset.key === 's1-v3'")
    steps = (TurnStep("dodge", 4), TurnStep("block", 2), TurnStep("armour", 9))
    assert sticky_chance(page) == engine_percent(steps)
    page.locator('[data-key="s3-up"]').click()  # armour before the block
    page.wait_for_url("**dodge:4,armour:9,block:2d**")
    page.locator('[data-key="s1-x"]').click()  # the dodge removed
    page.wait_for_url("**rr1;armour:9,block:2d")
    assert page.locator(".build-step").count() == 2
    page.locator('[data-key="rr-up"]').click()
    page.wait_for_url("**rr2;armour:9,block:2d")
    assert sticky_chance(page) == engine_percent((TurnStep("armour", 9), TurnStep("block", 2)), rerolls=2)


def test_the_builder_works_without_javascript(site: str, browser) -> None:
    context = browser.browser.new_context(java_script_enabled=False) if browser.browser else None
    if context is None:
        pytest.skip("a persistent context cannot open a second context")
    page = context.new_page()
    page.goto(f"{site}/en/odds/?c=lrb6;rr0;")
    page.locator('.odds-card[data-key="card-dodge"]').click()
    page.wait_for_url("**c=lrb6;rr0;dodge:3")
    # one 3+ roll, no re-roll: 4 faces of 6 = 2/3
    assert engine_percent((TurnStep("dodge", 3),), rerolls=0, edition="lrb6") == f"{float(Fraction(4, 6)) * 100:.1f}%"
    assert page.locator(".odds-sticky__chance").inner_text() == "66.7%"
    context.close()
