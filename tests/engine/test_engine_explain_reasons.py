"""Every key the engine emits is documented in reasons.py; explanations are plain data."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from engine_helpers import AWAY, HOME, board, player

from rulebook.engine import reasons
from rulebook.engine.block import block_outcome
from rulebook.engine.editions import EDITIONS, get_edition
from rulebook.engine.explain import Explanation, Modifier, target_explanation
from rulebook.engine.injury import casualty_distribution, injury_outcome
from rulebook.engine.kickoff import kickoff_distribution
from rulebook.engine.movement import path_probability, pickup_roll
from rulebook.engine.passing import catch_roll, interception_chance, pass_outcome
from rulebook.engine.pitch import setup_violations
from rulebook.engine.pushback import push_options
from rulebook.engine.types import Side, Square, Status, Weather

ENGINE = Path(__file__).resolve().parents[2] / "rulebook" / "engine"
SNAKE = re.compile(r"^[a-z][a-z0-9_]*$")


def test_keys_are_snake_case_with_glosses() -> None:
    for key, gloss in reasons.ALL_KEYS.items():
        assert SNAKE.match(key), key
        assert gloss.strip(), key


def test_explanations_are_frozen() -> None:
    expl = target_explanation(4, "agility_table", [Modifier(1, "dodge_roll")])
    assert expl.result == 3
    try:
        expl.result = 2  # type: ignore[misc]
    except dataclasses.FrozenInstanceError:
        pass
    else:
        raise AssertionError("Explanation must be frozen")
    assert hash(expl) == hash(target_explanation(4, "agility_table", [Modifier(1, "dodge_roll")]))


def collect_keys() -> set[str]:
    keys: set[str] = set()
    for key in EDITIONS:
        e = get_edition(key)
        skills = frozenset(
            {
                "dodge",
                "two-heads",
                "break-tackle",
                "big-hand",
                "extra-arms",
                "nerves-of-steel",
                "accurate",
                "strong-arm",
                "very-long-legs",
            }
        )
        me = player("me", HOME, 5, 5, *skills, ma=2)
        marks = [player("o1", AWAY, 6, 5, "prehensile-tail", "diving-tackle"), player("o2", AWAY, 3, 4)]
        b = board(me, *marks)
        for weather in Weather:
            res = path_probability(e, me, b, [Square(4, 5), Square(3, 5), Square(2, 5)], weather=weather)
            keys |= res.explanation.reason_keys()
            keys |= pickup_roll(e, me, b, me.square, weather).explanation.reason_keys()
            for kind in ("accurate_pass", "hand_off", "inaccurate_pass", "bounce", "kick_off"):
                keys |= catch_roll(e, me, b, kind, weather).explanation.reason_keys()
            for target in (Square(6, 6), Square(9, 5), Square(13, 5), Square(17, 5)):
                out = pass_outcome(e, me, b, target, weather)
                if out:
                    keys |= out.explanation.reason_keys() | set(out.distribution)
        plain = player("me", HOME, 5, 5, "stunty", "thick-skull")
        keys |= pickup_roll(
            e, plain, board(plain, *marks), plain.square, Weather.POURING_RAIN
        ).explanation.reason_keys()
        keys |= e.dodge_test(plain, b, plain.square, Square(4, 5)).reason_keys()
        slow = player("me", HOME, 5, 5, ma=2).with_status(Status.PRONE)
        keys |= path_probability(e, slow, board(slow), []).explanation.reason_keys()
        for blitz in (False, True):
            att = player("a", HOME, 10, 7, "horns", "dauntless", "block", "grab")
            dfn = player("d", AWAY, 11, 7, "stand-firm", e.side_step_skill, st=4)
            helpers = [player("h", HOME, 12, 8), player("x", AWAY, 9, 7)]
            bb = board(att, dfn, *helpers)
            out = block_outcome(e, bb, att, dfn, blitz=blitz)
            keys |= out.explanation.reason_keys() | set(out.distribution)
            for d in (dfn, player("d", AWAY, 11, 7, e.side_step_skill), player("d", AWAY, 11, 7)):
                keys |= push_options(e, board(att, d, *helpers), att, d, blitz).explanation.reason_keys()
        for action in ("block", "foul", "chainsaw", "crowd"):
            a = player("a", HOME, 0, 0, "mighty-blow", "claw", "dirty-player")
            for d in (player("d", AWAY, 1, 1, "stunty", "thick-skull"), player("d", AWAY, 1, 1)):
                out = injury_outcome(e, d, a, action, armour_modifier=1)
                keys |= out.explanation.reason_keys() | set(out.distribution)
        keys |= set(casualty_distribution(e)) | {row.effect for row in e.casualty_table if row.effect}
        keys |= set(kickoff_distribution(e)) | {row.key for row in e.weather_table}
        thrower = player("t", HOME, 5, 7)
        keys |= {
            k
            for expl in interception_chance(
                e, board(thrower, player("i", AWAY, 7, 7)), thrower, Square(10, 7)
            ).explanations
            for k in expl.reason_keys()
        }
    bad = [player(f"p{i}", HOME, 20, i) for i in range(12)]
    keys |= {v.reason for v in setup_violations(bad + [player("dup", HOME, 20, 0).moved_to(Square(20, 0))], Side.LEFT)}
    return keys


def test_every_emitted_key_is_documented() -> None:
    keys = collect_keys()
    assert len(keys) > 60
    missing = sorted(k for k in keys if k not in reasons.ALL_KEYS)
    assert missing == []


def test_every_reason_literal_in_the_source_is_documented() -> None:
    """Reason keys written in Modifier(...)/Explanation(...)/Violation(...) calls are all listed."""
    pattern = re.compile(r'(?:Modifier|Violation)\(\s*[^,()]*?,?\s*"([a-z_]+)"')
    literal = re.compile(r'Modifier\([^"\n]*"([a-z_]+)"')
    found: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        if "dreadball" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        found |= set(pattern.findall(text)) | set(literal.findall(text))
    prefixes = {"catch_", "pass_range_", "push_"}
    missing = sorted(k for k in found if k not in reasons.ALL_KEYS and k not in prefixes)
    assert missing == []


def test_explanation_reason_keys_walks_children() -> None:
    child = Explanation(1, "rush_base", (Modifier(-1, "weather_blizzard"),), 3, "target_number")
    parent = Explanation(2, "path_squares", (), 0, "path_success_probability", children=(child,))
    assert parent.reason_keys() == {
        "path_squares",
        "path_success_probability",
        "rush_base",
        "weather_blizzard",
        "target_number",
    }
