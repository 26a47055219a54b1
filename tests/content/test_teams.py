"""The teams of both editions as loaded: counts, references, skill parameters, and that every
team's cheapest legal roster of eleven fits the draft budget."""

from __future__ import annotations

import re

import pytest

from rulebook import rosters
from rulebook.engine import get_edition
from rulebook.engine.teambuilding import cheapest_legal_roster, price_roster
from rulebook.models import GameTable, Positional, SkillParameter, StartingSkill, Team, TeamRule
from rulebook.vocab import ACCESS_CATEGORIES, BLOOD_BOWL_EDITIONS

pytestmark = pytest.mark.django_db

# ruleset: (teams, positionals, team rules, skill parameters: those of the rosters, and the three
# Hatred keywords of the 2025 star players, big-guy, dwarf, undead)
COUNTS = {"lrb6": (24, 105, 1, 0), "bb2025": (30, 159, 20, 6)}
# Rows of every table, per ruleset (the content's tables, checked against their SOURCES files).
TABLE_ROWS = {
    "lrb6": {
        "weather": 5,
        "kick-off": 11,
        "agility": 6,
        "block-dice": 5,
        "pass-range": 4,
        "injury": 3,
        "casualty": 18,
        "popularity": 3,
        "improvement-roll": 4,
        "star-player-points": 7,
        "player-value-increase": 5,
    },
    "bb2025": {
        "weather": 5,
        "kick-off": 11,
        "block-dice": 5,
        "pass-range": 4,
        "injury": 3,
        "stunty-injury": 4,
        "casualty": 5,
        "lasting-injury": 5,
        "argue-the-call": 3,
        "prayers-to-nuffle": 16,
        "popularity": 3,
        "earning-star-player-points": 7,
        "advancement": 6,
        "improvement-roll": 7,
        "player-value-increase": 8,
        "expensive-mistakes": 6,
        "characteristic-limits": 5,
        "skill-table-agility": 12,
        "skill-table-devious": 12,
        "skill-table-general": 12,
        "skill-table-mutation": 12,
        "skill-table-passing": 12,
        "skill-table-strength": 12,
        "league-points": 6,
        "team-tiers": 4,
    },
}
PLACEHOLDER = re.compile(r"\(X\+?\)$")


@pytest.mark.parametrize("ruleset", BLOOD_BOWL_EDITIONS)
def test_counts_per_ruleset(ruleset: str) -> None:
    teams, positionals, rules, parameters = COUNTS[ruleset]
    assert Team.objects.filter(ruleset__key=ruleset).count() == teams
    assert Positional.objects.filter(team__ruleset__key=ruleset).count() == positionals
    assert TeamRule.objects.filter(ruleset__key=ruleset).count() == rules
    assert SkillParameter.objects.filter(ruleset__key=ruleset).count() == parameters


@pytest.mark.parametrize("ruleset", BLOOD_BOWL_EDITIONS)
def test_table_rows_per_ruleset(ruleset: str) -> None:
    found = {t.slug: t.rows.count() for t in GameTable.objects.filter(ruleset__key=ruleset)}
    assert found == TABLE_ROWS[ruleset]


def test_the_classic_teams_include_the_three_bbrc_teams() -> None:
    slugs = set(Team.objects.filter(ruleset__key="lrb6").values_list("slug", flat=True))
    assert {"chaos-pact", "slann", "underworld"} <= slugs


def test_every_starting_skill_is_a_skill_of_the_teams_own_ruleset() -> None:
    starting = StartingSkill.objects.select_related("skill__ruleset", "positional__team__ruleset")
    wrong = [
        f"{s.positional}: {s.skill.ruleset.key}:{s.skill.slug}"
        for s in starting
        if s.skill.ruleset_id != s.positional.team.ruleset_id
    ]
    assert starting.count() > 500 and wrong == []


def test_parameters_go_with_skills_that_take_one() -> None:
    """A skill named "Loner (X+)" always gets its number, "Animosity (X)" its word; the others none."""
    problems = []
    for s in StartingSkill.objects.select_related("skill", "parameter", "positional__team__ruleset"):
        takes = bool(PLACEHOLDER.search(s.skill.name_en))
        has = bool(s.value or s.parameter_id)
        if takes != has:
            problems.append(f"{s.positional}: {s.skill.slug} {s.value or s.parameter}")
        if s.parameter_id and s.parameter.ruleset_id != s.positional.team.ruleset_id:
            problems.append(f"{s.positional}: parameter of another ruleset")
    assert problems == []


def test_access_categories_are_the_editions_and_positionals_are_well_formed() -> None:
    for positional in Positional.objects.select_related("team__ruleset"):
        allowed = set(ACCESS_CATEGORIES[positional.team.ruleset.key])
        assert set(positional.primary) | set(positional.secondary) <= allowed, positional
        assert positional.max_quantity >= 1 and positional.cost > 0, positional


def test_2025_teams_play_in_a_league_and_classic_teams_in_none() -> None:
    for team in Team.objects.select_related("ruleset").prefetch_related("rule_links__rule"):
        leagues = [link.rule for link in team.rule_links.all() if link.rule.kind == "league"]
        if team.ruleset.key == "bb2025":
            assert leagues and 1 <= team.tier <= 4, team
        else:
            assert not leagues and team.tier == 0, team


@pytest.mark.parametrize("ruleset", BLOOD_BOWL_EDITIONS)
def test_every_teams_cheapest_legal_eleven_fits_the_budget(ruleset: str) -> None:
    rules = get_edition(ruleset).team_building
    spent = {}
    for team in Team.objects.filter(ruleset__key=ruleset).prefetch_related("positionals"):
        offer = rosters.team_offer(team)
        choice = cheapest_legal_roster(rules, offer)
        assert choice is not None, f"{team}: no legal roster of {rules.min_players}"
        sheet = price_roster(rules, offer, choice)
        assert sheet.legal and sheet.player_count == 11, (team, sheet.problems)
        spent[team.slug] = sheet.spent
    assert max(spent.values()) <= rules.budget
    if ruleset == "bb2025":  # figures the 2025 SOURCES.md gives
        assert min(spent.values()) == 165_000 and spent["dwarf"] == max(spent.values()) == 770_000
