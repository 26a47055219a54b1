"""DreadBall (2nd edition, Mantic) rules engine: pure Python, standard library only.

Modules: ``dice`` (exact laws and seeded rolls), ``checks`` (pools, coach dice,
(n)/(X)/(123) checks), ``hexes`` (grid, distance, routes, pitch), ``facing``
(arcs, threat zones), ``ball`` (scatter, rebounds, launch), ``reasons``
(stable explanation keys), ``explain`` (breakdown dataclasses), ``series``
(exact infinite sums).

The apps import what they use from this face only (tests/test_architecture.py checks it).
"""

from .checks import Attribute, Role, dice_pool, fixed_check_odds, opposed_check_odds, role_bonus
from .dice import SuccessDistribution
from .explain import Modifier
from .facing import arc_breakdown, threat_zone
from .hexes import (
    Direction,
    Hex,
    HexBoard,
    count_shortest_routes,
    dreadball_pitch,
    hexes_on_shortest_routes,
    route_distances,
    route_length,
)
from .hexes import distance as hex_distance
from .hexes import neighbours as hex_neighbours

__all__ = [
    "Attribute",
    "Direction",
    "Hex",
    "HexBoard",
    "Modifier",
    "Role",
    "SuccessDistribution",
    "arc_breakdown",
    "count_shortest_routes",
    "dice_pool",
    "dreadball_pitch",
    "fixed_check_odds",
    "hex_distance",
    "hex_neighbours",
    "hexes_on_shortest_routes",
    "opposed_check_odds",
    "role_bonus",
    "route_distances",
    "route_length",
    "threat_zone",
]
