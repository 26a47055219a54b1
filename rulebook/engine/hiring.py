"""Hiring for a match: which star players a team may hire, and what an inducement costs it.

The content holds the data (a star's teams or leagues, an inducement's price, limit and the teams or
team rules that change them); these functions apply the edition's hiring rules to one team:

- classic rules: a star plays for the teams his entry names;
- 2025: a star plays for the teams of a league or a special rule he names, or for any team (but
  those with a rule he excludes). A team whose roster lets it choose a god ("Favoured of…") may
  hire the stars of the god it may choose, once it has chosen him;
- an inducement may be for any team, for teams that may (or may not) have an Apothecary, or for
  teams with one of the special rules it names; a team or rule may change its price and limit.
"""

from __future__ import annotations

from dataclasses import dataclass

CHOICE_RULE = "favoured-of"  # the 2025 rule of a team that chooses its god
CHOSEN_PREFIX = "favoured-of-"  # "favoured-of-nurgle": the rule of a team of that god

ANY_TEAM = "any"  # the hiring route of a star for any team

# Who may take an inducement.
FOR_ANY = "any"
FOR_APOTHECARY = "apothecary"  # teams that may have an Apothecary
FOR_NO_APOTHECARY = "no-apothecary"  # teams that may not
FOR_SPECIAL_RULE = "special-rule"  # teams with one of the special rules it requires
AVAILABILITY = (FOR_ANY, FOR_APOTHECARY, FOR_NO_APOTHECARY, FOR_SPECIAL_RULE)


@dataclass(frozen=True, slots=True)
class TeamFacts:
    """What hiring looks at in a team."""

    slug: str
    leagues: frozenset[str] = frozenset()
    special_rules: frozenset[str] = frozenset()
    favoured_choices: frozenset[str] = frozenset()  # gods a Favoured of… team may choose ("nurgle")
    apothecary: bool = True

    @property
    def rules(self) -> frozenset[str]:
        return self.leagues | self.special_rules


@dataclass(frozen=True, slots=True)
class StarTerms:
    """Who a star plays for."""

    teams: frozenset[str] = frozenset()  # classic: team slugs
    rules: frozenset[str] = frozenset()  # 2025: leagues and special rules
    any_team: bool = False
    excluded: frozenset[str] = frozenset()  # 2025 any team but those with one of these rules


def _chosen(team: TeamFacts, rule: str) -> bool:
    """A Favoured of… team that may choose the god of `rule` ("favoured-of-khorne")."""
    return (
        rule.startswith(CHOSEN_PREFIX)
        and CHOICE_RULE in team.special_rules
        and rule.removeprefix(CHOSEN_PREFIX) in team.favoured_choices
    )


def _routes(team: TeamFacts, rules: frozenset[str]) -> tuple[str, ...]:
    """The team's rules among `rules`, and those it may choose; in slug order."""
    return tuple(sorted(rule for rule in rules if rule in team.rules or _chosen(team, rule)))


def hiring_routes(team: TeamFacts, star: StarTerms) -> tuple[str, ...]:
    """Why the team may hire the star: () when it may not; ("any",) when any team may; the team's
    slug (classic rules); or the leagues and special rules that let it, in slug order (a team with
    several leagues or a choice of god may hire him only in some of them: see `conditions`)."""
    if team.slug in star.teams:
        return (team.slug,)
    if star.any_team:
        if not star.excluded & team.rules:
            return (ANY_TEAM,)
        if star.excluded & team.special_rules:
            return ()
        return tuple(sorted(team.leagues - star.excluded))
    return _routes(team, star.rules)


@dataclass(frozen=True, slots=True)
class PriceModifier:
    """A team (classic) or team rule (2025) that changes an inducement's price and limit."""

    cost: int
    maximum: int
    team: str = ""
    rule: str = ""


@dataclass(frozen=True, slots=True)
class InducementOffer:
    cost: int
    maximum: int  # 0: no limit of its own
    available: str = FOR_ANY
    requires: frozenset[str] = frozenset()
    modifiers: tuple[PriceModifier, ...] = ()


@dataclass(frozen=True, slots=True)
class InducementTerms:
    """What an inducement costs one team and how many it may take."""

    cost: int
    maximum: int
    changed_by: str = ""  # the team or team rule that changed the price or limit
    needs: tuple[str, ...] = ()  # the special rules that make it available to this team


def inducement_terms(team: TeamFacts, offer: InducementOffer) -> InducementTerms | None:
    """The inducement's price and limit for the team, or None when the team may not take it."""
    if offer.available == FOR_APOTHECARY and not team.apothecary:
        return None
    if offer.available == FOR_NO_APOTHECARY and team.apothecary:
        return None
    needs: tuple[str, ...] = ()
    if offer.available == FOR_SPECIAL_RULE:
        needs = _routes(team, offer.requires)
        if not needs:
            return None
    for modifier in offer.modifiers:
        if (modifier.team and modifier.team == team.slug) or (modifier.rule and modifier.rule in team.rules):
            return InducementTerms(modifier.cost, modifier.maximum, modifier.team or modifier.rule, needs)
    return InducementTerms(offer.cost, offer.maximum, "", needs)


def conditions(team: TeamFacts, routes: tuple[str, ...]) -> tuple[str, ...]:
    """The routes a team must take to hire a star: () when it always may (any team, its own slug,
    a special rule of its roster, every league it may choose to play in); otherwise the leagues it
    must play in or the gods it must choose, one of which is enough. (A 2025 team with several
    leagues plays in the one its coach chooses for its Team Draft List.)"""
    if not routes or routes in ((ANY_TEAM,), (team.slug,)):
        return ()
    if any(route in team.special_rules for route in routes) or (team.leagues and team.leagues <= set(routes)):
        return ()
    return routes
