"""One term per concept, language and edition in what the tutorial shows: the terminology checker
(rulebook/contentfiles/terminology.py) over the scenarios' titles, summaries and narrations (every
form of every plural and select, each text read as a text of its step's edition) and over the
interface strings of the catalogues (read as texts of every ruleset), with zero findings."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from rulebook.contentfiles import terminology as T
from rulebook.vocab import LANGS, RULESET_KEYS
from tutorial.shared import icu
from tutorial.shared.scenario import Scenario, all_scenarios

pytestmark = pytest.mark.django_db

LOCALE = Path(__file__).resolve().parents[2] / "locale"
_BASE: list[T.Corpus] = []


def base() -> T.Corpus:
    if not _BASE:
        _BASE.append(T.corpus_from_db())
    return _BASE[0]


def flat(texts: dict[str, str]) -> dict[str, str]:
    return {lang: icu.flatten(texts[lang]) for lang in LANGS}


def scenario_fields(scenario: Scenario) -> list[T.TextField]:
    file = f"tutorial/scenarios/{scenario.slug}.toml"
    fields = [
        T.TextField(scenario.ruleset, f"scenario:{scenario.slug}", name, flat(texts), file)
        for name, texts in (("title", scenario.title), ("summary", scenario.summary))
    ]
    for step in scenario.steps:
        ruleset = step.edition or scenario.ruleset
        for name, texts in (("title", step.title), ("text", step.text)):
            fields.append(
                T.TextField(ruleset, f"scenario:{scenario.slug}", f"steps.{step.number}.{name}", flat(texts), file)
            )
    return fields


def tutorial_corpus() -> T.Corpus:
    fields = [f for scenario in all_scenarios() for f in scenario_fields(scenario)]
    return T.Corpus(fields=fields, terms=base().terms, skills=base().skills)


def report(findings: list[T.Finding]) -> str:
    return "\n".join(
        f"  {f.path} {f.ref} {f.field} [{f.lang}]: «{f.found}» → «{f.expected}» ({f.rule}) … {f.context} …"
        for f in findings
    )


@pytest.mark.slow
@pytest.mark.content_sweep
@pytest.mark.parametrize("ruleset", RULESET_KEYS)
def test_tutorial_narrations_use_each_editions_terms(ruleset: str) -> None:
    corpus = tutorial_corpus()
    assert any(f.ruleset == ruleset for f in corpus.fields), ruleset
    findings = T.find_strays(corpus, [ruleset])
    assert not findings, f"{len(findings)} stray term(s) in the {ruleset} scenarios:\n" + report(findings)


# Where an interface string is shown decides which rulesets' terms it must use: the DreadBall steps'
# strings are DreadBall's, the Blood Bowl steps' and the odds calculator's are both Blood Bowl
# editions', the rest (pages, menus, the rules pages) every ruleset's.
BLOOD_BOWL_SOURCES = (
    "tutorial/actions/",
    "tutorial/odds",  # odds.py, oddscode.py, oddsform.py, oddshelper.py, oddslabels.py, oddspage.py
    "tutorial/calculator.py",
    "tutorial/templates/tutorial/odds.html",
    "tutorial/board/",  # the board page exists for the two Blood Bowl editions only
    "tutorial/templates/tutorial/board",
    "rulebook/rosters.py",  # teams, the builder and the roster sheet: Blood Bowl only
    "rulebook/builder.py",  # the builder's reading and messages (the phone runs it too): Blood Bowl only
    "rulebook/views/teams.py",
    "rulebook/templates/rulebook/team",
    "rulebook/templates/rulebook/builder",
    "rulebook/templates/rulebook/_builder",
    "rulebook/templates/rulebook/roster",
)
DREADBALL_SOURCES = ("tutorial/actions/dreadball.py",)
# Interface strings that name both editions' terms or the odds syntax on purpose, each with why.
BY_DESIGN = {
    "Active": "French writes an active ability (capacité active) with the same word as English",
    "Dodge": (
        "a fallback only: the odds page and its helper name the roll by the edition's glossary term "
        "(labels.kind_label, helper.kind_name)"
    ),
    "Catch": (
        "a fallback only: the odds page and its helper name the roll by the edition's glossary term "
        "(labels.kind_label, helper.kind_name)"
    ),
    "unknown step (use dodge, gfi, pickup, catch, handoff, pass, hailmary, ttm, land, leap, gaze, roll, "
    "fury, bomb, chain, dauntless, tentacles, block, armour, foul, chainsaw, stab)": "the kinds of the share code are code words, typed the same in every language",
    "Hand-off (the catch)": (
        "a fallback only: the odds page names the roll by the edition's glossary term (labels.kind_label) "
        "and the helper by its edition's own entry (helper.EDITION_KINDS, in the rules' context)"
    ),
    "Options of a block: blitz, crowd (his back to the crowd) and the defender's skills:": (
        "blitz and crowd are the share code's option words, shown as code"
    ),
    "Dedicated fans": "the 2025 builder's staff label (rosters.STAFF_LABELS gives the classic builder Fan factor)",
    "Dedicated fans do not count in the team value, and the treasury never does.": (
        "shown only on 2025 builders (builder.html's else branch; the classic one names the fan factor)"
    ),
}


def rulesets_of(locations: list[tuple[str, int | None]]) -> tuple[str, ...]:
    files = [path for path, _line in locations]
    if files and all(f.startswith(DREADBALL_SOURCES) for f in files):
        return ("dreadball2",)
    if files and all(f.startswith(BLOOD_BOWL_SOURCES) for f in files):
        return T.BLOOD_BOWL
    return RULESET_KEYS


# A string whose context names an edition ("Apothecary" in "2025 rules") is a text of that edition only.
EDITION_CONTEXTS = {"classic rules": "lrb6", "2025 rules": "bb2025"}

PLACEHOLDER_RE = re.compile(r"%\([a-z_]+\)[sd]|\{[a-z_]+\}")


def readable(text: str) -> str:
    """What a reader sees of a string: placeholders (%(rerolls)s, {count}) are filled in later."""
    return PLACEHOLDER_RE.sub(" ", text)


def ui_fields() -> list[T.TextField]:
    """Every interface string: the English msgid and its translation in each catalogue, as a text
    of the rulesets of the pages that show it (of one edition if its context names it)."""
    catalogues: dict[str, dict[tuple[object, str | None], object]] = {}
    locations: dict[tuple[object, str | None], list[tuple[str, int | None]]] = {}
    for lang in LANGS:
        if lang == "en":
            continue
        with (LOCALE / lang / "LC_MESSAGES" / "django.po").open("rb") as handle:
            catalogue = read_po(handle)
        catalogues[lang] = {(m.id, m.context): m.string for m in catalogue if m.id}
        locations.update({(m.id, m.context): list(m.locations) for m in catalogue if m.id})
    fields = []
    for msgid, context in catalogues["es"]:
        singular = msgid[0] if isinstance(msgid, tuple) else msgid
        if singular in BY_DESIGN:
            continue
        values = {"en": readable(str(singular))}
        for lang, catalogue in catalogues.items():
            text = catalogue.get((msgid, context)) or ""
            values[lang] = readable(str(text[0] if isinstance(text, (tuple, list)) else text))
        ref = f"ui:{str(singular)[:50]}"
        edition = EDITION_CONTEXTS.get(context or "")
        fields += [
            T.TextField(r, ref, "msgstr", values, "locale/<lang>/LC_MESSAGES/django.po")
            for r in ((edition,) if edition else rulesets_of(locations[(msgid, context)]))
        ]
    return fields


@pytest.mark.slow
@pytest.mark.content_sweep
@pytest.mark.parametrize("ruleset", RULESET_KEYS)
def test_interface_strings_use_each_editions_terms(ruleset: str) -> None:
    fields = [f for f in ui_fields() if f.ruleset == ruleset]
    assert len(fields) > 100
    findings = T.find_strays(T.Corpus(fields=fields, terms=base().terms, skills=base().skills), [ruleset])
    assert not findings, f"{len(findings)} stray term(s) in the interface strings ({ruleset}):\n" + report(findings)


def test_every_by_design_string_still_exists_and_says_why() -> None:
    ids = set()
    with (LOCALE / "es" / "LC_MESSAGES" / "django.po").open("rb") as handle:
        ids = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(handle) if m.id}
    for msgid, reason in BY_DESIGN.items():
        assert msgid in ids, f"{msgid!r}: no such string any more: remove it from BY_DESIGN"
        assert len(reason) > 20


def test_a_classic_term_in_a_2025_narration_is_found() -> None:
    """The drift the issue found: the 2025 scenario in Italian naming classic terms."""
    scenario = next(s for s in all_scenarios() if s.slug == "10-the-2025-edition")
    step = scenario.steps[0]
    drifted = dict(step.text) | {"it": "Rufus ha Colpo Possente. " + step.text["it"]}
    field = T.TextField("bb2025", "scenario:x", "text", flat(drifted), "x.toml")
    found = {f.found for f in T.find_strays(T.Corpus([field], base().terms, base().skills), ["bb2025"], ["it"])}
    assert found == {"Colpo Possente"}, found
