"""Worked examples carry their expected numbers (issue 23, section 2).

Every number a step's narration states is declared in its scenario file ([steps.expect]), derived
by hand with a one-line derivation (`why`); the engine's answer for the step's default inputs must
be the declared one. Checking that a narration prints the engine's number (test_narration.py) does
not see a wrong number: this does. A value the engine is known to get wrong is listed as
`disputed` (a reported defect): the test then checks the engine still disagrees, so the fix shows.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from fractions import Fraction

import pytest
from django.utils.translation import override

from rulebook.formatting import percentage
from rulebook.vocab import LANGS
from tutorial import presenting, stepping
from tutorial.shared import icu
from tutorial.shared.scenario import Scenario, ScenarioError, StepSpec, all_scenarios, get_scenario, parse_scenario
from tutorial.shared.values import Frac, Num, Pct, Signed, Target, Value, agrees, stated

pytestmark = pytest.mark.django_db

STATED = (Pct, Frac, Target, Signed, Num)  # the kinds of value that put a number in a sentence
STORY_DICE = re.compile(r"die\d+$")  # the dice the story says were rolled: the scenario's own data


def steps() -> Iterator[tuple[Scenario, StepSpec]]:
    for scenario in all_scenarios():
        for step in scenario.steps:
            yield scenario, step


def step_id(item: tuple[Scenario, StepSpec]) -> str:
    return f"{item[0].slug}/{item[1].number}"


def default_values(scenario: Scenario, step: StepSpec) -> dict[str, Value]:
    return stepping.compute(scenario, step, {}).outcome.values


def stated_numbers(step: StepSpec, values: dict[str, Value]) -> set[str]:
    """The values whose number a reader sees in the step's text, in any language."""
    names = set().union(*(icu.names(step.text[lang]) for lang in LANGS))
    return {n for n in names if isinstance(values.get(n), STATED) and not STORY_DICE.match(n)}


DECLARED = [item for item in steps() if item[1].expect]


@pytest.mark.parametrize("item", DECLARED, ids=step_id)
def test_the_engine_gives_each_number_the_scenario_declares(item: tuple[Scenario, StepSpec]) -> None:
    scenario, step = item
    values = default_values(scenario, step)
    unknown = sorted(set(step.expect) - set(values))
    assert not unknown, f"{step_id(item)}: declared values the step does not compute: {unknown}"
    wrong = {
        name: (declared, stated(values[name]))
        for name, declared in step.expect.items()
        if name not in step.disputed and not agrees(values[name], declared)
    }
    assert not wrong, f"{step_id(item)}: declared (by hand) and engine differ: {wrong}; derivation: {step.why}"
    fixed = [name for name in step.disputed if agrees(values[name], step.expect[name])]
    assert not fixed, f"{step_id(item)}: the engine now agrees on {fixed}: drop them from `disputed`"


@pytest.mark.parametrize("item", list(steps()), ids=step_id)
def test_every_number_a_narration_states_is_declared(item: tuple[Scenario, StepSpec]) -> None:
    scenario, step = item
    missing = sorted(stated_numbers(step, default_values(scenario, step)) - set(step.expect))
    assert not missing, f"{step_id(item)}: the text states {missing}, which [steps.expect] does not declare"


@pytest.mark.parametrize("item", list(steps()), ids=step_id)
def test_a_narration_that_says_0_or_100_percent_says_a_declared_value(item: tuple[Scenario, StepSpec]) -> None:
    """ "0 %" or "100 %" in any language comes from a value the scenario declares 0 or 1."""
    scenario, step = item
    values = default_values(scenario, step)
    certain = {n for n in stated_numbers(step, values) if values[n] in (Pct(Fraction(0)), Pct(Fraction(1)))}
    assert certain <= set(step.expect), f"{step_id(item)}: {sorted(certain - set(step.expect))} undeclared"
    for lang in LANGS:
        with override(lang):
            text = presenting.narration(scenario, step, values, lang, mark=True)
            extremes = {percentage(Fraction(0)), percentage(Fraction(1))}
        said = [s for s in re.findall(f"{icu.OPEN}([^{icu.CLOSE}]*){icu.CLOSE}", text) if s in extremes]
        assert not said or certain, f"{step_id(item)} [{lang}] says {said} from no declared value"


def test_every_step_that_states_a_number_declares_it_in_all_twelve_scenarios() -> None:
    counts = {s.slug: sum(1 for step in s.steps if step.expect) for s in all_scenarios()}
    assert len(counts) == 12
    for scenario in all_scenarios():
        for step in scenario.steps:
            if stated_numbers(step, default_values(scenario, step)):
                assert step.expect and step.why, f"{scenario.slug}/{step.number}"


MOVES = [item for item in steps() if item[1].action.get("kind") == "move"]


@pytest.mark.parametrize("item", MOVES, ids=step_id)
def test_no_step_says_a_move_without_dice_fails(item: tuple[Scenario, StepSpec]) -> None:
    """Tutorial 02 step 5 and 05 used to read "no dice are rolled … 0 %" (issue 23): over every
    movement the form allows, a move with nothing to roll is certain, in words and in numbers."""
    scenario, step = item
    for ma in range(1, 10):
        view = presenting.step_view(scenario, step.number, {"try": "1", "ma": str(ma)}, "en")
        if view.values["rolls"].value == 0:  # type: ignore[union-attr]
            assert view.values["probability"] == Pct(Fraction(1)), (step_id(item), ma)
            for lang in LANGS:
                page = presenting.step_view(scenario, step.number, {"try": "1", "ma": str(ma)}, lang)
                lines = [str(page.narration), *(line for p in page.panels for line in p.lines)]
                with override(lang):  # not the end of "100 %"
                    zero = re.compile(r"(?<![\d.,])" + re.escape(percentage(Fraction(0))))
                assert not any(zero.search(line) for line in lines), (step_id(item), lang, ma)


def test_the_blitz_run_with_nothing_to_roll_is_certain() -> None:
    scenario = get_scenario("05-the-blitz")
    assert scenario is not None
    values = default_values(scenario, scenario.step(1))
    assert values["move"] == Pct(Fraction(1)) and values["both"] == values["down"]


# -- the format ----------------------------------------------------------------------------------


def minimal(expect: Mapping[str, object]) -> dict[str, object]:
    texts = dict.fromkeys(LANGS, "x")
    return {
        "slug": "t",
        "title": texts,
        "summary": texts,
        "steps": [{"title": texts, "text": texts, "expect": expect}],
    }


def test_an_expectation_needs_its_derivation_and_declares_what_it_disputes() -> None:
    step = parse_scenario(minimal({"why": "2/3 × 2/3", "probability": "4/9"}), "t").step(1)
    assert step.expect == {"probability": "4/9"} and step.why == "2/3 × 2/3" and step.disputed == ()
    broken_tables: list[dict[str, object]] = [
        {"probability": "4/9"},  # no derivation
        {"why": "one\nline too many", "probability": "4/9"},
        {"why": "x", "disputed": ["target"], "probability": "4/9"},  # disputes an undeclared value
        {"why": "x"},  # nothing declared
        {"why": "x", "probability": ["4/9"]},
    ]
    for broken in broken_tables:
        with pytest.raises(ScenarioError):
            parse_scenario(minimal(broken), "t")


def test_declared_values_are_compared_exactly() -> None:
    assert agrees(Pct(Fraction(2, 3)), "4/6") and agrees(Pct(Fraction(1)), "1") and not agrees(Pct(Fraction(1)), "0")
    assert agrees(Target(3), "3+") and not agrees(Target(3), 3)
    assert agrees(Signed(-2), -2) and agrees(Num(1.8), 1.8) and not agrees(Num(1), True)
