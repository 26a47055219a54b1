"""A square of a Ball & Chain move (`chain:N`, both editions) and 2025 Fungus the Loon's Whirling
Dervish: hand-derived answers, and a seeded simulation written here without the solver.

The rules read: the 2025 Ball & Chain text (the throw-in template, a D6 for each square) and the
classic one (the same template); FFB's ThrowInMechanic (1-2, 3-4, 5-6: the three ways) and
`bb2025/move/StepMoveBallAndChain`: the direction is re-rolled only by a DIRECTION re-roll source,
Whirling Dervish alone (ONCE_PER_TURN: once per activation, as the star's text says), or by a team
re-roll under the game option ALLOW_BALL_AND_CHAIN_RE_ROLL, off by default (GameOptionFactory).
So neither a team re-roll nor Pro saves it here. N is how many of the three ways will do."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest

from rulebook.engine import get_edition
from rulebook.engine.turn import Turn, TurnError, TurnPlayer, TurnStep, solve_turn

LRB6, BB = get_edition("lrb6"), get_edition("bb2025")
DERVISH = frozenset({"whirling-dervish"})


def solved(edition, steps: tuple[TurnStep, ...], skills: frozenset[str] = frozenset(), team: int = 0) -> F:
    return solve_turn(edition, Turn(steps, (TurnPlayer("p", skills),), team)).probability


def chain(ways: int, **options: object) -> TurnStep:
    return TurnStep("chain", ways, "p", **options)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("edition", "steps", "skills", "team", "expected"),
    [
        # One way of three: two faces of six; two ways: four faces.
        (LRB6, (chain(1),), frozenset(), 0, F(1, 3)),
        (BB, (chain(2),), frozenset(), 0, F(2, 3)),
        # Team re-rolls and Pro do not save a direction.
        (LRB6, (chain(1),), frozenset({"pro"}), 3, F(1, 3)),
        (BB, (chain(1), chain(1)), frozenset({"pro"}), 3, F(1, 9)),
        # Whirling Dervish: the D6 again once, 1/3 + 2/3 * 1/3.
        (BB, (chain(1),), DERVISH, 0, F(5, 9)),
        # Two squares, one re-roll for the activation: kept if the first works (1/3 * 5/9), spent on
        # it otherwise (2/3 * 1/3 * 1/3): 5/27 + 2/27.
        (BB, (chain(1), chain(1)), DERVISH, 1, F(7, 27)),
        # Two ways, then one: 2/3 * 5/9 + 1/3 * 2/3 * 1/3 = 10/27 + 2/27.
        (BB, (chain(2), chain(1)), DERVISH, 0, F(4, 9)),
        # The wrong way is a miss, not a turnover: "!" steps follow it (a two-dice block, 5/9, on
        # whoever stands there): 1/3 + 2/3 * 5/9.
        (LRB6, (chain(1), TurnStep("block", 2, "p", on_miss=True)), frozenset(), 0, F(19, 27)),
    ],
)
def test_ball_and_chain_hand_derived(edition, steps, skills, team, expected) -> None:
    assert solved(edition, steps, skills, team) == expected


def test_a_way_count_outside_one_or_two_and_the_dervish_in_the_classic_rules_are_refused() -> None:
    for ways in (0, 3):
        with pytest.raises(TurnError) as refused:
            solved(BB, (chain(ways),))
        assert refused.value.code == "chain_ways"
    with pytest.raises(TurnError) as refused:
        solved(LRB6, (chain(1),), DERVISH)
    assert refused.value.code == "skill_not_in_edition"


def simulated(squares: tuple[int, ...], dervish: bool, trials: int, seed: int) -> float:
    """Each square's D6 on the template; the Dervish's one re-roll spent on the first wrong way."""
    rng = random.Random(seed)
    made = 0
    for _ in range(trials):
        left = dervish
        for ways in squares:
            good = range(7 - 2 * ways, 7)
            if rng.randint(1, 6) in good:
                continue
            if left:
                left = False
                if rng.randint(1, 6) in good:
                    continue
            break
        else:
            made += 1
    return made / trials


@pytest.mark.parametrize("squares", [(1, 1), (2, 1, 2), (2, 2, 2)])
def test_the_solver_agrees_with_a_simulation_of_the_rules(squares: tuple[int, ...]) -> None:
    # With one re-roll and every square needed, spending it on the first failure is the best play.
    exact = solved(BB, tuple(chain(w) for w in squares), DERVISH)
    assert abs(float(exact) - simulated(squares, True, 40_000, 7)) < 0.01
