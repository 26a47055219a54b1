"""Lighthouse mobile (simulated throttling: a mid-range phone on a slow 4G link) on the pages a
coach opens at the table: a skill, a team, the team builder, the odds calculator, the board, and a
ruleset page on a first visit (Lighthouse starts each run with empty storage). Prints, per page,
the median of RUNS runs: performance score, layout shift (CLS), total blocking time (TBT), largest
and first contentful paint (LCP, FCP). Targets (issues 25 and 26): score >= 95, CLS 0, and TBT
<= 200 ms on the ruleset page.

Lighthouse is a measurement tool, not a dependency of the site: install it outside the repository
    mkdir -p /work/tools/lighthouse && cd /work/tools/lighthouse && npm install lighthouse@13.5.0
(or set LIGHTHOUSE to its `lighthouse` binary), and CHROME_PATH to a Chromium (Debian's by default).

The times Lighthouse simulates are the main thread's observed ones times its CPU multiplier (4):
on a machine slower or busier than it expects (its benchmark index, printed, under 1000) the
blocking time grows with the load; --cpu-slowdown scales it.

Run against a production server (`make serve`, e.g. BIND=127.0.0.1:8131 SECURE_SSL_REDIRECT=0):
    .venv/bin/python bench/lighthouse.py http://127.0.0.1:8131 [--runs 3] [--lang es --lang fr] [--only skill]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

DEFAULT_BINARY = Path("/work/tools/lighthouse/node_modules/.bin/lighthouse")
CHROME = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
CHROME_FLAGS = "--headless --no-sandbox --disable-gpu --disable-background-networking"
PAGES = {
    "skill": "/{lang}/bb2025/skills/dodge/",
    "team": "/{lang}/bb2025/teams/human/",
    "builder": "/{lang}/bb2025/teams/human/builder/?n-lineman=6&n-blitzer=2&n-catcher=2&n-thrower=1",
    "odds": "/{lang}/odds/?c=bb2025;rr1;dodge:3,block:2d,armour:9",
    "board": "/{lang}/bb2025/board/",
    "ruleset": "/{lang}/bb2025/",
}
AUDITS = {
    "CLS": "cumulative-layout-shift",
    "TBT": "total-blocking-time",
    "LCP": "largest-contentful-paint",
    "FCP": "first-contentful-paint",
}


ATTEMPTS = 3  # Lighthouse sometimes loses its trace on a loaded machine (NO_NAVSTART): run again


@dataclass(frozen=True)
class Run:
    score: float
    figures: dict[str, float]  # CLS unitless, the others in milliseconds
    benchmark: float  # Lighthouse's benchmarkIndex of this machine during the run (it expects >= 1000)


def lighthouse_binary() -> str:
    found = os.environ.get("LIGHTHOUSE") or (str(DEFAULT_BINARY) if DEFAULT_BINARY.exists() else None)
    found = found or shutil.which("lighthouse")
    if not found:
        raise SystemExit(
            "Lighthouse is not installed (a measurement tool, not a dependency of the site). Install it with\n"
            "  mkdir -p /work/tools/lighthouse && cd /work/tools/lighthouse && npm install lighthouse@13.5.0\n"
            "or set LIGHTHOUSE to the path of its `lighthouse` binary."
        )
    return found


def run_once(binary: str, url: str, cpu_slowdown: float) -> Run:
    for attempt in range(ATTEMPTS):
        try:
            return _lighthouse(binary, url, cpu_slowdown)
        except RuntimeError as error:
            if attempt == ATTEMPTS - 1:
                raise SystemExit(str(error)) from error
    raise AssertionError("unreachable")


def _lighthouse(binary: str, url: str, cpu_slowdown: float) -> Run:
    with tempfile.TemporaryDirectory(prefix="bench-lighthouse-") as folder:
        report = Path(folder) / "report.json"
        command = [binary, url, "--quiet", "--output=json", f"--output-path={report}", "--form-factor=mobile"]
        command += ["--only-categories=performance", f"--chrome-flags={CHROME_FLAGS} --user-data-dir={folder}/p"]
        command += [f"--throttling.cpuSlowdownMultiplier={cpu_slowdown:g}"]
        done = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "CHROME_PATH": CHROME})
        if done.returncode != 0 or not report.exists():
            raise RuntimeError(f"lighthouse failed on {url}:\n{done.stderr[-2000:]}")
        data = json.loads(report.read_text())
    if data.get("runtimeError"):
        raise RuntimeError(f"lighthouse on {url}: {data['runtimeError']}")
    figures = {name: float(data["audits"][audit]["numericValue"]) for name, audit in AUDITS.items()}
    score = 100 * float(data["categories"]["performance"]["score"])
    return Run(score=score, figures=figures, benchmark=float(data["environment"]["benchmarkIndex"]))


def median(runs: list[Run]) -> Run:
    """The run of median score (its figures belong together), as Lighthouse's own guidance does."""
    return sorted(runs, key=lambda run: run.score)[len(runs) // 2]


def row(name: str, url: str, runs: list[Run]) -> str:
    middle = median(runs)
    scores = "/".join(f"{run.score:.0f}" for run in runs)
    cls_all = max(run.figures["CLS"] for run in runs)
    figures = middle.figures
    return (
        f"{name:8} {middle.score:5.0f} ({scores:11}) CLS {figures['CLS']:.3f} (max {cls_all:.3f})"
        f" TBT {figures['TBT']:5.0f} LCP {figures['LCP']:5.0f} FCP {figures['FCP']:5.0f} bench {middle.benchmark:4.0f}  {url}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", help="base URL of a running production server, e.g. http://127.0.0.1:8131")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--lang", action="append", help="language(s) to measure (es and fr by default)")
    parser.add_argument("--only", action="append", choices=sorted(PAGES), help="page(s) to measure (all by default)")
    parser.add_argument(
        "--cpu-slowdown",
        type=float,
        default=4,
        help="Lighthouse's CPU multiplier (4, its default, assumes a machine of benchmark index >= 1000;"
        " on a slower or busier one the times it simulates are that much longer)",
    )
    args = parser.parse_args()
    binary = lighthouse_binary()
    missed = []
    print(
        f"Lighthouse mobile, CPU x{args.cpu_slowdown:g}, median of {args.runs} runs (ms; targets: score >= 95, CLS 0)"
    )
    for lang in args.lang or ["es", "fr"]:
        for name in args.only or list(PAGES):
            url = args.site.rstrip("/") + PAGES[name].format(lang=lang)
            runs = [run_once(binary, url, args.cpu_slowdown) for _ in range(args.runs)]
            print(row(name, url, runs), flush=True)
            middle = median(runs)
            if middle.score < 95 or middle.figures["CLS"] > 0 or (name == "ruleset" and middle.figures["TBT"] > 200):
                missed.append(f"{lang} {name}")
    if missed:
        print("TARGETS MISSED: " + ", ".join(missed))
        sys.exit(1)
    print("all targets met")


if __name__ == "__main__":
    main()
