"""The board's "Add a player" form takes a team roster's positional: the new player gets its
characteristics and starting skills (in the edition's notation), the choices are named in the
reader's language and grouped by team, a wrong choice is refused in words, and the form works as a
plain GET form without JavaScript."""

from __future__ import annotations

import html
import re
from dataclasses import replace
from urllib.parse import parse_qs, urlsplit

import pytest
from django.utils.translation import override

from rulebook import selectors
from rulebook.translated import in_language
from tutorial.board import rosters, words
from tutorial.board.code import Position, check, default_piece

pytestmark = pytest.mark.django_db


def text_of(response) -> str:
    body = re.sub(r"<(script|style|svg).*?</\1>", " ", response.content.decode(), flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", body)))


def added(client, url: str, **params: str) -> str:
    """The position code after the action (a 303 to the canonical URL)."""
    response = client.get(url, params)
    assert response.status_code == 303, text_of(response)[:400]
    return parse_qs(urlsplit(response["Location"]).query)["b"][0]


def positional(edition: str, team: str, slug: str):
    return next(p for p in selectors.roster_positionals(edition) if p.team.slug == team and p.slug == slug)


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_a_classic_dwarf_blocker_comes_with_his_profile_and_skills(client, lang: str) -> None:
    base = f"/{lang}/lrb6/board/"
    code = added(client, base, do="add", team="A", col="m", row="8", pos="dwarf.blocker")
    assert code == "1_A1m8.4329.dwarf--blocker.block.tackle.thick-skull"  # MA 4 ST 3 AG 2 AV 9
    page = client.get(base, {"b": code, "p": "A1"})
    assert page.status_code == 200
    text = text_of(page)
    with override(lang):
        abbr = {name: words.characteristic("lrb6", lang, name)[0] for name in ("ma", "st", "ag", "av")}
    assert f"{abbr['ma']} 4 {abbr['st']} 3 {abbr['ag']} 2 {abbr['av']} 9" in text
    names = selectors.skill_names("lrb6", ["block", "tackle", "thick-skull"], lang)
    assert len(names) == 3 and all(name in text for name in names.values())


@pytest.mark.parametrize("lang", ["it", "en"])
def test_2025_positionals_keep_their_passing_ability_or_have_none(client, lang: str) -> None:
    base = f"/{lang}/bb2025/board/"
    blitzer = positional("bb2025", "dwarf", "blitzer")
    assert (blitzer.ma, blitzer.st, blitzer.ag, blitzer.pa, blitzer.av) == (5, 3, 4, 4, 10)
    code = added(client, base, do="add", team="B", col="d", row="4", pos="dwarf.blitzer")
    assert code == "1_B1d4.5344a.dwarf--blitzer.block.diving-tackle.tackle.thick-skull"  # AG 4+ PA 4+ AV 10+
    with override(lang):
        pa = words.characteristic("bb2025", lang, "pa")[0]
    assert f"{pa} 4+" in text_of(client.get(base, {"b": code, "p": "B1"}))
    # a roster's PA 0 is no PA on the board; Loner (4+), the usual target, is written plain
    code = added(client, base, b=code, do="add", team="A", col="e", row="5", pos="dwarf.deathroller")
    assert code.startswith(
        "1_A1e5.575-b.dwarf--deathroller.break-tackle.dirty-player.juggernaut.loner.mighty-blow.no-ball.secret-weapon.stand-firm"
    )
    assert f"{pa} –" in text_of(client.get(base, {"b": code, "p": "A1"}))


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_2025_ogre_keeps_his_loner_3_and_the_board_counts_it(client, lang: str) -> None:
    base = f"/{lang}/bb2025/board/"
    ogre = positional("bb2025", "human", "ogre")
    assert [s.value for s in ogre.starting_skills.all() if s.skill.slug == "loner"] == ["3+"]
    code = added(client, base, do="add", team="A", col="m", row="8", pos="human.ogre")
    assert ".loner3." in code + "."
    # MA 5 on an empty pitch: six squares away is one rush, re-rolled with the team re-roll after a
    # Loner roll of 3+ (5/6 + 1/6 · 4/6 · 5/6 = 92.6 %; a 4+ Loner would give 90.3 %).
    text = text_of(client.get(base, {"b": code, "p": "A1", "t": "s8"}))
    assert "92.6" in text.replace(",", ".") and "90.3" not in text.replace(",", ".")
    with override(lang):
        loner = words.skill_name("bb2025", lang, "loner")
    assert text.count(loner.replace("(X+)", "(3+)")) >= 3 and loner not in text  # card, form, list of players
    # The player form offers the targets the edition prints, his own chosen; choosing 4+ writes it plain.
    form = client.get(base, {"b": code, "p": "A1"}).content.decode()
    assert re.search(r'<select id="edit-loner" name="loner">.*<option value="3" selected>3\+</option>', form, re.S)
    changed = added(client, base, b=code, p="A1", do="edit", skills="1", sk=["loner", "bone-head"], loner="4")
    assert ".loner." in changed + "." and "loner3" not in changed


def test_the_form_can_give_more_on_top_of_the_positional(client) -> None:
    code = added(
        client,
        "/en/lrb6/board/",
        do="add",
        team="A",
        number="7",
        col="c",
        row="3",
        pos="dwarf.blocker",
        add="guard",
        st="4",
    )
    assert code == "1_A7c3.4429.dwarf--blocker.block.guard.tackle.thick-skull"


@pytest.mark.parametrize(
    ("lang", "edition", "value", "needle"),
    [
        ("es", "lrb6", "dwarf.wizard", "«dwarf.wizard» no es una posición de ningún equipo de esta edición"),
        ("fr", "lrb6", "dwarf.wizard", "« dwarf.wizard » n'est pas un poste d'une équipe de cette édition"),
        ("en", "lrb6", "gnome.woodland-fox", "is not a positional of a team of this edition"),  # a 2025 team only
        ("en", "bb2025", "dwarf", "is not a positional of a team of this edition"),
    ],
)
def test_an_unknown_positional_is_refused_in_the_readers_language(client, lang, edition, value, needle) -> None:
    response = client.get(
        f"/{lang}/{edition}/board/", {"b": "1_B1n8", "do": "add", "col": "m", "row": "8", "pos": value}
    )
    assert response.status_code == 400
    assert needle in text_of(response)
    assert "1_B1n8" in response.content.decode()  # the position before the change


def test_the_form_works_without_javascript_and_names_positionals_in_the_readers_language(client) -> None:
    body = client.get("/es/lrb6/board/").content.decode()
    form = next(f for f in re.findall(r"<form\b.*?</form>", body, flags=re.S) if 'name="pos"' in f)
    assert re.search(r'<form method="get" action="/es/lrb6/board/"', form)
    assert re.search(r'<label for="add-pos">[^<]+</label>\s*<select id="add-pos"', form)
    assert '<button type="submit" name="do" value="add">' in form
    blocker = positional("lrb6", "dwarf", "blocker")
    team, name = blocker.team.name_es, blocker.name_es
    assert team != blocker.team.name_en or name != blocker.name_en  # Spanish names, not English ones
    group = re.search(rf'<optgroup label="{re.escape(html.escape(team))}">(.*?)</optgroup>', form, flags=re.S)
    assert group and f'<option value="dwarf.blocker">{html.escape(team)} · {html.escape(name)}</option>' in group[1]
    assert form.count("<optgroup") == len({p.team.slug for p in selectors.roster_positionals("lrb6")})
    # what a browser sends for this form: its hidden fields, the checked radio, the first option of each
    # select (the roster's positional chosen)
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form))
    fields.update(team="A", col="a", row="1", number="", pos="dwarf.blocker", do="add")
    assert added(client, "/es/lrb6/board/", **fields) == "1_A1a1.4329.dwarf--blocker.block.tackle.thick-skull"


@pytest.mark.parametrize("edition", ["lrb6", "bb2025"])
def test_every_positional_of_the_edition_fits_on_the_board(edition: str) -> None:
    groups = rosters.choices(edition, "en")
    values = [value for _team, options in groups for value, _label in options]
    listed = selectors.roster_positionals(edition)
    assert len(values) == len(listed) > 50
    pa = {f"{p.team.slug}.{p.slug}": p.pa for p in listed}  # read once, not once per value
    known = words.known_skills(edition)
    for value in values:
        found = rosters.profile(edition, value)
        assert found is not None, value
        piece = default_piece(edition, "A", 1, (12, 7))
        piece = replace(piece, ma=found.ma, st=found.st, ag=found.ag, pa=found.pa, av=found.av, skills=found.skills)
        position = Position(edition).with_pieces([piece])
        check(position, known)  # characteristics in range, every starting skill one the board knows
        assert (found.pa is None) == (edition == "lrb6" or pa[value] == 0)


@pytest.mark.parametrize(
    ("lang", "edition", "code", "needle"),
    [
        ("es", "lrb6", "1_A1m8.loner3", "Jugador A1: en esta edición, Solitario solo puede ser 4+."),
        ("fr", "bb2025", "1_A1m8.loner7", "dans cette édition, Solitaire ne peut être que 2+, 3+, 4+, 5+, 6+."),
    ],
)
def test_a_loner_target_the_edition_does_not_print_is_refused_in_words(client, lang, edition, code, needle) -> None:
    response = client.get(f"/{lang}/{edition}/board/", {"b": code})
    assert response.status_code == 400
    assert needle in text_of(response)


def test_the_api_gives_a_loners_target_and_counts_it(client) -> None:
    code = "1_A1m8.5545a.loner3_A2c3.loner"
    data = client.get("/api/v1/board", {"edition": "bb2025", "board": code, "player": "A1", "target": "s8"}).json()
    assert [p.get("loner_target") for p in data["players"]] == [3, 4]
    assert data["reach"]["s8"]["probability"] == "25/27"  # 5/6 + 1/6 · 4/6 · 5/6


@pytest.mark.parametrize(
    ("lang", "name"), [("en", "Human Blitzer"), ("es", "Blitzer Humano"), ("fr", "Blitzer Humain")]
)
def test_a_roster_player_is_named_by_his_positional_in_the_readers_language(client, lang: str, name: str) -> None:
    base = f"/{lang}/bb2025/board/"
    code = added(client, base, do="add", team="A", number="4", col="m", row="8", pos="human.blitzer")
    assert code == "1_A4m8.73349.human--blitzer.block.tackle"  # MA 7 ST 3 AG 3+ PA 4+ AV 9+
    assert in_language(positional("bb2025", "human", "blitzer"), "name", lang) == name  # the content's name
    body = client.get(base, {"b": code, "p": "A4"}).content.decode()
    number = {"en": "#4", "es": "n.º\u00a04", "fr": "n°\u00a04"}[lang]  # the number kept with its sign
    assert f'<span class="answer__name">{name} {number}</span>' in body  # the answer's heading
    assert f"{name} {number} (A4)" in html.unescape(re.search(r'aria-label="(m8, [^"]+)"', body)[1])  # the piece
    status = text_of(client.get(base, {"b": code, "p": "A4", "t": "m5"}))
    assert f"{name} {number} (A4)".replace("\u00a0", " ") in status  # the status line


def test_a_plain_player_keeps_his_id_and_an_unknown_positional_is_refused(client) -> None:
    body = client.get("/en/bb2025/board/", {"b": "1_A4m8", "p": "A4"}).content.decode()
    assert "A4 chosen." in text_of_body(body) and "answer__name" not in body
    response = client.get("/en/bb2025/board/", {"b": "1_A4m8.human--wizard"})
    assert response.status_code == 400
    assert "“human--wizard” is not a positional of a team of this edition" in text_of(response)


def text_of_body(body: str) -> str:
    return re.sub(
        r"\s+",
        " ",
        html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<(script|style|svg).*?</\1>", " ", body, flags=re.S))),
    )


def test_the_api_gives_a_players_positional_and_an_old_code_none(client) -> None:
    data = client.get(
        "/api/v1/board", {"edition": "bb2025", "board": "1_A4m8.73349.human--blitzer.block.tackle_A5c3"}
    ).json()
    assert [p.get("positional") for p in data["players"]] == ["human--blitzer", None]
