"""Time from opening an offline odds link to its answer on a mid-range phone profile (Chromium CPU
throttling 4x through CDP Emulation.setCPUThrottlingRate), with the tools saved from the offline
page. Saving starts Python and imports the engine once, in a worker, and keeps the interpreter's
memory (static/js/engine.js). Cold: the first link opened after saving (the page starts from that
memory snapshot); warm: the next link opened; restarted: a link opened after the browser was closed and opened again
(the snapshot kept on the phone); in place: the form sent again on a page whose engine is up. Each line gives the parts of the engine's start (engine.js's
timings: files read, the snapshot found (ms since the start; read while the runtime loads),
runtime start, words installed) and the phone's own computation of the answer (data-answer-ms).
Goal: cold <= 3 s, warm <= 300 ms. Each line's first figure is when the page put the answer on
screen, in its own clock (engine.js's data-answered-at): the time the bench takes to see it, through
a throttled page, is printed after it.

The engine runs in a worker (static/js/engine.js), and CDP's throttling reaches only the page's
main thread ("Operation is only supported for pages, not workers"). So that the worker is not
measured on a desktop's full speed, each worker thread of the browser is moved, as soon as it
appears, into a cgroup (v1, cpu controller) allowed a quarter of one core: 4x slower too. Where no
such cgroup can be made (not root), the figures say that the worker ran unthrottled.

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
import threading
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import BrowserContext, Playwright, sync_playwright

CHROMIUM = "/usr/bin/chromium"
# The page's main thread while it opened: its longest task and the time its tasks blocked it
# (each one's part over 50 ms, as Lighthouse's total blocking time counts it).
LONG_TASKS = """() => new Promise((resolve) => new PerformanceObserver((list, observer) => {
  const tasks = list.getEntries().map((entry) => entry.duration);
  observer.disconnect();
  resolve([Math.round(Math.max(0, ...tasks)), Math.round(tasks.reduce((sum, ms) => sum + Math.max(0, ms - 50), 0))]);
}).observe({ type: "longtask", buffered: true }))"""
CGROUP = Path("/sys/fs/cgroup/cpu/bench-phone-worker")


class WorkerThrottle:
    """Moves each of the browser's worker threads (named "DedicatedWorker") into a cgroup allowed
    25 ms of CPU every 100 ms, from a thread that looks for new ones every few milliseconds."""

    def __init__(self) -> None:
        self.stop = threading.Event()
        self.moved: set[str] = set()
        try:
            CGROUP.mkdir(exist_ok=True)
            (CGROUP / "cpu.cfs_period_us").write_text("100000")
            (CGROUP / "cpu.cfs_quota_us").write_text("25000")
            self.on = True
        except OSError:
            self.on = False

    def __enter__(self) -> WorkerThrottle:
        if self.on:
            threading.Thread(target=self._watch, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()

    def _renderers(self) -> list[Path]:
        found = []
        for proc in Path("/proc").glob("[0-9]*"):
            try:
                if b"--type=renderer" in (proc / "cmdline").read_bytes():
                    found.append(proc)
            except OSError:
                continue
        return found

    def _watch(self) -> None:
        renderers, seen_at = self._renderers(), time.monotonic()
        while not self.stop.is_set():
            if time.monotonic() - seen_at > 0.2:
                renderers, seen_at = self._renderers(), time.monotonic()
            for proc in renderers:
                for task in proc.glob("task/*"):
                    try:
                        if task.name not in self.moved and (task / "comm").read_text().strip() == "DedicatedWorker":
                            (CGROUP / "tasks").write_text(task.name)
                            self.moved.add(task.name)
                    except OSError:
                        continue
            time.sleep(0.003)


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
    parts["call"] = int(page.locator("#odds-result").get_attribute("data-call-ms") or -1)
    parts["shown at"] = int(page.locator("#odds-result").get_attribute("data-answered-at") or -1)
    longest, blocking = page.evaluate(LONG_TASKS)
    parts["main thread's longest task"], parts["its blocking time"] = longest, blocking
    parts["in a worker"] = int(page.evaluate("window.RulesEngine.worker === true"))
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
    send = (
        "() => { const now = performance.now(); document.querySelector('form.odds-form').requestSubmit(); return now; }"
    )
    started = float(page.evaluate(send))
    changed = (
        "(b) => document.querySelector('#odds-result').dataset.answered !== b"  # a function: the page forbids eval
    )
    page.wait_for_function(changed, arg=before, timeout=120_000)
    total = float(page.evaluate("performance.now()")) - started
    engine = int(result.get_attribute("data-answer-ms") or -1)
    call = int(result.get_attribute("data-call-ms") or -1)
    shown = int(float(result.get_attribute("data-answered-at") or -1) - started)
    page.close()
    return total, engine, {"call": call, "shown after": shown}


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
            with WorkerThrottle() as throttle:
                context = phone(playwright, profile)
                context.set_offline(True)
                runs = {
                    "cold": open_answered(context, site + LINKS[0]),
                    "warm": open_answered(context, site + LINKS[1]),
                }
                context.close()
                context = phone(playwright, profile)
                context.set_offline(True)
                runs["restarted"] = open_answered(context, site + LINKS[0])
                runs["in place"] = in_place(context, site + LINKS[1])
                context.close()
    finally:
        server.terminate()
        shutil.rmtree(profile, ignore_errors=True)
    worker = (
        f"4x too (cgroup quota, {len(throttle.moved)} worker threads)" if throttle.on else "NOT throttled (no cgroup)"
    )
    print(f"offline odds link to answer, main thread throttled 4x by CDP, the engine's worker {worker}")
    print("(goal: cold <= 3000 ms, after <= 300 ms). First figure: the answer put on the page, in the")
    print("page's own clock (since the link was opened, or the form sent); then when the bench saw it:")
    for name, (total, engine, parts) in runs.items():
        shown = parts.get("shown at", parts.get("shown after", -1))
        start = ", ".join(f"{part} {ms}" for part, ms in parts.items())
        print(f"  {name:9} {shown:6d} ms (seen at {total:.0f}); engine's own answer {engine} ms; parts (ms): {start}")


if __name__ == "__main__":
    main()
