"""The builder's match mode: a side's inducements and star players for one league match, read from
a plain GET form (so a prepared match is a link), priced and checked by the engine
(engine/matchprep.py, engine/purse.py via Edition.match_purse, engine/hiring.py), each broken rule
in the reader's language. Both Blood Bowl editions (each has its own purse rule: engine/purse.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from . import formatting, hiring
from .engine import (
    INDUCEMENT,
    MERCENARY,
    OVER_LIMIT,
    OVER_PURSE,
    STAR,
    TOO_MANY_MERCENARIES,
    TOO_MANY_STARS,
    MatchLine,
    MatchProblem,
    MatchSheet,
    get_edition,
    hiring_routes,
    inducement_terms,
    mercenary_cost,
    price_match,
)
from .http import QueryError, query_int
from .models import Inducement, StarPlayer, Team
from .translated import in_language

EDITIONS = ("lrb6", "bb2025")  # the editions whose match purse has two sources
MAX_VALUE = 9_990_000
MAX_TREASURY = 9_990_000
MAX_COUNT = 9
MAX_UNKNOWN_SHOWN = 5  # a made-up link may name anything: say the first few
INDUCEMENT_PREFIX = "i-"  # i-<slug>=count
STAR_PREFIX = "s-"  # s-<slug>=1
MERCENARY_PREFIX = "m-"  # m-<positional>=count
SKILLED_PREFIX = "mx-"  # mx-<positional>=count: mercenaries with one extra skill
PREFIXES = (INDUCEMENT_PREFIX, STAR_PREFIX, MERCENARY_PREFIX, SKILLED_PREFIX)
VALUE_FIELDS = ("value", "opponent", "treasury", "opponent_spent")
# Entries of the inducement list that are not bought by count here (their price is the star's or
# the mercenary's own): stars and mercenaries are their own lines. (The classic mercenaries' entry,
# "mercenaries", is known by its extra cost.)
NOT_COUNTED = ("star-players", "mercenary-players")
STARS_ENTRY = "star-players"


def match_params() -> tuple[str, ...]:
    return VALUE_FIELDS


@dataclass(frozen=True)
class Choice:
    name: str  # the GET parameter
    label: str
    note: str  # price and limit
    value: int
    maximum: int
    checkbox: bool = False


@dataclass
class MatchMode:
    values: dict[str, int]
    inducements: list[Choice] = field(default_factory=list)
    stars: list[Choice] = field(default_factory=list)
    mercenaries: list[Choice] = field(default_factory=list)
    sheet: MatchSheet | None = None
    errors: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    chosen: list[Chosen] = field(default_factory=list)  # what is taken, for the roster sheet


@dataclass(frozen=True)
class Chosen:
    """One line the match takes: its name, how many and what they cost together."""

    label: str
    count: int
    cost: int


def _field_error(name: str) -> str:
    labels = {
        "value": _("Your team value"),
        "opponent": _("The opponent's team value"),
        "treasury": _("Your treasury"),
        "opponent_spent": _("What the opponent spent from his treasury"),
    }
    return _("%(field)s must be a whole number of gold pieces from 0 to %(most)s.") % {
        "field": labels[name],
        "most": formatting.num(MAX_VALUE),
    }


def _read_values(params: Mapping[str, str], errors: list[str]) -> dict[str, int]:
    values = {}
    for name in VALUE_FIELDS:
        try:
            values[name] = query_int(params, name, 0, MAX_VALUE, 0)
        except QueryError:
            values[name] = 0
            errors.append(_field_error(name))
    return values


def _count(params: Mapping[str, str], name: str, label: str, errors: list[str]) -> int:
    try:
        return query_int(params, name, 0, MAX_COUNT, 0)
    except QueryError:
        errors.append(
            _("%(item)s: the number must be a whole number from 0 to %(most)s.") % {"item": label, "most": MAX_COUNT}
        )
        return 0


def _unknown_names(params: Mapping[str, str], known: set[str], errors: list[str]) -> None:
    """A link naming an inducement, star or positional this team's page does not offer is said, not dropped."""
    unknown = sorted(name for name in params if name.startswith(PREFIXES) and name not in known)
    if unknown:
        shown = ", ".join(unknown[:MAX_UNKNOWN_SHOWN])
        errors.append(_("This link names what this team cannot take here: %(names)s.") % {"names": shown})


def _limit_note(cost: int, maximum: int) -> str:
    price = _("%(cost)s gold pieces") % {"cost": formatting.num(cost)}
    return f"{price} · 0–{maximum}" if maximum else price


def _problem_text(problem: MatchProblem, names: dict[str, str]) -> str:
    name = names.get(problem.key, problem.key)
    if problem.code == OVER_LIMIT:
        return ngettext(
            "%(item)s: at most %(limit)s may be taken.", "%(item)s: at most %(limit)s may be taken.", problem.limit
        ) % {"item": name, "limit": problem.limit}
    if problem.code == TOO_MANY_MERCENARIES:
        return ngettext(
            "At most %(limit)s mercenary may be hired.", "At most %(limit)s mercenaries may be hired.", problem.limit
        ) % {"limit": problem.limit}
    if problem.code == TOO_MANY_STARS:
        return ngettext(
            "At most %(limit)s star player may be hired.", "At most %(limit)s star players may be hired.", problem.limit
        ) % {"limit": problem.limit}
    if problem.code == OVER_PURSE:
        return _("This costs more than the %(purse)s gold pieces the side may spend.") % {
            "purse": formatting.num(problem.limit)
        }
    return _("%(item)s may not be hired by this team.") % {"item": name}


def _mercenary_lines(
    team: Team, offer: Inducement | None, params: Mapping[str, str], lang: str, mode: MatchMode
) -> list[MatchLine]:
    """Two fields per positional of the roster: plain mercenaries, and those with one extra skill."""
    if offer is None:
        return []
    lines = []
    for positional in team.positionals.all():
        name = in_language(positional, "name", lang)
        for prefix, skilled in ((MERCENARY_PREFIX, False), (SKILLED_PREFIX, True)):
            label = _("%(position)s, with one extra skill") % {"position": name} if skilled else name
            param = prefix + positional.slug
            cost = mercenary_cost(positional.cost, offer.extra_cost, offer.skill_cost, skilled)
            count = _count(params, param, label, mode.errors)
            mode.mercenaries.append(Choice(param, label, _limit_note(cost, 0), count, MAX_COUNT))
            lines.append(MatchLine(param, MERCENARY, cost, 0, count))
    return lines


def build(
    team: Team, inducements: list[Inducement], stars: list[StarPlayer], params: Mapping[str, str], lang: str
) -> MatchMode:
    errors: list[str] = []
    mode = MatchMode(_read_values(params, errors), errors=errors)
    facts = hiring.team_facts(team)
    lines: list[MatchLine] = []
    names: dict[str, str] = {}
    star_limit = 0
    mercenary_limit = 0
    mercenaries: Inducement | None = None
    for inducement in inducements:
        terms = inducement_terms(facts, hiring.inducement_offer(inducement))
        if inducement.slug == STARS_ENTRY:
            star_limit = terms.maximum if terms else 0
        if inducement.extra_cost and terms is not None:
            mercenaries, mercenary_limit = inducement, terms.maximum
        if terms is None or inducement.slug in NOT_COUNTED or inducement.extra_cost:
            continue  # stars and mercenaries (the entry with an extra cost) are their own lines
        name = in_language(inducement, "name", lang)
        names[inducement.slug] = name
        param = INDUCEMENT_PREFIX + inducement.slug
        count = _count(params, param, name, errors)
        mode.inducements.append(
            Choice(param, name, _limit_note(terms.cost, terms.maximum), count, terms.maximum or MAX_COUNT)
        )
        lines.append(MatchLine(inducement.slug, INDUCEMENT, terms.cost, terms.maximum, count))
    for star in stars:
        name = in_language(star, "name", lang)
        names[star.slug] = name
        param = STAR_PREFIX + star.slug
        allowed = bool(hiring_routes(facts, hiring.star_terms(star)))
        count = _count(params, param, name, errors)
        if allowed:
            mode.stars.append(Choice(param, name, _limit_note(star.cost, 0), count, 1, checkbox=True))
        lines.append(MatchLine(star.slug, STAR, star.cost, 1, count, allowed))
    lines += _mercenary_lines(team, mercenaries, params, lang, mode)
    purse = get_edition(team.ruleset.key).match_purse(
        mode.values["value"], mode.values["opponent"], mode.values["treasury"], mode.values["opponent_spent"]
    )
    _unknown_names(
        params, {c.name for c in (*mode.inducements, *mode.mercenaries)} | {STAR_PREFIX + n for n in names}, errors
    )
    mode.sheet = price_match(purse, tuple(lines), star_limit, mercenary_limit)
    mode.problems = [_problem_text(p, names) for p in mode.sheet.problems]
    labels = names | {c.name: c.label for c in mode.mercenaries}
    mode.chosen = [
        Chosen(labels.get(line.key, line.key), line.count, line.cost * line.count) for line in lines if line.count
    ]
    return mode


def carries_match(params: Mapping[str, str]) -> bool:
    """Whether a link (the roster sheet's) holds a prepared match."""
    return any(name in VALUE_FIELDS or name.startswith(PREFIXES) for name in params)


def query(mode: MatchMode) -> str:
    """The short link of the prepared match: only what is not zero."""
    parts = [f"{k}={v}" for k, v in mode.values.items() if v]
    parts += [f"{c.name}={c.value}" for c in (*mode.inducements, *mode.stars, *mode.mercenaries) if c.value]
    return "&".join(parts)
