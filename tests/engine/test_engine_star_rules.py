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
