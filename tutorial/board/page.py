"""The board page: read the position and the view from the query, apply the action it asks for
(then the view redirects to the canonical URL of the result), and build what the template shows
in the reader's language: the board, the answers for the chosen player, the forms."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rulebook.formatting import pct
from rulebook.http import QueryError

from ..shared import phrases
from ..shared.options import option_list
from ..shared.values import Pct
from . import drawing, edit, messages, rosters, words
from .actions import action_panel, action_status, best_path
from .answers import Answer, answer
from .code import (
    COLUMNS,
    MAX_TEAM_REROLLS,
    Cell,
    CodeError,
    Position,
    check,
    format_code,
    square_name,
)
from .edit import View
from .examples import board_url, examples
from .panels import answer_panels
from .payload import read_position

EDITION_NAMES = {"lrb6": gettext_lazy("Blood Bowl classic"), "bb2025": gettext_lazy("Blood Bowl 2025")}
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


def build(edition: str, query: Mapping[str, str], lang: str) -> Board:
    """The page for this query; .redirect is set when the query asked for a change."""
    raw = query.get("b") or ""
    error = ""
    note = ""
    try:
        position = read_position(edition, raw)
    except CodeError as problem:
        error, position = messages.message(problem, edition), Position(edition)
        note = _("The board below starts empty instead.")
    view = edit.read_view(query, position)
    if "do" in query and not error:
        try:
            changed, new_view = edit.apply(position, view, query, lambda value: rosters.profile(edition, value))
            check(changed, words.known_skills(edition))
        except CodeError as problem:
            error = messages.message(problem, edition)
        except QueryError as problem:
            error = messages.message(CodeError("bad_choice", field=problem.param), edition)
        else:
            code = format_code(changed)
            return Board(
                edition,
                lang,
                code,
                changed,
                new_view,
                redirect=board_url(edition, lang, edit.view_query(code, new_view)),
            )
    if error and not note:
        note = _("The board below is the position before that change.")
    code = format_code(position)
    widest = drawing.widest_zoom(len(code))
    narrowed = view.zoom > widest
    if narrowed:
        view = replace(view, zoom=widest)
    page = Board(edition, lang, code, position, view, error=error, error_note=note, widest=widest, narrowed=narrowed)
    _fill(page)
    return page


def _pct(p: Fraction) -> str:
    return pct(p)


def _fill(page: Board) -> None:
    position, view, edition, lang = page.position, page.view, page.edition, page.lang
    other = next(key for key in EDITION_NAMES if key != edition)
    chosen = position.piece(view.player or "")
    result: Answer | None = answer(position, chosen.id, view.target) if chosen else None
    crop = drawing.window(
        view.zoom, view.origin, chosen.square if chosen else None, [p.square for p in position.pieces]
    )
    # Links keep the window where it is, so a tap never moves the board under the finger.
    here = replace_view(view, origin=(crop.x0, crop.y0))

    def url(v: View, **extra: str) -> str:
        return board_url(edition, lang, edit.view_query(page.code, v, **extra))

    def tap(cell: Cell) -> str:
        if view.zoom == 3:  # the whole pitch: a tap zooms in there
            return url(replace_view(view, zoom=1, origin=_centred(cell)))
        return url(here, do="tap", sq=square_name(cell))

    page.svg = mark_safe(
        drawing.board_svg(
            drawing.Drawing(
                position=position,
                answer=result,
                crop=crop,
                zoom=view.zoom,
                show=view.show,
                target=view.target,
                chosen=chosen.id if chosen else None,
                tap_url=tap,
                square_label=lambda cell: _square_label(position, result, cell, lang),
                pct=_pct,
                title=_("Board: %(edition)s") % {"edition": str(EDITION_NAMES[edition])},
                desc=" ".join(position_lines(position, lang)) or _("An empty pitch."),
                action_path=best_path(position, chosen.id, view.target)
                if chosen and result and not _blocks_there(result, view)
                else (),
            )
        )
    )
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
        "status": _status_line(position, view, result, lang),
        "panels": answer_panels(position, view, result, lang, url, here) if result and chosen else None,
        "action": action_panel(position, chosen.id, view.target, lang)
        if result and chosen and not _blocks_there(result, view)
        else None,
        "chosen": chosen,
        "hidden": _hidden(page.code, here),
        "columns": COLUMN_OPTIONS,
        "rows": ROW_OPTIONS,
        "positions": position_lines(position, lang),
        "code": page.code,
        "share_url": url(replace_view(view, tool="select", origin=None)),
        "empty_url": board_url(edition, lang),
        "legend": _legend(view, result),
        "form_action": board_url(edition, lang),
        "weathers": words.weather_choices(edition, lang),
        "positional_groups": rosters.choice_options(edition, lang),
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


def replace_view(view: View, **changes: Any) -> View:
    return replace(view, **changes)


def _centred(cell: Cell) -> Cell:
    cols, rows = drawing.WINDOWS[1]
    return (cell[0] - cols // 2, cell[1] - rows // 2)


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


def _square_label(position: Position, result: Answer | None, cell: Cell, lang: str) -> str:
    parts = [square_name(cell)]
    piece = position.at(cell)
    if piece is not None:
        parts.append(f"{piece.id}, {words.status_name(position.edition, lang, piece.status)}")
    if position.ball == cell:
        parts.append(_("ball"))
    if result is not None and cell in result.reach:
        parts.append(Pct(result.reach[cell]).format(lang))
    return ", ".join(parts)


def position_lines(position: Position, lang: str) -> list[str]:
    """The position in words (the picture's text alternative)."""
    edition = position.edition
    lines = []
    for piece in position.pieces:
        skills = ", ".join(words.piece_skill_name(edition, lang, piece, s) for s in piece.skills)
        line = _("%(player)s on %(square)s: %(stats)s") % {
            "player": piece.id,
            "square": square_name(piece.square),
            "stats": words.stats_line(edition, lang, piece),
        }
        if piece.status != "standing":
            line += f"; {words.status_name(edition, lang, piece.status)}"
        if skills:
            line += f"; {skills}"
        lines.append(line)
    if position.ball is not None:
        holder = position.at(position.ball)
        if holder is not None:
            lines.append(_("%(player)s holds the ball.") % {"player": holder.id})
        else:
            lines.append(_("The ball is on %(square)s.") % {"square": square_name(position.ball)})
    return lines


def _blocks_there(result: Answer, view: View) -> bool:
    """The tapped square holds an opponent he can block where he stands: the block card answers."""
    return any(b.square == view.target for b in result.blocks)


def _status_line(position: Position, view: View, result: Answer | None, lang: str) -> str:
    if result is None:
        if not position.pieces:
            return _("The pitch is empty: add players with the buttons above, or open an example.")
        return _("Choose a player to see where he can get, his blocks and his passes.")
    line = _("%(player)s chosen.") % {"player": result.player}
    if view.target is None:
        return line + " " + _("Tap a square to ask about it.")
    asked = "" if _blocks_there(result, view) else action_status(position, result.player, view.target, lang)
    if asked:
        return line + " " + asked
    target = square_name(view.target)
    if result.route is not None:
        return (
            line
            + " "
            + _("%(square)s: %(chance)s to get there.")
            % {
                "square": target,
                "chance": Pct(result.route.probability).format(lang),
            }
        )
    block = next((b for b in result.blocks if b.square == view.target), None)
    if block is not None:
        return (
            line
            + " "
            + _("Block on %(player)s: %(chance)s to knock him down.")
            % {
                "player": block.defender,
                "chance": Pct(block.knocked_down).format(lang),
            }
        )
    if result.pass_target is not None and result.pass_target.band is not None:
        return (
            line
            + " "
            + _("Pass to %(square)s: %(band)s.")
            % {
                "square": target,
                "band": phrases.phrase(result.pass_target.band, lang, position.edition),
            }
        )
    return line + " " + _("%(square)s is out of his reach this turn.") % {"square": target}


def _legend(view: View, result: Answer | None) -> list[tuple[str, str]]:
    if result is None:
        return []
    if view.show == "pass":
        return [
            ("band", _("Shading from dark to light: quick pass, short pass, long pass, long bomb")),
            ("interceptor", _("Outlined: opponents who could intercept a pass to the tapped square")),
        ]
    return [
        ("heat", _("Numbers: his chance of reaching each square this turn (darker: likelier)")),
        ("arrow", _("Arrow: the best path to the tapped square")),
        ("push", _("Dashed squares: where the tapped opponent can be pushed")),
    ]
