"""Who may hire a star and what an inducement costs one team, worked by hand from the rules text
(rulebook/content/*/stars/SOURCES.md and */inducements/SOURCES.md give the sources)."""

from __future__ import annotations

from rulebook.engine import (
    InducementOffer,
    PriceModifier,
    StarTerms,
    TeamFacts,
    conditions,
    hiring_routes,
    inducement_terms,
)

HUMAN_2025 = TeamFacts("human", leagues=frozenset({"old-world-classic"}), special_rules=frozenset({"team-captain"}))
CHAOS_DWARF = TeamFacts(
    "chaos-dwarf", leagues=frozenset({"badlands-brawl", "chaos-clash"}), special_rules=frozenset({"favoured-of-hashut"})
)
CHOSEN = TeamFacts(
    "chaos-chosen",
    leagues=frozenset({"chaos-clash"}),
    special_rules=frozenset({"favoured-of"}),
    favoured_choices=frozenset({"hashut", "khorne", "nurgle", "slaanesh", "tzeentch", "undivided"}),
)
RENEGADE = TeamFacts(
    "chaos-renegade",
    leagues=frozenset({"chaos-clash"}),
    special_rules=frozenset({"favoured-of"}),
    favoured_choices=frozenset({"khorne", "nurgle", "slaanesh", "tzeentch", "undivided"}),
)
VAMPIRE = TeamFacts(
    "vampire", leagues=frozenset({"sylvanian-spotlight"}), special_rules=frozenset({"masters-of-undeath"})
)


def test_a_classic_star_plays_for_the_teams_he_names() -> None:
    griff = StarTerms(teams=frozenset({"human"}))
    assert hiring_routes(TeamFacts("human"), griff) == ("human",)
    assert hiring_routes(TeamFacts("orc"), griff) == ()


def test_a_2025_star_plays_for_his_leagues_and_special_rules() -> None:
    griff = StarTerms(rules=frozenset({"old-world-classic"}))
    assert hiring_routes(HUMAN_2025, griff) == ("old-world-classic",)
    assert hiring_routes(CHAOS_DWARF, griff) == ()
    # H'thark: Badlands Brawl or Favoured of Hashut; a Chaos Dwarf team has both.
    hthark = StarTerms(rules=frozenset({"badlands-brawl", "favoured-of-hashut"}))
    assert hiring_routes(CHAOS_DWARF, hthark) == ("badlands-brawl", "favoured-of-hashut")


def test_a_team_that_chooses_its_god_may_hire_the_stars_of_the_gods_it_may_choose() -> None:
    zzharg = StarTerms(rules=frozenset({"favoured-of-hashut"}))
    assert hiring_routes(CHOSEN, zzharg) == ("favoured-of-hashut",)
    assert hiring_routes(RENEGADE, zzharg) == ()  # Renegades may not choose Hashut
    max_spleenripper = StarTerms(rules=frozenset({"favoured-of-khorne"}))
    assert hiring_routes(RENEGADE, max_spleenripper) == ("favoured-of-khorne",)


def test_any_team_but_those_excluded() -> None:
    morg = StarTerms(any_team=True, excluded=frozenset({"sylvanian-spotlight"}))
    assert hiring_routes(HUMAN_2025, morg) == ("any",)
    assert hiring_routes(VAMPIRE, morg) == ()
    # A team with two leagues, one excluded, may hire him when it plays in the other.
    both = TeamFacts("x", leagues=frozenset({"sylvanian-spotlight", "old-world-classic"}))
    assert hiring_routes(both, morg) == ("old-world-classic",)
    assert hiring_routes(HUMAN_2025, StarTerms(any_team=True)) == ("any",)


BRIBES_2025 = InducementOffer(100_000, 3, modifiers=(PriceModifier(50_000, 6, rule="bribery-and-corruption"),))
BRIBES_LRB6 = InducementOffer(100_000, 3, modifiers=(PriceModifier(50_000, 3, team="goblin"),))


def test_bribes_cost_less_for_bribery_and_corruption_and_for_classic_goblins() -> None:
    goblin_2025 = TeamFacts("goblin", special_rules=frozenset({"bribery-and-corruption"}))
    terms = inducement_terms(goblin_2025, BRIBES_2025)
    assert terms is not None and (terms.cost, terms.maximum, terms.changed_by) == (50_000, 6, "bribery-and-corruption")
    terms = inducement_terms(HUMAN_2025, BRIBES_2025)
    assert terms is not None and (terms.cost, terms.maximum, terms.changed_by) == (100_000, 3, "")
    terms = inducement_terms(TeamFacts("goblin"), BRIBES_LRB6)
    assert terms is not None and (terms.cost, terms.maximum) == (50_000, 3)


def test_apothecary_inducements_follow_the_roster() -> None:
    wandering = InducementOffer(100_000, 2, available="apothecary")
    igor = InducementOffer(100_000, 1, available="no-apothecary")
    khemri = TeamFacts("khemri", apothecary=False)
    assert inducement_terms(khemri, wandering) is None
    assert inducement_terms(khemri, igor) is not None
    assert inducement_terms(TeamFacts("human"), igor) is None


def test_special_rule_inducements_need_the_rule_or_the_choice() -> None:
    plague_doctor = InducementOffer(100_000, 1, available="special-rule", requires=frozenset({"favoured-of-nurgle"}))
    nurgle = TeamFacts("nurgle", special_rules=frozenset({"favoured-of-nurgle"}))
    assert inducement_terms(nurgle, plague_doctor) is not None
    terms = inducement_terms(CHOSEN, plague_doctor)
    assert terms is not None and terms.needs == ("favoured-of-nurgle",)
    assert inducement_terms(HUMAN_2025, plague_doctor) is None


def test_a_condition_is_shown_only_when_the_team_could_do_without_the_route() -> None:
    # Chaos Dwarfs play in two leagues: a Badlands Brawl star needs that league, but H'thark also
    # comes through Favoured of Hashut, a rule of the roster, so he needs nothing.
    assert conditions(CHAOS_DWARF, ("badlands-brawl",)) == ("badlands-brawl",)
    assert conditions(CHAOS_DWARF, ("badlands-brawl", "favoured-of-hashut")) == ()
    assert conditions(HUMAN_2025, ("old-world-classic",)) == ()  # its only league
    # A star of both Chaos Dwarf leagues: whichever the coach chooses, he may hire him.
    assert conditions(CHAOS_DWARF, ("badlands-brawl", "chaos-clash")) == ()
    assert conditions(CHOSEN, ("favoured-of-nurgle",)) == ("favoured-of-nurgle",)  # if it chose Nurgle
    assert conditions(HUMAN_2025, ("any",)) == ()
    assert conditions(TeamFacts("human"), ("human",)) == ()
