"""Exact path probabilities agree with a seeded Monte Carlo run of the same rules."""

from __future__ import annotations

import random

from engine_helpers import HOME, close_enough, mid_game_board
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.engine.dice import d6
from rulebook.engine.editions import get_edition
from rulebook.engine.movement import Roll, path_probability, resources_for
from rulebook.engine.probability import clamp_target
from rulebook.engine.reach import reach_map
from rulebook.engine.types import Board, Player, Square

LRB6, BB = get_edition("lrb6"), get_edition("bb2025")


def passes(roll_target: int, rng: random.Random) -> bool:
    return d6(rng) >= clamp_target(roll_target)


def simulate_path(rolls: tuple[Roll, ...], team: int, skills: set[str], rng: random.Random) -> bool:
    """Play the rolls with the obvious policy: the roll's own skill first, then a team re-roll."""
    skills = set(skills)
    for roll in rolls:
        if passes(roll.target, rng):
            continue
        if roll.skill_reroll in skills:
            skills.discard(roll.skill_reroll)
        elif team:
            team -= 1
        else:
            return False
        if not passes(roll.target, rng):
            return False
    return True


@settings(max_examples=20, deadline=None, database=None)
@given(
    seed=st.integers(0, 10**6),
    skills=st.sets(st.sampled_from(["dodge", "sure-feet"])),
    ma=st.integers(2, 6),
    edition=st.sampled_from([LRB6, BB]),
    team=st.integers(0, 1),
)
def test_reach_paths_match_monte_carlo(seed, skills, ma, edition, team) -> None:
    me = Player("me", HOME, Square(12, 7), ma=ma, skills=frozenset(skills))
    others = mid_game_board(seed, keep_clear=[])
    others = [p for p in others if p.square != me.square]
    b = Board(others + [me])
    rm = reach_map(edition, me, b, team_rerolls=team)
    rng = random.Random(seed)
    squares = sorted(rm, key=lambda sq: rm.probability(sq))[:3]  # the hardest squares
    for square in squares:
        result = path_probability(edition, me, b, rm.path(square), team_rerolls=team)
        res = resources_for(me, edition, team)
        trials = 2000
        hits = sum(simulate_path(result.rolls, res.team, set(res.skills), rng) for _ in range(trials))
        assert close_enough(result.probability, hits, trials), square
