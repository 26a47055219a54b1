"""Teams in the content pipeline, on a small tree: load, dump byte-identical, admin edits kept,
and every broken reference reported by `load_content --check`."""

from __future__ import annotations

import copy
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from rulebook.contentfiles.files import toml_text
from rulebook.contentfiles.loader import ContentConflict, dump_content, load_content
from rulebook.models import Positional, SkillParameter, StartingSkill, Team
from tests.rulebook.content_factory import empty_the_content

from .content_factory import four, write_tree

pytestmark = pytest.mark.django_db

RULE: dict[str, Any] = {
    "slug": "team-captain",
    "kind": "special-rule",
    "source": "published-rules",
    "original_language": "en",
    "name": four("Capitán", "Capitano", "Capitaine", "Captain"),
    "text": four(
        "Un jugador es capitán.\n", "Un giocatore è capitano.\n", "Un joueur est capitaine.\n", "A player leads.\n"
    ),
}
PARAMETERS: dict[str, Any] = {"all-team-mates": four("todos", "tutti", "tous", "all")}
TEAM: dict[str, Any] = {
    "slug": "human",
    "reroll_cost": 50000,
    "apothecary": True,
    "leagues": [],
    "special_rules": ["team-captain"],
    "tier": 0,
    "source": "published-rules",
    "original_language": "en",
    "translator_note": "",
    "name": four("Humanos", "Umani", "Humains", "Humans"),
    "description": four("Versátiles.\n", "Versatili.\n", "Polyvalents.\n", "All-rounders.\n"),
    "positionals": [
        {
            "slug": "lineman",
            "max": 16,
            "cost": 50000,
            "ma": 6,
            "st": 3,
            "ag": 3,
            "pa": 0,
            "av": 8,
            "skills": [],
            "primary": ["general"],
            "secondary": ["agility", "strength"],
            "name": four("Línea", "Uomo di linea", "Trois-quarts", "Lineman"),
        },
        {
            "slug": "catcher",
            "max": 4,
            "cost": 70000,
            "ma": 8,
            "st": 2,
            "ag": 3,
            "pa": 0,
            "av": 7,
            "skills": ["dodge", "dodge (4+)", "dodge (all-team-mates)"],
            "primary": ["general", "agility"],
            "secondary": ["strength"],
            "big_guy": True,
            "disputed": ["secondary"],
            "name": four("Receptor", "Ricevitore", "Receveur", "Catcher"),
        },
    ],
}


def write_teams(root: Path, team: dict[str, Any] | None = None, rule: dict[str, Any] | None = None) -> Path:
    write_tree(root)
    base = root / "lrb6"
    for folder, data in (("teams", team or TEAM), ("team-rules", rule or RULE)):
        (base / folder).mkdir(parents=True, exist_ok=True)
        (base / folder / f"{data['slug']}.toml").write_text(toml_text(data), encoding="utf-8")
    (base / "skill-parameters.toml").write_text(toml_text(PARAMETERS), encoding="utf-8")
    return root


def tree_bytes(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def check(root: Path) -> str:
    out = StringIO()
    with pytest.raises(CommandError) as caught:
        call_command("load_content", "--check", "--root", str(root), stdout=out)
    return str(caught.value)


@pytest.fixture
def empty_db() -> None:
    empty_the_content()


def test_a_team_loads_with_its_positionals_skills_parameters_and_rules(tmp_path: Path, empty_db: None) -> None:
    root = write_teams(tmp_path)
    report = load_content(root)
    assert report.created["team"] == 1 and report.created["team-rule"] == 1 and report.created["parameter"] == 1
    team = Team.objects.get(slug="human")
    assert [link.rule.slug for link in team.rule_links.all()] == ["team-captain"]
    assert [p.slug for p in team.positionals.all()] == ["lineman", "catcher"]
    catcher = Positional.objects.get(team=team, slug="catcher")
    assert catcher.big_guy and catcher.disputed == ["secondary"] and catcher.name_fr == "Receveur"
    skills = list(StartingSkill.objects.filter(positional=catcher))
    assert [(s.skill.slug, s.value, s.parameter.key if s.parameter else "") for s in skills] == [
        ("dodge", "", ""),
        ("dodge", "4+", ""),
        ("dodge", "", "all-team-mates"),
    ]
    assert SkillParameter.objects.get(key="all-team-mates").label_it == "tutti"
    assert not load_content(root).changed


def test_teams_round_trip_byte_identical(tmp_path: Path, empty_db: None) -> None:
    root = write_teams(tmp_path / "content")
    before = tree_bytes(root)
    load_content(root)
    assert dump_content(root) == 0
    assert tree_bytes(root) == before


def test_changing_a_positional_updates_the_team_and_removing_a_team_deletes_it(tmp_path: Path, empty_db: None) -> None:
    root = write_teams(tmp_path)
    load_content(root)
    team = copy.deepcopy(TEAM)
    team["positionals"][0]["cost"] = 45000
    team["positionals"][1]["skills"] = ["dodge"]
    write_teams(tmp_path, team=team)
    report = load_content(root)
    assert report.updated == {"team": 1}
    assert Positional.objects.get(slug="lineman").cost == 45000
    assert StartingSkill.objects.filter(positional__slug="catcher").count() == 1
    (root / "lrb6" / "teams" / "human.toml").unlink()
    (root / "lrb6" / "team-rules" / "team-captain.toml").unlink()
    (root / "lrb6" / "skill-parameters.toml").unlink()
    report = load_content(root)
    assert report.deleted == {"team": 1, "team-rule": 1, "parameter": 1}
    assert not Positional.objects.exists()


def test_an_admin_edit_of_a_positional_is_kept_until_dumped(tmp_path: Path, empty_db: None) -> None:
    root = write_teams(tmp_path)
    load_content(root)
    positional = Positional.objects.get(slug="lineman")
    positional.name_it = "Linea"
    positional.save()
    with pytest.raises(ContentConflict) as caught:
        load_content(root)
    assert caught.value.items == ["lrb6:team:human"]
    parameter = SkillParameter.objects.get(key="all-team-mates")
    parameter.label_fr = "tous les coéquipiers"
    parameter.save()
    with pytest.raises(ContentConflict) as caught:
        load_content(root)
    assert caught.value.items == ["lrb6:parameter:all-team-mates", "lrb6:team:human"]
    dump_content(root)
    assert 'it = "Linea"' in (root / "lrb6" / "teams" / "human.toml").read_text(encoding="utf-8")
    assert "tous les coéquipiers" in (root / "lrb6" / "skill-parameters.toml").read_text(encoding="utf-8")
    assert not load_content(root).changed


def test_check_reports_an_unknown_skill_parameter_rule_and_category(tmp_path: Path) -> None:
    team = copy.deepcopy(TEAM)
    team["special_rules"] = ["no-such-rule"]
    team["positionals"][0]["skills"] = ["sure-hands", "dodge (no-such-word)", "Dodge!"]
    team["positionals"][0]["secondary"] = ["devious", "general"]
    team["positionals"][1]["slug"] = "lineman"
    team["positionals"][1]["disputed"] = ["colour"]
    message = check(write_teams(tmp_path, team=team))
    assert "broken cross-reference: special_rules 'no-such-rule'" in message
    assert "broken cross-reference: unknown skill 'sure-hands' (no lrb6 skill has that slug)" in message
    assert "unknown parameter 'no-such-word'" in message
    assert "starting skill 'Dodge!' is not" in message
    assert "unknown secondary skill category 'devious' for lrb6" in message
    assert "categories both primary and secondary: ['general']" in message
    assert "duplicate positional slug" in message
    assert "disputed names 'colour'" in message


def test_check_reports_a_rule_of_the_wrong_kind_and_bad_numbers(tmp_path: Path) -> None:
    team = copy.deepcopy(TEAM) | {"leagues": ["team-captain"], "special_rules": [], "reroll_cost": 0}
    team["positionals"][0] |= {"max": 0, "av": 13, "name": four("Línea", "", "Trois-quarts", "Lineman")}
    message = check(write_teams(tmp_path, team=team))
    assert "leagues 'team-captain' is a team rule of kind 'special-rule', not 'league'" in message
    assert "reroll_cost must be a positive whole number" in message
    assert "max must be 1 or more" in message
    assert "av must be a whole number from 1 to 12, not 13" in message
    assert "missing language 'it' in name" in message
    rule = copy.deepcopy(RULE) | {"kind": "house-rule"}
    assert "unknown team rule kind 'house-rule'" in check(write_teams(tmp_path, rule=rule))
