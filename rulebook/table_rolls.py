"""Rolling on a game table with the engine's dice, reproducibly from a seed in the URL."""

from __future__ import annotations

import random
from dataclasses import dataclass

from .engine import parse_dice_expression, roll_expression
from .models import GameTable, TableRow

MAX_SEED = 10**9
SEED_DIGITS = 9
NEW_ROLL = "new"  # ?roll=new: roll now (a redirect to the roll's own address, ?roll=<seed>)


@dataclass(frozen=True)
class TableRoll:
    seed: int
    faces: tuple[int, ...]
    total: int
    row: TableRow | None
    halves: bool = False  # D6×D6: the faces are read one after the other, never added

    @property
    def position(self) -> int | None:
        return self.row.position if self.row else None

    @property
    def faces_text(self) -> str:
        return " + ".join(str(f) for f in self.faces) if len(self.faces) > 1 else str(self.faces[0])


def is_rollable(table: GameTable, rows: list[TableRow]) -> bool:
    """Only tables whose dice the engine knows and whose rows all have numeric ranges."""
    return parse_dice_expression(table.dice) is not None and bool(rows) and all(r.range_low is not None for r in rows)


def row_for(rows: list[TableRow], total: int) -> TableRow | None:
    return next(
        (r for r in rows if r.range_low is not None and r.range_low <= total <= (r.range_high or r.range_low)),
        None,
    )


def roll_table(table: GameTable, rows: list[TableRow], seed: int) -> TableRoll:
    expression = parse_dice_expression(table.dice)
    if expression is None:
        raise ValueError(f"table {table.slug} cannot be rolled")
    faces, total = roll_expression(expression, random.Random(seed))
    return TableRoll(seed, faces, total, row_for(rows, total), expression.halves)


def client_dice(table: GameTable) -> dict[str, object] | None:
    """The dice as the page's script rolls them offline: the sides of each die, and whether the
    faces are added ("sum"), read side by side as digits ("digits", a D68) or as a half of the table
    and a line in it ("halves", a D6×D6: line = 0 or 6 for a first die of 1-3 or 4-6, plus the second)."""
    expression = parse_dice_expression(table.dice)
    if expression is None:
        return None
    if expression.halves:
        return {"dice": [6, 6], "read": "halves"}
    if expression.sides == 68:
        return {"dice": [6, 8], "read": "digits"}
    return {"dice": [expression.sides] * expression.count, "read": "sum"}


def parse_seed(raw: str | None) -> int | None:
    """A seed from the query string; None when absent or not ASCII digits in range."""
    if raw is None or not raw.isascii() or not raw.isdigit() or len(raw) > SEED_DIGITS:
        return None
    return int(raw) % MAX_SEED


def new_seed() -> int:
    return random.SystemRandom().randrange(1, MAX_SEED)
