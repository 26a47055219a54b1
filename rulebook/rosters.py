"""What the team pages and the team builder show: profiles in the edition's own notation (written
by notation.py), starting skills with their parameters, and the builder (rulebook/builder.py,
which the phone runs too) fed with a team's roster from the content."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from . import formatting, labels, notation, selectors
from .builder import (
    MAX_BUDGET,
    MAX_FIELD,
    PLAYER_PREFIX,
    STAFF_LABELS,
    Builder,
    BuilderField,
    PositionalData,
    TeamData,
    player_field,
    problem_text,
    staff_label,
    unknown_players,
)
from .builder import build as build_choice
from .builder import team_offer as offer_of
from .engine import CAPTAIN_SKILL, Edition, TeamOffer, content_slug, get_edition
from .links import item_url
from .translated import in_language
from .vocab import BLOOD_BOWL_EDITIONS

__all__ = [
    "MAX_BUDGET",
    "MAX_FIELD",
    "PLAYER_PREFIX",
    "STAFF_LABELS",
    "Builder",
    "BuilderField",
    "build",
    "builder_params",
    "player_field",
    "problem_text",
    "sheet_players",
    "staff_label",
    "team_offer",
    "unknown_players",
]

if TYPE_CHECKING:
    from .models import Positional, StartingSkill, Team, TeamRule


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


def team_data(team: Team, lang: str) -> TeamData:
    """The team's roster as the builder reads it (positional names in the language)."""
    return TeamData(
        ruleset=team.ruleset.key,
        reroll_cost=team.reroll_cost,
        apothecary=team.apothecary,
        big_guys_max=team.big_guys_max,
        positionals=tuple(
            PositionalData(p.slug, in_language(p, "name", lang), p.cost, p.max_quantity, p.big_guy)
            for p in team.positionals.all()
        ),
        captain_rule=in_language(rule, "name", lang) if (rule := captain_rule(team)) else "",
        captain_skill=_captain_skill(team, lang) if rule else "",
    )


def _captain_skill(team: Team, lang: str) -> str:
    skill = selectors.skill_names(team.ruleset.key, [content_slug(team.ruleset.key, CAPTAIN_SKILL)], lang)
    return next(iter(skill.values()), CAPTAIN_SKILL)


def team_offer(team: Team) -> TeamOffer:
    return offer_of(team_data(team, "en"))


def build(team: Team, params: Mapping[str, str], lang: str) -> Builder:
    return build_choice(team_data(team, lang), params, lang)


def builder_params(ruleset: str, slug: str) -> tuple[str, ...]:
    """Every query parameter the builder of a team reads: the budget, a count per positional, the
    re-rolls and the edition's staff (the page cache keeps only these)."""
    edition_rules = get_edition(ruleset).team_building if ruleset in BLOOD_BOWL_EDITIONS else None
    staff = tuple(rule.key for rule in edition_rules.staff) if edition_rules else ()
    return (
        "budget",
        *(player_field(s) for s in selectors.positional_slugs(ruleset, slug)),
        "rerolls",
        *staff,
        "captain",
    )


def sheet_players(builder: Builder, views: list[PositionalView]) -> list[tuple[int, PositionalView, bool]]:
    """One numbered line per hired player, in roster order (the printable sheet), and whether he is
    the Team Captain (the first player of the positional the engine accepted as captain)."""
    counts = {f.name.removeprefix(PLAYER_PREFIX): f.value for f in builder.players}
    lines: list[tuple[int, PositionalView, bool]] = []
    for view in views:
        for copy in range(min(counts.get(view.slug, 0), view.positional.max_quantity, MAX_FIELD)):
            lines.append((len(lines) + 1, view, copy == 0 and view.slug == builder.sheet.captain))
    return lines
