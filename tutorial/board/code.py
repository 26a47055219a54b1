"""The board code: a whole position in a short, versioned, URL-safe string (grammar in
tutorial/README.md, "Board code").

    1_r21_bm8_A1m7.dodge.block_A2l8.7338.sure-hands_B1n8_B2n7p

Version "1", then items separated by "_": options (lower case: re-rolls, weather, ball) and
players (team "A" or "B", shirt number, square, optional status, optional characteristics,
skills; a Loner with his roster's target is written loner3 for "Loner (3+)"; a player from a
team roster names his positional, team slug and positional slug joined by "--": human--blitzer,
read by codes written before it as by new ones). Squares are a
column letter a–z (1–26, along the pitch) and a row 1–15. Only the characters A–Z a–z 0–9 - . _ appear, so a code survives a form's GET and a copied link as is.

Parsing checks the grammar only; `check` then refuses positions the rules rule out (two players
on a square, characteristics out of range, a skill the edition does not have…). Errors carry a
key and parameters, turned into the reader's language by messages.py. Nothing here imports
Django: the code is plain data.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from rulebook.engine import PITCH_LENGTH, PITCH_WIDTH, get_edition
from rulebook.vocab import BLOOD_BOWL_EDITIONS

VERSION = "1"
MAX_CODE_LENGTH = 2000
MAX_ON_PITCH = 11  # per team
MAX_NUMBER = 99
MAX_TEAM_REROLLS = 8
TEAMS = ("A", "B")
WEATHER_LETTERS = {
    "h": "sweltering_heat",
    "s": "very_sunny",
    "n": "nice",
    "r": "pouring_rain",
    "b": "blizzard",
}
LETTER_OF_WEATHER = {weather: letter for letter, weather in WEATHER_LETTERS.items()}
STATUS_LETTERS = {"p": "prone", "s": "stunned"}
LETTER_OF_STATUS = {status: letter for letter, status in STATUS_LETTERS.items()}
COLUMNS = "abcdefghijklmnopqrstuvwxyz"
assert len(COLUMNS) == PITCH_LENGTH
DIGITS36 = "0123456789ab"  # one character per characteristic: 0–9, then a = 10, b = 11

# Characteristics as written in each edition (classic: AG 3 and AV 8 are values; 2025: AG 3+,
# PA 4+ and AV 9+ are targets), the defaults of a plain lineman and the range a code may hold.
STATS: dict[str, tuple[str, ...]] = {key: get_edition(key).characteristics for key in BLOOD_BOWL_EDITIONS}
DEFAULTS: dict[str, dict[str, int | None]] = {
    key: {"pa": None, **get_edition(key).lineman} for key in BLOOD_BOWL_EDITIONS
}
RANGES: dict[str, tuple[int, int]] = {"ma": (1, 9), "st": (1, 7), "ag": (1, 6), "pa": (1, 6), "av": (3, 11)}

Cell = tuple[int, int]  # (x, y), 0-based: x along the 26 squares of the pitch, y across its 15

_SQUARE = r"([a-z])(\d{1,2})"
_PLAYER = re.compile(rf"([AB])(\d{{1,2}}){_SQUARE}([ps]?)((?:\.[a-z0-9-]+)*)")
_OPTION = re.compile(rf"r(\d)(\d)|w([a-z])|b{_SQUARE}")
_SLUG = re.compile(r"[a-z][a-z0-9-]*")
POSITIONAL_JOIN = "--"  # human--blitzer: no content slug holds two hyphens in a row
_POSITIONAL = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*--[a-z0-9]+(?:-[a-z0-9]+)*")
LONER = "loner"
_LONER_WITH_TARGET = re.compile(r"loner(\d)")  # loner3: Loner (3+); no skill slug ends in a digit


class CodeError(ValueError):
    """A code or a change that cannot stand. `key` names the problem (messages.py words it in
    the reader's language; the API answers with the English form); `params` fill it in."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


@dataclass(frozen=True)
class Piece:
    """A player on the board, in the edition's notation (pa None: no PA, or classic rules)."""

    team: str
    number: int
    square: Cell
    ma: int
    st: int
    ag: int
    pa: int | None
    av: int
    skills: tuple[str, ...] = ()
    status: str = "standing"
    loner: int | None = None  # his Loner target when it is not the edition's usual one
    positional: str = ""  # his roster's positional ("human--blitzer"), or "" for a plain player

    @property
    def id(self) -> str:
        return f"{self.team}{self.number}"


@dataclass(frozen=True)
class Position:
    edition: str
    pieces: tuple[Piece, ...] = ()
    ball: Cell | None = None
    weather: str = "nice"
    rerolls: tuple[int, int] = (1, 1)  # team re-rolls left: team A, team B

    def piece(self, piece_id: str) -> Piece | None:
        return next((p for p in self.pieces if p.id == piece_id), None)

    def at(self, cell: Cell) -> Piece | None:
        return next((p for p in self.pieces if p.square == cell), None)

    def team_rerolls(self, team: str) -> int:
        return self.rerolls[TEAMS.index(team)]

    def with_pieces(self, pieces: Iterable[Piece]) -> Position:
        return replace(self, pieces=sort_pieces(pieces))


def sort_pieces(pieces: Iterable[Piece]) -> tuple[Piece, ...]:
    return tuple(sorted(pieces, key=lambda p: (p.team, p.number)))


# -- squares -------------------------------------------------------------------------------------------


def square_name(cell: Cell) -> str:
    """(12, 7) → "m8"."""
    return f"{COLUMNS[cell[0]]}{cell[1] + 1}"


def parse_square(text: str) -> Cell:
    found = re.fullmatch(_SQUARE, text)
    if not found:
        raise CodeError("bad_square", text=text[:12])
    cell = (COLUMNS.index(found[1]), int(found[2]) - 1)
    if not on_pitch(cell):
        raise CodeError("off_pitch", square=text[:12])
    return cell


def on_pitch(cell: Cell) -> bool:
    return 0 <= cell[0] < PITCH_LENGTH and 0 <= cell[1] < PITCH_WIDTH


# -- reading -------------------------------------------------------------------------------------------


def default_piece(edition: str, team: str, number: int, square: Cell) -> Piece:
    d = DEFAULTS[edition]
    return Piece(
        team, number, square, int(d["ma"] or 0), int(d["st"] or 0), int(d["ag"] or 0), d["pa"], int(d["av"] or 0)
    )


def parse(edition: str, text: str) -> Position:
    """The position a code writes (grammar only; see check). An empty code is an empty board."""
    text = text.strip()
    if len(text) > MAX_CODE_LENGTH:
        raise CodeError("too_long", limit=MAX_CODE_LENGTH)
    if not text:
        return Position(edition)
    version, *items = text.split("_")
    if version != VERSION:
        raise CodeError("version", version=version[:8])
    position = Position(edition)
    seen_options: set[str] = set()
    pieces: list[Piece] = []
    for item in items:
        if item[:1] in TEAMS:
            pieces.append(_parse_piece(edition, item))
            continue
        if item[:1] in seen_options:
            raise CodeError("repeated_option", item=item[:16])
        seen_options.add(item[:1])
        position = _parse_option(position, item)
    return replace(position, pieces=sort_pieces(pieces))


def _parse_option(position: Position, item: str) -> Position:
    found = _OPTION.fullmatch(item)
    if not found:
        raise CodeError("unreadable", near=item[:16])
    if found[1] is not None:
        return replace(position, rerolls=(int(found[1]), int(found[2])))
    if found[3] is not None:
        if found[3] not in WEATHER_LETTERS:
            raise CodeError("unreadable", near=item[:16])
        return replace(position, weather=WEATHER_LETTERS[found[3]])
    return replace(position, ball=parse_square(item[1:]))


def _parse_piece(edition: str, item: str) -> Piece:
    found = _PLAYER.fullmatch(item)
    if not found:
        raise CodeError("unreadable", near=item[:16])
    team, number, column, row, status, rest = found.groups()
    cell = (COLUMNS.index(column), int(row) - 1)
    piece = default_piece(edition, team, int(number), cell)
    parts = [p for p in rest.split(".") if p]
    if parts and parts[0][:1].isdigit():
        piece = _with_stats(edition, piece, parts.pop(0), item, piece.id)
    positional, parts = _positional(parts, item)
    loner = None
    for index, slug in enumerate(parts):
        if not _SLUG.fullmatch(slug):
            raise CodeError("unreadable", near=item[:16])
        with_target = _LONER_WITH_TARGET.fullmatch(slug)
        if with_target:
            parts[index], loner = LONER, int(with_target[1])
    return replace(
        piece,
        skills=tuple(sorted(set(parts))),
        status=STATUS_LETTERS.get(status, "standing") if status else "standing",
        loner=usual_loner(edition, loner),
        positional=positional,
    )


def _positional(parts: list[str], item: str) -> tuple[str, list[str]]:
    """His positional (the one part with "--") and the skill parts left; two are refused."""
    named = [p for p in parts if POSITIONAL_JOIN in p]
    if len(named) > 1 or any(not _POSITIONAL.fullmatch(p) for p in named):
        raise CodeError("unreadable", near=item[:16])
    return (named[0] if named else ""), [p for p in parts if POSITIONAL_JOIN not in p]


def usual_loner(edition: str, target: int | None) -> int | None:
    """The Loner target a piece keeps: None for the edition's usual one (one position, one code)."""
    return None if target == get_edition(edition).loner_default_target else target


def loner_target(edition: str, piece: Piece) -> int | None:
    """What his Loner roll needs: None without Loner, else his own target or the edition's usual one."""
    if LONER not in piece.skills:
        return None
    return piece.loner if piece.loner is not None else get_edition(edition).loner_default_target


def _with_stats(edition: str, piece: Piece, text: str, item: str, piece_id: str) -> Piece:
    names = STATS[edition]
    if len(text) != len(names):
        raise CodeError("stats_length", player=piece_id, count=len(names))
    values: dict[str, int | None] = {}
    for name, char in zip(names, text, strict=True):
        if name == "pa" and char == "-":
            values[name] = None
        elif char in DIGITS36:
            values[name] = DIGITS36.index(char)
        else:
            raise CodeError("unreadable", near=item[:16])
    return replace(piece, **values)  # type: ignore[arg-type]


# -- writing -------------------------------------------------------------------------------------------


def format_code(position: Position) -> str:
    """The canonical code: options in a fixed order, defaults left out, players by team and
    number, skills sorted (so one position has one code)."""
    items = [VERSION]
    if position.rerolls != (1, 1):
        items.append(f"r{position.rerolls[0]}{position.rerolls[1]}")
    if position.weather != "nice":
        items.append("w" + LETTER_OF_WEATHER[position.weather])
    if position.ball is not None:
        items.append("b" + square_name(position.ball))
    for piece in sort_pieces(position.pieces):
        items.append(_format_piece(position.edition, piece))
    return "_".join(items)


def _format_piece(edition: str, piece: Piece) -> str:
    text = f"{piece.team}{piece.number}{square_name(piece.square)}{LETTER_OF_STATUS.get(piece.status, '')}"
    values = {name: getattr(piece, name) for name in STATS[edition]}
    if any(values[name] != DEFAULTS[edition][name] for name in values):
        text += "." + "".join("-" if v is None else DIGITS36[v] for v in values.values())
    if piece.positional:
        text += "." + piece.positional
    return "".join([text, *(f".{_skill_item(piece, slug)}" for slug in sorted(piece.skills))])


def _skill_item(piece: Piece, slug: str) -> str:
    return f"{slug}{piece.loner}" if slug == LONER and piece.loner is not None else slug


# -- checking ------------------------------------------------------------------------------------------


def check(position: Position, known_skills: frozenset[str]) -> Position:
    """The position if the rules allow it; else CodeError for the first problem found."""
    edition = position.edition
    a, b = position.rerolls
    if not (0 <= a <= MAX_TEAM_REROLLS and 0 <= b <= MAX_TEAM_REROLLS):
        raise CodeError("rerolls", limit=MAX_TEAM_REROLLS)
    if position.ball is not None and not on_pitch(position.ball):
        raise CodeError("off_pitch", square=square_name_or_raw(position.ball))
    taken: dict[Cell, str] = {}
    ids: set[str] = set()
    for piece in position.pieces:
        if not 1 <= piece.number <= MAX_NUMBER:
            raise CodeError("number", player=piece.id, limit=MAX_NUMBER)
        if piece.id in ids:
            raise CodeError("same_number", team=piece.team, number=piece.number)
        ids.add(piece.id)
        if not on_pitch(piece.square):
            raise CodeError("off_pitch", square=square_name_or_raw(piece.square))
        if piece.square in taken:
            raise CodeError(
                "two_on_square", square=square_name(piece.square), first=taken[piece.square], second=piece.id
            )
        taken[piece.square] = piece.id
        for name in STATS[edition]:
            value = getattr(piece, name)
            lo, hi = RANGES[name]
            if value is None and name == "pa":
                continue
            if not lo <= value <= hi:
                raise CodeError("characteristic", player=piece.id, name=name, value=value, lo=lo, hi=hi)
        for slug in piece.skills:
            if slug not in known_skills:
                raise CodeError("unknown_skill", player=piece.id, skill=slug)
        _check_loner(edition, piece)
        if position.ball == piece.square and piece.status != "standing":
            raise CodeError("ball_on_fallen", player=piece.id)
    for team in TEAMS:
        if sum(1 for p in position.pieces if p.team == team) > MAX_ON_PITCH:
            raise CodeError("too_many", team=team, limit=MAX_ON_PITCH)
    return position


def _check_loner(edition: str, piece: Piece) -> None:
    if piece.loner is None:
        return
    targets = get_edition(edition).loner_targets
    if LONER not in piece.skills or piece.loner not in targets:
        raise CodeError("loner_target", player=piece.id, targets=", ".join(f"{t}+" for t in targets))


def square_name_or_raw(cell: Cell) -> str:
    """A square's name, or its 1-based column and row when it is off the pitch."""
    return square_name(cell) if on_pitch(cell) else f"({cell[0] + 1}, {cell[1] + 1})"


def read(edition: str, text: str, known_skills: frozenset[str]) -> Position:
    return check(parse(edition, text), known_skills)


__all__ = [
    "COLUMNS",
    "DEFAULTS",
    "LONER",
    "POSITIONAL_JOIN",
    "RANGES",
    "STATS",
    "VERSION",
    "CodeError",
    "Piece",
    "Position",
    "check",
    "default_piece",
    "format_code",
    "loner_target",
    "parse",
    "parse_square",
    "read",
    "square_name",
    "usual_loner",
]
