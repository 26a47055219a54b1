"""The content rows a page starts from (its ruleset, its table, its team with everything the
team's pages read), kept in each process for the current content version.

A page nobody has asked for yet (a new roll of a table, another choice in the team builder) used
to spend most of its time building the same SQL for the same rows: Django compiles each query
again at every request (about 3 ms each here: a table page made 8, the builder 11). The rows only
change with the content version, so they are asked for once per version and process
(rendering/version.per_content_version); an edit gives a new version and the next request reads
them again. The kept instances are shared by every request of the process: callers read them and
never change them. A ruleset's tables and teams are read together, in one query each with their
related rows (the 54 teams in under a second; one at a time, 20-70 ms each), and `warm_rows` reads
them before the first reader (serving/warm.py: in the server's master, so no worker pays for its
first builder of a team or roll of a table). An unknown slug finds nothing kept: the 404 is the
selectors' own, asked each time."""

from __future__ import annotations

from . import selectors
from .models import GameTable, Inducement, Ruleset, StarPlayer, Team
from .rendering.version import per_content_version


@per_content_version(maxsize=16)
def ruleset_or_404(key: str) -> Ruleset:
    return selectors.ruleset_or_404(key)


@per_content_version(maxsize=16)
def _tables(ruleset_key: str) -> dict[str, GameTable]:
    """Every table of the ruleset by slug, read as selectors.find_table reads one, in one go."""
    ruleset = ruleset_or_404(ruleset_key)
    return {table.slug: table for table in selectors.tables_for_pages(ruleset)}


@per_content_version(maxsize=16)
def _teams(ruleset_key: str) -> dict[str, Team]:
    """Every team of the ruleset by slug, read as selectors.find_team reads one, in one go."""
    ruleset = ruleset_or_404(ruleset_key)
    return {team.slug: team for team in selectors.teams_for_pages(ruleset)}


def table_or_404(ruleset: Ruleset, slug: str) -> GameTable:
    found = _tables(ruleset.key).get(slug)
    return found if found is not None else selectors.table_or_404(ruleset, slug)  # its 404


def team_or_404(ruleset: Ruleset, slug: str) -> Team:
    found = _teams(ruleset.key).get(slug)
    return found if found is not None else selectors.team_or_404(ruleset, slug)  # its 404


@per_content_version(maxsize=16)
def _star_rows(ruleset_key: str) -> list[StarPlayer]:
    """Every team page lists the stars its team may hire: reading the edition's stars with their
    teams, rules and players cost each page about 300 ms."""
    return selectors.star_rows(ruleset_or_404(ruleset_key))


@per_content_version(maxsize=16)
def stars(ruleset_key: str, lang: str) -> list[StarPlayer]:
    """The edition's star players as selectors.stars gives them."""
    return selectors.stars_by_name(_star_rows(ruleset_key), lang)


@per_content_version(maxsize=16)
def inducements(ruleset_key: str) -> list[Inducement]:
    """The edition's inducements as selectors.inducements gives them (every team page prices them)."""
    return selectors.inducements(ruleset_or_404(ruleset_key))


def warm_rows() -> None:
    """Every ruleset with its tables, teams, star players and inducements, read under the current
    content version."""
    for ruleset in selectors.rulesets():
        _tables(ruleset.key)
        _teams(ruleset.key)
        _star_rows(ruleset.key)
        inducements(ruleset.key)
