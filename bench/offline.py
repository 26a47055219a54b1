"""Size of the offline pack of one language and one ruleset, as the saving script downloads it
(static/js/offline.js): the pages every pack holds, the ruleset's pages and search index, and the
static files those pages use. Prints, per language and ruleset, the number of files, the bytes the
phone stores (uncompressed) and the bytes that travel gzip-compressed; the budget is 3 MB
compressed for one language and one ruleset. Then the tools' pack (the engine offline): its
runtime apart, the engine's modules, each language's words.

Run with `.venv/bin/python bench/offline.py` after `make setup` (the pages are rendered in process).
"""

from __future__ import annotations

import gzip
import json
import os
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from django.conf import settings
from django.contrib.staticfiles import finders
from django.test import Client

from rulebook.vocab import LANGS

BUDGET = 3_000_000  # bytes, compressed, one language and one ruleset
STATIC_RE = re.compile(r'(?:href|src|data-[a-z-]+)="(' + re.escape(settings.STATIC_URL) + r'[^"#?]+)')


def body(client: Client, url: str) -> bytes:
    if url.startswith(settings.STATIC_URL):
        found = finders.find(url[len(settings.STATIC_URL) :])
        if not found:
            raise SystemExit(f"missing static file {url}")
        return Path(str(found)).read_bytes()
    response = client.get(url)
    if response.status_code != 200:
        raise SystemExit(f"{url}: {response.status_code}")
    return bytes(response.content)


def measure(client: Client, lang: str, ruleset: dict[str, object], common: list[str]) -> tuple[int, int, int]:
    pages = list(dict.fromkeys([*common, *ruleset["pages"], ruleset["index"]]))  # type: ignore[misc]
    statics: set[str] = set()
    raw = packed = 0
    for url in pages:
        data = body(client, url)
        raw += len(data)
        packed += len(gzip.compress(data, compresslevel=6, mtime=0))
        if data.lstrip()[:15].lower().startswith(b"<!doctype html"):
            statics.update(STATIC_RE.findall(data.decode("utf-8")))
    for url in sorted(statics - set(pages)):
        data = body(client, url)
        raw += len(data)
        packed += len(gzip.compress(data, compresslevel=6, mtime=0))
    return len(pages) + len(statics - set(pages)), raw, packed


RUNTIME = Path(settings.BASE_DIR) / "static" / "vendor" / "pyodide-0.29.5"
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


def tools(client: Client) -> None:
    """The tools' pack: the engine's runtime (Pyodide, the same for every language) apart from the
    engine itself (rulebook/offline/engine_pack.py) and each language's words and catalogue."""
    runtime = [(RUNTIME / name).read_bytes() for name in RUNTIME_FILES]
    raw, packed = sum(map(len, runtime)), sum(len(gzip.compress(d, compresslevel=6, mtime=0)) for d in runtime)
    print(f"tools: engine runtime (Pyodide) {raw / 1e6:.2f} MB stored, {packed / 1e6:.2f} MB gzip")
    engine = body(client, "/en/offline/engine.zip")
    print(f"tools: engine and apps' modules (engine.zip) {len(engine) / 1e3:.0f} KB")
    for lang in LANGS:
        words = body(client, f"/{lang}/offline/engine-words.json") + body(client, f"/{lang}/offline/engine.mo")
        print(
            f"tools: {lang} words and catalogue {len(words) / 1e3:.0f} KB, {len(gzip.compress(words)) / 1e3:.0f} KB gzip"
        )


def main() -> None:
    client = Client()
    started = time.perf_counter()
    worst = 0
    print(f"{'language':8} {'ruleset':11} {'files':>6} {'stored':>10} {'gzip':>10}")
    for lang in LANGS:
        pack = json.loads(client.get(f"/{lang}/offline/pack.json").content)
        for ruleset in pack["rulesets"]:
            files, raw, packed = measure(client, lang, ruleset, pack["common"])
            worst = max(worst, packed)
            print(f"{lang:8} {ruleset['key']:11} {files:6} {raw / 1e6:8.2f} MB {packed / 1e6:8.2f} MB")
    index = client.get("/es/offline/search/bb2025.json").content
    print(f"search index es/bb2025: {len(index) / 1e3:.0f} KB, {len(gzip.compress(index)) / 1e3:.0f} KB gzip")
    verdict = "within" if worst <= BUDGET else "OVER"
    print(f"largest pack of one language and one ruleset: {worst / 1e6:.2f} MB gzip ({verdict} the 3 MB budget)")
    tools(client)
    print(f"measured in {time.perf_counter() - started:.1f} s")
    if worst > BUDGET:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
