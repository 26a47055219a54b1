"""The search relevance set: queries and the item each must find in the top results, and the report
per class of query (top-1, top-3 and, for three-letter prefixes, whether the first suggestion
matched in the reader's language) that the tests and bench/search.py print."""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .text import fold, words

TESTS = Path(__file__).resolve().parents[2] / "tests" / "rulebook" / "search"
RELEVANCE_FILE = TESTS / "relevance.toml"  # the first set (issue 11)
PLAYERS_FILE = TESTS / "relevance_players.toml"  # questions, editions, abbreviations, prefixes
RELEVANCE_FILES = (RELEVANCE_FILE, PLAYERS_FILE)

# Top-3 targets per class: questions are the hardest; every other class at least 97 %.
QUESTION_TARGET = 0.90
CLASS_TARGET = 0.97
# Three letters typed: the first suggestion matches in the reader's language this often.
PREFIX_LANGUAGE_TARGET = 0.95
PREFIX_CLASS = "prefix3"


@dataclass(frozen=True)
class RelevanceQuery:
    q: str
    lang: str
    expect: str  # "<ruleset>:<kind>:<slug>", kind as in search results (skill, trait, section, …)
    current: str = ""
    note: str = ""
    also: tuple[str, ...] = ()  # other items that answer the query as well (the other edition's rule)
    source: str = ""  # the file it comes from

    @property
    def klass(self) -> str:
        """The kind of query: the first word of its note ("prefix: …" → prefix)."""
        return self.note.split(":")[0].split()[0] if self.note.strip() else "other"

    @property
    def answers(self) -> tuple[str, ...]:
        return (self.expect, *self.also)


def load_relevance_set(paths: Sequence[Path] = RELEVANCE_FILES) -> list[RelevanceQuery]:
    queries = []
    for path in paths if not isinstance(paths, Path) else (paths,):
        with path.open("rb") as handle:
            data = tomllib.load(handle)
        for entry in data["query"]:
            entry = {**entry, "also": tuple(entry.get("also", ())), "source": path.name}
            queries.append(RelevanceQuery(**entry))
    return queries


def result_key(result: object) -> str:
    return f"{result.ruleset}:{result.kind}:{result.slug}"  # type: ignore[attr-defined]


@dataclass
class ClassScore:
    total: int = 0
    top1: int = 0
    top3: int = 0
    in_language: int = 0  # prefixes: the first suggestion matched in the reader's language
    misses: list[str] = field(default_factory=list)

    def rate(self, hits: int) -> float:
        return hits / self.total if self.total else 1.0


def first_in_reader_language(query: RelevanceQuery, result: object) -> bool:
    """The first suggestion for a typed prefix matched through a name of the reader's language: no
    other-language name was needed, and its title shows a word starting with what was typed."""
    if getattr(result, "via_name", ""):
        return False
    typed = fold(query.q)
    return any(fold(word).startswith(typed) for word in words(getattr(result, "title", "")))


def evaluate(queries: list[RelevanceQuery], run: Callable[[RelevanceQuery], Sequence[object]]) -> dict[str, ClassScore]:
    """Scores per class ("all" for every query); ``run`` answers a query with its ranked results."""
    scores: dict[str, ClassScore] = {}
    for query in queries:
        results = run(query)
        keys = [result_key(r) for r in results[:3]]
        for name in (query.klass, "all"):
            score = scores.setdefault(name, ClassScore())
            score.total += 1
            if keys[:1] and keys[0] in query.answers:
                score.top1 += 1
            if any(key in query.answers for key in keys):
                score.top3 += 1
            elif name != "all":
                score.misses.append(f"{query.lang} {query.q!r} → {query.expect}: {keys}")
            if query.klass == PREFIX_CLASS and results and first_in_reader_language(query, results[0]):
                score.in_language += 1
    return scores


def target(klass: str) -> float:
    return QUESTION_TARGET if klass == "question" else CLASS_TARGET


def report(scores: dict[str, ClassScore]) -> str:
    lines = [f"{'class':<13}{'n':>5}{'top 1':>9}{'top 3':>9}{'target':>9}"]
    for name in sorted(scores, key=lambda n: (n == "all", n)):
        score = scores[name]
        goal = "" if name == "all" else f"{target(name):.0%}"
        line = f"{name:<13}{score.total:>5}{score.rate(score.top1):>9.1%}{score.rate(score.top3):>9.1%}{goal:>9}"
        if name == PREFIX_CLASS:
            line += f"   first in reader's language {score.rate(score.in_language):.1%} (target {PREFIX_LANGUAGE_TARGET:.0%})"
        lines.append(line)
    return "\n".join(lines)
