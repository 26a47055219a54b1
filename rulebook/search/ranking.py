"""Ranking: the words of a query combined into one ordered list of matches.

A document must contain every *deciding* word of the query (see query.py: question words, generic
verbs, articles and edition words do not decide; a long query may miss a few). Among those, in this
order: documents of an edition the query names (or whose name mentions it, "What changed since
LRB6"), documents matching in a name, documents of the ruleset being browsed, documents matching
in a name of the reader's language before those matching only through another language's name,
documents of the game most name matches belong to (when nothing says which), then by score:
whole-name and name-prefix matches, names before aliases before text, the reader's language before
others; skills before sections before tables before glossary entries before table rows on ties.
A question ("how does interception work") puts the rules section that answers it first.
"""

from __future__ import annotations

import heapq
import math
from collections import Counter
from collections.abc import Callable

from ..vocab import GAME_OF_RULESET, RULESET_KEYS
from .index import ABBR, ALIAS, NAME, NONE, OPTIONAL_FACTOR, OTHER, SAME, TYPO, Match, SearchIndex, WordHit
from .query import QueryPlan
from .text import STOPWORDS, normalized, osa_distance

FULL_NAME_BONUS = {NAME: (25.0, 14.0), ALIAS: (12.0, 8.0), ABBR: (25.0, 20.0)}
NAME_PREFIX_BONUS = {NAME: (12.0, 6.0), ALIAS: (6.0, 3.0), ABBR: (6.0, 4.0)}
# A "how" question: the rules section whose title matches comes before the term or skill; a
# "what is" question: the glossary entry (the definition) comes before the section.
QUESTION_SECTION_BONUS = 16.0
DEFINITION_TERM_BONUS = 8.0
NAMED_SKILL_WITHIN = 3  # terms among the first results that bring the skill they name along
POPULARITY = 1.0  # times the log of how many documents share the name (see SearchIndex.name_popularity)
# Times the share of the item's own name that the query's words cover: of two names that both hold
# the typed word, the one with fewer other words comes first ("ogre": the Ogre, then the Rat Ogre).
NAME_SHARE = 1.0
NAME_SHARE_KINDS = ("positional", "team")  # names of a few words each ("Ogre · Human")
# Equal scores: the ruleset's page, the item's own page (skill), then rules, tables, glossary, rows.
# A kind not listed here (a new kind of document) comes after these on ties and ranks like them.
# Stars and inducements rank with tables: an inducement's page (the rule in full) before the glossary
# term of the same name ("bribe").
KIND_ORDER = {
    "ruleset": -1,
    "skill": 0,
    "trait": 0,
    "section": 1,
    "table": 2,
    "star": 2,
    "inducement": 2,
    "term": 3,
    "row": 4,
}
UNLISTED_KIND = 2
RULESET_ORDER = {key: position for position, key in enumerate(RULESET_KEYS)}
SHORT_TYPO_MAX = 3
MIN_COVERAGE = 0.6  # the share of deciding words a document of a long query must contain
# The likely game needs this many exact name matches, and this many times those of the other game.
LIKELY_GAME_MIN, LIKELY_GAME_RATIO = 3, 3  # words this short get no typo tolerance of their own (see index.short_typos)


def rank(index: SearchIndex, plan: QueryPlan, lang: str, current: str = "", ruleset: str = "") -> list[Match]:
    """Every match, best first."""
    results, key = _matches(index, plan, lang, current, ruleset)
    results.sort(key=key)
    return results


def rank_top(
    index: SearchIndex, plan: QueryPlan, lang: str, limit: int, current: str = "", ruleset: str = ""
) -> tuple[list[Match], int]:
    """The best ``limit`` matches, best first, and how many there are in all (only those are sorted)."""
    results, key = _matches(index, plan, lang, current, ruleset)
    return _named_skills_after_terms(heapq.nsmallest(limit, results, key=key), results, limit), len(results)


def _named_skills_after_terms(top: list[Match], results: list[Match], limit: int) -> list[Match]:
    """A glossary term typed whole ("placaje", the Block action) is followed by the skill it names
    (Block, es "Placar"), which the query's words alone would leave below every "Placaje …" skill."""
    skills = {(m.document.ruleset, m.document.slug): m for m in results if m.document.kind in ("skill", "trait")}
    out: list[Match] = []
    for match in top[:NAMED_SKILL_WITHIN]:
        if match not in out:
            out.append(match)
        skill = skills.get((match.document.ruleset, match.document.slug))
        if match.document.kind == "term" and match.whole_name and skill is not None and skill not in out:
            out.append(skill)
    out += [m for m in top[NAMED_SKILL_WITHIN:] if m not in out]
    return out[:limit]


SortKey = Callable[[Match], tuple[object, ...]]


def _matches(index: SearchIndex, plan: QueryPlan, lang: str, current: str, ruleset: str) -> tuple[list[Match], SortKey]:
    query_words = list(plan.words)
    if not query_words:
        return [], _no_key
    required = plan.required
    required_count = sum(required)
    many = len(query_words) > 1
    last = len(query_words) - 1
    per_word = [
        index.score_word(word, lang, i == last, not required[i], many, _factor(plan, i))
        for i, word in enumerate(query_words)
    ]
    if many:
        index.score_compounds(query_words, lang, per_word, required)
        _short_word_typos(index, plan, lang, per_word)
    # Only documents with enough deciding words become matches (all of them for one or two words,
    # 60 % for longer queries): counted first, so that common words cost no Match objects.
    needed = required_count if required_count <= 2 else math.ceil(MIN_COVERAGE * required_count - 1e-9)
    counts: Counter[int] = Counter()
    for position, scores in enumerate(per_word):
        if required[position]:
            counts.update(scores.keys())
    eligible = {doc_id for doc_id, count in counts.items() if count >= needed}
    if ruleset:
        eligible = {doc_id for doc_id in eligible if index.documents[doc_id].ruleset == ruleset}
    totals: dict[int, Match] = {}
    for position, scores in enumerate(per_word):
        deciding = required[position]
        for doc_id in eligible.intersection(scores):
            score, tier, matched, langs = scores[doc_id]
            match = totals.get(doc_id)
            if match is None:
                match = totals[doc_id] = Match(index.documents[doc_id], 0.0, 0.0, False)
            match.score += score
            match.matched |= matched
            if deciding:
                match.coverage += 1 / required_count
                # "come" in "Come funziona un test" is no reason to rank that section as a name
                # match for "come schivare": only deciding words make a name hit.
                if tier > match.tier:
                    match.tier = tier
                if tier == OTHER:
                    match.other_langs |= langs
            elif plan.edition[position] and tier != NONE:
                match.edition_hit = True
    core = " ".join(word for word, needed in zip(query_words, required, strict=True) if needed)
    whole = {*normalized(query_words), core}
    whole.discard("")
    results = []
    for doc_id, match in totals.items():
        doc = match.document
        match.name_hit = match.tier != NONE
        if match.tier == SAME:
            match.other_langs.clear()
        bonus, whole_name = 0.0, False
        if match.name_hit:  # a whole name or its start typed means its words hit a name
            bonus, whole_name = _name_bonus(index, doc_id, whole, core or " ".join(query_words), lang, plan)
        match.score += bonus
        match.whole_name = whole_name
        if doc.kind in ("skill", "trait") and match.name_hit:
            match.score += 0.5  # a skill's own page beats a row that mentions it
        if doc.kind in NAME_SHARE_KINDS and match.tier == SAME and not whole_name:
            own = index.own_name_words[doc_id][lang]
            if own:
                match.score += NAME_SHARE * len(own & match.matched) / len(own)
        if match.tier == SAME and required_count <= 2 and not whole_name:
            shared = index.name_popularity.get((lang, index.name_keys[doc_id][lang]), 1)
            match.score += POPULARITY * math.log(shared)
        if plan.question == "how" and doc.kind == "section" and match.name_hit:
            # A chapter is broader than the section that answers: half the bonus.
            match.score += QUESTION_SECTION_BONUS / (2 if doc.parent_slug == doc.slug else 1)
        elif plan.question == "definition" and doc.kind == "term" and match.name_hit:
            match.score += DEFINITION_TERM_BONUS
        results.append(match)
    game = "" if current or plan.rulesets else _likely_game(index, plan, lang, results)
    named = plan.rulesets

    def key(m: Match) -> tuple[object, ...]:
        return (
            -round(m.coverage, 3),
            bool(named) and not (m.document.ruleset in named or m.edition_hit),
            not m.name_hit,
            m.document.ruleset != current,
            -m.tier,
            bool(game) and GAME_OF_RULESET.get(m.document.ruleset) != game,
            -m.score,
            KIND_ORDER.get(m.document.kind, UNLISTED_KIND),
            RULESET_ORDER.get(m.document.ruleset, len(RULESET_ORDER)),
            m.document.slug,
        )

    return results, key


def _no_key(match: Match) -> tuple[object, ...]:
    return ()


def _factor(plan: QueryPlan, position: int) -> float:
    """How much a word of the query weighs: deciding words fully; articles, prepositions and edition
    words a little (they match names: "On the Ball", "What changed since LRB6"); question words and
    generic verbs nothing ("Cómo funciona un chequeo" is no answer to every "cómo")."""
    if plan.required[position]:
        return 1.0
    if plan.edition[position] or plan.words[position] in STOPWORDS:
        return OPTIONAL_FACTOR
    return 0.0


def _name_bonus(
    index: SearchIndex, doc_id: int, whole: set[str], typed: str, lang: str, plan: QueryPlan
) -> tuple[float, bool]:
    """The whole name typed, or the start of it ("esq" → "Esquive" before "Esquive en Force"): the
    best of the item's names, aliases and abbreviations, and whether a whole name was typed."""
    best, whole_name = 0.0, False
    for kind, names in enumerate(index.full_names[doc_id]):
        bonus = 0.0
        for name in whole:
            langs = names.get(name)
            if langs:
                same, other = FULL_NAME_BONUS[kind]
                bonus = max(bonus, same if lang in langs else other)
        if bonus:
            whole_name = True
            # "how does a foul work": the glossary entry Foul is not the answer, the section is.
            best = max(best, bonus / 2 if plan.question == "how" else bonus)
            continue
        completed = [(name, langs) for name, langs in names.items() if name.startswith(typed)]
        if completed:
            shortest = min(len(name) for name, _ in completed)
            same, other = NAME_PREFIX_BONUS[kind]
            in_lang = any(lang in langs for _, langs in completed)
            best = max(best, (same if in_lang else other) + len(typed) / shortest)
    return best, whole_name


def _likely_game(index: SearchIndex, plan: QueryPlan, lang: str, results: list[Match]) -> str:
    """With no ruleset in view or in the query, the game whose names hold the typed words when it
    is clearly one game ("turno": Blood Bowl's turns, though DreadBall's glossary has an entry
    called exactly Turno; "velocità" stays DreadBall's Speed, which only DreadBall names)."""
    found = {id(m.document) for m in results}
    games: Counter[str] = Counter()
    for word, needed in zip(plan.words, plan.required, strict=True):
        if needed:
            for doc_id in index.words[NAME].get(word, {}).get(lang, ()):
                document = index.documents[doc_id]
                if id(document) in found:
                    games[GAME_OF_RULESET.get(document.ruleset, "")] += 1
    if not games:
        return ""
    ranked = games.most_common(2)
    first, first_count = ranked[0]
    second_count = ranked[1][1] if len(ranked) > 1 else 0
    if second_count and first_count >= LIKELY_GAME_MIN and first_count >= LIKELY_GAME_RATIO * second_count:
        return first
    return ""


def _short_word_typos(index: SearchIndex, plan: QueryPlan, lang: str, per_word: list[dict[int, WordHit]]) -> None:
    required = plan.required
    positions = [i for i, needed in enumerate(required) if needed]
    if len(positions) < 2:
        return
    last = len(plan.words) - 1
    for i in positions:
        word = plan.words[i]
        if not 2 <= len(word) <= SHORT_TYPO_MAX:
            continue
        others = [per_word[j] for j in positions if j != i]
        candidates = {d for d, hit in others[0].items() if hit[1] != NONE}
        for scores in others[1:]:
            candidates &= {d for d, hit in scores.items() if hit[1] != NONE}
        named = {d for d, hit in per_word[i].items() if hit[1] != NONE}
        if not candidates or candidates & named:
            continue  # nothing to find, or the word already matches a name there ("blocage mul")
        for doc_id, hit in _short_typos(index, word, lang, i == last, candidates).items():
            old = per_word[i].get(doc_id)
            if old is None or old[0] < hit[0]:
                per_word[i][doc_id] = hit


def _short_typos(index: SearchIndex, word: str, lang: str, is_last: bool, doc_ids: set[int]) -> dict[int, WordHit]:
    """A word of two or three letters one typo away from a name word (or, for the word being
    typed, from the start of one) — looked for only in ``doc_ids``, the documents whose names
    already match the query's other words, so that "cerveau lan" finds Cerveau Lent without
    every three-letter word in the index matching."""
    found: dict[int, WordHit] = {}
    for doc_id in doc_ids:
        for name_word, name_lang in index.name_words[doc_id]:
            # The word being typed may be the start of the name word, missing a letter ("hnd").
            targets = {name_word[: len(word)], name_word[: len(word) + 1]} if is_last else {name_word}
            if word not in targets and any(osa_distance(word, target, 1) == 1 for target in targets):
                same = name_lang == lang
                weight = TYPO[NAME][0 if same else 1] - 1
                hit = found.get(doc_id)
                if hit is None or hit[0] < weight:
                    found[doc_id] = [weight, SAME if same else OTHER, {name_word}, set() if same else {name_lang}]
    return found
