"""One situation, one number on every surface (issue 23, section 1, the tutorial's side): a step's
headline chance equals the odds API's answer for the same rolls and the board API's answer for the
same position (the step's board opened in the board page), for every step where both apply and
for each value of the step's try-it fields."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import pytest
from django.test import Client

from rulebook.engine import PLAYER_SKILLS, Board, Roll, Square, Weather, path_probability
from tutorial import stepping
from tutorial.actions.common import team_rerolls
from tutorial.actions.workspace import Workspace
from tutorial.board.code import format_code, square_name
from tutorial.boardlinks import workspace_position
from tutorial.shared.scenario import Scenario, StepSpec, all_scenarios
from tutorial.shared.values import Pct

pytestmark = pytest.mark.django_db

CODE_KINDS = {"dodge": "dodge", "rush": "gfi", "pickup": "pickup"}  # engine roll kind -> odds code kind


def steps(kinds: tuple[str, ...]) -> Iterator[tuple[Scenario, StepSpec]]:
    for scenario in all_scenarios():
        for step in scenario.steps:
            if step.action.get("kind") in kinds and scenario.game == "bloodbowl":
                yield scenario, step


def step_id(item: tuple[Scenario, StepSpec]) -> str:
    return f"{item[0].slug}/{item[1].number}"


def queries(scenario: Scenario, step: StepSpec) -> list[dict[str, str]]:
    """The defaults, then each numeric try-it field over its range and each box ticked and not."""
    from tests.tutorial.test_narration import queries as walk  # the narration tests' walk

    return walk(scenario, step)


def fraction(answer: dict[str, object], *keys: str) -> Fraction:
    found: object = answer
    for key in keys:
        assert isinstance(found, dict), (answer, keys)
        found = found[key]
    return Fraction(str(found))


def move_situation(scenario: Scenario, step: StepSpec, query: dict[str, str]) -> tuple[Fraction, str, str] | None:
    """The step's headline chance, the odds code of its rolls and the board API query of its board
    (None when the inputs are refused, or the board code cannot hold the position, which the step
    then does not offer to open)."""
    computed = stepping.compute(scenario, step, query)
    if computed.problems or computed.action_error:
        return None
    ws, values = computed.ws, computed.values
    edition = ws.edition.key
    mover = ws.action["player"]
    board = ws.board()
    weather = Weather.BLIZZARD if values.get("blizzard") else Weather.NICE
    path = [Square(int(x), int(y)) for x, y in ws.action["path"]]
    rerolls = team_rerolls(values)
    rolls = path_probability(ws.edition, board.player(mover), board, path, rerolls, weather).rolls
    skills = sorted(s for s in ws.spec(mover).skills if s in PLAYER_SKILLS)
    who = f"p={','.join(skills)};" if skills else ""
    code = f"{edition};rr{rerolls};{who}" + ",".join(roll_code(r, board, path, mover) for r in rolls)
    found = workspace_position(ws, edition)
    if found is None:
        assert not stepping_board_url(ws, edition), step_id((scenario, step))
        return None
    position, ids = found
    position = type(position)(position.edition, position.pieces, position.ball, position.weather, (rerolls, rerolls))
    target = square_name((path[-1].x, path[-1].y))
    board_query = f"edition={edition}&board={format_code(position)}&player={ids[mover]}&target={target}"
    chance = computed.outcome.values["probability"]
    assert isinstance(chance, Pct)
    return chance.value, code, board_query


def roll_code(roll: Roll, board: Board, path: list[Square], mover: str) -> str:
    """A roll in the odds code; a dodge out of a Tackle player's zone says so (/tackle)."""
    text = f"{CODE_KINDS[roll.kind]}:{roll.target}"
    if roll.kind == "dodge":
        start = board.player(mover).square if roll.square == path[0] else path[path.index(roll.square) - 1]
        assert start is not None
        team = board.player(mover).team
        if any(p.has("tackle") for p in board.tacklers(start, team)):
            text += "/tackle"
    return text


def stepping_board_url(ws: Workspace, edition: str) -> str:
    from tutorial.presenting import step_board_url

    return step_board_url(ws, edition, "en")


MOVES = list(steps(("move",)))


@pytest.mark.parametrize("item", MOVES, ids=step_id)
def test_a_move_steps_chance_is_the_odds_apis_and_the_boards(item: tuple[Scenario, StepSpec], client: Client) -> None:
    scenario, step = item
    checked = 0
    for query in queries(scenario, step):
        situation = move_situation(scenario, step, query)
        if situation is None:
            continue
        chance, code, board_query = situation
        if code.endswith(";"):  # nothing to roll: the odds API needs a roll to answer
            assert chance == 1, (step_id(item), query)
        else:
            odds = client.get("/api/v1/odds", {"c": code})
            assert odds.status_code == 200, (code, odds.content)
            assert fraction(odds.json(), "probability") == chance, (step_id(item), query, code)
        board = client.get(f"/api/v1/board?{board_query}")
        assert board.status_code == 200, (board_query, board.content)
        answer = board.json()
        route = answer["route"]
        if route["path"] == [square_name((int(x), int(y))) for x, y in step.action["path"]]:
            assert fraction(answer, "route", "probability") == chance, (step_id(item), query, board_query)
        else:  # the board finds its own best path: never a worse one
            assert fraction(answer, "route", "probability") >= chance, (step_id(item), query, board_query)
        checked += 1
    assert checked, step_id(item)


def test_the_free_walk_is_certain_on_the_step_the_odds_api_and_the_board(client: Client) -> None:
    """Tutorial 02 step 5 (the 0 % bug): nothing to roll on any surface."""
    scenario = next(s for s in all_scenarios() if s.slug == "02-the-first-turn")
    situation = move_situation(scenario, scenario.step(5), {})
    assert situation is not None
    chance, code, board_query = situation
    assert chance == 1 and code.endswith(";")
    answer = client.get(f"/api/v1/board?{board_query}").json()
    assert fraction(answer, "route", "probability") == 1
    target = board_query.rsplit("=", 1)[1]
    assert fraction(answer, "reach", target, "probability") == 1


SEQUENCES = list(steps(("sequence",)))


@pytest.mark.parametrize("item", SEQUENCES, ids=step_id)
def test_a_sequence_steps_chance_is_the_odds_apis(item: tuple[Scenario, StepSpec], client: Client) -> None:
    scenario, step = item
    for query in queries(scenario, step):
        computed = stepping.compute(scenario, step, query)
        values = computed.outcome.values
        skills = sorted(
            s.removeprefix("skill_").replace("_", "-")
            for s, v in computed.values.items()
            if s.startswith("skill_") and v
        )
        who = f"player={','.join(skills)};" if skills else ""
        code = f"{computed.ws.edition.key};rr{values['team_rerolls'].value};{who}{step.action['steps']}"  # type: ignore[union-attr]
        answer = client.get("/api/v1/odds", {"c": code}).json()
        assert fraction(answer, "probability") == values["probability"].value, (step_id(item), query, code)  # type: ignore[union-attr]
