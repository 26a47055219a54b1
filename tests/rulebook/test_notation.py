"""The notation door (rulebook/notation.py): one way to write a profile and a target, which the
team pages, the API, the board and the odds labels all take, so they cannot disagree."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.http import QueryDict
from django.test import Client

from rulebook import notation, rosters
from rulebook.engine import get_edition
from rulebook.engine.editions import Edition
from rulebook.models import Team
from tutorial.board import words
from tutorial.odds import page

ROOT = Path(__file__).resolve().parents[2]
CLASSIC, EDITION_2025 = get_edition("lrb6"), get_edition("bb2025")


def test_profile_keys_follow_the_edition() -> None:
    assert notation.profile_keys(CLASSIC) == ("ma", "st", "ag", "av")  # no PA in the classic rules
    assert notation.profile_keys(EDITION_2025) == ("ma", "st", "ag", "pa", "av")


@pytest.mark.parametrize(
    ("edition", "key", "value", "written"),
    [
        (CLASSIC, "ma", 6, "6"),
        (CLASSIC, "ag", 3, "3"),  # classic AG is a characteristic, the table gives the roll
        (CLASSIC, "av", 8, "8"),
        (CLASSIC, "pa", 4, "–"),  # no PA in the classic rules
        (EDITION_2025, "st", 3, "3"),
        (EDITION_2025, "ag", 3, "3+"),
        (EDITION_2025, "pa", 4, "4+"),
        (EDITION_2025, "pa", 0, "–"),  # a 2025 roster's "PA –" is stored as 0
        (EDITION_2025, "pa", None, "–"),
        (EDITION_2025, "av", 9, "9+"),
    ],
)
def test_a_value_in_the_editions_notation(edition: Edition, key: str, value: int | None, written: str) -> None:
    assert notation.characteristic_value(edition, key, value) == written


def test_abbreviations_and_placeholders() -> None:
    assert notation.split_abbreviation("Fuerza (FU)") == ("Fuerza", "FU")
    assert notation.split_abbreviation("Fuerza") == ("Fuerza", "")
    assert notation.abbreviation("Movement Allowance (MA) ") == "MA"
    assert notation.target(4) == "4+"
    assert notation.with_parameter("Solitario (X+)", "3+") == "Solitario (3+)"
    assert notation.with_parameter("Animosidad (X)", "todos") == "Animosidad (todos)"
    assert notation.with_parameter("Placar", "") == "Placar"
    assert notation.without_placeholder("Loner (X+)") == "Loner"
    assert notation.has_placeholder("Bloodlust (X+)") and not notation.has_placeholder("Loner")


@pytest.mark.django_db
def test_the_glossary_gives_each_languages_abbreviations() -> None:
    # Our glossaries: "Fuerza (FU)" in the classic Spanish rules, "Movimiento (MV)" and
    # "Habilidad de pase (PS)" in the 2025 ones.
    assert notation.characteristic_names("lrb6", "es")["st"] == ("FU", "Fuerza")
    spanish_2025 = notation.abbreviations("bb2025", "es")
    assert spanish_2025["ma"] == "MV" and spanish_2025["pa"] == "PS"
    assert notation.abbreviations("bb2025", "en") == {"ma": "MA", "st": "ST", "ag": "AG", "pa": "PA", "av": "AV"}
    # A ruleset without these terms reads the keys in capitals (DreadBall has no such glossary).
    assert notation.characteristic_names("dreadball2", "fr")["av"] == ("AV", "AV")


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["es", "it", "fr", "en"])
def test_the_board_the_team_pages_and_the_odds_say_the_same(lang: str) -> None:
    for edition in ("lrb6", "bb2025"):
        door = notation.abbreviations(edition, lang)
        team = Team.objects.filter(ruleset__key=edition).first()
        assert team is not None
        assert rosters.characteristic_labels(team, lang) == [
            door[k] for k in notation.profile_keys(get_edition(edition))
        ]
        assert {k: words.characteristic(edition, lang, k)[0] for k in door} == door
        odds_words = page.page_context(QueryDict(f"edition={edition}"), lang)["words"]
        assert {k: odds_words[k] for k in ("st", "ag", "ma")} == {k: door[k] for k in ("st", "ag", "ma")}


@pytest.mark.django_db
def test_the_api_and_the_board_write_a_profile_alike(client: Client) -> None:
    data = client.get("/api/v1/rulesets/bb2025/teams/human", {"lang": "en"}).json()
    blitzer = next(p for p in data["positionals"] if p["slug"] == "blitzer")
    expected = {k: words.stat_value("bb2025", k, blitzer[k]) for k in blitzer["profile"]}
    assert blitzer["profile"] == expected and blitzer["profile"]["av"].endswith("+")


def test_the_notation_is_written_in_one_place() -> None:
    """No other module keeps its own list of characteristic terms or abbreviation pattern."""
    copies = []
    for folder in ("rulebook", "tutorial"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path.name == "notation.py" or "engine" in path.parts or "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and node.value in ("movement-allowance", "passing-ability"):
                    copies.append(f"{path.relative_to(ROOT)}:{node.lineno} names {node.value!r}")
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.strip() == "(X+)":
                    copies.append(f"{path.relative_to(ROOT)}:{node.lineno} writes the placeholder")
    assert copies == []
