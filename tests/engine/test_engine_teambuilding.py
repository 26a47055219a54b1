"""Drafting a team: totals, team value, every broken limit, and the cheapest legal roster."""

from __future__ import annotations

from rulebook.engine import get_edition
from rulebook.engine.teambuilding import (
    APOTHECARY,
    ASSISTANT_COACHES,
    CAPTAIN_SKILL,
    CHEERLEADERS,
    DEDICATED_FANS,
    FAN_FACTOR,
    Choice,
    PositionalOffer,
    TeamOffer,
    cheapest_legal_roster,
    price_roster,
)

LRB6 = get_edition("lrb6").team_building
BB = get_edition("bb2025").team_building

# The classic Human roster (lrb6/teams/human.toml).
HUMANS = TeamOffer(
    reroll_cost=50_000,
    apothecary_allowed=True,
    positionals=(
        PositionalOffer("lineman", 50_000, 16),
        PositionalOffer("catcher", 70_000, 4),
        PositionalOffer("thrower", 70_000, 2),
        PositionalOffer("blitzer", 90_000, 4),
        PositionalOffer("ogre", 140_000, 1, big_guy=True),
    ),
)


def keys(sheet: object) -> list[str]:
    return [problem.key for problem in sheet.problems]  # type: ignore[attr-defined]


def test_the_tutorials_human_team_adds_up() -> None:
    # Seed 001's example: 8 linemen, 2 blitzers, a thrower, a catcher, 4 re-rolls, apothecary,
    # an assistant coach, a cheerleader and one fan factor.
    choice = Choice(
        players={"lineman": 8, "blitzer": 2, "thrower": 1, "catcher": 1},
        rerolls=4,
        staff={APOTHECARY: 1, ASSISTANT_COACHES: 1, CHEERLEADERS: 1, FAN_FACTOR: 1},
    )
    sheet = price_roster(LRB6, HUMANS, choice)
    assert sheet.player_count == 12
    assert sheet.players_cost == 8 * 50_000 + 2 * 90_000 + 70_000 + 70_000 == 720_000
    assert sheet.rerolls.total == 200_000
    assert sheet.staff_cost == 50_000 + 10_000 + 10_000 + 10_000
    assert sheet.spent == 1_000_000 and sheet.treasury == 0
    # Classic team value: everything bought, fan factor included.
    assert sheet.team_value == 1_000_000
    assert sheet.legal


def test_every_broken_limit_is_listed_at_once() -> None:
    choice = Choice(players={"lineman": 5, "thrower": 3, "ogre": 1}, rerolls=9, staff={FAN_FACTOR: 10})
    sheet = price_roster(LRB6, HUMANS, choice)
    assert keys(sheet) == [
        "positional_over_max",
        "too_few_players",
        "rerolls_over_max",
        "staff_over_max",
        "over_budget",
    ]
    assert sheet.spent == 250_000 + 210_000 + 140_000 + 450_000 + 100_000
    assert sheet.problems[0].subject == "thrower" and sheet.problems[0].limit == 2
    assert sheet.problems[1].count == 9 and sheet.problems[1].limit == 11
    too_many = price_roster(LRB6, HUMANS, Choice(players={"lineman": 16, "ogre": 1}))
    assert keys(too_many) == ["too_many_players"] and too_many.problems[0].count == 17
    assert too_many.spent == 940_000


def test_over_budget_says_by_how_much() -> None:
    choice = Choice(players={"lineman": 7, "blitzer": 4}, rerolls=8)
    sheet = price_roster(LRB6, HUMANS, choice)
    assert sheet.spent == 350_000 + 360_000 + 400_000
    assert keys(sheet) == ["over_budget"] and sheet.treasury == -110_000
    assert price_roster(LRB6, HUMANS, choice, budget=1_200_000).legal


def test_the_classic_staff_has_no_limit_but_the_budget() -> None:
    rule = LRB6.staff_rule(CHEERLEADERS)
    assert rule.maximum is None and LRB6.staff_maximum(rule) == 100
    sheet = price_roster(LRB6, HUMANS, Choice(players={"lineman": 11}, staff={CHEERLEADERS: 20}))
    assert sheet.legal and sheet.staff_cost == 200_000


def test_2025_dedicated_fans_start_at_one_cost_5000_and_stay_out_of_the_team_value() -> None:
    base = price_roster(BB, HUMANS, Choice(players={"lineman": 11}))
    assert [line.count for line in base.staff if line.key == DEDICATED_FANS] == [1]
    assert base.staff_cost == 0 and base.team_value == 550_000
    three = price_roster(BB, HUMANS, Choice(players={"lineman": 11}, staff={DEDICATED_FANS: 3}))
    assert three.staff_cost == 10_000 and three.spent == 560_000 and three.team_value == 550_000
    assert keys(price_roster(BB, HUMANS, Choice(players={"lineman": 11}, staff={DEDICATED_FANS: 4}))) == [
        "staff_over_max"
    ]
    assert keys(price_roster(BB, HUMANS, Choice(players={"lineman": 11}, staff={DEDICATED_FANS: 0}))) == [
        "staff_below_start"
    ]


def test_2025_caps_assistant_coaches_and_cheerleaders_at_six() -> None:
    choice = Choice(players={"lineman": 11}, staff={ASSISTANT_COACHES: 7, CHEERLEADERS: 6})
    sheet = price_roster(BB, HUMANS, choice)
    assert keys(sheet) == ["staff_over_max"] and sheet.problems[0].subject == ASSISTANT_COACHES
    assert sheet.team_value == 550_000 + 130_000  # staff counts in the 2025 team value too
    assert price_roster(LRB6, HUMANS, choice).legal


def test_a_team_without_apothecary_cannot_hire_one() -> None:
    undead = TeamOffer(70_000, False, (PositionalOffer("zombie", 40_000, 16),))
    sheet = price_roster(LRB6, undead, Choice(players={"zombie": 11}, staff={APOTHECARY: 1}))
    assert keys(sheet) == ["apothecary_not_allowed"]
    assert LRB6.staff_maximum(LRB6.staff_rule(APOTHECARY), apothecary_allowed=False) == 0


def test_the_shared_big_guy_limit() -> None:
    renegades = TeamOffer(
        70_000,
        True,
        (
            PositionalOffer("renegade-human", 50_000, 16),
            PositionalOffer("troll", 115_000, 1, big_guy=True),
            PositionalOffer("ogre", 140_000, 1, big_guy=True),
            PositionalOffer("minotaur", 150_000, 1, big_guy=True),
            PositionalOffer("rat-ogre", 150_000, 1, big_guy=True),
        ),
        big_guys_max=3,
    )
    four = Choice(players={"renegade-human": 7, "troll": 1, "ogre": 1, "minotaur": 1, "rat-ogre": 1})
    sheet = price_roster(BB, renegades, four)
    assert keys(sheet) == ["big_guys_over_max"] and sheet.spent == 905_000
    assert sheet.problems[0].count == 4 and sheet.problems[0].limit == 3
    three = Choice(players={"renegade-human": 8, "troll": 1, "ogre": 1, "minotaur": 1})
    assert price_roster(BB, renegades, three).legal


def test_unknown_and_negative_counts_are_problems_not_crashes() -> None:
    sheet = price_roster(LRB6, HUMANS, Choice(players={"lineman": 11, "wizard": 1, "catcher": -1}, rerolls=-2))
    assert keys(sheet) == ["unknown_positional", "negative_count", "negative_count"]


def test_cheapest_legal_roster() -> None:
    choice = cheapest_legal_roster(LRB6, HUMANS)
    assert choice is not None and dict(choice.players) == {"lineman": 11}
    assert price_roster(LRB6, HUMANS, choice).spent == 550_000
    # Positional limits force the dearer players in: 2 linemen at most here.
    few = TeamOffer(
        50_000,
        True,
        (PositionalOffer("a", 10_000, 2), PositionalOffer("b", 30_000, 6), PositionalOffer("c", 20_000, 4)),
    )
    choice = cheapest_legal_roster(LRB6, few)
    assert choice is not None and dict(choice.players) == {"a": 2, "c": 4, "b": 5}
    assert price_roster(LRB6, few, choice).legal
    assert cheapest_legal_roster(LRB6, TeamOffer(50_000, True, (PositionalOffer("a", 10_000, 10),))) is None


def test_the_cheapest_roster_respects_the_big_guy_limit() -> None:
    offer = TeamOffer(
        50_000,
        True,
        (
            PositionalOffer("snot", 15_000, 9),
            PositionalOffer("troll", 20_000, 1, big_guy=True),
            PositionalOffer("ogre", 20_000, 1, big_guy=True),
            PositionalOffer("lineman", 50_000, 16),
        ),
        big_guys_max=1,
    )
    choice = cheapest_legal_roster(BB, offer)
    assert choice is not None and dict(choice.players) == {"snot": 9, "ogre": 1, "lineman": 1}
    assert price_roster(BB, offer, choice).legal


def test_both_editions_state_their_draft_rules() -> None:
    for rules in (LRB6, BB):
        assert (rules.budget, rules.min_players, rules.max_players, rules.max_rerolls) == (1_000_000, 11, 16, 8)
        assert rules.later_reroll_multiplier == 2
    assert [r.key for r in LRB6.staff] == [APOTHECARY, ASSISTANT_COACHES, CHEERLEADERS, FAN_FACTOR]
    assert [r.key for r in BB.staff] == [APOTHECARY, ASSISTANT_COACHES, CHEERLEADERS, DEDICATED_FANS]


def test_a_league_or_tournament_budget_from_1_000_000_to_1_200_000_is_allowed() -> None:
    # 7 linemen (350,000) + 4 blitzers (360,000) + 8 re-rolls (400,000) = 1,110,000.
    choice = Choice(players={"lineman": 7, "blitzer": 4}, rerolls=8)
    for rules in (LRB6, BB):
        assert keys(price_roster(rules, HUMANS, choice)) == ["over_budget"]
        tournament = price_roster(rules, HUMANS, choice, budget=1_150_000)
        assert tournament.legal and tournament.budget == 1_150_000 and tournament.treasury == 40_000
        assert price_roster(rules, HUMANS, choice, budget=1_200_000).treasury == 90_000
        too_much = price_roster(rules, HUMANS, choice, budget=1_250_000)
        assert [(p.key, p.count, p.limit) for p in too_much.problems] == [("budget_above_max", 1_250_000, 1_200_000)]
        too_little = price_roster(rules, HUMANS, Choice(players={"lineman": 11}), budget=900_000)
        assert [(p.key, p.limit) for p in too_little.problems] == [("budget_below_min", 1_000_000)]
        odd = price_roster(rules, HUMANS, Choice(players={"lineman": 11}), budget=1_105_000)
        assert [(p.key, p.limit) for p in odd.problems] == [("budget_not_a_step", 10_000)]


def test_a_forbidden_apothecary_is_not_added_to_the_cost() -> None:
    # 11 zombies at 40,000 = 440,000; the Apothecary asked for is refused and costs nothing.
    undead = TeamOffer(70_000, False, (PositionalOffer("zombie", 40_000, 16),))
    for rules in (LRB6, BB):
        sheet = price_roster(rules, undead, Choice(players={"zombie": 11}, staff={APOTHECARY: 1}))
        assert keys(sheet) == ["apothecary_not_allowed"]
        assert sheet.staff_cost == 0 and sheet.spent == 440_000 and sheet.team_value == 440_000
        assert [line.total for line in sheet.staff if line.key == APOTHECARY] == [0]


def test_a_team_whose_rules_name_a_team_captain_names_one_hired_player_who_is_not_a_big_guy() -> None:
    """2025 Team Captain (bb2025/team-rules/team-captain.toml): one player who is not a Big Guy is
    named at the draft and gains Pro; a team without the rule names nobody."""
    captained = TeamOffer(HUMANS.reroll_cost, True, HUMANS.positionals, names_captain=True)
    eleven = {"lineman": 7, "blitzer": 2, "thrower": 1, "ogre": 1}
    assert CAPTAIN_SKILL == "pro"
    assert keys(price_roster(BB, captained, Choice(players={}))) == ["too_few_players"]  # nobody to name yet
    assert "no_captain" in keys(price_roster(BB, captained, Choice(players=eleven)))
    big = price_roster(BB, captained, Choice(players=eleven, captain="ogre"))
    assert "captain_big_guy" in keys(big) and big.captain == ""
    absent = price_roster(BB, captained, Choice(players=eleven, captain="catcher"))
    assert "captain_not_hired" in keys(absent) and absent.captain == ""
    assert "unknown_positional" in keys(price_roster(BB, captained, Choice(players=eleven, captain="wizard")))
    named = price_roster(BB, captained, Choice(players=eleven, captain="blitzer"))
    assert named.captain == "blitzer" and not {"no_captain", "captain_big_guy", "captain_not_hired"} & set(keys(named))
    assert named.spent == price_roster(BB, captained, Choice(players=eleven)).spent  # Pro at no extra cost
    uncaptained = price_roster(BB, HUMANS, Choice(players=eleven, captain="blitzer"))
    assert "captain_not_in_rules" in keys(uncaptained) and uncaptained.captain == ""
    assert "no_captain" not in keys(price_roster(BB, HUMANS, Choice(players=eleven)))
