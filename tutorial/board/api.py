"""GET /api/v1/board?edition=…&board=<code>&player=<id>[&target=<square>][&lang=…]: the answers of
the board page as JSON (documented in tutorial/README.md, "Board API"). Squares are written as in
the board code ("m8"); probabilities are exact ("n/d") with a float beside them; the skills the
numbers leave out are named in `lang`. A bad request raises ApiError with the code error's key as
its problem ("edition", "no_player", "off_pitch"…)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulebook.http import QueryError, query_choice
from rulebook.serving import ApiError
from rulebook.vocab import BLOOD_BOWL_EDITIONS, LANGS

from . import messages, words
from .answers import answer
from .code import CodeError, format_code, parse_square
from .payload import answer_data, players, read_position


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
    result: dict[str, Any] = {"edition": edition, "board": format_code(position), "players": players(position)}
    player = (query.get("player") or "").strip()[:3]
    if not player:
        return result
    if position.piece(player) is None:
        raise ApiError(messages.english(CodeError("no_player", player=player)), "no_player")
    found = answer(position, player, target)
    result.update(answer_data(found))
    result["not_counted"] = [{"skill": s, "name": words.skill_name(edition, lang, s)} for s in found.not_counted]
    return result
