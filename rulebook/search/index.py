"""Search across every item, in any of the four languages.

The index lives in memory, built from the database once per content version (an admin edit bumps
the version, so results are right at once). Because it is plain Python over the same rows, SQLite
and PostgreSQL give identical results. Matching is case- and accent-insensitive, stemmed per
language with Snowball, forgiving of one typo (two in long words, and doubled letters count once),
and prefix-aware so that three typed letters already find a skill ("sure h" does too).

Ranking: documents must contain every content word of a short query (articles, prepositions and
question words don't count, see STOPWORDS); among them, those matching in a name come first, then
those of the ruleset being browsed, then by score: whole-name and name-prefix matches, names before
aliases (the counterpart's names in the other edition) before body text, skills before sections
before tables before glossary entries before table rows on ties. Two typed words also match a
name written as one ("side step" → "Sidestep"), and the other way round.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections import defaultdict
from dataclasses import dataclass, field

from ..vocab import LANGS
from .text import (
    STOPWORDS,
    deletes,
    fold,
    normalized,
    osa_distance,
    squeeze,
    stem,
    typo_budget,
    words,
)

MAX_PREFIX_EXPANSION = 60

NAME, ALIAS, TEXT = 0, 1, 2
# Weights per field of an exact word, a stem, a prefix (the word being typed) and a typo match.
EXACT = {NAME: 10.0, ALIAS: 7.0}
STEM = {NAME: 9.0, ALIAS: 6.5}
PREFIX = {NAME: 8.0, ALIAS: 5.5}
TYPO = {NAME: 7.0, ALIAS: 5.0}
FULL_NAME_BONUS = {NAME: 25.0, ALIAS: 12.0}
NAME_PREFIX_BONUS = {NAME: 12.0, ALIAS: 6.0}
MAX_NAME_PREFIX_EXPANSION = 300
# Equal scores: the item's own page first (skill), then rules, tables, glossary, single table rows.
KIND_ORDER = {"skill": 0, "trait": 0, "section": 1, "table": 2, "term": 3, "row": 4}


@dataclass
class Document:
    kind: str  # skill | trait | section | table | row | term
    ruleset: str
    slug: str
    names: dict[str, str]
    texts: dict[str, str]
    anchor: str = ""  # for rows: "row-3"
    parent_slug: str = ""  # for rows: the table; for sections: the chapter
    # Other names the item is known by, per language (the counterpart in the other edition, the same
    # glossary concept elsewhere). They match like names but weigh less than the item's own names.
    aliases: dict[str, list[str]] = field(default_factory=dict)


@dataclass
class Match:
    document: Document
    score: float
    coverage: float
    name_hit: bool
    matched: set[str] = field(default_factory=set)  # folded words that matched, for highlighting


class SearchIndex:
    """Inverted index over folded words and their stems, per field (name, alias or text)."""

    def __init__(self, documents: list[Document]) -> None:
        self.documents = documents
        # field → word (or stem) → doc ids; names, aliases and texts apart so names can outrank texts.
        self.words: tuple[dict[str, set[int]], ...] = (defaultdict(set), defaultdict(set), defaultdict(set))
        self.stems: tuple[dict[str, set[int]], ...] = (defaultdict(set), defaultdict(set), defaultdict(set))
        # Per document and field (NAME, ALIAS): its full names, normalized, for the whole-name bonus.
        self.full_names: list[tuple[set[str], set[str]]] = []
        folded: dict[str, str] = {}

        def fold_word(word: str) -> str:
            value = folded.get(word)
            if value is None:
                value = folded[word] = fold(word)
            return value

        # Texts are gathered per distinct (word, language) first, so each is folded and stemmed once.
        text_postings: dict[str, dict[str, list[int]]] = {lang: defaultdict(list) for lang in LANGS}
        name_words: set[str] = set()  # single words of names and aliases, not run together

        def add(kind: int, text: str, lang: str, doc_id: int, full: set[str]) -> None:
            raw = words(text)
            if not raw:
                return
            word_index, stem_index = self.words[kind], self.stems[kind]
            folded_words = [fold_word(w) for w in raw]
            full.update(normalized(folded_words))
            # "Side Step" is also found as "sidestep", "Bone-head" as "bonehead".
            for first, second in itertools.pairwise(folded_words):
                word_index[first + second].add(doc_id)
            for word, folded_word in zip(raw, folded_words, strict=False):
                word_index[folded_word].add(doc_id)
                name_words.add(folded_word)
                stem_index[stem(word, lang)].add(doc_id)

        for doc_id, doc in enumerate(documents):
            names: set[str] = set()
            aliases: set[str] = set()
            for lang in LANGS:
                add(NAME, doc.names.get(lang, ""), lang, doc_id, names)
                for alias in doc.aliases.get(lang, ()):
                    add(ALIAS, alias, lang, doc_id, aliases)
                postings = text_postings[lang]
                for word in set(words(doc.texts.get(lang, ""))):
                    postings[word].append(doc_id)
            names.discard("")
            aliases.discard("")
            self.full_names.append((names, aliases - names))
        text_words, text_stems = self.words[TEXT], self.stems[TEXT]
        for lang, postings in text_postings.items():
            for word, doc_ids in postings.items():
                folded_word = fold_word(word)
                text_words[folded_word].update(doc_ids)
                # Snowball leaves words of one or two letters and numbers alone.
                word_stem = folded_word if len(word) < 3 or word.isdigit() else stem(word, lang)
                text_stems[word_stem].update(doc_ids)
        self.name_vocabulary = sorted(set(self.words[NAME]) | set(self.words[ALIAS]))
        self.vocabulary = sorted(set(self.name_vocabulary) | set(self.words[TEXT]))
        # Symmetric-delete typo index. Name words get their full typo budget; words found only in
        # texts, and names run together ("sidestep"), get one deletion (enough for one typo, or two
        # when the query has the extra letters), which keeps the index build fast.
        deletion_index: dict[str, list[str]] = {}
        for word in self.vocabulary:
            budget = typo_budget(word)
            for variant in deletes(word, budget if word in name_words else min(budget, 1)):
                bucket = deletion_index.get(variant)
                if bucket is None:
                    deletion_index[variant] = [word]
                else:
                    bucket.append(word)
        self.deletion_index = deletion_index
        # Words with their repeated letters squeezed ("timmmber" → "timber", "agallas" → "agalas"):
        # doubling or dropping a double letter counts as one typo, however many letters repeat.
        self.squeezed: dict[str, list[str]] = defaultdict(list)
        for word in self.vocabulary:
            squeezed = squeeze(word)
            if squeezed != word:
                self.squeezed[squeezed].append(word)
        self.size = max(len(documents), 1)

    def idf(self, doc_ids: set[int]) -> float:
        return math.log(1 + self.size / (1 + len(doc_ids)))

    def prefix_words(
        self, prefix: str, vocabulary: list[str] | None = None, limit: int = MAX_PREFIX_EXPANSION
    ) -> list[str]:
        vocabulary = self.vocabulary if vocabulary is None else vocabulary
        start = bisect.bisect_left(vocabulary, prefix)
        found = []
        for word in vocabulary[start : start + limit]:
            if not word.startswith(prefix):
                break
            found.append(word)
        return found

    def typo_words(self, word: str) -> list[tuple[str, int]]:
        budget = typo_budget(word)
        if not budget:
            return []
        found: dict[str, int] = {}
        squeezed = squeeze(word)
        for candidate in self.squeezed.get(squeezed, ()):
            found[candidate] = 1
        if squeezed != word and squeezed in self.words[NAME]:
            found[squeezed] = 1
        candidates: set[str] = set()
        for variant in deletes(word, budget):
            candidates.update(self.deletion_index.get(variant, ()))
        for candidate in candidates:
            distance = osa_distance(word, candidate, budget)
            if 0 < distance <= min(budget, typo_budget(candidate) or 1):
                found[candidate] = min(distance, found.get(candidate, distance))
        return list(found.items())

    def _score_word(
        self, word: str, is_last: bool, stopword: bool = False, many_words: bool = False
    ) -> dict[int, tuple[float, bool, set[str]]]:
        """Per document: (score, matched in a name, matched vocabulary words) for one query word."""
        best: dict[int, tuple[float, bool, set[str]]] = {}

        def offer(doc_ids: set[int], weight: float, in_name: bool, matched: str) -> None:
            for doc_id in doc_ids:
                old = best.get(doc_id)
                if old is None:
                    best[doc_id] = (weight, in_name, {matched})
                elif weight > old[0]:
                    old[2].add(matched)
                    best[doc_id] = (weight, in_name or old[1], old[2])
                else:
                    old[2].add(matched)
                    if in_name and not old[1]:
                        best[doc_id] = (old[0], True, old[2])

        stems = {stem(word, lang) for lang in LANGS}
        for kind in (NAME, ALIAS):
            if word in self.words[kind]:
                offer(self.words[kind][word], EXACT[kind], True, word)
            if not stopword:
                for s in stems:
                    if s in self.stems[kind]:
                        offer(self.stems[kind][s], STEM[kind], True, word)
        if not stopword:
            text_words, text_stems = self.words[TEXT], self.stems[TEXT]
            if word in text_words:
                offer(text_words[word], self.idf(text_words[word]), False, word)
            for s in stems:
                if s in text_stems:
                    offer(text_stems[s], 2.5 * self.idf(text_stems[s]) / 3, False, word)
        # The word being typed: a prefix of name words (one letter is enough after other words,
        # "sure h"), and from three letters of text words.
        if is_last and (len(word) >= 2 or many_words):
            for candidate in self.prefix_words(word, self.name_vocabulary, MAX_NAME_PREFIX_EXPANSION):
                if candidate == word:
                    continue
                for kind in (NAME, ALIAS):
                    if candidate in self.words[kind]:
                        offer(self.words[kind][candidate], PREFIX[kind], True, candidate)
            if len(word) >= 3 and not stopword:
                text_words = self.words[TEXT]
                for candidate in self.prefix_words(word):
                    if candidate != word and candidate in text_words:
                        offer(text_words[candidate], 1.5 * self.idf(text_words[candidate]) / 3, False, candidate)
        known = word in self.words[NAME] or word in self.words[ALIAS] or word in self.words[TEXT]
        if not stopword and not known:
            for candidate, distance in self.typo_words(word):
                for kind in (NAME, ALIAS):
                    if candidate in self.words[kind]:
                        offer(self.words[kind][candidate], TYPO[kind] - distance, True, candidate)
                if candidate in self.words[TEXT]:
                    ids = self.words[TEXT][candidate]
                    offer(ids, (2.0 - distance / 2) * self.idf(ids) / 3, False, candidate)
        return best

    def _score_compounds(self, query_words: list[str], per_word: list[dict[int, tuple[float, bool, set[str]]]]) -> None:
        """Two typed words that form one name word ("side step" → "Sidestep") match it for both."""
        for i in range(len(query_words) - 1):
            joined = query_words[i] + query_words[i + 1]
            for kind in (NAME, ALIAS):
                for doc_id in self.words[kind].get(joined, ()):
                    for position in (i, i + 1):
                        old = per_word[position].get(doc_id)
                        if old is None or old[0] < STEM[kind]:
                            matched = (old[2] if old else set()) | {query_words[position]}
                            per_word[position][doc_id] = (STEM[kind], True, matched)

    def search(self, query: str, current_ruleset: str = "", ruleset: str = "") -> list[Match]:
        query_words = [fold(w) for w in words(query)][:20]
        if not query_words:
            return []
        stopword = [w in STOPWORDS for w in query_words]
        if all(stopword):
            stopword = [False] * len(query_words)
        content_count = stopword.count(False)
        many = len(query_words) > 1
        per_word = [
            self._score_word(w, i == len(query_words) - 1, stopword[i], many) for i, w in enumerate(query_words)
        ]
        if many:
            self._score_compounds(query_words, per_word)
        totals: dict[int, Match] = {}
        for position, scores in enumerate(per_word):
            for doc_id, (score, in_name, matched) in scores.items():
                match = totals.get(doc_id)
                if match is None:
                    match = totals[doc_id] = Match(self.documents[doc_id], 0.0, 0.0, False)
                match.score += score
                if not stopword[position]:
                    match.coverage += 1 / content_count
                # "come" in "Come funziona un test" is no reason to rank that section as a name
                # match for "come schivare": only content words make a name hit.
                match.name_hit = match.name_hit or (in_name and not stopword[position])
                match.matched |= matched
        folded_query, content_query = normalized(query_words)
        results = []
        for doc_id, match in totals.items():
            doc = match.document
            if ruleset and doc.ruleset != ruleset:
                continue
            if match.coverage < 0.99 and content_count <= 2:
                continue
            if match.coverage < 0.6:
                continue
            for kind, names in enumerate(self.full_names[doc_id]):
                if folded_query in names or content_query in names:
                    match.score += FULL_NAME_BONUS[kind]
                    break
                completed = [name for name in names if name.startswith(folded_query)]
                if completed:
                    # The closer the typed text is to the whole name, the better: "esq" → "Esquive"
                    # before "Esquive en Force".
                    shortest = min(len(name) for name in completed)
                    match.score += NAME_PREFIX_BONUS[kind] + len(folded_query) / shortest
                    break
            if doc.kind in ("skill", "trait") and match.name_hit:
                match.score += 0.5  # a skill's own page beats a row that mentions it
            results.append(match)
        results.sort(
            key=lambda m: (
                -round(m.coverage, 3),
                not m.name_hit,
                m.document.ruleset != current_ruleset,
                -m.score,
                KIND_ORDER.get(m.document.kind, 5),
                m.document.slug,
            )
        )
        return results
