"""The board page's state and its changes: what the URL says besides the position (the chosen
player, the tapped target, the tool a tap uses, the window on the pitch) and the actions a tap
or a form asks for (`do=`), each turning one position into the next.

Every action returns a new position and view or raises CodeError; the page then redirects to the
canonical URL of the result, so a link always holds the whole position and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from urllib.parse import urlencode

from rulebook.portable.queries import QueryError, parse_int, query_choice

from .code import (
    LONER,
    MAX_NUMBER,
    MAX_ON_PITCH,
    MAX_TEAM_REROLLS,
    RANGES,
    STATS,
    STATUS_LETTERS,
    TEAMS,
    WEATHER_LETTERS,
    Cell,
    CodeError,
    Piece,
    Position,
    default_piece,
    parse_square,
    square_name,
    usual_loner,
)

TOOLS = ("select", "target", "add-a", "add-b", "move", "ball", "remove")
SHOWS = ("reach", "pass")
ASKS = ("", "pass", "handoff")  # what a tapped team-mate is asked: the board's choice, a pass, a hand-off
ZOOMS = (1, 2, 3)
ACTIONS = ("tap", "edit", "remove", "add", "game", "target", "move", "clear", "setup")
STATUSES = ("standing", *STATUS_LETTERS.values())
MAX_SKILLS = 12


@dataclass(frozen=True)
class View:
    player: str | None = None  # the chosen player's id ("A7")
    target: Cell | None = None  # the tapped square the answers are about
    tool: str = "select"
    show: str = "reach"  # what the board draws for the chosen player: reach map or pass ranges
    zoom: int = 1
    origin: Cell | None = None  # top-left square of the window; None: around the chosen player
    ask: str = ""  # a tapped team-mate: "pass" or "handoff" as the coach asked ("": the board's choice)


@dataclass(frozen=True)
class Profile:
    """What a team roster's positional gives a new player, in the board's notation."""

    ma: int
    st: int
    ag: int
    pa: int | None
    av: int
    skills: tuple[str, ...] = ()
    loner: int | None = None  # the roster's Loner target, when it is not the edition's usual one
    positional: str = ""  # the positional the board code names him by ("human--blitzer")


# The profile of a roster's positional by the value the form sends (pos=dwarf.blocker), or None.
Roster = Callable[[str], Profile | None]


def with_profile(piece: Piece, profile: Profile) -> Piece:
    """The piece with a roster positional's characteristics, skills and name."""
    return replace(
        piece,
        ma=profile.ma,
        st=profile.st,
        ag=profile.ag,
        pa=profile.pa,
        av=profile.av,
        skills=profile.skills,
        loner=profile.loner,
        positional=profile.positional,
    )


def no_roster(value: str) -> Profile | None:
    return None


# A team set up in a formation (formations.set_up): the position, the team (A/B) and the roster
# the form names (roster=human; "" for linemen).
SetUp = Callable[[Position, str, str], Position]


def no_set_up(position: Position, team: str, roster: str) -> Position:
    raise CodeError("no_player", player=team)


def _square_or_none(raw: str | None) -> Cell | None:
    if not raw:
        return None
    try:
        return parse_square(raw.strip()[:3])
    except CodeError:
        return None


# Every query parameter the page reads: the view, the action (do=) and its forms' fields. The page
# cache keeps only these (rulebook.serving); a parameter read here must be named here.
VIEW_PARAMS = ("b", "p", "t", "tool", "show", "z", "v", "ask")
ACTION_PARAMS = ("do", "team", "sq", "col", "row", "number", "status", "sk", "skills", "add", "pos", "loner", "roster")
GAME_PARAMS = ("weather", "ra", "rb", "ball_col", "ball_row")
QUERY_PARAMS = VIEW_PARAMS + ACTION_PARAMS + GAME_PARAMS + tuple(sorted(set(RANGES)))


def read_view(query: Mapping[str, str], position: Position) -> View:
    """The view the query asks for; values that do not fit fall back to the defaults (the
    position is what must be right; a stale player id or a wrong tool is not worth an error)."""
    player = (query.get("p") or "").strip()[:3]
    try:
        tool = query_choice(query, "tool", TOOLS, "select")
        show = query_choice(query, "show", SHOWS, "reach")
        zoom = int(query_choice(query, "z", tuple(str(z) for z in ZOOMS), "1"))
        ask = query_choice(query, "ask", ASKS, "")
    except QueryError:
        tool, show, zoom, ask = "select", "reach", 1, ""
    return View(
        player=player if position.piece(player) else None,
        target=_square_or_none(query.get("t")),
        tool=tool,
        show=show,
        zoom=zoom,
        origin=_square_or_none(query.get("v")),
        ask=ask,
    )


def view_query(code: str, view: View, **extra: str) -> str:
    """The query string of a page state (defaults left out), plus extra parameters."""
    params: dict[str, str] = {"b": code}
    if view.player:
        params["p"] = view.player
    if view.target is not None:
        params["t"] = square_name(view.target)
    if view.tool != "select":
        params["tool"] = view.tool
    if view.show != "reach":
        params["show"] = view.show
    if view.zoom != 1:
        params["z"] = str(view.zoom)
    if view.origin is not None:
        params["v"] = square_name(view.origin)
    if view.ask:
        params["ask"] = view.ask
    params.update(extra)
    return urlencode(params, safe="-._")


# -- actions ---------------------------------------------------------------------------------------------


def apply(
    position: Position,
    view: View,
    query: Mapping[str, str],
    roster: Roster = no_roster,
    set_up: SetUp = no_set_up,
) -> tuple[Position, View]:
    """The position and view after the action in `query` (`do=`); CodeError if it cannot be.
    `roster` looks up the positional a new player may come from (pos=), `set_up` places a team
    in a formation (do=setup, team=, roster=)."""
    action = query_choice(query, "do", ACTIONS)
    if action == "clear":
        return Position(position.edition), View(zoom=view.zoom)
    if action == "setup":
        team = query_choice(query, "team", TEAMS, "A")
        chosen = view.player if view.player and not view.player.startswith(team) else None
        return set_up(position, team, (query.get("roster") or "").strip()[:80]), replace(
            view, player=chosen, target=None
        )
    if action == "game":
        return _game(position, query), view
    if action in ("tap", "add", "target", "move"):
        cell = _cell(query)
        if action == "tap":
            return _tap(position, view, cell)
        if action == "add":
            team = query_choice(query, "team", TEAMS, "A")
            return _add(position, view, team, cell, query, roster)
        if action == "target":
            return position, replace(view, target=cell)
        return _move(position, view, cell)
    piece = position.piece(view.player or "")
    if piece is None:
        raise CodeError("no_player", player=view.player or "?")
    if action == "remove":
        return _remove(position, piece), replace(view, player=None, target=None)
    return _edit(position, piece, query), view


def _cell(query: Mapping[str, str]) -> Cell:
    """The square a tap names (sq=m8) or a form's column and row (col=m, row=8)."""
    raw = (query.get("sq") or "").strip()
    if not raw:
        raw = (query.get("col") or "").strip()[:1] + (query.get("row") or "").strip()[:2]
    return parse_square(raw[:3])


def _tap(position: Position, view: View, cell: Cell) -> tuple[Position, View]:
    here = position.at(cell)
    view = replace(view, ask="")  # a new tap asks the board's question again
    tool = view.tool
    if tool == "target":
        return position, replace(view, target=cell)
    if tool == "ball":
        return replace(position, ball=None if position.ball == cell else cell), view
    if tool == "remove":
        if here is None:
            return position, view
        chosen = None if view.player == here.id else view.player
        return _remove(position, here), replace(view, player=chosen, target=None)
    if tool in ("add-a", "add-b") and here is None:
        return _add(position, view, "A" if tool == "add-a" else "B", cell, {})
    if tool == "move" and here is None and view.player:
        return _move(position, view, cell)
    if here is not None:
        return position, replace(view, player=here.id, target=None)
    return position, replace(view, target=cell if view.player else None)


def next_number(position: Position, team: str) -> int:
    used = {p.number for p in position.pieces if p.team == team}
    return next(n for n in range(1, MAX_NUMBER + 1) if n not in used)


def _add(
    position: Position, view: View, team: str, cell: Cell, query: Mapping[str, str], roster: Roster = no_roster
) -> tuple[Position, View]:
    """A new player of `team` on an empty square: the next free number, and the characteristics
    and skills of the roster's positional the form names (pos=) or else a lineman's, with any
    characteristic or skill the form gives on top."""
    if position.at(cell) is not None:
        raise CodeError("square_taken", square=square_name(cell))
    if sum(1 for p in position.pieces if p.team == team) >= MAX_ON_PITCH:
        raise CodeError("team_full", team=team, limit=MAX_ON_PITCH)
    raw_number = (query.get("number") or "").strip()
    number = _int(raw_number, 1, MAX_NUMBER, "number") if raw_number else next_number(position, team)
    piece = default_piece(position.edition, team, number, cell)
    chosen = (query.get("pos") or "").strip()
    if chosen:
        found = roster(chosen)
        if found is None:
            raise CodeError("unknown_positional", value=chosen[:40])
        piece = with_profile(piece, found)
    piece = _with_form_values(position.edition, piece, query, new=not chosen)
    return position.with_pieces([*position.pieces, piece]), replace(view, player=piece.id, target=None)


def _move(position: Position, view: View, cell: Cell) -> tuple[Position, View]:
    piece = position.piece(view.player or "")
    if piece is None:
        raise CodeError("no_player", player=view.player or "?")
    if position.at(cell) not in (None, piece):
        raise CodeError("square_taken", square=square_name(cell))
    carried = position.ball == piece.square  # a player holding the ball takes it along
    moved = replace(piece, square=cell)
    result = position.with_pieces([moved if p.id == piece.id else p for p in position.pieces])
    if carried:
        result = replace(result, ball=cell)
    return result, replace(view, target=None)


def _remove(position: Position, piece: Piece) -> Position:
    return position.with_pieces([p for p in position.pieces if p.id != piece.id])


def _edit(position: Position, piece: Piece, query: Mapping[str, str]) -> Position:
    edited = _with_form_values(position.edition, piece, query)
    return position.with_pieces([edited if p.id == piece.id else p for p in position.pieces])


def _with_form_values(edition: str, piece: Piece, query: Mapping[str, str], new: bool = False) -> Piece:
    """Characteristics, status and skills from the player form (fields left out keep theirs).
    `sk` lists the skills kept (checkboxes, sent only when the form had them: `skills=1`), `add`
    one more from the edition's list. For a new player `sk` gives his skills (a new player from a
    roster's positional comes with the positional's and is edited like a player on the pitch)."""
    changes: dict[str, object] = {}
    for name in STATS[edition]:
        raw = (query.get(name) or "").strip()
        if not raw:
            continue
        if name == "pa" and raw == "-":
            changes[name] = None
            continue
        lo, hi = RANGES[name]
        changes[name] = _int(raw, lo, hi, name)
    status = query.get("status")
    if status:
        changes["status"] = query_choice(query, "status", STATUSES)
    skills = list(piece.skills)
    getlist = getattr(query, "getlist", None)
    listed = [s.strip()[:40] for s in (getlist("sk") if getlist else [query.get("sk") or ""])]
    if new:
        skills = [s for s in listed if s]
    elif query.get("skills"):
        skills = [s for s in skills if s in listed]
    extra = (query.get("add") or "").strip()[:40]
    if extra:
        skills.append(extra)
    kept = tuple(sorted(set(skills))[:MAX_SKILLS])
    changes["skills"] = kept
    changes["loner"] = _loner(edition, piece, query) if LONER in kept else None
    return replace(piece, **changes)  # type: ignore[arg-type]


def _loner(edition: str, piece: Piece, query: Mapping[str, str]) -> int | None:
    """The Loner target the form chose (loner=3), else the one he had; `check` refuses a
    target the edition does not print."""
    raw = (query.get("loner") or "").strip().removesuffix("+")
    if not raw:
        return piece.loner
    return usual_loner(edition, _int(raw, 2, 6, "loner"))


def _game(position: Position, query: Mapping[str, str]) -> Position:
    weather = query_choice(query, "weather", tuple(WEATHER_LETTERS.values()), position.weather)
    a = _int(query.get("ra") or str(position.rerolls[0]), 0, MAX_TEAM_REROLLS, "ra")
    b = _int(query.get("rb") or str(position.rerolls[1]), 0, MAX_TEAM_REROLLS, "rb")
    ball = position.ball
    if "ball_col" in query:  # the form's column ("" for no ball) and row
        column = (query.get("ball_col") or "").strip()[:1]
        ball = parse_square(column + (query.get("ball_row") or "").strip()[:2]) if column else None
    return replace(position, weather=weather, rerolls=(a, b), ball=ball)


def _int(raw: str, lo: int, hi: int, name: str) -> int:
    try:
        return parse_int(raw, lo, hi, name)
    except QueryError:
        raise CodeError("bad_value", field=name, lo=lo, hi=hi) from None


__all__ = [
    "ACTIONS",
    "QUERY_PARAMS",
    "SHOWS",
    "TOOLS",
    "Profile",
    "Roster",
    "SetUp",
    "View",
    "apply",
    "next_number",
    "read_view",
    "view_query",
]
