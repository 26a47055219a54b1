"""Narration from the engine: every number a step's text states comes from the engine's values for
the reader's inputs, conditions are chosen by those values, plurals follow each language's rules.

The walk changes one try-it field at a time over its domain (every value of a small range, the
edges and the default of a large one; both states of a checkbox; every choice) and renders each
step in the four languages with each value wrapped in markers (icu.render(mark=True)), so a
digit outside the markers is one the text states by itself."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from django.utils.translation import override

from rulebook.engine.editions.lrb6 import agility_table
from rulebook.engine.explain import Modifier, target_explanation
from rulebook.vocab import LANGS
from tutorial import presenting, stepping
from tutorial.actions import KINDS
from tutorial.shared import icu
from tutorial.shared.scenario import Scenario, StepSpec, all_scenarios, get_scenario

pytestmark = pytest.mark.django_db

# Dice notation and the 2025 edition's name are no numbers the engine answers: 2D6, D8, D16, "2025".
DICE_RE = re.compile(r"\b\d*D\d+\b|\b2025\b")
MARKED_RE = re.compile(f"{icu.OPEN}[^{icu.CLOSE}]*{icu.CLOSE}")
BIG_RANGE = 12  # int fields with more values than this are walked at their edges and default


def steps() -> Iterator[tuple[Scenario, StepSpec]]:
    for scenario in all_scenarios():
        for step in scenario.steps:
            yield scenario, step


def step_id(item: tuple[Scenario, StepSpec]) -> str:
    return f"{item[0].slug}/{item[1].number}"


def queries(scenario: Scenario, step: StepSpec) -> list[dict[str, str]]:
    """The defaults, then each field moved over its domain with the others left at their default."""
    kind = KINDS[step.action.get("kind", "none")]
    ws = stepping.workspace_for(scenario, step)
    defaults = kind.defaults(ws)
    found: list[dict[str, str]] = [{}]
    for field in stepping.chosen_fields(kind, ws, step):
        base = {"try": "1"} | {
            f.name: ("1" if defaults.get(f.name) else "") if f.kind == "bool" else str(defaults.get(f.name, ""))
            for f in stepping.chosen_fields(kind, ws, step)
        }
        base = {k: v for k, v in base.items() if v != ""}
        if field.kind == "bool":
            options = ["1", ""]
        elif field.kind == "choice":
            options = [value for value, _label in field.choices]
        elif field.hi - field.lo <= BIG_RANGE:
            options = [str(v) for v in range(field.lo, field.hi + 1)]
        else:
            options = sorted({str(v) for v in (field.lo, field.lo + 1, defaults[field.name], field.hi - 1, field.hi)})
        for option in options:
            query = dict(base)
            query.pop(field.name, None)
            if option:
                query[field.name] = option
            found.append(query)
    return found


@cache
def computed(slug: str, number: int, key: tuple[tuple[str, str], ...]) -> stepping.Computed:
    scenario = get_scenario(slug)
    assert scenario is not None
    return stepping.compute(scenario, scenario.step(number), dict(key))


def marked_narration(scenario: Scenario, step: StepSpec, query: dict[str, str], lang: str) -> str:
    result = computed(scenario.slug, step.number, tuple(sorted(query.items())))
    with override(lang):
        return presenting.narration(scenario, step, result.outcome.values, lang, mark=True)


# -- every number is the engine's -----------------------------------------------------------------


@pytest.mark.parametrize("item", list(steps()), ids=step_id)
def test_every_number_in_every_narration_is_an_engine_value_for_every_input(item: tuple[Scenario, StepSpec]) -> None:
    scenario, step = item
    walked = queries(scenario, step)
    for query in walked:
        for lang in LANGS:
            text = marked_narration(scenario, step, query, lang)
            where = f"{step_id(item)} [{lang}] {query}"
            assert "{" not in text and "}" not in text, f"{where}: a value the step does not compute: {text}"
            literal = DICE_RE.sub("", MARKED_RE.sub("", text))
            digits = re.findall(r"\d+", literal)
            assert not digits, f"{where}: the text states {digits} by itself: {icu.strip_marks(text)}"
    assert len(walked) >= 1 + len(step.inputs or ()), step_id(item)


def test_the_walk_covers_every_value_of_a_small_field_and_the_edges_of_a_large_one() -> None:
    scenario = get_scenario("03-moving-and-dodging")
    assert scenario is not None
    walked = queries(scenario, scenario.step(2))
    assert {q.get("ag") for q in walked if q.get("tz") == "0"} >= {"1", "2", "3", "4", "5", "6"}
    assert {q.get("tz") for q in walked} >= {str(n) for n in range(8)}
    kick = get_scenario("08-kick-off")
    assert kick is not None
    xs = {q.get("x") for q in queries(kick, kick.step(2))}
    assert {"a", "b", "y", "z"} <= xs  # a column is chosen by its letter, as the board names it


def test_a_number_typed_into_a_narration_is_found() -> None:
    scenario = get_scenario("03-moving-and-dodging")
    assert scenario is not None
    step = scenario.step(2)
    broken = StepSpec(**{**step.__dict__, "text": {**step.text, "fr": step.text["fr"] + " Il faut 4+."}})
    text = marked_narration(scenario, broken, {}, "fr")
    assert re.findall(r"\d+", DICE_RE.sub("", MARKED_RE.sub("", text))) == ["4"]


# -- what the issue found, in every language --------------------------------------------------------

NO_ZONE = {
    "en": "in no tackle zone",
    "es": "no está en ninguna zona de defensa",
    "it": "non è in nessuna zona di controllo",
    "fr": "n'est dans aucune zone de tacle",
}
ONE_ZONE = {
    "en": "in one tackle zone",
    "es": "está en una zona de defensa",
    "it": "è in una zona di controllo",
    "fr": "est dans une zone de tacle",
}
ZONES = {
    "en": "in {n} tackle zones",
    "es": "está en {n} zonas de defensa",
    "it": "è in {n} zone di controllo",
    "fr": "est dans {n} zones de tacle",
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_dodge_narration_states_the_engines_base_roll_target_and_zones(lang: str) -> None:
    """/<lang>/tutorial/03-moving-and-dodging/2/?try=1&ag=4 used to say "a base roll of 4+" (the
    engine: 3+) and, with tz=1, "a square that is in no tackle zone"."""
    scenario = get_scenario("03-moving-and-dodging")
    assert scenario is not None
    step = scenario.step(2)
    for ag in range(1, 7):
        for tz in range(8):
            query = {"try": "1", "ag": str(ag), "tz": str(tz)}
            with override(lang):
                text = icu.strip_marks(marked_narration(scenario, step, query, lang))
            base = agility_table(ag)  # the engine's table, asked directly
            mods = [Modifier(1, "dodge_roll")] + ([Modifier(-tz, "tackle_zones_on_destination")] if tz else [])
            target = target_explanation(base, "agility_table", mods).result
            assert f"{base}+" in text and f"**{target}+**" in text, (ag, tz, text)
            phrase = NO_ZONE[lang] if tz == 0 else ONE_ZONE[lang] if tz == 1 else ZONES[lang].format(n=tz)
            assert phrase in text, (lang, ag, tz, text)
            for other in (NO_ZONE[lang], ONE_ZONE[lang]):
                assert other == phrase or other not in text, (lang, tz, other)


@pytest.mark.parametrize("lang", LANGS)
def test_the_opposed_check_has_the_guard_active_in_story_form_bars_and_engine(lang: str) -> None:
    """The guard slams the jack: he is the active player everywhere, and his role's extra die on
    Strength is said and counted (3 base dice + 1)."""
    from rulebook.engine.dreadball import checks

    scenario = get_scenario("11-dreadball-dice-checks")
    assert scenario is not None
    step = scenario.step(3)
    view = presenting.step_view(scenario, 3, {}, lang)
    guard, jack = (scenario.players[p].label(lang) for p in ("guard", "jack"))
    labels = [f.label for f in view.fields]
    assert labels[0].lower().startswith(guard.lower()) and labels[3].lower().startswith(jack.lower())
    assert view.panels[0].heading.lower().startswith(guard.lower())
    assert view.panels[1].heading.lower().startswith(jack.lower())
    from tutorial.shared import phrases

    assert phrases.phrase("role_bonus", lang, "dreadball2") in view.panels[0].lines  # the extra die, said
    assert phrases.phrase("role_bonus", lang, "dreadball2") not in view.panels[1].lines
    assert str(view.chart).index(guard) < str(view.chart).index(jack)  # the active player's bars first
    expected = checks.BASE_DICE + 1
    assert int(view.values["dice"].value) == expected  # type: ignore[union-attr]
    assert int(view.values["opp_dice"].value) == checks.BASE_DICE  # type: ignore[union-attr]
    text = icu.strip_marks(marked_narration(scenario, step, {}, lang))
    assert f"{expected} " in text and "guard" in text.lower()
    # more dice for the jack in the form: his pool grows, the guard's does not
    more = presenting.step_view(scenario, 3, {"try": "1", "opp_modifier": "2"}, lang)
    assert int(more.values["opp_dice"].value) == checks.BASE_DICE + 2  # type: ignore[union-attr]
    assert int(more.values["dice"].value) == expected  # type: ignore[union-attr]


# -- plurals ---------------------------------------------------------------------------------------

# (singular, plural) of the nouns the tutorial counts, per language.
NOUNS: dict[str, list[tuple[str, str]]] = {
    "en": [
        ("square", "squares"),
        ("die", "dice"),
        ("success", "successes"),
        ("hex", "hexes"),
        ("tackle zone", "tackle zones"),
        ("player", "players"),
        ("team re-roll", "team re-rolls"),
        ("route", "routes"),
        ("problem", "problems"),
        ("assist", "assists"),
        ("coach die", "coach dice"),
        ("goblin", "goblins"),
        ("human", "humans"),
        ("opponent", "opponents"),
        ("blitzer", "blitzers"),
        ("thrower", "throwers"),
        ("catcher", "catchers"),
        ("lineman", "linemen"),
        ("extra square", "extra squares"),
        ("Going For It roll", "Going For It rolls"),
        ("failed die", "failed dice"),
    ],
    "es": [
        ("casilla", "casillas"),
        ("dado", "dados"),
        ("éxito", "éxitos"),
        ("hexágono", "hexágonos"),
        ("zona de defensa", "zonas de defensa"),
        ("jugador", "jugadores"),
        ("segunda oportunidad de equipo", "segundas oportunidades de equipo"),
        ("ruta", "rutas"),
        ("infracción", "infracciones"),
        ("apoyo", "apoyos"),
        ("goblin", "goblins"),
        ("humano", "humanos"),
        ("rival", "rivales"),
        ("lanzador", "lanzadores"),
        ("receptor", "receptores"),
        ("tirada", "tiradas"),
    ],
    "it": [
        ("casella", "caselle"),
        ("dado", "dadi"),
        ("successo", "successi"),
        ("esagono", "esagoni"),
        ("zona di controllo", "zone di controllo"),
        ("giocatore", "giocatori"),
        ("percorso", "percorsi"),
        ("infrazione", "infrazioni"),
        ("supporto", "supporti"),
        ("umano", "umani"),
        ("avversario", "avversari"),
        ("lanciatore", "lanciatori"),
        ("ricevitore", "ricevitori"),
        ("uomo di linea", "uomini di linea"),
        ("tiro", "tiri"),
    ],
    "fr": [
        ("case", "cases"),
        ("dé", "dés"),
        ("réussite", "réussites"),
        ("hexagone", "hexagones"),
        ("zone de tacle", "zones de tacle"),
        ("joueur", "joueurs"),
        ("relance d'équipe", "relances d'équipe"),
        ("itinéraire", "itinéraires"),
        ("infraction", "infractions"),
        ("soutien", "soutiens"),
        ("gobelin", "gobelins"),
        ("humain", "humains"),
        ("adversaire", "adversaires"),
        ("lanceur", "lanceurs"),
        ("receveur", "receveurs"),
        ("jet", "jets"),
    ],
}
NUMBER_RE = r"(?<![\d.,\w−+-])(\d+(?:[.,  ]\d{3})*)"
DIGIT_RE = re.compile(r"\d")


def plural_mistakes(text: str, lang: str) -> list[str]:
    """Counted nouns in the wrong number for the language's plural rule ("1 successes", "2 dé",
    French "0 réussites")."""
    found: list[str] = []
    if not DIGIT_RE.search(text):
        return found  # no number, nothing counted (most titles, labels and headings)
    for singular, plural in NOUNS[lang]:
        for noun in {singular, plural}:
            if noun not in text:
                continue  # a match holds the noun as written: skip the scan
            for match in re.finditer(NUMBER_RE + r" " + re.escape(noun) + r"(?![\w'])", text):
                number = int(re.sub(r"\D", "", match.group(1)))
                wanted = singular if icu.plural_category(number, lang) == "one" else plural
                if noun != wanted:
                    found.append(match.group(0))
    return found


def test_the_plural_checker_finds_wrong_plurals() -> None:
    assert plural_mistakes("the check needs 1 successes", "en") == ["1 successes"]
    assert sorted(plural_mistakes("il faut 0 réussites et 2 dé", "fr")) == ["0 réussites", "2 dé"]
    assert plural_mistakes("he rolls 1 die and 2 dice; 3 squares", "en") == []
    assert plural_mistakes("1 × Lineman, 21 dadi", "it") == []


def rendered_texts(view: presenting.StepView) -> list[str]:
    texts = [icu.strip_marks(str(view.narration))]
    texts += [view.title] + [p.heading for p in view.panels] + [line for p in view.panels for line in p.lines]
    texts += [f.label for f in view.fields]
    if view.chart:
        texts.append(str(view.chart))
    return texts


@pytest.mark.slow
@pytest.mark.content_sweep  # every step's words in every language, for every input: the same on either database
@pytest.mark.parametrize("item", list(steps()), ids=step_id)
def test_no_wrong_plural_in_any_language_for_any_input(item: tuple[Scenario, StepSpec]) -> None:
    scenario, step = item
    for query in queries(scenario, step):
        for lang in LANGS:
            view = presenting.step_view(scenario, step.number, query, lang)
            for text in rendered_texts(view):
                assert not plural_mistakes(text, lang), f"{step_id(item)} [{lang}] {query}: {text}"


def test_plural_forms_follow_each_languages_rule() -> None:
    template = "{n, plural, one {# éxito} other {# éxitos}}"
    assert icu.render(template, {"n": 1}, "es") == "1 éxito"
    assert icu.render(template, {"n": 0}, "es") == "0 éxitos"
    french = "{n, plural, one {# réussite} other {# réussites}}"
    assert icu.render(french, {"n": 0}, "fr") == "0 réussite"  # French 0 is singular
    assert icu.render("{n, plural, =0 {ninguna} one {una} other {#}}", {"n": 0}, "es") == "ninguna"


# -- every language chooses its words by the same values -------------------------------------------


@pytest.mark.parametrize("item", list(steps()), ids=step_id)
def test_every_language_uses_the_same_values_and_conditions(item: tuple[Scenario, StepSpec]) -> None:
    _scenario, step = item
    english = icu.shape(step.text["en"])
    for lang in LANGS:
        assert icu.shape(step.text[lang]) == english, f"{step_id(item)} [{lang}] differs from English"


def test_every_value_a_narration_names_is_computed_by_its_step() -> None:
    for scenario, step in steps():
        values: dict[str, Any] = computed(scenario.slug, step.number, ()).outcome.values
        for lang in LANGS:
            missing = icu.names(step.text[lang]) - set(values)
            assert not missing, f"{scenario.slug}/{step.number} [{lang}]: {sorted(missing)}"
