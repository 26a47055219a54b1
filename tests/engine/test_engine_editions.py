"""One interface, two rule sets, looked up by key."""

from __future__ import annotations

import pytest

from rulebook.engine.editions import EDITIONS, Bb2025, Edition, Lrb6, get_edition
from rulebook.engine.editions.base import lookup
from rulebook.engine.editions.lrb6 import agility_table


def test_lookup_by_key() -> None:
    assert isinstance(get_edition("lrb6"), Lrb6) and isinstance(get_edition("bb2025"), Bb2025)
    assert set(EDITIONS) == {"lrb6", "bb2025"}
    assert all(issubclass(cls, Edition) for cls in EDITIONS.values())
    with pytest.raises(KeyError):
        get_edition("lrb5")
    with pytest.raises(ValueError):
        get_edition("bb2025", pass_range_modifiers="seed-004")
    assert get_edition("lrb6") == get_edition("lrb6") and hash(get_edition("lrb6")) == hash(get_edition("lrb6"))
    assert get_edition("lrb6") != get_edition("lrb6", pass_range_modifiers="seed-004")


@pytest.mark.parametrize("ag,target", [(1, 6), (2, 5), (3, 4), (4, 3), (5, 2), (6, 2), (7, 2), (0, 6)])
def test_agility_table(ag: int, target: int) -> None:
    assert agility_table(ag) == target


def test_rule_switches_differ_where_the_editions_do() -> None:
    lrb6, bb = get_edition("lrb6"), get_edition("bb2025")
    assert (lrb6.side_step_skill, bb.side_step_skill) == ("side-step", "sidestep")
    assert (lrb6.team_rerolls_per_turn, bb.team_rerolls_per_turn) == (1, None)
    assert (lrb6.pro_target, bb.pro_target) == (4, 3)
    assert lrb6.armour_broken(9, 8) and not lrb6.armour_broken(8, 8)
    assert bb.armour_broken(9, 9) and not bb.armour_broken(8, 9)
    assert lrb6.fumbles(2, 1) and bb.fumbles(2, 1) and bb.fumbles(1, 3) and not bb.fumbles(3, 2)
    # Break Tackle: classic ST instead of AG; 2025 +1 / +2 / +3 by ST
    assert (lrb6.break_tackle_bonus(4, 2), lrb6.break_tackle_bonus(2, 4)) == (2, 0)
    assert [bb.break_tackle_bonus(st, 3) for st in (2, 3, 4, 5, 6)] == [1, 1, 2, 3, 3]
    assert (lrb6.casualty_die, bb.casualty_die) == ("d68", "d16")


def test_tables_cover_their_dice() -> None:
    for edition in (get_edition("lrb6"), get_edition("bb2025")):
        for table in (edition.kickoff_table, edition.weather_table):
            assert [lookup(table, t).lo <= t for t in range(2, 13)] == [True] * 11
        rolls = (
            [t * 10 + u for t in range(1, 7) for u in range(1, 9)]
            if edition.casualty_die == "d68"
            else list(range(1, 17))
        )
        assert all(lookup(edition.casualty_table, r) for r in rolls)
        with pytest.raises(KeyError):
            lookup(edition.kickoff_table, 13)
