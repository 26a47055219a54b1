"""Time from opening an offline odds link to its answer on a mid-range phone profile (Chromium CPU
throttling 4x through CDP Emulation.setCPUThrottlingRate), with the tools saved from the offline
page. Saving starts Python and imports the engine once, in a worker, and keeps the interpreter's
memory (static/js/engine.js). Cold: the first link opened after saving (the page starts from that
memory snapshot); warm: the next link opened; restarted: a link opened after the browser was closed and opened again
(the snapshot kept on the phone); in place: the form sent again on a page whose engine is up. Each line gives the parts of the engine's start (engine.js's
timings: files read, the snapshot found (ms since the start; read while the runtime loads),
runtime start, words installed) and the phone's own computation of the answer (data-answer-ms).
Goal: cold <= 3 s, warm <= 300 ms.

The bench starts its own dev server (`runserver --insecure` on PORT), saves the tools, then stops
that server, so that the phone is offline for real: Chromium's offline emulation does not reach
the service worker's own fetches (with it, a link's page came from the server whenever the server
answered within the worker's 4 s wait). Run: `.venv/bin/python bench/offline_odds.py [PORT]`
(default 8103).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

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


def open_answered(context: BrowserContext, url: str) -> tuple[float, int, dict[str, int]]:
    """Milliseconds from the navigation's start to the answer on screen, the engine's own, and
    the parts of the engine's start."""
    page = context.new_page()
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.goto(url)
    page.locator("#odds-result[data-answered]").wait_for(timeout=120_000)
    total = float(page.evaluate("performance.now()"))
    engine = int(page.locator("#odds-result").get_attribute("data-answer-ms") or -1)
    parts = dict(page.evaluate("window.RulesEngine.timings"))
    page.close()
    return total, engine, parts


ROOT = Path(__file__).resolve().parent.parent


def serve(port: int) -> subprocess.Popen[bytes]:
    """A dev server with static files, answering once it is up."""
    command = [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--insecure", "--noreload"]
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(120):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/es/offline/", timeout=5)
            return server
        except OSError:
            time.sleep(1)
    server.terminate()
    raise SystemExit("the dev server did not start")


def in_place(context: BrowserContext, url: str) -> tuple[float, int, dict[str, int]]:
    """Milliseconds from sending the form (its first roll made one harder) to the new answer on a
    page whose engine is up: the form is answered in place, without a new page."""
    page = context.new_page()
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.goto(url)
    result = page.locator("#odds-result[data-answered]")
    result.wait_for(timeout=120_000)
    before = result.get_attribute("data-answered")
    page.locator("#odds-form > summary").click()
    page.locator('[name="v1"]').fill("5+")
    started = float(page.evaluate("performance.now()"))
    page.evaluate("document.querySelector('form.odds-form').requestSubmit()")
    page.wait_for_function(f"document.querySelector('#odds-result').dataset.answered !== {before!r}", timeout=120_000)
    total = float(page.evaluate("performance.now()")) - started
    engine = int(result.get_attribute("data-answer-ms") or -1)
    page.close()
    return total, engine, {}


def main() -> None:
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8103
    site = f"http://127.0.0.1:{port}"
    profile = tempfile.mkdtemp(prefix="bench-offline-")
    server = serve(port)
    try:
        with sync_playwright() as playwright:
            context = phone(playwright, profile)
            page = context.new_page()
            page.goto(site + "/es/offline/")
            page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
            page.locator("#tools-save").click()
            page.locator("#tools-status").filter(has_text="guardadas").wait_for(timeout=300_000)
            context.close()
            server.terminate()
            server.wait()
            context = phone(playwright, profile)
            context.set_offline(True)
            runs = {"cold": open_answered(context, site + LINKS[0]), "warm": open_answered(context, site + LINKS[1])}
            context.close()
            context = phone(playwright, profile)
            context.set_offline(True)
            runs["restarted"] = open_answered(context, site + LINKS[0])
            runs["in place"] = in_place(context, site + LINKS[1])
            context.close()
    finally:
        server.terminate()
        shutil.rmtree(profile, ignore_errors=True)
    print("offline odds link to answer, CPU throttled 4x (goal: cold <= 3000 ms, after <= 300 ms):")
    for name, (total, engine, parts) in runs.items():
        start = ", ".join(f"{part} {ms}" for part, ms in parts.items())
        print(f"  {name:9} {total:6.0f} ms; engine's own answer {engine} ms; start (ms): {start}")


if __name__ == "__main__":
    main()
