"""A team roster's positionals for the board: the choices of the "Add a player" form ("Dwarf ·
Blocker", grouped by team, in the reader's language) and the profile a choice gives a new player.
Read once per content version."""

from __future__ import annotations

from django.utils.safestring import SafeString

from rulebook import selectors
from rulebook.engine import get_edition
from rulebook.formatting import collation_key
from rulebook.rendering.version import per_content_version
from rulebook.translated import in_language

from ..shared.options import option_groups
from .code import LONER, usual_loner
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
