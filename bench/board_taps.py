"""Taps and scrolls of the board's tasks on a phone (issue 25), Playwright at 390×844:
python3 bench/board_taps.py http://127.0.0.1:8104 (a running site with its content loaded).

Each task starts from a page address and taps what a coach would tap, in order. A tap on
something outside the screen (above it or under the bottom bar) first costs a scroll, counted
with its distance in px; reading the answer costs one too if its heading is not on screen.
Prints one line per task and exits 1 if the issue's budget (12 taps from an empty 2025 board to
a blitz answer) is missed. "two rosters set up" puts a Human and an Orc starting eleven on the
pitch with the one-tap set-up (the roster's list, then the team's button) and asks a block.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field

from playwright.sync_api import Page, sync_playwright

WIDTH, HEIGHT = 390, 844
BLITZ_BUDGET = 12
CHROMIUM = "/usr/bin/chromium"
SETTLE_MS = 150

# What is under the finger, as a CSS selector.
TOOL = ".board-tool--{}"
SQUARE = '.board-map a[data-cell="{}"]'


@dataclass
class Count:
    taps: int = 0
    scrolls: int = 0
    scrolled_px: int = 0
    log: list[str] = field(default_factory=list)


def _bring_into_view(page: Page, selector: str, count: Count) -> None:
    box = page.evaluate(
        """(s) => { const r = document.querySelector(s).getBoundingClientRect();
          const bar = document.querySelector('.bottom-bar');
          const fold = bar ? bar.getBoundingClientRect().top : innerHeight;
          return {top: r.top, bottom: r.bottom, fold}; }""",
        selector,
    )
    if box["top"] >= 0 and box["bottom"] <= box["fold"]:
        return
    before = page.evaluate("scrollY")
    page.evaluate("(s) => document.querySelector(s).scrollIntoView({block: 'center'})", selector)
    count.scrolls += 1
    count.scrolled_px += abs(round(page.evaluate("scrollY") - before))


def tap(page: Page, selector: str, count: Count) -> None:
    _bring_into_view(page, selector, count)
    before = page.url
    page.locator(selector).first.click()
    # htmx pushes the new address once the swap is in; then it settles (focus, classes).
    page.wait_for_function("(u) => location.href !== u", arg=before)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(SETTLE_MS)
    count.taps += 1
    count.log.append(selector)


def read(page: Page, selector: str, count: Count) -> str:
    _bring_into_view(page, selector, count)
    return page.locator(selector).first.inner_text()


def blitz_from_empty(page: Page, site: str) -> tuple[Count, str]:
    count = Count()
    page.goto(f"{site}/en/bb2025/board/")
    for step in (TOOL.format("add-a"), SQUARE.format("m8"), TOOL.format("add-b"), SQUARE.format("p8")):
        tap(page, step, count)
    for step in (TOOL.format("select"), SQUARE.format("m8"), TOOL.format("target"), SQUARE.format("p8")):
        tap(page, step, count)
    return count, read(page, "#board-status", count) + " | " + read(page, ".answer__action .answer__big", count)


def reach_from_position(page: Page, site: str) -> tuple[Count, str]:
    count = Count()
    page.goto(f"{site}/en/bb2025/board/?b=1_A1m8_B1n8")
    for step in (TOOL.format("select"), SQUARE.format("m8"), SQUARE.format("k6")):
        tap(page, step, count)
    return count, read(page, "#board-status", count) + " | " + read(page, ".answer__big", count)


def choose(page: Page, selector: str, value: str | None, count: Count) -> None:
    """A tap that changes the page in place: a list's choice, a summary opened."""
    _bring_into_view(page, selector, count)
    if value is None:
        page.locator(selector).first.click()
    else:
        page.locator(selector).first.select_option(value)
    count.taps += 1
    count.log.append(selector)


def block_after_setting_up_two_rosters(page: Page, site: str) -> tuple[Count, str]:
    count = Count()
    page.goto(f"{site}/en/bb2025/board/")
    choose(page, "#setup-roster", "human", count)
    tap(page, 'button[name="team"][value="A"]', count)
    choose(page, ".board-forms details:first-of-type summary", None, count)  # closed once players are on
    choose(page, "#setup-roster", "orc", count)
    tap(page, 'button[name="team"][value="B"]', count)
    for step in (SQUARE.format("m8"), TOOL.format("target"), SQUARE.format("n8")):
        tap(page, step, count)
    return count, read(page, "#board-status", count)


TASKS = {
    "blitz, empty 2025 board": blitz_from_empty,
    "two rosters set up, then a block": block_after_setting_up_two_rosters,
    "reach of a chosen player": reach_from_position,
}


def main(site: str) -> int:
    missed = False
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True)
        for name, task in TASKS.items():
            count, answer = task(page, site)
            print(f"{name}: {count.taps} taps, {count.scrolls} scrolls ({count.scrolled_px} px) -> {answer}")
            if task is blitz_from_empty and count.taps > BLITZ_BUDGET:
                missed = True
        browser.close()
    if missed:
        print("SOME TARGETS MISSED")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8104"))
