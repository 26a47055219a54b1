"""A Throw Bomb (`bomb:N`, Bombardier in both editions) and 2025 Bomber Dribblesnot's Kaboom!:
hand-derived answers, and a seeded Monte Carlo of the same rules written here without the solver.

The rules read (the 2025 and classic Bombardier texts; FFB's `bb2025/special/StepInitBomb` and
`bb2025/shared/StepCatchScatterThrowIn`, CATCH_BOMB): the bomb is thrown as a pass, with the
passer's re-rolls; accurate, it explodes in the square aimed at unless the standing player there
catches it (then he throws it on); inaccurate or intercepted, it lands elsewhere, which is no
turnover; fumbled, it explodes in the thrower's square and knocks him down: a turnover. Kaboom!
(once per game) makes a caught bomb of Bomber's explode at once."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest
from engine_helpers import close_enough

from rulebook.engine import get_edition
from rulebook.engine.turn import Turn, TurnPlayer, TurnStep, solve_turn

LRB6, BB = get_edition("lrb6"), get_edition("bb2025")


def solved(edition, steps: tuple[TurnStep, ...], skills: frozenset[str] = frozenset(), team: int = 1) -> F:
    return solve_turn(edition, Turn(steps, (TurnPlayer("p", skills),), team)).probability


def bomb(value: int, **options: object) -> TurnStep:
    return TurnStep("bomb", value, "p", **options)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("edition", "steps", "skills", "team", "expected"),
    [
        # 3+ accurate (4/6), a team re-roll on any other face: 4/6 + 2/6 * 4/6.
        (BB, (bomb(3),), frozenset(), 1, F(8, 9)),
        (BB, (bomb(3),), frozenset(), 0, F(2, 3)),
        # The target catches it on 3+ (4/6) and throws it on: only a drop (2/6) is the blast.
        (BB, (bomb(3, catcher=3),), frozenset(), 0, F(2, 3) * F(1, 3)),
        (BB, (bomb(3, catcher=3),), frozenset(), 1, F(8, 9) * F(1, 3)),
        # Kaboom!: the caught bomb explodes anyway, so only the throw counts.
        (BB, (bomb(3, catcher=3),), frozenset({"kaboom"}), 1, F(8, 9)),
        # Two bombs, one team re-roll, Kaboom! once: V(2) = 2/3 * 40/81 + 1/3 * 2/3 * 10/27, where
        # 40/81 = 1/3 * 8/9 + 2/3 * 8/27 (Kaboom! spent on the first catch or kept) and 10/27 the same
        # without the re-roll: 1/3 * 2/3 + 2/3 * 2/9.
        (BB, (bomb(3, catcher=3), bomb(3, catcher=3)), frozenset({"kaboom"}), 1, F(100, 243)),
        # Without Kaboom! both must be dropped: 2/3 * (1/3 * 8/27) + 1/3 * 2/3 * (1/3 * 2/9).
        (BB, (bomb(3, catcher=3), bomb(3, catcher=3)), frozenset(), 1, F(20, 243)),
        # Classic: the interceptor first (5+: 2/6 takes it, no re-roll of his roll), then 4+ with a
        # team re-roll: 4/6 * 3/4.
        (LRB6, (bomb(4, intercept=5),), frozenset(), 1, F(1, 2)),
        # Classic Pass re-rolls it, and no team re-roll may follow on the same roll: 1/2 + 1/2 * 1/2.
        (LRB6, (bomb(4),), frozenset({"pass"}), 1, F(3, 4)),
        # 2025 AV8+ is broken on 8+ (15/36): 8/9 * 5/12.
        (BB, (bomb(3), TurnStep("armour", 8, "p")), frozenset(), 1, F(10, 27)),
    ],
)
def test_a_thrown_bomb_by_hand(edition, steps, skills, team: int, expected: F) -> None:
    assert solved(edition, steps, skills, team) == expected


def test_a_bomb_that_lands_elsewhere_is_no_turnover_but_a_fumble_is() -> None:
    # `bomb:3,!roll:4`: the roll follows a miss. With the re-roll on the first 1 or 2: accurate 4/6,
    # else on the second roll accurate 4/6, a fumble (1/6) ends the turn, an inaccurate bomb (1/6)
    # lets the roll be made (1/2, no re-roll left): 4/6 + 2/6 * (4/6 + 1/6 * 1/2) = 11/12.
    steps = (bomb(3), TurnStep("roll", 4, "p", on_miss=True))
    assert solved(BB, steps) == F(11, 12)


def plain_coach(edition, turn: Turn, rng: random.Random) -> bool:
    """One turn of bombs by a coach who re-rolls any throw that is not accurate (Pass first, then a
    team re-roll) and spends Kaboom! on the first catch."""
    skills = turn.player("p").skills
    team, kaboom = turn.team_rerolls, "kaboom" in skills
    for s in turn.steps:
        if edition.key == "lrb6" and s.intercept is not None and rng.randint(1, 6) >= max(2, s.intercept):
            return False
        result = ""
        for attempt in (0, 1):
            if attempt:
                if "pass" not in skills and not team:
                    break
                team -= 0 if "pass" in skills else 1
            face = rng.randint(1, 6)
            if face != 6 and (face == 1 or face <= s.fumble):
                result = "fumble"
            elif face == 6 or face >= s.value:
                result = "accurate"
                break
            else:
                result = "inaccurate"
        if result != "accurate":
            return False
        if edition.key != "lrb6" and s.intercept is not None and rng.randint(1, 6) >= max(2, s.intercept):
            return False
        if s.catcher is not None and rng.randint(1, 6) >= max(2, s.catcher):
            if not kaboom:
                return False
            kaboom = False
    return True


TURNS = [
    (BB, Turn((bomb(4, catcher=4, intercept=5), bomb(2, catcher=2)), (TurnPlayer("p", frozenset({"kaboom"})),), 1)),
    (BB, Turn((bomb(3), bomb(5, catcher=3)), (TurnPlayer("p", frozenset({"pass"})),), 1)),
    (LRB6, Turn((bomb(3, intercept=4), bomb(4, catcher=4)), (TurnPlayer("p"),), 1)),
]


@pytest.mark.parametrize(("edition", "turn"), TURNS)
def test_bombs_match_monte_carlo(edition, turn: Turn) -> None:
    """For these turns the plain plan is the best one: each re-roll and Kaboom! is spent on a bomb
    that would otherwise miss, and every bomb must hit."""
    rng = random.Random(2025)
    trials = 20000
    hits = sum(plain_coach(edition, turn, rng) for _ in range(trials))
    exact = solve_turn(edition, turn).probability
    assert close_enough(exact, hits, trials), (exact, hits / trials)
