"""Blood Bowl rules engine: exact probabilities with structured explanations.

Pure Python standard library; no Django (tests/engine/test_purity.py enforces it).
Modules: types, pitch, dice, probability, explain, reasons, editions (lrb6, bb2025),
movement, reach, block, pushback, injury, passing, kickoff. The dreadball subpackage is
maintained separately.
"""

from .editions import EDITIONS, Bb2025, Edition, Lrb6, get_edition
from .explain import Explanation, Modifier
from .probability import Distribution
from .types import Board, Player, Side, Square, Status, Team, Weather

__all__ = [
    "EDITIONS",
    "Bb2025",
    "Board",
    "Distribution",
    "Edition",
    "Explanation",
    "Lrb6",
    "Modifier",
    "Player",
    "Side",
    "Square",
    "Status",
    "Team",
    "Weather",
    "get_edition",
]
