"""The board's numbers a coach can trust (issue 23): each defect found against botbowl and FFB, as
the API and the page answer it, and what the answers leave out named in the reader's language."""

from __future__ import annotations

import html
import re

import pytest

pytestmark = pytest.mark.django_db


def api(client, **params: str) -> dict:
    response = client.get("/api/v1/board", params)
    assert response.status_code == 200, response.content
    return response.json()


def test_a_free_walk_is_certain(client) -> None:
    """Before: route 0/1 while reach said 1/1 (sequence.solve([]) answered 0)."""
    data = api(client, edition="lrb6", board="1_A1m8", player="A1", target="m10")
    assert data["route"]["probability"] == "1/1" == data["reach"]["m10"]["probability"]
    assert data["route"]["rolls"] == []


def test_b1_under_the_ruler_may_intercept(client) -> None:
    """Before: only B2 on f6. FFB's ruler from e5 to h8 covers f6 and g6; each is AG 3: 6+."""
    data = api(client, edition="lrb6", board="1_A1e5_B1g6_B2f6", player="A1", target="h8")
    found = {(i["player"], i["square"], i["target"]) for i in data["pass"]["interceptors"]}
    assert found == {("B1", "g6", 6), ("B2", "f6", 6)}


def test_pouring_rain_on_an_interception(client) -> None:
    """Before: B1 5+. AG 4: 3+, −2 to intercept, −1 in pouring rain: 6+."""
    data = api(client, edition="lrb6", board="1_wr_A1e8_B1h8.7348", player="A1", target="k8")
    assert [(i["player"], i["target"], i["probability"]) for i in data["pass"]["interceptors"]] == [("B1", 6, "1/6")]


def test_jump_up_stands_for_free(client) -> None:
    """Before: 120 squares, as without the skill; now a standing player's 254."""
    assert len(api(client, edition="lrb6", board="1_A1m8p.jump-up", player="A1")["reach"]) == 254
    assert len(api(client, edition="lrb6", board="1_A1m8p", player="A1")["reach"]) == 120
    assert len(api(client, edition="bb2025", board="1_A1m8p.jump-up", player="A1")["reach"]) == 254


def test_no_hands_and_no_ball_do_not_intercept(client) -> None:
    for edition, slug in (("lrb6", "no-hands"), ("bb2025", "no-ball")):
        data = api(client, edition=edition, board=f"1_A1e5_B1g6.{slug}", player="A1", target="h8")
        assert data["pass"]["interceptors"] == []


@pytest.mark.parametrize(
    ("lang", "names"), [("es", ["Saltar", "Tentáculos"]), ("fr", ["Saut", "Tentacules"]), ("en", ["Leap", "Tentacles"])]
)
def test_the_api_names_what_it_leaves_out(client, lang: str, names: list[str]) -> None:
    data = api(client, edition="lrb6", board="1_A1m8.leap_B1p8.tentacles", player="A1", lang=lang)
    assert [s["skill"] for s in data["not_counted"]] == ["leap", "tentacles"]
    assert [s["name"] for s in data["not_counted"]] == names
    assert api(client, edition="lrb6", board="1_A1m8.dodge", player="A1")["not_counted"] == []
    assert client.get("/api/v1/board", {"board": "1_A1m8", "player": "A1", "lang": "xx"}).status_code == 400


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("es", "Estas cifras no tienen en cuenta: Saltar, Tentáculos."),
        ("it", "Questi numeri non tengono conto di:"),
        ("fr", "Non pris en compte dans ces chiffres : Saut, Tentacules."),
        ("en", "Not counted in these numbers: Leap, Tentacles."),
    ],
)
def test_the_page_says_what_it_leaves_out(client, lang: str, line: str) -> None:
    response = client.get(f"/{lang}/lrb6/board/", {"b": "1_A1m8.leap_B1p8.tentacles", "p": "A1"})
    text = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())))
    assert line in text
    plain = client.get(f"/{lang}/lrb6/board/", {"b": "1_A1m8", "p": "A1"}).content.decode()
    assert "not-counted" not in plain
