"""The board page and its API in four languages: the engine's answers for a shared position, the
actions (each a redirect to the canonical URL), impossible positions (a message in the reader's
language and a 400, never a 500) and the link from every Blood Bowl tutorial step."""

from __future__ import annotations

import html
import json
import re
from fractions import Fraction
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from django.utils.translation import override

from rulebook.engine import Board, Player, Square, get_edition
from rulebook.engine.block import block_outcome
from rulebook.engine.reach import reach_map
from rulebook.formatting import percentage
from tutorial.board import messages
from tutorial.board.code import CodeError
from tutorial.shared.scenario import all_scenarios

pytestmark = pytest.mark.django_db
LANGS = ("es", "it", "fr", "en")
# A1 (Block) marked by B1; A2 assists; the ball on l8, next to A1.
CODE = "1_bl8_A1m8.block_A2n9_B1n8"
BOARD = f"/{{lang}}/lrb6/board/?b={CODE}&p=A1"


def norm(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def page_text(response) -> str:
    body = response.content.decode()
    body = re.sub(r"<(script|style|svg).*?</\1>", " ", body, flags=re.S)
    return norm(html.unescape(re.sub(r"<[^>]+>", " ", body)))


def engine_answers() -> tuple[dict[Square, Fraction], Fraction]:
    """The same position built by hand for the engine (what the page must show)."""
    a1 = Player("A1", "A", Square(12, 7), skills=frozenset({"block"}))
    a2 = Player("A2", "A", Square(13, 8))
    b1 = Player("B1", "B", Square(13, 7))
    board = Board([a1, a2, b1], ball=Square(11, 7))
    lrb6 = get_edition("lrb6")
    reach = reach_map(lrb6, a1, board, team_rerolls=1).probabilities()
    return reach, block_outcome(lrb6, board, a1, b1).defender_knocked_down


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_shows_the_engines_answers_in_each_language(client, lang: str) -> None:
    response = client.get(BOARD.format(lang=lang) + "&t=l8")
    assert response.status_code == 200
    body = response.content.decode()
    assert f'<html lang="{lang}">' in body
    reach, knocked = engine_answers()
    with override(lang):
        ball_square = norm(percentage(reach[Square(11, 7)]))
        down = norm(percentage(knocked))
    text = page_text(response)
    assert ball_square in text  # the path to the ball's square (l8) and its chance
    assert down in text  # the block on B1
    assert 'class="heat-label"' in body and "<svg" in body
    # every reachable square in view carries its chance as text
    labels = re.findall(r'class="heat-label"[^>]*>([^<]+)<', body)
    assert len(labels) >= 40


@pytest.mark.parametrize("lang", LANGS)
def test_the_ui_is_translated(client, lang: str) -> None:
    text = page_text(client.get(BOARD.format(lang=lang)))
    english = ("Where he can get", "Blocks", "Add a player", "Share this position")
    if lang == "en":
        assert all(word in text for word in english)
    else:
        assert not any(word in text for word in english), lang


def test_a_shared_url_gives_the_same_answers(client) -> None:
    first = client.get(BOARD.format(lang="en") + "&t=k8")
    share = re.search(r'class="share-link"><a href="([^"]+)"', first.content.decode())
    assert share
    again = client.get(html.unescape(share.group(1)))
    assert again.status_code == 200
    strip = lambda r: re.sub(r'href="[^"]*"|hx-get="[^"]*"', "", r.content.decode())  # noqa: E731
    assert re.findall(r'class="heat-label"[^>]*>([^<]+)<', strip(first)) == re.findall(
        r'class="heat-label"[^>]*>([^<]+)<', strip(again)
    )
    assert page_text(first).split("Set up the board")[0] == page_text(again).split("Set up the board")[0]


def test_the_api_answers_the_same_as_the_page_and_the_engine(client) -> None:
    response = client.get("/api/v1/board", {"edition": "lrb6", "board": CODE, "player": "A1", "target": "l8"})
    assert response.status_code == 200
    data = response.json()
    reach, knocked = engine_answers()
    assert data["board"] == CODE
    assert set(data["reach"]) == {f"{'abcdefghijklmnopqrstuvwxyz'[s.x]}{s.y + 1}" for s in reach}
    assert Fraction(data["reach"]["l8"]["probability"]) == reach[Square(11, 7)] == Fraction(20, 27)
    (block,) = data["blocks"]
    assert block["defender"] == "B1" and block["dice"] == 2 and block["assists"]["offensive"] == ["A2"]
    assert Fraction(block["knocked_down"]) == knocked
    assert sum(Fraction(p) for p in block["outcomes"].values()) == 1
    assert [r["kind"] for r in data["route"]["rolls"]] == ["dodge", "pickup"]
    assert set(data["passes"]) == {"quick", "short", "long", "bomb"}


def test_routes_through_the_ball_square_carry_the_pick_up(client) -> None:
    data = client.get("/api/v1/board", {"board": "1_bl8_A1m8", "player": "A1", "target": "j8"}).json()
    # j8 straight through the ball costs the pick-up; round it costs nothing, and that is the path
    assert data["reach"]["j8"]["probability"] == "1/1"
    assert "l8" not in data["reach"]["j8"]["path"]
    assert Fraction(data["reach"]["l8"]["probability"]) == Fraction(8, 9)  # 3+ with the team re-roll
    boxed = "1_bb8_A1a8_A2a7_A3a9_A4b7_A5b9_A6c7_A7c9"  # only way out of the corner: over the ball
    data = client.get("/api/v1/board", {"board": boxed, "player": "A1", "target": "d8"}).json()
    assert "b8" in data["reach"]["d8"]["path"]
    assert Fraction(data["reach"]["d8"]["probability"]) == Fraction(8, 9)
    assert [r["kind"] for r in data["route"]["rolls"]] == ["pickup"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("code", "key", "params"),
    [
        ("1_A1m8_B1m8", "two_on_square", {"square": "m8", "first": "A1", "second": "B1"}),
        ("1_A1m16", "off_pitch", {"square": "(13, 16)"}),
        ("1_A1m8.wings", "unknown_skill", {"player": "A1", "skill": "wings"}),
        ("1_A1m8.0338", "characteristic", {"player": "A1", "name": "ma", "value": 0, "lo": 1, "hi": 9}),
        ("1_A1m8~", "unreadable", {"near": "A1m8~"}),
        ("7_A1m8", "version", {"version": "7"}),
    ],
)
def test_impossible_positions_are_explained_in_the_readers_language(client, lang, code, key, params) -> None:
    response = client.get(f"/{lang}/lrb6/board/", {"b": code})
    assert response.status_code == 400
    with override(lang):
        expected = messages.message(CodeError(key, **params), "lrb6")
    assert norm(expected) in page_text(response)
    api = client.get("/api/v1/board", {"board": code, "player": "A1"})
    assert api.status_code == 400 and api.json()["problem"] == key


def test_bad_api_parameters_answer_400(client) -> None:
    assert client.get("/api/v1/board", {"edition": "dreadball2", "board": CODE}).status_code == 400
    assert client.get("/api/v1/board", {"board": CODE, "player": "B9"}).json()["problem"] == "no_player"
    assert client.get("/api/v1/board", {"board": CODE, "player": "A1", "target": "m99"}).status_code == 400
    assert client.get("/api/v1/board", {"board": "x" * 5000}).status_code == 400
    listed = client.get("/api/v1/board", {"board": CODE}).json()
    assert [p["id"] for p in listed["players"]] == ["A1", "A2", "B1"] and "reach" not in listed


def follow(client, url: str, **params: str):
    """One action: the page redirects (303) to the canonical URL of the result."""
    response = client.get(url, params)
    assert response.status_code == 303, response.content.decode()[:500]
    location = response["Location"]
    return location, parse_qs(urlsplit(location).query)


def test_tapping_builds_a_position(client) -> None:
    base = "/en/lrb6/board/"
    where, q = follow(client, base, tool="add-a", do="tap", sq="m8")
    assert q["b"] == ["1_A1m8"] and q["p"] == ["A1"] and q["tool"] == ["add-a"]
    where, q = follow(client, base, b=q["b"][0], tool="add-b", do="tap", sq="n8")
    assert q["b"] == ["1_A1m8_B1n8"] and q["p"] == ["B1"]
    where, q = follow(client, base, b=q["b"][0], do="tap", sq="m8")  # choose A1
    assert q["p"] == ["A1"]
    where, q = follow(client, base, b=q["b"][0], p="A1", do="tap", sq="k6")  # an empty square: the target
    assert q["t"] == ["k6"]
    page = client.get(where)
    assert page.status_code == 200 and "Block on B1" in page_text(page)
    where, q = follow(client, base, b=q["b"][0], p="A1", tool="ball", do="tap", sq="l8")
    assert q["b"] == ["1_bl8_A1m8_B1n8"]
    where, q = follow(client, base, b=q["b"][0], p="A1", tool="move", do="tap", sq="l8")
    assert q["b"] == ["1_bl8_A1l8_B1n8"]  # onto the ball: he holds it now
    where, q = follow(client, base, b=q["b"][0], p="A1", tool="move", do="tap", sq="l9")
    assert q["b"] == ["1_bl9_A1l9_B1n8"]  # and takes it along
    where, q = follow(client, base, b=q["b"][0], p="A1", tool="remove", do="tap", sq="n8")
    assert q["b"] == ["1_bl9_A1l9"]


def test_the_forms_change_a_player_and_the_game(client) -> None:
    base = "/en/bb2025/board/"
    _, q = follow(client, base, b="1_A1m8", p="A1", do="edit", ma="7", st="4", ag="2", pa="-", av="10", add="block")
    assert q["b"] == ["1_A1m8.742-a.block"]
    _, q = follow(client, base, b=q["b"][0], p="A1", do="edit", skills="1", status="prone")  # untick every skill
    assert q["b"] == ["1_A1m8p.742-a"]
    _, q = follow(client, base, b=q["b"][0], do="game", weather="blizzard", ra="3", rb="0", ball_col="c", ball_row="3")
    assert q["b"] == ["1_r30_wb_bc3_A1m8p.742-a"]
    _, q = follow(client, base, b=q["b"][0], do="add", team="B", number="12", col="d", row="4")
    assert q["b"] == ["1_r30_wb_bc3_A1m8p.742-a_B12d4"] and q["p"] == ["B12"]
    # a new player may come with his characteristics and skills (what a roster's positional gives)
    response = client.get(
        base
        + "?"
        + urlencode(
            [
                ("b", q["b"][0]),
                ("do", "add"),
                ("team", "A"),
                ("col", "e"),
                ("row", "5"),
                ("ma", "8"),
                ("ag", "2"),
                ("av", "8"),
                ("sk", "dodge"),
                ("sk", "sprint"),
            ]
        )
    )
    assert response.status_code == 303 and "A2e5.83248.dodge.sprint" in response["Location"]
    _, q = follow(client, base, b=q["b"][0], p="B12", do="remove")
    assert q["b"] == ["1_r30_wb_bc3_A1m8p.742-a"] and "p" not in q


@pytest.mark.parametrize(
    ("params", "needle"),
    [
        ({"b": "1_A1m8_B1n8", "tool": "add-a", "do": "tap", "sq": "n8", "p": "A1", "number": "1"}, None),
        ({"b": "1_A1m8", "p": "A1", "do": "edit", "ma": "12"}, "MA must be a whole number from 1 to 9"),
        ({"b": "1_A1m8", "do": "game", "ra": "x"}, "Team re-rolls of team A must be a whole number from 0 to 8"),
        ({"b": "1_A1m8", "p": "A1", "do": "edit", "add": "wings"}, "is not a skill of this edition"),
        ({"b": "1_A1m8", "p": "A1", "do": "edit", "status": "asleep"}, "not one of its choices"),
        ({"b": "1_A1m8_B1n8", "p": "A1", "do": "move", "col": "n", "row": "8"}, "already taken"),
        ({"b": "1_bm8_A1m8", "p": "A1", "do": "edit", "status": "prone"}, "on the ground"),
        ({"b": "1_A1m8", "do": "tap", "sq": "m77"}, "off the pitch"),
        ({"b": "1_A1m8", "do": "explode"}, "not one of its choices"),
    ],
)
def test_impossible_changes_keep_the_position_and_say_why(client, params, needle) -> None:
    response = client.get("/en/lrb6/board/", params)
    if needle is None:  # tapping a taken square with an add tool chooses that player instead
        assert response.status_code == 303
        return
    assert response.status_code == 400
    assert needle in page_text(response)
    assert params["b"] in response.content.decode()


def test_htmx_gets_the_live_part_and_the_language_switcher_keeps_the_code(client) -> None:
    response = client.get(BOARD.format(lang="es"), HTTP_HX_REQUEST="true", HTTP_HX_TARGET="board-live")
    body = response.content.decode()
    assert response.status_code == 200 and "<html" not in body
    assert body.lstrip().startswith('<div id="board-live"') and 'aria-live="polite"' in body
    assert 'hx-swap-oob="outerHTML:.lang-switch ul"' in body
    switch = re.search(r'<ul hx-swap-oob="outerHTML:.lang-switch ul">(.*?)</ul>', body, re.S)
    assert switch and all(f"/{lang}/lrb6/board/?b={CODE}" in html.unescape(switch.group(1)) for lang in LANGS)
    full = client.get(BOARD.format(lang="fr")).content.decode()
    nav = re.search(r'<nav class="lang-switch".*?</nav>', full, re.S)
    assert nav and html.unescape(nav.group(0)).count(f"?b={CODE}") == 4


def test_every_square_in_view_is_a_link_and_text_stays_readable(client) -> None:
    body = client.get(BOARD.format(lang="en")).content.decode()
    svg = re.search(r"<svg class=\"board-map board-map--z1\" viewBox=\"([-\d. ]+)\"", body)
    assert svg
    _x, _y, width, _h = (float(v) for v in svg.group(1).split())
    links = re.findall(r'<a href="[^"]+" data-cell="[a-z]\d+" aria-label="[^"]+">', body)
    assert len(links) == 7 * 9
    # 360 px wide, minus the page's 1rem padding on each side: the scale of the drawing
    scale = (360 - 32) / width
    assert 32 * scale >= 44  # a square is a 44 px touch target
    assert 10 * scale >= 11  # the heat labels (10 units) are at least 11 px
    assert 'style="' not in body.split("<svg", 1)[1].split("</svg>", 1)[0]


def test_zoomed_out_views_and_panning(client) -> None:
    body = client.get(BOARD.format(lang="en") + "&z=3").content.decode()
    assert "board-map--z3" in body
    assert len(re.findall(r'data-cell="', body)) == 26 * 15
    tap = html.unescape(re.search(r'<a href="([^"]+)" data-cell="a1"', body).group(1))
    assert "z=" not in tap and "do=" not in tap  # the whole pitch: a tap zooms in there
    body = client.get(BOARD.format(lang="en")).content.decode()
    left = re.search(r'<a data-key="pan-left" href="([^"]+)" hx-get="[^"]+">← ', body)
    assert left and "v=" in left.group(1)


@pytest.mark.slow
def test_every_blood_bowl_step_with_players_opens_in_the_board(client) -> None:
    opened = 0
    for scenario in all_scenarios():
        for number, _step in enumerate(scenario.steps, start=1):
            body = client.get(f"/en/tutorial/{scenario.slug}/{number}/").content.decode()
            link = re.search(r'class="board-link"><a [^>]*href="([^"]+)"', body)
            players = scenario.cast_at(number)
            on_pitch = any(p.square for p in players.values())
            if scenario.game != "bloodbowl" or not on_pitch:
                assert link is None
                continue
            assert link, f"{scenario.slug} {number}"
            board = client.get(html.unescape(link.group(1)))
            assert board.status_code == 200, f"{scenario.slug} {number}"
            opened += 1
    assert opened >= 25


def test_a_step_opens_with_its_actor_chosen_and_the_readers_changes(client) -> None:
    body = client.get("/en/tutorial/03-moving-and-dodging/3/", {"try": "1", "ag": "5"}).content.decode()
    link = html.unescape(re.search(r'class="board-link"><a [^>]*href="([^"]+)"', body).group(1))
    q = parse_qs(urlsplit(link).query)
    assert "p" in q and "t" in q
    piece = next(item for item in q["b"][0].split("_") if item.startswith(q["p"][0]))
    assert piece.split(".")[1][2] == "5"  # the reader's AG 5 (MA ST AG AV)


def test_examples_open(client) -> None:
    for edition in ("lrb6", "bb2025"):
        body = client.get(f"/it/{edition}/board/").content.decode()
        section = re.search(r'<section class="board-examples".*?</section>', body, re.S)
        assert section
        urls = re.findall(r'<a href="([^"]+)">', section.group(0))
        assert len(urls) >= 3
        for url in urls[:-1]:
            assert client.get(html.unescape(url)).status_code == 200


def test_the_board_page_is_only_for_blood_bowl(client) -> None:
    assert client.get("/en/dreadball2/board/").status_code == 404


def test_query_strings_stay_short_and_safe(client) -> None:
    _, q = follow(client, "/en/lrb6/board/", b=CODE, p="A1", do="tap", sq="k6")
    assert urlencode({"b": q["b"][0]}) == f"b={q['b'][0]}"  # nothing to escape
    assert json.dumps(q)  # plain strings


def test_characteristics_are_named_in_the_readers_terms(client) -> None:
    text = page_text(client.get("/es/lrb6/board/", {"b": "1_A1m8.6838"}))
    assert "FU 8" in text  # classic Spanish: Fuerza (FU)
    text = page_text(client.get("/fr/bb2025/board/", {"b": "1_A1m8", "p": "A1", "do": "edit", "av": "2"}))
    assert "AR doit être un nombre entier de 3 à 11" in text


def test_the_api_answers_the_same_whatever_the_readers_language(client) -> None:
    params = {"edition": "bb2025", "board": CODE, "player": "A1", "target": "k6"}
    answers = [client.get("/api/v1/board", params, HTTP_ACCEPT_LANGUAGE=lang).json() for lang in LANGS]
    assert all(a == answers[0] for a in answers)
    bad = [client.get("/api/v1/board", {"board": "1_A1m8_B1m8"}, HTTP_ACCEPT_LANGUAGE=lang) for lang in LANGS]
    assert {r.status_code for r in bad} == {400}
    assert {r.json()["error"] for r in bad} == {"Two players on square m8 (A1 and B1)."}
