"""Board text readable on a phone: on a 360 px wide screen every number drawn on a step's board
(and its chart) is at least 11 CSS px, in every step of every scenario (the kick-off steps show a
14-column crop: their numbers grow and the per-square chances move to the legend and the text)."""

from __future__ import annotations

import pytest

from tutorial.shared.diagrams import MIN_TEXT_PX
from tutorial.shared.scenario import all_scenarios

# The whole pitch is drawn at one picture unit per CSS px: its 11 px letters measure 10.99 once the
# browser rounds the SVG's box to whole pixels.
ROUNDING_PX = 0.05

SMALLEST_TEXT = """() => {
  const sizes = [...document.querySelectorAll('#step-result svg text')].map(t => {
    const box = t.getBoundingClientRect();
    if (!box.width) return null;
    const m = t.getScreenCTM();
    return {size: parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b), text: t.textContent};
  }).filter(Boolean);
  return [sizes.length, sizes.reduce((a, b) => (b.size < a.size ? b : a), {size: 999, text: ''})];
}"""


@pytest.mark.browser
def test_board_text_is_at_least_11_px_on_a_360_px_phone(site: str, page) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    too_small = []
    for scenario in all_scenarios():
        for number in range(1, len(scenario.steps) + 1):
            page.goto(f"{site}/en/tutorial/{scenario.slug}/{number}/")
            count, smallest = page.evaluate(SMALLEST_TEXT)
            assert count > 0, (scenario.slug, number)
            if smallest["size"] < MIN_TEXT_PX - ROUNDING_PX:
                too_small.append(f"{scenario.slug}/{number}: {smallest['text']!r} at {smallest['size']:.1f} px")
            assert page.evaluate("document.documentElement.scrollWidth") <= 360, (scenario.slug, number)
    assert not too_small, "\n".join(too_small)
