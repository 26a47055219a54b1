"""Search across every item, in any of the four languages.

The index lives in memory, built from the database once per content version (an admin edit bumps
the version, so results are right at once). Because it is plain Python over the same rows, SQLite
and PostgreSQL give identical results. Matching is case- and accent-insensitive, stemmed per
language with Snowball, forgiving of one typo (two in long words, and doubled letters count once),
and prefix-aware so that three typed letters already find a skill ("sure h" does too).

Every posting remembers the language of the name or text it comes from, so a word scores more in
the reader's language than through another language's name ("gar" is Garde for a French reader,
not Griffes through the Spanish "Garras"), and results can say which name matched. Fields: the
item's own names, its aliases (the counterpart's names in the other edition, the same glossary
concept elsewhere), the abbreviations players write (MB, TZ, GFI) and the body text.

This module builds the postings and scores one query word; ranking.py combines the words of a
query and orders the documents.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections import defaultdict
from dataclasses import dataclass, field

from ..vocab import LANGS
from .deletions import DeletionIndex
from .postings import BuiltPostings, Postings, SentCompact
from .text import deletes, fold, normalized, osa_distance, squeeze, stem, typo_budget, words

MAX_PREFIX_EXPANSION = 60
MAX_NAME_PREFIX_EXPANSION = 300

NAME, ALIAS, ABBR, TEXT = 0, 1, 2, 3
NAME_FIELDS = (NAME, ALIAS, ABBR)
# Weights of an exact word, a stem, a prefix (the word being typed) and a typo, per name field:
# (in the reader's language, in another language).
EXACT = {NAME: (10.0, 6.0), ALIAS: (7.0, 4.5), ABBR: (10.0, 8.0)}
STEM = {NAME: (9.0, 5.5), ALIAS: (6.5, 4.0)}
PREFIX = {NAME: (8.0, 4.5), ALIAS: (5.5, 3.5), ABBR: (6.0, 4.0)}
TYPO = {NAME: (7.0, 4.0), ALIAS: (5.0, 3.0)}
# A name word of the same family whose stem is a little longer or shorter ("ramassage" and
# "Ramasser", "rimbalza" and "Rimbalzo"): weaker than a stem match.
STEM_FAMILY = {NAME: (7.0, 4.5), ALIAS: (5.0, 3.0)}
MIN_FAMILY_STEM, MAX_FAMILY_EXTRA = 5, 3
# Articles and prepositions still match names ("On the Ball"), but weigh this much of a content word.
OPTIONAL_FACTOR = 0.25
OTHER_LANGUAGE_TEXT = 0.4  # a word found only in another language's text counts this much
# Text matches weigh more in short texts than in long ones (BM25's length normalisation): the
# weather table's two lines are more about the weather than a chapter that mentions it once.
LENGTH_K, LENGTH_B = 1.2, 0.5
# How a document matched a word: in a name of the reader's language, only in another language's
# name, or only in text.
SAME, OTHER, NONE = 2, 1, 0

# Per document, for one query word: [score, tier, matched vocabulary words, other languages whose
# names matched]. A list, so that offers update it in place.
WordHit = list


@dataclass
class Document:
    kind: str  # skill | trait | section | table | row | term | ruleset (and any kind added later)
    ruleset: str
    slug: str
    names: dict[str, str]
    texts: dict[str, str]
    anchor: str = ""  # for rows: "row-3"
    parent_slug: str = ""  # for rows: the table; for sections: the chapter
    # Other names the item is known by, per language (the counterpart in the other edition, the same
    # glossary concept elsewhere). They match like names but weigh less than the item's own names.
    aliases: dict[str, list[str]] = field(default_factory=dict)
    # Abbreviations players write, per language ({"en": ["MB"]}): matched whole, as strongly as names.
    abbreviations: dict[str, list[str]] = field(default_factory=dict)


@dataclass
class Match:
    document: Document
    score: float
    coverage: float
    name_hit: bool
    matched: set[str] = field(default_factory=set)  # folded words that matched, for highlighting
    tier: int = NONE  # SAME, OTHER or NONE: where the deciding words matched
    other_langs: set[str] = field(default_factory=set)  # languages of the other-language names that matched
    edition_hit: bool = False  # an edition word of the query is in one of its names ("… since LRB6")
    whole_name: bool = False  # the query is one of its names, whole ("placaje")


class SearchIndex(SentCompact):
    """Inverted index over folded words and their stems, per field and language."""

    def __init__(self, documents: list[Document]) -> None:
        self.documents = documents
        built_words: tuple[BuiltPostings, ...] = tuple(defaultdict(dict) for _ in range(4))
        built_stems: tuple[BuiltPostings, ...] = tuple(defaultdict(dict) for _ in range(4))
        self.words: tuple[Postings, ...] = built_words
        self.stems: tuple[Postings, ...] = built_stems
        # Per document and name field: its full names, normalized → languages, for the whole-name bonus.
        self.full_names: list[tuple[dict[str, set[str]], ...]] = []
        # Per document: the words of its names and aliases with their language, for short typos.
        self.name_words: list[list[tuple[str, str]]] = []
        # Per document and language: its name without leading articles ("calcio d inizio").
        self.name_keys: list[dict[str, str]] = []
        # Per document and language: the folded words of its own name (not aliases), to see how much
        # of a name a query covers ("ogre" is all of "Ogre · Human", a third of "Rat Ogre · Skaven").
        self.own_name_words: list[dict[str, frozenset[str]]] = []
        lengths: dict[str, list[int]] = {lang: [] for lang in LANGS}
        folded: dict[str, str] = {}

        def fold_word(word: str) -> str:
            value = folded.get(word)
            if value is None:
                value = folded[word] = fold(word)
            return value

        def post(index: BuiltPostings, key: str, lang: str, doc_id: int) -> None:
            by_lang = index[key]
            ids = by_lang.get(lang)
            if ids is None:
                by_lang[lang] = {doc_id}
            else:
                ids.add(doc_id)

        # Texts are gathered per distinct (word, language) first, so each is folded and stemmed once.
        text_postings: dict[str, dict[str, list[int]]] = {lang: defaultdict(list) for lang in LANGS}
        single_words: set[str] = set()  # single words of names and aliases, not run together

        def add(kind: int, text: str, lang: str, doc_id: int, full: dict[str, set[str]]) -> None:
            raw = words(text)
            if not raw:
                return
            folded_words = [fold_word(w) for w in raw]
            for name in normalized(folded_words):
                full.setdefault(name, set()).add(lang)
            if kind == ABBR:
                post(built_words[ABBR], "".join(folded_words), lang, doc_id)  # "K.O." → "ko"
                return
            # "Side Step" is also found as "sidestep", "Bone-head" as "bonehead".
            for first, second in itertools.pairwise(folded_words):
                post(built_words[kind], first + second, lang, doc_id)
            for word, folded_word in zip(raw, folded_words, strict=True):
                post(built_words[kind], folded_word, lang, doc_id)
                post(built_stems[kind], stem(word, lang), lang, doc_id)
                single_words.add(folded_word)
                doc_words.append((folded_word, lang))

        for doc_id, doc in enumerate(documents):
            fulls: tuple[dict[str, set[str]], ...] = ({}, {}, {})
            doc_words: list[tuple[str, str]] = []
            for lang in LANGS:
                add(NAME, doc.names.get(lang, ""), lang, doc_id, fulls[NAME])
                for alias in doc.aliases.get(lang, ()):
                    add(ALIAS, alias, lang, doc_id, fulls[ALIAS])
                for abbreviation in doc.abbreviations.get(lang, ()):
                    add(ABBR, abbreviation, lang, doc_id, fulls[ABBR])
                postings = text_postings[lang]
                text_words_of_doc = words(doc.texts.get(lang, ""))
                lengths[lang].append(len(text_words_of_doc))
                for word in set(text_words_of_doc):
                    postings[word].append(doc_id)
            for full in fulls:
                full.pop("", None)
            self.full_names.append(fulls)
            self.name_words.append(doc_words)
            self.own_name_words.append(
                {lang: frozenset(fold_word(w) for w in words(doc.names.get(lang, ""))) for lang in LANGS}
            )
            self.name_keys.append(
                {lang: normalized([fold_word(w) for w in words(doc.names.get(lang, ""))])[1] for lang in LANGS}
            )
        text_words, text_stems = built_words[TEXT], built_stems[TEXT]
        for lang, lang_postings in text_postings.items():
            for word, doc_ids in lang_postings.items():
                folded_word = fold_word(word)
                text_words[folded_word].setdefault(lang, set()).update(doc_ids)
                # Snowball leaves words of one or two letters and numbers alone.
                word_stem = folded_word if len(word) < 3 or word.isdigit() else stem(word, lang)
                text_stems[word_stem].setdefault(lang, set()).update(doc_ids)
        self.name_vocabulary = sorted(set(self.words[NAME]) | set(self.words[ALIAS]) | set(self.words[ABBR]))
        self.name_stems = sorted(set(self.stems[NAME]) | set(self.stems[ALIAS]))
        self.vocabulary = sorted(set(self.name_vocabulary) | set(self.words[TEXT]))
        # Symmetric-delete typo index. Name words get their full typo budget; words found only in
        # texts, and names run together ("sidestep"), get one deletion (enough for one typo, or two
        # when the query has the extra letters), which keeps the index build fast.
        deletion_index: dict[str, list[str]] = {}
        for word in self.vocabulary:
            budget = typo_budget(word)
            for variant in deletes(word, budget if word in single_words else min(budget, 1)):
                bucket = deletion_index.get(variant)
                if bucket is None:
                    deletion_index[variant] = [word]
                else:
                    bucket.append(word)
        self.deletion_index = DeletionIndex(deletion_index)
        # Words with their repeated letters squeezed ("timmmber" → "timber", "agallas" → "agalas"):
        # doubling or dropping a double letter counts as one typo, however many letters repeat.
        self.squeezed: dict[str, list[str]] = defaultdict(list)
        for word in self.vocabulary:
            squeezed = squeeze(word)
            if squeezed != word:
                self.squeezed[squeezed].append(word)
        self.size = max(len(documents), 1)
        # Per language and document: the length factor of its text (1 for an average text).
        self.text_norm: dict[str, list[float]] = {}
        for lang, counts in lengths.items():
            average = max(sum(counts) / max(len(counts), 1), 1.0)
            self.text_norm[lang] = [
                (1 + LENGTH_K) / (1 + LENGTH_K * (1 - LENGTH_B + LENGTH_B * count / average)) for count in counts
            ]
        # How many documents bear each name, per language: a typed word that starts several names
        # completes first the one most items share ("calcio": Calcio d'inizio before Calcio Preciso).
        self.name_popularity: dict[tuple[str, str], int] = defaultdict(int)
        for keys in self.name_keys:
            for lang, key in keys.items():
                if key:
                    self.name_popularity[lang, key] += 1
        # The rulesets' names per language, from their documents: results name the edition in words.
        self.ruleset_names = {doc.ruleset: doc.names for doc in documents if doc.kind == "ruleset"}

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
            candidates.update(self.deletion_index.get(variant))
        for candidate in candidates:
            distance = osa_distance(word, candidate, budget)
            if 0 < distance <= min(budget, typo_budget(candidate) or 1):
                found[candidate] = min(distance, found.get(candidate, distance))
        return list(found.items())

    def stem_family(self, word_stem: str) -> list[str]:
        """Name stems that extend ``word_stem`` or that it extends by at most a few letters."""
        if len(word_stem) < MIN_FAMILY_STEM:
            return []
        shorter = [
            word_stem[:k]
            for k in range(max(MIN_FAMILY_STEM, len(word_stem) - MAX_FAMILY_EXTRA), len(word_stem))
            if word_stem[:k] in self.stems[NAME] or word_stem[:k] in self.stems[ALIAS]
        ]
        longer = [
            candidate
            for candidate in self.prefix_words(word_stem, self.name_stems, 20)
            if candidate != word_stem and len(candidate) - len(word_stem) <= MAX_FAMILY_EXTRA
        ]
        return shorter + longer

    def knows(self, word: str) -> bool:
        return any(word in self.words[kind] for kind in (NAME, ALIAS, ABBR, TEXT))

    def score_word(
        self,
        word: str,
        lang: str,
        is_last: bool,
        optional: bool = False,
        many_words: bool = False,
        factor: float | None = None,
    ) -> dict[int, WordHit]:
        """Per document: [score, tier, matched words, other languages] for one query word.

        An optional word (an article, a question word) matches names only, at ``factor`` of the
        weight (OPTIONAL_FACTOR by default; 0 for question words, which then match nothing)."""
        best: dict[int, WordHit] = {}
        if factor is None:
            factor = OPTIONAL_FACTOR if optional else 1.0
        if not factor:
            return best

        def offer(by_lang: dict[str, set[int]], weights: tuple[float, float], in_name: bool, matched: str) -> None:
            for posting_lang, doc_ids in by_lang.items():
                same = posting_lang == lang
                base = factor * (weights[0] if same else weights[1])
                tier = (SAME if same else OTHER) if in_name else NONE
                norms = None if in_name else self.text_norm[posting_lang]
                for doc_id in doc_ids:
                    weight = base if norms is None else base * norms[doc_id]
                    hit = best.get(doc_id)
                    if hit is None:
                        best[doc_id] = [weight, tier, {matched}, set() if same or not in_name else {posting_lang}]
                        continue
                    if weight > hit[0]:
                        hit[0] = weight
                    if tier > hit[1]:
                        hit[1] = tier
                    hit[2].add(matched)
                    if in_name and not same:
                        hit[3].add(posting_lang)

        def text_weights(ids_by_lang: dict[str, set[int]], factor: float) -> dict[str, tuple[float, float]]:
            return {
                posting_lang: (factor * self.idf(ids), factor * OTHER_LANGUAGE_TEXT * self.idf(ids))
                for posting_lang, ids in ids_by_lang.items()
            }

        def offer_text(by_lang: dict[str, set[int]], factor: float, matched: str) -> None:
            for posting_lang, pair in text_weights(by_lang, factor).items():
                offer({posting_lang: by_lang[posting_lang]}, pair, False, matched)

        for kind in NAME_FIELDS:
            exact = self.words[kind].get(word)
            if exact:
                offer(exact, EXACT[kind], True, word)
        if not optional:
            for posting_lang in LANGS:
                word_stem = stem(word, posting_lang)
                for kind in (NAME, ALIAS):
                    by_lang = self.stems[kind].get(word_stem)
                    if by_lang and posting_lang in by_lang:
                        offer({posting_lang: by_lang[posting_lang]}, STEM[kind], True, word)
                for family in self.stem_family(word_stem):
                    for kind in (NAME, ALIAS):
                        by_lang = self.stems[kind].get(family)
                        if by_lang and posting_lang in by_lang:
                            offer({posting_lang: by_lang[posting_lang]}, STEM_FAMILY[kind], True, word)
            exact = self.words[TEXT].get(word)
            if exact:
                offer_text(exact, 1.0, word)
            for posting_lang in LANGS:
                by_lang = self.stems[TEXT].get(word if len(word) < 3 or word.isdigit() else stem(word, posting_lang))
                if by_lang and posting_lang in by_lang:
                    offer_text({posting_lang: by_lang[posting_lang]}, 2.5 / 3, word)
        # The word being typed: a prefix of name words (one letter is enough after other words,
        # "sure h"), and from three letters of text words.
        if is_last and (len(word) >= 2 or many_words):
            for candidate in self.prefix_words(word, self.name_vocabulary, MAX_NAME_PREFIX_EXPANSION):
                if candidate == word:
                    continue
                for kind in NAME_FIELDS:
                    by_lang = self.words[kind].get(candidate)
                    if by_lang:
                        offer(by_lang, PREFIX[kind], True, candidate)
            if len(word) >= 3 and not optional:
                for candidate in self.prefix_words(word):
                    by_lang = self.words[TEXT].get(candidate)
                    if candidate != word and by_lang:
                        offer_text(by_lang, 1.5 / 3, candidate)
        if not optional and not self.knows(word):
            for candidate, distance in self.typo_words(word):
                for kind in (NAME, ALIAS):
                    by_lang = self.words[kind].get(candidate)
                    if by_lang:
                        same, other = TYPO[kind]
                        offer(by_lang, (same - distance, other - distance), True, candidate)
                by_lang = self.words[TEXT].get(candidate)
                if by_lang:
                    offer_text(by_lang, (2.0 - distance / 2) / 3, candidate)
        return best

    def score_compounds(
        self, query_words: list[str], lang: str, per_word: list[dict[int, WordHit]], required: tuple[bool, ...]
    ) -> None:
        """Two typed words that form one name word ("side step" → "Sidestep") match it for both
        (deciding words only: "the ball" is not the run-together "theball" of "Catching the Ball")."""
        for i in range(len(query_words) - 1):
            if not (required[i] and required[i + 1]):
                continue
            joined = query_words[i] + query_words[i + 1]
            for kind in (NAME, ALIAS):
                for posting_lang, doc_ids in self.words[kind].get(joined, {}).items():
                    same = posting_lang == lang
                    weight = STEM[kind][0 if same else 1]
                    for doc_id in doc_ids:
                        for position in (i, i + 1):
                            hit = per_word[position].get(doc_id)
                            if hit is None:
                                per_word[position][doc_id] = [
                                    weight,
                                    SAME if same else OTHER,
                                    {query_words[position]},
                                    set() if same else {posting_lang},
                                ]
                            elif hit[0] < weight:
                                hit[0] = weight
                                hit[1] = max(hit[1], SAME if same else OTHER)
                                hit[2].add(query_words[position])
