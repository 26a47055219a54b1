"""Packs the tools' offline engine (rulebook/offline/engine_pack.py) into a folder: engine.zip
(the engine's and the apps' Django-free modules, from their own sources) and, per language,
words-<lang>.json (the doors' answers and the teams' rosters) and django-<lang>.mo. The offline
views serve the same bytes; the equality test and bench/offline.py read this folder."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from ...offline import engine_pack
from ...vocab import LANGS


class Command(BaseCommand):
    help = "Pack the engine and the apps' portable modules for the phone (Pyodide)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--out", default="build/offline-engine", help="folder to write (created)")
        parser.add_argument("--lang", action="append", choices=LANGS, help="only these languages")

    def handle(self, *args: Any, **options: Any) -> None:
        out = Path(options["out"])
        out.mkdir(parents=True, exist_ok=True)
        packed = engine_pack.engine_zip()
        (out / "engine.zip").write_bytes(packed)
        sizes = [f"engine.zip {len(packed)} bytes ({len(engine_pack.closure())} modules)"]
        for lang in options["lang"] or LANGS:
            words = json.dumps(engine_pack.engine_words(lang), ensure_ascii=False, separators=(",", ":"))
            (out / f"words-{lang}.json").write_text(words, encoding="utf-8")
            (out / f"django-{lang}.mo").write_bytes(engine_pack.catalogue(lang))
            sizes.append(f"words-{lang}.json {len(words.encode())} bytes")
        self.stdout.write("\n".join(sizes))
