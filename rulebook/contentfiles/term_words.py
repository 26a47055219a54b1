"""The terminology checker's words: matching a term in a text (whole words, plurals, accents), and
whether two names are forms of the same words. The vocabulary of a language and the needles
built from it are term_vocabulary's."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from ..vocab import RULESET_KEYS, alternation

# --- matching --------------------------------------------------------------------------------

WORD_RE = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
ABBREVIATION_RE = re.compile(r"^[A-Z]{2,4}\+?$")
PARENS_RE = re.compile(r"\s*\(([^)]*)\)\s*$")
PLACEHOLDER_RE = re.compile(r"\{[a-z_0-9]+\}")
REFERENCE_RE = re.compile(
    r"\[\[(?:(?P<ruleset>" + alternation(RULESET_KEYS) + r"):)?"
    r"(?:skill|section|table|term|variant|figure)"
    r":[a-z0-9-]+(?:\|(?P<label>[^\]]+))?\]\]"
)


# The checker compares a few hundred names with each other tens of thousands of times per scan:
# the pure helpers below are memoised (bounded, since casefolded also sees windows of text).
@lru_cache(maxsize=1 << 16)
def casefolded(text: str) -> str:
    """Case-insensitive but accent-sensitive comparison form (unlike search.text.fold, which drops
    accents): in terminology "Pase" and "Pasé" are different words."""
    text = unicodedata.normalize("NFC", text).replace("’", "'").replace("\u00a0", " ")
    return re.sub(r"\s+", " ", text).strip().casefold()


@lru_cache(maxsize=1 << 14)
def base_name(name: str) -> str:
    """A term or skill name without its trailing "(AG)", "(X)", "(X+)", "!"."""
    name = PARENS_RE.sub("", name.strip())
    return name.strip(" !¡")


def abbreviation(name: str) -> str:
    match = PARENS_RE.search(name.strip())
    if match and ABBREVIATION_RE.match(match.group(1)):
        return match.group(1)
    return ""


def _word_pattern(word: str, lang: str) -> str:
    """A word of a term, allowing its plural form (in the term's own language)."""
    if len(word) < 4:
        return re.escape(word)
    if lang == "it":
        stem, last = word[:-1], word[-1].lower()
        endings = {"a": "[ae]", "o": "[oi]", "e": "[ei]"}
        if last in endings:
            return re.escape(stem) + endings[last]
        return re.escape(word)
    return re.escape(word) + "(?:s|es|x)?"


def term_regex(term: str, lang: str) -> re.Pattern[str]:
    """Whole-word, case-insensitive regex of a term (case-sensitive for abbreviations)."""
    term = term.replace("’", "'")
    if ABBREVIATION_RE.match(term):
        return re.compile(r"(?<![\w-])" + re.escape(term) + r"(?![\w-])")
    parts = re.split(r"(\s+|['-])", term)
    pattern = ""
    for part in parts:
        if not part:
            continue
        if part.isspace():
            pattern += r"\s+"
        elif part == "'":
            pattern += "['’]"
        elif part == "-":
            pattern += r"[-\s]?"
        else:
            pattern += _word_pattern(part, lang)
    return re.compile(r"(?<!\w)" + pattern + r"(?!\w)", re.IGNORECASE)


def term_literal(term: str) -> str:
    """A string inside every match of term_regex(term, …), lower-cased (as written for an
    abbreviation, which matches case-sensitively): a cheap test that skips most regex searches."""
    term = term.replace("’", "'")
    if ABBREVIATION_RE.match(term):
        return term
    first = next((p for p in re.split(r"(\s+|['-])", term) if p and not p.isspace() and p not in "'-"), "")
    return (first if len(first) < 4 else first[:-1]).lower()  # a plural or Italian ending may follow


def may_match(literal: str, text: str, lowered: str) -> bool:
    return literal in (text if ABBREVIATION_RE.match(literal) else lowered)


@dataclass(frozen=True)
class Needle:
    """A string that must not appear in the texts of (ruleset, lang)."""

    text: str
    expected: str
    rule: str  # avoid | language:xx | edition | skill-language:xx | skill-edition
    owner: str  # "term:tackle-zone" / "skill:block" whose name this is
    source_lang: str
    also_langs: tuple[str, ...] = ()  # other languages whose name is the same string
    capitalised: bool = False  # only a capitalised mention inside a sentence counts
    # ... or, when set, a mention in any case in a field whose English text uses this English
    # term ("smarcarsi" beside "dodge"; "seguir tirando" beside "keep rolling" is a plain verb)
    english: str = ""

    @property
    def source_langs(self) -> tuple[str, ...]:
        return (self.source_lang, *self.also_langs)

    @property
    def regex(self) -> re.Pattern[str]:
        return term_regex(self.text, self.source_lang)


@dataclass(frozen=True)
class Finding:
    ruleset: str
    lang: str
    path: str
    ref: str
    field: str
    found: str
    expected: str
    rule: str
    context: str
    legitimate: str = ""  # why a match is not a stray (explain_matches only)

    def line(self) -> str:
        return (
            f"[{self.lang}] {self.ref} {self.field}: «{self.found}» → expected «{self.expected}»"
            f" ({self.rule}) … {self.context} …"
        )


def _is_multiword(text: str) -> bool:
    return len(WORD_RE.findall(text)) > 1


# --- the vocabularies of a language ----------------------------------------------------------

# Words that do not count when names are compared: the articles and prepositions of each language.
_LITTLE_WORDS = {
    "es": "de del la el los las un una y a al en con por",
    "it": "di della dei il lo le e da in sul per",
    "fr": "du des les et au aux sur d l",
    "en": "of the and to on for",
}
STOPWORDS = frozenset(word for words in _LITTLE_WORDS.values() for word in words.split())


@lru_cache(maxsize=1 << 14)
def key(text: str) -> str:
    """Comparison key: case, spaces, hyphens and apostrophes do not count ("Re-roll" = "Reroll")."""
    return "".join(ch for ch in unicodedata.normalize("NFC", text).casefold() if ch.isalpha())


@lru_cache(maxsize=1 << 14)
def content_words(text: str) -> tuple[str, ...]:
    return tuple(w for w in (casefolded(w) for w in WORD_RE.findall(text.replace("'", " "))) if w not in STOPWORDS)


# Irregular forms the prefix rule below cannot see, mapped to a form it can.
IRREGULAR_FORMS = {"sent": "send"}


def _stem_match(a: str, b: str) -> bool:
    """Two forms of one word: "Empujado"/"Empujón", "Rebote"/"Rebotar", "Go"/"Going", "KO"/"KO'd"."""
    a, b = IRREGULAR_FORMS.get(a, a), IRREGULAR_FORMS.get(b, b)
    shortest = min(len(a), len(b))
    prefix = 0
    while prefix < shortest and a[prefix] == b[prefix]:
        prefix += 1
    if prefix == shortest:
        return shortest >= 2 and max(len(a), len(b)) - shortest <= 3
    return prefix >= max(4, shortest - 3)


@lru_cache(maxsize=1 << 18)
def related(a: str, b: str, subset: bool = True) -> bool:
    """Whether two names are forms of the same words: every content word of the shorter has a
    form in the longer ("Spinta" / "Spinto indietro", "Atrapar" / "Atrapar el balón"). With
    subset=False both must have as many content words."""
    for short_form, long_form in ((a, b), (b, a)):
        initials = "".join(w[0] for w in WORD_RE.findall(base_name(long_form)))
        if ABBREVIATION_RE.match(short_form) and short_form.rstrip("+") == initials.upper():
            return True  # "GFI" / "Going For It"
    words_a, words_b = content_words(a), content_words(b)
    if not words_a or not words_b:
        return False
    short, long = sorted((words_a, words_b), key=len)
    if not subset and len(short) != len(long):
        return False
    return all(any(_stem_match(x, y) for y in long) for x in short)
