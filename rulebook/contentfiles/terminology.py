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
- ``name_note`` and glossary ``note`` fields, which discuss names on purpose, are not read.
The few remaining legitimate one-offs go in ``ALLOWED``, each with its reason.

The checker works on a neutral ``Corpus``: ``corpus_from_db()`` builds it from the loaded content
(tests), ``corpus_from_tree(root)`` from the content files (scripts).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..vocab import BLOOD_BOWL_EDITIONS, LANGS, RULESET_KEYS, alternation

BLOOD_BOWL = BLOOD_BOWL_EDITIONS
FOLDERS = {
    "section": "sections",
    "skill": "skills",
    "table": "tables",
    "term": "glossary",
    "variant": "variants",
    "figure": "figures",
}
# Text fields read per kind; name_note and the glossary's term and note are not read.
READ_FIELDS = {
    "section": ("title", "body"),
    "skill": ("name", "text", "change_note"),
    "table": ("title", "description", "change_note"),  # and rows.N.name, rows.N.effect
    "term": ("definition",),
    "variant": ("title", "text"),
    "figure": ("caption", "alt"),
}

# Reviewed one-off legitimate uses: (ruleset, item ref, field, language, found text) → reason.
# The field may be "*" for every field of the item. Keep this short: a general rule is better.
ALLOWED: dict[tuple[str, str, str, str, str], str] = {}


# --- corpus ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class TextField:
    ruleset: str
    ref: str  # "skill:block"
    name: str  # "text", "rows.3.effect"
    values: dict[str, str]

    @property
    def path(self) -> str:
        kind, slug = self.ref.split(":", 1)
        return f"rulebook/content/{self.ruleset}/{FOLDERS[kind]}/{slug}.toml"


@dataclass(frozen=True)
class Term:
    ruleset: str
    slug: str
    concept: str
    term: dict[str, str]
    avoid: dict[str, list[str]] = field(default_factory=dict)


@dataclass(frozen=True)
class SkillName:
    ruleset: str
    slug: str
    name: dict[str, str]
    counterpart: str = ""  # "lrb6:slug" (set on bb2025 skills)


@dataclass
class Corpus:
    fields: list[TextField] = field(default_factory=list)
    terms: list[Term] = field(default_factory=list)
    skills: list[SkillName] = field(default_factory=list)


def corpus_from_db() -> Corpus:
    """The corpus of the content loaded into the database."""
    from ..models import Figure, GameTable, GlossaryTerm, RuleSection, RuleVariant, Skill

    def values(obj: Any, name: str) -> dict[str, str]:
        return {lang: getattr(obj, f"{name}_{lang}") or "" for lang in LANGS}

    corpus = Corpus()

    def add(ruleset: str, ref: str, obj: Any, names: Iterable[str], prefix: str = "") -> None:
        for name in names:
            corpus.fields.append(TextField(ruleset, ref, prefix + name, values(obj, name)))

    for model, kind in ((RuleSection, "section"), (RuleVariant, "variant"), (Figure, "figure")):
        for obj in model.objects.select_related("ruleset"):
            add(obj.ruleset.key, f"{kind}:{obj.slug}", obj, READ_FIELDS[kind])
    for skill in Skill.objects.select_related("ruleset", "counterpart__ruleset"):
        add(skill.ruleset.key, f"skill:{skill.slug}", skill, READ_FIELDS["skill"])
        counterpart = skill.counterpart
        corpus.skills.append(
            SkillName(
                skill.ruleset.key,
                skill.slug,
                values(skill, "name"),
                f"{counterpart.ruleset.key}:{counterpart.slug}" if counterpart else "",
            )
        )
    for table in GameTable.objects.select_related("ruleset").prefetch_related("rows"):
        add(table.ruleset.key, f"table:{table.slug}", table, READ_FIELDS["table"])
        for row in table.rows.all():
            add(table.ruleset.key, f"table:{table.slug}", row, ("name", "effect"), f"rows.{row.position}.")
    for term in GlossaryTerm.objects.select_related("ruleset"):
        add(term.ruleset.key, f"term:{term.slug}", term, READ_FIELDS["term"])
        corpus.terms.append(
            Term(
                term.ruleset.key,
                term.slug,
                term.concept or term.slug,
                values(term, "term"),
                {lang: list(words) for lang, words in (term.avoid or {}).items()},
            )
        )
    return corpus


def corpus_from_tree(root: Path) -> Corpus:
    """The same corpus read straight from the content files (needs Django set up)."""
    from .files import read_tree

    corpus = Corpus()
    for item in read_tree(root).items:
        kind, data, ruleset = item.spec.ref, item.data, item.ruleset
        ref = f"{kind}:{data['slug']}"
        for name in READ_FIELDS[kind]:
            if name in data:
                corpus.fields.append(TextField(ruleset, ref, name, dict(data[name])))
        for position, row in enumerate(data.get("rows", []) if kind == "table" else [], 1):
            for name in ("name", "effect"):
                if name in row:
                    corpus.fields.append(TextField(ruleset, ref, f"rows.{position}.{name}", dict(row[name])))
        if kind == "skill":
            corpus.skills.append(SkillName(ruleset, data["slug"], dict(data["name"]), data.get("counterpart", "")))
        if kind == "term":
            corpus.terms.append(
                Term(
                    ruleset,
                    data["slug"],
                    data.get("concept") or data["slug"],
                    dict(data["term"]),
                    dict(data.get("avoid", {})),
                )
            )
    return corpus


# --- matching --------------------------------------------------------------------------------

WORD_RE = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
ABBREVIATION_RE = re.compile(r"^[A-Z]{2,4}\+?$")
PARENS_RE = re.compile(r"\s*\(([^)]*)\)\s*$")
REFERENCE_RE = re.compile(
    r"\[\[(?:(?P<ruleset>" + alternation(RULESET_KEYS) + r"):)?"
    r"(?:skill|section|table|term|variant|figure)"
    r":[a-z0-9-]+(?:\|(?P<label>[^\]]+))?\]\]"
)


def casefolded(text: str) -> str:
    """Case-insensitive but accent-sensitive comparison form (unlike search.text.fold, which drops
    accents): in terminology "Pase" and "Pasé" are different words."""
    text = unicodedata.normalize("NFC", text).replace("’", "'").replace("\u00a0", " ")
    return re.sub(r"\s+", " ", text).strip().casefold()


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

STOPWORDS = {
    "de",
    "del",
    "la",
    "el",
    "los",
    "las",
    "un",
    "una",
    "y",
    "a",
    "al",
    "en",
    "con",
    "por",
    "di",
    "della",
    "dei",
    "il",
    "lo",
    "le",
    "e",
    "da",
    "in",
    "sul",
    "per",
    "du",
    "des",
    "les",
    "et",
    "au",
    "aux",
    "sur",
    "d",
    "l",
    "of",
    "the",
    "and",
    "to",
    "on",
    "for",
}


def key(text: str) -> str:
    """Comparison key: case, spaces, hyphens and apostrophes do not count ("Re-roll" = "Reroll")."""
    return "".join(ch for ch in unicodedata.normalize("NFC", text).casefold() if ch.isalpha())


def content_words(text: str) -> list[str]:
    return [w for w in (casefolded(w) for w in WORD_RE.findall(text.replace("'", " "))) if w not in STOPWORDS]


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


@dataclass
class Vocabulary:
    """L's own names in a ruleset (glossary terms, their abbreviations, skill names), and every
    word of L's names in all rulesets."""

    names: list[str] = field(default_factory=list)
    words: set[str] = field(default_factory=set)  # folded
    name_regexes: list[re.Pattern[str]] = field(default_factory=list)

    def has(self, text: str) -> bool:
        """Also one of L's own names, part of one, or another form of one."""
        text_key = key(text)
        for name in self.names:
            if text_key == key(name) or re.search(
                r"(?<!\w)" + re.escape(casefolded(text)) + r"(?!\w)", casefolded(name)
            ):
                return True
            if related(text, name, subset=False):
                return True
        return False


def _vocabulary(corpus: Corpus, ruleset: str, lang: str) -> Vocabulary:
    vocab = Vocabulary()
    own: set[str] = set()
    for term in corpus.terms:
        name = base_name(term.term[lang])
        vocab.words.update(casefolded(w) for w in WORD_RE.findall(name))
        if term.ruleset == ruleset:
            own.update(n for n in (name, abbreviation(term.term[lang])) if n)
    for skill in corpus.skills:
        name = base_name(skill.name[lang])
        vocab.words.update(casefolded(w) for w in WORD_RE.findall(name))
        if skill.ruleset == ruleset and name:
            own.add(name)
    vocab.names = sorted(own, key=len, reverse=True)
    vocab.name_regexes = [term_regex(n, lang) for n in vocab.names]
    return vocab


def _foreign_distinctive(text: str, vocab: Vocabulary) -> bool:
    """A string of another language worth looking for in L: an abbreviation, several words, or a
    long word that is none of L's words."""
    if ABBREVIATION_RE.match(text) or _is_multiword(text):
        return True
    return len(text) >= 6 and casefolded(text) not in vocab.words


def _needles(corpus: Corpus, ruleset: str, lang: str, vocab: Vocabulary) -> list[Needle]:
    terms = [t for t in corpus.terms if t.ruleset == ruleset]
    skills = [s for s in corpus.skills if s.ruleset == ruleset]
    needles: list[Needle] = []
    # (a) the glossary's avoid lists
    for term in terms:
        for wrong in term.avoid.get(lang, []):
            needles.append(Needle(wrong, term.term[lang], "avoid", f"term:{term.slug}", lang))
    # (b) terms of R's concepts in another language
    own_abbreviations = {abbreviation(t.term[lang]) for t in terms} - {""}
    for term in terms:
        own = base_name(term.term[lang])
        for other in LANGS:
            if other == lang:
                continue
            for text in (base_name(term.term[other]), abbreviation(term.term[other])):
                if not text or text in own_abbreviations or related(text, own):
                    continue
                if not _foreign_distinctive(text, vocab) or vocab.has(text):
                    continue
                needles.append(Needle(text, term.term[lang], f"language:{other}", f"term:{term.slug}", other))
    # (d1) R's skill names in another language
    for skill in skills:
        own = base_name(skill.name[lang])
        for other in LANGS:
            if other == lang:
                continue
            text = base_name(skill.name[other])
            if not text or related(text, own) or not _foreign_distinctive(text, vocab) or vocab.has(text):
                continue
            needles.append(
                Needle(
                    text, skill.name[lang], f"skill-language:{other}", f"skill:{skill.slug}", other, capitalised=True
                )
            )
    if ruleset in BLOOD_BOWL:
        needles += _edition_needles(corpus, ruleset, lang, vocab)
    # One needle per string: the first rule wins (avoid before language before edition).
    unique: dict[str, Needle] = {}
    for needle in needles:
        first = unique.setdefault(key(needle.text), needle)
        if first is not needle and needle.source_lang not in first.source_langs:
            unique[key(needle.text)] = replace(first, also_langs=(*first.also_langs, needle.source_lang))
    return list(unique.values())


def _edition_needles(corpus: Corpus, ruleset: str, lang: str, vocab: Vocabulary) -> list[Needle]:
    other_rs = next(r for r in BLOOD_BOWL if r != ruleset)
    needles: list[Needle] = []
    by_concept = {t.concept: t for t in corpus.terms if t.ruleset == ruleset}
    # (c) the other edition's term of a concept, where R's differs
    for term in corpus.terms:
        if term.ruleset != other_rs:
            continue
        mine = by_concept.get(term.concept)
        text = base_name(term.term[lang])
        if mine is None:
            # A concept of the other edition only: nothing of R to compare with (its terms,
            # "Placed Prone", "Action", are often plain words of R's texts too).
            continue
        own = base_name(mine.term[lang])
        # (a') what the other edition's glossary avoids for the same concept, unless it is R's
        for wrong in term.avoid.get(lang, []):
            if not related(wrong, own) and not vocab.has(wrong):
                needles.append(Needle(wrong, mine.term[lang], "avoid", f"term:{mine.slug}", lang))
        if related(text, own) or vocab.has(text):
            continue
        needles.append(
            Needle(text, mine.term[lang], "edition", f"term:{mine.slug}", lang, capitalised=not _is_multiword(text))
        )
    # (d2) the other edition's name of a skill, where R's name for it differs
    by_slug = {(s.ruleset, s.slug): s for s in corpus.skills}
    pairs: list[tuple[SkillName, SkillName]] = []  # (R's skill, the other edition's)
    for skill in corpus.skills:
        target = by_slug.get(tuple(skill.counterpart.split(":", 1))) if skill.counterpart else None
        if target is None:
            continue
        if skill.ruleset == other_rs and target.ruleset == ruleset:
            pairs.append((target, skill))
        elif skill.ruleset == ruleset and target.ruleset == other_rs:
            pairs.append((skill, target))
    for mine_skill, theirs in pairs:
        text, own = base_name(theirs.name[lang]), base_name(mine_skill.name[lang])
        if not text or related(text, own) or vocab.has(text):
            continue
        needles.append(
            Needle(text, mine_skill.name[lang], "skill-edition", f"skill:{mine_skill.slug}", lang, capitalised=True)
        )
    return needles


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
    """Written as a name: capitalised, and (one word) not merely because a sentence starts."""
    if not found[:1].isupper():
        return False
    return _is_multiword(found) or SENTENCE_START_RE.search(text[:start]) is None


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
    compiled = [(needle, needle.regex) for needle in _needles(corpus, ruleset, lang, vocab)]
    own_end = [re.compile(r.pattern + r"$", r.flags) for r in vocab.name_regexes]
    findings: list[Finding] = []
    for text_field in corpus.fields:
        if text_field.ruleset != ruleset:
            continue
        text, foreign_spans, reference_ends = _masked((text_field.values.get(lang) or "").replace("’", "'"))
        own_spans = [m.span() for regex in vocab.name_regexes for m in regex.finditer(text)]
        matches = []
        for needle, regex in compiled:
            if needle.rule in EDITION_RULES and text_field.name == "change_note":
                continue  # what changed between the editions: names of both on purpose
            for match in regex.finditer(text):
                if needle.capitalised and not _capitalised(text, match.start(), match.group(0)):
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
