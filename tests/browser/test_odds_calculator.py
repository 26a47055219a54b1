"""The odds calculator on a phone (390 × 844): the answer on the first screen (the builder's sticky
summary), no sideways scrolling, the whole form one tap away, live updates with a shareable address, a row's value reset when its kind changes, an
inline message (and no other result) for a bad row, a block's stacked bar and a multi-player turn."""

from __future__ import annotations

import re

import pytest

PHONE = {"width": 390, "height": 844}
TURN = "bb2025;rr2;runner=dodge,sure-feet;ogre=loner:4,mighty-blow,frenzy;runner.dodge:3,gfi,ogre.block:2d/dodge,armour:9/ko"


@pytest.fixture
def phone(page):
    page.set_viewport_size(PHONE)
    return page


def open_form(page) -> None:
    """The whole form is folded under the builder: one tap opens it."""
    page.locator("#odds-form > summary").click()


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_answer_first_and_no_sideways_scroll_on_a_phone(site: str, phone, lang: str) -> None:
    phone.goto(f"{site}/{lang}/odds/?c={TURN}")
    answer = phone.locator(".odds-sticky__chance")
    box = answer.bounding_box()
    assert box is not None and box["y"] + box["height"] < PHONE["height"], "the answer is on the first screen"
    assert re.match(r"^\d", answer.inner_text())
    assert no_sideways_scroll(phone)
    # a multi-player turn: each step says who rolls, the block has its stacked bar of outcomes
    assert phone.locator(".odds-breakdown > li").count() == 4
    assert "(ogre)" in phone.locator(".odds-breakdown > li").nth(2).inner_text()
    assert phone.locator(".odds-breakdown svg.chart--stacked rect.outcome").count() >= 4
    open_form(phone)
    # touch targets: every select and text field of the form is at least 40 px high
    heights = phone.evaluate(
        "[...document.querySelectorAll('.odds-form select, .odds-form input[type=text]')]"
        ".filter(e => e.offsetParent).map(e => e.getBoundingClientRect().height)"
    )
    assert heights and min(heights) >= 40


def test_changing_a_kind_resets_its_value_and_updates_the_answer(site: str, phone) -> None:
    phone.goto(f"{site}/en/odds/?c=lrb6;rr1;dodge:3,gfi:2")
    before = phone.locator(".odds-answer").first.inner_text()
    open_form(phone)
    phone.select_option("#k2", "block")
    assert phone.input_value("#v2") == "2D"
    phone.wait_for_function(f"() => document.querySelector('.odds-answer').innerText !== {before!r}")
    phone.wait_for_url("**c=lrb6;rr1;*block:2d**")
    assert no_sideways_scroll(phone)


def test_a_bad_row_gets_its_message_and_no_other_result(site: str, phone) -> None:
    phone.goto(f"{site}/fr/odds/?c=lrb6;rr1;dodge:3,gfi:2")
    open_form(phone)
    phone.fill("#v1", "12+")  # targets run 1..9 before modifiers (issue 24)
    phone.locator("#v1").blur()
    phone.wait_for_selector("#odds-result .form-message")
    assert phone.locator("#odds-result .odds-answer").count() == 0  # no other sequence's result
    phone.wait_for_function("() => document.querySelector('#v1-error').innerText.includes('entre 1 et 9')")
    assert phone.get_attribute("#v1", "aria-invalid") == "true"
    assert phone.get_attribute("#v1", "aria-describedby") == "v1-error"
    phone.fill("#v1", "4+")
    phone.locator("#v1").blur()
    phone.wait_for_selector("#odds-result .odds-answer")
    phone.wait_for_function("() => document.querySelector('#v1-error').innerText.trim() === ''")
    assert phone.get_attribute("#v1", "aria-invalid") is None


def test_the_target_helper_explains_the_target(site: str, phone) -> None:
    phone.goto(f"{site}/en/odds/?c=lrb6;rr1;dodge:3")
    open_form(phone)
    phone.locator(".odds-helper summary").click()
    phone.select_option("#h_kind", "dodge")
    phone.fill("#h_m", "1")
    phone.locator("#h_m").blur()
    phone.wait_for_function("() => document.querySelector('#helper-answer').innerText.includes('4+')")
    assert "dodg" in phone.locator("#helper-answer").inner_text().lower()
