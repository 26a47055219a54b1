"""Editions of the rules behind one interface, looked up by key ("lrb6", "bb2025")."""

from __future__ import annotations

from .base import Edition, TableRow, lookup
from .bb2025 import Bb2025
from .lrb6 import Lrb6

EDITIONS: dict[str, type[Edition]] = {cls.key: cls for cls in (Lrb6, Bb2025)}


def get_edition(key: str, **options: str) -> Edition:
    """The edition registered under key, with optional variant options (e.g. pass_range_modifiers)."""
    try:
        cls = EDITIONS[key]
    except KeyError:
        raise KeyError(f"unknown edition {key!r}; known: {sorted(EDITIONS)}") from None
    return cls(**options)


__all__ = ["EDITIONS", "Bb2025", "Edition", "Lrb6", "TableRow", "get_edition", "lookup"]
