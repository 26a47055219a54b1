"""Page weight of the main page types (tests/page_types.py): the HTML and every file it loads
(stylesheets, scripts, icons, manifest, images), raw and gzip-compressed as they would travel.

Run with `.venv/bin/python bench/pages.py` after `make setup`. Prints one row per page and the totals;
the background download of the offline pack is not part of a page (bench/offline.py measures it).
"""

from __future__ import annotations

import gzip
import os
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from django.conf import settings
from django.contrib.staticfiles import finders
from django.test import Client

from tests.page_types import PAGE_TYPES

STATIC_PREFIX = "/static/"
LINK_RELS = {"stylesheet", "icon", "manifest", "apple-touch-icon"}


class Subresources(HTMLParser):
    """The URLs a browser fetches while loading the page (not links the reader may follow)."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag == "link" and LINK_RELS & set(values.get("rel", "").split()):
            self.urls.append(values.get("href", ""))
        elif tag in ("script", "img") and values.get("src"):
            self.urls.append(values["src"])
        elif tag == "use" and values.get("href", "").split("#")[0]:
            self.urls.append(values["href"].split("#")[0])


def compressed(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=6, mtime=0))


def fetch(client: Client, url: str) -> bytes:
    if url.startswith(STATIC_PREFIX):
        found = finders.find(url[len(STATIC_PREFIX) :].split("?")[0])
        if not found:
            raise SystemExit(f"missing static file {url}")
        return Path(str(found)).read_bytes()
    response = client.get(url)
    return b"".join(response.streaming_content) if response.streaming else response.content  # type: ignore[attr-defined]


def main() -> None:
    settings.DEBUG = False  # the site's own 404 page, as readers see it
    client = Client()
    total_raw = total_gzip = html_gzip_total = 0
    print(f"{'page':32} {'html':>8} {'html.gz':>8} {'all':>9} {'all.gz':>8}  files")
    for name, url in PAGE_TYPES.items():
        html = fetch(client, url)
        parser = Subresources()
        parser.feed(html.decode("utf-8"))
        files = sorted({u for u in parser.urls if u and not re.match(r"^[a-z]+:", u)})
        bodies = [fetch(client, u) for u in files]
        raw = len(html) + sum(len(b) for b in bodies)
        packed = compressed(html) + sum(compressed(b) for b in bodies)
        total_raw += raw
        total_gzip += packed
        html_gzip_total += compressed(html)
        print(f"{name:32} {len(html):8} {compressed(html):8} {raw:9} {packed:8}  {len(files)}")
    count = len(PAGE_TYPES)
    print(f"{'TOTAL (' + str(count) + ' pages)':32} {'':8} {html_gzip_total:8} {total_raw:9} {total_gzip:8}")
    print(
        f"mean per page, first visit: {total_raw / count / 1024:.1f} KiB raw, {total_gzip / count / 1024:.1f} KiB gzip"
    )


if __name__ == "__main__":
    main()
