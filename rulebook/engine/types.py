"""Value types shared by the whole engine: squares, players, teams and the board.

Coordinates: x runs along the 26-square length of the pitch (0..25), y across its
15-square width (0..14). Everything here is immutable so results can be cached.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import NamedTuple

PITCH_LENGTH = 26
PITCH_WIDTH = 15


class Square(NamedTuple):
    """One square of the pitch (a NamedTuple: hashing and comparison are tuple-fast)."""

    x: int
    y: int

    def on_pitch(self) -> bool:
        return 0 <= self.x < PITCH_LENGTH and 0 <= self.y < PITCH_WIDTH

    def distance(self, other: Square) -> int:
        """Moves needed between two squares (diagonal moves count as one)."""
        return max(abs(self.x - other.x), abs(self.y - other.y))

    def is_adjacent(self, other: Square) -> bool:
        return self != other and self.distance(other) == 1

    def offset(self, dx: int, dy: int) -> Square:
        return Square(self.x + dx, self.y + dy)


class Status(str, Enum):
    STANDING = "standing"
    PRONE = "prone"
    STUNNED = "stunned"


class Side(str, Enum):
    """Which end zone a team defends: LEFT defends x = 0, RIGHT defends x = 25."""

    LEFT = "left"
    RIGHT = "right"


class Weather(str, Enum):
    SWELTERING_HEAT = "sweltering_heat"
    VERY_SUNNY = "very_sunny"
    NICE = "nice"
    POURING_RAIN = "pouring_rain"
    BLIZZARD = "blizzard"


@dataclass(frozen=True, slots=True)
class Player:
    """A player on the board.

    ag, pa and av are stored as printed on the roster of the edition: in lrb6 AG 3 and
    AV 8 are characteristics (higher is better); in bb2025 AG 3 means "3+", PA 4 "4+",
    AV 9 "9+". The edition interprets them. pa is None when the player has no PA ("-").
    """

    id: str
    team: str
    square: Square | None
    ma: int = 6
    st: int = 3
    ag: int = 3
    pa: int | None = 4
    av: int = 8
    skills: frozenset[str] = field(default_factory=frozenset)
    status: Status = Status.STANDING
    has_tackle_zone: bool = True  # false e.g. for a Bone-head who failed his roll
    # The target of his Loner roll when his roster prints one (2025: "Loner (3+)"); None: the
    # edition's usual target. Read only when he has Loner.
    loner: int | None = None

    def has(self, skill: str) -> bool:
        return skill in self.skills

    @property
    def location(self) -> Square:
        """The square of a player the caller knows to be on the pitch."""
        if self.square is None:
            raise ValueError(f"player {self.id} is not on the pitch")
        return self.square

    @property
    def standing(self) -> bool:
        return self.status is Status.STANDING

    @property
    def exerts_tackle_zone(self) -> bool:
        """Only standing players who have not lost their tackle zone exert one."""
        return self.status is Status.STANDING and self.has_tackle_zone

    def moved_to(self, square: Square | None) -> Player:
        return replace(self, square=square)

    def with_status(self, status: Status) -> Player:
        return replace(self, status=status)


@dataclass(frozen=True, slots=True)
class Team:
    key: str
    side: Side = Side.LEFT
    rerolls: int = 3
    fan_factor: int = 0


def _build_neighbours() -> dict[Square, tuple[Square, ...]]:
    """Adjacency of every on-pitch square, computed once (hot loops only look it up)."""
    table: dict[Square, tuple[Square, ...]] = {}
    for x in range(PITCH_LENGTH):
        for y in range(PITCH_WIDTH):
            table[Square(x, y)] = tuple(
                Square(x + dx, y + dy)
                for dx in (-1, 0, 1)
                for dy in (-1, 0, 1)
                if (dx or dy) and 0 <= x + dx < PITCH_LENGTH and 0 <= y + dy < PITCH_WIDTH
            )
    return table


NEIGHBOURS: dict[Square, tuple[Square, ...]] = _build_neighbours()
ALL_SQUARES: tuple[Square, ...] = tuple(NEIGHBOURS)


def neighbours(square: Square) -> tuple[Square, ...]:
    """On-pitch squares adjacent to square (square itself may be off the pitch)."""
    found = NEIGHBOURS.get(square)
    if found is not None:
        return found
    return tuple(
        Square(square.x + dx, square.y + dy)
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
        if (dx or dy) and Square(square.x + dx, square.y + dy).on_pitch()
    )


class Board:
    """An immutable set of players on the pitch, indexed by square and by id."""

    __slots__ = ("_by_id", "_by_square", "ball", "players")

    def __init__(self, players: Iterable[Player] = (), ball: Square | None = None) -> None:
        self.players: tuple[Player, ...] = tuple(players)
        self._by_square: dict[Square, Player] = {}
        self._by_id: dict[str, Player] = {}
        for player in self.players:
            if player.id in self._by_id:
                raise ValueError(f"duplicate player id {player.id!r}")
            self._by_id[player.id] = player
            if player.square is not None:
                if player.square in self._by_square:
                    raise ValueError(f"two players on {player.square}")
                self._by_square[player.square] = player
        self.ball = ball

    def __iter__(self) -> Iterator[Player]:
        return iter(self.players)

    def __len__(self) -> int:
        return len(self.players)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and (self.players, self.ball) == (other.players, other.ball)

    def __hash__(self) -> int:
        return hash((self.players, self.ball))

    def __repr__(self) -> str:
        return f"Board({len(self.players)} players, ball={self.ball})"

    def at(self, square: Square) -> Player | None:
        return self._by_square.get(square)

    def is_empty(self, square: Square) -> bool:
        return square.on_pitch() and square not in self._by_square

    def player(self, player_id: str) -> Player:
        return self._by_id[player_id]

    def team_players(self, team: str) -> tuple[Player, ...]:
        return tuple(p for p in self.players if p.team == team)

    def opponents_of(self, team: str) -> tuple[Player, ...]:
        return tuple(p for p in self.players if p.team != team and p.square is not None)

    def adjacent_players(self, square: Square) -> list[Player]:
        by_square = self._by_square
        return [by_square[near] for near in neighbours(square) if near in by_square]

    def tacklers(self, square: Square, team: str, exclude: str | None = None) -> list[Player]:
        """Opponents of `team` that exert a tackle zone on `square` (optionally minus one player)."""
        return [p for p in self.adjacent_players(square) if p.team != team and p.exerts_tackle_zone and p.id != exclude]

    def tackle_zones(self, square: Square, team: str, exclude: str | None = None) -> int:
        return len(self.tacklers(square, team, exclude))

    def replace_player(self, player: Player) -> Board:
        return Board((player if p.id == player.id else p for p in self.players), self.ball)

    def with_ball(self, square: Square | None) -> Board:
        return Board(self.players, square)

    def mirrored(self, horizontal: bool = True) -> Board:
        """The board reflected across the width (y -> 14 - y) or the length (x -> 25 - x)."""

        def flip(sq: Square | None) -> Square | None:
            if sq is None:
                return None
            if horizontal:
                return Square(sq.x, PITCH_WIDTH - 1 - sq.y)
            return Square(PITCH_LENGTH - 1 - sq.x, sq.y)

        return Board((p.moved_to(flip(p.square)) for p in self.players), flip(self.ball))


def mirror_square(square: Square, horizontal: bool = True) -> Square:
    if horizontal:
        return Square(square.x, PITCH_WIDTH - 1 - square.y)
    return Square(PITCH_LENGTH - 1 - square.x, square.y)


@dataclass(frozen=True)
class ArmourHelp:
    """A star rule's help on an armour chain he makes (editions/bb2025.py; turn_armour_help.py)."""

    rule: str
    kinds: frozenset[str]  # the chains it acts on: "armour" (a block's), "stab", "chainsaw"
    armour: int = 0  # what it adds to the armour roll (0: it does not)
    injury: int = 0  # what it adds to the injury roll
    reroll: str = ""  # "injury" (the injury roll again), "armour_die" (one armour die, through Pro), "armour"
    victim: str = ""  # only against a victim with this keyword ("big-guy")
    keyword_bonus: tuple[str, int] = ("", 0)  # a bigger bonus against this keyword: ("dwarf", 2)

    def value(self, where: int, keywords: frozenset[str]) -> int:
        word, bonus = self.keyword_bonus
        return bonus if where and word and word in keywords else where
