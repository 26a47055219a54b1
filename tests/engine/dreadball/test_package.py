"""Package hygiene: reason keys, standard-library only, JSON-friendly breakdowns."""

from __future__ import annotations

import ast
import json
import re
import sys
from fractions import Fraction
from pathlib import Path

from rulebook.engine.dreadball.checks import dice_pool, fixed_check_odds, opposed_check_odds
from rulebook.engine.dreadball.dice import SuccessDistribution
from rulebook.engine.dreadball.explain import Breakdown, Modifier
from rulebook.engine.dreadball.reasons import REASONS, gloss

PACKAGE = Path(__file__).resolve().parents[3] / "rulebook" / "engine" / "dreadball"
SOURCES = sorted(PACKAGE.glob("*.py"))
SNAKE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")


def test_reason_keys_are_snake_case_with_english_gloss() -> None:
    for key, text in REASONS.items():
        assert SNAKE.match(key), key
        assert text.strip() and gloss(key) == text


def test_every_reason_key_in_the_code_is_listed() -> None:
    used: set[str] = set()
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in {"Note", "Modifier", "Breakdown"}:
                for arg in node.args:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        used.add(arg.value)
    assert used, "no reason keys found: the scan is broken"
    assert used <= set(REASONS), used - set(REASONS)


def test_standard_library_only_and_no_django() -> None:
    allowed = set(sys.stdlib_module_names) | {"__future__"}
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in allowed, f"{path.name} imports {name}"


def test_breakdowns_serialise_to_json_with_exact_fractions() -> None:
    pool = dice_pool([Modifier(-1, "throw_range_penalty", {"hexes": 5})], coach_dice=1)
    odds = fixed_check_odds(pool.result, 4, 1)
    opposed = opposed_check_odds(SuccessDistribution(2, 4), SuccessDistribution(3, 5))
    for b in (pool, odds, opposed, SuccessDistribution(3, 4).explain_at_least(2)):
        assert isinstance(b, Breakdown)
        json.dumps(b.to_dict())
    assert Fraction(odds.to_dict()["result"]["double"]) == odds.result.double
