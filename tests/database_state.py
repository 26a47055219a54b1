"""What the browser tests' shared database holds, and how to put it back after a test changed it.

The live server of the browser tests runs on the session's database, committed (tests/conftest.py
loads the real content once per worker). A test that edits content, signs in or creates a user
writes there for real; `put_back` restores the state read before the test: the content from the
files (one sync, under a second) if any content row changed, and the other tables (users, sessions,
login records, admin log) emptied again if they were empty. Anything else it cannot restore fails
the test that left it, so no browser test depends on which ran before it."""

from __future__ import annotations

from dataclasses import dataclass

from django.apps import apps
from django.db import models


def _all_models() -> list[type[models.Model]]:
    return [model for model in apps.get_models() if model._meta.managed and not model._meta.proxy]


@dataclass(frozen=True)
class DatabaseState:
    content_version: str
    rows: dict[str, int]  # model label → row count

    @classmethod
    def read(cls) -> DatabaseState:
        from rulebook.rendering.version import read_content_version

        rows = {model._meta.label: model._base_manager.count() for model in _all_models()}
        return cls(read_content_version(), rows)


def put_back(before: DatabaseState) -> None:
    from rulebook.signals import CONTENT_MODELS
    from tests.conftest import load_real_content

    after = DatabaseState.read()
    if after == before:
        return
    content = {model._meta.label for model in CONTENT_MODELS}
    if after.content_version != before.content_version or any(
        after.rows[label] != before.rows[label] for label in content
    ):
        load_real_content()  # overwrite: every row back as the files have it
    for model in _all_models():
        label = model._meta.label
        if label not in content and before.rows[label] == 0:
            model._base_manager.all().delete()
    left = {
        label: (count, before.rows[label])
        for label, count in DatabaseState.read().rows.items()
        if count != before.rows[label]
    }
    assert not left, f"rows the test left (now, before): {left}; put them back in the test"
