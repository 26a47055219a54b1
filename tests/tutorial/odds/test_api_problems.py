"""The odds API's problem keys: each kind of mistake answers its own stable key beside the English
message, and every message template of the calculator has one."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.test import Client

from tutorial.odds import calculator, problems

ODDS = Path(calculator.__file__).resolve().parent
PROBLEM_RE = re.compile(r"[a-z][a-z0-9_]*")


def message_templates(path: Path) -> dict[str, str]:
    """NAME → text of each module-level gettext_noop message the API can answer (the page-only
    wordings, *_PAGE, never reach it)."""
    found = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)):
            continue
        name = node.targets[0]
        is_message = isinstance(name, ast.Name) and getattr(node.value.func, "id", "") == "gettext_noop"
        if is_message and not name.id.endswith("_PAGE"):
            found[name.id] = ast.literal_eval(node.value.args[0])
    return found


@pytest.mark.parametrize("module", ["classic.py", "code.py"])
def test_every_message_template_has_a_problem_key(module: str) -> None:
    templates = message_templates(ODDS / module)
    assert templates, f"no message found in {module}"
    missing = [name for name, text in templates.items() if text not in problems.TEMPLATE_PROBLEMS]
    assert missing == [], f"give these a key in tutorial/odds/problems.py: {missing}"


def test_the_keys_are_stable_words_and_the_rules_keep_the_engines_codes() -> None:
    keys = {*problems.TEMPLATE_PROBLEMS.values(), *problems.RULE_PROBLEMS.values()}
    assert all(PROBLEM_RE.fullmatch(key) for key in keys)
    assert set(problems.RULE_PROBLEMS.values()) == set(calculator.RULE_MESSAGES)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("params", "problem", "message"),
    [
        ({"edition": "dreadball2"}, "edition", "edition: must be one of lrb6, bb2025"),
        ({"team_reroll": "x"}, "not_a_number", "team_reroll: “x” is not a number"),
        ({"team_reroll": "99"}, "team_rerolls", "team_reroll: must be between 0 and 8"),
        ({"c": "lrb6;rr99;dodge:3"}, "team_rerolls", "team_reroll: must be between 0 and 8"),
        (
            {"steps": "dodge:10"},
            "d6_target",
            "dodge:10: a D6 target must be between 1 and 9 (a 1 always fails, a 6 always succeeds)",
        ),
        ({"steps": "block:4d"}, "block_dice", "block:4d: a block uses 1, 2 or 3 dice"),
        ({"steps": "block:-1d"}, "one_die", "block:-1d: with one die nobody chooses; write block:1d"),
        ({"steps": "armour:20"}, "armour_value", "armour:20: an armour value must be between 2 and 12"),
        ({"c": "lrb6;armour:13+"}, "armour_value", "the roll to break armour must be between 3 and 12"),
        ({"steps": ""}, "no_steps", "steps: give at least one step"),
        ({"steps": "dodge:"}, "no_value", "dodge:: the value is missing"),
        ({"steps": "fly:3"}, "unknown_step", "fly:3: unknown step"),
        ({"steps": ",".join(["dodge:3"] * 13)}, "too_many_steps", "steps: at most 12 steps"),
        ({"steps": "dodge:3", "skills": "wings"}, "unknown_skill", "skills: unknown wings"),
        ({"c": "lrb6;p=wings;dodge:3"}, "unknown_skill", "the odds do not know the skill “wings”"),
        ({"c": "lrb6;dodge:3/zz"}, "unknown_option", "“zz” is not an option of this roll"),
        ({"c": "lrb6;a=dodge;a=dodge;dodge:3"}, "player_twice", "the player “a” is described twice"),
        ({"c": "lrb6;dodge:3;gfi:2"}, "unknown_setting", "is neither an edition, nor rrN"),
        ({"c": "lrb6;p=loner:3;dodge:3"}, "loner_target", "in this edition a Loner's target is 4+"),
        ({"c": "lrb6;p=brawler;block:1d"}, "skill_not_in_edition", "“brawler” is not a skill of this edition"),
        ({"c": "lrb6;?dodge:3"}, "conditional_first", "a step marked “?” needs a roll before it"),
    ],
)
def test_each_mistake_answers_its_key(client: Client, params: dict[str, str], problem: str, message: str) -> None:
    response = client.get("/api/v1/odds", params)
    assert response.status_code == 400
    data = response.json()
    assert set(data) == {"error", "problem"} and data["problem"] == problem and message in data["error"]
