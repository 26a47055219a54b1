"""One term per concept, language and edition: no stray term of another language or edition in
the rules texts (rulebook/contentfiles/terminology.py). The real content is checked for every ruleset and
language; the checker itself is tested on small synthetic texts."""

from __future__ import annotations

import pytest

from rulebook.contentfiles import terminology as T
from rulebook.vocab import LANGS, RULESET_KEYS

# --- the real content ----------------------------------------------------------------------------

_CORPUS: list[T.Corpus] = []


def real_corpus() -> T.Corpus:
    if not _CORPUS:
        _CORPUS.append(T.corpus_from_db())
    return _CORPUS[0]


@pytest.mark.content_sweep
@pytest.mark.django_db
def test_every_ruleset_has_texts_and_a_glossary_to_check() -> None:
    corpus = real_corpus()
    for ruleset in RULESET_KEYS:
        assert any(f.ruleset == ruleset for f in corpus.fields), ruleset
        assert any(t.ruleset == ruleset for t in corpus.terms), ruleset
    for ruleset in T.BLOOD_BOWL:
        assert any(s.ruleset == ruleset for s in corpus.skills), ruleset


@pytest.mark.slow
@pytest.mark.content_sweep
@pytest.mark.django_db
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", RULESET_KEYS)
def test_no_stray_terms(ruleset: str, lang: str) -> None:
    """No stray in (ruleset, lang) but the reviewed ALLOWED ones, and each of those still needed:
    one scan for both (the scan of a ruleset in a language is the suite's costliest reading)."""
    raw = T.find_strays(real_corpus(), [ruleset], [lang], allowed=False)
    findings = [f for f in raw if T.allowed_entry(f) is None]
    assert not findings, f"{len(findings)} stray term(s) in {ruleset}/{lang}:\n" + "\n".join(
        f"  {f.path} {f.field}: «{f.found}» → «{f.expected}» ({f.rule}) … {f.context} …" for f in findings
    )
    used = {T.allowed_entry(f) for f in raw}
    stale = [entry for entry in T.ALLOWED if (entry[0], entry[3]) == (ruleset, lang) and entry not in used]
    assert not stale, f"stale (no such stray any more): remove them from ALLOWED: {stale}"


def test_every_allowed_entry_has_a_reason_and_is_checked_for_staleness() -> None:
    """Each entry is looked for (and found still needed) by test_no_stray_terms of its ruleset and language."""
    for entry, reason in T.ALLOWED.items():
        assert len(reason.strip()) > 10, f"{entry}: give the reason"
        ruleset, _ref, _name, lang, _found = entry
        assert ruleset in RULESET_KEYS and lang in LANGS, entry


@pytest.mark.slow
@pytest.mark.content_sweep
@pytest.mark.django_db
def test_a_stray_written_into_the_real_content_is_found() -> None:
    from rulebook.models import RuleSection

    section = RuleSection.objects.filter(ruleset__key="lrb6").first()
    assert section is not None
    section.body_it += "\n\nIl giocatore esce dalla zona di placcaggio e deve Scattare."
    section.save()  # rolled back with the test's transaction
    findings = T.find_strays(T.corpus_from_db(), ["lrb6"], ["it"])
    assert [(f.ref, f.found) for f in findings if f.ref == f"section:{section.slug}"] == [
        (f"section:{section.slug}", "zona di placcaggio")
    ]


# The term decisions recorded in the glossaries' translator notes (rulebook/content/REVIEW.md): a text
# that goes back on one of them is a stray. (ruleset, language, sentence, stray found)
DECISIONS = [
    ("bb2025", "es", "El blitzer hace una Penetración y placa al receptor.", "Penetración"),
    ("lrb6", "es", "El blitzer declara un Blitz y placa al receptor.", "Blitz"),
    ("lrb6", "it", "Se l'armatura cede si effettua il tiro infortunio.", "tiro infortunio"),
    ("bb2025", "it", "Il giocatore esce dalla zona di controllo dell'avversario.", "zona di controllo"),
    ("lrb6", "es", "El jugador está marcado por dos rivales.", "marcado"),
    ("lrb6", "it", "Il giocatore lascia la zona di placcaggio dell'avversario.", "zona di placcaggio"),
    # issue 27: the Big Guy keyword is "Grandullón" in Spanish, not the interface's old "Tipo grande"
    ("bb2025", "es", "El capitán no puede ser un Tipo grande.", "Tipo grande"),
]


@pytest.mark.content_sweep
@pytest.mark.django_db
@pytest.mark.parametrize(("ruleset", "lang", "sentence", "stray"), DECISIONS)
def test_a_text_going_back_on_a_term_decision_is_a_stray(ruleset: str, lang: str, sentence: str, stray: str) -> None:
    corpus = real_corpus()
    values = dict.fromkeys(LANGS, "") | {lang: sentence}
    probe = T.Corpus([T.TextField(ruleset, "section:probe", "body", values)], corpus.terms, corpus.skills)
    found = [f.found for f in T.find_strays(probe, [ruleset], [lang])]
    assert found == [stray], found


@pytest.mark.slow
@pytest.mark.content_sweep
@pytest.mark.django_db
def test_the_checker_looks_for_strays_of_every_kind_in_the_real_glossaries() -> None:
    corpus = real_corpus()
    for ruleset in RULESET_KEYS:
        every_language: set[str] = set()
        for lang in LANGS:
            vocab = T._vocabulary(corpus, ruleset, lang)
            rules = {n.rule.split(":")[0] for n in T._needles(corpus, ruleset, lang, vocab)}
            assert "language" in rules, (ruleset, lang)
            every_language |= rules
        if ruleset in T.BLOOD_BOWL:
            expected = {"avoid", "language", "skill-language", "edition", "skill-edition"}
            assert expected <= every_language, (ruleset, every_language)


# --- the checker on synthetic texts ------------------------------------------------------------


def term(
    ruleset: str,
    slug: str,
    es: str,
    it: str,
    fr: str,
    en: str,
    concept: str = "",
    avoid: dict[str, list[str]] | None = None,
) -> T.Term:
    return T.Term(ruleset, slug, concept or slug, {"es": es, "it": it, "fr": fr, "en": en}, avoid or {})


def skill(ruleset: str, slug: str, es: str, it: str, fr: str, en: str, counterpart: str = "") -> T.SkillName:
    return T.SkillName(ruleset, slug, {"es": es, "it": it, "fr": fr, "en": en}, counterpart)


TERMS = [
    term("lrb6", "casualty", "Lesión", "Infortunio", "Élimination", "Casualty", avoid={"fr": ["Blessure"]}),
    term("lrb6", "injury", "Herida", "Ferita", "Blessure", "Injury"),
    term(
        "lrb6",
        "tackle-zone",
        "Zona de defensa",
        "Zona di controllo",
        "Zone de tacle",
        "Tackle zone",
        avoid={"es": ["Marcado"]},
    ),
    term("lrb6", "go-for-it", "¡A por ellos!", "Go For It", "Mettre le paquet", "Going For It"),
    term("lrb6", "push-back", "Empujón", "Spinta", "Repoussé", "Push-back"),
    term(
        "lrb6",
        "star-player-points",
        "Puntos de Estrellato (PE)",
        "Punti Star Player (SPP)",
        "Points d'expérience (XP)",
        "Star Player Points (SPP)",
    ),
    term(
        "bb2025",
        "tackle-zone",
        "Zona de defensa",
        "Zona di placcaggio",
        "Zone de Tacle",
        "Tackle Zone",
        avoid={"it": ["Zona di controllo"], "es": ["Zona de control"]},
    ),
    term(
        "bb2025",
        "rush",
        "Forzar la marcha",
        "Scattare",
        "Foncer",
        "Rush",
        concept="go-for-it",
        avoid={"es": ["A por ellos"], "en": ["GFI"]},
    ),
    term("bb2025", "push-back", "Empujado", "Spinto indietro", "Repoussé", "Pushed Back"),
    term("dreadball2", "threat-zone", "Zona de amenaza", "Zona di minaccia", "Zone de menace", "Threat Zone"),
]
SKILLS = [
    skill("lrb6", "sure-hands", "Manos Seguras", "Presa Sicura", "Prise Sûre", "Sure Hands"),
    skill("lrb6", "block", "Placar", "Blocco", "Blocage", "Block"),
    skill("bb2025", "sure-hands", "Manos seguras", "Sure Hands", "Prise Sûre", "Sure Hands", "lrb6:sure-hands"),
    skill("bb2025", "block", "Placar", "Block", "Blocage", "Block", "lrb6:block"),
]


def item(ref: str, es: str, it: str, fr: str, en: str, aliases: dict[str, list[str]] | None = None) -> T.ItemName:
    return T.ItemName("bb2025", ref, {"es": es, "it": it, "fr": fr, "en": en}, aliases or {})


# Item names as they were on main before issue 27 (eab3320): what the texts below must call them.
NAMES = [
    item(
        "positional:vampire/thrall-lineman",
        "Línea Siervo",
        "Thrall Lineman",
        "Trois-quarts Serviteur",
        "Thrall Lineman",
    ),
    item(
        "positional:dwarf/deathroller",
        "Apisonadora",
        "Deathroller",
        "Roule-Mort",
        "Deathroller",
        {"fr": ["Rouleau Compresseur"]},
    ),
    item(
        "positional:orc/big-un-blocker",
        "Bloqueador Orco Grandote",
        "Big Un Blocker",
        "Bloqueur Kosto",
        "Big Un Blocker",
    ),
    item(
        "positional:lizardmen/saurus-blocker",
        "Bloqueador Saurio",
        "Saurus Blocker",
        "Bloqueur Saurus",
        "Saurus Blocker",
    ),
    item("positional:human/catcher", "Receptor Humano", "Human Catcher", "Receveur Humain", "Human Catcher"),
    item("positional:human/lineman", "Línea Humano", "Human Lineman", "Trois-quarts Humain", "Human Lineman"),
    item(
        "positional:dark-elf/runner", "Corredor Elfo Oscuro", "Dark Elf Runner", "Coureur Elfe Noir", "Dark Elf Runner"
    ),
    item("positional:human/thrower", "Lanzador Humano", "Human Thrower", "Lanceur Humain", "Human Thrower"),
    item("positional:human/blitzer", "Blitzer Humano", "Human Blitzer", "Blitzer Humain", "Human Blitzer"),
    item("row:casualty/1", "Gravemente herido", "Malconcio", "Commotion", "Badly Hurt"),
    item("team-rule:team-captain", "Capitán del equipo", "Team Captain", "Capitaine", "Team Captain"),
]
SPECIAL_ACTION = term(
    "bb2025", "special-action", "Acción especial", "Azione speciale", "Action spéciale", "Special Action"
)


def strays(ruleset: str, lang: str, text: str, field: str = "body", english: str = "") -> list[str]:
    values = dict.fromkeys(LANGS, "") | {"en": english} | {lang: text}
    corpus = T.Corpus([T.TextField(ruleset, "section:example", field, values)], [*TERMS, SPECIAL_ACTION], SKILLS, NAMES)
    return [f"{f.found}|{f.rule}" for f in T.find_strays(corpus, [ruleset], [lang])]


def test_a_term_the_glossary_avoids_is_a_stray() -> None:
    # French "Blessure" used for a casualty, where the glossary says "Élimination".
    assert strays("lrb6", "fr", "Le joueur subit une Blessure et quitte le terrain.") == ["Blessure|avoid"]
    assert strays("lrb6", "es", "Si el jugador está marcado no puede pasar.") == ["marcado|avoid"]


def test_the_term_of_another_language_is_a_stray() -> None:
    assert strays("lrb6", "fr", "Il sort de la Zona de defensa adverse.") == ["Zona de defensa|language:es"]
    assert strays("dreadball2", "es", "Entra en la Threat Zone del rival.") == ["Threat Zone|language:en"]
    assert strays("lrb6", "es", "Gana dos SPP por cada touchdown.") == ["SPP|language:it"]


def test_the_term_of_the_other_edition_is_a_stray() -> None:
    assert strays("lrb6", "es", "El jugador puede Forzar la marcha dos veces.") == ["Forzar la marcha|edition"]
    assert strays("bb2025", "it", "Esce dalla zona di controllo avversaria.") == ["zona di controllo|avoid"]
    # What the other edition's glossary avoids for the same concept is wrong here too ...
    assert strays("lrb6", "es", "Sale de la zona de control.") == ["zona de control|avoid"]
    # ... unless it is this edition's own term or its abbreviation.
    assert strays("lrb6", "es", "Puede intentar ¡A por ellos! dos veces.") == []
    assert strays("lrb6", "en", "He may GFI twice.") == []


def test_skill_names_of_another_language_or_edition_are_strays() -> None:
    assert strays("lrb6", "es", "Un jugador con Sure Hands recoge el balón.") == ["Sure Hands|skill-language:en"]
    assert strays("lrb6", "it", "Un giocatore con Sure Hands raccoglie la palla.") == ["Sure Hands|skill-language:en"]
    assert strays("bb2025", "it", "Un giocatore con Presa Sicura raccoglie la palla.") == ["Presa Sicura|skill-edition"]


def test_matching_is_whole_word_case_insensitive_accent_sensitive_and_allows_plurals() -> None:
    assert strays("lrb6", "fr", "Deux Blessures graves.") == ["Blessures|avoid"]
    assert strays("lrb6", "fr", "Les blessures légères.") == ["blessures|avoid"]
    assert strays("lrb6", "fr", "Les Blessuresque inventées.") == []
    assert strays("lrb6", "fr", "La zona de défensa n'existe pas.") == []  # not the Spanish spelling
    assert strays("bb2025", "it", "Esce dalle zone di controllo.") == ["zone di controllo|avoid"]


def test_legitimate_uses_are_not_strays() -> None:
    # the slug of a reference is not text; its label is
    assert strays("lrb6", "es", "Ver [[term:tackle-zone]] y [[skill:sure-hands]].") == []
    assert strays("lrb6", "es", "Ver [[skill:sure-hands|Sure Hands]].") == ["Sure Hands|skill-language:en"]
    # the label of a reference to the other edition uses that edition's names
    assert strays("lrb6", "es", "En 2025, [[bb2025:term:rush|Forzar la marcha]].") == []
    # the foreign name in parentheses right after the localised one
    assert strays("lrb6", "es", "La habilidad Manos Seguras (Sure Hands) ayuda.") == []
    assert strays("lrb6", "es", "La habilidad [[skill:sure-hands]] (Sure Hands) ayuda.") == []
    # a form of this edition's own word: "empujado" is the participle of "Empujón"
    assert strays("lrb6", "es", "El jugador es empujado hacia atrás.") == []
    assert strays("lrb6", "it", "Il giocatore viene spinto indietro.") == []
    # a word that is also this language's own term for another concept (French "Blessure" = injury)
    assert strays("lrb6", "fr", "Jet de Blessure.") == ["Blessure|avoid"]  # but avoid lists it
    # a name cited in quotes or italics, or announced as another language's or edition's
    assert strays("lrb6", "es", "El texto francés dice «Mettre le paquet».") == []
    assert strays("lrb6", "es", "Sus atributos (en inglés *Star Player Points*) son cuatro.") == []
    assert strays("lrb6", "es", "En inglés se llama Sure Hands.") == []
    assert strays("lrb6", "es", "En la edición 2025 se llama Forzar la marcha.") == []
    # a skill's change note compares the editions by name
    assert strays("bb2025", "it", "Era Presa Sicura nelle regole classiche.", field="change_note") == []
    # a capitalised single word of the other edition at the start of a sentence is not a name
    assert strays("lrb6", "it", "Spinto indietro, cade.") == []


# --- item names and English left in a translation (issue 27) --------------------------------------
# The texts are copied from main before issue 27 (eab3320), where the checker found none of them.


def test_a_field_that_names_an_item_differently_in_two_languages_is_found() -> None:
    """The Bloodlust text named the Thrall Lineman "Siervo Línea" in Spanish (the positional is
    "Línea Siervo") and "Trois-quart Sbire" in French (then "Trois-quarts Serviteur"), and its
    Badly Hurt "Magullado" and "Contusione" (the casualty table: "Gravemente herido", "Malconcio")."""
    english = "this player may bite an adjacent Thrall Lineman team-mate, treating any Casualty result as Badly Hurt"
    spanish = (
        "puede morder a un compañero Siervo Línea adyacente, tratando cualquier resultado de Lesión como Magullado"
    )
    assert strays("bb2025", "es", spanish, english=english) == [
        "Thrall Lineman|name-missing",
        "Badly Hurt|name-missing",
    ]
    french = (
        "peut mordre un coéquipier Trois-quart Sbire adjacent, en traitant tout résultat Éliminé comme une Commotion"
    )
    assert strays("bb2025", "fr", french, english=english) == ["Thrall Lineman|name-missing"]
    italian = (
        "può mordere un compagno Thrall Lineman adiacente, trattando qualsiasi risultato Infortunio come una Contusione"
    )
    assert strays("bb2025", "it", italian, english=english) == ["Badly Hurt|name-missing"]
    # the same words in the item's order and in another form of each word are its name
    assert strays("bb2025", "es", "a los compañeros Líneas Siervos, como Gravemente heridos", english=english) == []
    # a plain English phrase ("badly hurt" in lower case, a plural) names no item
    assert strays("bb2025", "es", "queda muy maltrecho", english="the player is badly hurt") == []


def test_english_words_left_in_a_translation_are_found() -> None:
    """The 2025 casualty table left the keywords in English in Spanish and French."""
    english = "not Big Guy, Blitzer, Blocker, Catcher, Lineman, Runner, Special or Thrower"
    spanish = "no valen Big Guy, Blitzer, Blocker, Catcher, Lineman, Runner, Special ni Thrower"
    expected = ["Big Guy", "Blocker", "Catcher", "Lineman", "Runner", "Special", "Thrower"]  # Blitzer is Spanish too
    assert strays("bb2025", "es", spanish, english=english) == [f"{w}|untranslated" for w in expected]
    french = "sauf Big Guy, Blitzer, Blocker, Catcher, Lineman, Runner, Special et Thrower"
    assert strays("bb2025", "fr", french, english=english) == [f"{w}|untranslated" for w in expected]
    assert strays("bb2025", "es", "no valen Grandullón, Blitzer, Bloqueador ni Lanzador", english=english) == []
    # Italian keeps the English names; a name cited in italics is not left untranslated
    assert strays("bb2025", "it", "tranne Big Guy, Blocker e Thrower", english=english) == []
    assert strays("bb2025", "fr", "le (*Big Guy*) anglais", english=english) == []


def test_an_item_name_of_another_language_or_an_old_name_is_a_stray() -> None:
    assert strays("bb2025", "es", "Un Big Un Blocker aguanta la línea.") == ["Big Un Blocker|name-language:en"]
    assert strays("bb2025", "fr", "Le Rouleau Compresseur écrase tout.") == ["Rouleau Compresseur|name-alias"]
    assert strays("bb2025", "fr", "Le Roule-Mort écrase tout.") == []


def test_a_plain_word_of_the_other_edition_counts_beside_its_english_term() -> None:
    """The Italian 2025 panels said "smarcarsi" (the classic Dodge) in lower case; a single word of
    the other edition used to count only when capitalised, as a name."""
    terms = [
        term("lrb6", "dodge", "Esquivar", "Smarcarsi", "Esquive", "Dodge"),
        term("bb2025", "dodge", "Esquivar", "Schivare", "Esquiver", "Dodge"),
        term("lrb6", "follow-up", "Ocupar", "Seguire", "Poursuivre", "Follow-up"),
        term("bb2025", "follow-up", "Seguir", "Seguire", "Poursuivre", "Follow-up"),
    ]

    def found(ruleset: str, lang: str, text: str, english: str) -> list[str]:
        values = dict.fromkeys(LANGS, "") | {"en": english, lang: text}
        corpus = T.Corpus([T.TextField(ruleset, "phrase:reasons:two_heads", "text", values, "phrases.toml")], terms, [])
        return [f"{f.found}|{f.rule}" for f in T.find_strays(corpus, [ruleset], [lang])]

    assert found("bb2025", "it", "+1 per smarcarsi", "+1 to dodge") == ["smarcarsi|edition"]
    # without the English term beside it, a lower-case word is a plain word ...
    assert found("bb2025", "it", "deve smarcarsi dal pubblico", "must get away from the crowd") == []
    # ... and a short one ("seguir", a plain Spanish verb) counts only as a name
    assert found("lrb6", "es", "puede seguir moviendo", "may follow up and keep moving") == []


def test_allowed_entries_silence_only_their_own_finding(monkeypatch: pytest.MonkeyPatch) -> None:
    entry = ("lrb6", "section:example", "body", "es", "Sure Hands")
    monkeypatch.setitem(T.ALLOWED, entry, "A quotation of the English rulebook.")
    assert strays("lrb6", "es", "Un jugador con Sure Hands recoge el balón.") == []
    assert strays("lrb6", "es", "El jugador está Marcado.") == ["Marcado|avoid"]


# --- the engine phrases (tutorial/phrases.toml) ---------------------------------------------------


def phrase_fields(data: dict[str, dict[str, dict[str, str]]]) -> list[T.TextField]:
    fields: list[T.TextField] = []
    for section, entries in data.items():
        rulesets = ("dreadball2",) if section == "dreadball" else T.BLOOD_BOWL
        fields += T.edition_texts(entries, "tutorial/phrases.toml", f"phrase:{section}", rulesets)
    return fields


def corpus_with(fields: list[T.TextField]) -> T.Corpus:
    base = real_corpus()
    return T.Corpus(fields=fields, terms=base.terms, skills=base.skills)


@pytest.mark.slow
@pytest.mark.content_sweep
@pytest.mark.django_db
@pytest.mark.parametrize("ruleset", RULESET_KEYS)
def test_engine_phrases_use_each_editions_terms(ruleset: str) -> None:
    from tutorial.shared import phrases

    findings = T.find_strays(corpus_with(phrase_fields(phrases.load())), [ruleset])
    assert not findings, f"{len(findings)} stray term(s) in the {ruleset} phrases:\n" + "\n".join(
        f"  {f.ref} [{f.lang}]: «{f.found}» → «{f.expected}» ({f.rule}) … {f.context} …" for f in findings
    )


@pytest.mark.content_sweep
@pytest.mark.django_db
def test_phrase_drift_into_the_other_edition_is_caught() -> None:
    """A 2025 Italian phrase that names the skill by its classic Italian name (the drift found in
    the Break Tackle phrase: "Sfondamento") is a stray, and the 2025 form of the key fixes it."""
    drifted = {
        "break_tackle_bonus": {
            "es": "Abrirse Paso: +1",
            "it": "Sfondamento: +1 per smarcarsi",
            "fr": "Esquive en Force : +1",
            "en": "Break Tackle: +1",
        }
    }
    findings = T.find_strays(
        corpus_with(T.edition_texts(drifted, "phrases.toml", "phrase:reasons")), ["bb2025"], ["it"]
    )
    assert [f.found for f in findings] == ["Sfondamento"]
    fixed = {**drifted, "break_tackle_bonus@bb2025": {**drifted["break_tackle_bonus"], "it": "Break Tackle: +1"}}
    findings = T.find_strays(corpus_with(T.edition_texts(fixed, "phrases.toml", "phrase:reasons")), ["bb2025"], ["it"])
    assert findings == []
