"""Star players' special rules that change a roll of the odds (rulebook/engine/skills.py), each
with its hand derivation. Two sources each: the star's page (BBBase, the content's rule text) and FFB."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from rulebook.engine import get_edition
from rulebook.engine.turn import Turn, TurnError, TurnPlayer, TurnStep, solve_turn
from tutorial.odds.code import parse_code

BB, LRB6 = get_edition("bb2025"), get_edition("lrb6")


def chance(skills: frozenset[str], rerolls: int = 0) -> F:
    steps = (TurnStep("dauntless", 5, "p"), TurnStep("block", 2, "p", defender_chooses=True))
    return solve_turn(BB, Turn(steps, (TurnPlayer("p", skills),), rerolls)).probability


def test_blind_rage_rerolls_the_dauntless_d6() -> None:
    # ST 3 against ST 5: D6 + 3 > 5 on 3+ (2/3); Blind Rage re-rolls a failure: 1 - (1/3)^2 = 8/9.
    # Then one die (Pow or Pushed-and-down without Dodge: 1/3), after a failure -2 dice (1/9).
    assert chance(frozenset({"blind-rage"})) == F(8, 9) * F(1, 3) + F(1, 9) * F(1, 9)
    assert chance(frozenset()) == F(2, 3) * F(1, 3) + F(1, 3) * F(1, 9)  # without it, as before


def test_blind_rage_in_the_share_code_and_only_in_2025() -> None:
    code = parse_code("bb2025;rr0;p=blind-rage;p.dauntless:5,block:-2d")
    assert solve_turn(BB, code.turn()).probability == F(8, 9) * F(1, 3) + F(1, 9) * F(1, 9)
    assert "blind-rage" in code.code()
    with pytest.raises(TurnError):
        solve_turn(LRB6, parse_code("lrb6;rr0;p=blind-rage;p.dauntless:5,block:-2d").turn())


def odds(code: str) -> F:
    return solve_turn(BB if code.startswith("bb2025") else LRB6, parse_code(code).turn()).probability


def test_mesmerising_dance_rerolls_the_gaze_once() -> None:
    # Hypnotic Gaze on 3+: 2/3; re-rolled once: 1 - (1/3)^2 = 8/9; a team re-roll adds nothing to
    # that one roll (2025: never two re-rolls on one roll).
    assert odds("bb2025;rr0;gaze:3") == F(2, 3)
    assert odds("bb2025;rr0;p=mesmerising-dance;gaze:3") == odds("bb2025;rr1;p=mesmerising-dance;gaze:3") == F(8, 9)
    # Once: two gazes by him, the re-roll kept for the second unless the first fails:
    # 2/3 * 8/9 + 1/3 * 2/3 * 2/3 = 16/27 + 4/27 = 20/27 (each re-rolled: 64/81).
    assert odds("bb2025;rr0;p=mesmerising-dance;gaze:3,gaze:3") == F(20, 27)


def test_the_ballista_rerolls_the_throw_team_mates_test_not_a_pass() -> None:
    # Throw Team-mate, superb on 4+, subpar on 2-3, fumbled on 1. Not fumbled: 5/6; with the
    # Ballista a fumble is thrown again: 5/6 + 1/6 * 5/6 = 35/36.
    assert odds("bb2025;rr0;ttm:4") == F(5, 6) and odds("bb2025;rr0;p=the-ballista;ttm:4") == F(35, 36)
    # Then the landing, 3+ after a superb throw and 4+ after a subpar one (2025): 1/2 * 2/3 + 1/3 * 1/2
    # = 1/2. With the Ballista a fumble is re-thrown (1/2 then, as a first throw); a subpar throw
    # kept or re-thrown is worth 1/2 either way: 1/3 + 1/6 + 1/6 * 1/2 = 7/12.
    assert odds("bb2025;rr0;ttm:4,land:3") == F(1, 2)
    assert odds("bb2025;rr0;p=the-ballista;ttm:4,land:3") == F(7, 12)
    # The 2025 text names the Throw Team-mate only: a pass is not re-rolled (FFB's class, written
    # for 2020 too, would re-roll it).
    assert odds("bb2025;rr0;p=the-ballista;pass:4") == odds("bb2025;rr0;pass:4") == F(1, 2)


@pytest.mark.parametrize("rule", ["mesmerising-dance", "the-ballista"])
def test_the_2025_star_rules_are_refused_in_the_classic_rules(rule: str) -> None:
    with pytest.raises(TurnError):
        odds(f"lrb6;rr0;p={rule};gaze:3")
