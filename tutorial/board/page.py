"""The board page: read the position and the view from the query, apply the action it asks for
(then the view redirects to the canonical URL of the result), and build what the template shows
in the reader's language: the board, the answers for the chosen player, the forms."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from ..shared.options import option_list
from . import answerlinks, drawing, edit, rosters, words
from .actions import action_panel
from .code import (
    COLUMNS,
    MAX_TEAM_REROLLS,
    Position,
    square_name,
)
from .edit import View
from .examples import board_url, examples
from .panels import answer_panels
from .scene import (
    EDITION_NAMES,
    Rosters,
    blocks_there,
    draw,
    fit_zoom,
    legend,
    position_lines,
    read_state,
    replace_view,
    status_line,
)

# The squares' columns and rows, as the forms offer them (six selects of each on a page).
COLUMN_OPTIONS = option_list((c, c) for c in COLUMNS)
ROW_OPTIONS = option_list((str(r), str(r)) for r in range(1, 16))


@dataclass
class Board:
    """Everything the template needs (see board.html)."""

    edition: str
    lang: str
    code: str
    position: Position
    view: View
    error: str = ""
    error_note: str = ""  # what the board shows instead
    redirect: str = ""  # set when an action was applied: the canonical URL of the result
    svg: SafeString = field(default_factory=lambda: mark_safe(""))
    context: dict[str, Any] = field(default_factory=dict)
    widest: int = max(drawing.WINDOWS)  # the widest zoom this position may be drawn at (drawing.py)
    narrowed: bool = False  # the zoom asked for was wider than that


def content_rosters(edition: str) -> Rosters:
    """The edition's rosters from the content: positionals' profiles, set-ups and names."""
    return Rosters(
        profile=lambda value: rosters.profile(edition, value),
        set_up=lambda at, team, roster: rosters.set_up(edition, at, team, roster),
        check=rosters.check_positionals,
        name=rosters.piece_name,
    )


def build(edition: str, query: Mapping[str, str], lang: str) -> Board:
    """The page for this query; .redirect is set when the query asked for a change."""
    state = read_state(edition, query, content_rosters(edition))
    if state.changed:
        return Board(
            edition, lang, state.code, state.position, state.view, redirect=board_url(edition, lang, state.query())
        )
    position, error, note, code = state.position, state.error, state.error_note, state.code
    view, widest = fit_zoom(state.view, code)
    narrowed = view.zoom < state.view.zoom
    page = Board(edition, lang, code, position, view, error=error, error_note=note, widest=widest, narrowed=narrowed)
    _fill(page)
    return page


def _fill(page: Board) -> None:
    position, view, edition, lang = page.position, page.view, page.edition, page.lang
    other = next(key for key in EDITION_NAMES if key != edition)

    def url(v: View, **extra: str) -> str:
        return board_url(edition, lang, edit.view_query(page.code, v, **extra))

    named = content_rosters(edition)
    scene = draw(position, view, lang, url, named)
    result, chosen, crop, here = scene.result, scene.chosen, scene.crop, scene.here
    page.svg = mark_safe(scene.svg)
    tools = [
        ("select", _("Choose"), ""),
        ("target", _("Aim"), ""),
        ("move", _("Move"), ""),
        ("ball", _("Ball"), ""),
        ("add-a", words.team_name("A"), _("Add a player:")),  # shown as "+ Team A"
        ("add-b", words.team_name("B"), _("Add a player:")),
        ("remove", _("Remove"), ""),
    ]
    pans = {
        "left": drawing.panned(crop, -3, 0),
        "right": drawing.panned(crop, 3, 0),
        "up": drawing.panned(crop, 0, -4),
        "down": drawing.panned(crop, 0, 4),
    }
    page.context = {
        "edition_name": str(EDITION_NAMES[edition]),
        "tools": [
            {
                "key": key,
                "label": label,
                "hidden": hidden,
                "url": url(replace_view(here, tool=key)),
                "current": view.tool == key,
            }
            for key, label, hidden in tools
        ],
        "tool_hint": _zoom_hint(page, _("Tap a part of the pitch to see it close up."))
        if view.zoom == 3
        else _zoom_hint(page, _tool_hint(view, chosen is not None)),
        "pans": {name: url(replace_view(view, origin=origin)) if origin else "" for name, origin in pans.items()},
        "zoom_in": url(replace_view(view, zoom=view.zoom - 1, origin=None)) if view.zoom > 1 else "",
        "zoom_out": url(replace_view(view, zoom=view.zoom + 1, origin=None)) if view.zoom < page.widest else "",
        "shows": [
            {"key": key, "label": label, "url": url(replace_view(here, show=key)), "current": view.show == key}
            for key, label in (("reach", _("Where he can get")), ("pass", _("Pass ranges")))
        ],
        "status": status_line(position, view, result, lang, named),
        "panels": _named(answer_panels(position, view, result, lang, url, here), position, lang)
        if result and chosen
        else None,
        "action": answerlinks.with_links(
            action_panel(position, chosen.id, view.target, lang, view.ask), here, url, reverse("tutorial:odds")
        )
        if result and chosen and not blocks_there(result, view)
        else None,
        "chosen": chosen,
        "hidden": _hidden(page.code, here),
        "columns": COLUMN_OPTIONS,
        "rows": ROW_OPTIONS,
        "positions": position_lines(position, lang, named),
        "code": page.code,
        "share_url": url(replace_view(view, tool="select", origin=None)),
        "empty_url": board_url(edition, lang),
        "legend": legend(view, result),
        "form_action": board_url(edition, lang),
        "weathers": words.weather_choices(edition, lang),
        "positional_groups": rosters.choice_options(edition, lang),
        "setup_teams": rosters.team_choices(edition, lang),
        "reroll_choices": list(range(MAX_TEAM_REROLLS + 1)),
        "rerolls": position.rerolls,
        "ball_col": COLUMNS[position.ball[0]] if position.ball else "",
        "ball_row": str(position.ball[1] + 1) if position.ball else "",
        "target_col": COLUMNS[view.target[0]] if view.target else "",
        "target_row": str(view.target[1] + 1) if view.target else "",
        "chosen_col": COLUMNS[chosen.square[0]] if chosen else "",
        "chosen_row": str(chosen.square[1] + 1) if chosen else "",
        "examples": examples(edition, lang),
        "other_edition_url": board_url(other, lang),
        "other_edition_label": _("The board for %(edition)s") % {"edition": str(EDITION_NAMES[other])},
    }


def _named(panels: dict[str, Any], position: Position, lang: str) -> dict[str, Any]:
    """The answer's player named by his positional when he has one ("Human Blitzer #4")."""
    piece = position.piece(panels["player"]["id"])
    if piece is not None:
        panels["player"]["name"] = rosters.positional_label(position, piece, lang)
    return panels


def _hidden(code: str, view: View) -> list[tuple[str, str]]:
    """The page state as hidden fields, so every form sends it along."""
    params = [("b", code)]
    if view.player:
        params.append(("p", view.player))
    if view.target is not None:
        params.append(("t", square_name(view.target)))
    for name, value, default in (
        ("tool", view.tool, "select"),
        ("show", view.show, "reach"),
        ("z", str(view.zoom), "1"),
    ):
        if value != default:
            params.append((name, value))
    if view.origin is not None:
        params.append(("v", square_name(view.origin)))
    if view.ask:
        params.append(("ask", view.ask))
    return params


def _zoom_hint(page: Board, hint: str) -> str:
    if not page.narrowed:
        return hint
    return (
        hint
        + " "
        + _(
            "This position has too many players and skills to show that much of the pitch at once: move the view with the arrows."
        )
    )


def _tool_hint(view: View, chosen: bool) -> str:
    hints = {
        "select": _("Tap a player to choose him, then an empty square to see the way there.")
        if not chosen
        else _("Tap an empty square for the best path there, or another player to choose him."),
        "target": _("Tap any square to ask about it: the path there, a pass to it, a block on the player there."),
        "add-a": _("Tap an empty square to put a player of team A there."),
        "add-b": _("Tap an empty square to put a player of team B there."),
        "move": _("Tap an empty square to move the chosen player there."),
        "ball": _("Tap a square to put the ball there (tap it again to take it away)."),
        "remove": _("Tap a player to take him off the pitch."),
    }
    return hints[view.tool]
