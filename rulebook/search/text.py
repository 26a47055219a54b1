"""Words as the search compares them: folded (lower case, no accents), stemmed per language with
Snowball, and the tools for typo tolerance (edit distance, deletions, doubled letters)."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

import snowballstemmer

STEMMERS = {"es": "spanish", "it": "italian", "fr": "french", "en": "english"}
WORD_RE = re.compile(r"[^\W_]+", re.UNICODE)


# The combining accents (U+0300–U+036F less the grapheme joiner U+034F, which is not a combining mark).
COMBINING_ACCENTS_RE = re.compile("[\u0300-\u034e\u0350-\u036f]")


def fold(text: str) -> str:
    """Lower case without accents: "Échec" → "echec"."""
    decomposed = COMBINING_ACCENTS_RE.sub("", unicodedata.normalize("NFD", text.casefold()))
    if decomposed.isascii() or not any(unicodedata.combining(c) for c in set(decomposed)):
        return decomposed
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def words(text: str) -> list[str]:
    return WORD_RE.findall(text.casefold())


@lru_cache(maxsize=65536)
def stem(word: str, lang: str) -> str:
    return fold(_stemmer(lang).stemWord(word))


@lru_cache(maxsize=4)
def _stemmer(lang: str) -> snowballstemmer.stemmer:
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


SQUEEZE_RE = re.compile(r"(.)\1+")


def squeeze(word: str) -> str:
    return SQUEEZE_RE.sub(r"\1", word)


def typo_budget(word: str) -> int:
    return 0 if len(word) < 4 else 1 if len(word) < 8 else 2


# Articles, prepositions, conjunctions and question words of the four languages (folded). In a query
# they neither count towards coverage nor match body text, so "cómo esquivar" or "how to dodge" rank
# by "esquivar"/"dodge"; they still match names ("On the Ball", "Put the Boot In").
STOPWORDS = frozenset(
    [
        "a",
        "al",
        "alla",
        "alle",
        "allo",
        "an",
        "and",
        "are",
        "as",
        "at",
        "au",
        "aux",
        "by",
        "c",
        "con",
        "d",
        "da",
        "dal",
        "dalla",
        "de",
        "dei",
        "del",
        "della",
        "delle",
        "dello",
        "des",
        "di",
        "do",
        "does",
        "du",
        "e",
        "el",
        "en",
        "est",
        "et",
        "for",
        "from",
        "gli",
        "how",
        "i",
        "il",
        "in",
        "is",
        "it",
        "l",
        "la",
        "las",
        "le",
        "les",
        "lo",
        "los",
        "nel",
        "nella",
        "o",
        "of",
        "on",
        "or",
        "ou",
        "par",
        "para",
        "per",
        "por",
        "pour",
        "qu",
        "que",
        "quoi",
        "quel",
        "quelle",
        "come",
        "comment",
        "como",
        "cosa",
        "s",
        "the",
        "to",
        "un",
        "una",
        "une",
        "uno",
        "what",
        "y",
    ]
)


ARTICLES = frozenset(
    ["a", "an", "el", "i", "il", "gli", "l", "la", "las", "le", "les", "lo", "los", "the", "un", "una", "une", "uno"]
)


def normalized(folded_words: list[str]) -> tuple[str, str]:
    """A name as its words joined by spaces, and without its leading articles ("l'apotecario" → "apotecario")."""
    start = 0
    while start < len(folded_words) - 1 and folded_words[start] in ARTICLES:
        start += 1
    return " ".join(folded_words), " ".join(folded_words[start:])
