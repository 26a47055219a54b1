"""Teams and positionals are found by search in every language (their documents are built in
rulebook/search/documents.py; ranking is the search's own)."""

from __future__ import annotations

import pytest
from django.test import Client

from rulebook.models import TeamRule
from rulebook.search.relevance import result_key
from rulebook.search.results import search

pytestmark = pytest.mark.django_db


def top(query: str, lang: str, n: int = 5, **options: str) -> list[str]:
    return [result_key(r) for r in search(query, lang, **options)][:n]


@pytest.mark.parametrize(
    ("query", "lang", "expected"),
    [
        ("goblin", "en", "team:goblin"),
        ("goblins", "es", "team:goblin"),
        ("gobelins", "fr", "team:goblin"),
        ("goblin", "it", "team:goblin"),
        ("elfes noirs", "fr", "team:dark-elf"),
        ("elfi oscuri", "it", "team:dark-elf"),
        ("elfos oscuros", "es", "team:dark-elf"),
        ("dark elf", "en", "team:dark-elf"),
        ("nani del caos", "it", "team:chaos-dwarf"),
        ("nordiques", "fr", "team:norse"),
    ],
)
def test_teams_are_found_in_every_language(query: str, lang: str, expected: str) -> None:
    found = top(query, lang, 3)
    assert any(key.endswith(expected) for key in found), found


@pytest.mark.parametrize(
    ("query", "lang", "expected"),
    [
        ("blitzer humano", "es", "bb2025:positional:human-blitzer"),
        ("blitzer humain", "fr", "bb2025:positional:human-blitzer"),
        ("human blitzer", "en", "bb2025:positional:human-blitzer"),
        ("human blitzer", "it", "bb2025:positional:human-blitzer"),
        ("uomo di linea umani", "it", "lrb6:positional:human-lineman"),
        ("matatrolls", "es", "lrb6:positional:dwarf-troll-slayer"),
        ("tueur de trolls", "fr", "lrb6:positional:dwarf-troll-slayer"),
        ("gutter runner", "en", "lrb6:positional:skaven-gutter-runner"),
    ],
)
def test_positionals_are_found_in_every_language(query: str, lang: str, expected: str) -> None:
    assert expected in top(query, lang, 5), top(query, lang, 5)


def test_a_positional_result_opens_its_row_of_the_team_page() -> None:
    result = next(r for r in search("blitzer humano", "es") if r.kind == "positional")
    assert result.url == "/es/bb2025/teams/human/#p-blitzer"
    assert result.title == "Blitzer Humano · Humanos"


def test_the_current_edition_comes_first_for_a_team(client: Client) -> None:
    assert top("goblin", "en", 1, current="bb2025") == ["bb2025:team:goblin"]
    assert top("goblin", "en", 1, current="lrb6") == ["lrb6:team:goblin"]
    html = client.get("/fr/search/", {"q": "elfes noirs"}).content.decode()
    assert 'href="/fr/lrb6/teams/dark-elf/"' in html and 'href="/fr/bb2025/teams/dark-elf/"' in html


def test_the_api_gives_team_results(client: Client) -> None:
    results = client.get("/api/v1/search", {"q": "halfling", "lang": "it", "ruleset": "bb2025"}).json()["results"]
    assert results[0]["kind"] == "team" and results[0]["url"] == "/it/bb2025/teams/halfling/"


def test_every_league_and_team_special_rule_opens_its_anchor_on_a_team_page_that_shows_it(client: Client) -> None:
    """Each team rule is a search document of its own kind ("league", "special-rule"), on the page of
    the first team (by slug) that plays under it, at the anchor every team page gives the rule."""
    rules = TeamRule.objects.select_related("ruleset").prefetch_related("team_links__team")
    assert rules.count() == 21  # 20 of 2025, 1 classic
    for rule in rules:
        home = min(link.team.slug for link in rule.team_links.all())
        results = [r for r in search(rule.name_en, "en", limit=10) if r.kind == rule.kind and r.slug == rule.slug]
        assert results, rule.slug
        assert results[0].url == f"/en/{rule.ruleset.key}/teams/{home}/#rule-{rule.slug}"
    html = client.get("/es/bb2025/teams/snotling/").content.decode()
    assert '<section id="rule-swarming" class="team-rule">' in html


def test_team_and_team_rule_references_are_links(client: Client) -> None:
    tiers = client.get("/fr/bb2025/tables/team-tiers/").content.decode()
    assert '<a href="/fr/bb2025/teams/wood-elf/">Elfes Sylvains</a>' in tiers and "[[team:" not in tiers
    section = client.get("/en/bb2025/rules/before-the-game/").content.decode()
    assert '<a href="/en/bb2025/teams/black-orc/#rule-bribery-and-corruption">Bribery and Corruption</a>' in section
