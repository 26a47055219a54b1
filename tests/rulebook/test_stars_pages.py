"""Star player pages, the stars index and its team filter, the inducements page, the team page's
stars and inducements, the sitemap, admin saves and search by name in four languages."""

from __future__ import annotations

import re
import shutil
from html import unescape
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.utils.translation import override

from rulebook import hiring, selectors
from rulebook.contentfiles.loader import dump_content
from rulebook.models import Inducement, Ruleset, StarPlayer
from rulebook.rendering.version import content_version
from rulebook.search.results import search
from rulebook.translated import in_language

from .test_admin_saves import browser_save

pytestmark = pytest.mark.django_db

LANGS = ("es", "it", "fr", "en")


def html_of(client: Client, url: str, status: int = 200, **headers: str) -> str:
    response = client.get(url, **headers)
    assert response.status_code == status, (url, response.status_code)
    return response.content.decode()


def text_of(html: str) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


@pytest.mark.parametrize("lang", LANGS)
def test_star_pages_render_in_every_language(client: Client, lang: str) -> None:
    for url in (
        f"/{lang}/lrb6/stars/",
        f"/{lang}/bb2025/stars/",
        f"/{lang}/bb2025/stars/?team=halfling",
        f"/{lang}/lrb6/stars/brick-farth-and-grotty/",
        f"/{lang}/bb2025/stars/the-swift-twins/",
        f"/{lang}/lrb6/inducements/",
        f"/{lang}/bb2025/inducements/",
    ):
        assert f'<html lang="{lang}">' in html_of(client, url)


def test_unknown_stars_are_404_and_dreadball_has_none(client: Client) -> None:
    html_of(client, "/en/bb2025/stars/no-such-star/", 404)
    html_of(client, "/en/dreadball2/stars/", 404)


def test_a_star_page_shows_the_profile_in_the_editions_notation_and_links_his_skills(client: Client) -> None:
    html = html_of(client, "/en/bb2025/stars/griff-oberwald/")
    text = text_of(html)
    assert "300,000" in text and "Old World Classic" in text
    assert "MA ST AG PA AV Skills Griff Oberwald 7 4 2+ 3+ 9+" in text  # the 2025 targets
    assert 'href="/en/bb2025/skills/sure-feet/"' in html and "Loner (3+)" in text
    assert "Consummate Professional" in text and "Agility test" in text
    classic = text_of(html_of(client, "/es/lrb6/stars/griff-oberwald/"))
    assert "320.000" in classic and "MO FU AG AR Habilidades Griff Oberwald 7 4 4 8" in classic
    assert "Humanos" in classic


def test_a_pair_page_shows_both_players_and_that_they_are_hired_together(client: Client) -> None:
    text = text_of(html_of(client, "/fr/bb2025/stars/grak-and-crumbleberry/"))
    assert "Grak" in text and "Crumbleberry" in text and "250 000" in text
    assert "Les deux se recrutent ensemble" in text
    assert "Je Te Porte" in text  # the special rule's French name
    assert "Équipes qui peuvent recruter la paire" in text  # not "le recruter": two players
    assert "Equipos que pueden contratar a este jugador estrella" in text_of(
        html_of(client, "/es/lrb6/stars/bertha-bigfist/")
    )  # not "contratarlo": she is a woman


def test_a_star_page_lists_the_teams_that_may_hire_him_with_their_conditions(client: Client) -> None:
    current = Ruleset.objects.get(key="bb2025")
    star = selectors.star_or_404(current, "hthark-the-unstoppable")
    expected = hiring.hires(selectors.teams(current, "en"), [star], selectors.team_rule_names(current, "en"))
    html = html_of(client, "/en/bb2025/stars/hthark-the-unstoppable/")
    section = html.split('id="h-hire"')[1].split("</section>")[0]
    assert section.count("/en/bb2025/teams/") == len(expected) > 0
    # Chaos Chosen hire him through the god they may choose; Chaos Dwarfs always.
    assert "only with Favoured of Hashut" in text_of(section.split("Chaos Chosen")[1].split("</li>")[0])
    assert "only with" not in section.split("Chaos Dwarf")[1].split("</li>")[0]


def test_the_index_filters_by_team_with_a_real_link_and_an_htmx_fragment(client: Client) -> None:
    full = html_of(client, "/en/bb2025/stars/?team=halfling")
    assert 'hx-get="/en/bb2025/stars/"' in full and 'action="/en/bb2025/stars/"' in full
    assert "/en/bb2025/stars/deeproot-strongbranch/" in full and "/en/bb2025/stars/griff-oberwald/" not in full
    fragment = html_of(client, "/en/bb2025/stars/?team=halfling", HTTP_HX_REQUEST="true")
    assert "<html" not in fragment and "/en/bb2025/stars/deeproot-strongbranch/" in fragment
    current = Ruleset.objects.get(key="bb2025")
    team = selectors.find_team(current, "halfling")
    assert team is not None
    hires = hiring.hires([team], selectors.stars(current, "en"), {})
    assert fragment.count('class="team-card"') == len(hires)
    everyone = html_of(client, "/en/bb2025/stars/")
    assert everyone.count('class="team-card"') == StarPlayer.objects.filter(ruleset=current).count()


def test_an_unknown_team_answers_400_with_a_message_in_the_readers_language(client: Client) -> None:
    html = html_of(client, "/it/bb2025/stars/?team=elfi-spaziali", 400)
    assert "Nessuna squadra di questa edizione si chiama" in text_of(html)
    assert html.count('class="team-card"') == StarPlayer.objects.filter(ruleset__key="bb2025").count()


def test_a_team_page_lists_the_stars_it_may_hire_and_the_inducements_its_roster_changes(client: Client) -> None:
    current = Ruleset.objects.get(key="bb2025")
    team = selectors.find_team(current, "goblin")
    assert team is not None
    hires = hiring.hires([team], selectors.stars(current, "es"), {})
    html = html_of(client, "/es/bb2025/teams/goblin/")
    section = html.split('id="h-stars"')[1].split("</section>")[0]
    assert section.count("/es/bb2025/stars/") - 1 == len(hires) > 0  # and the link to the filtered index
    assert "/es/bb2025/stars/?team=goblin" in section
    # Fungus plays for both Goblin leagues: whichever the coach chooses, no condition; Glart only
    # for Underworld Challenge, one of the two.
    fungus = text_of(section.split("/es/bb2025/stars/fungus-the-loon/")[1].split("</li>")[0])
    glart = text_of(section.split("/es/bb2025/stars/glart-smashrip/")[1].split("</li>")[0])
    assert "solo con" not in fungus and "solo con Desafío del Inframundo" in glart
    header = html.split('<article class="team">')[1].split("</header>")[0]
    assert 'href="#h-stars"' in header and f"Jugadores estrella</span> {len(hires)}</a>" in header
    inducements = text_of(html.split('id="h-inducements"')[1].split("</section>")[0])
    assert "Sobornos : 50.000 monedas de oro, 0–6" in inducements  # the link, then its terms
    assert "Apotecarios itinerantes" not in inducements  # ordinary for a team with an Apothecary


def test_the_inducements_page_gives_prices_limits_and_who_pays_less(client: Client) -> None:
    text = text_of(html_of(client, "/en/lrb6/inducements/"))
    assert "Goblin: 50,000 gold pieces, 0–3" in text and "Halfling: 100,000 gold pieces, 0–1" in text
    assert "Teams that may not have an Apothecary" in text and "no limit of its own" in text
    spanish = text_of(html_of(client, "/es/lrb6/inducements/"))
    assert "Equipos que no pueden tener Médico" in spanish  # the classic Spanish word
    count = Inducement.objects.filter(ruleset__key="bb2025").count()
    assert html_of(client, "/en/bb2025/inducements/").count('class="team-rule inducement"') == count


def test_disputed_values_are_said_on_the_page(client: Client) -> None:
    assert "the published sources disagree on this value" in html_of(client, "/en/lrb6/stars/bertha-bigfist/")
    assert "(sources disagree)" in html_of(client, "/en/lrb6/stars/morg-n-thorg/")  # the cost
    assert "disagree on this rule" in html_of(client, "/en/bb2025/stars/withergrasp-doubledrool/")


@pytest.mark.parametrize("lang", LANGS)
def test_star_pages_carry_no_editors_notes(client: Client, lang: str) -> None:
    star = StarPlayer.objects.get(ruleset__key="bb2025", slug="withergrasp-doubledrool")
    html = html_of(client, f"/{lang}/bb2025/stars/{star.slug}/")
    assert star.translator_note and star.translator_note[:40] not in html
    assert "BBBase" not in html and "FFB" not in html


def test_the_sitemap_has_every_star_page_and_the_indexes(client: Client) -> None:
    xml = html_of(client, "/sitemap.xml")
    for star in StarPlayer.objects.select_related("ruleset"):
        assert f"/en/{star.ruleset.key}/stars/{star.slug}/" in xml
    assert "/fr/bb2025/stars/</loc>" in xml and "/it/lrb6/inducements/</loc>" in xml


@pytest.mark.parametrize("lang", LANGS)
def test_search_finds_stars_by_name_in_every_language(lang: str) -> None:
    for star in StarPlayer.objects.select_related("ruleset").filter(slug__in=["griff-oberwald", "the-swift-twins"]):
        results = search(in_language(star, "name", lang), lang, ruleset=star.ruleset.key, limit=3)
        assert (star.ruleset.key, "star", star.slug) in [(r.ruleset, r.kind, r.slug) for r in results], lang
    english = search("The Swift Twins", lang, limit=3)  # the English name is an alias
    assert ("bb2025", "star", "the-swift-twins") in [(r.ruleset, r.kind, r.slug) for r in english]
    with override(lang):
        assert english[0].url.startswith(f"/{lang}/bb2025/stars/")


@pytest.fixture
def staff(client: Client) -> Client:
    client.force_login(User.objects.create_superuser("editor", "editor@example.org", "a-long-test-password"))
    return client


def test_an_unchanged_admin_save_of_a_star_or_an_inducement_changes_nothing(staff: Client, tmp_path: Path) -> None:
    version = content_version()
    star = StarPlayer.objects.get(ruleset__key="bb2025", slug="grak-and-crumbleberry")
    inducement = Inducement.objects.get(ruleset__key="bb2025", slug="bribes")
    for obj in (star, star.players.first(), inducement):
        browser_save(staff, obj)
    assert content_version() == version
    root = tmp_path / "content"
    shutil.copytree(settings.CONTENT_DIR, root)
    assert dump_content(root) == 0
