"""The shared query-string readers: ASCII digits only, bounded ranges, named errors."""

from __future__ import annotations

import pytest

from rulebook.http import QueryError, parse_int, query_choice, query_int, query_text

pytestmark = pytest.mark.database_free  # no database, cache or server: runs once in CI


@pytest.mark.parametrize("raw", ["²", "١٢", "1e3", "", " ", "9" * 13, "--1", "+", "0x10", "3.0"])
def test_numbers_other_than_ascii_digits_are_refused(raw: str) -> None:
    with pytest.raises(QueryError):
        parse_int(raw, 0, 10**15)


def test_numbers_within_range() -> None:
    assert parse_int(" 7 ", 1, 8) == 7
    assert parse_int("-2", -4, 4) == -2
    with pytest.raises(QueryError) as error:
        parse_int("9", 1, 8, "team_reroll")
    assert error.value.param == "team_reroll"


def test_defaults_choices_and_text() -> None:
    assert query_int({}, "limit", 1, 100, 20) == 20
    with pytest.raises(QueryError):
        query_int({}, "limit", 1, 100)
    assert query_choice({"edition": "bb2025"}, "edition", ("lrb6", "bb2025")) == "bb2025"
    with pytest.raises(QueryError):
        query_choice({"edition": "bb2020"}, "edition", ("lrb6", "bb2025"))
    assert query_text({"q": " sure\x00 hands "}, "q") == "sure hands"
    assert len(query_text({"q": "x" * 5000}, "q")) == 200
