"""The terminology checker's vocabulary of one language and ruleset (L's own names, and whether a
text is one of them), and the needles: the stray strings to look for in L's texts of the ruleset.
The matching of words itself is term_words'."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from ..vocab import LANGS
from .term_corpus import BLOOD_BOWL, Corpus, SkillName
from .term_words import (
    ABBREVIATION_RE,
    IRREGULAR_FORMS,
    WORD_RE,
    Needle,
    _is_multiword,
    abbreviation,
    base_name,
    casefolded,
    content_words,
    key,
    related,
    term_regex,
)


@dataclass
class Vocabulary:
    """L's own names in a ruleset (glossary terms, their abbreviations, skill names), and every
    word of L's names in all rulesets."""

    names: list[str] = field(default_factory=list)
    words: set[str] = field(default_factory=set)  # folded
    own_words: set[str] = field(default_factory=set)  # folded words of L's own names in R
    name_regexes: list[re.Pattern[str]] = field(default_factory=list)
    _index: _NamesIndex | None = field(default=None, repr=False, compare=False)

    def has(self, text: str) -> bool:
        """Also one of L's own names, part of one, or another form of one."""
        names = self._names_index()
        if key(text) in names.keys:
            return True
        folded = casefolded(text)
        whole_word = re.compile(r"(?<!\w)" + re.escape(folded) + r"(?!\w)")
        # The cheap substring test first: the whole-word search needs it.
        if any(folded in name and whole_word.search(name) for name in names.folded):
            return True
        # related(…, subset=False) holds only between names of as many content words, unless one
        # of the two is an abbreviation ("GFI" / "Going For It"): the other names are not asked.
        # And each of its words needs a word of the name with the same first two letters
        # (_stem_match): a name missing one is not asked either.
        if ABBREVIATION_RE.match(text):
            candidates: list[str] = self.names
        else:
            words = content_words(text)
            starts = _word_starts(words)
            same_count = names.by_word_count.get(len(words), [])
            candidates = names.abbreviations + [name for name, its_starts in same_count if starts <= its_starts]
        return any(related(text, name, subset=False) for name in candidates)

    def _names_index(self) -> _NamesIndex:
        if self._index is None or self._index.names != self.names:
            self._index = _NamesIndex.of(self.names)
        return self._index


def _word_starts(words: tuple[str, ...]) -> frozenset[str]:
    return frozenset(IRREGULAR_FORMS.get(word, word)[:2] for word in words)


@dataclass(frozen=True)
class _NamesIndex:
    """What Vocabulary.has compares a text with, worked out once per list of names."""

    names: list[str]
    keys: frozenset[str]
    folded: list[str]
    abbreviations: list[str]
    by_word_count: dict[int, list[tuple[str, frozenset[str]]]]  # with the first two letters of its words

    @classmethod
    def of(cls, names: list[str]) -> _NamesIndex:
        by_word_count: dict[int, list[tuple[str, frozenset[str]]]] = {}
        for name in names:
            words = content_words(name)
            by_word_count.setdefault(len(words), []).append((name, _word_starts(words)))
        return cls(
            names=list(names),
            keys=frozenset(key(name) for name in names),
            folded=[casefolded(name) for name in names],
            abbreviations=[name for name in names if ABBREVIATION_RE.match(name)],
            by_word_count=by_word_count,
        )


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
    for item in corpus.names:  # teams, positionals, team rules, table results
        name = base_name(item.name.get(lang, ""))
        vocab.words.update(casefolded(w) for w in WORD_RE.findall(name))
        if item.ruleset == ruleset and name:
            own.add(name)
    vocab.own_words = {casefolded(w) for name in own for w in WORD_RE.findall(name)}
    vocab.names = sorted(own, key=len, reverse=True)
    vocab.name_regexes = [term_regex(n, lang) for n in vocab.names]
    return vocab


def _foreign_distinctive(text: str, vocab: Vocabulary) -> bool:
    """A string of another language worth looking for in L: an abbreviation, several words, or a
    long word that is none of L's words."""
    if ABBREVIATION_RE.match(text) or _is_multiword(text):
        return True
    return len(text) >= 6 and casefolded(text) not in vocab.words


def _plain_word_too(text: str, vocab: Vocabulary) -> bool:
    """A single word of the other edition that is also a plain word of R's texts ("Action",
    "seguir"): it counts when written as a name, and, if distinct (below), also in lower case
    beside the concept's English term ("smarcarsi" beside "dodge")."""
    return not _is_multiword(text)


def _distinct_word(text: str, own: str, vocab: Vocabulary) -> bool:
    """A long word ("smarcarsi", "supporto") in none of L's names in R and not a form of R's own
    term ("disperdersi" is the verb of "Dispersione")."""
    folded = casefolded(text)
    own_words = [casefolded(w) for w in WORD_RE.findall(own)]
    return len(folded) >= 8 and folded not in vocab.own_words and all(w[:6] != folded[:6] for w in own_words)


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
        single = _plain_word_too(text, vocab)
        distinct = single and lang != "en" and _distinct_word(text, own, vocab)
        needles.append(
            Needle(
                text,
                mine.term[lang],
                "edition",
                f"term:{mine.slug}",
                lang,
                capitalised=single,
                english=base_name(mine.term["en"]) if distinct else "",
            )
        )
    # (d2) the other edition's name of a skill, where R's name for it differs
    by_slug = {(s.ruleset, s.slug): s for s in corpus.skills}
    pairs: list[tuple[SkillName, SkillName]] = []  # (R's skill, the other edition's)
    for skill in corpus.skills:
        other_ruleset, _, other_slug = skill.counterpart.partition(":")
        target = by_slug.get((other_ruleset, other_slug)) if skill.counterpart else None
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
