"""Pitch geometry: halves, end zones, wide zones, line of scrimmage, set-up legality."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .explain import Params, params
from .types import PITCH_LENGTH, PITCH_WIDTH, Player, Side, Square

WIDE_ZONE_WIDTH = 4  # 4 + 7 + 4 = 15 squares across
MAX_PLAYERS_ON_PITCH = 11
MIN_ON_LINE_OF_SCRIMMAGE = 3
MAX_PER_WIDE_ZONE = 2
HALF_LENGTH = PITCH_LENGTH // 2  # 13


def end_zone_x(side: Side) -> int:
    """The x of the end zone a team defends (the one its opponents score in)."""
    return 0 if side is Side.LEFT else PITCH_LENGTH - 1


def scoring_end_zone_x(side: Side) -> int:
    """The x of the end zone a team scores in."""
    return PITCH_LENGTH - 1 if side is Side.LEFT else 0


def line_of_scrimmage_x(side: Side) -> int:
    return HALF_LENGTH - 1 if side is Side.LEFT else HALF_LENGTH


def in_half(square: Square, side: Side) -> bool:
    return square.on_pitch() and (square.x < HALF_LENGTH if side is Side.LEFT else square.x >= HALF_LENGTH)


def in_end_zone(square: Square) -> bool:
    return square.on_pitch() and square.x in (0, PITCH_LENGTH - 1)


def wide_zone(square: Square) -> str | None:
    """'top' or 'bottom' for the two wide zones, None for the centre field."""
    if not square.on_pitch():
        return None
    if square.y < WIDE_ZONE_WIDTH:
        return "top"
    if square.y >= PITCH_WIDTH - WIDE_ZONE_WIDTH:
        return "bottom"
    return None


def on_line_of_scrimmage(square: Square, side: Side) -> bool:
    return square.on_pitch() and square.x == line_of_scrimmage_x(side) and wide_zone(square) is None


@dataclass(frozen=True, slots=True)
class Violation:
    reason: str
    params: Params = ()


def setup_violations(players: Iterable[Player], side: Side) -> list[Violation]:
    """Every way a team's set-up breaks the rules (empty list: legal).

    Rules: at most 11 on the pitch, all in the team's own half, at least 3 on the centre
    part of the line of scrimmage (all of them if fewer than 3 are set up), at most 2 in
    each wide zone, one player per square.
    """
    placed = [p for p in players if p.square is not None]
    violations: list[Violation] = []
    if len(placed) > MAX_PLAYERS_ON_PITCH:
        violations.append(Violation("setup_too_many_players", params(count=len(placed), limit=MAX_PLAYERS_ON_PITCH)))
    seen: set[Square] = set()
    for p in placed:
        assert p.square is not None
        if not p.square.on_pitch():
            violations.append(Violation("setup_off_pitch", params(player=p.id, x=p.square.x, y=p.square.y)))
        elif not in_half(p.square, side):
            violations.append(Violation("setup_outside_own_half", params(player=p.id, x=p.square.x, y=p.square.y)))
        if p.square in seen:
            violations.append(Violation("setup_square_occupied", params(player=p.id, x=p.square.x, y=p.square.y)))
        seen.add(p.square)
    on_los = sum(1 for p in placed if p.square is not None and on_line_of_scrimmage(p.square, side))
    required = min(MIN_ON_LINE_OF_SCRIMMAGE, len(placed))
    if on_los < required:
        violations.append(Violation("setup_too_few_on_line_of_scrimmage", params(count=on_los, required=required)))
    for zone in ("top", "bottom"):
        count = sum(
            1 for p in placed if p.square is not None and in_half(p.square, side) and wide_zone(p.square) == zone
        )
        if count > MAX_PER_WIDE_ZONE:
            violations.append(
                Violation("setup_too_many_in_wide_zone", params(zone=zone, count=count, limit=MAX_PER_WIDE_ZONE))
            )
    return violations
