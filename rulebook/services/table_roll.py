"""Rolling on a game table with the engine's dice, reproducibly from a seed in the URL."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from ..engine import dice
from ..models import GameTable, TableRow

DICE_RE = re.compile(r"^(?P<count>\d*)D(?P<sides>3|6|8|16|68)$")
MAX_SEED = 10**9


@dataclass(frozen=True)
class TableRoll:
    seed: int
    faces: tuple[int, ...]
    total: int
    row: TableRow | None

    @property
    def position(self) -> int | None:
        return self.row.position if self.row else None

    @property
    def faces_text(self) -> str:
        return " + ".join(str(f) for f in self.faces) if len(self.faces) > 1 else str(self.faces[0])


def _roller(expression: str) -> tuple[int, int] | None:
    match = DICE_RE.match(expression.strip().upper())
    if not match:
        return None
    return int(match["count"] or 1), int(match["sides"])


def _roll_faces(count: int, sides: int, rng: random.Random) -> tuple[tuple[int, ...], int]:
    if sides == 68:  # D68: a D6 for the tens and a D8 for the units, read side by side
        value = dice.d68(rng)
        return (value // 10, value % 10), value
    roll = {3: dice.d3, 6: dice.d6, 8: dice.d8, 16: dice.d16}[sides]
    faces = tuple(roll(rng) for _ in range(count))
    return faces, sum(faces)


def is_rollable(table: GameTable, rows: list[TableRow]) -> bool:
    """Only tables whose dice the engine knows and whose rows all have numeric ranges."""
    dice_expression = "D6" if table.dice.upper() == "BLOCK" else table.dice
    return _roller(dice_expression) is not None and bool(rows) and all(r.range_low is not None for r in rows)


def roll_table(table: GameTable, rows: list[TableRow], seed: int) -> TableRoll:
    spec = _roller("D6" if table.dice.upper() == "BLOCK" else table.dice)
    if spec is None:
        raise ValueError(f"table {table.slug} cannot be rolled")
    faces, total = _roll_faces(*spec, random.Random(seed))
    row = next((r for r in rows if r.range_low is not None and r.range_low <= total <= (r.range_high or r.range_low)), None)
    return TableRoll(seed, faces, total, row)


def parse_seed(raw: str | None) -> int | None:
    """A seed from the query string; None when absent or not a whole number in range."""
    if raw is None or not raw.isdigit() or len(raw) > 9:
        return None
    return int(raw) % MAX_SEED


def new_seed() -> int:
    return random.SystemRandom().randrange(1, MAX_SEED)
