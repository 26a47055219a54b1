"""Cached answers: what is kept of a rendered page, how it is answered again (ETag, 304, brotli
or gzip), and where it is kept (a small in-process LRU in front of the shared cache).

A compressible answer is kept compressed both ways, once, when it is kept: brotli for the readers
whose browser accepts it (every current one: a page about a fifth smaller than gzip's), gzip for
the others; the proxy in front keeps each coding apart (deploy/nginx/rules.conf)."""

from __future__ import annotations

import gzip
import hashlib
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass

import brotli
from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified

# Headers that are recomputed for every answer (or must never be replayed).
NOT_KEPT = frozenset({"content-length", "etag", "cache-control", "vary", "expires", "last-modified", "date"})
COMPRESSIBLE = re.compile(r"^(text/|application/(json|xml|javascript)|image/svg\+xml)")
CODING = re.compile(r"^\s*([\w*-]+)\s*(?:;\s*q\s*=\s*([0-9.]+))?\s*$")
MIN_COMPRESS = 200  # bytes: below this gzip's own header outweighs the saving
# Brotli's quality 5: within a few per cent of its best (11) for pages, at the cost of gzip's 6
# (11 would cost a board page tens of milliseconds at every miss).
BROTLI_QUALITY = 5
SUFFIXES = {"gzip": "-gz", "br": "-br"}
FRONT_BYTES = 32 * 1024 * 1024  # the in-process copy of the hottest pages, per process
ENTRY_TIMEOUT = 24 * 3600  # keys hold the content version: old ones are simply never asked for
# Above this many bytes a body is kept gzipped only, and unpacked for the rare reader who refuses
# gzip (a millisecond for the sitemap's 930 KB, which gzip keeps in about 60 KB).
PLAIN_BYTES = 64 * 1024
# An answer that would still take more than this is not kept at all: it is rendered for each
# request (and counts against the client's budget, serving/budget.py) rather than crowd out
# hundreds of ordinary pages.
MAX_ENTRY_BYTES = 512 * 1024


@dataclass(frozen=True)
class Entry:
    """A 200 answer as it can be replayed: body (and its gzip and brotli), kept headers and a
    strong ETag. A large compressible body is kept compressed only (body is None)."""

    body: bytes | None
    gzipped: bytes | None
    headers: tuple[tuple[str, str], ...]
    tag: str  # the opaque part of the ETag, shared by every coding
    vary: tuple[str, ...]
    brotlied: bytes | None = None

    @property
    def size(self) -> int:
        return len(self.body or b"") + len(self.gzipped or b"") + len(self.brotlied or b"")

    @property
    def plain(self) -> bytes:
        if self.body is not None:
            return self.body
        return gzip.decompress(self.gzipped or b"")

    @classmethod
    def from_response(cls, response: HttpResponse, vary: tuple[str, ...]) -> Entry | None:
        """None unless the answer is the same for every anonymous reader: a plain 200, no cookie,
        nothing marked private, nothing depending on the session; and None if it is too large
        to keep (MAX_ENTRY_BYTES)."""
        if response.status_code != 200 or response.streaming or response.cookies:
            return None
        control = response.get("Cache-Control", "").lower()
        if "private" in control or "no-store" in control:
            return None
        if "cookie" in response.get("Vary", "").lower():
            return None
        body = response.content
        headers = tuple((k, v) for k, v in response.items() if k.lower() not in NOT_KEPT)
        gzipped = brotlied = None
        if len(body) >= MIN_COMPRESS and COMPRESSIBLE.match(response.get("Content-Type", "")):
            packed = gzip.compress(body, compresslevel=6, mtime=0)
            gzipped = packed if len(packed) < len(body) else None
        if gzipped is not None:
            packed = bytes(brotli.compress(body, quality=BROTLI_QUALITY))
            brotlied = packed if len(packed) < len(gzipped) else None
        tag = hashlib.blake2b(body, digest_size=12).hexdigest()
        kept = None if gzipped is not None and len(body) > PLAIN_BYTES else body
        entry = cls(kept, gzipped, headers, tag, vary + (("Accept-Encoding",) if gzipped else ()), brotlied)
        return entry if entry.size <= MAX_ENTRY_BYTES else None

    def coding_for(self, accept_encoding: str) -> str:
        """ "br", "gzip" or "" (the body as it is), from what the reader accepts and what is kept."""
        weights = accepted_codings(accept_encoding)
        if self.brotlied and _allows(weights, "br"):
            return "br"
        if self.gzipped and _allows(weights, "gzip"):
            return "gzip"
        return ""

    def etag(self, coding: str) -> str:
        return f'"{self.tag}{SUFFIXES.get(coding, "")}"'

    def matches(self, if_none_match: str) -> bool:
        """If-None-Match uses the weak comparison: either coding of this body matches."""
        if if_none_match.strip() == "*":
            return True
        for candidate in if_none_match.split(","):
            opaque = candidate.strip().removeprefix("W/").strip('"').removesuffix("-gz").removesuffix("-br")
            if opaque == self.tag:
                return True
        return False

    def respond(self, request: HttpRequest) -> HttpResponse:
        coding = self.coding_for(request.META.get("HTTP_ACCEPT_ENCODING", ""))
        common = {
            "ETag": self.etag(coding),
            "Cache-Control": cache_control(),
            # How long the proxy in front (deploy/nginx) keeps it before asking again with the
            # ETag: seconds, so an edit reaches its readers soon; browsers and CDNs read the above.
            "X-Accel-Expires": str(settings.PROXY_CACHE_SECONDS),
        }
        if self.vary:
            common["Vary"] = ", ".join(self.vary)
        if self.matches(request.META.get("HTTP_IF_NONE_MATCH", "")):
            response: HttpResponse = HttpResponseNotModified()
            for name, value in common.items():
                response[name] = value
            return response
        body = {"br": self.brotlied, "gzip": self.gzipped}.get(coding) or self.plain
        response = HttpResponse(b"" if request.method == "HEAD" else body)
        for name, value in self.headers:
            response[name] = value
        for name, value in common.items():
            response[name] = value
        if coding:
            response["Content-Encoding"] = coding
        response["Content-Length"] = str(len(body))
        return response


def accepts_gzip(header: str) -> bool:
    """Whether Accept-Encoding allows gzip: named with q > 0, or "*" with q > 0 and gzip unnamed."""
    return _allows(accepted_codings(header), "gzip")


def _allows(weights: dict[str, float], coding: str) -> bool:
    if coding in weights:
        return weights[coding] > 0
    return weights.get("*", 0.0) > 0


def accepted_codings(header: str) -> dict[str, float]:
    """Accept-Encoding as {coding: q} (its first 500 characters; unreadable parts skipped)."""
    weights: dict[str, float] = {}
    for part in header[:500].split(","):
        found = CODING.match(part)
        if found:
            try:
                weights[found[1].lower()] = float(found[2]) if found[2] else 1.0
            except ValueError:
                continue
    return weights


def cache_control() -> str:
    return f"public, max-age={settings.PAGE_MAX_AGE}, stale-while-revalidate={settings.PAGE_STALE_WHILE_REVALIDATE}"


class PageStore:
    """The shared cache behind a per-process LRU bounded in bytes. Keys carry the content version
    and entries never change, so the in-process copy can never be stale."""

    def __init__(self, front_bytes: int = FRONT_BYTES) -> None:
        self.front: OrderedDict[str, Entry] = OrderedDict()
        self.front_bytes = front_bytes
        self.used = 0
        self.lock = threading.Lock()

    def get(self, key: str) -> Entry | None:
        with self.lock:
            entry = self.front.get(key)
            if entry is not None:
                self.front.move_to_end(key)
                return entry
        found = cache.get(key)
        if isinstance(found, Entry):
            self._remember(key, found)
            return found
        return None

    def set(self, key: str, entry: Entry) -> None:
        cache.set(key, entry, timeout=ENTRY_TIMEOUT)
        self._remember(key, entry)

    def _remember(self, key: str, entry: Entry) -> None:
        if entry.size > self.front_bytes // 8:
            return
        with self.lock:
            if key in self.front:
                return
            self.front[key] = entry
            self.used += entry.size
            while self.used > self.front_bytes and self.front:
                _old, dropped = self.front.popitem(last=False)
                self.used -= dropped.size

    def clear(self) -> None:
        with self.lock:
            self.front.clear()
            self.used = 0


pages = PageStore()
