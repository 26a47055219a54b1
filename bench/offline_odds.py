"""Time from opening an offline odds link to its answer on a mid-range phone profile (Chromium CPU
throttling 4x through CDP Emulation.setCPUThrottlingRate), with the tools saved from the offline
page. Cold: the first link opened after the browser starts (the runtime loaded from the saved
copies); warm: the next link opened (the browser's code cache warm); engine: the phone's own
computation of the answer once the runtime is up (engine.js's data-answer-ms). Goal: cold <= 3 s,
warm <= 300 ms.

Run against a dev server with static files: `.venv/bin/python manage.py runserver 127.0.0.1:8103
--insecure` then `.venv/bin/python bench/offline_odds.py http://127.0.0.1:8103`.
"""

from __future__ import annotations

import shutil
import sys
import tempfile

from playwright.sync_api import BrowserContext, Playwright, sync_playwright

CHROMIUM = "/usr/bin/chromium"
LINKS = ("/es/odds/?c=bb2025;rr1;dodge:3,block:2d,armour:9", "/es/odds/?c=bb2025;rr1;dodge:4,gfi:2,armour:8")


def phone(playwright: Playwright, profile: str) -> BrowserContext:
    return playwright.chromium.launch_persistent_context(
        profile,
        executable_path=CHROMIUM,
        args=["--no-sandbox"],
        headless=True,
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
    )


def open_answered(context: BrowserContext, url: str) -> tuple[float, int]:
    """Milliseconds from the navigation's start to the answer on screen, and the engine's own."""
    page = context.new_page()
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.goto(url)
    page.locator("#odds-result[data-answered]").wait_for(timeout=120_000)
    total = float(page.evaluate("performance.now()"))
    engine = int(page.locator("#odds-result").get_attribute("data-answer-ms") or -1)
    page.close()
    return total, engine


def main() -> None:
    site = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8103"
    profile = tempfile.mkdtemp(prefix="bench-offline-")
    try:
        with sync_playwright() as playwright:
            context = phone(playwright, profile)
            page = context.new_page()
            page.goto(site + "/es/offline/")
            page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
            page.locator("#tools-save").click()
            page.locator("#tools-status").filter(has_text="guardadas").wait_for(timeout=300_000)
            context.close()
            context = phone(playwright, profile)
            context.set_offline(True)
            cold, cold_engine = open_answered(context, site + LINKS[0])
            warm, warm_engine = open_answered(context, site + LINKS[1])
            context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    print("offline odds link to answer, CPU throttled 4x:")
    print(f"  cold {cold:6.0f} ms (engine's own answer {cold_engine} ms)  goal <= 3000 ms")
    print(f"  warm {warm:6.0f} ms (engine's own answer {warm_engine} ms)  goal <= 300 ms")


if __name__ == "__main__":
    main()
