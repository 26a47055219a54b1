"""The board's answers as plain data (the API's JSON: squares written as in the board code, exact
probabilities "n/d" with a float beside them), and the position read from its code: a
Django-free module, which the phone runs too (the offline pack)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from . import words
from .answers import Answer, RouteRoll
from .code import LONER, MAX_CODE_LENGTH, STATS, CodeError, Position, check, loner_target, parse, square_name


def read_position(edition: str, raw: str) -> Position:
    if len(raw) > MAX_CODE_LENGTH:
        raise CodeError("too_long", limit=MAX_CODE_LENGTH)
    return check(parse(edition, raw), words.known_skills(edition))


def _exact(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def _chance(p: Fraction) -> dict[str, Any]:
    return {"probability": _exact(p), "probability_float": round(float(p), 6)}


def _roll(r: RouteRoll) -> dict[str, Any]:
    return {
        "kind": r.kind,
        "square": square_name(r.square),
        "target": r.target,
        "probability": _exact(r.chance),
        "rerolls": list(r.rerolls),
        "stops_here": _exact(r.stops),
    }


def players(position: Position) -> list[dict[str, Any]]:
    return [
        {
            "id": p.id,
            "square": square_name(p.square),
            "ma": p.ma,
            "st": p.st,
            "ag": p.ag,
            **({"pa": p.pa} if "pa" in STATS[position.edition] else {}),
            "av": p.av,
            "skills": list(p.skills),
            **({"loner_target": loner_target(position.edition, p)} if LONER in p.skills else {}),
            "status": p.status,
            **({"positional": p.positional} if p.positional else {}),
        }
        for p in position.pieces
    ]


def answer_data(found: Answer) -> dict[str, Any]:
    reach = {}
    if found.reach_map is not None:
        for cell, p in sorted(found.reach.items()):
            reach[square_name(cell)] = {**_chance(p), "path": [square_name(c) for c in found.path(cell)]}
    out: dict[str, Any] = {
        "player": found.player,
        "team_rerolls": found.team_rerolls,
        "holds_ball": found.holds_ball,
        "reach": reach,
        "blocks": [
            {
                "defender": b.defender,
                "square": square_name(b.square),
                "before": [_roll(r) for r in b.before],
                "happens": _exact(b.happens),
                "dice": b.dice,
                "chooser": b.chooser,
                "attacker_strength": b.attacker_strength,
                "defender_strength": b.defender_strength,
                "assists": {"offensive": list(b.offensive), "defensive": list(b.defensive)},
                "outcomes": {category: _exact(p) for category, p in b.outcomes},
                "knocked_down": _exact(b.knocked_down),
                "push": {
                    "kind": b.push_kind,
                    "chooser": b.push_chooser,
                    "squares": [square_name(c) for c in b.push_squares],
                },
            }
            for b in found.blocks
        ],
        "passes": {
            b.band: {
                "target": b.target,
                "accurate": _exact(b.accurate),
                "accurate_with_rerolls": _exact(b.accurate_with_rerolls),
                "inaccurate": _exact(b.inaccurate),
                "fumble": _exact(b.fumble),
                "kept": _exact(b.kept),
                "squares": b.squares,
            }
            for b in found.bands
        },
    }
    if found.route is not None:
        out["route"] = {
            "square": square_name(found.route.target),
            **_chance(found.route.probability),
            "path": [square_name(c) for c in found.route.path],
            "rolls": [_roll(r) for r in found.route.rolls],
        }
    target = found.pass_target
    if target is not None:
        out["pass"] = {
            "square": square_name(target.square),
            "band": target.band,
            "accurate_with_rerolls": _exact(target.accurate_with_rerolls)
            if target.accurate_with_rerolls is not None
            else None,
            "interceptors": [
                {
                    "player": i.player,
                    "square": square_name(i.square),
                    "target": i.target,
                    "probability": _exact(i.chance),
                    "probability_inaccurate_pass": _exact(i.chance_inaccurate),
                    "rerolled_by": i.rerolled_by or None,
                    "safe_throw_target": i.cancel_target,
                }
                for i in target.interceptors
            ],
            "catcher": target.catcher,
            "pass_and_catch": _exact(target.pass_and_catch) if target.pass_and_catch is not None else None,
        }
    return out
