"""GET /api/v1/board?edition=…&board=<code>&player=<id>[&target=<square>][&lang=…]: the answers of
the board page as JSON (documented in tutorial/README.md, "Board API"). Squares are written as in
the board code ("m8"); probabilities are exact ("n/d") with a float beside them; the skills the
numbers leave out are named in `lang`. A bad request raises ApiError with the code error's key as
its problem ("edition", "no_player", "off_pitch"…)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from rulebook.http import QueryError, query_choice
from rulebook.serving import ApiError
from rulebook.vocab import BLOOD_BOWL_EDITIONS, LANGS

from . import messages, words
from .answers import Answer, RouteRoll, answer
from .code import LONER, STATS, CodeError, Position, format_code, loner_target, parse_square, square_name
from .page import read_position


def _exact(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def _chance(p: Fraction) -> dict[str, Any]:
    return {"probability": _exact(p), "probability_float": round(float(p), 6)}


def payload(query: Mapping[str, str]) -> dict[str, Any]:
    try:
        edition = query_choice(query, "edition", BLOOD_BOWL_EDITIONS, "lrb6")
    except QueryError as error:
        raise ApiError(f"edition: {error.message}", "edition") from None
    try:
        lang = query_choice(query, "lang", LANGS, "en")
    except QueryError as error:
        raise ApiError(f"lang: {error.message}", "bad_parameter") from None
    try:
        position = read_position(edition, query.get("board") or "")
        target = parse_square((query.get("target") or "").strip()[:3]) if query.get("target") else None
    except CodeError as error:
        raise ApiError(messages.english(error, edition), error.key) from None
    result: dict[str, Any] = {"edition": edition, "board": format_code(position), "players": _players(position)}
    player = (query.get("player") or "").strip()[:3]
    if not player:
        return result
    if position.piece(player) is None:
        raise ApiError(messages.english(CodeError("no_player", player=player)), "no_player")
    found = answer(position, player, target)
    result.update(_answer(found))
    result["not_counted"] = [{"skill": s, "name": words.skill_name(edition, lang, s)} for s in found.not_counted]
    return result


def _players(position: Position) -> list[dict[str, Any]]:
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
        }
        for p in position.pieces
    ]


def _roll(r: RouteRoll) -> dict[str, Any]:
    return {
        "kind": r.kind,
        "square": square_name(r.square),
        "target": r.target,
        "probability": _exact(r.chance),
        "rerolls": list(r.rerolls),
        "stops_here": _exact(r.stops),
    }


def _answer(found: Answer) -> dict[str, Any]:
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
