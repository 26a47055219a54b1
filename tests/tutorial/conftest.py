"""Browser fixtures for the tutorial walk (the lead's tests/browser/conftest.py provides them)."""

from tests.browser.conftest import browser, page, site  # noqa: F401
