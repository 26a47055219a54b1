"""Renders the app icons (static/img/icon-*.png) from their SVG sources with headless Chromium.

Run after changing static/img/icon.svg or icon-maskable.svg: `.venv/bin/python scripts/make_icons.py`.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

IMG = Path(__file__).resolve().parent.parent / "static" / "img"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
OUTPUTS = [
    ("icon.svg", 192, "icon-192.png"),
    ("icon.svg", 512, "icon-512.png"),
    ("icon-maskable.svg", 512, "icon-maskable-512.png"),
]


def main() -> None:
    with tempfile.TemporaryDirectory() as profile, sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path="/usr/bin/chromium", args=ARGS, headless=True
        )
        page = context.new_page()
        for source, size, target in OUTPUTS:
            page.set_viewport_size({"width": size, "height": size})
            svg = (IMG / source).read_text(encoding="utf-8")
            page.set_content(f'<html><body style="margin:0;background:transparent">{svg}</body></html>')
            page.locator("svg").evaluate(
                f"s => {{ s.setAttribute('width', {size}); s.setAttribute('height', {size}); }}"
            )
            page.locator("svg").screenshot(path=str(IMG / target), omit_background=True)
            print(target, (IMG / target).stat().st_size, "bytes")
        context.close()


if __name__ == "__main__":
    main()
