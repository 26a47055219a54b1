"""Reach map: agrees with the path DP, symmetric boards give symmetric answers."""

from __future__ import annotations

import dataclasses
from fractions import Fraction as F

import pytest
from engine_helpers import AWAY, HOME, board, mid_game_board, player
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.engine.editions import get_edition
from rulebook.engine.movement import path_probability
from rulebook.engine.reach import reach_map
from rulebook.engine.types import Board, Player, Square, Status, mirror_square

LRB6, BB = get_edition("lrb6"), get_edition("bb2025")
S = Square


def test_open_field() -> None:
    me = player("me", HOME, 10, 7, ma=6)
    rm = reach_map(LRB6, me, board(me), team_rerolls=0)
    assert rm.probability(S(16, 7)) == 1 and len(rm.path(S(16, 7))) == 6
    assert rm.probability(S(17, 7)) == F(5, 6)
    assert rm.probability(S(18, 7)) == F(25, 36)
    assert S(19, 7) not in rm
    assert len(rm) == 17 * 15 - 1  # every square within 8 moves, clipped to the pitch
    entry = rm.entry(S(18, 7))
    assert (entry.moves, entry.rushes) == (8, 2)


def test_reach_respects_blocked_squares_and_prefers_safe_detours() -> None:
    me = player("me", HOME, 5, 7, ma=6)
    opp = player("o", AWAY, 7, 7)
    rm = reach_map(LRB6, me, board(me, opp), team_rerolls=0)
    assert S(7, 7) not in rm
    # going round the opponent's zone takes all 6 moves but no roll at all
    assert rm.probability(S(9, 7)) == 1
    assert len(rm.path(S(9, 7))) == 6
    assert all(p.distance(opp.square) > 1 for p in rm.path(S(9, 7))[:-1])


def test_prone_player_stands_first() -> None:
    me = player("me", HOME, 5, 7, ma=5).with_status(Status.PRONE)
    rm = reach_map(BB, me, board(me), team_rerolls=0)
    assert rm.probability(S(7, 7)) == 1 and rm.probability(S(8, 7)) == F(5, 6)
    stunned = player("me", HOME, 5, 7).with_status(Status.STUNNED)
    assert len(reach_map(BB, stunned, board(stunned))) == 0


def test_issue_example_matches_reach() -> None:
    me = player("me", HOME, 5, 5, "dodge", ma=1, ag=3)
    b = board(me, player("o", AWAY, 6, 6))
    rm = reach_map(LRB6, me, b, team_rerolls=0)
    assert rm.probability(S(2, 5)) == F(8, 9) * F(25, 36)


SKILLS = st.sets(st.sampled_from(["dodge", "sure-feet", "sprint", "stunty", "two-heads", "break-tackle"]), max_size=3)
OPP_SKILLS = st.sets(st.sampled_from(["tackle", "prehensile-tail", "diving-tackle"]), max_size=2)


def marked_scenario(seed: int, skills: set[str], opp_skills: set[str], ma: int, ag: int) -> tuple[Player, Board]:
    me = Player("me", HOME, S(12, 7), ma=ma, ag=ag, st=3 + seed % 3, skills=frozenset(skills))
    others = mid_game_board(seed, keep_clear=[me.square])
    markers = [Player("m1", AWAY, S(13, 7), skills=frozenset(opp_skills))]
    if seed % 2:
        markers.append(Player("m2", AWAY, S(11, 8)))
    return me, Board(others + markers + [me])


@settings(max_examples=25, deadline=None, database=None)
@given(
    seed=st.integers(0, 10_000),
    skills=SKILLS,
    opp=OPP_SKILLS,
    ma=st.integers(3, 7),
    ag=st.integers(2, 4),
    edition=st.sampled_from([LRB6, BB]),
    rerolls=st.integers(0, 2),
)
def test_reach_equals_path_dp_on_its_path(seed, skills, opp, ma, ag, edition, rerolls) -> None:
    me, b = marked_scenario(seed, skills, opp, ma, ag)
    rm = reach_map(edition, me, b, team_rerolls=rerolls)
    for square in list(rm)[::7]:
        dp = path_probability(edition, me, b, rm.path(square), team_rerolls=rerolls).probability
        assert dp == rm.probability(square)
        assert 0 < rm.probability(square) <= 1


@pytest.mark.slow
@settings(max_examples=10, deadline=None, database=None)
@given(seed=st.integers(0, 10_000), edition=st.sampled_from([LRB6, BB]))
def test_reach_is_the_best_over_all_short_paths(seed, edition) -> None:
    """Brute force every path of up to 4 steps from a marked player (MA 2 + 2 rushes)."""
    me, b = marked_scenario(seed, {"dodge"}, set(), 2, 3)
    rm = reach_map(edition, me, b)
    best: dict[Square, F] = {}

    def walk(path: list[Square]) -> None:
        if path:
            p = path_probability(edition, me, b, path).probability
            if p > best.get(path[-1], F(0)):
                best[path[-1]] = p
        if len(path) == 4:
            return
        here = path[-1] if path else me.square
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                nxt = S(here.x + dx, here.y + dy)
                if (dx or dy) and nxt.on_pitch() and b.at(nxt) is None and nxt not in path:
                    walk(path + [nxt])

    walk([])
    best.pop(me.square, None)
    for square, p in best.items():
        assert rm.probability(square) == p, square


@settings(max_examples=15, deadline=None, database=None)
@given(seed=st.integers(0, 10_000), edition=st.sampled_from([LRB6, BB]))
def test_symmetric_boards_give_symmetric_reach(seed, edition) -> None:
    me, b = marked_scenario(seed, {"dodge"}, set(), 6, 3)
    mirrored = b.mirrored(horizontal=True)
    me2 = mirrored.player("me")
    rm, rm2 = reach_map(edition, me, b), reach_map(edition, me2, mirrored)
    assert {mirror_square(sq): p for sq, p in rm.probabilities().items()} == rm2.probabilities()


@pytest.mark.slow
@settings(max_examples=20, deadline=None, database=None)
@given(
    seed=st.integers(0, 10_000),
    edition=st.sampled_from([LRB6, BB]),
    rerolls=st.integers(2, 3),
    skills=st.sets(st.sampled_from(["dodge", "sure-feet", "break-tackle", "sprint", "pro", "loner"]), min_size=3),
)
def test_reach_with_many_reroll_resources_never_understates_or_overstates(seed, edition, rerolls, skills) -> None:
    """Many re-roll resources make the state lattice large; the reported chance must still be the
    whole probability of arriving (equal to the path DP, or at most it when Pro/Loner are involved)."""
    me, b = marked_scenario(seed, skills, set(), 5, 3)
    rm = reach_map(edition, me, b, team_rerolls=rerolls)
    without_pro = dataclasses.replace(me, skills=me.skills - {"pro"})
    for square in list(rm)[::5]:
        path = rm.path(square)
        dp = path_probability(edition, me, b, path, team_rerolls=rerolls).probability
        if {"pro", "loner"} & skills:
            assert rm.probability(square) <= dp
        else:
            assert rm.probability(square) == dp
        if "pro" in skills and "loner" not in skills:
            # Pro can only add chances: never below the same path without it.
            floor = path_probability(edition, without_pro, b.replace_player(without_pro), path, team_rerolls=rerolls)
            assert rm.probability(square) >= floor.probability
