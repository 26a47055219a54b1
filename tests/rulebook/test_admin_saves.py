"""Admin saves lose nothing and invent nothing: the change form posted back exactly as a browser
sends it (CRLF line breaks, every control) changes no row, no version and no file; an edit of one
language dumps as a change to that language only."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.forms.models import model_to_dict
from django.test import Client

from rulebook.contentfiles.loader import dump_content, load_content
from rulebook.models import GameTable, Skill
from rulebook.rendering.version import content_version

from .browser_form import form_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(client: Client) -> Client:
    user = User.objects.create_superuser("editor", "editor@example.org", "a-long-test-password")
    client.force_login(user)
    return client


def posted(pairs: list[tuple[str, str]]) -> dict[str, list[str]]:
    data: dict[str, list[str]] = {}
    for name, value in pairs:
        data.setdefault(name, []).append(value)
    return data


def change_url(obj: Any) -> str:
    return f"/admin/rulebook/{type(obj)._meta.model_name}/{obj.pk}/change/"


def browser_save(staff: Client, obj: Any, edit: dict[str, str] | None = None) -> None:
    url = change_url(obj)
    html = staff.get(url).content.decode()
    pairs = form_data(html, f"{type(obj)._meta.model_name}_form")
    assert pairs, "the change form was not found"
    if edit:
        pairs = [(name, edit.get(name, value)) for name, value in pairs]
    response = staff.post(url, {**posted(pairs), "_save": "Save"})
    assert response.status_code == 302, response.content.decode()[:2000]


def multi_line_skill() -> Skill:
    """A skill whose texts end with a newline and hold several paragraphs, in every language."""
    for skill in Skill.objects.select_related("ruleset").order_by("pk"):
        texts = [getattr(skill, f"text_{lang}") for lang in settings.MODELTRANSLATION_LANGUAGES]
        if all(t.endswith("\n") and "\n\n" in t.strip() for t in texts):
            return skill
    raise AssertionError("no multi-paragraph skill in the content")


def content_copy(tmp_path: Path) -> Path:
    root = tmp_path / "content"
    shutil.copytree(settings.CONTENT_DIR, root)
    return root


@pytest.mark.slow
def test_an_unchanged_save_changes_no_row_no_version_and_no_file(staff: Client, tmp_path: Path) -> None:
    skill = multi_line_skill()
    before, stamp, version = model_to_dict(skill), skill.updated_at, content_version()
    browser_save(staff, skill)
    skill.refresh_from_db()
    assert model_to_dict(skill) == before
    assert skill.updated_at == stamp
    assert content_version() == version
    root = content_copy(tmp_path)
    assert dump_content(root) == 0
    load_content(root)  # no "edited in the admin since the last load" refusal


@pytest.mark.slow
def test_an_unchanged_save_of_a_table_and_its_rows_changes_nothing(staff: Client, tmp_path: Path) -> None:
    table = GameTable.objects.filter(rows__effect_en__contains="\n").distinct().first() or GameTable.objects.first()
    assert table is not None
    rows = [model_to_dict(row) for row in table.rows.all()]
    browser_save(staff, table)
    assert [model_to_dict(row) for row in table.rows.all()] == rows
    assert dump_content(content_copy(tmp_path)) == 0


@pytest.mark.slow
def test_a_one_language_edit_dumps_as_a_change_to_that_language_only(staff: Client, tmp_path: Path) -> None:
    skill = multi_line_skill()
    old_es = skill.text_es
    new_es = old_es.rstrip("\n") + "\n\nUna frase añadida por un editor.\n"
    browser_save(staff, skill, {"text_es": new_es.replace("\n", "\r\n")})
    skill.refresh_from_db()
    assert skill.text_es == new_es
    root = content_copy(tmp_path)
    path = root / skill.ruleset.key / "skills" / f"{skill.slug}.toml"
    original = path.read_text(encoding="utf-8")
    assert dump_content(root) == 1
    dumped = path.read_text(encoding="utf-8")
    old_data, new_data = tomllib.loads(original), tomllib.loads(dumped)
    assert new_data["text"]["es"] == new_es
    new_data["text"]["es"] = old_es
    assert new_data == old_data
    # Textually too: put the old Spanish back and the file is the original, byte for byte.
    assert dumped.replace(new_es.rstrip("\n"), old_es.rstrip("\n")) == original
