"""Load on the production stack, on loopback: prints requests/s, latency percentiles and errors.

Starts what `make serve-proxy` starts (deploy/proxy.py): nginx in front of gunicorn (production
settings, config/gunicorn.py), with a private Redis as the cache (maxmemory 256mb, allkeys-lru)
unless CACHE_URL is set; with --target gunicorn, gunicorn alone (as `make serve`). Then, through
the proxy (or straight to gunicorn):

1. warms every URL of a mix of 26 pages, htmx fragments and API calls, then asks for misses of
   every kind for --warm seconds (each worker's first render of a kind of page compiles its
   templates: a start's cost, reported apart);
2. a static file and a cached skill page of about its size, in alternating rounds of --round
   seconds (× --rounds), so that both see the same machine load: their ratio;
3. the 26-URL mix for --duration seconds over --connections (16) connections;
4. an all-miss mix: every request an address no cache has seen (bench/misses.py: new rolls,
   odds, searches, board squares, tutorial tries, builder choices), each a real render;
5. a flood: --connections connections asking for misses while one more times cached pages.

Targets: no error; cached page ≥ 0.7 × the static file; all-miss p99 ≤ 300 ms; cached pages' p99
≤ 50 ms during the flood. Prints TARGETS MET or SOME TARGETS MISSED (exit 1), and the machine's
load average before and after (a shared machine: read the figures with it). The budget of uncached
work per client (MISS_RATE_LIMIT) is off: this client stands for many readers; tests/test_proxy.py
shows the 429s. Every loop is bounded in time and everything started is stopped at the end.
Usage: `make bench-load` or `.venv/bin/python bench/load.py [--target gunicorn]`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
import urllib.request
from collections.abc import Callable
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from misses import miss_maker

SKILL_PAGE = "/en/lrb6/skills/block/"
HTMX = {"HX-Request": "true"}
Request = tuple[str, dict[str, str]]

# (path, headers): pages, fragments (htmx) and API calls, as readers and apps ask for them.
MIX: list[Request] = [
    ("/es/", {}),
    ("/it/lrb6/", {}),
    (SKILL_PAGE, {}),
    ("/es/lrb6/skills/dodge/", {}),
    ("/fr/bb2025/skills/sure-hands/", {}),
    ("/it/dreadball2/skills/", {}),
    ("/en/lrb6/skills/?category=agility", {}),
    ("/es/lrb6/skills/?category=strength", HTMX),
    ("/fr/lrb6/tables/weather/", {}),
    ("/en/lrb6/tables/injury/?roll=12345", {}),
    ("/es/lrb6/tables/injury/?roll=777", HTMX),
    ("/en/lrb6/rules/the-game/", {}),
    ("/it/bb2025/glossary/", {}),
    ("/fr/bb2025/differences/", {}),
    ("/es/search/?q=esquivar", {}),
    ("/en/search/suggest/?q=sure+h", HTMX),
    ("/it/search/suggest/?q=blocco", HTMX),
    ("/en/tutorial/", {}),
    ("/es/tutorial/03-moving-and-dodging/2/", {}),
    (
        "/it/tutorial/11-dreadball-dice-checks/3/?try=1&target=2&modifier=4&coach_dice=5&opp_target=2&opp_modifier=4&opp_coach_dice=5",
        {},
    ),
    (
        "/fr/tutorial/12-dreadball-facing-and-hexes/2/?try=1&to=C&facing=EAST",
        {"HX-Request": "true", "HX-Target": "step-result"},
    ),
    ("/en/odds/?edition=lrb6&steps=dodge:3,gfi:2,pickup:3&team_reroll=1", {}),
    ("/api/v1/search?q=block&lang=en", {}),
    ("/api/v1/rulesets/lrb6/skills/dodge?lang=es", {}),
    ("/api/v1/rulesets/bb2025/tables/injury?lang=fr", {}),
    ("/api/v1/odds?steps=dodge:3,gfi:2&skills=dodge", {}),
]


@dataclass
class Phase:
    name: str
    latencies: list[float] = field(default_factory=list)  # seconds
    errors: list[str] = field(default_factory=list)
    elapsed: float = 0.0

    @property
    def rate(self) -> float:
        return len(self.latencies) / self.elapsed if self.elapsed else 0.0

    def pct(self, q: float) -> float:
        if not self.latencies:
            return 0.0
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000

    def line(self) -> str:
        worst = max(self.latencies, default=0) * 1000
        return (
            f"{self.name:<34} {len(self.latencies):>6} req {self.rate:>7.1f} req/s  "
            f"p50 {self.pct(0.50):6.1f}  p95 {self.pct(0.95):6.1f}  p99 {self.pct(0.99):6.1f}  "
            f"max {worst:6.1f} ms  errors {len(self.errors)}"
        )


async def fetch(port: int, path: str, headers: dict[str, str]) -> tuple[int, float]:
    """One request on a new connection; timed until the answer is complete (its Content-Length,
    or the last chunk), as a browser shows it: nginx may keep the connection open a little longer
    while it refreshes its copy of the page in the background."""
    started = time.perf_counter()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    lines = [f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Accept-Encoding: gzip", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
    await writer.drain()
    try:
        head = await reader.readuntil(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1]) if head.startswith(b"HTTP/") else 0
        length = next(
            (
                int(line.split(b":", 1)[1])
                for line in head.lower().split(b"\r\n")
                if line.startswith(b"content-length:")
            ),
            None,
        )
        if length is not None:
            await reader.readexactly(length)
        elif b"transfer-encoding: chunked" in head.lower():
            while True:
                size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
                await reader.readexactly(size + 2)
                if size == 0:
                    break
        else:
            await reader.read()
    except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError):
        status = 0
    elapsed = time.perf_counter() - started
    writer.close()
    return status, elapsed


async def drive(port: int, phase: Phase, next_request: Callable[[int], Request], seconds: float, conns: int) -> None:
    deadline = time.perf_counter() + seconds

    async def connection(offset: int) -> None:
        i = offset
        while time.perf_counter() < deadline:
            path, headers = next_request(i)
            i += 1
            try:
                status, elapsed = await asyncio.wait_for(fetch(port, path, headers), timeout=10)
            except (TimeoutError, OSError) as error:
                phase.errors.append(f"{path}: {type(error).__name__}")
                continue
            phase.latencies.append(elapsed)
            if not 200 <= status < 400:
                phase.errors.append(f"{path}: {status}")

    started = time.perf_counter()
    await asyncio.gather(*(connection(n * 7) for n in range(conns)))
    phase.elapsed += time.perf_counter() - started


def cycling(requests: list[Request]) -> Callable[[int], Request]:
    return lambda i: requests[i % len(requests)]


def static_like(size: int) -> str:
    """The collected static file closest in size to the page (hashed name, as pages link it)."""
    manifest = json.loads((ROOT / "staticfiles" / "staticfiles.json").read_text())
    best = min(
        (name for name in manifest["paths"].values() if (ROOT / "staticfiles" / name).is_file()),
        key=lambda name: abs((ROOT / "staticfiles" / name).stat().st_size - size),
    )
    return f"/static/{best}"


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f} ({os.cpu_count()} CPUs)"


async def run(args: argparse.Namespace, port: int, label: str) -> int:
    print(f"{label}; {args.connections} connections; load average before: {load_average()}", flush=True)
    warm = Phase("warm-up (first answers)")
    started = time.perf_counter()
    for path, headers in MIX + MIX:  # twice: the proxy keeps what gunicorn answered the first time
        status, elapsed = await fetch(port, path, headers)
        warm.latencies.append(elapsed)
        if not 200 <= status < 400:
            warm.errors.append(f"{path}: {status}")
    warm.elapsed = time.perf_counter() - started
    make_miss = miss_maker(port)
    cold = Phase("warm-up (first misses of each kind)")  # each worker's first render of each kind of page
    await drive(port, cold, lambda i: make_miss(), args.warm, args.connections)
    page_size = len(urllib.request.urlopen(f"http://127.0.0.1:{port}{SKILL_PAGE}").read())
    static = static_like(page_size)
    static_phase, page_phase = Phase(f"static {static.rsplit('/', 1)[-1]}"), Phase(f"cached page ({page_size} B)")
    for _ in range(args.rounds):
        await drive(port, static_phase, cycling([(static, {})]), args.round, args.connections)
        await drive(port, page_phase, cycling([(SKILL_PAGE, {})]), args.round, args.connections)
    mix = Phase(f"mix of {len(MIX)} URLs")
    await drive(port, mix, cycling(MIX), args.duration, args.connections)
    misses = Phase("all-miss mix")
    await drive(port, misses, lambda i: make_miss(), args.duration, args.connections)
    flood, during = Phase(f"flood: {args.connections} conns of misses"), Phase("cached pages during the flood")
    await asyncio.gather(
        drive(port, flood, lambda i: make_miss(), args.duration, args.connections),
        drive(port, during, cycling(MIX), args.duration, 1),
    )
    for phase in (warm, cold, static_phase, page_phase, mix, misses, flood, during):
        print(phase.line())
    ratio = page_phase.rate / static_phase.rate if static_phase.rate else 0.0
    print(f"cached page / static file throughput: {ratio:.2f}")
    print(f"load average after: {load_average()}")
    return verdict((warm, cold, static_phase, page_phase, mix, misses, flood, during), ratio, misses, during)


def verdict(phases: tuple[Phase, ...], ratio: float, misses: Phase, during: Phase) -> int:
    errors = [e for p in phases for e in p.errors]
    missed = []
    if errors:
        missed.append(f"{len(errors)} errors (first: {errors[0]})")
    if ratio < 0.7:
        missed.append(f"cached/static {ratio:.2f} < 0.7")
    if misses.pct(0.99) > 300:
        missed.append(f"all-miss p99 {misses.pct(0.99):.0f} ms > 300 ms")
    if during.pct(0.99) > 50:
        missed.append(f"cached p99 during the flood {during.pct(0.99):.0f} ms > 50 ms")
    print("TARGETS MET" if not missed else "SOME TARGETS MISSED: " + "; ".join(missed))
    return 1 if missed else 0


@contextmanager
def through_proxy(args: argparse.Namespace, env: dict[str, str]) -> Any:
    from deploy.proxy import Stack

    gunicorn_port = args.gunicorn_port or args.port + 1
    with Stack(args.port, gunicorn_port, os.environ.get("CACHE_URL", ""), env).running(reuse_static=True) as stack:
        label = f"nginx :{stack.proxy_port} → gunicorn :{stack.gunicorn_port}, CACHE_URL={stack.cache_url}"
        yield stack.proxy_port, label


@contextmanager
def gunicorn_alone(args: argparse.Namespace, env: dict[str, str]) -> Any:
    from deploy.proxy import Stack

    threads = env.get("GUNICORN_THREADS") or os.environ.get("GUNICORN_THREADS", "4")  # as `make serve`
    stack = Stack(
        0, args.gunicorn_port or args.port, os.environ.get("CACHE_URL", ""), {**env, "GUNICORN_THREADS": threads}
    )
    with stack.running(reuse_static=True, proxy=False) as running:
        yield running.gunicorn_port, f"gunicorn alone :{running.gunicorn_port}, CACHE_URL={running.cache_url}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--target", choices=("proxy", "gunicorn"), default="proxy")
    parser.add_argument("--port", type=int, default=8118, help="the proxy's")
    parser.add_argument("--gunicorn-port", type=int, default=0, help="default: the proxy's plus one")
    parser.add_argument("--duration", type=float, default=20.0)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--warm", type=float, default=6.0, help="seconds of misses before measuring")
    parser.add_argument("--round", type=float, default=4.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=0, help="default: deploy/proxy.py (CPUs + 1)")
    parser.add_argument("--threads", type=int, default=0, help="default: config/gunicorn.py (4)")
    args = parser.parse_args()
    env = {"MISS_RATE_LIMIT": "", "LOG_LEVEL": "WARNING"}
    if args.workers:
        env["WEB_CONCURRENCY"] = str(args.workers)
    if args.threads:
        env["GUNICORN_THREADS"] = str(args.threads)
    started: Callable[[argparse.Namespace, dict[str, str]], AbstractContextManager[tuple[int, str]]]
    started = through_proxy if args.target == "proxy" else gunicorn_alone
    with started(args, env) as (port, label):
        code = asyncio.run(run(args, port, label))
    sys.exit(code)


if __name__ == "__main__":
    main()
