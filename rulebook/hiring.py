"""What the star player and inducement pages show: a star's players in the edition's notation
with their skill chips, who may hire him (and on what condition), and what each inducement costs a
given team. The engine (rulebook/engine/hiring.py) decides; this module turns rows into its inputs
and its answers into views in the reader's language."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from . import formatting, notation
from .engine import (
    FOR_APOTHECARY,
    FOR_NO_APOTHECARY,
    FOR_SPECIAL_RULE,
    InducementOffer,
    InducementTerms,
    PriceModifier,
    StarTerms,
    TeamFacts,
    conditions,
    get_edition,
    hiring_routes,
    inducement_terms,
)
from .models import Inducement, StarPlayer, StarProfile, Team
from .rosters import Characteristic, SkillChip, skill_chip
from .translated import in_language

# --- the engine's inputs -------------------------------------------------------------------------


def team_facts(team: Team) -> TeamFacts:
    links = list(team.rule_links.all())
    return TeamFacts(
        slug=team.slug,
        leagues=frozenset(link.rule.slug for link in links if link.rule.kind == "league"),
        special_rules=frozenset(link.rule.slug for link in links if link.rule.kind != "league"),
        favoured_choices=frozenset(team.favoured_of),
        apothecary=team.apothecary,
    )


def star_terms(star: StarPlayer) -> StarTerms:
    return StarTerms(
        teams=frozenset(t.slug for t in star.teams.all()),
        rules=frozenset(r.slug for r in star.rules.all()),
        any_team=star.any_team,
        excluded=frozenset(r.slug for r in star.excluded_rules.all()),
    )


def inducement_offer(inducement: Inducement) -> InducementOffer:
    return InducementOffer(
        cost=inducement.cost,
        maximum=inducement.max_quantity,
        available=inducement.available,
        requires=frozenset(r.slug for r in inducement.requires.all()),
        modifiers=tuple(
            PriceModifier(m.cost, m.max_quantity, m.team.slug if m.team else "", m.rule.slug if m.rule else "")
            for m in inducement.modifiers.all()
        ),
    )


# --- a star's players ----------------------------------------------------------------------------


@dataclass(frozen=True)
class ProfileView:
    player: StarProfile
    name: str
    profile: tuple[Characteristic, ...]
    skills: tuple[SkillChip, ...]
    disputed: frozenset[str]


def profile_views(star: StarPlayer, lang: str) -> list[ProfileView]:
    edition = get_edition(star.ruleset.key)
    abbreviations = notation.abbreviations(star.ruleset.key, lang)
    return [
        ProfileView(
            player=player,
            name=in_language(player, "name", lang),
            profile=tuple(
                Characteristic(
                    key, abbreviations[key], notation.characteristic_value(edition, key, getattr(player, key))
                )
                for key in notation.profile_keys(edition)
            ),
            skills=tuple(skill_chip(s, lang) for s in player.starting_skills.all()),  # type: ignore[arg-type]
            disputed=frozenset(player.disputed),
        )
        for player in star.players.all()
    ]


def characteristic_labels(ruleset: str, lang: str) -> list[str]:
    labels = notation.abbreviations(ruleset, lang)
    return [labels[key] for key in notation.profile_keys(get_edition(ruleset))]


# --- who may hire whom ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Hire:
    """A star a team may hire, or a team that may hire a star, with the condition (the leagues it
    must play in or the god it must have chosen, one of them; empty: none)."""

    star: StarPlayer
    team: Team
    conditions: tuple[str, ...]


def _names(slugs: tuple[str, ...], rule_names: dict[str, str]) -> tuple[str, ...]:
    return tuple(rule_names.get(slug, slug) for slug in slugs)


def hires(teams: list[Team], stars: list[StarPlayer], rule_names: dict[str, str]) -> list[Hire]:
    """Every (team, star) pair where the team may hire the star, team by team in the given order,
    each team's stars in the given order."""
    found = []
    terms = [(star, star_terms(star)) for star in stars]
    for team in teams:
        facts = team_facts(team)
        for star, star_term in terms:
            routes = hiring_routes(facts, star_term)
            if routes:
                found.append(Hire(star, team, _names(conditions(facts, routes), rule_names)))
    return found


def plays_for(star: StarPlayer, lang: str, rule_names: dict[str, str]) -> str:
    """Who the star plays for, as his entry says it: teams (classic), leagues and special rules
    (2025), or any team (but some)."""
    if star.any_team:
        excluded = [rule_names.get(r.slug, r.slug) for r in star.excluded_rules.all()]
        if excluded:
            return _("Any team except those of %(rules)s") % {"rules": ", ".join(excluded)}
        return _("Any team")
    names = [in_language(t, "name", lang) for t in star.teams.all()]
    names += [rule_names.get(r.slug, r.slug) for r in star.rules.all()]
    return ", ".join(sorted(names, key=lambda name: formatting.collation_key(name, lang)))


# --- inducements ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class InducementView:
    inducement: Inducement
    limit: str  # "0–3", or "no limit of its own"
    price: str
    who: str  # who may take it ("" for any team)
    changes: tuple[str, ...]  # "Goblin: 50,000 gold pieces, 0–3"


def _limit(maximum: int) -> str:
    return f"0–{maximum}" if maximum else _("no limit of its own")


def _price(cost: int, varies: bool) -> str:
    if not cost:
        return _("price varies")
    if varies:
        return _("%(cost)s gold pieces (the rulebook's default; others vary)") % {"cost": formatting.num(cost)}
    return _("%(cost)s gold pieces") % {"cost": formatting.num(cost)}


# The classic Spanish books call the Apothecary "Médico", the 2025 ones "Apotecario": each
# edition's words under its own context (Edition.rulebook_words).
APOTHECARY_TEAMS = {
    (FOR_APOTHECARY, "classic rules"): pgettext_lazy("classic rules", "Teams that may have an Apothecary"),
    (FOR_APOTHECARY, "2025 rules"): pgettext_lazy("2025 rules", "Teams that may have an Apothecary"),
    (FOR_NO_APOTHECARY, "classic rules"): pgettext_lazy("classic rules", "Teams that may not have an Apothecary"),
    (FOR_NO_APOTHECARY, "2025 rules"): pgettext_lazy("2025 rules", "Teams that may not have an Apothecary"),
}


def _who(inducement: Inducement, rule_names: dict[str, str]) -> str:
    words = get_edition(inducement.ruleset.key).rulebook_words
    if (inducement.available, words) in APOTHECARY_TEAMS:
        return str(APOTHECARY_TEAMS[(inducement.available, words)])
    if inducement.available == FOR_SPECIAL_RULE:
        names = ", ".join(rule_names.get(r.slug, r.slug) for r in inducement.requires.all())
        return _("Teams with %(rules)s") % {"rules": names}
    return ""


def inducement_views(items: list[Inducement], lang: str, rule_names: dict[str, str]) -> list[InducementView]:
    views = []
    for inducement in items:
        changes = []
        for modifier in inducement.modifiers.all():
            whom = in_language(modifier.team, "name", lang) if modifier.team else rule_names.get(modifier.rule.slug, "")  # type: ignore[union-attr]
            changes.append(
                _("%(whom)s: %(price)s, %(limit)s")
                % {"whom": whom, "price": _price(modifier.cost, False), "limit": _limit(modifier.max_quantity)}
            )
        views.append(
            InducementView(
                inducement,
                _limit(inducement.max_quantity),
                _price(inducement.cost, inducement.price_varies),
                _who(inducement, rule_names),
                tuple(changes),
            )
        )
    return views


@dataclass(frozen=True)
class TeamInducement:
    """An inducement whose price, limit or availability this team's roster changes."""

    inducement: Inducement
    terms: InducementTerms
    price: str
    limit: str
    conditions: tuple[str, ...]


# Inducements only some rosters may take (a team that may hire an Apothecary taking Wandering
# Apothecaries is the ordinary case, not a change).
ROSTER_ONLY = (FOR_NO_APOTHECARY, FOR_SPECIAL_RULE)


def team_inducements(team: Team, items: list[Inducement], rule_names: dict[str, str]) -> list[TeamInducement]:
    """The inducements that cost this team less or may be taken more often (its roster or a rule of
    it changes them), or that only teams without an Apothecary or with a special rule may take and
    this one may."""
    facts = team_facts(team)
    found = []
    for inducement in items:
        terms = inducement_terms(facts, inducement_offer(inducement))
        if terms is None or not (terms.changed_by or inducement.available in ROSTER_ONLY):
            continue
        found.append(
            TeamInducement(
                inducement,
                terms,
                _price(terms.cost, inducement.price_varies and not terms.changed_by),
                _limit(terms.maximum),
                _names(conditions(facts, terms.needs), rule_names),
            )
        )
    return found
