"""A team roster's positionals for the board: the choices of the "Add a player" form ("Dwarf ·
Blocker", grouped by team, in the reader's language), the profile a choice gives a new player and
the positional's name a piece is then called by ("Human Blitzer #4"). Read once per content version."""

from __future__ import annotations

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from rulebook import selectors
from rulebook.engine import get_edition
from rulebook.formatting import collation_key
from rulebook.rendering.version import per_content_version
from rulebook.translated import in_language

from ..shared.options import option_groups
from . import formations
from .code import LONER, MAX_ON_PITCH, POSITIONAL_JOIN, CodeError, Piece, Position, usual_loner
from .edit import Profile

SEPARATOR = "."  # pos=dwarf.blocker: team slug, then positional slug (slugs hold no dot)
MAX_VALUE = 170  # a team slug and a positional slug at most


@per_content_version(maxsize=8)
def _profiles(edition: str) -> dict[str, Profile]:
    """Each positional's profile in the board's notation. Both are written in the edition's own
    notation (classic AG 3, AV 8; 2025 AG 3+, PA 4+, AV 9+), so the engine's conversion between
    the team's edition and the board's leaves them as they are; PA 0 on a roster means no PA."""
    board = get_edition(edition)
    found = {}
    for p in selectors.roster_positionals(edition):
        source = get_edition(p.team.ruleset.key)
        starting = [(s.skill.slug, s.value) for s in p.starting_skills.all()]
        found[p.team.slug + SEPARATOR + p.slug] = Profile(
            ma=p.ma,
            st=p.st,
            ag=board.convert_ag(p.ag, source),
            pa=(p.pa or None) if board.has_passing_ability else None,
            av=board.convert_av(p.av, source),
            # The board holds a skill by its slug, and Loner's target, the one value the engine
            # reads; other values (Bloodlust (2+)) and word parameters (Animosity (all
            # team-mates)) change no answer the board gives.
            skills=tuple(dict.fromkeys(slug for slug, _value in starting)),
            loner=usual_loner(edition, _loner_target(starting)),
            positional=p.team.slug + POSITIONAL_JOIN + p.slug,
        )
    return found


def _loner_target(starting: list[tuple[str, str]]) -> int | None:
    """3 from a starting "Loner (3+)"; None without Loner or without a value."""
    for slug, value in starting:
        if slug == LONER:
            digits = value.strip().removesuffix("+")
            return int(digits) if digits.isdigit() else None
    return None


@per_content_version(maxsize=16)
def choices(edition: str, lang: str) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """(team name, ((value, "Team · Positional"), …)) for every team, in the language's order."""
    teams: dict[str, tuple[str, list[tuple[str, str]]]] = {}
    for p in selectors.roster_positionals(edition):
        team_name = in_language(p.team, "name", lang)
        group = teams.setdefault(p.team.slug, (team_name, []))
        group[1].append((p.team.slug + SEPARATOR + p.slug, f"{team_name} · {in_language(p, 'name', lang)}"))
    ordered = sorted(teams.values(), key=lambda group: collation_key(group[0], lang))
    return tuple((name, tuple(options)) for name, options in ordered)


@per_content_version(maxsize=16)
def choice_options(edition: str, lang: str) -> SafeString:
    """The choices as the form's optgroups, written once per language, edition and content version."""
    return option_groups(choices(edition, lang))


def profile(edition: str, value: str) -> Profile | None:
    """The profile of the positional `value` names (pos=dwarf.blocker); None if the edition has none."""
    return _profiles(edition).get(value.strip()[:MAX_VALUE])


@per_content_version(maxsize=16)
def positional_names(edition: str, lang: str) -> dict[str, str]:
    """Each positional's name in the language ("Blitzer Humano"), by the board code's "human--blitzer"."""
    return {
        p.team.slug + POSITIONAL_JOIN + p.slug: in_language(p, "name", lang)
        for p in selectors.roster_positionals(edition)
    }


def check_positionals(position: Position) -> Position:
    """The position if every positional it names is one of the edition's; else CodeError."""
    known = positional_names(position.edition, "en")
    for piece in position.pieces:
        if piece.positional and piece.positional not in known:
            raise CodeError("unknown_positional", value=piece.positional[:40])
    return position


def positional_label(position: Position, piece: Piece, lang: str) -> str:
    """ "Human Blitzer #4" for a player from a roster, "" for any other."""
    name = positional_names(position.edition, lang).get(piece.positional) if piece.positional else None
    return _("%(positional)s #%(number)s") % {"positional": name, "number": piece.number} if name else ""


def piece_name(position: Position, piece: Piece, lang: str) -> str:
    """ "Human Blitzer #4 (A4)" for a player from a roster, plain "A4" for any other."""
    label = positional_label(position, piece, lang)
    return _("%(name)s (%(player)s)") % {"name": label, "player": piece.id} if label else piece.id


STARTERS_PER_POSITIONAL = 2  # a starting eleven: up to two of each positional, linemen fill the rest


@per_content_version(maxsize=8)
def _elevens(edition: str) -> dict[str, tuple[Profile, ...]]:
    """Each team's starting eleven (by team slug), from its roster in roster order: the positional
    a team may field most of is its linemen."""
    by_team: dict[str, list[tuple[str, int]]] = {}
    for p in selectors.roster_positionals(edition):
        by_team.setdefault(p.team.slug, []).append((p.team.slug + SEPARATOR + p.slug, p.max_quantity))
    profiles = _profiles(edition)
    found = {}
    for team, listed in by_team.items():
        lineman = max(listed, key=lambda item: item[1])[0]
        eleven = [
            profiles[value]
            for value, most in listed
            if value != lineman
            for _ in range(min(most, STARTERS_PER_POSITIONAL))
        ][:MAX_ON_PITCH]
        room = MAX_ON_PITCH - len(eleven)
        eleven += [profiles[lineman]] * min(room, dict(listed)[lineman])
        found[team] = tuple(eleven)
    return found


def set_up(edition: str, position: Position, team: str, roster: str) -> Position:
    """`team` set up in the formation: the starting eleven of the roster named (roster=human), or
    eleven linemen when none is; CodeError for a team the edition does not have."""
    eleven: tuple[Profile, ...] = ()
    if roster:
        found = _elevens(edition).get(roster)
        if found is None:
            raise CodeError("unknown_team", value=roster[:40])
        eleven = found
    return formations.set_up(position, team, eleven)


@per_content_version(maxsize=16)
def team_choices(edition: str, lang: str) -> tuple[tuple[str, str], ...]:
    """(slug, name) of the edition's teams, in the language's order: the set-up form's choices."""
    names = {p.team.slug: in_language(p.team, "name", lang) for p in selectors.roster_positionals(edition)}
    return tuple(sorted(names.items(), key=lambda item: collation_key(item[1], lang)))
