"""What an action computes with: a mutable copy of the step's cast, its inputs and its outcome.

The try-it form changes the workspace (a characteristic, a skill, how many tackle zones or
assists) before the engine runs, so every number on the page is the engine's answer for the
board the reader sees. Impossible inputs never reach the engine: inputs.parse rejects them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rulebook.engine import Board, Edition, Player, Square, Status, get_edition, neighbours
from rulebook.vocab import BLOOD_BOWL_EDITIONS

from ..shared.scenario import PlayerSpec, Scenario
from .base import ActionError


@dataclass
class Workspace:
    scenario: Scenario
    edition_key: str
    cast: dict[str, PlayerSpec]
    action: dict[str, Any]
    ball: Any
    extra_ids: int = 0

    @property
    def edition(self) -> Edition:
        return get_edition(self.edition_key if self.edition_key in BLOOD_BOWL_EDITIONS else "lrb6")

    # -- reading ---------------------------------------------------------------------------
    def spec(self, player_id: str) -> PlayerSpec:
        try:
            return self.cast[player_id]
        except KeyError:
            raise ActionError("missing_player", player=player_id) from None

    def player(self, player_id: str) -> Player:
        return to_engine(self.spec(player_id))

    def board(self) -> Board:
        players = [to_engine(p) for p in self.cast.values() if p.square is not None]
        return Board(players, self.ball_square())

    def ball_square(self) -> Square | None:
        if isinstance(self.ball, list) and len(self.ball) == 2:
            return Square(*self.ball)
        holder = self.cast.get(self.ball) if isinstance(self.ball, str) else None
        if holder is not None and holder.square is not None:
            return Square(*holder.square)
        return None

    def occupied(self) -> set[tuple[int, int]]:
        return {p.square for p in self.cast.values() if p.square is not None}

    # -- changing ----------------------------------------------------------------------------
    def update(self, player_id: str, **changes: Any) -> None:
        self.cast[player_id] = replace(self.spec(player_id), **changes)

    def set_skill(self, player_id: str, skill: str, present: bool) -> None:
        skills = set(self.spec(player_id).skills)
        skills.add(skill) if present else skills.discard(skill)
        self.update(player_id, skills=tuple(sorted(skills)))

    def add_extra(self, team: str, square: tuple[int, int], template: PlayerSpec) -> None:
        """A player of `team` the try-it form puts on the board: the team's next free number,
        no name, no skills, drawn and listed as added by the reader's inputs."""
        self.extra_ids += 1
        used = {p.number for p in self.cast.values() if p.team == team}
        self.cast[f"extra{self.extra_ids}"] = replace(
            template,
            id=f"extra{self.extra_ids}",
            team=team,
            number=next(n for n in range(1, 100) if n not in used),
            name="",
            square=square,
            skills=(),
            status="standing",
            added=True,
        )

    def remove(self, player_id: str) -> None:
        self.cast.pop(player_id, None)


def to_engine(spec: PlayerSpec) -> Player:
    return Player(
        id=spec.id,
        team=spec.team,
        square=Square(*spec.square) if spec.square else None,
        ma=spec.ma,
        st=spec.st,
        ag=spec.ag,
        pa=spec.pa,
        av=spec.av,
        skills=frozenset(spec.skills),
        status=Status(spec.status) if spec.status in ("standing", "prone", "stunned") else Status.STANDING,
    )


def adjacent(square: tuple[int, int]) -> list[tuple[int, int]]:
    """The squares around `square` that are on the pitch, row by row (the order extra players fill)."""
    return [(n.x, n.y) for n in sorted(neighbours(Square(*square)), key=lambda n: (n.y, n.x))]


def set_marking_count(
    ws: Workspace,
    square: tuple[int, int],
    team: str,
    count: int,
    keep: tuple[str, ...] = (),
    avoid: tuple[tuple[int, int], ...] = (),
    last: frozenset[tuple[int, int]] = frozenset(),
) -> None:
    """Make `count` standing opponents of `team` adjacent to `square`: remove the extra ones
    (never those in `keep`), or add players on free squares (never on `avoid`; on `last` only when
    nothing else is free: squares where a new player would change more than this square, such as
    another square of the path or the pass's line)."""
    near = [p for p in ws.cast.values() if p.team != team and p.square in adjacent(square) and p.status == "standing"]
    removable = [p for p in near if p.id not in keep]
    while len(near) > count and removable:
        gone = removable.pop()
        ws.remove(gone.id)
        near = [p for p in near if p.id != gone.id]
    if len(near) >= count:
        return
    opponents = [p for p in ws.cast.values() if p.team != team]
    if not opponents:
        raise ActionError("no_room")
    free = [sq for sq in adjacent(square) if sq not in ws.occupied() and sq not in avoid]
    free.sort(key=lambda sq: sq in last)  # stable: reading order within each group
    for sq in free[: count - len(near)]:
        ws.add_extra(opponents[0].team, sq, opponents[0])
    if len(near) + len(free) < count:
        raise ActionError("no_room")


def set_assist_count(
    ws: Workspace,
    target: tuple[int, int],
    team: str,
    count: int,
    keep: tuple[str, ...],
    avoid: tuple[tuple[int, int], ...] = (),
) -> None:
    """Put `count` free team-mates of `team` next to `target` (the engine decides whether
    each really assists: a helper in another opponent's tackle zone does not)."""
    helpers = [p for p in ws.cast.values() if p.team == team and p.id not in keep and p.square in adjacent(target)]
    while len(helpers) > count:
        ws.remove(helpers.pop().id)
    mates = [p for p in ws.cast.values() if p.team == team]
    enemies = {p.square for p in ws.cast.values() if p.team != team}

    def marked(sq: tuple[int, int]) -> int:
        return sum(1 for n in adjacent(sq) if n in enemies)

    free = sorted((sq for sq in adjacent(target) if sq not in ws.occupied() and sq not in avoid), key=marked)
    for sq in free[: count - len(helpers)]:
        ws.add_extra(team, sq, mates[0])
    if len(helpers) + len(free) < count:
        raise ActionError("no_room")


def square_of(ws: Workspace, player_id: str) -> tuple[int, int]:
    sq = ws.spec(player_id).square
    if sq is None:
        raise ActionError("missing_player", player=player_id)
    return sq
