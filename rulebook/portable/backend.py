"""The one backend the doors (i18n, numbers, content) ask: installed by the server at start
(rulebook/serverwords.py, from rulebook/apps.py) and by the phone when it loads the pack
(packed.py)."""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import AbstractContextManager
from fractions import Fraction
from typing import Protocol


class Backend(Protocol):
    # i18n
    def gettext(self, message: str) -> str: ...
    def ngettext(self, singular: str, plural: str, number: int) -> str: ...
    def pgettext(self, context: str, message: str) -> str: ...
    def get_language(self) -> str: ...
    def override(self, lang: str) -> AbstractContextManager[None]: ...

    # numbers, in the active language
    def num(self, value: int | float) -> str: ...
    def pct(self, value: Fraction, digits: int) -> str: ...
    def plural_category(self, number: int | float, lang: str) -> str: ...

    # content
    def skill_names(self, ruleset: str, lang: str) -> Mapping[str, str]: ...
    def own_skill_names(self, ruleset: str, lang: str) -> Mapping[str, str]: ...
    def term_names(self, ruleset: str, lang: str) -> Mapping[str, str]: ...
    def skill_choices(self, ruleset: str, lang: str) -> tuple[tuple[str, str, str], ...]: ...
    def skill_choice_names(self, ruleset: str, lang: str) -> Mapping[str, str]: ...
    def table_row_names(self, ruleset: str, table: str, lang: str) -> Mapping[int, str]: ...


class _Missing:
    def __getattr__(self, name: str) -> object:
        raise RuntimeError("no words backend installed (rulebook.portable.install): Django's app or the offline pack")


_installed: list[Backend] = []


def install(found: Backend) -> None:
    _installed[:] = [found]


def backend() -> Backend:
    return _installed[0] if _installed else _Missing()  # type: ignore[return-value]
