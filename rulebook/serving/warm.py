"""Building, before any reader asks, what the first requests after a start or an edit would
otherwise build: the search index (shared through the cache), the offline pack's version (shared
too), each language's index of cross-references and the pack's page lists (per process; the
server's master builds them before forking its workers). After an admin save, the shared ones are
built in a thread, once the change has committed: the editor's answer does not wait for them."""

from __future__ import annotations

import logging
import threading

from django.db import connections

from .. import keptrows, selectors
from ..offline.pack import pack_pages, pack_version
from ..rendering.crossrefs import index_for
from ..search.results import warm_search_index
from ..vocab import LANGS

logger = logging.getLogger(__name__)


def warm_caches() -> None:
    warm_shared()
    rulesets = tuple(ruleset.key for ruleset in selectors.rulesets())
    for lang in LANGS:
        index_for(lang)
        pack_pages(lang, rulesets)
    keptrows.warm_rows()


def warm_shared() -> None:
    """What every process of every server fetches from the shared cache rather than builds."""
    warm_search_index()
    pack_version()


def warm_shared_in_background() -> None:
    """After an admin save commits (the search index took 6 s inside the editor's request)."""
    threading.Thread(target=_warm_quietly, name="warm-after-edit", daemon=True).start()


def _warm_quietly() -> None:
    try:
        warm_shared()
    except Exception:  # the next search builds it instead; nobody is waiting for this thread
        logger.exception("warming the caches after an edit failed")
    finally:
        connections.close_all()  # this thread's own connections
