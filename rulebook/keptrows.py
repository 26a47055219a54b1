"""The content rows a page starts from (its ruleset, its table, its team with everything the
team's pages read), kept in each process for the current content version.

A page nobody has asked for yet (a new roll of a table, another choice in the team builder) used
to spend most of its time building the same SQL for the same rows: Django compiles each query
again at every request (about 3 ms each here: a table page made 8, the builder 11). The rows only
change with the content version, so they are asked for once per version and process
(rendering/version.per_content_version); an edit gives a new version and the next request reads
them again. The kept instances are shared by every request of the process: callers read them and
never change them. An unknown key is not kept (a 404 each time, and no room taken by a crawler's
made-up slugs)."""

from __future__ import annotations

from . import selectors
from .models import GameTable, Ruleset, Team
from .rendering.version import per_content_version


@per_content_version(maxsize=16)
def ruleset_or_404(key: str) -> Ruleset:
    return selectors.ruleset_or_404(key)


@per_content_version(maxsize=256)
def _table(ruleset_key: str, slug: str) -> GameTable:
    return selectors.table_or_404(ruleset_or_404(ruleset_key), slug)


@per_content_version(maxsize=256)
def _team(ruleset_key: str, slug: str) -> Team:
    return selectors.team_or_404(ruleset_or_404(ruleset_key), slug)


def table_or_404(ruleset: Ruleset, slug: str) -> GameTable:
    return _table(ruleset.key, slug)


def team_or_404(ruleset: Ruleset, slug: str) -> Team:
    return _team(ruleset.key, slug)
