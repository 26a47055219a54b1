"""Translation for the pure modules, spelt as Django's (so `make messages` finds every string):
gettext, gettext_lazy, gettext_noop, ngettext, pgettext, pgettext_lazy, get_language, override."""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any

from .backend import backend


def gettext(message: str) -> str:
    return backend().gettext(message)


def ngettext(singular: str, plural: str, number: int) -> str:
    return backend().ngettext(singular, plural, number)


def pgettext(context: str, message: str) -> str:
    return backend().pgettext(context, message)


def gettext_noop(message: str) -> str:
    """Marks a message for the catalogue without translating it (English for the API)."""
    return message


def get_language() -> str:
    return backend().get_language()


def override(lang: str) -> AbstractContextManager[None]:
    return backend().override(lang)


class Lazy:
    """A message translated each time it is shown, in the language active then (module-level
    labels): str(), formatting with %, + and the str methods work on its translation."""

    __slots__ = ("context", "message")

    def __init__(self, message: str, context: str = "") -> None:
        self.message, self.context = message, context

    def __str__(self) -> str:
        return pgettext(self.context, self.message) if self.context else gettext(self.message)

    def __repr__(self) -> str:
        return f"Lazy({self.message!r})"

    def __mod__(self, values: Any) -> str:
        return str(self) % values

    def __add__(self, other: str) -> str:
        return str(self) + other

    def __radd__(self, other: str) -> str:
        return other + str(self)

    def __eq__(self, other: object) -> bool:
        return str(self) == str(other) if isinstance(other, (str, Lazy)) else NotImplemented

    def __hash__(self) -> int:
        return hash((self.context, self.message))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __getattr__(self, name: str) -> Any:
        return getattr(str(self), name)


def gettext_lazy(message: str) -> Lazy:
    return Lazy(message)


def pgettext_lazy(context: str, message: str) -> Lazy:
    return Lazy(message, context)
