"""Drafting a team: what the gold buys and which limits a roster breaks.

Each edition states its rules as data (`Edition.team_building`): the draft budget (the standard one
and the range a league or tournament may set instead), how many players,
how many team re-rolls, and the sideline staff with their prices and limits. A team's roster
(re-roll price, apothecary allowed or not, positionals with price and maximum, a shared limit on Big
Guys) comes from the content; `price_roster` adds a choice up and lists every broken rule, and
`cheapest_legal_roster` finds the cheapest team of the minimum size.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

APOTHECARY = "apothecary"
ASSISTANT_COACHES = "assistant_coaches"
CHEERLEADERS = "cheerleaders"
FAN_FACTOR = "fan_factor"  # classic: bought in points, part of the team value
DEDICATED_FANS = "dedicated_fans"  # 2025: starts at 1, improvements bought, not in the team value
# 2025 Team Captain (a team special rule): one player who is not a Big Guy is named when the team is
# drafted and gains this skill at no extra cost.
CAPTAIN_SKILL = "pro"


@dataclass(frozen=True, slots=True)
class Problem:
    """A rule the roster breaks: a key (say, "too_few_players") and its numbers and subject."""

    key: str
    subject: str = ""  # the positional or staff key concerned, if any
    count: int = 0
    limit: int = 0


@dataclass(frozen=True, slots=True)
class StaffRule:
    """One thing besides players and re-rolls that a team may buy when it is drafted."""

    key: str
    cost: int  # per unit bought above `start`
    maximum: int | None  # None: no limit but the budget
    start: int = 0  # what every team has for free (2025 Dedicated Fans: 1)
    in_team_value: bool = True
    needs_apothecary_allowed: bool = False


@dataclass(frozen=True, slots=True)
class TeamBuildingRules:
    budget: int  # the standard draft budget
    min_players: int
    max_players: int
    max_rerolls: int
    later_reroll_multiplier: int  # a team re-roll bought after the draft costs this many times more
    staff: tuple[StaffRule, ...]
    # The budgets a league or tournament may set instead (1,100,000 to 1,200,000 are common), in
    # steps of the smallest price (gold is counted in tens of thousands).
    budget_min: int = 1_000_000
    budget_max: int = 1_200_000
    budget_step: int = 10_000

    def budget_problems(self, budget: int) -> list[Problem]:
        """What is wrong with a budget a coach sets: outside the range, or not a whole step."""
        if budget < self.budget_min:
            return [Problem("budget_below_min", "budget", budget, self.budget_min)]
        if budget > self.budget_max:
            return [Problem("budget_above_max", "budget", budget, self.budget_max)]
        if budget % self.budget_step:
            return [Problem("budget_not_a_step", "budget", budget, self.budget_step)]
        return []

    def staff_rule(self, key: str) -> StaffRule:
        return next(rule for rule in self.staff if rule.key == key)

    def staff_maximum(self, rule: StaffRule, apothecary_allowed: bool = True, budget: int | None = None) -> int:
        """The most a form should offer: the rule's limit, or what the whole budget buys."""
        if rule.needs_apothecary_allowed and not apothecary_allowed:
            return 0
        if rule.maximum is not None:
            return rule.maximum
        return rule.start + (self.budget if budget is None else budget) // rule.cost


@dataclass(frozen=True, slots=True)
class PositionalOffer:
    key: str
    cost: int
    maximum: int
    big_guy: bool = False


@dataclass(frozen=True, slots=True)
class TeamOffer:
    """What a team roster offers: its positionals, re-roll price and whether it may hire an Apothecary."""

    reroll_cost: int
    apothecary_allowed: bool
    positionals: tuple[PositionalOffer, ...]
    big_guys_max: int | None = None  # a limit shared by every Big Guy of the roster
    names_captain: bool = False  # the roster's rules name a Team Captain at the draft (2025)

    def positional(self, key: str) -> PositionalOffer:
        return next(p for p in self.positionals if p.key == key)


@dataclass(frozen=True, slots=True)
class Choice:
    """A coach's choice: players per positional, team re-rolls, staff per key (absent keys: the start)."""

    players: Mapping[str, int]
    rerolls: int = 0
    staff: Mapping[str, int] = field(default_factory=dict)
    captain: str = ""  # the positional whose first player hired is the Team Captain


@dataclass(frozen=True, slots=True)
class Line:
    key: str
    count: int
    unit_cost: int
    total: int


@dataclass(frozen=True, slots=True)
class RosterSheet:
    players: tuple[Line, ...]
    staff: tuple[Line, ...]
    rerolls: Line
    player_count: int
    players_cost: int
    staff_cost: int
    spent: int
    budget: int
    team_value: int
    problems: tuple[Problem, ...]
    captain: str = ""  # the positional of the Team Captain (its first player), when one is named and allowed

    @property
    def treasury(self) -> int:
        """What is left of the budget (negative: over budget)."""
        return self.budget - self.spent

    @property
    def legal(self) -> bool:
        return not self.problems


def staff_counts(rules: TeamBuildingRules, choice: Choice) -> dict[str, int]:
    return {rule.key: int(choice.staff.get(rule.key, rule.start)) for rule in rules.staff}


def price_roster(rules: TeamBuildingRules, team: TeamOffer, choice: Choice, budget: int | None = None) -> RosterSheet:
    """Add up a choice and list every rule it breaks (all of them, not the first)."""
    budget = rules.budget if budget is None else budget
    problems = rules.budget_problems(budget)
    unknown = sorted(set(choice.players) - {p.key for p in team.positionals})
    problems += [Problem("unknown_positional", key) for key in unknown]
    player_lines = []
    for offer in team.positionals:
        count = int(choice.players.get(offer.key, 0))
        if count < 0:
            problems.append(Problem("negative_count", offer.key, count, 0))
            count = 0
        elif count > offer.maximum:
            problems.append(Problem("positional_over_max", offer.key, count, offer.maximum))
        player_lines.append(Line(offer.key, count, offer.cost, count * offer.cost))
    player_count = sum(line.count for line in player_lines)
    if player_count < rules.min_players:
        problems.append(Problem("too_few_players", "", player_count, rules.min_players))
    if player_count > rules.max_players:
        problems.append(Problem("too_many_players", "", player_count, rules.max_players))
    big_guys = sum(line.count for line, offer in zip(player_lines, team.positionals, strict=True) if offer.big_guy)
    if team.big_guys_max is not None and big_guys > team.big_guys_max:
        problems.append(Problem("big_guys_over_max", "", big_guys, team.big_guys_max))
    reroll_count = max(choice.rerolls, 0)
    if choice.rerolls < 0:
        problems.append(Problem("negative_count", "rerolls", choice.rerolls, 0))
    elif choice.rerolls > rules.max_rerolls:
        problems.append(Problem("rerolls_over_max", "rerolls", choice.rerolls, rules.max_rerolls))
    rerolls = Line("rerolls", reroll_count, team.reroll_cost, reroll_count * team.reroll_cost)
    staff_lines = []
    in_value = 0
    counts = staff_counts(rules, choice)
    for rule in rules.staff:
        count = counts[rule.key]
        bought = count - rule.start
        forbidden = rule.needs_apothecary_allowed and not team.apothecary_allowed
        if forbidden and count:
            problems.append(Problem("apothecary_not_allowed", rule.key, count, 0))
        elif bought < 0:
            problems.append(Problem("staff_below_start", rule.key, count, rule.start))
        elif rule.maximum is not None and count > rule.maximum:
            problems.append(Problem("staff_over_max", rule.key, count, rule.maximum))
        cost = 0 if forbidden else max(bought, 0) * rule.cost  # what may not be hired is not paid for
        staff_lines.append(Line(rule.key, count, rule.cost, cost))
        in_value += cost if rule.in_team_value else 0
    captain, captain_problems = _captain(team, choice, {line.key: line.count for line in player_lines})
    problems += captain_problems
    players_cost = sum(line.total for line in player_lines)
    staff_cost = sum(line.total for line in staff_lines)
    spent = players_cost + rerolls.total + staff_cost
    if spent > budget:
        problems.append(Problem("over_budget", "", spent, budget))
    return RosterSheet(
        players=tuple(player_lines),
        staff=tuple(staff_lines),
        rerolls=rerolls,
        player_count=player_count,
        players_cost=players_cost,
        staff_cost=staff_cost,
        spent=spent,
        budget=budget,
        team_value=players_cost + rerolls.total + in_value,
        problems=tuple(problems),
        captain=captain,
    )


def _captain(team: TeamOffer, choice: Choice, counts: Mapping[str, int]) -> tuple[str, list[Problem]]:
    """The Team Captain's positional and what is wrong with the choice: a team whose rules name one
    must name a hired player who is not a Big Guy (once it has players); other teams name none."""
    if not team.names_captain:
        return "", [Problem("captain_not_in_rules", choice.captain)] if choice.captain else []
    if not choice.captain:
        return "", [Problem("no_captain")] if sum(counts.values()) else []
    offer = next((p for p in team.positionals if p.key == choice.captain), None)
    if offer is None:
        return "", [Problem("unknown_positional", choice.captain)]
    if offer.big_guy:
        return "", [Problem("captain_big_guy", offer.key)]
    if not counts.get(offer.key):
        return "", [Problem("captain_not_hired", offer.key)]
    return offer.key, []


def cheapest_legal_roster(rules: TeamBuildingRules, team: TeamOffer, size: int | None = None) -> Choice | None:
    """The cheapest choice of `size` players (the edition's minimum by default) within every
    positional limit and the Big Guy limit, with no re-roll and no staff (and a Team Captain where
    the team's rules name one); None if no such team."""
    size = rules.min_players if size is None else size
    counts: dict[str, int] = {}
    big_guys = 0
    for offer in sorted(team.positionals, key=lambda p: (p.cost, p.key)):
        room = size - sum(counts.values())
        take = min(offer.maximum, room)
        if offer.big_guy and team.big_guys_max is not None:
            take = min(take, team.big_guys_max - big_guys)
            big_guys += take
        if take > 0:
            counts[offer.key] = take
    if sum(counts.values()) < size:
        return None
    # a team whose rules name a Team Captain is legal only with one: the first hired who is no Big Guy
    big = {p.key for p in team.positionals if p.big_guy}
    captain = next((key for key in counts if key not in big), "") if team.names_captain else ""
    return Choice(players=counts, captain=captain)
