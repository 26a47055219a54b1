"""The "tackle zones" try-it input tells one story on the board, in the text and in the numbers
(issue 23, section 5), for every value it allows.

What the input means: how many standing opponents mark the square that counts (the square the
first dodge steps into, the ball's square, the receiver's or the thrower's). Going up, the form puts
that many next to it: players of the opposing team with its next free numbers, ringed on the
board, said in the positions text and the legend ("added by your inputs"), placed where they mark
nothing else the step uses when the board leaves room (no extra dodge on the rest of the path, no
one on the pass's side). Going down, it takes away the opponents the step's story does not need.
Adding tackle zones on 02-the-first-turn/7 used to bring players "91" and "92" and three dodges while
the text told of one."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import pytest

from tutorial import pictures, presenting, stepping
from tutorial.actions import KINDS
from tutorial.actions.common import sq
from tutorial.actions.workspace import Workspace, adjacent
from tutorial.shared import icu
from tutorial.shared.scenario import Scenario, StepSpec, all_scenarios
from tutorial.shared.values import Num

pytestmark = pytest.mark.django_db
ADDED = "added by your inputs in the form"


def zone_steps() -> Iterator[tuple[Scenario, StepSpec]]:
    for scenario in all_scenarios():
        for step in scenario.steps:
            kind = KINDS[step.action.get("kind", "none")]
            if "tz" in {f.name for f in stepping.chosen_fields(kind, stepping.workspace_for(scenario, step), step)}:
                yield scenario, step


def step_id(item: tuple[Scenario, StepSpec]) -> str:
    return f"{item[0].slug}/{item[1].number}"


def counted_square(ws: Workspace) -> tuple[tuple[int, int], str]:
    """The square whose markers the input counts, and the team they mark."""
    action = ws.action
    kind = action["kind"]
    if kind == "move":
        mover = ws.spec(action["player"])
        here = mover.square
        for step in (sq(s) for s in action["path"]):
            if here and any(
                p.team != mover.team and p.status == "standing" and p.square in adjacent(here) for p in ws.cast.values()
            ):
                return step, mover.team
            here = step
        raise AssertionError("a move step with a tackle-zones input dodges")
    holder = ws.spec(action["receiver"] if kind == "handoff" else action["player"])
    assert holder.square is not None
    return holder.square, holder.team


def number(values: Mapping[str, object], name: str) -> int:
    value = values[name]
    assert isinstance(value, Num)
    return int(value.value)


STEPS = list(zone_steps())


@pytest.mark.parametrize("item", STEPS, ids=step_id)
def test_the_board_the_text_and_the_numbers_agree_for_every_number_of_tackle_zones(
    item: tuple[Scenario, StepSpec],
) -> None:
    scenario, step = item
    kind = KINDS[step.action["kind"]]
    field = next(f for f in kind.fields(stepping.workspace_for(scenario, step)) if f.name == "tz")
    default = stepping.compute(scenario, step, {}).outcome.values
    shown = 0
    for tz in range(field.lo, field.hi + 1):
        computed = stepping.compute(scenario, step, {"tz": str(tz)})
        if computed.action_error:  # no room left around the square: the step says so and keeps its board
            assert computed.outcome.values == default, (step_id(item), tz)
            continue
        ws, values = computed.ws, computed.outcome.values
        square, team = counted_square(ws)
        markers = [
            p for p in ws.cast.values() if p.team != team and p.status == "standing" and p.square in adjacent(square)
        ]
        assert len(markers) == tz == number(values, "tz"), (step_id(item), tz)  # board = input = text
        added = [p for p in ws.cast.values() if p.added]
        for player in added:
            mates = [p.number for p in ws.cast.values() if p.team == player.team]
            assert mates.count(player.number) == 1 and 1 <= player.number <= 99, (step_id(item), tz, player)
        lines = pictures.positions_text(ws, "en", False)
        assert sum(ADDED in line for line in lines) == len(added), (step_id(item), tz)
        view = presenting.step_view(scenario, step.number, {"tz": str(tz)}, "en")
        assert str(view.picture).count('class="added-ring"') == len(added), (step_id(item), tz)
        assert any(css == "added" for css, _label, _mark in view.legend) == bool(added), (step_id(item), tz)
        names = icu.names(step.text["en"])
        if step.action["kind"] == "move" and "dodges" not in names:
            assert number(values, "dodges") == number(default, "dodges"), (step_id(item), tz)  # no dodge the text omits
        if step.action["kind"] == "pass" and "interceptors" not in names:
            assert number(values, "interceptors") == number(default, "interceptors"), (step_id(item), tz)
        shown += 1
    assert shown > field.hi // 2, step_id(item)


def test_a_tackle_zone_on_the_dodge_of_a_longer_path_costs_one_more_dodge_and_the_text_says_it() -> None:
    scenario = next(s for s in all_scenarios() if s.slug == "02-the-first-turn")
    for tz in range(1, 4):
        view = presenting.step_view(scenario, 7, {"tz": str(tz)}, "en")
        ws = stepping.compute(scenario, scenario.step(7), {"tz": str(tz)}).ws
        assert all(p.number < 90 for p in ws.cast.values())
        assert number(view.values, "dodges") == 2, tz  # the square he dodges into, then out of it
        assert "2 dodges in all" in str(view.narration), tz
