"""A blitz asked on a phone (issue 25): from an empty 2025 board, two players added by tapping, the
blitzer chosen and the opponent aimed at; the chance and the block breakdown read from the page,
in at most 12 taps. The tap that asks the blitz scrolls to its whole answer (on the screen, above
the bottom bar), and a link there leads back to the pitch. Expected numbers by hand below, not
from the engine."""

from __future__ import annotations

from fractions import Fraction

from tests.browser.focus import wait_for_focus

TAP_BUDGET = 12
# 2025 linemen (MA 6, ST 3, AG 3+). A1 on m8, B1 on p8: o7 is two steps away (n7, o7) and no
# marked square is left on the way, so no roll. One block die, ST 3 against ST 3, the attacker
# chooses; the defender ends on the ground on Both Down (neither has Block), Stumble (no Dodge)
# and POW: 3 faces of 6. Both Down alone is 1 face of 6.
KNOCKED_DOWN = Fraction(3, 6)
BOTH_DOWN = Fraction(1, 6)


def percent(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}".removesuffix(".0") + "%"


def test_a_blitz_from_an_empty_board_in_at_most_twelve_taps(site: str, page: object) -> None:
    page.set_viewport_size({"width": 390, "height": 844})  # type: ignore[attr-defined]
    page.goto(f"{site}/en/bb2025/board/")  # type: ignore[attr-defined]
    taps = 0

    def tap(selector: str, settled: str) -> None:
        nonlocal taps
        page.locator(selector).first.click()  # type: ignore[attr-defined]
        page.wait_for_function(settled)  # type: ignore[attr-defined]
        taps += 1

    current = "() => !!document.querySelector('.board-tool--{}[aria-current=\"true\"]')"
    tap(".board-tool--add-a", current.format("add-a"))
    tap('.board-map a[data-cell="m8"]', "() => location.search.includes('A1m8')")
    tap(".board-tool--add-b", current.format("add-b"))
    tap('.board-map a[data-cell="p8"]', "() => location.search.includes('B1p8')")
    tap(".board-tool--select", current.format("select"))
    tap('.board-map a[data-cell="m8"]', "() => location.search.includes('p=A1')")
    tap(".board-tool--target", current.format("target"))
    tap('.board-map a[data-cell="p8"]', "() => location.search.includes('t=p8')")
    assert taps <= TAP_BUDGET

    status = page.locator("#board-status").inner_text()  # type: ignore[attr-defined]
    assert f"Blitz on B1: {percent(KNOCKED_DOWN)}, best from o7." in status
    wait_for_focus(page, "id", "action-heading")
    answer = page.locator(".answer__action").inner_text()  # type: ignore[attr-defined]
    assert f"knocks him down: {percent(KNOCKED_DOWN)} (1/2)" in answer
    assert f"Both knocked down {percent(BOTH_DOWN)} 1/6" in " ".join(answer.split())

    shown = page.evaluate(ON_SCREEN_JS)  # type: ignore[attr-defined]
    assert shown["top"] >= 0 and shown["bottom"] <= shown["fold"], shown
    page.get_by_role("link", name="Back to the pitch").click()  # type: ignore[attr-defined]
    page.wait_for_function(STATUS_ON_SCREEN)  # type: ignore[attr-defined]


# The action's answer against the screen: its box, and where the bottom bar starts.
ON_SCREEN_JS = """() => {
  const box = document.querySelector('.answer__action').getBoundingClientRect();
  return {top: box.top, bottom: box.bottom, fold: document.querySelector('.bottom-bar').getBoundingClientRect().top};
}"""
STATUS_ON_SCREEN = """() => {
  const box = document.getElementById('board-status').getBoundingClientRect();
  return box.top >= 0 && box.bottom <= innerHeight;
}"""
