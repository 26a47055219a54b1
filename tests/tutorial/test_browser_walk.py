"""Walk every scenario in every language by clicking Next (htmx), checking each step has a
picture and a narration, and that the arrow keys and the language switcher work."""

from __future__ import annotations

import pytest

from tutorial.shared.scenario import all_scenarios

LANGS = ("es", "it", "fr", "en")


@pytest.mark.browser
@pytest.mark.parametrize("lang", LANGS)
def test_walk_every_scenario_by_clicking_next(site: str, page, lang: str) -> None:
    """Each scenario walked in one language, the languages in turn (every step of every scenario
    in every language is rendered and read by the client tests, test_pages.py; what the
    browser adds, the pager's swap, is the same code in all four)."""
    for index, scenario in enumerate(all_scenarios()):
        if LANGS[index % len(LANGS)] != lang:
            continue
        page.goto(f"{site}/{lang}/tutorial/{scenario.slug}/1/")
        for number in range(1, len(scenario.steps) + 1):
            assert page.locator("#step-result svg").count() >= 1, (scenario.slug, number)
            assert len(page.locator(".narration").inner_text().split()) > 20, (scenario.slug, number)
            assert page.locator("#step-progress").get_attribute("value") == str(number)
            if number < len(scenario.steps):
                page.locator('.step-pager a[rel="next"]').click()
                page.wait_for_url(f"**/{lang}/tutorial/{scenario.slug}/{number + 1}/")
                page.wait_for_selector(f'#step-progress[value="{number + 1}"]')


@pytest.mark.browser
def test_arrow_keys_and_language_switch(site: str, page) -> None:
    page.goto(f"{site}/en/tutorial/04-blocking/1/")
    page.keyboard.press("ArrowRight")
    page.wait_for_url("**/en/tutorial/04-blocking/2/")
    page.wait_for_selector('#step-progress[value="2"]')
    page.locator('.lang-switch a[hreflang="it"]').click()
    page.wait_for_url("**/it/tutorial/04-blocking/2/")
    assert "Nobbla" in page.locator(".narration").inner_text()


@pytest.mark.browser
def test_try_it_form_updates_the_result(site: str, page) -> None:
    page.goto(f"{site}/en/tutorial/03-moving-and-dodging/3/")
    page.fill("#f-ag", "5")
    page.locator(".try-it button[type=submit]").click()
    page.wait_for_function("() => document.querySelector('.narration').innerText.includes('3+')")
    page.wait_for_url("**ag=5**")  # hx-push-url: the result can be shared


@pytest.mark.browser
def test_odds_edition_renames_going_for_it_at_once(site: str, page) -> None:
    page.goto(f"{site}/es/odds/?edition=lrb6&steps=gfi:2")
    page.locator("#odds-form > summary").click()  # the whole form, folded under the sequence builder
    option = page.locator('#k1 option[value="gfi"]')
    classic, modern = option.get_attribute("data-label-lrb6"), option.get_attribute("data-label-bb2025")
    assert option.inner_text() == classic and classic != modern
    fury = page.locator('#k1 option[value="fury"]')  # 2025's Unchannelled Fury roll: not a classic roll
    assert fury.get_attribute("hidden") is not None
    page.locator('input[name="edition"][value="bb2025"]').check()
    assert option.inner_text() == modern
    assert fury.get_attribute("hidden") is None
    page.wait_for_url("**c=bb2025**")  # the share code goes to the address bar
    page.wait_for_function(
        "() => document.querySelector('#odds-result').innerText.includes({!r})".format(modern.split(" (")[0])
    )


@pytest.mark.browser
def test_hex_destination_select_redraws_the_route(site: str, page) -> None:
    page.goto(f"{site}/en/tutorial/12-dreadball-facing-and-hexes/2/")
    before = page.locator("#step-result polyline.arrow").get_attribute("points")
    page.select_option("#f-to", "A")
    page.wait_for_url("**to=A**")
    page.wait_for_function(
        f"() => document.querySelector('#step-result polyline.arrow').getAttribute('points') !== {before!r}"
    )
    assert page.locator(".hex-label--goal").text_content() == "A"


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["es", "it"])
def test_a_mistake_is_told_next_to_its_field_which_keeps_the_focus(site: str, page, lang: str) -> None:
    """The message used to appear above the result, some 900 px from the field (issue 23)."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site}/{lang}/tutorial/03-moving-and-dodging/3/")
    page.fill("#f-ag", "9")
    page.locator(".try-it button[type=submit]").click()
    page.wait_for_function("() => document.getElementById('f-ag-error').textContent.trim() !== ''")
    page.wait_for_function("() => document.activeElement && document.activeElement.id === 'f-ag'")
    field, message = page.locator("#f-ag"), page.locator("#f-ag-error")
    page.wait_for_function("() => document.getElementById('f-ag').getAttribute('aria-invalid') === 'true'")
    assert "f-ag-error" in (field.get_attribute("aria-describedby") or "").split()
    gap = message.bounding_box()["y"] - field.bounding_box()["y"]  # type: ignore[index]
    assert 0 < gap < 120, gap
    assert "(" not in message.inner_text().split(" ")[0]  # the field's name, no printed tuple
    page.fill("#f-ag", "3")
    page.locator(".try-it button[type=submit]").click()
    page.wait_for_function("() => document.getElementById('f-ag-error').textContent.trim() === ''")
    page.wait_for_function("() => !document.getElementById('f-ag').hasAttribute('aria-invalid')")  # after settling
