"""Positions from the tutorial offered as examples on each edition's board page. They are data
(examples.toml: the step each comes from and its board as the page's query), named by the step's
title; tests/tutorial/board/test_examples.py checks each code against the board the step computes."""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

from rulebook import links

from ..shared.scenario import get_scenario

EXAMPLES_FILE = Path(__file__).with_name("examples.toml")


@lru_cache(maxsize=1)
def example_steps() -> dict[str, tuple[tuple[str, int, str], ...]]:
    """Edition → its examples as (scenario slug, step number, board query), in the file's order."""
    data = tomllib.loads(EXAMPLES_FILE.read_text(encoding="utf-8"))
    return {
        edition: tuple((entry["scenario"], int(entry["step"]), entry["query"]) for entry in entries)
        for edition, entries in data.items()
    }


def board_url(edition: str, lang: str, query: str = "") -> str:
    url = links.page_url("tutorial:board", lang, edition)
    return f"{url}?{query}" if query else url


def examples(edition: str, lang: str) -> list[dict[str, str]]:
    found = []
    for slug, number, query in example_steps().get(edition, ()):
        scenario = get_scenario(slug)
        if scenario is None or not 1 <= number <= len(scenario.steps):
            continue
        found.append({"title": scenario.step(number).title[lang], "url": board_url(edition, lang, query)})
    return found
