"""Shared fixtures: the real content is loaded once into the test database."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

pytest_plugins = ["tests.browser_fixtures"]

# Playwright's sync API runs an event loop in the test thread; Django's ORM calls there are safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def load_real_content() -> None:
    from rulebook.contentfiles.loader import load_content

    load_content(settings.CONTENT_DIR, overwrite=True)


# The development database's name, read before any test database takes its place.
DEVELOPMENT_DATABASE = settings.DATABASES["default"]["NAME"]


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    from django.db import connection
    from django.test.utils import setup_databases, teardown_databases

    made = None
    with django_db_blocker.unblock():
        if connection.settings_dict["NAME"] == DEVELOPMENT_DATABASE:
            # pytest-django makes the test database only when a selected test asks for it in one of
            # its own ways (django_db, db, transactional_db, live_server); the browser tests ask
            # through this fixture (`site`), and must never run on the development database.
            made = setup_databases(verbosity=0, interactive=False, aliases={"default"})
        assert connection.settings_dict["NAME"] != DEVELOPMENT_DATABASE
        load_real_content()
    yield
    if made is not None:
        with django_db_blocker.unblock():
            teardown_databases(made, verbosity=0)


def is_slow(item: pytest.Item) -> bool:
    return any(item.get_closest_marker(name) for name in ("slow", "browser", "servers")) or (
        "/tests/browser/" in str(item.fspath)
    )


# Fixtures that reach the database, the cache or a server (pytest-django blocks the database for
# a test that has neither these nor the django_db marker).
SITE_FIXTURES = {"db", "transactional_db", "django_db_setup", "client", "admin_client", "async_client", "rf"}
SITE_FIXTURES |= {"live_server", "site", "content_server", "settings", "django_user_model", "admin_user"}
ENGINE_TESTS = Path(__file__).parent / "engine"
BROWSER_FIXTURES = {"playwright_driver", "browser", "phone", "page"}


def is_database_free(item: pytest.Item) -> bool:
    """The engine's tests (the engine imports only the standard library: test_engine_purity.py)
    and those marked `database_free`; it is an error for one of them to reach the site."""
    marked = item.get_closest_marker("database_free") is not None
    if not (marked or Path(str(item.fspath)).is_relative_to(ENGINE_TESTS)):
        return False
    reaches = item.get_closest_marker("django_db") or SITE_FIXTURES & set(getattr(item, "fixturenames", ()))
    if reaches:
        raise pytest.UsageError(f"{item.nodeid} is database-free but reaches the site ({reaches})")
    return True


@pytest.fixture(scope="session", autouse=True)
def fast_password_hasher() -> Iterator[None]:
    """Hashing a password as production does (PBKDF2, a million rounds) takes about half a second,
    and the tests create and sign in editors dozens of times; none of them tests the hasher. The
    production settings are checked as they are, in a subprocess (test_settings_and_filters.py)."""
    from django.test import override_settings

    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture(scope="session", autouse=True)
def private_static_root(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The tests' own WhiteNoise scans an empty STATIC_ROOT of its own. The production servers of
    the two-server and proxy tests collect into the shared staticfiles/, and collectstatic deletes
    and writes hashed files again: a worker loading its middleware meanwhile met a file that had
    just gone (FileNotFoundError, CI of c955b93). Those servers read the settings afresh."""
    from django.test import override_settings

    with override_settings(STATIC_ROOT=str(tmp_path_factory.mktemp("static"))):
        yield


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # Every browser or servers test is slow (`make test-fast` leaves them out with `-m "not slow"`).
    # The slow tests run first: with a few tests at a time per worker, in this order (make test:
    # --dist loadgroup --no-loadscope-reorder), the short ones then fill the end, and neither
    # worker waits for the other.
    # Order is free: no test leaves the database changed (browser tests put it back,
    # tests/database_state.py), and none needs another to run first.
    for item in items:
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())) and not item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.browser)  # wherever it lives: CI's second pass leaves them out
        if is_slow(item) and not item.get_closest_marker("slow"):
            item.add_marker(pytest.mark.slow)
    items.sort(key=lambda item: not is_slow(item))
    # CI's second pass (PostgreSQL and Redis, .ci/run) sets TESTS_SKIP_DATABASE_FREE=1: the tests
    # that cannot touch a database, a cache or a server ran in the first pass already.
    if os.environ.get("TESTS_SKIP_DATABASE_FREE"):
        skipped = {item for item in items if is_database_free(item)}
        if skipped:
            config.hook.pytest_deselected(items=sorted(skipped, key=items.index))
            items[:] = [item for item in items if item not in skipped]
    else:
        for item in items:
            is_database_free(item)  # the same check on every run: a mislabelled test fails now
