"""The team builder's reading and pricing, as plain data (a Django-free module: the phone runs it
too, from the offline pack): a coach's choice read from a query string for one team's roster
(TeamData, which rosters.py reads from the content), priced by the engine
(rulebook/engine/teambuilding.py holds every number and limit), and each broken rule in the
reader's language."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .engine import (
    APOTHECARY,
    ASSISTANT_COACHES,
    CHEERLEADERS,
    DEDICATED_FANS,
    FAN_FACTOR,
    Choice,
    PositionalOffer,
    Problem,
    RosterSheet,
    TeamBuildingRules,
    TeamOffer,
    get_edition,
    price_roster,
)
from .portable.i18n import Lazy, gettext_lazy, ngettext, pgettext_lazy
from .portable.i18n import gettext as _
from .portable.numbers import num
from .portable.queries import QueryError, query_int, query_text

# The most a builder field accepts: beyond the rules (the engine says which rule breaks), but bounded.
MAX_FIELD = 99
MAX_BUDGET = 99_000_000
PLAYER_PREFIX = "n-"  # a positional's count: n-<slug>
MAX_UNKNOWN_SHOWN = 5  # a made-up link may name any number of players: say the first few

# Staff names per edition: the classic Spanish books call the Apothecary "Médico", the 2025 ones
# "Apotecario" (our glossaries).
STAFF_LABELS: dict[tuple[str, str], Lazy] = {
    ("lrb6", APOTHECARY): pgettext_lazy("classic rules", "Apothecary"),
    ("bb2025", APOTHECARY): pgettext_lazy("2025 rules", "Apothecary"),
    ("lrb6", ASSISTANT_COACHES): gettext_lazy("Assistant coaches"),
    ("bb2025", ASSISTANT_COACHES): gettext_lazy("Assistant coaches"),
    ("lrb6", CHEERLEADERS): gettext_lazy("Cheerleaders"),
    ("bb2025", CHEERLEADERS): gettext_lazy("Cheerleaders"),
    ("lrb6", FAN_FACTOR): gettext_lazy("Fan factor"),
    ("bb2025", DEDICATED_FANS): gettext_lazy("Dedicated fans"),
}


def staff_label(ruleset: str, key: str) -> str:
    return str(STAFF_LABELS[(ruleset, key)])


@dataclass(frozen=True)
class PositionalData:
    slug: str
    name: str  # in the reader's language
    cost: int
    max_quantity: int
    big_guy: bool = False


@dataclass(frozen=True)
class TeamData:
    """What the builder needs of a team's roster (the content's Team and Positionals)."""

    ruleset: str
    reroll_cost: int
    apothecary: bool
    big_guys_max: int | None
    positionals: tuple[PositionalData, ...]
    captain_rule: str = ""  # the team special rule naming a Team Captain, in the language ("" when none)
    captain_skill: str = ""  # the skill the captain gains, in the language


def team_offer(team: TeamData) -> TeamOffer:
    return TeamOffer(
        reroll_cost=team.reroll_cost,
        apothecary_allowed=team.apothecary,
        positionals=tuple(PositionalOffer(p.slug, p.cost, p.max_quantity, p.big_guy) for p in team.positionals),
        big_guys_max=team.big_guys_max,
        names_captain=bool(team.captain_rule),
    )


def player_field(slug: str) -> str:
    return f"{PLAYER_PREFIX}{slug}"


@dataclass(frozen=True)
class BuilderField:
    name: str  # the query parameter
    label: str
    value: int
    maximum: int  # what the rules allow (the input's max)
    minimum: int = 0
    unit_cost: int = 0
    note: str = ""  # e.g. "0–4", "no limit", "not allowed"
    big_guy: bool = False


@dataclass
class Builder:
    """A coach's choice for one team, read from a query string, and what it costs."""

    team: TeamData
    rules: TeamBuildingRules
    budget: BuilderField
    players: list[BuilderField]
    rerolls: BuilderField
    staff: list[BuilderField]
    sheet: RosterSheet
    errors: list[str]  # fields that could not be read (a translated message each)
    captain: Captain | None = None  # the Team Captain, when the team's rules name one

    @property
    def fields(self) -> list[BuilderField]:
        return [self.budget, *self.players, self.rerolls, *self.staff]

    @property
    def query(self) -> str:
        """The choice as a query string (for the share link and the printable sheet): only what
        differs from an empty roster on the standard budget."""
        parts = [f"{f.name}={f.value}" for f in self.fields if f.value != f.minimum]
        if self.captain and self.captain.chosen:
            parts.append(f"captain={self.captain.chosen}")
        return "&".join(parts)


@dataclass(frozen=True)
class Captain:
    """The Team Captain's choice: the rule's name, the positionals offered (slug, name), the one chosen."""

    rule: str
    choices: tuple[tuple[str, str], ...]
    chosen: str
    skill: str  # the skill the captain gains, in the reader's language


def _captain(
    team: TeamData, players: list[BuilderField], params: Mapping[str, str], errors: list[str]
) -> Captain | None:
    if not team.captain_rule:
        return None
    # A Big Guy is never offered: the engine would refuse him (captain_big_guy).
    choices = tuple((f.name.removeprefix(PLAYER_PREFIX), f.label) for f in players if not f.big_guy)
    chosen = query_text(params, "captain", 60)
    if chosen and chosen not in {slug for slug, _label in choices}:
        errors.append(_("%(rule)s: choose one of the players offered.") % {"rule": team.captain_rule})
        chosen = ""
    return Captain(team.captain_rule, choices, chosen, team.captain_skill)


def _read(
    params: Mapping[str, str], name: str, default: int, label: str, errors: list[str], most: int = MAX_FIELD
) -> int:
    try:
        return query_int(params, name, 0, most, default)
    except QueryError:
        errors.append(_("%(field)s: enter a whole number from 0 to %(max)s.") % {"field": label, "max": num(most)})
        return default


def unknown_players(params: Mapping[str, str], team: TeamData) -> list[str]:
    """A message for each player a link names that the roster does not have (an old or mistyped
    link, or one made for another team): said, not silently dropped."""
    known = {player_field(p.slug) for p in team.positionals}
    unknown = sorted(name for name in params if name.startswith(PLAYER_PREFIX) and name not in known)
    return [
        _("This roster has no player “%(name)s”: that part of the link is left out.")
        % {"name": name.removeprefix(PLAYER_PREFIX)[:40]}
        for name in unknown[:MAX_UNKNOWN_SHOWN]
    ]


def budget_field(rules: TeamBuildingRules, params: Mapping[str, str], errors: list[str]) -> BuilderField:
    label = _("Budget")
    value = _read(params, "budget", rules.budget, label, errors, MAX_BUDGET)
    note = _("%(min)s to %(max)s") % {"min": num(rules.budget_min), "max": num(rules.budget_max)}
    return BuilderField("budget", label, value, rules.budget_max, minimum=rules.budget, note=note)


def build(team: TeamData, params: Mapping[str, str], lang: str) -> Builder:
    edition = get_edition(team.ruleset)
    rules = edition.team_building
    errors: list[str] = []
    budget = budget_field(rules, params, errors)
    players = []
    for positional in team.positionals:
        name = positional.name
        value = _read(params, player_field(positional.slug), 0, name, errors)
        players.append(
            BuilderField(
                player_field(positional.slug),
                name,
                value,
                positional.max_quantity,
                unit_cost=positional.cost,
                note=f"0–{positional.max_quantity}",
                big_guy=positional.big_guy,
            )
        )
    reroll_label = _("Team re-rolls")
    rerolls = BuilderField(
        "rerolls",
        reroll_label,
        _read(params, "rerolls", 0, reroll_label, errors),
        rules.max_rerolls,
        unit_cost=team.reroll_cost,
        note=f"0–{rules.max_rerolls}",
    )
    staff = []
    for rule in rules.staff:
        label = staff_label(team.ruleset, rule.key)
        maximum = rules.staff_maximum(rule, team.apothecary, budget.value)
        if rule.needs_apothecary_allowed and not team.apothecary:
            note = _("not allowed for this team")
        elif rule.maximum is None:
            note = _("no limit but the budget")
        else:
            note = f"{rule.start}–{rule.maximum}"
        staff.append(
            BuilderField(
                rule.key,
                label,
                _read(params, rule.key, rule.start, label, errors),
                maximum,
                minimum=rule.start,
                unit_cost=rule.cost,
                note=note,
            )
        )
    errors += unknown_players(params, team)
    captain = _captain(team, players, params, errors)
    choice = Choice(
        players={f.name.removeprefix(PLAYER_PREFIX): f.value for f in players},
        rerolls=rerolls.value,
        staff={f.name: f.value for f in staff},
        captain=captain.chosen if captain else "",
    )
    sheet = price_roster(rules, team_offer(team), choice, budget.value)
    return Builder(team, rules, budget, players, rerolls, staff, sheet, errors, captain)


def problem_text(problem: Problem, builder: Builder) -> str:
    """What a broken rule means, in the reader's language."""
    names = {f.name.removeprefix(PLAYER_PREFIX): f.label for f in builder.players}
    names |= {f.name: f.label for f in builder.staff}
    values = {
        "name": names.get(problem.subject, problem.subject),
        "count": num(problem.count),
        "limit": num(problem.limit),
    }
    values["rule"] = builder.captain.rule if builder.captain else ""
    if problem.key == "over_budget":
        over = num(problem.count - problem.limit)
        return _("%(spent)s gold pieces spent: %(over)s over the budget of %(budget)s.") % {
            "spent": values["count"],
            "over": over,
            "budget": values["limit"],
        }
    return _counted_message(problem) % values


def _counted_message(problem: Problem) -> str:
    """The message of a broken rule, its plural form chosen by the number it turns on."""
    if problem.key == "too_few_players":
        return ngettext(
            "Only %(count)s player: a team needs at least %(limit)s.",
            "Only %(count)s players: a team needs at least %(limit)s.",
            problem.count,
        )
    if problem.key == "staff_over_max":
        return ngettext(
            "%(name)s: %(count)s, but at most %(limit)s is allowed.",
            "%(name)s: %(count)s, but at most %(limit)s are allowed.",
            problem.limit,
        )
    messages = {
        "too_many_players": _("%(count)s players: a team may have at most %(limit)s."),
        "positional_over_max": _("%(name)s: %(count)s hired, but the roster allows at most %(limit)s."),
        "big_guys_over_max": _("%(count)s Big Guys: this team may have at most %(limit)s."),
        "rerolls_over_max": _("%(count)s team re-rolls: a team may have at most %(limit)s."),
        "staff_below_start": _("%(name)s: at least %(limit)s."),
        "apothecary_not_allowed": _("%(name)s: this team may not hire one."),
        "no_captain": _("%(rule)s: name one player who is not a Big Guy."),
        "captain_big_guy": _("%(rule)s: a Big Guy cannot be named (%(name)s)."),
        "captain_not_hired": _("%(rule)s: %(name)s is not in the team yet."),
        "budget_below_min": _("A budget of %(count)s: a draft budget is at least %(limit)s."),
        "budget_above_max": _("A budget of %(count)s: a draft budget is at most %(limit)s."),
        "budget_not_a_step": _("A budget of %(count)s: budgets go in steps of %(limit)s."),
    }
    return messages.get(problem.key, _("%(name)s: this number is not allowed."))


def as_data(built: Builder) -> dict[str, Any]:
    """The builder's answer as plain data (the phone's answer, and what the equality test compares):
    each field as read, the sheet's sums, and each broken rule in the reader's language."""
    sheet = built.sheet
    return {
        "fields": [
            {"name": f.name, "label": f.label, "value": f.value, "maximum": f.maximum, "note": f.note}
            for f in built.fields
        ],
        "player_count": sheet.player_count,
        "players_cost": sheet.players_cost,
        "staff_cost": sheet.staff_cost,
        "spent": sheet.spent,
        "budget": sheet.budget,
        "treasury": sheet.treasury,
        "team_value": sheet.team_value,
        "legal": sheet.legal,
        "problems": [problem_text(p, built) for p in sheet.problems],
        "errors": built.errors,
        "query": built.query,
        # what the page prints, in the reader's language (the phone fills the saved page with it)
        "shown": {
            "player_count": num(sheet.player_count),
            "spent": num(sheet.spent),
            "treasury": num(sheet.treasury),
            "team_value": num(sheet.team_value),
            "verdict": _("A legal team: every rule of the draft is kept.") if sheet.legal and not built.errors else "",
            "summary": _summary(built),
        },
    }


def _summary(built: Builder) -> str:
    """The summary bar's verdict (templates/rulebook/_builder_summary.html, the same messages)."""
    broken = len(built.sheet.problems)
    if broken:
        return ngettext("%(counter)s rule broken", "%(counter)s rules broken", broken) % {"counter": broken}
    return _("Check the numbers") if built.errors else _("Legal team")
