"""The reach map counts the ball: entering its square adds the pick-up, routes through it carry
that roll, and the answers still equal the best path found by brute force."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from engine_helpers import AWAY, HOME, board, mid_game_board, player
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.engine.editions import get_edition
from rulebook.engine.movement import path_probability, path_rolls
from rulebook.engine.reach import reach_map
from rulebook.engine.types import Board, Player, Square, Status, mirror_square

LRB6, BB = get_edition("lrb6"), get_edition("bb2025")
S = Square


def test_the_ball_square_needs_the_pick_up() -> None:
    me = player("me", HOME, 5, 7, ma=6, ag=3)
    rm = reach_map(LRB6, me, Board([me], ball=S(7, 7)), team_rerolls=0)
    assert rm.probability(S(7, 7)) == F(2, 3)  # classic AG 3: 4+, +1 for the pick-up → 3+
    assert rm.probability(S(8, 7)) == 1  # round the ball, no roll at all
    assert S(7, 7) not in rm.path(S(8, 7))
    without_ball = reach_map(LRB6, me, Board([me]), team_rerolls=0)
    assert without_ball.probability(S(7, 7)) == 1


def test_sure_hands_and_the_team_reroll_save_a_failed_pick_up() -> None:
    me = player("me", HOME, 5, 7, "sure-hands", ag=3)
    b = Board([me], ball=S(6, 7))
    assert reach_map(LRB6, me, b, team_rerolls=0).probability(S(6, 7)) == F(8, 9)
    plain = player("me", HOME, 5, 7, ag=3)
    assert reach_map(BB, plain, Board([plain], ball=S(6, 7)), team_rerolls=1).probability(S(6, 7)) == F(8, 9)
    assert reach_map(BB, plain, Board([plain], ball=S(6, 7)), team_rerolls=0).probability(S(6, 7)) == F(2, 3)


def corridor(ball: Square | None) -> tuple[Player, Board]:
    """The mover at (0, 7) boxed in by team-mates, so every square beyond x = 1 is reached
    through (1, 7) only."""
    me = player("me", HOME, 0, 7, ma=4, ag=3)
    walls = [player(f"w{i}", HOME, x, y) for i, (x, y) in enumerate([(0, 6), (0, 8), (1, 6), (1, 8)])]
    walls += [player(f"v{i}", HOME, 2, y) for i, y in enumerate((5, 6, 8, 9))]
    return me, Board([me, *walls], ball=ball)


def test_routes_through_the_ball_carry_the_pick_up() -> None:
    me, b = corridor(S(1, 7))
    rm = reach_map(LRB6, me, b, team_rerolls=0)
    assert rm.probability(S(1, 7)) == F(2, 3)
    assert rm.probability(S(3, 7)) == F(2, 3)  # only through the ball
    assert rm.path(S(3, 7))[0] == S(1, 7)
    # beyond MA: the rushes come on top of the pick-up
    assert rm.probability(S(5, 7)) == F(2, 3) * F(5, 6)
    rolls = path_rolls(LRB6, me, b, rm.path(S(5, 7)))
    assert [r.kind for r in rolls] == ["pickup", "rush"]


def test_dodging_into_the_ball_then_picking_it_up_in_a_tackle_zone() -> None:
    me = player("me", HOME, 5, 7, ag=3)
    marker = player("o", AWAY, 6, 6)
    b = Board([me, marker], ball=S(6, 7))  # the ball is in the marker's tackle zone too
    rolls = path_rolls(LRB6, me, b, [S(6, 7)])
    assert [r.kind for r in rolls] == ["dodge", "pickup"]
    assert [r.target for r in rolls] == [4, 4]  # dodge 3+ −1 zone; pick-up 3+ −1 zone
    rm = reach_map(LRB6, me, b, team_rerolls=0)
    # better than 1/2 × 1/2 straight in: dodge out to a free square (3+), come back without a dodge
    assert rm.probability(S(6, 7)) == F(2, 3) * F(1, 2)
    assert len(rm.path(S(6, 7))) == 2


def test_a_rush_into_the_ball_comes_before_the_pick_up() -> None:
    me = player("me", HOME, 5, 7, ma=1, ag=3)
    b = Board([me], ball=S(7, 7))
    assert [r.kind for r in path_rolls(LRB6, me, b, [S(6, 7), S(7, 7)])] == ["rush", "pickup"]
    assert reach_map(LRB6, me, b, team_rerolls=0).probability(S(7, 7)) == F(5, 6) * F(2, 3)


def test_a_ball_he_holds_or_another_player_holds_changes_nothing() -> None:
    me = player("me", HOME, 5, 7, ag=3)
    mate = player("m", HOME, 7, 7)
    free = reach_map(LRB6, me, Board([me, mate])).probabilities()
    assert reach_map(LRB6, me, Board([me, mate], ball=S(5, 7))).probabilities() == free
    assert reach_map(LRB6, me, Board([me, mate], ball=S(7, 7))).probabilities() == free
    assert path_rolls(LRB6, me, Board([me, mate], ball=S(5, 7)), [S(6, 7), S(5, 7)]) == []


@pytest.mark.parametrize(("edition", "skill"), [(LRB6, "no-hands"), (BB, "no-ball")])
def test_a_player_who_cannot_pick_up_goes_round_the_ball(edition, skill) -> None:
    me = player("me", HOME, 5, 7, skill)
    b = Board([me], ball=S(6, 7))
    rm = reach_map(edition, me, b)
    assert S(6, 7) not in rm
    assert S(6, 7) not in rm.path(S(7, 7)) and rm.probability(S(7, 7)) == 1
    with pytest.raises(ValueError):
        path_rolls(edition, me, b, [S(6, 7)])


def test_a_prone_player_next_to_the_ball_stands_then_picks_up() -> None:
    me = player("me", HOME, 5, 7, ma=2, ag=3).with_status(Status.PRONE)
    b = Board([me], ball=S(6, 7))
    # MA 2 < 3: standing needs a 4+, and uses his normal movement; the step is a rush
    assert [r.kind for r in path_rolls(BB, me, b, [S(6, 7)])] == ["stand_up", "rush", "pickup"]
    rm = reach_map(BB, me, b, team_rerolls=0)
    assert rm.probability(S(6, 7)) == F(1, 2) * F(5, 6) * F(2, 3)


# -- against brute force and mirror images -------------------------------------------------------------


def ball_scenario(seed: int, skills: set[str], ma: int, rerolls_marker: bool) -> tuple[Player, Board]:
    """A marked mover on a random mid-game board with the ball one or two squares from him."""
    me = Player("me", HOME, S(12, 7), ma=ma, ag=3, st=3, skills=frozenset(skills))
    others = mid_game_board(seed, keep_clear=[me.location])
    markers = [Player("m1", AWAY, S(13, 7))]
    if rerolls_marker:
        markers.append(Player("m2", AWAY, S(11, 8)))
    taken = {p.square for p in [*others, *markers, me]}
    spots = [S(12 + dx, 7 + dy) for dx in range(-2, 3) for dy in range(-2, 3) if max(abs(dx), abs(dy)) >= 1]
    spots = [s for s in spots if s not in taken]
    ball = spots[seed % len(spots)]
    return me, Board([*others, *markers, me], ball=ball)


def best_by_brute_force(edition, me: Player, b: Board, rerolls: int, steps: int) -> dict[Square, F]:
    best: dict[Square, F] = {}

    def walk(path: list[Square]) -> None:
        if path:
            try:
                p = path_probability(edition, me, b, path, team_rerolls=rerolls).probability
            except ValueError:
                return
            if p > best.get(path[-1], F(0)):
                best[path[-1]] = p
        if len(path) == steps:
            return
        here = path[-1] if path else me.location
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                nxt = S(here.x + dx, here.y + dy)
                if (dx or dy) and nxt.on_pitch() and b.at(nxt) is None and nxt not in path and nxt != me.square:
                    walk(path + [nxt])

    walk([])
    return best


@pytest.mark.slow
@settings(max_examples=12, deadline=None, database=None)
@given(
    seed=st.integers(0, 10_000),
    edition=st.sampled_from([LRB6, BB]),
    skills=st.sets(st.sampled_from(["dodge", "sure-hands", "sure-feet", "break-tackle"]), max_size=2),
    rerolls=st.integers(0, 1),
    two_markers=st.booleans(),
)
def test_reach_with_the_ball_is_the_best_over_all_short_paths(seed, edition, skills, rerolls, two_markers) -> None:
    """Every path of up to 4 steps (MA 2 + 2 rushes), through, into and round the ball."""
    me, b = ball_scenario(seed, skills, 2, two_markers)
    rm = reach_map(edition, me, b, team_rerolls=rerolls)
    best = best_by_brute_force(edition, me, b, rerolls, 4)
    assert set(best) == set(rm)
    for square, p in best.items():
        assert rm.probability(square) == p, square
        assert path_probability(edition, me, b, rm.path(square), team_rerolls=rerolls).probability == p
    assert b.ball in rm and rm.probability(b.ball) < 1


@settings(max_examples=10, deadline=None, database=None)
@given(seed=st.integers(0, 10_000), edition=st.sampled_from([LRB6, BB]), horizontal=st.booleans())
def test_mirrored_boards_with_the_ball_give_mirrored_reach(seed, edition, horizontal) -> None:
    me, b = ball_scenario(seed, {"dodge"}, 6, seed % 2 == 0)
    mirrored = b.mirrored(horizontal=horizontal)
    rm, rm2 = reach_map(edition, me, b), reach_map(edition, mirrored.player("me"), mirrored)
    flipped = {mirror_square(sq, horizontal): p for sq, p in rm.probabilities().items()}
    assert flipped == rm2.probabilities()
    assert rm2.probability(mirror_square(b.ball, horizontal)) == rm.probability(b.ball)


@settings(max_examples=15, deadline=None, database=None)
@given(
    seed=st.integers(0, 10_000),
    edition=st.sampled_from([LRB6, BB]),
    skills=st.sets(st.sampled_from(["dodge", "sure-hands", "sure-feet", "sprint", "break-tackle"]), max_size=3),
    rerolls=st.integers(0, 2),
    ma=st.integers(3, 7),
)
def test_reach_with_the_ball_equals_the_path_solver_on_its_path(seed, edition, skills, rerolls, ma) -> None:
    me, b = ball_scenario(seed, skills, ma, seed % 3 == 0)
    rm = reach_map(edition, me, b, team_rerolls=rerolls)
    through = [sq for sq in rm if b.ball in rm.path(sq)]
    assert through, "some squares are best reached through the ball"
    for square in through[::3] + list(rm)[::11]:
        dp = path_probability(edition, me, b, rm.path(square), team_rerolls=rerolls).probability
        assert dp == rm.probability(square)


def test_the_ball_in_the_open_does_not_change_squares_it_is_not_on_the_way_to() -> None:
    me = player("me", HOME, 5, 7)
    far = board(me)
    with_ball = Board([me], ball=S(20, 2))
    assert reach_map(LRB6, me, far).probabilities() == reach_map(LRB6, me, with_ball).probabilities()
