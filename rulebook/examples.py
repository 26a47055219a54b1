"""Worked examples of the rules offered by another app (the tutorial's scenarios), without the
rulebook depending on that app: the app registers a provider when it starts, and a chapter page
asks for the examples that show its sections."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Example:
    title: str
    summary: str
    url: str


# (ruleset key, slugs of the sections on the page, language) → the examples that show them.
Provider = Callable[[str, frozenset[str], str], list[Example]]
_PROVIDERS: list[Provider] = []


def register(provider: Provider) -> None:
    if provider not in _PROVIDERS:
        _PROVIDERS.append(provider)


def examples_for(ruleset: str, sections: frozenset[str], lang: str) -> list[Example]:
    return [example for provider in _PROVIDERS for example in provider(ruleset, sections, lang)]
