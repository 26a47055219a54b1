"""The search relevance set: queries and the item each must find in the top results."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

RELEVANCE_FILE = Path(__file__).resolve().parents[2] / "tests" / "rulebook" / "search_relevance.toml"


@dataclass(frozen=True)
class RelevanceQuery:
    q: str
    lang: str
    expect: str  # "<ruleset>:<kind>:<slug>", kind as in search results (skill, trait, section, …)
    current: str = ""
    note: str = ""


def load_relevance_set(path: Path = RELEVANCE_FILE) -> list[RelevanceQuery]:
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    return [RelevanceQuery(**entry) for entry in data["query"]]


def result_key(result: object) -> str:
    return f"{result.ruleset}:{result.kind}:{result.slug}"  # type: ignore[attr-defined]
