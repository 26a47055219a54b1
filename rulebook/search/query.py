"""What a typed query asks for, before any document is looked at: which words decide, which words
only help (question words, auxiliaries, generic verbs of the reader's language), which edition or
game the query names, and whether it is a question.

Players type questions ("cómo funciona la intercepción", "what happens on a both down"): if every
word had to match, "funciona" or "happens" would exclude the very section that answers. Such words
are *optional*: they may add to a document's score but never exclude it. Edition and game words
("2025", "clásico", "lrb6", "dreadball", "règles classiques") are not required as text either: they
select the ruleset to rank first. Word lists are per language, because "come" is the Italian "how"
but an English verb, and "si" is the Spanish "if" but an English abbreviation (Seriously Injured).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..vocab import BLOOD_BOWL_EDITIONS, DREADBALL_RULESET, LANGS
from .text import STOPWORDS, fold, words


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Question words, auxiliaries, pronouns and generic verbs, folded, per reader language. They are the
# words of a question that are not about the game: "how does X work" is about X. Words that are
# also rules terms ("pass", "block", "turn", "take", "fail") are deliberately absent.
OPTIONAL_WORDS: dict[str, frozenset[str]] = {
    "en": _words(
        "how what whats when where which who why whom do does did done doing is are was were be "
        "been being can could may might must shall should will would has have had having get gets "
        "getting work works working happen happens happened happening mean means meaning use used "
        "uses using explain explained explanation rule rules rulebook edition version i im ive me "
        "my mine you your we our us he his she her they their them this that these those there if "
        "player players with without into onto after before during against "
        "than then any many much often exactly actually really about tell know need want way ways"
    ),
    "es": _words(
        "como cual cuales cuando donde quien quienes porque cuanto cuanta cuantos cuantas "
        "funciona funcionan funcionar funcionamiento ocurre ocurren sucede suceden dura duran "
        "puedo puede pueden puedes podemos poder se hay hace hacen hacer hago hacemos es son esta "
        "estan estoy ser era tengo tiene tienen tener tienes debo debe deben debes significa "
        "significan sirve sirven usar uso usa usan utilizar explica explicacion regla reglas "
        "reglamento edicion version mi mis tu tus me te le les nos si no ya exactamente realmente "
        "algo alguna alguno cosa cosas jugador jugadores sobre entre sin contra durante despues antes"
    ),
    "it": _words(
        "come cosa cos che chi quale quali quando dove perche quanto quanta quanti quante "
        "funziona funzionano funzionare funzionamento succede succedono accade accadono capita "
        "dura durano diventa posso puo possono puoi si e sono c ce ci fa fanno fare faccio facciamo devo "
        "deve devono devi significa significano serve servono usare uso usa usano utilizzare "
        "spiega spiegazione vuol vuole dire regola regole regolamento edizione versione mio mia "
        "miei mie tuo tua mi ti gli se ma non esattamente davvero giocatore giocatori su sul sulla sui "
        "nei tra fra senza contro durante dopo"
    ),
    "fr": _words(
        "comment que quoi quel quelle quels quelles quand ou qui pourquoi combien est sont ce "
        "cela ca se s devient deviennent marche marchent fonctionne fonctionnent fonctionner fonctionnement dure "
        "durent faire fait fais font faut peut peux peuvent puis pouvoir dois doit doivent devoir "
        "arrive arrivent signifie signifient veut dire sert servent utiliser explique explication "
        "regle regles edition version je j on il ils elle t y mon ma mes ton ta tes me m te si ne "
        "pas exactement vraiment joueur joueurs sur dans avec sans sous entre vers contre pendant apres "
        "avant"
    ),
}


# Conjugated verbs of the four languages read as the infinitive the rules' titles use ("se mueve"
# asks about "Mover a un jugador", "mi sono mosso" about "Muovere un giocatore"), folded. Stemming
# cannot join them: "mueve" and "mover" share no stem.
def _verbs(infinitives: dict[str, str]) -> dict[str, str]:
    return {verb: infinitive for infinitive, verbs in infinitives.items() for verb in verbs.split()}


VERB_NOUNS: dict[str, dict[str, str]] = {
    "es": _verbs({"mover": "mueve mueven muevo moverse movido moverme moverlo"}),
    "it": _verbs({"muovere": "muove muovono muovo muoversi mosso mossi muovermi"}),
    "fr": _verbs({"deplacer": "deplace deplacent bouge bougent bouger"}),
    "en": {},
}
# Verbs that only carry a question about a rule's noun ("me rompe la armadura": the armour is the
# subject) are optional, like the question words above.
ARMOUR_VERBS: dict[str, frozenset[str]] = {
    "es": _words("rompe rompen romper rompio roto rota rotos"),
    "it": _words("rompe rompono rompere rotta rotto rompa essermi esserci"),
    "fr": _words("casse cassent casser cassee perce percent percee"),
    "en": _words("break breaks broke broken breaking"),
}

# Words that are optional only right after another word: "se passe" (happens) but "passe" (pass).
OPTIONAL_AFTER: dict[str, dict[str, frozenset[str]]] = {
    "fr": {"passe": frozenset({"se", "s"}), "passent": frozenset({"se", "s"})},
    "es": {"pasa": frozenset({"que", "me", "le", "les"}), "pasan": frozenset({"que", "les"})},
}

# Words naming an edition or a game, folded, in any language (a Spanish player may write "classic").
EDITION_WORDS: dict[str, frozenset[str]] = {
    "lrb6": _words(
        "lrb6 lrb classic classics classique classiques clasico clasica clasicos clasicas "
        "classico classica classici classiche"
    ),
    "bb2025": frozenset({"2025", "bb2025", "bb25"}),
    DREADBALL_RULESET: frozenset({"dreadball", "dreadball2"}),
}
GAME_WORDS: dict[str, tuple[str, ...]] = {"bloodbowl": BLOOD_BOWL_EDITIONS}
# "lrb 6", "blood bowl": the second word of the pair belongs to the first.
EDITION_PAIRS: dict[tuple[str, str], tuple[str, ...]] = {
    ("lrb", "6"): ("lrb6",),
    ("blood", "bowl"): BLOOD_BOWL_EDITIONS,
}
RULESET_OF_WORD: dict[str, str] = {word: key for key, group in EDITION_WORDS.items() for word in group}
# An edition named in words ("nueva edición", "old edition"), folded, read as its key word: the
# words themselves are everywhere ("Nueva habilidad", "New normal skill") and mean nothing else.
_EDITIONS_IN_WORDS = {
    "2025": "new edition|latest edition|new rules|nueva edicion|ultima edicion|nuevas reglas|nuova edizione|"
    "ultima edizione|nuove regole|nouvelle edition|derniere edition|nouvelles regles",
    "lrb6": "old edition|old rules|antigua edicion|vieja edicion|vecchia edizione|ancienne edition|anciennes regles",
}
EDITION_IN_WORDS: dict[tuple[str, ...], str] = {
    tuple(pair.split()): key for key, pairs in _EDITIONS_IN_WORDS.items() for pair in pairs.split("|")
}

# What kind of question it is. "What is a touchback" wants the definition (a glossary term or a
# skill), "how does interception work" wants the rules section that explains it.
DEFINITION_STARTS: dict[str, tuple[tuple[str, ...], ...]] = {
    "en": (("what", "is"), ("what", "are"), ("whats",), ("what", "does"), ("meaning", "of"), ("define",)),
    "es": (("que", "es"), ("que", "son"), ("que", "significa"), ("significado",)),
    "it": (("cos", "e"), ("che", "cos"), ("cosa", "e"), ("cosa", "sono"), ("che", "cosa", "e"), ("cosa", "significa")),
    "fr": (("qu", "est", "ce"), ("c", "est", "quoi"), ("que", "veut"), ("que", "signifie"), ("definition",)),
}
# First words that make a query a question.
QUESTION_STARTS: dict[str, frozenset[str]] = {
    "en": _words("how what whats when where which who why can could do does did is are should will would if"),
    "es": _words("como que cual cuales cuando donde quien por cuanto cuanta cuantos cuantas puedo puede se hay si"),
    "it": _words("come cosa cos che chi quale quali quando dove perche quanto quanti quante posso puo si se"),
    "fr": _words(
        "comment que quoi quel quelle quels quelles quand ou qui pourquoi combien est peut peux puis on si qu"
    ),
}


@dataclass(frozen=True)
class QueryPlan:
    """A query read in the reader's language: its folded words and the role of each."""

    words: tuple[str, ...]
    optional: tuple[bool, ...]  # may rank, never required (question words, stopwords)
    edition: tuple[bool, ...]  # names an edition or a game
    rulesets: frozenset[str]  # the rulesets the query names (empty: none)
    question: str  # "" (not a question), "definition" or "how"

    @property
    def required(self) -> tuple[bool, ...]:
        return tuple(not (o or e) for o, e in zip(self.optional, self.edition, strict=True))


# "K.O.", "M.V.P.": letters with dots are one word, as in names ("K.O." is indexed as "ko" too).
DOTTED_RE = re.compile(r"\b(?:[^\W\d_]\.){2,}")


def plan_query(query: str, lang: str, max_words: int = 20) -> QueryPlan:
    query = DOTTED_RE.sub(lambda found: found.group(0).replace(".", ""), query)
    lang = lang if lang in LANGS else "en"
    nouns = VERB_NOUNS[lang]
    raw = [nouns.get(w, w) for w in _editions_in_words([fold(w) for w in words(query)][:max_words])]
    optional_words = OPTIONAL_WORDS[lang]
    after = OPTIONAL_AFTER.get(lang, {})
    optional = []
    for i, word in enumerate(raw):
        previous = raw[i - 1] if i else ""
        optional.append(
            word in STOPWORDS or word in optional_words or word in ARMOUR_VERBS[lang] or previous in after.get(word, ())
        )
    edition = [False] * len(raw)
    named: list[frozenset[str]] = []
    for i, word in enumerate(raw):
        pair = (raw[i - 1], word) if i else None
        if pair in EDITION_PAIRS:
            edition[i - 1] = edition[i] = True
            named.append(frozenset(EDITION_PAIRS[pair]))
        elif word in RULESET_OF_WORD:
            edition[i] = True
            named.append(frozenset({RULESET_OF_WORD[word]}))
        elif word in GAME_WORDS:
            edition[i] = True
            named.append(frozenset(GAME_WORDS[word]))
    rulesets: frozenset[str] = frozenset()
    if named:
        # "blood bowl 2025": the game and the edition agree on bb2025; "lrb6 2025": either.
        common = frozenset.intersection(*named)
        rulesets = common or frozenset.union(*named)
    # A query made only of helper and edition words ("règles classiques", "dreadball", "how"):
    # there is nothing else to decide, so its words are required after all.
    if raw and all(o or e for o, e in zip(optional, edition, strict=True)):
        content = [i for i, word in enumerate(raw) if edition[i] or word not in STOPWORDS]
        for i in content or range(len(raw)):
            optional[i] = False
            edition[i] = False
    return QueryPlan(tuple(raw), tuple(optional), tuple(edition), rulesets, _question_kind(query, raw, lang))


def _editions_in_words(raw: list[str]) -> list[str]:
    """ "nuova edizione" → "2025": a pair of words naming an edition becomes its key word."""
    out: list[str] = []
    for word in raw:
        pair = (out[-1], word) if out else None
        if pair in EDITION_IN_WORDS:
            out[-1] = EDITION_IN_WORDS[pair]
        else:
            out.append(word)
    return out


def _question_kind(query: str, raw: list[str], lang: str) -> str:
    if len(raw) < 2:
        return ""
    for start in DEFINITION_STARTS.get(lang, ()):
        if tuple(raw[: len(start)]) == start:
            return "definition"
    stripped = query.strip()
    if stripped.endswith("?") or stripped.startswith("¿") or raw[0] in QUESTION_STARTS.get(lang, ()):
        return "how"
    return ""
