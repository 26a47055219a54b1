"""gunicorn settings for `make serve` and bench/load.py (environment: BIND, WEB_CONCURRENCY).

Workers: 2 per CPU plus one (gunicorn's rule of thumb; a page is mostly CPU, a few queries wait
on the database). The application is loaded once in the master and the search and cross-reference
indexes built there before the workers fork, so every worker starts with them (copy-on-write)
and none pays for them on a reader's first request.
"""

from __future__ import annotations

import multiprocessing
import os
from typing import Any

bind = os.environ.get("BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", "0")) or multiprocessing.cpu_count() * 2 + 1
worker_class = "sync"
preload_app = True
timeout = 30
graceful_timeout = 20
accesslog = os.environ.get("ACCESS_LOG") or None
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "warning").lower()
# Forwarded headers are trusted from these addresses only (the proxy in front, if any).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")


def when_ready(server: Any) -> None:
    """In the master, before forking: warm what every worker needs, then drop the connections
    (a database connection must never be shared between processes)."""
    from django.db import connections

    from rulebook.serving.warm import warm_caches

    try:
        warm_caches()
    finally:
        connections.close_all()
