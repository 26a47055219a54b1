"""Error pages in the reader's language."""

from __future__ import annotations

import re

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from ..vocab import LANGS, RULESET_KEYS

PAGE_WORDS = frozenset({*RULESET_KEYS, "skills", "tables", "rules", "glossary", "differences", "tutorial", "odds"})


def words_in_path(path: str) -> str:
    """ "/es/lrb6/skills/sure-handz/" → "sure handz": the words a reader probably meant."""
    parts = [p for p in path.strip("/").split("/") if p]
    if parts and parts[0] in LANGS:
        parts = parts[1:]
    words = [w for p in parts if p not in PAGE_WORDS for w in re.split(r"[-_+.]+", p) if w]
    return " ".join(words)[:100]


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if request.path.startswith("/api/"):
        return JsonResponse({"error": f"no such endpoint or item: {request.path}"}, status=404)
    message = ""
    if exception is not None and exception.args and isinstance(exception.args[0], str):
        message = exception.args[0]
    context = {"query": words_in_path(request.path), "message": message}
    return render(request, "404.html", context, status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    if request.path.startswith("/api/"):
        return JsonResponse({"error": "internal error"}, status=500)
    return render(request, "500.html", status=500)
