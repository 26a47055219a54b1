"""One tap sets a team up in a kick-off formation (issue 25): eleven players, linemen or a
roster's starting eleven, on the team's own half, legal by the rules as counted here by hand
(3 on the centre of the line of scrimmage, at most 2 in each wide zone) and by the engine's own
set-up check, which refuses an illegal one in words."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

import pytest

from rulebook import selectors
from tutorial.board import formations, messages, rosters
from tutorial.board.code import CodeError, Position, default_piece

pytestmark = pytest.mark.django_db

# Team A defends the left end zone: its half is columns a-m and its line of scrimmage column m;
# team B's half is n-z, its line column n. Rows 1-4 and 12-15 are the wide zones.
HALF = {"A": "abcdefghijklm", "B": "nopqrstuvwxyz"}
LINE = {"A": "m", "B": "n"}


def squares(code: str, team: str) -> list[tuple[str, int]]:
    return [(c, int(r)) for c, r in re.findall(rf"_{team}\d+([a-z])(\d+)", code)]


def assert_legal(code: str, team: str) -> None:
    placed = squares(code, team)
    assert len(placed) == 11
    assert all(column in HALF[team] for column, _row in placed)
    assert sum(1 for column, row in placed if column == LINE[team] and 5 <= row <= 11) >= 3
    assert sum(1 for _c, row in placed if row <= 4) <= 2 and sum(1 for _c, row in placed if row >= 12) <= 2


def set_up(client, edition: str, lang: str = "en", **params: str) -> str:
    response = client.get(f"/{lang}/{edition}/board/", {"do": "setup", **params})
    assert response.status_code == 303, response.content.decode()[:300]
    return parse_qs(urlsplit(response["Location"]).query)["b"][0]


@pytest.mark.parametrize("edition", ["lrb6", "bb2025"])
def test_one_tap_sets_up_each_team_legally(client, edition: str) -> None:
    code = set_up(client, edition, team="A")
    assert_legal(code, "A")
    code = set_up(client, edition, team="B", b=code)
    assert_legal(code, "A")
    assert_legal(code, "B")
    assert client.get(f"/en/{edition}/board/", {"b": code}).status_code == 200


def test_a_roster_sets_up_its_starting_eleven_named_by_position(client) -> None:
    code = set_up(client, "bb2025", team="B", roster="human")
    assert_legal(code, "B")
    # up to two of each positional (Halfling Hopeful, Catcher, Thrower, Blitzer, one Ogre), two linemen
    assert code.count("human--lineman") == 2 and code.count("human--ogre") == 1
    assert code.count("human--blitzer") == 2 and code.count("human--thrower") == 2
    ogre = re.search(r"_B\d+([a-z]\d+)\.\w+\.human--ogre", code)
    assert ogre and ogre[1] in ("n7", "n8", "n9")  # the strongest on the line
    ogre_name = next(p for p in selectors.roster_positionals("bb2025") if p.team.slug == "human" and p.slug == "ogre")
    text = html.unescape(client.get("/es/bb2025/board/", {"b": code}).content.decode())
    assert f"{ogre_name.name_es} n.º\u00a0" in text  # named by position in the list of players


def test_a_replaced_team_keeps_the_other_one_and_a_taken_square_is_refused(client) -> None:
    code = set_up(client, "lrb6", team="A", b="1_B3q4")
    assert "_B3q4" in code and len(squares(code, "A")) == 11
    response = client.get("/fr/lrb6/board/", {"do": "setup", "team": "A", "b": "1_B1m8"})  # B1 on A's line
    assert response.status_code == 400 and "La case m8 est déjà occupée" in response.content.decode()


def test_an_unknown_roster_is_refused_in_words(client) -> None:
    response = client.get("/en/lrb6/board/", {"do": "setup", "team": "A", "roster": "gnome"})  # a 2025 team only
    assert response.status_code == 400 and "“gnome” is not a team of this edition." in response.content.decode()


@pytest.mark.parametrize("edition", ["lrb6", "bb2025"])
def test_every_team_of_the_edition_sets_up_legally(edition: str) -> None:
    teams = {p.team.slug for p in selectors.roster_positionals(edition)}
    assert len(teams) > 20
    for team in sorted(teams):
        position = rosters.set_up(edition, Position(edition), "A", team)
        assert len(position.pieces) == 11, team
        formations.check_set_up(position, "A")


def test_the_engine_refuses_a_line_of_two_in_the_readers_language() -> None:
    pieces = [default_piece("lrb6", "A", n, (12, 5 + n)) for n in (1, 2)]  # m7, m8 on the line
    pieces += [default_piece("lrb6", "A", n, (8, n)) for n in range(3, 12)]  # column i, rows 4-12
    with pytest.raises(CodeError) as problem:
        formations.check_set_up(Position("lrb6").with_pieces(pieces), "A")
    assert problem.value.key == "illegal_setup"
    assert messages.english(problem.value).startswith("Team A cannot be set up that way: ")
