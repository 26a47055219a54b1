"""Team pages, the team builder and its roster sheet, skill pages' positionals, 2025 tables and
their classic counterparts, the sitemap and the teams API."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from django.utils.translation import gettext, override

from rulebook.models import GameTable, Team
from rulebook.rendering.markup import plain_text
from tests.content_files import item_files

pytestmark = pytest.mark.django_db

LANGS = ("es", "it", "fr", "en")


def html_of(client: Client, url: str, status: int = 200, **headers: str) -> str:
    response = client.get(url, **headers)
    assert response.status_code == status, (url, response.status_code)
    return response.content.decode()


@pytest.mark.parametrize("lang", LANGS)
def test_team_pages_render_in_every_language(client: Client, lang: str) -> None:
    for url in (
        f"/{lang}/lrb6/teams/",
        f"/{lang}/bb2025/teams/",
        f"/{lang}/lrb6/teams/undead/",
        f"/{lang}/bb2025/teams/chaos-renegade/",
        f"/{lang}/bb2025/teams/human/builder/",
        f"/{lang}/lrb6/teams/human/builder/sheet/?n-lineman=11",
    ):
        assert f'<html lang="{lang}">' in html_of(client, url)


def test_the_teams_list_filters_by_name_league_and_tier(client: Client) -> None:
    everything = html_of(client, "/en/bb2025/teams/")
    teams = Team.objects.filter(ruleset__key="bb2025").count()
    assert everything.count('class="team-card"') == teams == item_files("bb2025", "teams")
    elves = html_of(client, "/fr/bb2025/teams/?q=elfes")
    assert re.findall(r'team-card__name">([^<]+)<', elves) == ["Elfes Noirs", "Elfes Sylvains", "Hauts Elfes"]
    # the English name works in every language, without accents mattering
    assert "Nains du Chaos" in html_of(client, "/fr/bb2025/teams/?q=chaos dwarf")
    clash = html_of(client, "/en/bb2025/teams/?league=chaos-clash&tier=3")
    assert re.findall(r'team-card__name">([^<]+)<', clash) == ["Chaos Chosen", "Chaos Renegade", "Khorne", "Nurgle"]
    fragment = html_of(client, "/en/bb2025/teams/?tier=4", HTTP_HX_REQUEST="true")
    assert "<html" not in fragment and fragment.count('class="team-card"') == 5
    # unknown league or tier: ignored; a tier that is not a number: a message and 400
    assert html_of(client, "/en/bb2025/teams/?league=nope&tier=7").count('class="team-card"') == teams
    bad = html_of(client, "/es/bb2025/teams/?tier=dos", status=400)
    with override("es"):
        assert gettext("The tier must be a whole number.") in bad


def test_no_teams_for_dreadball_and_unknown_teams_are_404(client: Client) -> None:
    assert client.get("/en/dreadball2/teams/").status_code == 404
    assert client.get("/en/bb2025/teams/no-such-team/").status_code == 404
    assert client.get("/en/lrb6/teams/no-such-team/builder/").status_code == 404


def test_a_team_page_shows_the_roster_in_the_editions_notation(client: Client) -> None:
    classic = html_of(client, "/en/lrb6/teams/human/")
    row = re.search(r'<tr id="p-blitzer">.*?</tr>', classic, re.S).group(0)
    assert re.findall(r'class="c-stat" data-label="(\w+)">(\w+)<', row) == [
        ("MA", "7"),
        ("ST", "3"),
        ("AG", "3"),
        ("AV", "8"),
    ]
    assert "0–4" in row and "90,000" in row and 'href="/en/lrb6/skills/block/"' in row
    modern = html_of(client, "/es/bb2025/teams/human/")
    ogre = re.search(r'<tr id="p-ogre">.*?</tr>', modern, re.S).group(0)
    # Spanish 2025 abbreviations come from the glossary (MV, FU, AG, PS, AR); targets carry "+"
    assert re.findall(r'class="c-stat" data-label="(\w+)">([\w+]+)<', ogre) == [
        ("MV", "5"),
        ("FU", "5"),
        ("AG", "4+"),
        ("PS", "5+"),
        ("AR", "10+"),
    ]
    assert ">Solitario (3+)<" in ogre and 'href="/es/bb2025/skills/loner/"' in ogre
    assert "140.000" in ogre
    goblin = html_of(client, "/en/bb2025/teams/goblin/")
    looney = re.search(r'<tr id="p-looney">.*?</tr>', goblin, re.S).group(0)
    assert 'data-label="PA">–<' in looney  # no PA


def test_word_parameters_are_translated_and_leagues_and_rules_shown(client: Client) -> None:
    html = html_of(client, "/fr/bb2025/teams/chaos-renegade/")
    assert ">Animosité (tous)<" in html
    assert 'href="#rule-chaos-clash"' in html and 'id="rule-favoured-of"' in html
    with override("fr"):
        assert gettext("League and special rules") in html
    assert "Troll Slayer" not in html
    slayer = html_of(client, "/es/bb2025/teams/dwarf/")
    assert ">Odio (Troll)<" in slayer


def test_italian_2025_names_are_english_and_no_page_says_why(client: Client) -> None:
    html = html_of(client, "/it/bb2025/teams/human/")
    assert ">Human Blitzer<" in html
    team = Team.objects.get(ruleset__key="bb2025", slug="human")
    assert team.translator_note and team.translator_note[:40] not in html
    assert "translator" not in html.casefold()


def test_disputed_fields_are_said_on_the_page(client: Client) -> None:
    html = html_of(client, "/en/bb2025/teams/wood-elf/")
    treeman = re.search(r'<tr id="p-treeman">.*?</tr>', html, re.S).group(0)
    assert "sources disagree" in treeman
    assert "sources disagree" not in re.search(r'<tr id="p-lineman">.*?</tr>', html, re.S).group(0)


DISPUTE_NOTE = {
    "es": "las fuentes",
    "it": "fonti",
    "fr": "les sources publiées ne s'accordent pas",
    "en": "the published sources disagree on this value",
}


@pytest.mark.parametrize("team", ["wood-elf", "halfling", "underworld-denizens"])
@pytest.mark.parametrize("lang", ["es", "it", "fr", "en"])
def test_a_disputed_secondary_is_starred_and_explained(client: Client, team: str, lang: str) -> None:
    """Like a disputed star value: an asterisk in the cell, the sentence under the table, no bare words."""
    html = html_of(client, f"/{lang}/bb2025/teams/{team}/")
    cells = re.findall(r'<td class="c-access"[^>]*>(.*?)</td>', html, re.S)
    assert any('<span class="disputed" aria-hidden="true">*</span>' in cell for cell in cells)
    notes = re.findall(r'<p class="note"><span class="disputed">\*</span>(.*?)</p>', html, re.S)
    assert len(notes) == 1 and DISPUTE_NOTE[lang] in notes[0].replace("&#x27;", "'")
    visible = re.sub(r'<span class="visually-hidden">.*?</span>', "", html, flags=re.S)
    assert '<span class="disputed">(' not in visible


def test_the_big_guy_limit_is_on_the_page(client: Client) -> None:
    html = html_of(client, "/en/bb2025/teams/chaos-renegade/")
    assert "at most 3 Big Guys" in html
    assert html.count(">Big Guy</span>") == 4


def test_a_skill_page_lists_the_positionals_that_start_with_it(client: Client) -> None:
    html = html_of(client, "/en/bb2025/skills/loner/")
    section = re.search(r'<section aria-labelledby="h-starting">.*?</section>', html, re.S).group(0)
    assert 'href="/en/bb2025/teams/human/#p-ogre"' in section and "Loner (3+)" in section
    assert "/lrb6/" not in section  # only the edition's own teams
    classic = html_of(client, "/es/lrb6/skills/block/")
    assert 'href="/es/lrb6/teams/norse/#p-lineman"' in classic
    # no classic positional starts with Pro: no such section
    assert 'aria-labelledby="h-starting"' not in html_of(client, "/en/lrb6/skills/pro/")


def test_every_positional_link_of_a_skill_page_lands_on_its_row(client: Client) -> None:
    html = html_of(client, "/en/bb2025/skills/block/")
    links = re.findall(r'href="(/en/bb2025/teams/[a-z-]+/)#(p-[a-z-]+)"', html)
    assert len(links) > 20
    for url, anchor in links[:5]:
        assert f'id="{anchor}"' in html_of(client, url)


# --- the team builder -------------------------------------------------------------------------


def totals(html: str) -> dict[str, str]:
    block = re.search(r'<dl class="totals">.*?</dl>', html, re.S).group(0)
    return dict(re.findall(r"<dt>([^<]+)</dt><dd[^>]*>([^<]+)</dd>", block))


def test_the_builder_adds_up_the_tutorial_team(client: Client) -> None:
    query = (
        "n-lineman=8&n-blitzer=2&n-thrower=1&n-catcher=1&rerolls=4"
        "&apothecary=1&assistant_coaches=1&cheerleaders=1&fan_factor=1"
    )
    html = html_of(client, f"/en/lrb6/teams/human/builder/?{query}")
    assert totals(html) == {"Players": "12", "Spent": "1,000,000", "Treasury": "0", "Team value": "1,000,000"}
    assert "A legal team" in html


def test_the_builder_lists_every_broken_rule_in_the_readers_language(client: Client) -> None:
    html = html_of(
        client,
        "/es/bb2025/teams/chaos-renegade/builder/?n-renegade-human=7&n-troll=1&n-ogre=1&n-minotaur=1&n-rat-ogre=1&cheerleaders=7&dedicated_fans=0",
    )
    problems = re.search(r'<div class="problems">.*?</div>', html, re.S).group(0)
    items = re.findall(r"<li>([^<]+)</li>", problems)
    with override("es"):
        assert items == [
            gettext("%(count)s Big Guys: this team may have at most %(limit)s.") % {"count": "4", "limit": "3"},
            gettext("%(name)s: %(count)s, but at most %(limit)s are allowed.")
            % {"name": gettext("Cheerleaders"), "count": "7", "limit": "6"},
            gettext("%(name)s: at least %(limit)s.") % {"name": gettext("Dedicated fans"), "limit": "1"},
        ]
        assert totals(html)[gettext("Players")] == "11"


def test_2025_dedicated_fans_are_bought_but_not_counted_in_the_team_value(client: Client) -> None:
    html = html_of(client, "/en/bb2025/teams/human/builder/?n-lineman=11&dedicated_fans=3&rerolls=2")
    assert totals(html) == {"Players": "11", "Spent": "660,000", "Treasury": "340,000", "Team value": "650,000"}


def test_over_budget_and_a_team_without_apothecary(client: Client) -> None:
    html = html_of(
        client, "/en/lrb6/teams/undead/builder/?n-mummy=2&n-wight=2&n-ghoul=4&n-skeleton=3&rerolls=8&apothecary=1"
    )
    # 820,000 of players and 560,000 of re-rolls; the Apothecary asked for is refused, not paid for
    assert totals(html)["Treasury"] == "-380,000"
    assert "1,380,000 gold pieces spent: 380,000 over the budget of 1,000,000." in html
    assert "this team may not hire one" in html
    assert 'name="apothecary" value="1" min="0" max="0"' in html


def test_the_budget_is_a_field_a_tournament_may_raise_to_1_200_000(client: Client) -> None:
    # 7 linemen (350,000) + 4 blitzers (360,000) + 8 re-rolls (400,000) = 1,110,000.
    team = "n-lineman=7&n-blitzer=4&rerolls=8"
    assert totals(html_of(client, f"/en/lrb6/teams/human/builder/?{team}"))["Treasury"] == "-110,000"
    html = html_of(client, f"/en/lrb6/teams/human/builder/?budget=1150000&{team}")
    assert totals(html)["Treasury"] == "40,000" and "A legal team" in html
    assert 'name="budget" value="1150000" min="1000000" max="1200000" step="10000"' in html
    share = re.search(r'href="([^"]+)">Link to this team', html).group(1).replace("&amp;", "&")
    assert share == f"/en/lrb6/teams/human/builder/?budget=1150000&{team}"
    sheet = html_of(client, f"/en/lrb6/teams/human/builder/sheet/?budget=1150000&{team}")
    assert "<dt>Budget</dt><dd>1,150,000</dd>" in sheet
    spanish = html_of(client, f"/es/bb2025/teams/human/builder/?budget=1250000&{team}")
    assert "Un presupuesto de 1.250.000: el presupuesto inicial es como máximo 1.200.000." in spanish


def test_an_unknown_positional_in_a_link_is_said_in_the_readers_language(client: Client) -> None:
    expected = {
        "es": "Esta plantilla no tiene el jugador «dragon»: esa parte del enlace se descarta.",
        "it": "Questa squadra non ha il giocatore «dragon»: quella parte del link viene ignorata.",
        "fr": "Cette équipe n’a pas de joueur « dragon » : cette partie du lien est ignorée.",
        "en": "This roster has no player “dragon”: that part of the link is left out.",
    }
    for lang, message in expected.items():
        html = html_of(client, f"/{lang}/lrb6/teams/human/builder/?n-lineman=11&n-dragon=2", status=400)
        assert message in unescape(html), lang
        assert next(iter(totals(html).values())) == "11"  # the rest of the team is kept
    sheet = client.get("/en/bb2025/teams/human/builder/sheet/?n-lineman=11&n-wizard=1")
    assert sheet.status_code == 400 and "no player “wizard”" in unescape(sheet.content.decode())


def test_at_most_one_is_said_in_the_singular_in_four_languages(client: Client) -> None:
    expected = {
        "es": ("Médico: 2, pero se permite como máximo 1.", "Solo 1 jugador: un equipo necesita al menos 11."),
        "it": (
            "Apotecario: 2, ma ne è ammesso al massimo 1.",
            "Solo 1 giocatore: una squadra ne deve avere almeno 11.",
        ),
        "fr": (
            "Apothicaire : 2, mais 1 au plus est autorisé.",
            "Seulement 1 joueur : une équipe en compte au moins 11.",
        ),
        "en": ("Apothecary: 2, but at most 1 is allowed.", "Only 1 player: a team needs at least 11."),
    }
    for lang, (apothecaries, players) in expected.items():
        html = unescape(html_of(client, f"/{lang}/lrb6/teams/human/builder/?n-lineman=1&apothecary=2"))
        assert apothecaries in html and players in html, lang
    plural = unescape(html_of(client, "/en/bb2025/teams/human/builder/?n-lineman=3&cheerleaders=7"))
    assert "Cheerleaders: 7, but at most 6 are allowed." in plural and "Only 3 players:" in plural


def test_bad_numbers_answer_400_with_a_message_and_keep_the_rest(client: Client) -> None:
    html = html_of(client, "/fr/lrb6/teams/human/builder/?n-lineman=onze&n-blitzer=2&rerolls=%C2%B2", status=400)
    with override("fr"):
        expected = gettext("%(field)s: enter a whole number from 0 to %(max)s.") % {"field": "Trois-quarts", "max": 99}
    assert expected in html and 'name="n-blitzer" value="2"' in html
    assert client.get("/en/lrb6/teams/human/builder/?n-lineman=100000000000000000000").status_code == 400


def test_the_builder_is_a_plain_form_and_its_share_link_rebuilds_the_team(client: Client) -> None:
    html = html_of(client, "/en/bb2025/teams/human/builder/?n-lineman=10&n-ogre=1&rerolls=3&apothecary=1")
    form = re.search(r'<form class="builder"[^>]*>', html).group(0)
    assert 'method="get"' in form and 'action="/en/bb2025/teams/human/builder/"' in form and "hx-get" in form
    share = re.search(r'href="(/en/bb2025/teams/human/builder/\?[^"]+)">Link to this team', html).group(1)
    assert share.replace("&amp;", "&") == "/en/bb2025/teams/human/builder/?n-lineman=10&n-ogre=1&rerolls=3&apothecary=1"
    again = html_of(client, share.replace("&amp;", "&"))
    assert totals(again) == totals(html)
    response = client.get(
        "/en/bb2025/teams/human/builder/?n-lineman=10&n-catcher=0&n-ogre=1&rerolls=3&apothecary=1&dedicated_fans=1",
        HTTP_HX_REQUEST="true",
    )
    fragment = response.content.decode()
    assert "<html" not in fragment and 'id="builder-summary"' in fragment and 'hx-swap-oob="true"' in fragment
    # the address bar gets the short form of the team
    assert response["HX-Push-Url"] == share.replace("&amp;", "&")
    assert "novalidate" in form  # the engine, not the browser, says which limit is broken


def test_the_roster_sheet_lists_one_line_per_player(client: Client) -> None:
    html = html_of(client, "/it/lrb6/teams/human/builder/sheet/?n-lineman=9&n-blitzer=2&rerolls=2&fan_factor=1")
    rows = re.findall(r"<tr><td>(\d+)</td>", html)
    assert rows == [str(n) for n in range(1, 12)]
    assert html.count("Uomo di linea</th>") == 9 and "css/roster-print.css" in html


def test_a_2025_team_with_a_team_captain_names_him_in_the_builder_and_on_the_sheet(client: Client) -> None:
    """Human (2025) has the Team Captain rule: the builder asks which hired player who is not a Big
    Guy is named, the share link keeps him, and the sheet marks the first player of that position
    with Pro; a classic team has no such field."""
    base = "/es/bb2025/teams/human/builder/"
    team = "n-lineman=7&n-thrower=1&n-blitzer=2&n-ogre=1"  # in roster order, as the share link writes it
    html = html_of(client, f"{base}?{team}")
    field = html[html.index('<select id="f-captain" name="captain">') :]
    field = field[: field.index("</select>")]
    assert '<option value="blitzer">Blitzer Humano</option>' in field and 'value="ogre"' not in field
    with override("es"):
        missing = gettext("%(rule)s: name one player who is not a Big Guy.") % {"rule": "Capitán del equipo"}
    assert missing in html
    named = html_of(client, f"{base}?{team}&captain=blitzer")
    assert missing not in named and '<option value="blitzer" selected>' in named
    assert f"{team}&captain=blitzer".replace("&", "&amp;") in named  # the share link and the sheet's link keep him
    sheet = html_of(client, f"/es/bb2025/teams/human/builder/sheet/?{team}&captain=blitzer")
    rows = re.findall(r"<tr><td>(\d+)</td><td[^>]*>(.*?)</td><th scope=\"row\">([^<]+)</th>.*?</tr>", sheet, re.S)
    captains = [(number, name) for number, blank, name in rows if "Capitán del equipo" in blank]
    assert len(rows) == 11 and len(captains) == 1 and captains[0][1] == "Blitzer Humano"
    line = next(row for row in re.findall(r"<tr>.*?</tr>", sheet, re.S) if "Capitán del equipo" in row)
    assert plain_text(line).count("Profesional") == 1  # Pro, added to his starting skills
    assert f"Capitán del equipo: #{captains[0][0]} Blitzer Humano" in sheet
    bad = html_of(client, f"{base}?{team}&captain=ogre", status=400)
    with override("es"):
        assert gettext("%(rule)s: choose one of the players offered.") % {"rule": "Capitán del equipo"} in bad
    assert 'name="captain"' not in html_of(client, "/es/lrb6/teams/human/builder/?n-lineman=11")


def test_the_roster_sheet_has_a_print_button_that_waits_for_the_script(client: Client) -> None:
    html = html_of(client, "/fr/bb2025/teams/human/builder/sheet/?n-lineman=11")
    assert '<button type="button" class="print-button" data-print>Imprimer cette feuille</button>' in html
    assert 'class="no-print roster-sheet__print"' in html  # not on the printed page


# --- 2025 tables -----------------------------------------------------------------------------


def test_2025_tables_roll_and_show_the_classic_counterpart_both_ways(client: Client) -> None:
    html = html_of(client, "/en/bb2025/tables/kick-off/?roll=12345")
    assert 'class="roll-card"' in html and 'aria-current="true"' in html
    assert 'href="/en/lrb6/tables/kick-off/"' in html
    classic = html_of(client, "/en/lrb6/tables/kick-off/")
    assert 'href="/en/bb2025/tables/kick-off/"' in classic
    # the change note is written once, on the 2025 table, and shown on both pages
    change = GameTable.objects.get(ruleset__key="bb2025", slug="kick-off").change_note_en
    first_words = plain_text(change)[:40]
    note = re.search(r'<section class="counterparts".*?</section>', classic, re.S).group(0)
    assert first_words and first_words in unescape(re.sub(r"<[^>]+>", "", note))
    assert GameTable.objects.get(ruleset__key="lrb6", slug="kick-off").change_note_en == ""
    casualty = html_of(client, "/es/bb2025/tables/casualty/?roll=7")
    assert "D16" in casualty and 'class="is-rolled"' in casualty


# --- sitemap and API --------------------------------------------------------------------------


def test_the_sitemap_has_every_team_page_and_builder(client: Client) -> None:
    xml = client.get("/sitemap.xml").content.decode()
    assert "/es/bb2025/teams/human/" in xml and "/it/lrb6/teams/slann/builder/" in xml and "/fr/lrb6/teams/" in xml
    assert xml.count("/teams/") >= 54 * 2 * 4


def test_the_teams_api(client: Client) -> None:
    listing = client.get("/api/v1/rulesets/lrb6/teams?lang=es").json()["teams"]
    assert len(listing) == Team.objects.filter(ruleset__key="lrb6").count() == item_files("lrb6", "teams")
    assert listing[0]["name"] == "Altos Elfos"
    team = client.get("/api/v1/rulesets/bb2025/teams/human?lang=it").json()
    assert team["leagues"] == ["old-world-classic"] and team["special_rules"] == ["team-captain"]
    ogre = next(p for p in team["positionals"] if p["slug"] == "ogre")
    assert ogre["profile"] == {"ma": "5", "st": "5", "ag": "4+", "pa": "5+", "av": "10+"} and ogre["big_guy"]
    assert {"slug": "loner", "parameter": "3+"}.items() <= next(
        s for s in ogre["skills"] if s["slug"] == "loner"
    ).items()
    assert client.get("/api/v1/rulesets/bb2025/teams/nope?lang=en").status_code == 404
    assert client.get("/api/v1/rulesets/dreadball2/teams?lang=en").status_code == 404
    assert client.get("/api/v1/rulesets/bb2025/teams?lang=xx").status_code == 400


@pytest.mark.slow
@pytest.mark.content_sweep
@pytest.mark.parametrize("lang", LANGS)
def test_team_pages_carry_no_editors_notes(client: Client, lang: str) -> None:
    """No team page talks about sources or (outside Italian) about Italian names, and no
    translator note is ever shown."""
    from .test_reader_text import ITALIAN_RE, SOURCE_TALK_RE, main_text

    found = {}
    for team in Team.objects.select_related("ruleset"):
        url = f"/{lang}/{team.ruleset.key}/teams/{team.slug}/"
        text = main_text(client, url)
        match = SOURCE_TALK_RE.search(text) or (lang != "it" and ITALIAN_RE.search(text))
        if match:
            found[url] = match.group(0)
        if team.translator_note and team.translator_note in text:
            found[url] = "translator note"
    assert not found, found
