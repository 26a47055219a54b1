"""Armour, injury and casualty tables."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction as F

from engine_helpers import AWAY, HOME, close_enough, player
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.engine.dice import d6
from rulebook.engine.editions import get_edition
from rulebook.engine.editions.base import lookup
from rulebook.engine.injury import casualty_distribution, full_injury_distribution, injury_outcome, injury_result

LRB6, BB = get_edition("lrb6"), get_edition("bb2025")


def at_least(n: int) -> F:
    return F(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= n), 36)


def test_plain_armour_and_injury_lrb6() -> None:
    out = injury_outcome(LRB6, player("d", AWAY, 1, 1, av=8))
    assert out.armour_broken == at_least(9)
    assert out.distribution["armour_holds"] == 1 - at_least(9)
    assert out.distribution["stunned"] == at_least(9) * (1 - at_least(8))
    assert out.distribution["knocked_out"] == at_least(9) * (at_least(8) - at_least(10))
    assert out.distribution["casualty"] == at_least(9) * at_least(10)
    assert out.explanation.base == 8 and out.explanation.result == out.armour_broken


def test_bb2025_armour_is_a_target() -> None:
    assert injury_outcome(BB, player("d", AWAY, 1, 1, av=9)).armour_broken == at_least(9)


def test_mighty_blow_goes_where_it_helps() -> None:
    mb = player("a", HOME, 0, 0, "mighty-blow")
    out = injury_outcome(LRB6, player("d", AWAY, 1, 1, av=8), attacker=mb)
    assert out.armour_broken == at_least(8)
    # armour 8 exactly: MB used on armour, plain injury; armour 9+: MB on injury
    exact8 = F(5, 36)
    assert out.distribution["casualty"] == exact8 * at_least(10) + at_least(9) * at_least(9)
    assert out.distribution.total() == 1
    foul_mb = injury_outcome(LRB6, player("d", AWAY, 1, 1, av=8), attacker=mb, action="foul")
    assert foul_mb.armour_broken == at_least(9)  # Mighty Blow does not help fouls


def test_claw_per_edition() -> None:
    claw = player("a", HOME, 0, 0, "claw")
    assert injury_outcome(LRB6, player("d", AWAY, 1, 1, av=10), attacker=claw).armour_broken == at_least(8)
    both = player("a", HOME, 0, 0, "claw", "mighty-blow")
    assert injury_outcome(LRB6, player("d", AWAY, 1, 1, av=10), attacker=both).armour_broken == at_least(7)
    assert injury_outcome(BB, player("d", AWAY, 1, 1, av=11), attacker=both).armour_broken == at_least(8)


def test_dirty_player_foul_and_sent_off() -> None:
    dp = player("a", HOME, 0, 0, "dirty-player")
    out = injury_outcome(LRB6, player("d", AWAY, 1, 1, av=8), attacker=dp, action="foul", armour_modifier=1)
    assert out.armour_broken == at_least(7)
    assert 0 < out.sent_off < 1
    plain = injury_outcome(LRB6, player("d", AWAY, 1, 1, av=8), action="foul")
    # doubles: armour double (1/6) or, if armour broke without a double, an injury double
    broken_no_double = F(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= 9 and a != b), 36)
    assert plain.sent_off == F(1, 6) + broken_no_double * F(1, 6)
    assert "foul_assists" in out.explanation.reason_keys()


def test_thick_skull_stunty_chainsaw_crowd() -> None:
    out = injury_outcome(LRB6, player("d", AWAY, 1, 1, "thick-skull", av=8))
    assert out.distribution["knocked_out"] == at_least(9) * F(4, 36)  # only 9 knocks out
    stunty = injury_outcome(LRB6, player("d", AWAY, 1, 1, "stunty", av=8))
    # LRB6 Stunty: 7 is KO'd, 9 Badly Hurt, 10+ a casualty (no +1 to the roll)
    assert stunty.distribution["casualty"] == at_least(9) * at_least(10)
    assert stunty.distribution["badly_hurt"] == at_least(9) * F(4, 36)
    assert stunty.distribution["knocked_out"] == at_least(9) * F(11, 36)
    bb_stunty = injury_outcome(BB, player("d", AWAY, 1, 1, "stunty", av=9))
    assert bb_stunty.distribution["badly_hurt"] == at_least(9) * F(4, 36)
    assert injury_result(BB.stunty_injury_table, 7, thick_skull=True) == "stunned"
    saw = injury_outcome(LRB6, player("d", AWAY, 1, 1, av=9), action="chainsaw")
    assert saw.armour_broken == at_least(7)
    crowd = injury_outcome(LRB6, player("d", AWAY, 1, 1, av=9), action="crowd")
    assert crowd.armour_broken == 1 and crowd.distribution["casualty"] == at_least(10)


def test_casualty_tables() -> None:
    lrb6 = casualty_distribution(LRB6)
    assert lrb6["badly_hurt"] == F(1, 2) and lrb6["dead"] == F(1, 6)
    assert lrb6.total() == 1 and len(lrb6) == 18
    assert lookup(LRB6.casualty_table, 45).effect == "miss_next_game"
    assert lookup(LRB6.casualty_table, 55).effect == "minus_av"
    bb = casualty_distribution(BB)
    assert bb.total() == 1 and bb["badly_hurt"] == F(8, 16) and bb["dead"] == F(2, 16)
    assert bb["seriously_hurt"] == F(2, 16) and bb["serious_injury"] == F(2, 16)
    full = full_injury_distribution(injury_outcome(LRB6, player("d", AWAY, 1, 1, av=8)), LRB6)
    assert full.total() == 1 and "casualty:dead" in full


def test_injury_tables_cover_every_total() -> None:
    for edition in (LRB6, BB):
        for table in (edition.injury_table, edition.stunty_injury_table):
            assert next(lookup(table, t).key for t in (2, 7)) == "stunned"
            assert all(lookup(table, t) for t in range(20))
        assert [lookup(edition.injury_table, t).key for t in (7, 8, 9, 10, 12)] == [
            "stunned",
            "knocked_out",
            "knocked_out",
            "casualty",
            "casualty",
        ]


def simulate(edition, av: int, skills: frozenset[str], action: str, rng: random.Random, trials: int) -> Counter:
    bonus = (
        1 if (action == "block" and "mighty-blow" in skills) or (action == "foul" and "dirty-player" in skills) else 0
    )
    counts: Counter = Counter()
    for _ in range(trials):
        natural = d6(rng) + d6(rng)
        broken = edition.armour_broken(natural, av)
        if "claw" in skills and action == "block" and not broken:
            broken = natural >= 8  # no armour modifier here: natural and modified rolls agree
        left = bonus
        if (
            not broken
            and bonus
            and (
                edition.armour_broken(natural + bonus, av)
                or ("claw" in skills and action == "block" and edition.claw_uses_modified_roll and natural + bonus >= 8)
            )
        ):
            broken, left = True, 0
        if not broken:
            counts["armour_holds"] += 1
            continue
        counts[injury_result(edition.injury_table, d6(rng) + d6(rng) + left, False)] += 1
    return counts


@settings(max_examples=20, deadline=None, database=None)
@given(
    seed=st.integers(0, 10**6),
    av=st.integers(6, 11),
    skills=st.sets(st.sampled_from(["mighty-blow", "claw", "dirty-player"])),
    action=st.sampled_from(["block", "foul"]),
    edition=st.sampled_from([LRB6, BB]),
)
def test_injury_matches_monte_carlo(seed, av, skills, action, edition) -> None:
    out = injury_outcome(edition, player("d", AWAY, 1, 1, av=av), player("a", HOME, 0, 0, *skills), action=action)
    assert out.distribution.total() == 1
    trials = 4000
    counts = simulate(edition, av, frozenset(skills), action, random.Random(seed), trials)
    for key in set(out.distribution) | set(counts):
        assert close_enough(out.distribution[key], counts[key], trials), key
