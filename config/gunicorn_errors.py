"""gunicorn's own error answers in the site's contract. gunicorn answers a request it cannot
parse (a request line over its limit: 414; a control character in a header: 400; too many or
too large headers: 431) itself, before Django, in English HTML, under /api/ too. These workers
answer them instead with the pages `manage.py error_pages` rendered (rulebook/serving/
errorpages.py): JSON under /api/, a page in the address's language elsewhere; English when not
even the address could be read (a request line over the limit). Behind the proxy
(deploy/nginx) these never happen: its limits are lower than gunicorn's, and it answers first.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

from gunicorn import util
from gunicorn.workers.gthread import ThreadWorker
from gunicorn.workers.sync import SyncWorker

_original_write_error = util.write_error
_asked = threading.local()  # the path of the request being refused, per worker thread


def _root() -> Path:
    from django.conf import settings

    return Path(settings.ERROR_PAGES_ROOT)


def write_error(sock: Any, status_int: int, reason: str, mesg: str) -> None:
    from rulebook.serving.errorpages import answer_file

    found = answer_file(_root(), getattr(_asked, "path", ""), status_int)
    if found is None or not found[0].is_file():
        _original_write_error(sock, status_int, reason, mesg)
        return
    path, content_type, lang = found
    body = path.read_bytes()
    head = [
        f"HTTP/1.1 {status_int} {reason}",
        "Connection: close",
        f"Content-Type: {content_type}",
        f"Content-Length: {len(body)}",
        "Cache-Control: no-store",
        "X-Content-Type-Options: nosniff",
    ]
    if lang:
        head.append(f"Content-Language: {lang}")
    util.write_nonblock(sock, ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body)


def path_of(req: Any, exc: BaseException) -> str:
    """The path of the request gunicorn refused, if it had read it: its request, the one the
    exception names, or else the one being parsed when it was raised (gunicorn does not attach
    the request to every parse error: a control character in a header value is one)."""
    from gunicorn.http.message import Message

    candidates: list[Any] = [req, getattr(exc, "req", None)]
    frame = exc.__traceback__
    while frame is not None:
        candidates.append(frame.tb_frame.f_locals.get("self"))
        frame = frame.tb_next
    for asked in candidates:
        if isinstance(asked, Message) and asked.path:
            return str(asked.path)
    return ""


class _Contract:
    def handle_error(self, req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        _asked.path = path_of(req, exc)
        try:
            super().handle_error(req, client, addr, exc)  # type: ignore[misc]
        finally:
            _asked.path = ""


class ContractThreadWorker(_Contract, ThreadWorker):
    pass


class ContractSyncWorker(_Contract, SyncWorker):
    pass


def install() -> None:
    """In the master, before the workers fork (config/gunicorn.py)."""
    util.write_error = write_error
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
