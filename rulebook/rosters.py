"""What the team pages and the team builder show: profiles in the edition's own notation (written
by notation.py), starting skills with their parameters, the staff's names, and a coach's choice read from a query string and
priced by the engine (rulebook/engine/teambuilding.py holds every number and limit)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from . import formatting, labels, notation, selectors
from .engine import (
    APOTHECARY,
    ASSISTANT_COACHES,
    CAPTAIN_SKILL,
    CHEERLEADERS,
    DEDICATED_FANS,
    FAN_FACTOR,
    Choice,
    Edition,
    PositionalOffer,
    RosterSheet,
    TeamBuildingRules,
    TeamOffer,
    content_slug,
    get_edition,
    price_roster,
)
from .http import QueryError, query_int, query_text
from .links import item_url
from .translated import in_language
from .vocab import BLOOD_BOWL_EDITIONS

if TYPE_CHECKING:
    from .models import Positional, StartingSkill, Team, TeamRule

# The most a builder field accepts: beyond the rules (the engine says which rule breaks), but bounded.
MAX_FIELD = 99
MAX_BUDGET = 99_000_000
PLAYER_PREFIX = "n-"  # a positional's count: n-<slug>
MAX_UNKNOWN_SHOWN = 5  # a made-up link may name any number of players: say the first few

# Staff names per edition: the classic Spanish books call the Apothecary "Médico", the 2025 ones
# "Apotecario" (our glossaries).
STAFF_LABELS: dict[tuple[str, str], Promise] = {
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


def edition_of(team: Team) -> Edition:
    return get_edition(team.ruleset.key)


# --- profiles and skills ----------------------------------------------------------------------


@dataclass(frozen=True)
class SkillChip:
    slug: str
    name: str
    parameter: str
    url: str

    @property
    def label(self) -> str:
        """ "Loner (4+)" from "Loner (X+)" and 4+; "Mighty Blow" without a parameter."""
        return notation.with_parameter(self.name, self.parameter)


def skill_chip(starting: StartingSkill, lang: str) -> SkillChip:
    skill = starting.skill
    parameter = in_language(starting.parameter, "label", lang) if starting.parameter is not None else starting.value
    return SkillChip(
        skill.slug, in_language(skill, "name", lang), parameter, item_url("skill", skill.ruleset.key, skill.slug, lang)
    )


@dataclass(frozen=True)
class Characteristic:
    key: str
    label: str
    value: str


@dataclass(frozen=True)
class PositionalView:
    positional: Positional
    name: str
    name_en: str
    quantity: str  # "0–4"
    cost: str
    profile: tuple[Characteristic, ...]
    skills: tuple[SkillChip, ...]
    primary: tuple[str, ...]
    secondary: tuple[str, ...]
    disputed: frozenset[str] = field(default_factory=frozenset)

    @property
    def slug(self) -> str:
        return self.positional.slug


def characteristic_labels(team: Team, lang: str) -> list[str]:
    """The profile's column heads, as the team's glossary abbreviates them (MO FU AG AR)."""
    labels_by_key = notation.abbreviations(team.ruleset.key, lang)
    return [labels_by_key[key] for key in notation.profile_keys(edition_of(team))]


def positional_views(team: Team, lang: str) -> list[PositionalView]:
    edition = edition_of(team)
    abbreviations = notation.abbreviations(team.ruleset.key, lang)
    views = []
    for positional in team.positionals.all():
        profile = tuple(
            Characteristic(
                key, abbreviations[key], notation.characteristic_value(edition, key, getattr(positional, key))
            )
            for key in notation.profile_keys(edition)
        )
        views.append(
            PositionalView(
                positional=positional,
                name=in_language(positional, "name", lang),
                name_en=in_language(positional, "name", "en"),
                quantity=f"0–{positional.max_quantity}",
                cost=formatting.num(positional.cost),
                profile=profile,
                skills=tuple(skill_chip(s, lang) for s in positional.starting_skills.all()),
                primary=tuple(str(labels.CATEGORY_LABELS.get(c, c)) for c in positional.primary),
                secondary=tuple(str(labels.CATEGORY_LABELS.get(c, c)) for c in positional.secondary),
                disputed=frozenset(positional.disputed),
            )
        )
    return views


# --- the team builder -----------------------------------------------------------------------------


# The team special rule (content slug) under which a roster names a Team Captain at the draft.
CAPTAIN_RULE = "team-captain"


def captain_rule(team: Team) -> TeamRule | None:
    return next((rule for rule in selectors.team_rules(team) if rule.slug == CAPTAIN_RULE), None)


def team_offer(team: Team) -> TeamOffer:
    return TeamOffer(
        reroll_cost=team.reroll_cost,
        apothecary_allowed=team.apothecary,
        positionals=tuple(PositionalOffer(p.slug, p.cost, p.max_quantity, p.big_guy) for p in team.positionals.all()),
        big_guys_max=team.big_guys_max,
        names_captain=captain_rule(team) is not None,
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

    team: Team
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
    team: Team, players: list[BuilderField], params: Mapping[str, str], lang: str, errors: list[str]
) -> Captain | None:
    rule = captain_rule(team)
    if rule is None:
        return None
    name = in_language(rule, "name", lang)
    # A Big Guy is never offered: the engine would refuse him (captain_big_guy).
    choices = tuple((f.name.removeprefix(PLAYER_PREFIX), f.label) for f in players if not f.big_guy)
    chosen = query_text(params, "captain", 60)
    if chosen and chosen not in {slug for slug, _label in choices}:
        errors.append(_("%(rule)s: choose one of the players offered.") % {"rule": name})
        chosen = ""
    skill = selectors.skill_names(team.ruleset.key, [content_slug(team.ruleset.key, CAPTAIN_SKILL)], lang)
    return Captain(name, choices, chosen, next(iter(skill.values()), CAPTAIN_SKILL))


def _read(
    params: Mapping[str, str], name: str, default: int, label: str, errors: list[str], most: int = MAX_FIELD
) -> int:
    try:
        return query_int(params, name, 0, most, default)
    except QueryError:
        limit = formatting.num(most)
        errors.append(_("%(field)s: enter a whole number from 0 to %(max)s.") % {"field": label, "max": limit})
        return default


def unknown_players(params: Mapping[str, str], team: Team) -> list[str]:
    """A message for each player a link names that the roster does not have (an old or mistyped
    link, or one made for another team): said, not silently dropped."""
    known = {player_field(p.slug) for p in team.positionals.all()}
    unknown = sorted(name for name in params if name.startswith(PLAYER_PREFIX) and name not in known)
    return [
        _("This roster has no player “%(name)s”: that part of the link is left out.")
        % {"name": name.removeprefix(PLAYER_PREFIX)[:40]}
        for name in unknown[:MAX_UNKNOWN_SHOWN]
    ]


def budget_field(rules: TeamBuildingRules, params: Mapping[str, str], errors: list[str]) -> BuilderField:
    label = _("Budget")
    value = _read(params, "budget", rules.budget, label, errors, MAX_BUDGET)
    note = _("%(min)s to %(max)s") % {"min": formatting.num(rules.budget_min), "max": formatting.num(rules.budget_max)}
    return BuilderField("budget", label, value, rules.budget_max, minimum=rules.budget, note=note)


def builder_params(ruleset: str, slug: str) -> tuple[str, ...]:
    """Every query parameter the builder of a team reads: a count per positional, the re-rolls and
    the edition's staff (the page cache keeps only these)."""
    edition_rules = get_edition(ruleset).team_building if ruleset in BLOOD_BOWL_EDITIONS else None
    staff = tuple(rule.key for rule in edition_rules.staff) if edition_rules else ()
    return (
        "budget",
        *(player_field(s) for s in selectors.positional_slugs(ruleset, slug)),
        "rerolls",
        *staff,
        "captain",
    )


def build(team: Team, params: Mapping[str, str], lang: str) -> Builder:
    edition = edition_of(team)
    rules = edition.team_building
    errors: list[str] = []
    budget = budget_field(rules, params, errors)
    players = []
    for positional in team.positionals.all():
        name = in_language(positional, "name", lang)
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
        label = staff_label(team.ruleset.key, rule.key)
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
    captain = _captain(team, players, params, lang, errors)
    choice = Choice(
        players={f.name.removeprefix(PLAYER_PREFIX): f.value for f in players},
        rerolls=rerolls.value,
        staff={f.name: f.value for f in staff},
        captain=captain.chosen if captain else "",
    )
    sheet = price_roster(rules, team_offer(team), choice, budget.value)
    return Builder(team, rules, budget, players, rerolls, staff, sheet, errors, captain)


def sheet_players(builder: Builder, views: list[PositionalView]) -> list[tuple[int, PositionalView, bool]]:
    """One numbered line per hired player, in roster order (the printable sheet), and whether he is
    the Team Captain (the first player of the positional the engine accepted as captain)."""
    counts = {f.name.removeprefix(PLAYER_PREFIX): f.value for f in builder.players}
    lines: list[tuple[int, PositionalView, bool]] = []
    for view in views:
        for copy in range(min(counts.get(view.slug, 0), view.positional.max_quantity, MAX_FIELD)):
            lines.append((len(lines) + 1, view, copy == 0 and view.slug == builder.sheet.captain))
    return lines
