"""The content rows pages start from (rulebook/keptrows.py): every table and team of a ruleset read
in one go and kept for the content version, read before the first reader by the server's warm-up,
read again after an edit, an unknown slug still a 404, and pages alike cold or warm."""

from __future__ import annotations

import pytest
from django.db import connection
from django.http import Http404
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils.translation import override

from rulebook import keptrows
from rulebook.models import GameTable, Team
from rulebook.serving.store import pages

pytestmark = pytest.mark.django_db


def forget() -> None:
    for kept in (keptrows.ruleset_or_404, keptrows._tables, keptrows._teams):
        kept.cache_clear()


def test_after_the_warm_up_a_team_or_table_asks_the_database_only_its_version() -> None:
    forget()
    keptrows.warm_rows()
    lrb6 = keptrows.ruleset_or_404("lrb6")
    with CaptureQueriesContext(connection) as asked:
        team = keptrows.team_or_404(lrb6, "dwarf")
        table = keptrows.table_or_404(lrb6, "injury")
        positionals = [p.slug for p in team.positionals.all()]  # prefetched with the team
    assert (team.slug, table.slug) == ("dwarf", "injury") and positionals
    assert all("content" in q["sql"].lower() and "version" in q["sql"].lower() for q in asked.captured_queries)


def test_an_edit_gives_the_new_row() -> None:
    lrb6 = keptrows.ruleset_or_404("lrb6")
    before = keptrows.team_or_404(lrb6, "dwarf")
    assert keptrows.team_or_404(lrb6, "dwarf") is before
    team = Team.objects.get(ruleset__key="lrb6", slug="dwarf")
    team.name_fr = "Nains (modifiés)"
    team.save()  # a new content version (rulebook/signals.py)
    after = keptrows.team_or_404(keptrows.ruleset_or_404("lrb6"), "dwarf")
    assert after is not before and after.name_fr == "Nains (modifiés)"


def test_an_unknown_slug_is_the_selectors_404_and_keeps_nothing() -> None:
    lrb6 = keptrows.ruleset_or_404("lrb6")
    with override("en"), pytest.raises(Http404, match="no team called"):
        keptrows.team_or_404(lrb6, "no-such-team")
    with override("en"), pytest.raises(Http404, match="no table called"):
        keptrows.table_or_404(lrb6, "no-such-table")
    assert "no-such-team" not in keptrows._teams("lrb6")


def test_every_team_and_table_is_kept() -> None:
    for key in ("lrb6", "bb2025", "dreadball2"):
        assert set(keptrows._teams(key)) == set(Team.objects.filter(ruleset__key=key).values_list("slug", flat=True))
        assert set(keptrows._tables(key)) == set(
            GameTable.objects.filter(ruleset__key=key).values_list("slug", flat=True)
        )


@pytest.mark.parametrize(
    "address",
    [
        "/es/bb2025/teams/dwarf/builder/?rerolls=2&apothecary=1",
        "/fr/lrb6/tables/injury/?roll=100007",
        "/it/lrb6/teams/dwarf/",
    ],
)
def test_pages_are_the_same_cold_or_warm(address: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pages, "get", lambda key: None)  # every request renders
    client = Client()
    forget()
    cold = client.get(address)
    warm = client.get(address)
    assert cold.status_code == warm.status_code == 200
    assert cold.content == warm.content
