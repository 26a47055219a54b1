"""A sequence of rolls with the re-rolls at hand: the odds calculator inside a step."""

from __future__ import annotations

from typing import Any

from rulebook.engine import TurnOdds

from ..odds.calculator import solve
from ..odds.classic import SKILL_CHOICES, OddsError
from ..odds.code import parse_code
from ..shared.values import Flag, Num, Pct, Target, Word
from .base import ActionError, ActionKind, ExplanationPanel, Field, Marks, Outcome
from .common import (
    TEAM_REROLL,
    skill_field,
)
from .workspace import Workspace


def sequence_fields(ws: Workspace) -> list[Field]:
    return [TEAM_REROLL, *(skill_field(f"skill_{s.replace('-', '_')}", s) for s in SKILL_CHOICES)]


def sequence_defaults(ws: Workspace) -> dict[str, Any]:
    skills = set(ws.action.get("skills", ()))
    return {
        "team_reroll": ws.action.get("team_rerolls", 1) > 0,
        **{f"skill_{s.replace('-', '_')}": s in skills for s in SKILL_CHOICES},
    }


def _odds(ws: Workspace, skills: set[str], rerolls: int) -> TurnOdds:
    """The step's rolls as a share code of one player, solved by the odds calculator's engine."""
    player = f"player={','.join(sorted(skills))};" if skills else ""
    try:
        return solve(parse_code(f"{ws.edition.key};rr{rerolls};{player}{ws.action['steps']}"))
    except OddsError:
        raise ActionError("bad_steps") from None


def sequence_run(ws: Workspace, values: dict[str, Any]) -> Outcome:
    skills = {s for s in SKILL_CHOICES if values.get(f"skill_{s.replace('-', '_')}")}
    rerolls = int(ws.action.get("team_rerolls", 1)) or 1 if values.get("team_reroll", True) else 0
    result = _odds(ws, skills, rerolls)
    base = _odds(ws, set(), 0)
    outcome = Outcome(
        values={
            "probability": Pct(result.probability),
            "no_reroll": Pct(base.probability),
            "team_rerolls": Num(result.team_rerolls),
            "gain": Pct(result.probability - base.probability),
        }
    )
    for index, step in enumerate(result.steps, start=1):
        outcome.values[f"p{index}"] = Pct(step.alone)
        outcome.values[f"t{index}"] = Target(step.step.value)
    limit = ws.edition.team_rerolls_per_turn
    outcome.values.update(
        {
            "rolls": Num(len(result.steps)),
            "per_turn": Num(limit) if limit is not None else Word("no_limit"),
            "loner_target": Target(ws.edition.loner_default_target),
            "pro_target": Target(ws.edition.pro_target),
            "team_reroll": Flag(rerolls > 0),
            **{f"skill_{s.replace('-', '_')}": Flag(s in skills) for s in SKILL_CHOICES},
        }
    )
    outcome.panels = [ExplanationPanel("probability", None, [("probability", {"value": Pct(result.probability)})])]
    outcome.chart = [(Word("success"), result.probability), (Word("failure"), 1 - result.probability)]
    mover = ws.action.get("player")
    if mover:
        outcome.marks = Marks(zones_against=ws.spec(mover).team)
    return outcome


KINDS = (ActionKind("sequence", sequence_fields, sequence_defaults, sequence_run, ("team_reroll",)),)
