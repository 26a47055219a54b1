"""gunicorn settings for `make serve`, `make serve-proxy` and bench/load.py (environment: BIND,
WEB_CONCURRENCY, GUNICORN_THREADS).

Workers: 2 per CPU plus one (gunicorn's rule of thumb; a page is mostly CPU, a few queries wait
on the database), each with GUNICORN_THREADS threads (gthread, 4 by default; 1: gunicorn's sync
worker). Alone (`make serve`), the threads let a cached page (a millisecond) be answered while a
slow miss holds another thread of the same worker. Behind the proxy (deploy/nginx), which answers
cached pages without gunicorn, `make serve-proxy` runs one thread per worker and one worker per
CPU plus one (deploy/proxy.py): misses then queue in turn rather than share the CPUs 20 ways.
The application is loaded once in the master and the search and cross-reference indexes built
there before the workers fork, so every worker starts with them (copy-on-write) and none pays for
them on a reader's first request.

Limits: gunicorn's own are set above the proxy's, so that behind it every over-long request is
refused by the proxy, in the site's contract; without it, gunicorn's own refusals are answered in
the contract too (config/gunicorn_errors.py).
"""

from __future__ import annotations

import gc
import multiprocessing
import os
from typing import Any

from config import gunicorn_errors

bind = os.environ.get("BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", "0")) or multiprocessing.cpu_count() * 2 + 1
threads = max(1, int(os.environ.get("GUNICORN_THREADS", "4")))
worker_class = (
    "config.gunicorn_errors.ContractThreadWorker" if threads > 1 else "config.gunicorn_errors.ContractSyncWorker"
)
keepalive = 5
preload_app = True
timeout = 30
graceful_timeout = 20
limit_request_line = 8190  # gunicorn's maximum; the proxy refuses addresses over 4,096 bytes first
limit_request_fields = 200
limit_request_field_size = 8190  # a longer header line is refused in the contract (gunicorn_errors.py)
accesslog = os.environ.get("ACCESS_LOG") or None
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "warning").lower()
# Forwarded headers are trusted from these addresses only (the proxy in front, if any).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")

gunicorn_errors.install()


def when_ready(server: Any) -> None:
    """In the master, before forking: warm what every worker needs, then drop the connections
    (a database connection must never be shared between processes)."""
    from django.db import connections

    from rulebook.serving.warm import warm_caches

    try:
        warm_caches()
    finally:
        connections.close_all()
    # What was built lives as long as the process: out of the collector's sight, so that a full
    # collection in a worker (about 120 ms over the search index alone) does not walk it again
    # and again in the middle of readers' requests (the all-miss tail), and its memory pages,
    # shared with the workers, are not written by the collector's bookkeeping.
    gc.freeze()
