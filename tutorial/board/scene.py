"""The board's picture and words from a position and a view, in the reader's language: the
engine's answer for the chosen player, the window on the pitch, the SVG with a link in every
square, the status line, the legend and the position in words. Django-free, so that the board
page (page.py) and the phone offline (tutorial/phone.py) draw the same board; `url` writes a page
state's link (the server's reverse(), the phone's own path)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from rulebook.portable.i18n import gettext as _
from rulebook.portable.i18n import gettext_lazy
from rulebook.portable.numbers import pct
from rulebook.portable.queries import QueryError

from ..shared import phrases
from ..shared.diagrams import Crop
from ..shared.values import Pct
from . import drawing, edit, messages, words
from .actions import action_status, best_path
from .answers import Answer, answer
from .code import Cell, CodeError, Piece, Position, check, format_code, square_name
from .edit import View
from .payload import read_position

EDITION_NAMES = {"lrb6": gettext_lazy("Blood Bowl classic"), "bb2025": gettext_lazy("Blood Bowl 2025")}
Url = Callable[..., str]  # url(view, **extra query parameters) -> the link of that page state

TAP_MARK = "sq=%00"  # the square's place in a tap address (see draw)


def _plain_name(position: Position, piece: Piece, lang: str) -> str:
    return piece.id


@dataclass(frozen=True)
class Rosters:
    """What the board asks the content about players from a team's roster: the server's
    rosters.py (profile, set-up, known positionals, names in the reader's language). The phone
    has no rosters: a player added there is a plain one and every piece is named by its id."""

    profile: edit.Roster = edit.no_roster
    set_up: edit.SetUp = edit.no_set_up
    check: Callable[[Position], Position] = lambda position: position
    name: Callable[[Position, Piece, str], str] = _plain_name


PLAIN = Rosters()


@dataclass(frozen=True)
class State:
    """The position and view a board query asks for, after its action (do=) if it has one."""

    position: Position
    view: View
    error: str = ""  # the code or the action could not be read: why, in the reader's language
    error_note: str = ""  # what the board shows instead
    changed: bool = False  # an action was applied: the page's address is another (the server redirects)

    @property
    def code(self) -> str:
        return format_code(self.position)

    def query(self) -> str:
        return edit.view_query(self.code, self.view)


def read_state(edition: str, query: Mapping[str, str], rosters: Rosters = PLAIN) -> State:
    """The board query's position (b=) and view, with its action applied; `rosters` finds the
    positional a new player comes from and sets a team up (the server's rosters; none on the phone)."""
    try:
        position = rosters.check(read_position(edition, query.get("b") or ""))
    except CodeError as problem:
        note = _("The board below starts empty instead.")
        empty = Position(edition)
        return State(empty, edit.read_view(query, empty), messages.message(problem, edition), note)
    view = edit.read_view(query, position)
    if "do" not in query:
        return State(position, view)
    try:
        changed, new_view = edit.apply(position, view, query, rosters.profile, rosters.set_up)
        rosters.check(check(changed, words.known_skills(edition)))
    except CodeError as problem:
        error = messages.message(problem, edition)
    except QueryError as problem:
        error = messages.message(CodeError("bad_choice", field=problem.param), edition)
    else:
        return State(changed, new_view, changed=True)
    return State(position, view, error, _("The board below is the position before that change."))


def fit_zoom(view: View, code: str) -> tuple[View, int]:
    """The view at a zoom whose square links fit the page (drawing.widest_zoom), and that zoom."""
    widest = drawing.widest_zoom(len(code))
    return (replace(view, zoom=widest) if view.zoom > widest else view), widest


@dataclass(frozen=True)
class Scene:
    result: Answer | None
    chosen: Piece | None
    crop: Crop
    here: View  # the view with the window where it is (links keep it, so a tap never moves the board)
    svg: str


def draw(position: Position, view: View, lang: str, url: Url, rosters: Rosters = PLAIN) -> Scene:
    """The engine's answer for the chosen player and the board drawn with it."""
    chosen = position.piece(view.player or "")
    result = answer(position, chosen.id, view.target) if chosen else None
    crop = drawing.window(
        view.zoom, view.origin, chosen.square if chosen else None, [p.square for p in position.pieces]
    )
    here = replace_view(view, origin=(crop.x0, crop.y0))

    # Every square of the view is a link that differs from the others by its square alone: the
    # address is written once with a mark ("\x00", which the query quotes as %00 and no board code
    # holds) and each square put in its place (a board page has some eighty squares).
    tap_address = str(url(here, do="tap", sq="\x00"))
    marked = tap_address.count(TAP_MARK) == 1

    def tap(cell: Cell) -> str:
        if view.zoom == 3:  # the whole pitch: a tap zooms in there
            return str(url(replace_view(view, zoom=1, origin=_centred(cell))))
        if marked:
            return tap_address.replace(TAP_MARK, "sq=" + square_name(cell))
        return str(url(here, do="tap", sq=square_name(cell)))

    svg = drawing.board_svg(
        drawing.Drawing(
            position=position,
            answer=result,
            crop=crop,
            zoom=view.zoom,
            show=view.show,
            target=view.target,
            chosen=chosen.id if chosen else None,
            tap_url=tap,
            square_label=lambda cell: _square_label(position, result, cell, lang, rosters),
            pct=pct,
            title=_("Board: %(edition)s") % {"edition": str(EDITION_NAMES[position.edition])},
            desc=" ".join(position_lines(position, lang, rosters)) or _("An empty pitch."),
            action_path=best_path(position, chosen.id, view.target, view.ask)
            if chosen and result and not blocks_there(result, view)
            else (),
        )
    )
    return Scene(result, chosen, crop, here, svg)


def replace_view(view: View, **changes: Any) -> View:
    return replace(view, **changes)


def _centred(cell: Cell) -> Cell:
    cols, rows = drawing.WINDOWS[1]
    return (cell[0] - cols // 2, cell[1] - rows // 2)


def _square_label(position: Position, result: Answer | None, cell: Cell, lang: str, rosters: Rosters) -> str:
    parts = [square_name(cell)]
    piece = position.at(cell)
    if piece is not None:
        parts.append(
            f"{rosters.name(position, piece, lang)}, {words.status_name(position.edition, lang, piece.status)}"
        )
    if position.ball == cell:
        parts.append(_("ball"))
    if result is not None and cell in result.reach:
        parts.append(Pct(result.reach[cell]).format(lang))
    return ", ".join(parts)


def position_lines(position: Position, lang: str, rosters: Rosters = PLAIN) -> list[str]:
    """The position in words (the picture's text alternative)."""
    edition = position.edition
    lines = []
    for piece in position.pieces:
        skills = ", ".join(words.piece_skill_name(edition, lang, piece, s) for s in piece.skills)
        line = _("%(player)s on %(square)s: %(stats)s") % {
            "player": rosters.name(position, piece, lang),
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


def blocks_there(result: Answer, view: View) -> bool:
    """The tapped square holds an opponent he can block where he stands: the block card answers."""
    return any(b.square == view.target for b in result.blocks)


def status_line(position: Position, view: View, result: Answer | None, lang: str, rosters: Rosters = PLAIN) -> str:
    if result is None:
        if not position.pieces:
            return _("The pitch is empty: add players with the buttons above, or open an example.")
        return _("Choose a player to see where he can get, his blocks and his passes.")
    chosen = position.piece(result.player)
    name = rosters.name(position, chosen, lang) if chosen else result.player
    line = _("%(player)s chosen.") % {"player": name}
    if view.target is None:
        return line + " " + _("Tap a square to ask about it.")
    asked = "" if blocks_there(result, view) else action_status(position, result.player, view.target, lang, view.ask)
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


def legend(view: View, result: Answer | None) -> list[tuple[str, str]]:
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
