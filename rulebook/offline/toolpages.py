"""Pages the tools' offline pack keeps for another app (the tutorial's steps), without the rulebook
depending on that app: the app registers a provider when it starts (tutorial/apps.py), and saving
the tools asks every provider for its pages in the active language."""

from __future__ import annotations

from collections.abc import Callable

Provider = Callable[[], list[str]]
_PROVIDERS: list[Provider] = []


def register(provider: Provider) -> None:
    if provider not in _PROVIDERS:
        _PROVIDERS.append(provider)


def tool_pages() -> list[str]:
    """Every provider's page URLs, in the active language."""
    return [url for provider in _PROVIDERS for url in provider()]
