"""The board's question to the engine, for one chosen player: the page's position (a frozen value
read from the URL) turned into the engine's board, and the engine's analysis of it (where he can
get, his blocks, his passes; rulebook.engine.analyse), memoised by its inputs in a bounded cache:
the page, its fragments and the API ask the same questions of the same positions.
"""

from __future__ import annotations

from functools import lru_cache

from rulebook.engine import (
    Analysis,
    BlockAnswer,
    Board,
    Player,
    RouteRoll,
    Square,
    Status,
    Weather,
    analyse,
    get_edition,
)
from rulebook.engine import clear_caches as clear_engine_caches

from .code import Cell, Position

CACHE_SIZE = 128
Answer = Analysis  # what the board shows for one player

__all__ = ["Answer", "BlockAnswer", "RouteRoll", "answer", "clear_caches", "engine_board", "to_player"]


def to_player(piece_id: str, position: Position) -> Player:
    piece = position.piece(piece_id)
    assert piece is not None
    return Player(
        id=piece.id,
        team=piece.team,
        square=Square(*piece.square),
        ma=piece.ma,
        st=piece.st,
        ag=piece.ag,
        pa=piece.pa,
        av=piece.av,
        skills=frozenset(piece.skills),
        status=Status(piece.status),
        loner=piece.loner,
    )


@lru_cache(maxsize=CACHE_SIZE)
def engine_board(position: Position) -> Board:
    players = [to_player(p.id, position) for p in position.pieces]
    return Board(players, Square(*position.ball) if position.ball is not None else None)


@lru_cache(maxsize=CACHE_SIZE)
def answer(position: Position, player_id: str, target: Cell | None = None) -> Answer:
    """Everything the board shows for `player_id` (a piece of the position), and for `target`."""
    board = engine_board(position)
    rerolls = position.team_rerolls(board.player(player_id).team)
    square = Square(*target) if target is not None else None
    return analyse(get_edition(position.edition), board, player_id, square, rerolls, Weather(position.weather))


def clear_caches() -> None:
    """Forget every memoised answer, the engine's included (bench/board.py times a fresh one)."""
    answer.cache_clear()
    engine_board.cache_clear()
    clear_engine_caches()
