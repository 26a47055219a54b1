"""translation_report --format json: its exact shape, missing and identical fields, exceptions."""

from __future__ import annotations

import copy
import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from rulebook.contentfiles.completeness import build_report
from rulebook.contentfiles.loader import load_content
from tests.rulebook.content_factory import empty_the_content

from .content_factory import SKILL, write_tree

pytestmark = pytest.mark.django_db


def report_json() -> dict:
    out = StringIO()
    call_command("translation_report", "--format", "json", stdout=out)
    return json.loads(out.getvalue())


def test_report_has_the_documented_shape() -> None:
    report = report_json()
    assert set(report) == {"rulesets"}
    for kinds in report["rulesets"].values():
        assert set(kinds) == {
            "section",
            "skill",
            "trait",
            "table",
            "term",
            "team",
            "positional",
            "team-rule",
            "parameter",
            "star",
            "star-player",
            "inducement",
        }
        for entry in kinds.values():
            assert set(entry) == {"total", "languages"}
            assert set(entry["languages"]) == {"es", "it", "fr", "en"}
            for result in entry["languages"].values():
                assert set(result) == {"complete", "missing", "identical"}


def test_missing_and_identical_fields_are_reported(tmp_path: Path) -> None:
    empty_the_content()
    skill = copy.deepcopy(SKILL)
    skill["text"]["it"] = skill["text"]["en"]  # English copied into Italian: a defect
    root = write_tree(tmp_path, skill=skill)
    load_content(root)
    from rulebook.models import Skill

    Skill.objects.filter(slug="dodge").update(name_fr="")
    report = build_report(root)
    skills = report["rulesets"]["lrb6"]["skill"]
    assert skills["total"] == 1
    assert skills["languages"]["fr"] == {"complete": 0, "missing": ["dodge.name"], "identical": []}
    assert skills["languages"]["it"]["identical"] == ["dodge.text"]
    assert skills["languages"]["en"]["identical"] == ["dodge.text"]
    assert skills["languages"]["es"] == {"complete": 1, "missing": [], "identical": []}


def test_reviewed_exceptions_are_left_out(tmp_path: Path) -> None:
    empty_the_content()
    skill = copy.deepcopy(SKILL)
    skill["name"] = {"es": "Pro", "it": "Pro", "fr": "Pro", "en": "Pro"}
    root = write_tree(tmp_path, skill=skill)
    (root / "identical_exceptions.toml").write_text(
        '[[exception]]\nruleset = "lrb6"\nitem = "skill:dodge"\nfield = "name"\n'
        'languages = ["es", "it", "fr", "en"]\nreason = "The same word in every language."\n'
    )
    load_content(root)
    languages = build_report(root)["rulesets"]["lrb6"]["skill"]["languages"]
    assert all(result["identical"] == [] for result in languages.values())
