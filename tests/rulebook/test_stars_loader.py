"""Star players and inducements in the content pipeline, on a small tree: load, dump byte-identical,
admin edits kept, and every broken reference reported by `load_content --check`."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from rulebook.contentfiles.files import toml_text
from rulebook.contentfiles.loader import ContentConflict, dump_content, load_content
from rulebook.models import Inducement, StarPlayer, StarProfile, StarSkill

from .content_factory import four
from .test_teams_loader import check, empty_db, tree_bytes, write_teams  # noqa: F401 - the fixture

pytestmark = pytest.mark.django_db

STAR: dict[str, Any] = {
    "slug": "brick-and-grotty",
    "cost": 290000,
    "plays_for": ["human"],
    "any_team": False,
    "excluded": [],
    "rule": "two-for-one",
    "source": "published-rules",
    "original_language": "en",
    "translator_note": "",
    "disputed": ["cost"],
    "name": four("Brick y Grotty", "Brick e Grotty", "Brick et Grotty", "Brick and Grotty"),
    "rule_name": four("Dos por uno", "Due per uno", "Deux pour un", "Two for One"),
    "rule_text": four(
        "Se contratan juntos.\n", "Si ingaggiano insieme.\n", "Ils se recrutent ensemble.\n", "Hired together.\n"
    ),
    "players": [
        {
            "slug": "brick",
            "ma": 5,
            "st": 5,
            "ag": 2,
            "pa": 0,
            "av": 9,
            "skills": ["dodge (4+)", "dodge (all-team-mates)"],
            "big_guy": True,
            "disputed": ["ag"],
            "name": four("Brick", "Brick", "Brick", "Brick"),
        },
        {
            "slug": "grotty",
            "ma": 6,
            "st": 2,
            "ag": 4,
            "pa": 0,
            "av": 7,
            "skills": ["dodge"],
            "name": four("Grotty", "Grotty", "Grotty", "Grotty"),
        },
    ],
}
INDUCEMENT: dict[str, Any] = {
    "slug": "bribes",
    "order": 20,
    "max": 3,
    "cost": 100000,
    "price_varies": False,
    "available": "special-rule",
    "requires": ["team-captain"],
    "extra_cost": 30000,
    "skill_cost": 50000,
    "skills": ["dodge (4+)"],
    "source": "published-rules",
    "original_language": "en",
    "translator_note": "",
    "name": four("Sobornos", "Mazzette", "Pots-de-vin", "Bribes"),
    "text": four("Un soborno.\n", "Una mazzetta.\n", "Un pot-de-vin.\n", "A bribe.\n"),
    "modifiers": [{"team": "human", "rule": "", "cost": 50000, "max": 3}],
}


def write_stars(root: Path, star: dict[str, Any] | None = None, inducement: dict[str, Any] | None = None) -> Path:
    write_teams(root)
    for folder, data in (("stars", star or STAR), ("inducements", inducement or INDUCEMENT)):
        (root / "lrb6" / folder).mkdir(parents=True, exist_ok=True)
        (root / "lrb6" / folder / f"{data['slug']}.toml").write_text(toml_text(data), encoding="utf-8")
    return root


@pytest.mark.usefixtures("empty_db")
def test_a_star_loads_with_his_players_skills_and_teams(tmp_path: Path) -> None:
    report = load_content(write_stars(tmp_path))
    assert report.created["star"] == 1 and report.created["inducement"] == 1
    star = StarPlayer.objects.get(slug="brick-and-grotty")
    assert [t.slug for t in star.teams.all()] == ["human"] and star.disputed == ["cost"]
    assert star.rule == "two-for-one" and star.rule_text_fr == "Ils se recrutent ensemble.\n"
    brick = StarProfile.objects.get(star=star, slug="brick")
    assert brick.big_guy and brick.disputed == ["ag"] and [p.slug for p in star.players.all()] == ["brick", "grotty"]
    skills = StarSkill.objects.filter(player=brick)
    assert [(s.skill.slug, s.value, s.parameter.key if s.parameter else "") for s in skills] == [
        ("dodge", "4+", ""),
        ("dodge", "", "all-team-mates"),
    ]
    bribes = Inducement.objects.get(slug="bribes")
    assert [r.slug for r in bribes.requires.all()] == ["team-captain"]
    assert [(m.team.slug, m.cost, m.max_quantity) for m in bribes.modifiers.all() if m.team] == [("human", 50000, 3)]
    assert not load_content(tmp_path).changed


@pytest.mark.usefixtures("empty_db")
def test_stars_and_inducements_round_trip_byte_identical(tmp_path: Path) -> None:
    root = write_stars(tmp_path / "content")
    before = tree_bytes(root)
    load_content(root)
    assert dump_content(root) == 0
    assert tree_bytes(root) == before


@pytest.mark.usefixtures("empty_db")
def test_an_admin_edit_of_a_star_player_is_kept_until_dumped(tmp_path: Path) -> None:
    root = write_stars(tmp_path)
    load_content(root)
    grotty = StarProfile.objects.get(slug="grotty")
    grotty.av = 8
    grotty.save()
    with pytest.raises(ContentConflict) as caught:
        load_content(root)
    assert caught.value.items == ["lrb6:star:brick-and-grotty"]
    dump_content(root)
    assert "av = 8" in (root / "lrb6" / "stars" / "brick-and-grotty.toml").read_text(encoding="utf-8")
    assert not load_content(root).changed


@pytest.mark.usefixtures("empty_db")
def test_removing_a_star_file_deletes_the_star_and_his_players(tmp_path: Path) -> None:
    root = write_stars(tmp_path)
    load_content(root)
    (root / "lrb6" / "stars" / "brick-and-grotty.toml").unlink()
    assert load_content(root).deleted == {"star": 1}
    assert not StarProfile.objects.exists() and not StarSkill.objects.exists()


def test_check_reports_unknown_skills_teams_rules_and_bad_fields(tmp_path: Path) -> None:
    star = copy.deepcopy(STAR) | {"plays_for": ["orc"], "excluded": ["team-captain"], "disputed": ["colour"]}
    star["players"][0]["skills"] = ["sure-hands", "dodge (no-such-word)"]
    star["players"][1] |= {"slug": "brick", "disputed": ["max"], "av": 13}
    inducement = copy.deepcopy(INDUCEMENT) | {"available": "any", "requires": ["no-such-rule"]}
    inducement["modifiers"] = [{"team": "orc", "rule": "team-captain", "cost": 1, "max": 1}]
    message = check(write_stars(tmp_path, star=star, inducement=inducement))
    assert "broken cross-reference: plays_for team 'orc' (no team file)" in message
    assert "excluded needs any_team = true" in message
    assert "disputed names 'colour'" in message
    assert "broken cross-reference: unknown skill 'sure-hands' (no lrb6 skill has that slug)" in message
    assert "unknown parameter 'no-such-word'" in message
    assert "player 2 (brick): invalid or duplicate slug" in message
    assert "player 2 (brick): disputed names 'max'" in message
    assert "av must be a whole number from 1 to 12, not 13" in message
    assert "broken cross-reference: requires 'no-such-rule'" in message
    assert "requires names the special rules when available is 'special-rule', and only then" in message
    assert "modifier 1: name either a team or a team rule" in message
    assert "modifier 1: broken cross-reference: team 'orc'" in message


def test_check_reports_a_half_written_special_rule_and_a_star_for_no_one(tmp_path: Path) -> None:
    star = copy.deepcopy(STAR) | {"plays_for": [], "rule": "Two For One!"}
    del star["rule_text"]
    message = check(write_stars(tmp_path, star=star))
    assert "a star plays for some teams: plays_for or any_team" in message
    assert "invalid rule slug 'Two For One!'" in message
    assert "a special rule needs its slug, rule_name and rule_text (or none of them)" in message
