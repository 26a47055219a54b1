"""Waiting for the focus: pages move it when htmx settles, a moment after the swap itself."""

from __future__ import annotations


def wait_for_focus(page: object, attribute: str, value: str, timeout_ms: int = 5000) -> None:
    """Wait until the focused element's `attribute` ("id", "data-key", …) equals `value`."""
    expression = (
        "([name, wanted]) => { const el = document.activeElement;"
        " return !!el && (name === 'id' ? el.id : el.getAttribute(name)) === wanted; }"
    )
    page.wait_for_function(expression, arg=[attribute, value], timeout=timeout_ms)  # type: ignore[attr-defined]
