"""The engine's tables and the content's tables are the same tables: a roll on a table page and
the engine's odds can never disagree. Read straight from the content files (no database)."""

from __future__ import annotations

import re
import tomllib

import pytest
from django.conf import settings

from rulebook.engine import get_edition
from rulebook.engine.editions.base import TableRow
from rulebook.engine.kickoff import fans_distribution

pytestmark = pytest.mark.database_free  # no database, cache or server: runs once in CI

# engine attribute → content table, per edition
TABLES = {
    "lrb6": {
        "injury_table": "injury",
        "casualty_table": "casualty",
        "kickoff_table": "kick-off",
        "weather_table": "weather",
    },
    "bb2025": {
        "injury_table": "injury",
        "stunty_injury_table": "stunty-injury",
        "casualty_table": "casualty",
        "kickoff_table": "kick-off",
        "weather_table": "weather",
    },
}
DICE_RANGE = {"2D6": (2, 12), "D16": (1, 16), "D68": (11, 68)}


def content_table(ruleset: str, slug: str) -> dict:
    path = settings.CONTENT_DIR / ruleset / "tables" / f"{slug}.toml"
    with path.open("rb") as handle:
        return tomllib.load(handle)


def key_of(english_name: str) -> str:
    """ "Knocked-out" → knocked_out, "Quick Snap!" → quick_snap: the engine's key for a row."""
    return re.sub(r"[^a-z0-9]+", "_", english_name.casefold()).strip("_")


def content_rows(table: dict) -> list[tuple[int, int, str]]:
    rows = []
    for row in table["rows"]:
        low, _, high = row["range"].partition("-")
        rows.append((int(low), int(high or low), key_of(row["name"]["en"])))
    return rows


def engine_rows(rows: tuple[TableRow, ...], dice: str) -> list[tuple[int, int, str]]:
    """The engine's rows within the dice's range (its first and last rows are open-ended, so that
    modified totals always land)."""
    lo, hi = DICE_RANGE[dice]
    return [(max(r.lo, lo), min(r.hi, hi), r.key) for r in rows if r.hi >= lo and r.lo <= hi]


CASES = [(ruleset, attribute, slug) for ruleset, tables in TABLES.items() for attribute, slug in tables.items()]


@pytest.mark.parametrize(("ruleset", "attribute", "slug"), CASES)
def test_engine_and_content_tables_agree(ruleset: str, attribute: str, slug: str) -> None:
    table = content_table(ruleset, slug)
    rows = getattr(get_edition(ruleset), attribute)
    assert engine_rows(rows, table["dice"]) == content_rows(table)


def test_the_comparison_sees_a_wrong_range_and_a_wrong_key() -> None:
    """The test above is not vacuous: the 2020 casualty rows or the 2020 kick-off events fail it."""
    casualty = content_table("bb2025", "casualty")
    stale = (TableRow(1, 6, "badly_hurt"), TableRow(7, 9, "seriously_hurt"), TableRow(10, 12, "serious_injury"))
    assert engine_rows(stale, "D16") != content_rows(casualty)[:3]
    kick_off = content_table("bb2025", "kick-off")
    stale_events = (TableRow(10, 10, "blitz"), TableRow(11, 11, "officious_ref"))
    assert engine_rows(stale_events, "2D6") != content_rows(kick_off)[8:10]


def test_2025_pre_match_fans_agree_with_the_popularity_table() -> None:
    """Fan Factor = Dedicated Fans + D3, and winnings in 10,000s: the engine's fans roll."""
    fans = fans_distribution(get_edition("bb2025"), 1)
    assert sorted(fans) == [20_000, 30_000, 40_000]
    description = content_table("bb2025", "popularity")["description"]["en"]
    assert "D3" in description and "10,000" in description
