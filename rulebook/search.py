"""Search across every item, in any of the four languages.

The index lives in memory, built from the database once per content version (an admin edit bumps
the version, so results are right at once). Because it is plain Python over the same rows, SQLite
and PostgreSQL give identical results. Matching is case- and accent-insensitive, stemmed per
language with Snowball, forgiving of one typo (two in long words), and prefix-aware so that three
typed letters already find a skill.
"""

from __future__ import annotations

import bisect
import math
import re
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache

import snowballstemmer
from django.utils.html import escape

from .vocab import LANGS

STEMMERS = {"es": "spanish", "it": "italian", "fr": "french", "en": "english"}
WORD_RE = re.compile(r"[^\W_]+", re.UNICODE)
MAX_PREFIX_EXPANSION = 60


def fold(text: str) -> str:
    """Lower case without accents: "Échec" → "echec"."""
    decomposed = unicodedata.normalize("NFD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def words(text: str) -> list[str]:
    return WORD_RE.findall(text.casefold())


@lru_cache(maxsize=65536)
def stem(word: str, lang: str) -> str:
    return fold(_stemmer(lang).stemWord(word))


@lru_cache(maxsize=4)
def _stemmer(lang: str) -> snowballstemmer.stemmer:  # type: ignore[name-defined]
    return snowballstemmer.stemmer(STEMMERS[lang])


def osa_distance(a: str, b: str, limit: int) -> int:
    """Edit distance with adjacent transpositions, giving up (limit + 1) once past ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, start=1):
            cost = ca != cb
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                current[j] = min(current[j], previous2[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        previous2, previous = previous, current
    return previous[-1]


def deletes(word: str, depth: int) -> set[str]:
    found = {word}
    frontier = {word}
    for _ in range(depth):
        frontier = {w[:i] + w[i + 1 :] for w in frontier for i in range(len(w))}
        found |= frontier
    return found


def typo_budget(word: str) -> int:
    return 0 if len(word) < 4 else 1 if len(word) < 8 else 2


@dataclass
class Document:
    kind: str  # skill | trait | section | table | row | term
    ruleset: str
    slug: str
    names: dict[str, str]
    texts: dict[str, str]
    anchor: str = ""  # for rows: "row-3"
    parent_slug: str = ""  # for rows: the table; for sections: the chapter


@dataclass
class Match:
    document: Document
    score: float
    coverage: float
    name_hit: bool
    matched: set[str] = field(default_factory=set)  # folded words that matched, for highlighting


class SearchIndex:
    """Inverted index over folded words and their stems, per field (name or text)."""

    def __init__(self, documents: list[Document]) -> None:
        self.documents = documents
        # word → {doc id: best weight}; names and texts apart so names can outrank texts.
        self.name_words: dict[str, set[int]] = defaultdict(set)
        self.text_words: dict[str, set[int]] = defaultdict(set)
        self.name_stems: dict[str, set[int]] = defaultdict(set)
        self.text_stems: dict[str, set[int]] = defaultdict(set)
        self.full_names: list[set[str]] = []
        for doc_id, doc in enumerate(documents):
            names = set()
            for lang in LANGS:
                name = doc.names.get(lang, "")
                names.add(fold(name).strip())
                for word in words(name):
                    self.name_words[fold(word)].add(doc_id)
                    self.name_stems[stem(word, lang)].add(doc_id)
                for word in words(doc.texts.get(lang, "")):
                    self.text_words[fold(word)].add(doc_id)
                    self.text_stems[stem(word, lang)].add(doc_id)
            self.full_names.append(names)
        self.vocabulary = sorted(set(self.name_words) | set(self.text_words))
        self.deletion_index: dict[str, set[str]] = defaultdict(set)
        for word in self.vocabulary:
            for variant in deletes(word, typo_budget(word)):
                self.deletion_index[variant].add(word)
        self.size = max(len(documents), 1)

    def idf(self, doc_ids: set[int]) -> float:
        return math.log(1 + self.size / (1 + len(doc_ids)))

    def prefix_words(self, prefix: str) -> list[str]:
        start = bisect.bisect_left(self.vocabulary, prefix)
        found = []
        for word in self.vocabulary[start : start + MAX_PREFIX_EXPANSION]:
            if not word.startswith(prefix):
                break
            found.append(word)
        return found

    def typo_words(self, word: str) -> list[tuple[str, int]]:
        budget = typo_budget(word)
        if not budget:
            return []
        candidates: set[str] = set()
        for variant in deletes(word, budget):
            candidates |= self.deletion_index.get(variant, set())
        found = []
        for candidate in candidates:
            distance = osa_distance(word, candidate, budget)
            if 0 < distance <= min(budget, typo_budget(candidate) or 1):
                found.append((candidate, distance))
        return found

    def _score_word(self, word: str, is_last: bool) -> dict[int, tuple[float, bool, set[str]]]:
        """Per document: (score, matched in a name, matched vocabulary words) for one query word."""
        best: dict[int, tuple[float, bool, set[str]]] = {}

        def offer(doc_ids: set[int], weight: float, in_name: bool, matched: str) -> None:
            for doc_id in doc_ids:
                old = best.get(doc_id)
                if old is None or weight > old[0]:
                    best[doc_id] = (weight, in_name or (old[1] if old else False), {matched} | (old[2] if old else set()))
                else:
                    old[2].add(matched)

        stems = {stem(word, lang) for lang in LANGS}
        if word in self.name_words:
            offer(self.name_words[word], 10.0, True, word)
        for s in stems:
            if s in self.name_stems:
                offer(self.name_stems[s], 9.0, True, word)
        if word in self.text_words:
            offer(self.text_words[word], 3.0 * self.idf(self.text_words[word]) / 3, False, word)
        for s in stems:
            if s in self.text_stems:
                offer(self.text_stems[s], 2.5 * self.idf(self.text_stems[s]) / 3, False, word)
        if is_last and len(word) >= 2:
            for candidate in self.prefix_words(word):
                if candidate == word:
                    continue
                if candidate in self.name_words:
                    offer(self.name_words[candidate], 8.0, True, candidate)
                if len(word) >= 3 and candidate in self.text_words:
                    offer(self.text_words[candidate], 1.5 * self.idf(self.text_words[candidate]) / 3, False, candidate)
        if word not in self.name_words and word not in self.text_words:
            for candidate, distance in self.typo_words(word):
                if candidate in self.name_words:
                    offer(self.name_words[candidate], 7.0 - distance, True, candidate)
                if candidate in self.text_words:
                    offer(self.text_words[candidate], (2.0 - distance / 2) * self.idf(self.text_words[candidate]) / 3, False, candidate)
        return best

    def search(self, query: str, current_ruleset: str = "", ruleset: str = "") -> list[Match]:
        query_words = [fold(w) for w in words(query)]
        if not query_words:
            return []
        per_word = [self._score_word(w, i == len(query_words) - 1) for i, w in enumerate(query_words)]
        totals: dict[int, Match] = {}
        for scores in per_word:
            for doc_id, (score, in_name, matched) in scores.items():
                match = totals.get(doc_id)
                if match is None:
                    match = totals[doc_id] = Match(self.documents[doc_id], 0.0, 0.0, False)
                match.score += score
                match.coverage += 1 / len(query_words)
                match.name_hit = match.name_hit or in_name
                match.matched |= matched
        folded_query = " ".join(query_words)
        results = []
        for doc_id, match in totals.items():
            doc = match.document
            if ruleset and doc.ruleset != ruleset:
                continue
            if match.coverage < 0.99 and len(query_words) <= 2:
                continue
            if match.coverage < 0.6:
                continue
            if folded_query in self.full_names[doc_id]:
                match.score += 25
            elif any(name.startswith(folded_query) for name in self.full_names[doc_id]):
                match.score += 12
            if doc.kind in ("skill", "trait", "term") and match.name_hit:
                match.score += 1  # a skill's own page beats a row that mentions it
            results.append(match)
        results.sort(
            key=lambda m: (
                -round(m.coverage, 3),
                not m.name_hit,
                m.document.ruleset != current_ruleset,
                -m.score,
                m.document.kind,
                m.document.slug,
            )
        )
        return results


def highlight(text: str, matched: set[str]) -> str:
    """Escape ``text`` and wrap the words that matched in <mark>."""
    out = []
    position = 0
    for found in WORD_RE.finditer(text):
        out.append(escape(text[position : found.start()]))
        word = found.group(0)
        folded = fold(word)
        hit = any(folded == m or (len(m) >= 2 and folded.startswith(m)) or m.startswith(folded) and len(folded) >= 4 for m in matched)
        out.append(f"<mark>{escape(word)}</mark>" if hit else escape(word))
        position = found.end()
    out.append(escape(text[position:]))
    return "".join(out)


def snippet(text: str, matched: set[str], width: int = 160) -> str:
    """A window of ``text`` around the first matched word, highlighted."""
    if not text:
        return ""
    start = 0
    for found in WORD_RE.finditer(text):
        folded = fold(found.group(0))
        if any(folded == m or folded.startswith(m) for m in matched):
            start = max(0, found.start() - width // 3)
            break
    end = min(len(text), start + width)
    # Cut on word boundaries so the snippet never starts or ends mid-word.
    if start > 0:
        space = text.find(" ", start)
        start = space + 1 if 0 <= space < start + 20 else start
    if end < len(text):
        space = text.rfind(" ", start, end)
        end = space if space > start else end
    prefix = "… " if start > 0 else ""
    suffix = " …" if end < len(text) else ""
    return prefix + highlight(text[start:end], matched) + suffix
