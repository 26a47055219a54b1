"""Shared fixtures: the real content is loaded once into the test database."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from django.conf import settings

pytest_plugins = ["tests.browser_fixtures"]

# Playwright's sync API runs an event loop in the test thread; Django's ORM calls there are safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def load_real_content() -> None:
    from rulebook.contentfiles.loader import load_content

    load_content(settings.CONTENT_DIR, overwrite=True)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: pytest.FixtureRequest) -> Iterator[None]:
    with django_db_blocker.unblock():  # type: ignore[attr-defined]
        load_real_content()
    return


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # Browser tests use a live server whose transactional teardown empties the tables: run them last.
    def drives_a_browser(item: pytest.Item) -> bool:
        return item.get_closest_marker("browser") is not None or "/tests/browser/" in str(item.fspath)

    items.sort(key=drives_a_browser)
