"""A team set up on the board with one tap (issue 25): eleven players, a roster's or plain
linemen, placed in a standard kick-off formation on the team's own half (team A defends the
left end zone, team B the right one). The formation is a coach's choice, not a rule: the rule is
the engine's set-up check (rulebook.engine.setup_violations: 3 on the centre of the line of
scrimmage, at most 2 in each wide zone, all in his own half, 11 at most), and every set-up made
here passes it or is refused.

Slots are (squares back from the line of scrimmage, row): the three strongest players on the
line (ST, AV, then the fewest skills), the rest in the order the roster lists them.
"""

from __future__ import annotations

from rulebook.engine import Side, line_of_scrimmage_x, setup_violations

from .answers import to_player
from .code import MAX_ON_PITCH, Cell, CodeError, Piece, Position, default_piece, square_name
from .edit import Profile, with_profile

SIDES = {"A": Side.LEFT, "B": Side.RIGHT}
LINE = ((0, 6), (0, 7), (0, 8))  # the centre of the line of scrimmage (rows 7-9)
BEHIND = (
    (2, 5),
    (2, 9),
    (1, 2),  # a wide zone (rows 1-4): two at most
    (1, 12),  # the other wide zone (rows 12-15)
    (3, 1),
    (3, 13),
    (4, 7),
    (8, 7),  # the deep receiver
)
assert len(LINE) + len(BEHIND) == MAX_ON_PITCH


def slot_square(team: str, slot: tuple[int, int]) -> Cell:
    side = SIDES[team]
    back, row = slot
    x = line_of_scrimmage_x(side) - back if side is Side.LEFT else line_of_scrimmage_x(side) + back
    return (x, row)


def _with_profile(piece: Piece, profile: Profile | None) -> Piece:
    return piece if profile is None else with_profile(piece, profile)


def _line_rank(profile: Profile | None) -> tuple[int, int, int]:
    """The strongest on the line: ST, then AV, then the fewest skills (a lineman before a thrower)."""
    if profile is None:
        return (0, 0, 0)
    return (-profile.st, -profile.av, len(profile.skills))


def set_up(position: Position, team: str, eleven: tuple[Profile, ...] = ()) -> Position:
    """The position with `team`'s players replaced by eleven in the formation: the roster's
    profiles given (numbered 1-11 in their order), or linemen when none are. CodeError when a
    square is taken by the other team or the engine finds the set-up illegal."""
    profiles: list[Profile | None] = list(eleven[:MAX_ON_PITCH]) or [None] * MAX_ON_PITCH
    numbered = list(enumerate(profiles, start=1))
    ranked = sorted(numbered, key=lambda np: _line_rank(np[1]) + (np[0],))
    line = {n for n, _p in ranked[: len(LINE)]}
    order = [np for np in numbered if np[0] in line] + [np for np in numbered if np[0] not in line]
    others = [p for p in position.pieces if p.team != team]
    placed = []
    for (number, profile), slot in zip(order, LINE + BEHIND, strict=False):
        cell = slot_square(team, slot)
        blocking = next((p for p in others if p.square == cell), None)
        if blocking is not None:
            raise CodeError("square_taken", square=square_name(cell))
        placed.append(_with_profile(default_piece(position.edition, team, number, cell), profile))
    result = position.with_pieces([*others, *placed])
    check_set_up(result, team)
    return result


def check_set_up(position: Position, team: str) -> None:
    """CodeError naming the engine's first objection to `team`'s set-up, if it has one."""
    players = [to_player(p.id, position) for p in position.pieces if p.team == team]
    problems = setup_violations(players, SIDES[team])
    if problems:
        raise CodeError("illegal_setup", team=team, reason=problems[0].reason)


__all__ = ["SIDES", "check_set_up", "set_up", "slot_square"]
