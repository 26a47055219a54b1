"""The other names readers use for an item (``aliases`` in a content file): one layout and one check
for skills, glossary terms, table results, teams, positionals and team rules."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..vocab import LANGS


def ordered_aliases(aliases: Any) -> Any:
    """The languages in LANGS order (others after, sorted), as files and dumps write them."""
    if not isinstance(aliases, dict):
        return aliases
    return {lang: aliases[lang] for lang in [*LANGS, *sorted(set(aliases) - set(LANGS))] if lang in aliases}


def stored_aliases(aliases: dict[str, list[str]] | None) -> dict[str, list[str]]:
    """A row's aliases as a file writes them: the languages that have any, in LANGS order."""
    aliases = aliases or {}
    return {lang: list(aliases[lang]) for lang in LANGS if aliases.get(lang)}


def check_aliases(aliases: object, own: dict[str, str], name: str, prefix: str = "") -> Iterator[str]:
    """A table of languages, each a list of distinct non-empty names, none of them the own name."""
    if not isinstance(aliases, dict):
        yield f"{prefix}aliases must be a table of languages"
        return
    for lang, names in aliases.items():
        if lang not in LANGS:
            yield f"{prefix}aliases: unknown language {lang!r}"
        elif not isinstance(names, list) or not names or not all(isinstance(n, str) and n.strip() for n in names):
            yield f"{prefix}aliases.{lang} must be a non-empty list of names"
        elif len(set(names)) != len(names) or own.get(lang) in names:
            yield f"{prefix}aliases.{lang} repeats a name or the item's own {name}"
