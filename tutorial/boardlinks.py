"""A tutorial step's board opened in the board page: the step's workspace (so the reader's try-it
changes come along) written as a board position, with the step's actor chosen and the square the
step is about as the target. The steps ask the board wing for its code; the board knows nothing
of the steps."""

from __future__ import annotations

from rulebook.vocab import BLOOD_BOWL_EDITIONS

from .actions.workspace import Workspace
from .board import words
from .board.code import MAX_NUMBER, STATS, Cell, CodeError, Piece, Position, check, format_code, sort_pieces
from .board.edit import View, view_query

ACTORS = ("player", "attacker")


def workspace_position(ws: Workspace, edition: str) -> tuple[Position, dict[str, str]] | None:
    """The workspace's board as a position (and spec id → piece id), or None if the board code
    cannot hold it (a third team, more than eleven a side, a characteristic out of range)."""
    letters = {key: ("A" if team.colour == "a" else "B") for key, team in ws.scenario.teams.items()}
    if len(set(letters.values())) != len(letters):
        return None
    known = words.known_skills(edition)
    pieces: list[Piece] = []
    ids: dict[str, str] = {}
    for spec in ws.cast.values():
        if spec.square is None or spec.team not in letters:
            continue
        team = letters[spec.team]
        used = {p.number for p in pieces if p.team == team}
        number = spec.number if 1 <= spec.number <= MAX_NUMBER and spec.number not in used else 0
        if not number:
            number = next((n for n in range(1, MAX_NUMBER + 1) if n not in used), 0)
        stats = {name: getattr(spec, name) for name in STATS[edition]}
        piece = Piece(
            team=team,
            number=number,
            square=(int(spec.square[0]), int(spec.square[1])),
            ma=stats["ma"],
            st=stats["st"],
            ag=stats["ag"],
            pa=stats.get("pa"),
            av=stats["av"],
            skills=tuple(sorted(s for s in set(spec.skills) if s in known)),
            status=spec.status if spec.status in ("standing", "prone", "stunned") else "standing",
        )
        pieces.append(piece)
        ids[spec.id] = piece.id
    ball = ws.ball_square()
    position = Position(
        edition,
        sort_pieces(pieces),
        (ball.x, ball.y) if ball is not None else None,
        "blizzard" if ws.action.get("weather") == "blizzard" else "nice",
    )
    try:
        return check(position, known), ids
    except CodeError:
        return None


def _target(ws: Workspace) -> Cell | None:
    action = ws.action
    if action.get("path"):
        x, y = action["path"][-1]
        return int(x), int(y)
    for key in ("defender", "receiver"):
        spec = ws.cast.get(action.get(key, ""))
        if spec is not None and spec.square is not None:
            return int(spec.square[0]), int(spec.square[1])
    return None


def step_board_query(ws: Workspace, edition: str) -> str:
    """The board page's query for a Blood Bowl step's board, or "" when there is none to open
    (the server and the phone put it after their own board address)."""
    if ws.scenario.game != "bloodbowl" or edition not in BLOOD_BOWL_EDITIONS:
        return ""
    found = workspace_position(ws, edition)
    if found is None or not found[0].pieces:
        return ""
    position, ids = found
    actor = next((ids[ws.action[k]] for k in ACTORS if ws.action.get(k) in ids), None)
    rerolls = ws.action.get("team_rerolls")
    if actor is not None and isinstance(rerolls, int) and 0 <= rerolls <= 8:
        team = 0 if actor.startswith("A") else 1
        both = list(position.rerolls)
        both[team] = rerolls
        position = Position(position.edition, position.pieces, position.ball, position.weather, (both[0], both[1]))
    target = _target(ws) if actor is not None else None
    view = View(player=actor, target=target)
    return view_query(format_code(position), view)
