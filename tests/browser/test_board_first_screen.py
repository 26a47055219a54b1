"""The board on a phone's first screen (issue 25): at 360×780 and 390×844, in two languages, the
answer for the chosen player (his name and the chance to reach the tapped square), his piece and
the tapped square are above the bottom bar; every reach label stays inside its square and none
overlaps another, also when every label reads "100 %"; nothing scrolls sideways."""

from __future__ import annotations

from fractions import Fraction

import pytest

FOLD = {360: 723, 390: 787}  # where the bottom bar starts: 780 and 844 less its 57 px
# A1 (AG 3) on m8 is marked by B1 on n8. k6 is two squares away: the best path steps to l7, out of
# B1's zone into a free square, so one dodge. LRB6: AG 3 dodges on 3+ (4 of 6 faces); a failure is
# re-rolled once with the team re-roll: 4/6 + 2/6 × 4/6 = 8/9 = 88.9 %.
DODGE = Fraction(4, 6)
TO_K6 = DODGE + (1 - DODGE) * DODGE
# Spanish and French write it with a decimal comma and a space before the sign.
SHOWN = f"{float(TO_K6) * 100:.1f}".replace(".", ",") + "\u00a0%"
ASKED = "/{lang}/lrb6/board/?b=1_A1m8_B1n8&p=A1&t=k6"
# Alone, an MA 6 player reaches every square within six squares for sure: "100 %" everywhere.
ALL_SURE = "/{lang}/bb2025/board/?b=1_A1m8&p=A1"

PLACES_JS = """() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; };
  return {status: box(document.querySelector('#board-status')),
          text: document.querySelector('#board-status').textContent,
          chosen: box(document.querySelector('.board-map .player--chosen')),
          target: box(document.querySelector('.board-map a[data-cell="k6"]')),
          bar: document.querySelector('.bottom-bar').getBoundingClientRect().top,
          wide: document.documentElement.scrollWidth};
}"""

# Each label against the square it sits on (the tap rectangle under its centre) and its neighbours.
LABELS_JS = """() => {
  const labels = [...document.querySelectorAll('.board-map .heat-label')].map((l) => l.getBoundingClientRect());
  const square = document.querySelector('.board-map .tap').getBoundingClientRect().width;
  const spill = labels.filter((r) => r.width > square).length;
  let overlaps = 0;
  for (let i = 0; i < labels.length; i++) for (let j = i + 1; j < labels.length; j++) {
    const a = labels[i], b = labels[j];
    if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) overlaps++;
  }
  return {count: labels.length, spill, overlaps, square};
}"""


@pytest.mark.parametrize("width", [360, 390])
@pytest.mark.parametrize("lang", ["es", "fr"])
def test_the_chosen_players_answer_is_on_the_first_screen(site: str, page: object, width: int, lang: str) -> None:
    page.set_viewport_size({"width": width, "height": 780 if width == 360 else 844})  # type: ignore[attr-defined]
    page.goto(site + ASKED.format(lang=lang))  # type: ignore[attr-defined]
    found = page.evaluate(PLACES_JS)  # type: ignore[attr-defined]
    assert round(found["bar"]) == FOLD[width], found
    assert "A1" in found["text"] and SHOWN in found["text"], found["text"]
    for part in ("status", "chosen", "target"):
        assert found[part]["top"] >= 0 and found[part]["bottom"] <= FOLD[width], (part, found)
    assert found["wide"] <= width


@pytest.mark.parametrize("path", [ASKED, ALL_SURE])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_reach_labels_fit_their_squares_at_360(site: str, page: object, path: str, lang: str) -> None:
    page.set_viewport_size({"width": 360, "height": 780})  # type: ignore[attr-defined]
    page.goto(site + path.format(lang=lang))  # type: ignore[attr-defined]
    found = page.evaluate(LABELS_JS)  # type: ignore[attr-defined]
    assert found["count"] > 20 and found["square"] >= 44, found
    assert found["spill"] == 0 and found["overlaps"] == 0, found


# The target tool on, A1 chosen, B1 standing on p8: a tap on p8 asks a blitz on him.
AIMING = "/{lang}/bb2025/board/?b=1_A1m8_B1p8&p=A1&tool=target"
ACTION_JS = """() => {
  const box = document.querySelector('.answer__action').getBoundingClientRect();
  return {top: box.top, bottom: box.bottom, focused: document.activeElement.id,
          bar: document.querySelector('.bottom-bar').getBoundingClientRect().top};
}"""


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_a_tap_that_asks_a_blitz_scrolls_to_its_whole_answer_at_360(site: str, page: object, lang: str) -> None:
    page.set_viewport_size({"width": 360, "height": 780})  # type: ignore[attr-defined]
    page.goto(site + AIMING.format(lang=lang))  # type: ignore[attr-defined]
    page.locator('.board-map a[data-cell="p8"]').click()  # type: ignore[attr-defined]
    page.wait_for_function("() => document.activeElement.id === 'action-heading'")  # type: ignore[attr-defined]
    found = page.evaluate(ACTION_JS)  # type: ignore[attr-defined]
    assert found["top"] >= 0 and found["bottom"] <= found["bar"] == FOLD[360], found
    # Its last line leads back to the pitch, where the status line says what was asked.
    page.locator(".answer__back a").click()  # type: ignore[attr-defined]
    status = page.locator("#board-status")  # type: ignore[attr-defined]
    box = status.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= FOLD[360], box
    assert "B1" in status.inner_text()
