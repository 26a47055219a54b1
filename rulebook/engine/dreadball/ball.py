"""The ball: scatter, rebounds off the arena wall, launch, inaccessible ball.

Seed 003 ("La bola", "Dispersión", "Rebote de la bola", "Bola inaccesible"):

* scatter: one die for the direction (scatter diagram), one for the distance,
  in a straight line;
* rebound, usual case: the ball meets the wall at an angle and bounces off it
  mirrored (B -> C, and C -> B the other way); corner case: in a corner of the
  pitch the ball comes straight back along its path (A, D). We apply the corner
  case to every wall hit from one of the six corner hexes (three sides on the
  wall), so every path can be run backwards;
* standing player reached: they may try to catch (if they can see the origin)
  or the ball scatters again from their hex; knocked-down players do not stop
  the ball, but if it ends on one it scatters again; the entry hex must stay
  free, so a ball ending there scatters again;
* launch: 1-5 moves that many DB hexes along the centre line; a 6 crosses five
  and rebounds off the far wall (1-3 towards the active coach, 4-6 towards the
  opponent, then a die for the distance); a player in the path is hit by a
  Throw of 6 dice in the first hex, 5 in the second..., 1 die after the
  rebound, at Skill 4+, with no coach dice.

Decisions where the seed is silent (documented in the report too): bouncing
does not use up a hex of movement; a scattering ball stops in the first hex
holding a standing player; the scatter diagram maps 1-6 clockwise from EAST
unless another diagram is given.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum

from .checks import Side
from .explain import Breakdown, Note
from .facing import Arc, arc_of
from .hexes import Axis, Direction, Hex, HexBoard, is_reachable

LAUNCH_SKILL_TARGET = 4
LAUNCH_MAX_DICE = 6
LAUNCH_REBOUND_DICE = 1
LAUNCH_FAR_WALL_ROLL = 6
LAUNCH_DB_HEXES_BEFORE_WALL = 5


@dataclass(frozen=True)
class ScatterDiagram:
    """Die face -> direction, as printed on the board."""

    faces: Mapping[int, Direction] = field(
        default_factory=lambda: {face: Direction((face - 1) % 6) for face in range(1, 7)}
    )

    def __post_init__(self) -> None:
        if sorted(self.faces) != [1, 2, 3, 4, 5, 6] or len(set(self.faces.values())) != 6:
            raise ValueError("a scatter diagram maps each face 1-6 to a different direction")

    def direction(self, face: int) -> Direction:
        return self.faces[face]


DEFAULT_SCATTER_DIAGRAM = ScatterDiagram()


def _reflect(direction: Direction, wall_axis: Axis) -> Direction:
    """Mirror a direction in a wall along which `wall_axis` is constant: the
    component along the wall is kept, the one across it flips."""
    q, r, s = direction.vector.cube
    if wall_axis is Axis.Q:
        q, r, s = -q, -s, -r
    elif wall_axis is Axis.R:
        q, r, s = -s, -r, -q
    else:
        q, r, s = -r, -q, -s
    return Direction.from_vector(Hex(q, r))


@dataclass(frozen=True)
class Bounce:
    at: Hex
    incoming: Direction
    outgoing: Direction
    corner: bool


def bounce(board: HexBoard, position: Hex, direction: Direction) -> Bounce | None:
    """How the ball leaves `position` when moving `direction` (None: no wall)."""
    ahead = position + direction.vector
    crossed = board.violated_axes(ahead)
    if not crossed:
        return None
    # Corner hexes (three sides on the wall) always send the ball straight back:
    # the seed's corner case, read per hex like the printed examples A and D.
    in_corner = len(board.wall_sides(position)) >= 3
    if len(crossed) == 1 and not in_corner:
        mirrored = _reflect(direction, crossed[0])
        if position + mirrored.vector in board:
            return Bounce(position, direction, mirrored, corner=False)
    # Corner hex, two walls at once, or the mirror also walled: straight back.
    back = direction.opposite
    if position + back.vector not in board:
        raise ValueError("the pitch is too narrow for the ball to bounce")
    return Bounce(position, direction, back, corner=True)


class Landing(Enum):
    EMPTY = "empty"
    STANDING_PLAYER = "standing_player"  # stopped there: catch attempt or scatter again
    PRONE_PLAYER = "prone_player"  # scatters again
    ENTRY_HEX = "entry_hex"  # scatters again


@dataclass(frozen=True)
class BallPath:
    start: Hex
    hexes: tuple[Hex, ...]  # hexes entered, in order (start excluded)
    bounces: tuple[Bounce, ...]
    landing: Landing

    @property
    def end(self) -> Hex:
        return self.hexes[-1] if self.hexes else self.start

    @property
    def scatters_again(self) -> bool:
        return self.landing in (Landing.PRONE_PLAYER, Landing.ENTRY_HEX)

    def to_dict(self) -> dict[str, object]:
        return {
            "start": str(self.start),
            "hexes": [str(h) for h in self.hexes],
            "end": str(self.end),
            "bounces": [
                {
                    "at": str(b.at),
                    "incoming": b.incoming.name.lower(),
                    "outgoing": b.outgoing.name.lower(),
                    "corner": b.corner,
                }
                for b in self.bounces
            ],
            "landing": self.landing.value,
        }


def move_ball(
    board: HexBoard,
    start: Hex,
    direction: Direction,
    hexes: int,
    standing: Iterable[Hex] = (),
    prone: Iterable[Hex] = (),
    entry_hexes: Iterable[Hex] = (),
) -> Breakdown[BallPath]:
    """Move the ball `hexes` hexes in a straight line, bouncing off walls."""
    if start not in board:
        raise ValueError(f"{start} is not on the pitch")
    standing_set, prone_set, entry_set = frozenset(standing), frozenset(prone), frozenset(entry_hexes)
    position, heading = start, direction
    path: list[Hex] = []
    bounces: list[Bounce] = []
    notes: list[Note] = []
    landing = Landing.EMPTY
    for _ in range(hexes):
        hit = bounce(board, position, heading)
        if hit is not None:
            bounces.append(hit)
            heading = hit.outgoing
            key = "rebound_corner" if hit.corner else "rebound_angle"
            notes.append(Note(key, {"at": str(position), "new_direction": heading.name.lower()}))
        position = position + heading.vector
        path.append(position)
        if position in standing_set:
            landing = Landing.STANDING_PLAYER
            notes.append(Note("ball_stopped_by_player", {"at": str(position)}))
            break
    if landing is Landing.EMPTY and path:
        if position in prone_set:
            landing = Landing.PRONE_PLAYER
            notes.append(Note("ball_on_prone_player"))
        elif position in entry_set:
            landing = Landing.ENTRY_HEX
            notes.append(Note("ball_on_entry_hex"))
    result = BallPath(start, tuple(path), tuple(bounces), landing)
    return Breakdown(hexes, (), result, "scatter_distance", tuple(notes))


def scatter_ball(
    board: HexBoard,
    start: Hex,
    rng: random.Random,
    diagram: ScatterDiagram = DEFAULT_SCATTER_DIAGRAM,
    standing: Iterable[Hex] = (),
    prone: Iterable[Hex] = (),
    entry_hexes: Iterable[Hex] = (),
) -> Breakdown[BallPath]:
    """One scatter: a die for direction, a die for distance (no coach dice)."""
    direction_roll = rng.randint(1, 6)
    distance_roll = rng.randint(1, 6)
    direction = diagram.direction(direction_roll)
    moved = move_ball(board, start, direction, distance_roll, standing, prone, entry_hexes)
    notes = (
        Note("scatter_direction", {"roll": direction_roll, "direction": direction.name.lower()}),
        Note("scatter_distance", {"roll": distance_roll}),
    ) + moved.notes
    return Breakdown(distance_roll, (), moved.result, "scatter_distance", notes)


def sees_ball_coming(catcher: Hex, facing: Direction | None, origin: Hex) -> Breakdown[bool]:
    """A scattering ball is an inaccurate pass from its origin hex: the catcher
    must have that hex in their front arc (knocked-down players cannot catch)."""
    seen = facing is not None and arc_of(catcher, facing, origin) is Arc.FRONT
    notes = (Note("prone_no_facing"),) if facing is None else ()
    return Breakdown(None, (), seen, "sees_ball_coming", notes)


# ---------------------------------------------------------------------------
# launch
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class LaunchRoll:
    roll: int
    db_hexes: int  # DB hexes crossed before stopping or hitting the far wall
    hits_far_wall: bool
    rebound_side_roll: int | None = None
    rebound_towards: Side | None = None
    rebound_hexes: int | None = None

    def to_dict(self) -> dict[str, object]:
        return {
            "roll": self.roll,
            "db_hexes": self.db_hexes,
            "hits_far_wall": self.hits_far_wall,
            "rebound_side_roll": self.rebound_side_roll,
            "rebound_towards": self.rebound_towards.value if self.rebound_towards else None,
            "rebound_hexes": self.rebound_hexes,
        }


def roll_launch(rng: random.Random) -> Breakdown[LaunchRoll]:
    roll = rng.randint(1, 6)
    if roll < LAUNCH_FAR_WALL_ROLL:
        result = LaunchRoll(roll, roll, False)
        return Breakdown(roll, (), result, "launch_distance", (Note("launch_distance", {"roll": roll}),))
    side_roll = rng.randint(1, 6)
    towards = Side.ACTIVE if side_roll <= 3 else Side.OPPONENT
    rebound = rng.randint(1, 6)
    result = LaunchRoll(roll, LAUNCH_DB_HEXES_BEFORE_WALL, True, side_roll, towards, rebound)
    notes = (
        Note("launch_hits_far_wall"),
        Note("launch_rebound_side", {"roll": side_roll, "towards": towards.value}),
        Note("scatter_distance", {"roll": rebound}),
    )
    return Breakdown(roll, (), result, "launch_distance", notes)


def launch_hit_dice(hex_number: int, after_rebound: bool = False) -> Breakdown[int]:
    """Dice of the Throw made by a launched ball at the first player in its path.

    ``hex_number`` counts hexes from the launching edge (1 = first hex). The
    seed lists 6, 5, ... without saying where it stops; we floor at one die.
    """
    if after_rebound:
        return Breakdown(
            LAUNCH_REBOUND_DICE,
            (),
            LAUNCH_REBOUND_DICE,
            "launch_hit_after_rebound",
            (Note("coach_dice_not_allowed", {"roll": "launch"}),),
        )
    if hex_number < 1:
        raise ValueError("hexes are counted from 1")
    dice = max(1, LAUNCH_MAX_DICE + 1 - hex_number)
    notes = (
        Note("launch_hit_dice_by_hex", {"hex_number": hex_number}),
        Note("coach_dice_not_allowed", {"roll": "launch"}),
    )
    return Breakdown(LAUNCH_MAX_DICE, (), dice, "launch_hit_dice_by_hex", notes)


def first_player_on_launch_line(line: Sequence[Hex], occupied: Iterable[Hex]) -> int | None:
    """1-based position of the first occupied hex along the launch line."""
    occupied_set = frozenset(occupied)
    for index, h in enumerate(line, start=1):
        if h in occupied_set:
            return index
    return None


# ---------------------------------------------------------------------------
# inaccessible ball
# ---------------------------------------------------------------------------


def ball_is_inaccessible(
    board: HexBoard, ball: Hex, opposing_starts: Iterable[Hex], blocked: Iterable[Hex]
) -> Breakdown[bool]:
    """True when no route leads from any opposing start hex (their players, or
    entry hexes) to the ball through unblocked hexes: the ball scatters at once."""
    block = frozenset(blocked)
    starts = tuple(opposing_starts)
    reachable = any(is_reachable(board, s, ball, block - {s}) for s in starts)
    inaccessible = bool(starts) and not reachable
    notes = (Note("ball_inaccessible"),) if inaccessible else ()
    return Breakdown(None, (), inaccessible, "ball_inaccessible", notes)
