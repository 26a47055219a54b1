"""The board's tutorial examples are data (tutorial/board/examples.toml); each one's position must
be the board its tutorial step computes (the steps turn a step's workspace into a board query)."""

from __future__ import annotations

import pytest

from tutorial.board.examples import example_steps, examples
from tutorial.presenting import step_board_url
from tutorial.shared.scenario import get_scenario
from tutorial.stepping import workspace_for

CASES = [(edition, *entry) for edition, entries in example_steps().items() for entry in entries]


def test_both_blood_bowl_editions_have_examples() -> None:
    assert {edition for edition, *_ in CASES} == {"lrb6", "bb2025"}


@pytest.mark.django_db
@pytest.mark.parametrize("edition, slug, number, query", CASES)
def test_each_example_is_the_board_its_step_computes(edition: str, slug: str, number: int, query: str) -> None:
    scenario = get_scenario(slug)
    assert scenario is not None and 1 <= number <= len(scenario.steps), (slug, number)
    step = scenario.step(number)
    assert (step.edition or scenario.ruleset) == edition
    url = step_board_url(workspace_for(scenario, step), edition, "en")
    assert url == f"/en/{edition}/board/?{query}"


@pytest.mark.django_db
def test_the_board_page_names_each_example_by_its_steps_title() -> None:
    shown = examples("lrb6", "fr")
    assert len(shown) == len(example_steps()["lrb6"])
    first = get_scenario(CASES[0][1])
    assert first is not None
    assert shown[0]["title"] == first.step(CASES[0][2]).title["fr"]
    assert shown[0]["url"].startswith("/fr/lrb6/board/?b=")
