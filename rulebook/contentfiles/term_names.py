"""The terminology checker's item names: what texts of a ruleset must call its teams, positionals,
team rules and table results, in each language.

- ``name-language``: another language's name of one of R's items, where L says it differently
  (the English "Big Un Blocker" in a Spanish text), written as a name;
- ``name-alias``: another name of one of R's items that readers use (an old or community name,
  ``aliases`` in its file) written in a text, instead of the one name L's texts use;
- ``name-missing``: the English text of a field names one of R's items and the L text of the same
  field does not (the English "Thrall Lineman" beside a Spanish "Siervo Línea", where the
  positional is "Línea Siervo"): one of the two languages calls the item by another name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from .term_corpus import Corpus, TextField
from .term_vocabulary import Vocabulary, _foreign_distinctive
from .term_words import (
    ABBREVIATION_RE,
    REFERENCE_RE,
    WORD_RE,
    Finding,
    Needle,
    _is_multiword,
    _stem_match,
    base_name,
    casefolded,
    content_words,
    key,
    may_match,
    related,
    term_literal,
    term_regex,
)

SOURCE_LANG = "en"  # the language every field is checked against for name-missing


def name_needles(corpus: Corpus, ruleset: str, lang: str, vocab: Vocabulary, taken: Iterable[str]) -> list[Needle]:
    """Needles for R's item names in other languages and for their aliases in L."""
    seen = set(taken)
    needles: list[Needle] = []

    def add(needle: Needle) -> None:
        if key(needle.text) not in seen:
            seen.add(key(needle.text))
            needles.append(needle)

    for item in corpus.names:
        if item.ruleset != ruleset or not item.name.get(lang):
            continue
        own = base_name(item.name[lang])
        for alias in item.aliases.get(lang, []):
            if not ABBREVIATION_RE.match(alias) and key(alias) != key(own) and not vocab.has(alias):
                add(Needle(alias, item.name[lang], "name-alias", item.ref, lang))
        for other, text in sorted(item.name.items(), key=lambda pair: pair[0] != SOURCE_LANG):
            text = base_name(text)
            if other == lang or not text or related(text, own) or vocab.has(text):
                continue
            if _foreign_distinctive(text, vocab):
                add(Needle(text, item.name[lang], f"name-language:{other}", item.ref, other, capitalised=True))
    return needles


@dataclass(frozen=True)
class NameCheck:
    """One English name of R's items and the L names a text naming it must contain."""

    english: str
    regex: re.Pattern[str]
    literal: str
    expected: tuple[str, ...]
    expected_words: tuple[tuple[str, ...], ...]  # content words of each expected name


def name_checks(corpus: Corpus, ruleset: str, lang: str) -> list[NameCheck]:
    """R's items with a name of several words ("Thrall Lineman", "Badly Hurt") whose L name
    differs from the English one, grouped by English name (the same positional of several teams
    is one check, satisfied by any of their L names)."""
    if lang == SOURCE_LANG:
        return []
    groups: dict[str, tuple[str, set[str], list[bool]]] = {}
    team_names = {key(i.name.get(SOURCE_LANG, "")) for i in corpus.names if i.ref.startswith("team:")}
    for item in corpus.names:
        english, own = base_name(item.name.get(SOURCE_LANG, "")), base_name(item.name.get(lang, ""))
        if item.ruleset != ruleset or not english or not own:
            continue
        if item.ref.startswith("team:") or key(english) in team_names or not _is_multiword(english):
            continue  # "Human", "Ogre", "Chaos Chosen": team and one-word names are plain words too
        _, expected, differs = groups.setdefault(key(english), (english, set(), [False]))
        expected.update([own, *(base_name(a) for a in item.aliases.get(lang, []))])
        differs[0] = differs[0] or key(english) != key(own)
    groups = {k: g for k, g in groups.items() if g[2][0]}  # a name some item of L words differently
    return [
        NameCheck(
            english,
            term_regex(english, SOURCE_LANG),
            term_literal(english),
            tuple(sorted(expected)),
            tuple(content_words(n) for n in sorted(expected)),
        )
        for english, expected, _differs in groups.values()
    ]


def _names_it(found: str, english: str) -> bool:
    """The English text uses the name as written, capitals included ("Badly Hurt", not "badly
    hurt" or the plural "Tomb Guardians", which the other language may well word differently)."""
    return found == english


def _form_of(word: str, wanted: str) -> bool:
    return word == wanted or _stem_match(word, wanted)


def _says(words: list[str], name_words: tuple[str, ...]) -> bool:
    """The text's words contain the name's words in their order, each in some form ("lesiones
    duraderas" for "Lesión duradera"), at most two words apart; "Siervo Línea" is not "Línea Siervo"."""
    if not name_words:
        return False
    for first, word in enumerate(words):
        if not _form_of(word, name_words[0]):
            continue
        at, found = first, True
        for wanted in name_words[1:]:
            nxt = next((i for i in range(at + 1, min(at + 4, len(words))) if _form_of(words[i], wanted)), None)
            if nxt is None:
                found = False
                break
            at = nxt
        if found:
            return True
    return False


def _english_context(text: str, start: int, end: int, width: int = 45) -> str:
    snippet = f"{text[max(0, start - width) : start]}**{text[start:end]}**{text[end : end + width]}"
    return "en: " + re.sub(r"\s+", " ", re.sub(r"¤+", "[[…]]", snippet)).strip()


def missing_names(field: TextField, english_text: str, text: str, checks: list[NameCheck], lang: str) -> list[Finding]:
    """name-missing findings of one field in L (texts already masked)."""
    findings: list[Finding] = []
    if not text.strip() or not english_text.strip():
        return findings
    english_lowered = english_text.lower()
    words: list[str] | None = None
    for check in checks:
        if not may_match(check.literal, english_text, english_lowered):
            continue
        match = next((m for m in check.regex.finditer(english_text) if _names_it(m[0], check.english)), None)
        if match is None:
            continue
        if words is None:
            words = [casefolded(w) for w in WORD_RE.findall(text.replace("'", " "))]
        if any(_says(words, name_words) for name_words in check.expected_words):
            continue
        findings.append(
            Finding(
                field.ruleset,
                lang,
                field.path,
                field.ref,
                field.name,
                match[0],
                " / ".join(check.expected),
                "name-missing",
                _english_context(english_text, match.start(), match.end()),
            )
        )
    return findings


# --- English left in another language's text ------------------------------------------------

CAPITALISED_RUN_RE = re.compile(r"(?<![\w'’-])[A-Z][a-z]+(?:[ -][A-Z][a-z]+)*(?![\w'’-])")
UNTRANSLATED_LANGS = ("es", "fr")  # Italian keeps the English names of skills, teams and players
PROPER_NAMES = frozenset({"Blood Bowl", "DreadBall"})  # the games: the same name in every language


def english_words(corpus: Corpus, ruleset: str) -> set[str]:
    """Every word of R's English names (terms, skills, items): the words a reader would see
    left in English ("Big Guy", "Lineman")."""
    names = [t.term.get(SOURCE_LANG, "") for t in corpus.terms if t.ruleset == ruleset]
    names += [s.name.get(SOURCE_LANG, "") for s in corpus.skills if s.ruleset == ruleset]
    names += [i.name.get(SOURCE_LANG, "") for i in corpus.names if i.ruleset == ruleset]
    return {casefolded(w) for name in names for w in WORD_RE.findall(base_name(name))}


def lexicon(corpus: Corpus, lang: str) -> set[str]:
    """The plain words of L: every word its texts write in lower case ("active", "table")."""
    if lang not in corpus.lexicons:
        texts = (REFERENCE_RE.sub(lambda m: m["label"] or "", f.values.get(lang) or "") for f in corpus.fields)
        corpus.lexicons[lang] = {w for text in texts for w in WORD_RE.findall(text) if w.islower()}
    return corpus.lexicons[lang]


def untranslated(
    english_text: str, text: str, lang: str, english: set[str], vocab: Vocabulary, plain: set[str]
) -> list[tuple[int, int]]:
    """``untranslated``: where a run of capitalised words of L's text is written the same in the
    English text, holds a word of R's English names, and no word of L (its names in any ruleset,
    the words its texts write in lower case): the English keywords "Big Guy, Blocker, Catcher"
    left in a Spanish list. Spans of the text."""
    if lang not in UNTRANSLATED_LANGS or not english_text:
        return []
    spans: list[tuple[int, int]] = []
    for match in CAPITALISED_RUN_RE.finditer(text):
        found = match[0]
        words = [casefolded(w) for w in WORD_RE.findall(found)]
        if len(found) < 6 or not any(w in english for w in words):
            continue
        if any(w in vocab.words or w in plain for w in words) or found in PROPER_NAMES:
            continue
        if re.search(r"(?<![\w-])" + re.escape(found) + r"(?![\w-])", english_text):
            spans.append(match.span())
    return spans
