"""Reference pages in every language: rules, skills (filters), skill, tables (roll), glossary,
differences; links for readers without JavaScript; cross-links inside rules text."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from rulebook.models import GameTable, RuleSection, Skill
from tests.content_files import item_files

pytestmark = pytest.mark.django_db

LANGS = ("es", "it", "fr", "en")


def html_of(client: Client, url: str, **headers: str) -> str:
    response = client.get(url, **headers)
    assert response.status_code == 200, url
    return response.content.decode()


@pytest.mark.parametrize("lang", LANGS)
def test_every_kind_of_page_renders(client: Client, lang: str) -> None:
    chapter = RuleSection.objects.filter(ruleset__key="dreadball2", parent=None).first()
    for url in (
        f"/{lang}/lrb6/",
        f"/{lang}/lrb6/skills/",
        f"/{lang}/bb2025/skills/?kind=trait",
        f"/{lang}/lrb6/skills/dodge/",
        f"/{lang}/bb2025/skills/sidestep/",
        f"/{lang}/lrb6/tables/",
        f"/{lang}/lrb6/tables/casualty/",
        f"/{lang}/lrb6/glossary/",
        f"/{lang}/lrb6/differences/",
        f"/{lang}/dreadball2/rules/{chapter.slug}/",
    ):
        html = html_of(client, url)
        assert f'<html lang="{lang}">' in html


def test_every_htmx_link_also_has_a_real_href(client: Client) -> None:
    for url in ("/es/lrb6/skills/", "/es/lrb6/tables/weather/", "/es/"):
        html = html_of(client, url)
        for tag in re.findall(r"<a [^>]*hx-get=[^>]*>", html):
            assert 'href="' in tag, tag


def test_skills_are_sorted_by_localised_name_and_show_the_english_name(client: Client) -> None:
    html = html_of(client, "/es/lrb6/skills/")
    names = re.findall(r'skill-card__name">([^<]+)<', html)
    assert len(names) == Skill.objects.filter(ruleset__key="lrb6").count() == item_files("lrb6", "skills")
    # Spanish alphabet: accents don't count, ñ is a letter of its own after n.
    plain = str.maketrans("áéíóúü", "aeiouu")
    assert names == sorted(names, key=lambda n: n.casefold().replace("ñ", "n~").translate(plain))
    assert 'lang="en">Sure Hands<' in html


def test_skill_filter_returns_the_fragment_for_htmx(client: Client) -> None:
    full = html_of(client, "/fr/lrb6/skills/?category=mutation")
    fragment = html_of(client, "/fr/lrb6/skills/?category=mutation", HTTP_HX_REQUEST="true")
    assert "<html" in full and "<html" not in fragment
    mutations = Skill.objects.filter(ruleset__key="lrb6", category="mutation").count()
    assert fragment.count('class="skill-card"') == mutations
    # A bogus filter value is ignored, not an error.
    everything = Skill.objects.filter(ruleset__key="lrb6").count()
    assert everything == item_files("lrb6", "skills") > mutations
    assert html_of(client, "/fr/lrb6/skills/?category=<b>&kind=zzz").count('class="skill-card"') == everything


def test_skill_page_shows_counterpart_and_change_note(client: Client) -> None:
    html = html_of(client, "/en/lrb6/skills/side-step/")
    assert "/en/bb2025/skills/sidestep/" in html
    note = Skill.objects.get(ruleset__key="bb2025", slug="sidestep").change_note_en
    assert note.split()[0] in html


def test_table_roll_is_reproducible_from_its_url(client: Client) -> None:
    first = html_of(client, "/it/lrb6/tables/injury/?roll=12345")
    second = html_of(client, "/it/lrb6/tables/injury/?roll=12345")
    rolled = re.findall(r'id="(row-\d+)" class="is-rolled"', first)
    assert len(rolled) == 1
    assert rolled == re.findall(r'id="(row-\d+)" class="is-rolled"', second)


def test_every_roll_lands_on_a_row(client: Client) -> None:
    from rulebook.table_rolls import is_rollable, roll_table

    for table in GameTable.objects.prefetch_related("rows"):
        rows = list(table.rows.all())
        if not is_rollable(table, rows):
            continue
        for seed in range(200):
            assert roll_table(table, rows, seed).row is not None, (table.slug, seed)


def test_bad_roll_parameter_shows_the_table_without_a_roll(client: Client) -> None:
    html = html_of(client, "/es/lrb6/tables/weather/?roll=abc")
    assert "is-rolled" not in html


def test_rules_text_links_mentions_to_skills_of_the_same_edition(client: Client) -> None:
    html = html_of(client, "/es/lrb6/skills/tackle/")
    prose = html[html.index('<div class="prose">') :]
    assert 'href="/es/lrb6/skills/dodge/"' in prose
    assert "/bb2025/" not in prose.split("</div>")[0]


def test_mentions_are_never_linked_inside_headings(client: Client) -> None:
    html = html_of(client, "/en/lrb6/rules/blocking/")
    for heading in re.findall(r"<h[1-3][^>]*>.*?</h[1-3]>", html, flags=re.S):
        assert 'class="mention"' not in heading


def test_missing_pages_are_404_in_the_language_with_a_search_offer(client: Client) -> None:
    response = client.get("/fr/lrb6/skills/glissade-controlee/")
    assert response.status_code == 404
    html = response.content.decode()
    assert '<html lang="fr">' in html and "glissade controlee" in html
    assert "/fr/search/?q=glissade%20controlee" in html
    assert client.get("/fr/lrb6/rules/no-such-chapter/").status_code == 404
    assert client.get("/fr/lrb7/").status_code == 404
