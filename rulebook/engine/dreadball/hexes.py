"""Hex grid for DreadBall: axial/cube coordinates, distance, routes, the pitch.

Layout: "pointy-top" hexes in rows, axial (q, r) with s = -q - r, r growing
"down" the screen. The pitch's long walls run along rows, so every wall of a
hexagon-shaped pitch follows a hex axis (see :class:`HexBoard`).

Distance (seed, "Ruta y distancia"): do not count the starting hex, always
count the final hex; that is the usual cube distance. When several routes are
equally short the active coach picks one.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import Enum, IntEnum
from math import comb

from .explain import Breakdown, Note


@dataclass(frozen=True, order=True)
class Hex:
    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    @property
    def cube(self) -> tuple[int, int, int]:
        return (self.q, self.r, self.s)

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def scaled(self, factor: int) -> Hex:
        return Hex(self.q * factor, self.r * factor)

    def dot(self, other: Hex) -> int:
        """Cube dot product: proportional to the Euclidean dot product of the
        hex-centre vectors (the cube embedding is a scaled isometry), so its sign
        tells which side of a line a hex centre lies on, in exact integers."""
        return self.q * other.q + self.r * other.r + self.s * other.s

    def __str__(self) -> str:
        return f"({self.q},{self.r})"


class Direction(IntEnum):
    """The six facings/directions, clockwise on screen, towards a hex side."""

    EAST = 0
    SOUTH_EAST = 1
    SOUTH_WEST = 2
    WEST = 3
    NORTH_WEST = 4
    NORTH_EAST = 5

    @property
    def vector(self) -> Hex:
        return _DIRECTION_VECTORS[self]

    def rotated(self, clockwise_steps: int) -> Direction:
        return Direction((self + clockwise_steps) % 6)

    @property
    def opposite(self) -> Direction:
        return self.rotated(3)

    @classmethod
    def from_vector(cls, vector: Hex) -> Direction:
        for direction, v in _DIRECTION_VECTORS.items():
            if v == vector:
                return direction
        raise ValueError(f"{vector} is not a unit hex direction")


_DIRECTION_VECTORS: dict[Direction, Hex] = {
    Direction.EAST: Hex(1, 0),
    Direction.SOUTH_EAST: Hex(0, 1),
    Direction.SOUTH_WEST: Hex(-1, 1),
    Direction.WEST: Hex(-1, 0),
    Direction.NORTH_WEST: Hex(0, -1),
    Direction.NORTH_EAST: Hex(1, -1),
}


def neighbour(h: Hex, direction: Direction) -> Hex:
    return h + direction.vector


_STEPS = tuple((v.q, v.r) for v in _DIRECTION_VECTORS.values())


def neighbours(h: Hex) -> tuple[Hex, ...]:
    q, r = h.q, h.r
    return tuple(Hex(q + dq, r + dr) for dq, dr in _STEPS)


def distance(a: Hex, b: Hex) -> int:
    """Hexes counted from a to b: start excluded, end included."""
    d = a - b
    return max(abs(d.q), abs(d.r), abs(d.s))


def distance_breakdown(a: Hex, b: Hex) -> Breakdown[int]:
    return Breakdown(0, (), distance(a, b), "hex_distance", (Note("hex_distance", {"from": str(a), "to": str(b)}),))


def count_shortest_routes_open(a: Hex, b: Hex) -> int:
    """Equally short routes on an unbounded, empty grid.

    A shortest route mixes at most two adjacent directions; the coordinate with
    the largest magnitude equals the distance, the other two give how many
    steps go each way, so the count is a binomial coefficient.
    """
    d = b - a
    comps = sorted((abs(d.q), abs(d.r), abs(d.s)), reverse=True)
    return comb(comps[0], comps[2])


# ---------------------------------------------------------------------------
# the pitch
# ---------------------------------------------------------------------------


class Axis(Enum):
    Q = 0
    R = 1
    S = 2


@dataclass(frozen=True)
class HexBoard:
    """A convex pitch whose walls all follow hex axes: bounds on q, r and s.

    Such a region is a (possibly elongated) hexagon: six straight walls and six
    corner hexes with three sides on the wall, which is what the rebound rules
    talk about (angled bounces along walls, straight back in corners).
    """

    q_min: int
    q_max: int
    r_min: int
    r_max: int
    s_min: int
    s_max: int

    def bounds(self, axis: Axis) -> tuple[int, int]:
        return {
            Axis.Q: (self.q_min, self.q_max),
            Axis.R: (self.r_min, self.r_max),
            Axis.S: (self.s_min, self.s_max),
        }[axis]

    def violated_axes(self, h: Hex) -> tuple[Axis, ...]:
        """Which bounds the hex lies beyond (empty tuple: on the pitch)."""
        out = []
        for axis, value in zip(Axis, h.cube, strict=False):
            low, high = self.bounds(axis)
            if not low <= value <= high:
                out.append(axis)
        return tuple(out)

    def __contains__(self, h: object) -> bool:
        # The same bounds as violated_axes, compared directly: routes ask this thousands of times.
        if not isinstance(h, Hex):
            return False
        q, r = h.q, h.r
        return self.q_min <= q <= self.q_max and self.r_min <= r <= self.r_max and self.s_min <= -q - r <= self.s_max

    def hexes(self) -> Iterator[Hex]:
        for q in range(self.q_min, self.q_max + 1):
            for r in range(self.r_min, self.r_max + 1):
                h = Hex(q, r)
                if h in self:
                    yield h

    def on_pitch_neighbours(self, h: Hex) -> tuple[Hex, ...]:
        return tuple(n for n in neighbours(h) if n in self)

    def wall_sides(self, h: Hex) -> tuple[Direction, ...]:
        """Directions in which a hex touches the wall."""
        return tuple(d for d in Direction if neighbour(h, d) not in self)


# Not verified against the printed board: the seed gives no dimensions. The
# default is an elongated hexagon 11 rows across (the centre line) and 21 hexes
# along its middle row, with pointed ends. Pass real bounds if they differ;
# every rule here works on any board built from q/r/s bounds.
DEFAULT_HALF_WIDTH = 5
DEFAULT_HALF_LENGTH = 10


def dreadball_pitch(half_length: int = DEFAULT_HALF_LENGTH, half_width: int = DEFAULT_HALF_WIDTH) -> HexBoard:
    """The pitch as an elongated hexagon centred on Hex(0, 0).

    Rows r = -half_width..half_width are the long walls' direction; the ends
    (q or s at +-half_length) are the angled walls meeting at the end points.
    """
    if half_width < 1 or half_length < half_width:
        raise ValueError("need 1 <= half_width <= half_length")
    return HexBoard(-half_length, half_length, -half_width, half_width, -half_length, half_length)


# ---------------------------------------------------------------------------
# routes on the pitch
# ---------------------------------------------------------------------------


def route_distances(board: HexBoard, start: Hex, blocked: Iterable[Hex] = ()) -> dict[Hex, int]:
    """Route length from `start` to every hex reachable through unblocked pitch hexes."""
    return _bfs_layers(board, start, frozenset(blocked) - {start})


def _bfs_layers(board: HexBoard, start: Hex, blocked: frozenset[Hex]) -> dict[Hex, int]:
    """Breadth-first over (q, r) pairs (hashing plain tuples is several times faster than hexes),
    visiting neighbours in Direction order as on_pitch_neighbours does."""
    closed = {(h.q, h.r) for h in blocked}
    origin = (start.q, start.r)
    dist = {origin: 0}
    queue = deque([origin])
    q_min, q_max, r_min, r_max, s_min, s_max = (
        board.q_min,
        board.q_max,
        board.r_min,
        board.r_max,
        board.s_min,
        board.s_max,
    )
    while queue:
        q, r = here = queue.popleft()
        step = dist[here] + 1
        for dq, dr in _STEPS:
            n = (q + dq, r + dr)
            if n in dist or n in closed:
                continue
            nq, nr = n
            if q_min <= nq <= q_max and r_min <= nr <= r_max and s_min <= -nq - nr <= s_max:
                dist[n] = step
                queue.append(n)
    return {Hex(q, r): d for (q, r), d in dist.items()}


def route_length(board: HexBoard, a: Hex, b: Hex, blocked: Iterable[Hex] = ()) -> int | None:
    """Length of the shortest route through unblocked pitch hexes (None: no route).

    `b` may itself be in `blocked` (routes to an occupied target hex)."""
    block = frozenset(blocked) - {a, b}
    return _bfs_layers(board, a, block).get(b)


def count_shortest_routes(board: HexBoard, a: Hex, b: Hex, blocked: Iterable[Hex] = ()) -> Breakdown[int]:
    """How many equally short routes lead from a to b (the active coach picks)."""
    block = frozenset(blocked) - {a, b}
    dist = _bfs_layers(board, a, block)
    if b not in dist:
        return Breakdown(None, (), 0, "shortest_routes", (Note("shortest_routes", {"count": 0}),))
    ways: dict[Hex, int] = {a: 1}
    for h in sorted(dist, key=dist.__getitem__):
        if h == a:
            continue
        ways[h] = sum(ways[n] for n in board.on_pitch_neighbours(h) if dist.get(n) == dist[h] - 1)
    count = ways[b]
    return Breakdown(
        dist[b], (), count, "shortest_routes", (Note("hex_distance"), Note("shortest_routes", {"count": count}))
    )


def hexes_on_shortest_routes(board: HexBoard, a: Hex, b: Hex, blocked: Iterable[Hex] = ()) -> frozenset[Hex]:
    """Every hex lying on at least one shortest route (ends included)."""
    block = frozenset(blocked) - {a, b}
    from_a = _bfs_layers(board, a, block)
    if b not in from_a:
        return frozenset()
    from_b = _bfs_layers(board, b, block)
    total = from_a[b]
    return frozenset(h for h, d in from_a.items() if h in from_b and d + from_b[h] == total)


def is_reachable(board: HexBoard, a: Hex, b: Hex, blocked: Iterable[Hex] = ()) -> bool:
    return route_length(board, a, b, blocked) is not None
