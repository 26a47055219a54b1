"""What the phone asks the engine offline: the offline pack's entry point (rulebook/offline/
engine_pack.py packs this module and everything it imports; static/js/engine.js runs it under
Pyodide). Each function takes and returns JSON text, and answers with the very functions the
server's pages and API use: the odds of a query (calculator, answer), the board's answers for a
position code (board.payload) and its page's live part (board.offline_html), the builder's
pricing of a roster (rulebook.builder), a tutorial step's answer for its try-it inputs (stepview).
Django-free: the words come from the pack (rulebook/portable/packed.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rulebook import builder as team_builder
from rulebook import portable
from rulebook.portable.packed import PackedWords
from rulebook.portable.queries import PairsQuery

from .board import messages, words
from .board.answers import answer
from .board.code import CodeError, format_code, parse_square
from .board.offline_html import board_answer
from .board.payload import answer_data, players, read_position
from .odds import calculator
from .odds.answer import present
from .odds.classic import OddsError
from .odds.form import form_of, has_form, read_form
from .odds.form_view import filled
from .odds.labels import skill_label
from .odds.offline_html import problems_html, result_html
from .shared import phrases
from .shared.scenario import all_scenarios, get_scenario
from .shared.values import plain
from .stepview import step_result
from .stepview_html import result_html as step_html


def start(words: str, catalogue_path: str) -> str:
    """Installs the pack's words of one language: its JSON and the compiled catalogue (a file the
    page script wrote into Pyodide's file system; empty for English)."""
    data = json.loads(words)
    portable.install(PackedWords(data, Path(catalogue_path).read_bytes()))
    _teams.clear()
    _teams.update(data.get("teams", {}))
    return str(data["lang"])


_teams: dict[str, Any] = {}


def warm() -> None:
    """Reads the pack's data files (the phrases, the tutorial's scenarios) before the page keeps the
    interpreter's memory (static/js/engine.js), so that a start from that snapshot needs no file
    but the catalogue."""
    phrases.load()
    all_scenarios()


def odds(pairs_json: str, lang: str) -> str:
    """The odds page's answer for a query string's (name, value) pairs: the result's HTML (the
    page's words and charts), the share code, the chance and the form's fields (the API's numbers
    are odds_check's: the page shows none of them, and they cost a second reading and solving)."""
    query = PairsQuery(json.loads(pairs_json))
    try:
        if has_form(query):
            form = read_form(query)
            sequence = form.sequence
            if sequence is None:
                problems = [calculator.page_error(e) for e in form.errors]
                shown = {"html": problems_html(problems), "code": "", "form": filled(form, lang)}
                return json.dumps(shown, ensure_ascii=False)
        else:
            sequence = calculator.read(query)
            form = form_of(sequence)
    except OddsError as error:
        return json.dumps({"html": problems_html([calculator.page_error(error)]), "code": ""}, ensure_ascii=False)
    result = present(sequence, calculator.solve(sequence), lang)
    payload = {
        "code": sequence.code(),
        "html": result_html(result, skill_label(sequence.edition, "frenzy", lang)),
        "probability": result["probability"],
        "fraction": result["fraction"],
        "form": filled(form, lang),
    }
    return json.dumps(payload, ensure_ascii=False)


def odds_check(code: str, lang: str) -> str:
    """A share code's API answer (/api/v1/odds) and the result's HTML, or the API's refusal
    {"error": …}: what the equality test compares with the server's."""
    try:
        api = calculator.api_payload({"c": code})
    except OddsError as error:
        return json.dumps({"error": str(error)})
    sequence = calculator.read({"c": code})
    result = present(sequence, calculator.solve(sequence), lang)
    html = result_html(result, skill_label(sequence.edition, "frenzy", lang))
    return json.dumps({"api": api, "html": html}, ensure_ascii=False)


def board(query_json: str, lang: str) -> str:
    """The board API's answer (/api/v1/board) for a query, or {"error": …} in the reader's language."""
    query: dict[str, str] = json.loads(query_json)
    edition = query.get("edition") or "lrb6"
    try:
        position = read_position(edition, query.get("board") or "")
        raw_target = (query.get("target") or "").strip()[:3]
        target = parse_square(raw_target) if raw_target else None
        result: dict[str, Any] = {"edition": edition, "board": format_code(position), "players": players(position)}
        player = (query.get("player") or "").strip()[:3]
        if player:
            if position.piece(player) is None:
                raise CodeError("no_player", player=player)
            found = answer(position, player, target)
            result.update(answer_data(found))
            result["not_counted"] = [
                {"skill": s, "name": words.skill_name(edition, lang, s)} for s in found.not_counted
            ]
    except CodeError as error:
        return json.dumps({"error": messages.message(error, edition)}, ensure_ascii=False)
    return json.dumps(result, ensure_ascii=False)


def board_page(edition: str, pairs_json: str, lang: str, base: str) -> str:
    """The board page's answer for a query string's (name, value) pairs: the board, its status
    line and the chosen player's answers (board/offline_html.py), links to `base`."""
    found = board_answer(edition, PairsQuery(json.loads(pairs_json)), lang, base)
    return json.dumps(found, ensure_ascii=False)


def team_data(ruleset: str, slug: str) -> team_builder.TeamData | None:
    found = _teams.get(ruleset, {}).get(slug)
    if found is None:
        return None
    return team_builder.TeamData(
        ruleset=ruleset,
        reroll_cost=found["reroll_cost"],
        apothecary=found["apothecary"],
        big_guys_max=found["big_guys_max"],
        positionals=tuple(team_builder.PositionalData(*p) for p in found["positionals"]),
        captain_rule=found["captain_rule"],
        captain_skill=found["captain_skill"],
    )


def roster(ruleset: str, slug: str, query_json: str, lang: str) -> str:
    """The builder's reading and pricing of a roster link: each field, the sheet's totals and the
    broken rules in the reader's language."""
    team = team_data(ruleset, slug)
    if team is None:
        return json.dumps({"error": "unknown team"})
    built = team_builder.build(team, PairsQuery(json.loads(query_json)), lang)
    return json.dumps(team_builder.as_data(built), ensure_ascii=False)


def tutorial_step(slug: str, number: int, pairs_json: str, lang: str, board_base: str) -> str:
    """A tutorial step's answer for a query string's (name, value) pairs: the #step-result element
    (with each field's message out of band), the form's fields as read, and the engine's values;
    its board link goes to `board_base`, the board page of the step's edition."""
    scenario = get_scenario(slug)
    if scenario is None or not 1 <= number <= len(scenario.steps):
        return json.dumps({"error": "unknown step"})
    shown = step_result(scenario, number, PairsQuery(json.loads(pairs_json)), lang)
    board_url = f"{board_base}?{shown.board_query}" if shown.board_query and board_base else ""
    fields = [{"name": f.name, "kind": f.kind, "value": f.value, "error": f.error} for f in shown.fields]
    answer = {
        "html": step_html(shown, board_url, out_of_band=True),
        "fields": fields,
        "values": {name: plain(value) for name, value in shown.values.items()},
    }
    return json.dumps(answer, ensure_ascii=False)
