"""Load on the production server, on loopback: prints requests/s, latency percentiles and errors.

Starts gunicorn exactly as `make serve` does (production settings, workers by CPU count, static
files by WhiteNoise), on 127.0.0.1 only, then:

1. warms every URL of the mix once (the first answers of a new content version, reported apart);
2. drives a mix of pages, htmx fragments and API calls for --duration seconds (60) over
   --connections (16) concurrent connections;
3. compares a skill page with a static file of about its size, in alternating rounds of
   --round seconds (5 × 4), so that both see the same machine load.

Targets: no error; the skill page at least half the static file's throughput; no request over
300 ms. Prints TARGETS MET, or SOME TARGETS MISSED and exits 1. Every loop is bounded in time and
the servers are stopped at the end. Usage: `make bench-load` or `.venv/bin/python bench/load.py`.

The cache is the production one: CACHE_URL if set; else, when redis-server is installed, a private
Redis on the next port (loopback only, no persistence, stopped at the end); else locmem://.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = ROOT / ".venv" / "bin" / "python"
GUNICORN = ROOT / ".venv" / "bin" / "gunicorn"
SKILL_PAGE = "/en/lrb6/skills/block/"
HTMX = {"HX-Request": "true"}

# (path, headers): pages, fragments (htmx) and API calls, as readers and apps ask for them.
MIX: list[tuple[str, dict[str, str]]] = [
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
            f"{self.name:<28} {len(self.latencies):>7} req {self.rate:>8.1f} req/s  "
            f"p50 {self.pct(0.50):6.1f}  p95 {self.pct(0.95):6.1f}  p99 {self.pct(0.99):6.1f}  "
            f"max {worst:6.1f} ms  errors {len(self.errors)}"
        )


async def fetch(port: int, path: str, headers: dict[str, str]) -> tuple[int, float]:
    """One request on a new connection (gunicorn's sync workers close it after each answer)."""
    started = time.perf_counter()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    lines = [f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Accept-Encoding: gzip", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
    await writer.drain()
    data = await reader.read()
    writer.close()
    elapsed = time.perf_counter() - started
    status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/") else 0
    return status, elapsed


async def drive(port: int, phase: Phase, urls: list[tuple[str, dict[str, str]]], seconds: float, conns: int) -> None:
    deadline = time.perf_counter() + seconds

    async def connection(offset: int) -> None:
        i = offset
        while time.perf_counter() < deadline:
            path, headers = urls[i % len(urls)]
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


def static_like(port: int, size: int) -> str:
    """The collected static file closest in size to the page (hashed name, as pages link it)."""
    manifest = json.loads((ROOT / "staticfiles" / "staticfiles.json").read_text())
    best = min(
        (name for name in manifest["paths"].values() if (ROOT / "staticfiles" / name).is_file()),
        key=lambda name: abs((ROOT / "staticfiles" / name).stat().st_size - size),
    )
    return f"/static/{best}"


def start_redis(port: int) -> subprocess.Popen[bytes] | None:
    binary = shutil.which("redis-server")
    if binary is None:
        return None
    redis = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        start_new_session=True,
    )
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return redis
        except OSError:
            time.sleep(0.1)
    stop(redis)
    return None


def start_server(port: int, workers: int) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": os.environ.get("SECRET_KEY") or secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "0",
        "BIND": f"127.0.0.1:{port}",
        "LOG_LEVEL": "WARNING",
    }
    if workers:
        env["WEB_CONCURRENCY"] = str(workers)
    subprocess.run([str(PYTHON), "manage.py", "collectstatic", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
    server = subprocess.Popen(
        [str(GUNICORN), "config.wsgi", "--config", "config/gunicorn.py"], cwd=ROOT, env=env, start_new_session=True
    )
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/static/css/site.css", timeout=2):
                return server
        except OSError:
            if server.poll() is not None:
                raise SystemExit("the server did not start") from None
            time.sleep(0.5)
    stop(server)
    raise SystemExit("the server did not answer within 90 s")


def stop(server: subprocess.Popen[bytes]) -> None:
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)


async def run(args: argparse.Namespace) -> int:
    port = args.port
    warm = Phase("warm-up (first answers)")
    started = time.perf_counter()
    for path, headers in MIX:
        status, elapsed = await fetch(port, path, headers)
        warm.latencies.append(elapsed)
        if not 200 <= status < 400:
            warm.errors.append(f"{path}: {status}")
    warm.elapsed = time.perf_counter() - started
    mix = Phase(f"mix of {len(MIX)} URLs")
    await drive(port, mix, MIX, args.duration, args.connections)
    page_size = len(urllib.request.urlopen(f"http://127.0.0.1:{port}{SKILL_PAGE}").read())
    static = static_like(port, page_size)
    static_phase, page_phase = Phase(f"static {static.rsplit('/', 1)[-1]}"), Phase(f"skill page ({page_size} B)")
    for _ in range(args.rounds):
        await drive(port, static_phase, [(static, {})], args.round, args.connections)
        await drive(port, page_phase, [(SKILL_PAGE, {})], args.round, args.connections)
    print(
        f"gunicorn on 127.0.0.1:{port}, {args.connections} connections, CACHE_URL={os.environ.get('CACHE_URL', 'locmem://')}"
    )
    for phase in (warm, mix, static_phase, page_phase):
        print(phase.line())
    ratio = page_phase.rate / static_phase.rate if static_phase.rate else 0.0
    print(f"skill page / static file throughput: {ratio:.2f}")
    measured = (mix, static_phase, page_phase)
    errors = sum(len(p.errors) for p in (warm, *measured))
    slowest = max((max(p.latencies, default=0) for p in measured), default=0) * 1000
    misses = []
    if errors:
        misses.append(f"{errors} errors (first: {next(e for p in (warm, *measured) for e in p.errors)})")
    if ratio < 0.5:
        misses.append(f"ratio {ratio:.2f} < 0.5")
    if slowest > 300:
        misses.append(f"slowest request {slowest:.0f} ms > 300 ms")
    print("TARGETS MET" if not misses else "SOME TARGETS MISSED: " + "; ".join(misses))
    return 1 if misses else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--port", type=int, default=8118)
    parser.add_argument("--duration", type=float, default=60.0)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--round", type=float, default=5.0)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--workers", type=int, default=0, help="default: config/gunicorn.py (CPU count)")
    args = parser.parse_args()
    redis = None
    if not os.environ.get("CACHE_URL"):
        redis = start_redis(args.port + 1)
        os.environ["CACHE_URL"] = f"redis://127.0.0.1:{args.port + 1}/0" if redis else "locmem://"
    try:
        server = start_server(args.port, args.workers)
        try:
            code = asyncio.run(run(args))
        finally:
            stop(server)
    finally:
        if redis is not None:
            stop(redis)
    sys.exit(code)


if __name__ == "__main__":
    main()
