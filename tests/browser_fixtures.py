"""Browser fixtures, shared by every test folder: headless Chromium (Debian's) driven by
Playwright against pytest-django's live server. One Playwright instance for the whole session."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

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
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        reason = f"Debian's chromium is not installed at {CHROMIUM} (apt-get install chromium)"
        if os.environ.get("REQUIRE_BROWSER"):
            pytest.fail(reason)
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    profile = tempfile.mkdtemp(prefix="chromium-profile-")
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
        try:
            yield context
        finally:
            context.close()
            shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture
def site(live_server: object, transactional_db: None) -> str:
    """The live server's URL, with the real content loaded (transactional tests start empty)."""
    from tests.conftest import load_real_content

    load_real_content()
    return str(live_server.url)  # type: ignore[attr-defined]


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    tab = browser.new_page()  # type: ignore[attr-defined]
    tab.set_default_timeout(10_000)
    yield tab
    tab.close()
