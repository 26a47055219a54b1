"""Highlighted titles and snippets of search results (escaped HTML with <mark> around matches)."""

from __future__ import annotations

from functools import lru_cache
from html import escape as html_escape  # what django.utils.html.escape does, minus its lazy wrapper

from .text import WORD_RE, fold


def highlight(text: str, matched: set[str]) -> str:
    """Escape ``text`` and wrap the words that matched in <mark>.

    A word is marked when it is a matched word, starts with one of two letters or more, or is the
    start (four letters or more) of one ("tentac" typed, "tentacles" matched). Only ever called on
    a title or a snippet, so going word by word is cheap.
    """
    prefixes = tuple(m for m in matched if len(m) >= 2)
    partial = {m[:k] for m in matched for k in range(4, len(m) + 1)}
    out = []
    position = 0
    for found in WORD_RE.finditer(text):
        folded = _fold_word(found.group(0))
        if folded in matched or folded in partial or folded.startswith(prefixes):
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


def snippet(text: str, matched: set[str], width: int = 160) -> str:
    """A window of ``text`` around the first matched word, highlighted."""
    if not text:
        return ""
    start = 0
    if matched:
        first = _first_match(text, matched)
        if first >= 0:
            start = max(0, first - width // 3)
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
