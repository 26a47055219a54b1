"""Tutorial boards at 360 px (issue 25): a Blood Bowl step's picture is at most PHONE_MAX_COLS
columns wide, so its column letters never touch and two-digit player numbers fit their discs at
11 px or more; a step whose scene is wider shows the part of the pitch its text is about and offers
the whole pitch, drawn at its own size (one unit a CSS pixel), behind one tap. Squares are named as
the board names them ("q4"), never "column 17, row 4"."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.test import Client

from rulebook.vocab import LANGS
from tutorial import presenting
from tutorial.shared.diagrams import CELL, CHAR_WIDTH, MIN_TEXT_PX, PHONE_MAX_COLS, PHONE_WIDTH
from tutorial.shared.scenario import Scenario, StepSpec, all_scenarios

pytestmark = pytest.mark.django_db

AXIS = re.compile(r'<text class="axis" font-size="([\d.]+)" x="[\d.]+" y="-?[\d.]+">([a-z]+|\d+)</text>')
PLAYER = re.compile(
    r'<g class="player[^"]*">(?:<circle class="added-ring"[^>]*/>)?<circle cx="[\d.]+" cy="[\d.]+" r="([\d.]+)"/>'
    r'<text font-size="([\d.]+)"[^>]*>(\d+)</text>'
)
SQUARE_X = re.compile(r'<rect class="sq[^"]*" x="(-?[\d.]+)"')
VIEW_BOX = re.compile(r'viewBox="(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+)"')
# "column 17, row 4" and its translations: a square written as two numbers in running text.
COLUMN_NUMBER = re.compile(r"\b(column|columna|colonna|colonne)\s+\d", re.IGNORECASE)


def blood_bowl_steps() -> Iterator[tuple[Scenario, StepSpec]]:
    for scenario in all_scenarios():
        if scenario.game != "dreadball":
            for step in scenario.steps:
                yield scenario, step


def step_id(item: tuple[Scenario, StepSpec]) -> str:
    return f"{item[0].slug}/{item[1].number}"


STEPS = list(blood_bowl_steps())


def columns(svg: str) -> list[str]:
    return [text for _size, text in AXIS.findall(svg) if text.isalpha()]


def assert_legible(svg: str, picture_width: float) -> None:
    """Every axis label and player number is at least MIN_TEXT_PX CSS px when the picture is
    `picture_width` CSS px wide, a column letter fits its square, a row number its margin and a
    player's number his disc."""
    box = VIEW_BOX.search(svg)
    assert box, svg[:200]
    x0, _y0, width, _height = (float(v) for v in box.groups())
    scale = picture_width / width
    margin = min(float(x) for x in SQUARE_X.findall(svg)) - x0  # the room left of the squares
    for size, text in AXIS.findall(svg):
        assert float(size) * scale >= MIN_TEXT_PX - 0.05, (text, size, scale)
        room = CELL - 2 if text.isalpha() else margin
        assert len(text) * CHAR_WIDTH * float(size) <= room, (text, size, room)
    for radius, size, number in PLAYER.findall(svg):
        assert float(size) * scale >= MIN_TEXT_PX - 0.05, (number, size, scale)
        assert len(number) * CHAR_WIDTH * float(size) <= 2 * float(radius), (number, size, radius)


@pytest.mark.parametrize("item", STEPS, ids=step_id)
def test_a_step_picture_is_legible_on_a_phone_and_the_whole_pitch_is_one_tap_away(
    item: tuple[Scenario, StepSpec],
) -> None:
    scenario, step = item
    view = presenting.step_view(scenario, step.number, {}, "en")
    svg = str(view.picture or "")
    if "diagram--pitch" not in svg:  # a chart (the team budget), not the pitch
        assert view.whole_picture is None
        return
    shown = columns(svg)
    assert 0 < len(shown) <= PHONE_MAX_COLS, (step_id(item), shown)
    assert shown == sorted(shown) and len(set(shown)) == len(shown)  # letters in order, none twice
    assert_legible(svg, PHONE_WIDTH)
    if view.whole_picture is None:
        return
    whole = str(view.whole_picture)
    assert columns(whole) == list("abcdefghijklmnopqrstuvwxyz")
    size = re.search(r'width="([\d.]+)" height="([\d.]+)"', whole)
    assert size and float(size[1]) == float(VIEW_BOX.search(whole)[3])  # type: ignore[index]  # one unit, one px
    assert_legible(whole, float(size[1]))


def test_the_steps_that_show_a_part_of_the_pitch_are_the_wide_ones() -> None:
    """The kick-off's scatter (02/6 and 08) covers more than half the pitch: a part is shown."""
    parts = {step_id(item) for item in STEPS if presenting.step_view(item[0], item[1].number, {}, "en").whole_picture}
    assert "08-kick-off/2" in parts, parts
    assert all(step_id(item) in parts for item in STEPS if item[1].action.get("kind") == "kick"), parts


@pytest.mark.parametrize("lang", LANGS)
def test_no_step_names_a_square_by_two_numbers(lang: str) -> None:
    for scenario, step in STEPS:
        view = presenting.step_view(scenario, step.number, {}, lang)
        text = " ".join([str(view.narration), *view.positions])
        assert not COLUMN_NUMBER.search(text), (step_id((scenario, step)), lang, COLUMN_NUMBER.search(text))


def test_a_square_is_named_as_on_the_board_in_the_text_and_the_form(client: Client) -> None:
    html = client.get("/fr/tutorial/08-kick-off/2/").content.decode()
    assert "En visant la case t8," in re.sub(r"<[^>]+>", "", html)
    assert re.search(r'<select[^>]*name="x"', html) and '<option value="t" selected>' in html
    html = client.get("/fr/tutorial/08-kick-off/2/", {"try": "1", "x": "c", "y": "3"}).content.decode()
    assert "En visant la case c3," in re.sub(r"<[^>]+>", "", html)
    assert 'class="board__whole"' in html and "Voir tout le terrain" in html


def test_a_column_outside_the_pitch_is_refused_in_the_readers_language(client: Client) -> None:
    response = client.get("/es/tutorial/08-kick-off/2/", {"try": "1", "x": "zz", "y": "3"})
    assert response.status_code == 200  # the step page, with its message next to the field
    assert "«zz» no es una de las opciones de Casilla objetivo: columna (a–z)." in response.content.decode()
