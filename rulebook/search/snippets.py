"""Highlighted titles and snippets of search results (escaped HTML with <mark> around matches)."""

from __future__ import annotations

import bisect
import re
from functools import lru_cache
from html import escape as html_escape  # what django.utils.html.escape does, minus its lazy wrapper

from .text import STEMMERS, WORD_RE, fold, stem


def highlight(text: str, matched: set[str], lang: str = "") -> str:
    """Escape ``text`` and wrap the words that matched in <mark>.

    A word is marked when it is a matched word, starts with one of two letters or more, is the
    start (four letters or more) of one ("tentac" typed, "tentacles" matched), or, with ``lang``,
    shares its stem ("esquive" typed, "Esquivar" shown). Only ever called on a title or a snippet,
    so going word by word is cheap.
    """
    prefixes = tuple(m for m in matched if len(m) >= 2)
    partial = {m[:k] for m in matched for k in range(4, len(m) + 1)}
    stems = {stem(m, lang) for m in matched if len(m) >= 4} if lang in STEMMERS else set()
    out = []
    position = 0
    for found in WORD_RE.finditer(text):
        folded = _fold_word(found.group(0))
        if (
            folded in matched
            or folded in partial
            or folded.startswith(prefixes)
            or (stems and len(folded) >= 4 and stem(folded, lang) in stems)
        ):
            out.append(html_escape(text[position : found.start()]))
            out.append(f"<mark>{html_escape(found.group(0))}</mark>")
            position = found.end()
    out.append(html_escape(text[position:]))
    return "".join(out)


@lru_cache(maxsize=65536)
def _fold_word(word: str) -> str:
    return fold(word)


@lru_cache(maxsize=16384)
def _fold_text(text: str) -> str:
    return fold(text)


def _first_match(text: str, matched: set[str]) -> int:
    """Offset of the first word of ``text`` that starts with a matched word, or -1."""
    folded = _fold_text(text)
    if len(folded) != len(text):  # folding moved offsets ("ß" → "ss"): word by word
        prefixes = tuple(matched)
        for word in WORD_RE.finditer(text):
            if _fold_word(word.group(0)).startswith(prefixes):
                return word.start()
        return -1
    first = -1
    for m in matched:
        position = folded.find(m)
        while position >= 0 and (first < 0 or position < first):
            if position == 0 or not _is_word_character(folded[position - 1]):
                first = position
                break
            position = folded.find(m, position + 1)
    return first


def _is_word_character(character: str) -> bool:
    return character.isalnum()


MIN_SENTENCE_WORDS = 4
SENTENCE_END_RE = re.compile(r"(?<=[.!?;])\s+|\n+")


def best_sentence(text: str, matched: set[str]) -> int:
    """Offset of the sentence with the most distinct matched words (the first on ties), or -1.

    For "qué pasa si fallo un esquive" it is the sentence about a failed dodge, not the first
    sentence that happens to say "esquive". Matched words are found with str.find on the folded
    text (fast), at word starts; sentences are told apart by their end offsets."""
    prefixes = [m for m in matched if len(m) >= 2]
    folded = _fold_text(text)
    if not prefixes or len(folded) != len(text):
        return -1
    ends = _sentence_ends(text)
    found: dict[int, set[str]] = {}
    for m in prefixes:
        position = folded.find(m)
        while position >= 0:
            if position == 0 or not folded[position - 1].isalnum():
                found.setdefault(bisect.bisect_right(ends, position), set()).add(m)
            position = folded.find(m, position + 1)
    if not found:
        return -1

    def start_of(sentence: int) -> int:
        start = ends[sentence - 1] if sentence else 0
        while start < len(text) and text[start].isspace():
            start += 1
        return start

    def is_heading(sentence: int) -> bool:  # "Interceptions": a heading is no answer on a tie
        end = ends[sentence] if sentence < len(ends) else len(text)
        return len(WORD_RE.findall(text, start_of(sentence), end)) < MIN_SENTENCE_WORDS

    best = min(found, key=lambda sentence: (-len(found[sentence]), is_heading(sentence), sentence))
    return start_of(best)


@lru_cache(maxsize=4096)
def _sentence_ends(text: str) -> list[int]:
    return [m.start() for m in SENTENCE_END_RE.finditer(text)]


LIST_MARKER_RE = re.compile(r"(?:[-•]|\d+\.)\s+")


def snippet(text: str, matched: set[str], width: int = 160, sentence: bool = False, lang: str = "") -> str:
    """A window of ``text`` highlighted: from the sentence with the most matched words when
    ``sentence`` (several words typed, or a question), else around the first matched word."""
    if not text:
        return ""
    start = 0
    at_sentence = False
    if matched:
        found = best_sentence(text, matched) if sentence else -1
        if found >= 0:
            start, at_sentence = found, True
            marker = LIST_MARKER_RE.match(text, start)  # "- Fallo: …" reads "Fallo: …"
            start = marker.end() if marker else start
        else:
            first = _first_match(text, matched)
            if first >= 0:
                start = max(0, first - width // 3)
    end = min(len(text), start + width)
    # Cut on word boundaries so the snippet never starts or ends mid-word.
    if start > 0 and not at_sentence:
        space = text.find(" ", start)
        start = space + 1 if 0 <= space < start + 20 else start
    if end < len(text):
        space = text.rfind(" ", start, end)
        end = space if space > start else end
    prefix = "… " if start > 0 else ""
    suffix = " …" if end < len(text) else ""
    return prefix + highlight(text[start:end].replace("\n", " "), matched, lang) + suffix
