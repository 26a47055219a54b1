"""Browser fixtures, shared by every test folder: headless Chromium (Debian's) driven by
Playwright against a live server. One Playwright instance and one live server for the whole
session (per xdist worker)."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def playwright_driver() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        reason = f"Debian's chromium is not installed at {CHROMIUM} (apt-get install chromium)"
        if os.environ.get("REQUIRE_BROWSER"):
            pytest.fail(reason)
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


def launch(playwright: object, profile: str, **options: object) -> object:
    return playwright.chromium.launch_persistent_context(  # type: ignore[attr-defined]
        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, **options
    )


# The shared browser does not save the offline pack by itself after a first visit (the pages would
# download a few hundred others in the background while later tests run); the offline tests use
# a fresh phone of their own (the `phone` fixture), where it does.
NO_AUTOMATIC_SAVE = "try { localStorage.setItem('offline-auto', 'off'); } catch (error) {}"


@pytest.fixture(scope="session")
def browser(playwright_driver: object) -> Iterator[object]:
    profile = tempfile.mkdtemp(prefix="chromium-profile-")
    # No service worker in the shared browser: one registered by a page would keep fetching sw.js
    # from the live server in the background, while later tests of the same worker (not browser
    # tests) hold SQLite's shared in-memory database ("database table is locked" in CI). The
    # offline tests bring their own phone, where the worker runs.
    context = launch(playwright_driver, profile, service_workers="block")
    context.add_init_script(NO_AUTOMATIC_SAVE)  # type: ignore[attr-defined]
    try:
        yield context
    finally:
        context.close()  # type: ignore[attr-defined]
        shutil.rmtree(profile, ignore_errors=True)


PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}


@pytest.fixture
def phone(playwright_driver: object) -> Iterator[object]:
    """A fresh phone (390 × 844, touch) with an empty profile: its own service worker and caches."""
    profile = tempfile.mkdtemp(prefix="chromium-phone-")
    context = launch(playwright_driver, profile, **PHONE)
    context.set_default_timeout(15_000)  # type: ignore[attr-defined]
    try:
        yield context
    finally:
        context.close()  # type: ignore[attr-defined]
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="session")
def content_server(django_db_setup: None, django_db_blocker: Any) -> Iterator[Any]:
    """One live server per session (per xdist worker), over the session's test database, where
    tests/conftest.py loaded the real content once. Not pytest-django's `live_server`: that one
    makes each test transactional, which empties the tables after it (and made every browser test
    load the content again)."""
    from pytest_django.live_server_helper import LiveServer

    with django_db_blocker.unblock():
        server = LiveServer(os.environ.get("DJANGO_LIVE_TEST_SERVER_ADDRESS", "localhost"))
    try:
        yield server
    finally:
        server.stop()
        with django_db_blocker.unblock():
            close_request_threads_connections()


def close_request_threads_connections() -> None:
    """Each request thread of the live server keeps its database connection (CONN_MAX_AGE) while
    the browser keeps its socket open; one still closing when the session ends would keep
    PostgreSQL from dropping the test database. The server is stopped: end them."""
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )


@pytest.fixture
def site(content_server: Any, django_db_blocker: Any) -> Iterator[str]:
    """The live server's URL. The test and the server share the committed database (no test
    transaction, so the server sees what the test writes); whatever a test changes in it is put
    back afterwards (tests/database_state.py), so each browser test starts from the real content,
    whichever ran before it."""
    from tests.database_state import DatabaseState, put_back

    with django_db_blocker.unblock():
        before = DatabaseState.read()
        content_server._live_server_modified_settings.enable()
        try:
            yield str(content_server.url)
        finally:
            content_server._live_server_modified_settings.disable()
            put_back(before)


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    tab = browser.new_page()  # type: ignore[attr-defined]
    tab.set_default_timeout(10_000)
    yield tab
    tab.close()
