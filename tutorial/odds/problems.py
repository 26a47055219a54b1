"""The odds API's problem keys (the "problem" beside the English "error", rulebook/serving/api.py):
one stable key per kind of mistake, so a program can tell them apart without reading the English.
Each message template of the calculator has its key here (tests/tutorial/odds/test_api_problems.py
fails for a template without one); the rules the engine refuses keep the engine's own code."""

from __future__ import annotations

from rulebook.serving.api import BAD_PARAMETER

from . import classic, code
from .calculator import RULE_MESSAGES
from .classic import OddsError

TEMPLATE_PROBLEMS = {
    classic.D6_RANGE: "d6_target",
    classic.BLOCK_DICE: "block_dice",
    classic.ONE_DIE: "one_die",
    classic.ARMOUR_RANGE: "armour_value",
    code.ARMOUR_PLUS_RANGE: "armour_value",
    code.ST_RANGE: "st_value",
    code.CHAIN_WAYS: "chain_ways",  # the engine's own code for the same refusal
    code.UNKNOWN_KIND: "unknown_step",
    classic.NOT_A_NUMBER: "not_a_number",
    classic.NO_VALUE: "no_value",
    classic.NO_STEPS: "no_steps",
    classic.TOO_MANY_STEPS: "too_many_steps",
    classic.UNKNOWN_SKILLS: "unknown_skill",
    code.UNKNOWN_SKILL: "unknown_skill",
    code.UNKNOWN_OPTION: "unknown_option",
    code.BAD_GOAL: "unknown_goal",
    code.BAD_CHOICE: "reroll_choice",
    code.BOTH_MARKS: "both_marks",
    code.NUMBER_RANGE: "option_range",
    code.BAD_PLAYER_NAME: "player_name",
    code.TOO_MANY_PLAYERS: "too_many_players",
    code.TWICE: "player_twice",
    code.BAD_SETTING: "unknown_setting",
    code.TEAM_RANGE: "team_rerolls",  # also the calculator's own team_reroll range
}
# The rules engine.turn.check refuses (a Loner target the edition does not print…): its own codes.
RULE_PROBLEMS = {template: rule for rule, template in RULE_MESSAGES.items()}
SUBJECT_PROBLEMS = {"edition": "edition"}  # the parameter itself is the problem


def problem_key(error: OddsError) -> str:
    """The stable key of a calculator error ("d6_target", "loner_target", "edition"…)."""
    found = TEMPLATE_PROBLEMS.get(error.template) or RULE_PROBLEMS.get(error.template)
    return found or SUBJECT_PROBLEMS.get(error.subject, BAD_PARAMETER)
