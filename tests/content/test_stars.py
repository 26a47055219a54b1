"""The star players and inducements of both editions as loaded: counts compared with the files,
every skill of every star in his own edition, who may hire whom checked against hand-made lists
from the rosters' stars pages (rulebook/content/*/stars/SOURCES.md), and inducement prices for
the teams whose rosters change them."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from django.conf import settings

from rulebook import hiring, selectors
from rulebook.models import Inducement, Ruleset, StarPlayer, StarProfile, StarSkill, Team
from rulebook.vocab import BLOOD_BOWL_EDITIONS

pytestmark = pytest.mark.django_db


def files(ruleset: str, folder: str) -> list[dict[str, object]]:
    return [
        tomllib.loads(p.read_text(encoding="utf-8"))
        for p in (Path(settings.CONTENT_DIR) / ruleset / folder).glob("*.toml")
    ]


@pytest.mark.parametrize("ruleset", BLOOD_BOWL_EDITIONS)
def test_counts_per_edition_are_those_of_the_files(ruleset: str) -> None:
    stars = files(ruleset, "stars")
    players = [p for star in stars for p in star["players"]]  # type: ignore[attr-defined]
    assert stars, f"no {ruleset} star files"
    assert StarPlayer.objects.filter(ruleset__key=ruleset).count() == len(stars)
    assert StarProfile.objects.filter(star__ruleset__key=ruleset).count() == len(players)
    pairs = StarPlayer.objects.filter(ruleset__key=ruleset, players__position=2).count()
    assert pairs == sum(1 for star in stars if len(star["players"]) == 2)  # type: ignore[arg-type]
    assert Inducement.objects.filter(ruleset__key=ruleset).count() == len(files(ruleset, "inducements"))


def test_every_star_skill_is_a_skill_of_the_stars_own_edition() -> None:
    wrong = [
        f"{s.player}: {s.skill.ruleset.key}:{s.skill.slug}"
        for s in StarSkill.objects.select_related("skill__ruleset", "player__star__ruleset", "parameter__ruleset")
        if s.skill.ruleset_id != s.player.star.ruleset_id
        or (s.parameter is not None and s.parameter.ruleset_id != s.player.star.ruleset_id)
    ]
    assert StarSkill.objects.exists() and not wrong


def test_every_star_has_loner_and_2025_stars_their_special_rule() -> None:
    for player in StarProfile.objects.select_related("star__ruleset").prefetch_related("starting_skills__skill"):
        assert "loner" in {s.skill.slug for s in player.starting_skills.all()}, player
    for star in StarPlayer.objects.select_related("ruleset"):
        if star.ruleset.key == "bb2025":
            assert star.rule and star.rule_name_en and star.rule_text_en, star
        else:
            assert not star.rule, star  # classic stars have no special rules of their own


def hired_by(ruleset: str, team_slug: str) -> set[str]:
    current = Ruleset.objects.get(key=ruleset)
    team = selectors.find_team(current, team_slug)
    assert team is not None
    found = hiring.hires([team], selectors.stars(current, "en"), selectors.team_rule_names(current, "en"))
    return {h.star.slug for h in found}


def test_classic_teams_hire_the_stars_their_roster_page_lists() -> None:
    # LRB6 roster page of the Humans: "Helmut Wulf, Puggy Baconbreath, Mighty Zug, Zara the Slayer,
    # Griff Oberwald, Morg 'n' Thorg".
    assert hired_by("lrb6", "human") == {
        "helmut-wulf",
        "puggy-baconbreath",
        "mighty-zug",
        "zara-the-slayer",
        "griff-oberwald",
        "morg-n-thorg",
    }
    # Khemri: the only roster page without Morg.
    assert "morg-n-thorg" not in hired_by("lrb6", "khemri")
    assert "brick-farth-and-grotty" in hired_by("lrb6", "ogre")


def test_2025_teams_hire_through_their_leagues_rules_and_gods() -> None:
    human = hired_by("bb2025", "human")
    assert {"griff-oberwald", "morg-n-thorg", "akhorne-the-squirrel", "grak-and-crumbleberry"} <= human
    assert "count-luthor-von-drakenborg" not in human  # Sylvanian Spotlight only
    assert "morg-n-thorg" not in hired_by("bb2025", "vampire")  # any team but Sylvanian Spotlight
    # Favoured of…: Chaos Chosen may choose Hashut, Chaos Renegades may not.
    assert "zzharg-madeye" in hired_by("bb2025", "chaos-chosen")
    assert "zzharg-madeye" not in hired_by("bb2025", "chaos-renegade")
    assert "max-spleenripper" in hired_by("bb2025", "chaos-renegade")


def teams_of(ruleset: str, star_slug: str) -> set[str]:
    current = Ruleset.objects.get(key=ruleset)
    star = selectors.star_or_404(current, star_slug)
    found = hiring.hires(selectors.teams(current, "en"), [star], selectors.team_rule_names(current, "en"))
    return {h.team.slug for h in found}


def test_the_three_slips_of_bbbases_team_lists_are_not_followed() -> None:
    # bb2025/stars/SOURCES.md: BBBase's "Accept to play for…" lists differ from its own Plays For
    # (and jervis-ffb's playsFor) for three stars; the site follows Plays For.
    assert "gnome" in teams_of("bb2025", "morg-n-thorg")  # any team but Sylvanian Spotlight
    assert "vampire" not in teams_of("bb2025", "morg-n-thorg")
    assert "halfling" not in teams_of("bb2025", "skrorg-snowpelt")  # Halfling plays in neither league
    zug = teams_of("bb2025", "the-mighty-zug")  # Old World Classic, Worlds Edge Superleague (not 2020's)
    assert {"dwarf", "human"} <= zug and not {"amazon", "lizardmen"} & zug


@pytest.mark.parametrize("ruleset", BLOOD_BOWL_EDITIONS)
def test_every_team_may_hire_some_star(ruleset: str) -> None:
    current = Ruleset.objects.get(key=ruleset)
    teams = selectors.teams(current, "en")
    found = hiring.hires(teams, selectors.stars(current, "en"), selectors.team_rule_names(current, "en"))
    assert {h.team.slug for h in found} == {t.slug for t in teams}


def terms(ruleset: str, team_slug: str) -> dict[str, tuple[int, int]]:
    current = Ruleset.objects.get(key=ruleset)
    team = Team.objects.prefetch_related("rule_links__rule").get(ruleset=current, slug=team_slug)
    return {
        t.inducement.slug: (t.terms.cost, t.terms.maximum)
        for t in hiring.team_inducements(team, selectors.inducements(current), {})
    }


def test_inducement_prices_change_for_the_rosters_the_rulebooks_name() -> None:
    # 2025: Bribery and Corruption pays 50,000 a Bribe, up to 6, and 80,000 the Dodgy League Rep;
    # the Halfling team pays 100,000 for the Chef; Masters of Undeath may take the Mortuary Assistant.
    goblin = terms("bb2025", "goblin")
    assert goblin["bribes"] == (50_000, 6) and goblin["biased-referee"] == (80_000, 1)
    assert terms("bb2025", "halfling")["halfling-master-chef"] == (100_000, 1)
    assert "mortuary-assistant" in terms("bb2025", "shambling-undead")
    assert "mortuary-assistant" not in terms("bb2025", "human")
    # Classic: Goblins pay 50,000 a Bribe; teams without an Apothecary take Igor, not Wandering Apothecaries.
    assert terms("lrb6", "goblin")["bribes"] == (50_000, 3)
    khemri = terms("lrb6", "khemri")
    assert "igor" in khemri and "wandering-apothecaries" not in khemri
    assert "igor" not in terms("lrb6", "human")
