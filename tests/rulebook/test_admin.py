"""The admin: tabbed translation forms for every model and the completeness page."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(client: Client) -> Client:
    User.objects.create_superuser("editor", "editor@example.org", "a-long-test-password")
    client.login(username="editor", password="a-long-test-password")
    return client


def test_completeness_page_lists_every_ruleset_kind_and_language(staff: Client) -> None:
    html = staff.get("/admin/translation-report/").content.decode()
    for key in ("lrb6", "bb2025", "dreadball2"):
        assert f"<td>{key}</td>" in html
    assert "<td>es</td>" in html and "<td>trait</td>" in html


def test_completeness_page_needs_staff(client: Client) -> None:
    response = client.get("/admin/translation-report/")
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


@pytest.mark.parametrize(
    "model",
    [
        "skill",
        "rulesection",
        "gametable",
        "glossaryterm",
        "rulevariant",
        "figure",
        "ruleset",
        "team",
        "positional",
        "teamrule",
        "skillparameter",
    ],
)
def test_change_forms_have_a_field_per_language(staff: Client, model: str) -> None:
    from django.apps import apps

    obj = apps.get_model("rulebook", model).objects.first()
    html = staff.get(f"/admin/rulebook/{model}/{obj.pk}/change/").content.decode()
    for lang in ("es", "it", "fr", "en"):
        assert f"_{lang}" in html
    assert "tabbed_translation_fields.js" in html
    assert "jquery-ui-1.14.2.min.js" in html  # vendored, no CDN


@pytest.mark.parametrize("model", ["skill", "glossaryterm"])
def test_translator_note_and_aliases_are_edited_in_the_admin(staff: Client, model: str) -> None:
    from django.apps import apps

    obj = apps.get_model("rulebook", model).objects.exclude(translator_note="").first()
    html = staff.get(f"/admin/rulebook/{model}/{obj.pk}/change/").content.decode()
    assert 'name="translator_note"' in html and 'name="aliases"' in html
    assert 'name="name_note_es"' not in html


def test_a_team_is_edited_with_its_positionals_and_a_positional_with_its_skills(staff: Client) -> None:
    from rulebook.models import Positional, Team

    team = Team.objects.get(ruleset__key="bb2025", slug="human")
    html = staff.get(f"/admin/rulebook/team/{team.pk}/change/").content.decode()
    assert "positionals-TOTAL_FORMS" in html and 'value="Human Blitzer"' in html
    assert "translator_note" in html
    blitzer = Positional.objects.get(team=team, slug="blitzer")
    html = staff.get(f"/admin/rulebook/positional/{blitzer.pk}/change/").content.decode()
    assert "starting_skills-TOTAL_FORMS" in html
