"""The content version: a token that changes whenever any content row changes (see signals.py),
so caches of rendered text, of the search index and of whole pages are keyed by it.

It lives in the database (models.ContentVersion), the one truth every process shares: the change
commits with the content it describes, and a shared cache losing a key cannot bring an old
version back. A request reads it once (the page cache middleware opens a per-request memo);
outside a request each call reads it again, which management commands and tests can afford.
"""

from __future__ import annotations

import secrets
from contextvars import ContextVar, Token

from django.db import connection
from django.utils import timezone

ROW_ID = 1
_UNREAD = ""
_memo: ContextVar[str | None] = ContextVar("content_version", default=None)


def _table() -> str:
    from ..models import ContentVersion

    return connection.ops.quote_name(ContentVersion._meta.db_table)


def read_content_version() -> str:
    """The token in the database (created on first use if the row is missing)."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT token FROM {_table()} WHERE id = %s", [ROW_ID])
        row = cursor.fetchone()
    if row is not None:
        return str(row[0])
    from ..models import ContentVersion

    return ContentVersion.objects.get_or_create(
        pk=ROW_ID, defaults={"token": secrets.token_hex(8), "changed_at": timezone.now()}
    )[0].token


def content_version() -> str:
    memo = _memo.get()
    if memo:
        return memo
    version = read_content_version()
    if memo is not None:  # inside a request: remember it until the request ends
        _memo.set(version)
    return version


def bump_content_version() -> str:
    """A fresh token, written in the current transaction (so it commits, or rolls back, with the
    content change that caused it)."""
    from ..models import ContentVersion

    token = secrets.token_hex(8)
    updated = ContentVersion.objects.filter(pk=ROW_ID).update(token=token, changed_at=timezone.now())
    if not updated:
        ContentVersion.objects.update_or_create(pk=ROW_ID, defaults={"token": token, "changed_at": timezone.now()})
    if _memo.get() is not None:
        _memo.set(token)
    return token


def begin_request() -> Token[str | None]:
    """Open the per-request memo (read lazily, at the first content_version() call)."""
    return _memo.set(_UNREAD)


def end_request(token: Token[str | None]) -> None:
    _memo.reset(token)
