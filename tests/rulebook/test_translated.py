"""in_language: a translated field in one language, with the fallbacks the call sites had (no
other language, ever; an empty column reads as the default; an unknown field is an error except
for the template filters)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.template import Context, Template
from django.utils.translation import override

from rulebook.models import Skill
from rulebook.translated import all_languages, column, in_language, set_in_language


def item(**columns: str | None) -> SimpleNamespace:
    return SimpleNamespace(**columns)


def test_the_language_asked_for_and_no_other() -> None:
    skill = item(name_es="Esquivar", name_it="", name_fr=None, name_en="Dodge")
    assert in_language(skill, "name", "es") == "Esquivar"
    # An empty or NULL column is a gap the translation report shows, never the English name.
    assert in_language(skill, "name", "it") == ""
    assert in_language(skill, "name", "fr") == ""


def test_an_empty_column_reads_as_the_default() -> None:
    link = item(title_es="", title_en="Blocking")
    assert in_language(link, "title", "es", default="blocking") == "blocking"
    assert in_language(link, "title", "en", default="blocking") == "Blocking"


def test_an_unknown_field_or_language_is_an_error() -> None:
    skill = item(name_es="Esquivar")
    with pytest.raises(AttributeError):
        in_language(skill, "title", "es")
    with pytest.raises(AttributeError):
        in_language(skill, "name", "de")


def test_missing_ok_reads_anything_as_the_default() -> None:
    assert in_language("", "name", "es", missing_ok=True) == ""
    assert in_language(None, "name", "es", "–", missing_ok=True) == "–"
    assert in_language(item(name_es="Esquivar"), "name", "es", missing_ok=True) == "Esquivar"


def test_all_languages_in_order_with_gaps_empty() -> None:
    term = item(term_es="Placaje", term_it="Blocco", term_fr=None, term_en="Block")
    found = all_languages(term, "term")
    assert list(found) == ["es", "it", "fr", "en"]
    assert found == {"es": "Placaje", "it": "Blocco", "fr": "", "en": "Block"}


def test_column_and_set_name_the_same_column() -> None:
    row = item()
    set_in_language(row, "effect", "fr", "Le joueur est Sonné.")
    assert column("effect", "fr") == "effect_fr"
    assert row.effect_fr == "Le joueur est Sonné." and in_language(row, "effect", "fr") == "Le joueur est Sonné."


@pytest.mark.django_db
def test_a_real_skill_in_each_language() -> None:
    skill = Skill.objects.get(ruleset__key="lrb6", slug="dodge")
    assert in_language(skill, "name", "en") == "Dodge"
    assert in_language(skill, "name", "es") == skill.name_es != "Dodge"


@pytest.mark.django_db
def test_the_template_filters_tolerate_anything() -> None:
    skill = Skill.objects.get(ruleset__key="lrb6", slug="dodge")
    template = Template(
        '{% load rules %}[{{ skill|localized:"name" }}|{{ skill|field_in:"name:en" }}|{{ nothing|localized:"name" }}]'
    )
    with override("fr"):
        text = template.render(Context({"skill": skill}))
    assert text == f"[{skill.name_fr}|Dodge|]"
