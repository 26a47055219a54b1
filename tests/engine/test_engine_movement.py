"""Movement rules with hand-computed probabilities."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

import pytest
from engine_helpers import AWAY, HOME, board, player

from rulebook.engine.editions import get_edition
from rulebook.engine.movement import (
    Resources,
    path_probability,
    path_rolls,
    pickup_roll,
    resources_for,
    sequence_success,
)
from rulebook.engine.types import Square, Status, Weather

LRB6, BB = get_edition("lrb6"), get_edition("bb2025")
S = Square


DODGE_TO = S(4, 5)


def dodge_target(edition, mover, *others, to=DODGE_TO):
    b = board(mover, *others)
    return edition.dodge_test(mover, b, mover.square, to)


def test_issue_example_dodge_then_two_gfis_without_team_reroll() -> None:
    """AG 3 with Dodge: one dodge (3+, re-rolled: 8/9), then two GFIs (2+ each: 25/36)."""
    me = player("me", HOME, 5, 5, "dodge", ma=1, ag=3)
    b = board(me, player("o", AWAY, 6, 6))
    result = path_probability(LRB6, me, b, [S(4, 5), S(3, 5), S(2, 5)], team_rerolls=0)
    assert result.probability == F(8, 9) * F(25, 36)
    assert [r.kind for r in result.rolls] == ["dodge", "rush", "rush"]


def test_team_reroll_covers_one_failure() -> None:
    me = player("me", HOME, 5, 5, ma=1, ag=3)
    b = board(me, player("o", AWAY, 6, 6))
    p = [F(4, 6), F(5, 6), F(5, 6)]
    expected = p[0] * p[1] * p[2] * (1 + sum(1 - x for x in p))  # at most one failure, re-rolled
    assert path_probability(LRB6, me, b, [S(4, 5), S(3, 5), S(2, 5)]).probability == expected


def test_lrb6_explanation_reads_5_plus() -> None:
    """5+: dodge with AG 3 (4+), +1 dodge, two tackle zones on the destination -2."""
    me = player("me", HOME, 5, 5, ag=3)
    expl = dodge_target(LRB6, me, player("o1", AWAY, 6, 5), player("o2", AWAY, 3, 4), player("o3", AWAY, 3, 6))
    assert expl.result == 5
    assert (expl.base, expl.base_reason, dict(expl.base_params)) == (4, "agility_table", {"ag": 3})
    assert [(m.value, m.reason, dict(m.params)) for m in expl.modifiers] == [
        (1, "dodge_roll", {}),
        (-2, "tackle_zones_on_destination", {"count": 2}),
    ]


def test_bb2025_dodge_minus_one_per_marking_player() -> None:
    me = player("me", HOME, 5, 5, ag=3)
    expl = dodge_target(BB, me, player("o1", AWAY, 6, 5), player("o2", AWAY, 3, 4), player("o3", AWAY, 3, 6))
    assert (expl.base, expl.base_reason, expl.result) == (3, "agility_target", 5)
    assert [m.reason for m in expl.modifiers] == ["marked_on_destination"]


@pytest.mark.parametrize("ag,target", [(1, 6), (2, 5), (3, 4), (4, 3), (5, 2), (6, 2)])
def test_lrb6_agility_table_then_modifiers(ag: int, target: int) -> None:
    me = player("me", HOME, 5, 5, ag=ag)
    expl = dodge_target(LRB6, me, player("o", AWAY, 6, 5), player("o2", AWAY, 3, 4))  # -1 on destination
    assert expl.result == target


def test_stunty_two_heads_prehensile_tail_diving_tackle() -> None:
    marks = (player("o1", AWAY, 6, 5), player("o2", AWAY, 3, 4))
    stunty = player("me", HOME, 5, 5, "stunty", ag=3)
    assert dodge_target(LRB6, stunty, *marks).result == 3
    assert dodge_target(BB, stunty, *marks).result == 3
    heads = player("me", HOME, 5, 5, "two-heads", ag=3)
    assert dodge_target(LRB6, heads, *marks).result == 3
    tail = (player("o1", AWAY, 6, 5, "prehensile-tail"), player("o2", AWAY, 3, 4))
    assert dodge_target(LRB6, player("me", HOME, 5, 5, ag=3), *tail).result == 5
    diver = (player("o1", AWAY, 6, 5, "diving-tackle"),)
    assert dodge_target(BB, player("me", HOME, 5, 5, ag=3), *diver).result == 5


def test_tackle_cancels_the_dodge_skill() -> None:
    me = player("me", HOME, 5, 5, "dodge", ag=3)
    with_tackle = board(me, player("o", AWAY, 6, 6, "tackle"))
    without = board(me, player("o", AWAY, 6, 6))
    assert path_probability(LRB6, me, with_tackle, [S(4, 5)], team_rerolls=0).probability == F(4, 6)
    assert path_probability(LRB6, me, without, [S(4, 5)], team_rerolls=0).probability == F(8, 9)


def test_dodge_skill_rerolls_once_per_turn() -> None:
    me = player("me", HOME, 5, 5, "dodge", ag=3)
    b = board(me, player("o", AWAY, 6, 6), player("o2", AWAY, 4, 7))
    # dodge into o2's zone (4+), then out of it (3+): only one Dodge re-roll
    p1, p2 = F(3, 6), F(4, 6)
    expected = p1 * p2 * (1 + (1 - p1) + (1 - p2))
    assert path_probability(LRB6, me, b, [S(4, 6), S(3, 5)], team_rerolls=0).probability == expected


def test_break_tackle_lrb6_uses_strength_once_per_turn() -> None:
    me = player("me", HOME, 5, 5, "break-tackle", ag=2, st=4)
    b = board(me, player("o", AWAY, 6, 5), player("o2", AWAY, 3, 4))
    plain = LRB6.dodge_test(me, b, me.square, S(4, 5))
    strong = LRB6.dodge_test(me, b, me.square, S(4, 5), break_tackle=True)
    assert (plain.result, strong.result) == (5, 3)  # table(AG 2) = 5 vs table(ST 4) = 3, +1 dodge, -1 zone
    assert strong.base_reason == "break_tackle_strength"
    assert path_probability(LRB6, me, b, [S(4, 5)], team_rerolls=0).probability == F(4, 6)


def test_break_tackle_bb2025_adds_one_two_or_three() -> None:
    me = player("me", HOME, 5, 5, "break-tackle", ag=4, st=5)
    b = board(me, player("o", AWAY, 6, 5))
    assert BB.dodge_test(me, b, me.square, S(4, 5), break_tackle=True).result == 2
    weak = replace(me, st=3)
    assert BB.dodge_test(weak, b, me.square, S(4, 5), break_tackle=True).result == 3
    assert BB.dodge_test(replace(me, st=4, ag=5), b, me.square, S(4, 5), break_tackle=True).result == 3
    # dodges at 5+ then 4+: Break Tackle (+3) is best spent on the first (2+ then 4+)
    b2 = board(me, player("o", AWAY, 6, 5), player("o2", AWAY, 3, 3))
    assert path_probability(BB, me, b2, [S(4, 4), S(3, 5)], team_rerolls=0).probability == F(5, 6) * F(3, 6)


def test_rush_sure_feet_sprint_blizzard() -> None:
    me = player("me", HOME, 5, 5, ma=0)
    b = board(me)
    assert path_probability(LRB6, me, b, [S(6, 5)], team_rerolls=0).probability == F(5, 6)
    assert path_probability(LRB6, me, b, [S(6, 5)], team_rerolls=0, weather=Weather.BLIZZARD).probability == F(4, 6)
    feet = player("me", HOME, 5, 5, "sure-feet", ma=0)
    assert path_probability(BB, feet, board(feet), [S(6, 5), S(7, 5)], team_rerolls=0).probability == (
        F(25, 36) * (1 + F(2, 6))
    )
    with pytest.raises(ValueError):
        path_rolls(LRB6, me, b, [S(6, 5), S(7, 5), S(8, 5)])
    sprinter = player("me", HOME, 5, 5, "sprint", ma=0)
    assert len(path_rolls(LRB6, sprinter, board(sprinter), [S(6, 5), S(7, 5), S(8, 5)])) == 3


def test_standing_up() -> None:
    prone = player("me", HOME, 5, 5, ma=6).with_status(Status.PRONE)
    rolls = path_rolls(LRB6, prone, board(prone), [S(6, 5), S(7, 5), S(8, 5), S(9, 5)])
    assert [r.kind for r in rolls] == ["rush"]  # 3 to stand, 3 free moves, 1 rush
    slow = player("me", HOME, 5, 5, ma=2).with_status(Status.PRONE)
    rolls = path_rolls(BB, slow, board(slow), [S(6, 5)])
    assert [(r.kind, r.target) for r in rolls] == [("stand_up", 4), ("rush", 2)]
    assert path_probability(BB, slow, board(slow), [], team_rerolls=0).probability == F(1, 2)
    stunned = player("me", HOME, 5, 5).with_status(Status.STUNNED)
    with pytest.raises(ValueError):
        path_rolls(LRB6, stunned, board(stunned), [])


def test_pickup() -> None:
    me = player("me", HOME, 5, 5, ag=3)
    mark = player("o", AWAY, 6, 5)
    b = board(me, mark)
    assert pickup_roll(LRB6, me, b, me.square).target == 4  # 4+ -1 pickup... +1 pickup, -1 zone
    assert pickup_roll(LRB6, me, board(me), me.square, Weather.POURING_RAIN).target == 4
    assert pickup_roll(BB, me, b, me.square).target == 4
    big = player("me", HOME, 5, 5, "big-hand", ag=3)
    assert pickup_roll(LRB6, big, board(big, mark), big.square, Weather.POURING_RAIN).target == 3
    arms = player("me", HOME, 5, 5, "extra-arms", ag=3)
    assert pickup_roll(BB, arms, board(arms, mark), arms.square).target == 3
    hands = player("me", HOME, 5, 5, "sure-hands", ag=3)
    roll = pickup_roll(LRB6, hands, board(hands), hands.square)
    assert roll.skill_reroll == "sure-hands"
    assert sequence_success([roll], resources_for(hands, LRB6, 0)) == F(8, 9)


def test_loner_and_pro() -> None:
    loner = player("me", HOME, 5, 5, "loner", ma=0)
    expected = F(5, 6) + F(1, 6) * F(1, 2) * F(5, 6)
    assert path_probability(LRB6, loner, board(loner), [S(6, 5)]).probability == expected
    pro = player("me", HOME, 5, 5, "pro", ma=0)
    assert path_probability(LRB6, pro, board(pro), [S(6, 5)], team_rerolls=0).probability == expected
    bb_pro = F(5, 6) + F(1, 6) * F(4, 6) * F(5, 6)  # Pro works on 3+ in bb2025
    assert path_probability(BB, pro, board(pro), [S(6, 5)], team_rerolls=0).probability == bb_pro


def test_a_loner_rolls_the_target_his_roster_prints_where_the_edition_has_one() -> None:
    loner3 = replace(player("me", HOME, 5, 5, "loner", ma=0), loner=3)
    # bb2025 prints Loner (3+) on some rosters: the team re-roll goes ahead on 3+, not 4+.
    assert path_probability(BB, loner3, board(loner3), [S(6, 5)]).probability == F(5, 6) + F(1, 6) * F(4, 6) * F(5, 6)
    # The classic rules know one Loner roll (4+): a target on the player changes nothing there.
    assert path_probability(LRB6, loner3, board(loner3), [S(6, 5)]).probability == F(5, 6) + F(1, 6) * F(1, 2) * F(5, 6)
    # Without the skill, the target is never read.
    plain = replace(loner3, skills=frozenset())
    assert path_probability(BB, plain, board(plain), [S(6, 5)]).probability == F(5, 6) + F(1, 6) * F(5, 6)


def test_team_reroll_limit_per_edition() -> None:
    me = player("me", HOME, 5, 5, ma=0)
    assert resources_for(me, LRB6, team_rerolls=3).team == 1
    assert resources_for(me, BB, team_rerolls=3).team == 3
    two = [S(6, 5), S(7, 5)]
    p = F(5, 6)
    assert path_probability(LRB6, me, board(me), two, team_rerolls=3).probability == p * p * (1 + 2 * (1 - p))
    assert path_probability(BB, me, board(me), two, team_rerolls=3).probability == (p + (1 - p) * p) ** 2


def test_optimal_choice_between_dodge_skill_and_team_reroll() -> None:
    """A Loner with Dodge: the DP keeps whichever re-roll is worth more later."""
    roll_dodge = ("dodge", 4)
    from rulebook.engine.explain import Explanation
    from rulebook.engine.movement import Roll

    e = Explanation(0, "x")
    rolls = [Roll("dodge", 4, e, S(0, 0), "dodge"), Roll("dodge", 6, e, S(0, 0), "dodge")]
    res = Resources(team=1, skills=frozenset({"dodge"}), loner_target=4)
    value = sequence_success(rolls, res)
    assert 0 < value <= 1 and roll_dodge
    # never worse than a fixed "skill first" policy
    skill_first = F(1, 2) * (F(1, 6) + F(5, 6) * F(1, 2) * F(1, 6)) + F(1, 2) * F(1, 2) * (
        F(1, 6) + F(5, 6) * F(1, 2) * F(1, 6)
    )
    assert value >= skill_first


def test_illegal_paths() -> None:
    me = player("me", HOME, 5, 5)
    b = board(me, player("o", AWAY, 6, 5))
    with pytest.raises(ValueError):
        path_rolls(LRB6, me, b, [S(7, 5)])  # not adjacent
    with pytest.raises(ValueError):
        path_rolls(LRB6, me, b, [S(6, 5)])  # occupied
