"""Terminology check: stray terms in the rules texts of a ruleset and language.

One term per concept per language per edition: the ruleset's glossary gives the term, its skills
files give the skill names. A *stray* is a string in a text of ruleset R written in language L that
belongs to another language or to the other Blood Bowl edition:

- ``avoid``: a wrong term the glossary of R lists under ``avoid`` for L (and, for Blood Bowl, what
  the other edition's glossary avoids for the same concept, unless it is R's own term);
- ``language``: the term of one of R's concepts in another language, where L says it differently
  (e.g. Spanish "Zona de defensa" in a French text);
- ``edition``: the term of a concept (glossary ``concept`` key) in the other Blood Bowl edition for
  L, where R's term differs (e.g. the 2025 Spanish "Forzar la marcha" in a classic Spanish text);
- ``skill-language``: one of R's skill names in another language, where L's name differs;
- ``skill-edition``: the other edition's L name of a skill (``counterpart``), where R's differs.

Only distinctive strings are looked for in another language: several words, an upper-case
abbreviation ("SPP"), or one word of 6+ letters that is no word of L's names in any ruleset.
Single words of the other edition, and skill names, count only when written as a name
(capitalised; one word: not just because a sentence starts). Matching is whole-word,
case-insensitive (abbreviations: case-sensitive), accent-sensitive, and allows plurals.

What is not a stray, by general rules:
- the slug part of ``[[kind:slug|label]]`` references (only the label is read), and edition checks
  skip the label of a reference to the other ruleset (``[[lrb6:skill:x|…]]``);
- a string that is (part of) one of L's own names in R, or another form of the same words
  ("empujado" / "Empujón", "spinto indietro" / "Spinta", "KO'd" / "KO", "GFI" / "Going For It");
- a foreign name in parentheses right after the localised name: "Placar (Block)";
- a name cited in quotes or italics, or announced as another language's ("en inglés") or
  edition's ("en 2025", "classic");
- cross-edition names in a skill's or table's ``change_note`` (it is about the other edition by definition);
- glossary ``note`` fields, which discuss names on purpose, are not read (nor ``translator_note``
  and ``aliases``, which readers never see as text).
The few remaining legitimate one-offs go in ``ALLOWED``, each with its reason.

The checker works on a neutral ``Corpus``: ``corpus_from_db()`` builds it from the loaded content
(tests), ``corpus_from_tree(root)`` from the content files (scripts).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import lru_cache

from ..vocab import LANGS
from .term_corpus import (
    ALLOWED,
    BLOOD_BOWL,
    Corpus,
    ItemName,
    SkillName,
    Term,
    TextField,
    corpus_from_db,
    corpus_from_tree,
    edition_texts,
)
from .term_names import english_words, lexicon, missing_names, name_checks, name_needles, untranslated
from .term_vocabulary import Vocabulary, _needles, _vocabulary
from .term_words import (
    PLACEHOLDER_RE,
    REFERENCE_RE,
    Finding,
    Needle,
    _is_multiword,
    base_name,
    casefolded,
    key,
    may_match,
    related,
    term_literal,
    term_regex,
)

__all__ = [
    "ALLOWED",
    "BLOOD_BOWL",
    "Corpus",
    "Finding",
    "ItemName",
    "SkillName",
    "Term",
    "TextField",
    "corpus_from_db",
    "corpus_from_tree",
    "edition_texts",
    "explain_matches",
    "find_strays",
    "iter_report",
]

# --- scanning --------------------------------------------------------------------------------


def _masked(text: str) -> tuple[str, list[tuple[int, int]], set[int]]:
    """The text with reference markup blanked out (labels kept), the spans of labels of
    references to another ruleset, and where references end (blanks stripped)."""
    out = list(text)
    foreign: list[tuple[int, int]] = []
    ends: set[int] = set()
    for match in REFERENCE_RE.finditer(text):
        start, end = match.span()
        keep = match.span("label") if match["label"] else (end, end)
        for i in range(start, end):
            if not keep[0] <= i < keep[1]:
                out[i] = " " if match["label"] else "¤"  # a bare reference shows a name
        if match["ruleset"] and match["label"]:
            foreign.append(keep)
        ends.add(keep[1] if match["label"] else end)
    for match in PLACEHOLDER_RE.finditer(text):  # "{rerolls}" in a phrase is a value, not a word
        for i in range(*match.span()):
            out[i] = "¤"
    return "".join(out), foreign, ends


def _after_own_name(
    text: str, start: int, end: int, expected: str, own_end: list[re.Pattern[str]], reference_ends: set[int]
) -> bool:
    """A foreign name in parentheses right after the localised name: "Placar (Block)"."""
    open_at = text.rfind("(", 0, start)
    if open_at < 0 or text[open_at + 1 : start].strip(" «»\"“”'") or ")" not in text[end:]:
        return False
    preceding = text[:open_at].rstrip().rstrip("*«»\"“”'").rstrip()
    if len(preceding) in reference_ends:
        return True  # a reference, shown as the localised name
    tail = preceding[-120:]
    expected_end = re.compile(term_regex(base_name(expected), "xx").pattern + r"$", re.IGNORECASE)
    return any(regex.search(tail) for regex in [expected_end, *own_end])


SENTENCE_START_RE = re.compile(r"(^|[.!?:;¿¡\n]|^\s*[-*]|\*\*|[«“\"(|])\s*$")


def _capitalised(text: str, start: int, found: str) -> bool:
    """Written as a name: capitalised, and (one word) not merely because a sentence starts, unless
    it labels what follows ("Sfondamento: +1", the form of the engine's explanation lines)."""
    if not found[:1].isupper():
        return False
    labels = text[start + len(found) :].lstrip().startswith(":")
    return _is_multiword(found) or labels or SENTENCE_START_RE.search(text[:start]) is None


QUOTES = (("«", "»"), ("“", "”"), ('"', '"'), ("‘", "’"))


def _quoted(text: str, start: int, end: int) -> bool:
    """Cited as a name: inside quotes in the same paragraph, or in italics (*movement allowance*)."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    for opening, closing in QUOTES:
        before = text[line_start:start]
        at = before.rfind(opening)
        if at < 0:
            continue
        if opening == closing and before.count(opening) % 2 == 0:
            continue
        if opening != closing and closing in before[at + 1 :]:
            continue
        if closing in text[end:line_end]:
            return True
    before = text[line_start:start].rstrip("*")
    after = text[end:line_end]
    stars_before = len(text[line_start:start]) - len(before)
    stars_after = len(after) - len(after.lstrip("*"))
    return stars_before in (1, 3) and stars_after in (1, 3)


def _in_italics(text: str, start: int, end: int) -> bool:
    """Inside an italic span of its line, as a foreign expansion is written: "(*Fan Advantage ModifiEr*)"."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    before = text[line_start:start].replace("**", "")
    after = text[end : len(text) if line_end < 0 else line_end].replace("**", "")
    return before.count("*") % 2 == 1 and "*" in after


LANGUAGE_WORDS = {
    "es": ("español", "castellano", "spagnolo", "espagnol", "spanish"),
    "it": ("italiano", "italiana", "italien", "italienne", "italian"),
    "fr": ("francés", "francesa", "francese", "français", "française", "french"),
    "en": ("inglés", "inglesa", "inglese", "anglais", "anglaise", "english"),
}
EDITION_RULES = ("edition", "skill-edition")
EDITION_WORDS = (
    "2025",
    "2020",
    "2016",
    "lrb6",
    "lrb 6",
    "clásic",
    "classic",
    "classiqu",
    "edición",
    "edizione",
    "édition",
    "edition",
    "reglamento anterior",
    "règles précédentes",
)


def _announced(text: str, start: int, end: int, words: Iterable[str]) -> bool:
    """The name is announced as another language's or edition's: "(en inglés *strength*)"."""
    window = casefolded(text[max(0, start - 60) : start] + " " + text[end : end + 30])
    return any(word in window for word in words)


def _context(text: str, start: int, end: int, width: int = 45) -> str:
    left = text[max(0, start - width) : start]
    right = text[end : end + width]
    snippet = re.sub(r"¤+", "[[…]]", f"{left}**{text[start:end]}**{right}")
    return re.sub(r"\s+", " ", snippet).strip()


def find_strays(
    corpus: Corpus, rulesets: Iterable[str] | None = None, langs: Iterable[str] = LANGS, allowed: bool = True
) -> list[Finding]:
    """Every stray term of the corpus (leaving out the reviewed ALLOWED ones unless allowed=False)."""
    rulesets = list(rulesets) if rulesets is not None else sorted({f.ruleset for f in corpus.fields})
    findings: list[Finding] = []
    for ruleset in rulesets:
        for lang in langs:
            findings += _scan(corpus, ruleset, lang)
    if allowed:
        findings = [f for f in findings if allowed_entry(f) is None]
    return findings


def explain_matches(corpus: Corpus) -> list[Finding]:
    """Every match of a stray string, with `legitimate` saying why it is not a stray (if so)."""
    return [
        f
        for rs in sorted({f.ruleset for f in corpus.fields})
        for lang in LANGS
        for f in _scan(corpus, rs, lang, explain=True)
    ]


def _scan(corpus: Corpus, ruleset: str, lang: str, explain: bool = False) -> list[Finding]:
    vocab = _vocabulary(corpus, ruleset, lang)
    needles = _needles(corpus, ruleset, lang, vocab)
    needles += name_needles(corpus, ruleset, lang, vocab, taken=[key(n.text) for n in needles])
    compiled = [(needle, needle.regex, term_literal(needle.text)) for needle in needles]
    checks = name_checks(corpus, ruleset, lang)
    english = english_words(corpus, ruleset)
    plain = lexicon(corpus, lang)
    own_names = list(zip(vocab.name_regexes, map(term_literal, vocab.names), strict=True))
    own_end = [re.compile(r.pattern + r"$", r.flags) for r in vocab.name_regexes]
    findings: list[Finding] = []
    for text_field in corpus.fields:
        if text_field.ruleset != ruleset:
            continue
        text, foreign_spans, reference_ends = _masked((text_field.values.get(lang) or "").replace("’", "'"))
        lowered = text.lower()
        english_text = _masked((text_field.values.get("en") or "").replace("’", "'"))[0]
        if checks and not explain:
            findings += missing_names(text_field, english_text, text, checks, lang)
        for start, end in [] if explain else untranslated(english_text, text, lang, english, vocab, plain):
            if not _quoted(text, start, end) and not _in_italics(text, start, end):
                findings.append(
                    Finding(
                        ruleset,
                        lang,
                        text_field.path,
                        text_field.ref,
                        text_field.name,
                        text[start:end],
                        "its name in this language",
                        "untranslated",
                        _context(text, start, end),
                    )
                )
        own_spans = [
            m.span() for regex, literal in own_names if may_match(literal, text, lowered) for m in regex.finditer(text)
        ]
        matches = []
        for needle, regex, literal in compiled:
            if needle.rule in EDITION_RULES and text_field.name == "change_note":
                continue  # what changed between the editions: names of both on purpose
            if not may_match(literal, text, lowered):
                continue
            for match in regex.finditer(text):
                as_name = not needle.capitalised or _capitalised(text, match.start(), match.group(0))
                if not as_name and not (needle.english and _english_uses(text_field, needle.english)):
                    continue
                matches.append((match.start(), match.end(), needle))
        # The longest match wins: "heridas" inside "Tirada de heridas" is one stray, not two.
        matches.sort(key=lambda m: (m[0] - m[1], m[0]))
        taken: list[tuple[int, int]] = []
        for start, end, needle in matches:
            if any(s <= start and end <= e for s, e in taken):
                continue
            why = (
                ""
                if needle.rule == "avoid"
                else _legitimate(text, start, end, needle, vocab, own_spans, foreign_spans, own_end, reference_ends)
            )
            if why and not explain:
                continue
            taken.append((start, end))
            findings.append(
                Finding(
                    ruleset,
                    lang,
                    text_field.path,
                    text_field.ref,
                    text_field.name,
                    text[start:end],
                    needle.expected,
                    needle.rule,
                    _context(text, start, end),
                    why,
                )
            )
    return findings


def _english_uses(text_field: TextField, english: str) -> bool:
    """The field's English text uses the term (any case, any form: "dodge", "dodges")."""
    return bool(_english_regex(english).search(text_field.values.get("en") or ""))


@lru_cache(maxsize=1 << 10)
def _english_regex(english: str) -> re.Pattern[str]:
    return term_regex(english, "en")


def _legitimate(
    text: str,
    start: int,
    end: int,
    needle: Needle,
    vocab: Vocabulary,
    own_spans: list[tuple[int, int]],
    foreign_spans: list[tuple[int, int]],
    own_end: list[re.Pattern[str]],
    reference_ends: set[int],
) -> str:
    """Why a match is a legitimate use and no stray ("" when it is a stray)."""
    found = text[start:end]
    edition = needle.rule in EDITION_RULES
    if any(s <= start and end <= e for s, e in own_spans):
        return "part of one of L's own names"
    if related(found, needle.expected, subset=False) or vocab.has(found):
        return "a form of one of L's own names"
    if edition and any(s <= start and end <= e for s, e in foreign_spans):
        return "label of a reference to the other edition"
    if _after_own_name(text, start, end, needle.expected, own_end, reference_ends):
        return "in parentheses after the localised name"
    if _quoted(text, start, end):
        return "quoted or in italics"
    words = EDITION_WORDS if edition else [w for lang in needle.source_langs for w in LANGUAGE_WORDS[lang]]
    if _announced(text, start, end, words):
        return "announced as another edition's" if edition else "announced as another language's"
    return ""


def allowed_entry(finding: Finding) -> tuple[str, str, str, str, str] | None:
    """The ALLOWED entry that covers a finding, if any."""
    for entry in ALLOWED:
        ruleset, ref, name, lang, found = entry
        if (ruleset, ref, lang, key(found)) == (
            finding.ruleset,
            finding.ref,
            finding.lang,
            key(finding.found),
        ) and name in ("*", finding.field):
            return entry
    return None


def iter_report(findings: list[Finding]) -> Iterator[str]:
    by_path: dict[str, list[Finding]] = {}
    for finding in findings:
        by_path.setdefault(finding.path, []).append(finding)
    for path in sorted(by_path):
        yield f"\n## {path}\n"
        for finding in by_path[path]:
            yield (
                f"- [{finding.lang}] `{finding.field}`: «{finding.found}» → «{finding.expected}» "
                f"({finding.rule}) — …{finding.context}…"
            )
