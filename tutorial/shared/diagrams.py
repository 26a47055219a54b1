"""SVG pictures drawn from the engine's state: the Blood Bowl pitch (squares), a budget bar and
outcome bar charts; the DreadBall board (hexes) is drawn by hexes.py with the same marks.

Colours are CSS variables (var(--team-a), var(--team-b), …, see static/css/tutorial.css and
site.css) so the pictures follow light and dark mode; the only text is numbers. Each picture is
cropped (viewBox) to the region of interest, and its text is sized in the picture's own units so
that it is at least MIN_TEXT_PX CSS pixels on a 360 px phone (PHONE_WIDTH px of picture): a wide
crop gets larger numbers, and per-square chances that no longer fit a square are left to the
legend. A crop is at most PHONE_MAX_COLS columns wide, so that two-digit player numbers fit their
discs on a phone; the whole pitch is drawn besides at its own size (`fixed_scale`), to be panned.
Columns are named by letters and rows by numbers ("q4"), as on the board page.
Each picture carries a <title> and <desc>; the page also lists the positions as text.
No style attribute: sizes and opacities are presentation attributes (CSP style-src 'self').
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape

from rulebook.engine import PITCH_LENGTH, PITCH_WIDTH

from .scenario import PlayerSpec

CELL = 32
PAD = 2
PHONE_WIDTH = 320  # CSS px a picture gets on a 360 px phone (328: main has 1rem padding a side), with a margin
MIN_TEXT_PX = 11
AXIS_TEXT, PLAYER_TEXT, HEAT_TEXT = 9.0, 13.0, 8.0  # sizes in picture units on a wide screen
CHAR_WIDTH = 0.56  # average width of a digit or % sign, in ems
MIN_COLS, MIN_ROWS = 9, 7
# The widest crop a 360 px phone shows legibly: two-digit player numbers at MIN_TEXT_PX stay inside
# their discs (15 columns: numbers of 17 units in discs of 25.6), column letters never touch.
PHONE_MAX_COLS = 15
# Column names, a to z from the left (the board page's too: tutorial/board/code.py COLUMNS).
COLUMNS = "abcdefghijklmnopqrstuvwxyz"
BAND_CLASS = {"quick": "band--quick", "short": "band--short", "long": "band--long", "bomb": "band--bomb"}


@dataclass
class Marks:
    """What the diagram draws on top of the board."""

    arrows: list[tuple[tuple[int, int], ...]] = field(default_factory=list)
    push: list[tuple[int, int]] = field(default_factory=list)
    highlight: list[tuple[int, int]] = field(default_factory=list)
    heat: dict[tuple[int, int], Fraction] = field(default_factory=dict)
    bands: dict[tuple[int, int], str] = field(default_factory=dict)
    zones_against: str | None = None  # shade the tackle/threat zones of this team's opponents
    threat: set[tuple[int, int]] = field(default_factory=set)
    route: list[tuple[int, int]] = field(default_factory=list)
    labels: dict[tuple[int, int], str] = field(default_factory=dict)  # letters on hexes the form offers


Cell = tuple[int, int]


@dataclass(frozen=True)
class Crop:
    x0: int
    y0: int
    x1: int  # inclusive
    y1: int

    def cells(self) -> Iterable[Cell]:
        for y in range(self.y0, self.y1 + 1):
            for x in range(self.x0, self.x1 + 1):
                yield x, y

    def contains(self, cell: Cell) -> bool:
        return self.x0 <= cell[0] <= self.x1 and self.y0 <= cell[1] <= self.y1


def _grow(lo: int, hi: int, minimum: int, limit: int) -> tuple[int, int]:
    """Widen [lo, hi] symmetrically to at least `minimum` cells, inside 0..limit-1."""
    while hi - lo + 1 < minimum:
        if lo > 0:
            lo -= 1
        if hi - lo + 1 < minimum and hi < limit - 1:
            hi += 1
        if lo == 0 and hi == limit - 1:
            break
    return lo, hi


def crop_for(cells: Iterable[Cell], focus: tuple[Cell, Cell] | None = None) -> Crop:
    """The region to show: the step's focus if it has one, else the cells of interest padded."""
    if focus:
        (x0, y0), (x1, y1) = focus
        return Crop(
            max(0, min(x0, x1)),
            max(0, min(y0, y1)),
            min(PITCH_LENGTH - 1, max(x0, x1)),
            min(PITCH_WIDTH - 1, max(y0, y1)),
        )
    on_pitch = [c for c in cells if 0 <= c[0] < PITCH_LENGTH and 0 <= c[1] < PITCH_WIDTH]
    if not on_pitch:
        return Crop(0, 0, PITCH_LENGTH - 1, PITCH_WIDTH - 1)
    xs, ys = [c[0] for c in on_pitch], [c[1] for c in on_pitch]
    x0, x1 = _grow(max(0, min(xs) - PAD), min(PITCH_LENGTH - 1, max(xs) + PAD), MIN_COLS, PITCH_LENGTH)
    y0, y1 = _grow(max(0, min(ys) - PAD), min(PITCH_WIDTH - 1, max(ys) + PAD), MIN_ROWS, PITCH_WIDTH)
    return Crop(x0, y0, x1, y1)


def square_label(cell: Cell) -> str:
    """(16, 3) → "q4": the column's letter and the row's number, as the board names squares."""
    return f"{COLUMNS[cell[0]]}{cell[1] + 1}"


def close_crop(cells: Iterable[Cell], anchor: Cell | None = None) -> Crop:
    """The cells' crop, at most PHONE_MAX_COLS columns wide: a wider one is narrowed around the
    anchor (the square the step is about), or around the middle of the cells."""
    cells = list(cells)
    crop = crop_for(cells)
    if crop.x1 - crop.x0 + 1 <= PHONE_MAX_COLS:
        return crop
    xs = sorted(c[0] for c in cells if 0 <= c[0] < PITCH_LENGTH)
    centre = anchor[0] if anchor else (xs[0] + xs[-1]) // 2
    x0 = min(max(0, centre - PHONE_MAX_COLS // 2), PITCH_LENGTH - PHONE_MAX_COLS)
    return Crop(x0, crop.y0, x0 + PHONE_MAX_COLS - 1, crop.y1)


def crop_columns(crop: Crop) -> int:
    return crop.x1 - crop.x0 + 1


WHOLE_PITCH = Crop(0, 0, PITCH_LENGTH - 1, PITCH_WIDTH - 1)


def min_text(view_width: float) -> float:
    """The smallest font size, in picture units, that is MIN_TEXT_PX on a phone."""
    return MIN_TEXT_PX * view_width / PHONE_WIDTH


def crop_view_width(crop: Crop) -> float:
    return (crop.x1 - crop.x0 + 1) * CELL + axis_margin(crop)


def axis_margin(crop: Crop, fixed_scale: bool = False) -> float:
    """Room left of and above the squares for the row numbers and column letters."""
    width = (crop.x1 - crop.x0 + 1) * CELL
    size = MIN_TEXT_PX if fixed_scale else max(AXIS_TEXT, MIN_TEXT_PX * (width + 14) / PHONE_WIDTH)
    return max(14.0, size * 1.9)


def heat_text(crop: Crop, fixed_scale: bool = False) -> float:
    return float(MIN_TEXT_PX) if fixed_scale else max(HEAT_TEXT, min_text(crop_view_width(crop)))


def heat_labels_fit(crop: Crop, labels: Iterable[str], fixed_scale: bool = False) -> bool:
    """Whether every chance label fits inside its square at a size readable on a phone."""
    size = heat_text(crop, fixed_scale)
    return all(len(label) * CHAR_WIDTH * size <= CELL - 2 for label in labels)


def _square_class(cell: Cell) -> str:
    x, y = cell
    classes = ["sq"]
    if x in (0, PITCH_LENGTH - 1):
        classes.append("sq--endzone")
    elif y < 4 or y >= PITCH_WIDTH - 4:
        classes.append("sq--wide")
    return " ".join(classes)


def _arrow_defs(uid: str) -> str:
    return (
        f'<defs><marker id="{uid}-head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" '
        f'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="arrowhead"/></marker></defs>'
    )


def _centre(cell: Cell) -> tuple[float, float]:
    return cell[0] * CELL + CELL / 2, cell[1] * CELL + CELL / 2


def tackle_zone_cells(cast: Iterable[PlayerSpec], team: str) -> dict[Cell, int]:
    """How many standing opponents of `team` put a tackle zone on each square."""
    zones: dict[Cell, int] = {}
    for p in cast:
        if p.team == team or p.square is None or p.status != "standing":
            continue
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if dx or dy:
                    cell = (p.square[0] + dx, p.square[1] + dy)
                    zones[cell] = zones.get(cell, 0) + 1
    return zones


def pitch_svg(
    cast: list[PlayerSpec],
    colours: dict[str, str],
    ball: Cell | None,
    carried_by: str | None,
    marks: Marks,
    crop: Crop,
    title: str,
    desc: str,
    format_pct: Callable[[Fraction], str],
    uid: str = "pitch",
    fixed_scale: bool = False,
) -> str:
    """The Blood Bowl pitch around the action: squares, zones, players, ball and marks. With
    `fixed_scale` it is drawn one unit to a CSS pixel (width and height given), to be panned: its
    text is MIN_TEXT_PX units, whatever the crop."""
    w, h = (crop.x1 - crop.x0 + 1) * CELL, (crop.y1 - crop.y0 + 1) * CELL
    margin = axis_margin(crop, fixed_scale)  # room for the column letters and row numbers
    smallest = MIN_TEXT_PX if fixed_scale else min_text(w + margin)
    axis, number = max(AXIS_TEXT, smallest), max(PLAYER_TEXT, smallest)
    heat_size = heat_text(crop, fixed_scale)
    show_heat = heat_labels_fit(
        crop, (format_pct(p) for c, p in marks.heat.items() if crop.contains(c) and p > 0), fixed_scale
    )
    vb = f"{crop.x0 * CELL - margin:g} {crop.y0 * CELL - margin:g} {w + margin:g} {h + margin:g}"
    size = f' width="{w + margin:g}" height="{h + margin:g}"' if fixed_scale else ""
    kind = "diagram--pitch diagram--whole" if fixed_scale else "diagram--pitch"
    out = [
        f'<svg class="diagram {kind}" viewBox="{vb}"{size} role="img" aria-labelledby="{uid}-t {uid}-d" '
        f'xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{uid}-t">{escape(title)}</title><desc id="{uid}-d">{escape(desc)}</desc>',
        _arrow_defs(uid),
    ]
    for cell in crop.cells():
        x, y = cell[0] * CELL, cell[1] * CELL
        out.append(f'<rect class="{_square_class(cell)}" x="{x}" y="{y}" width="{CELL}" height="{CELL}"/>')
    for x in range(crop.x0, crop.x1 + 1):
        out.append(
            f'<text class="axis" font-size="{axis:.1f}" x="{x * CELL + CELL / 2}" y="{crop.y0 * CELL - axis * 0.35:.1f}">'
            f"{COLUMNS[x]}</text>"
        )
    for y in range(crop.y0, crop.y1 + 1):
        out.append(
            f'<text class="axis" font-size="{axis:.1f}" x="{crop.x0 * CELL - margin / 2:.1f}" '
            f'y="{y * CELL + CELL / 2 + axis * 0.35:.1f}">{y + 1}</text>'
        )
    half = PITCH_LENGTH // 2
    if crop.x0 < half <= crop.x1:
        out.append(
            f'<line class="halfway" x1="{half * CELL}" y1="{crop.y0 * CELL}" x2="{half * CELL}" y2="{(crop.y1 + 1) * CELL}"/>'
        )
    for edge in (4, PITCH_WIDTH - 4):
        if crop.y0 < edge <= crop.y1:
            out.append(
                f'<line class="widezone" x1="{crop.x0 * CELL}" y1="{edge * CELL}" x2="{(crop.x1 + 1) * CELL}" y2="{edge * CELL}"/>'
            )
    for cell, band in marks.bands.items():
        if crop.contains(cell):
            out.append(
                f'<rect class="band {BAND_CLASS[band]}" x="{cell[0] * CELL}" y="{cell[1] * CELL}" width="{CELL}" height="{CELL}"/>'
            )
    if marks.zones_against:
        zones = tackle_zone_cells(cast, marks.zones_against)
        enemy_colour = next((colours[p.team] for p in cast if p.team != marks.zones_against and p.team in colours), "b")
        for cell, count in zones.items():
            if crop.contains(cell):
                out.append(
                    f'<rect class="tz tz--{enemy_colour}" fill-opacity="{min(0.16 * count, 0.5):.2f}" '
                    f'x="{cell[0] * CELL}" y="{cell[1] * CELL}" width="{CELL}" height="{CELL}"/>'
                )
    top = float(max(marks.heat.values(), default=0)) or 1.0  # shade relative to the likeliest square
    for cell, chance in marks.heat.items():
        if crop.contains(cell) and chance > 0:
            x, y = cell[0] * CELL, cell[1] * CELL
            out.append(
                f'<rect class="heat" fill-opacity="{0.12 + 0.5 * float(chance) / top:.2f}" x="{x}" y="{y}" width="{CELL}" height="{CELL}"/>'
            )
            if show_heat:
                out.append(
                    f'<text class="heat-label" font-size="{heat_size:.1f}" x="{x + CELL / 2}" y="{y + CELL - 4}">'
                    f"{escape(format_pct(chance))}</text>"
                )
    for cell in marks.push:
        if crop.contains(cell):
            out.append(
                f'<rect class="push" x="{cell[0] * CELL + 3}" y="{cell[1] * CELL + 3}" width="{CELL - 6}" height="{CELL - 6}"/>'
            )
    for cell in marks.highlight:
        if crop.contains(cell):
            out.append(
                f'<rect class="highlight" x="{cell[0] * CELL + 1.5}" y="{cell[1] * CELL + 1.5}" width="{CELL - 3}" height="{CELL - 3}"/>'
            )
    for path in marks.arrows:
        points = " ".join(f"{cx:.1f},{cy:.1f}" for cx, cy in (_centre(c) for c in path if c))
        out.append(f'<polyline class="arrow" points="{points}" marker-end="url(#{uid}-head)"/>')
    for p in cast:
        if p.square is None or not crop.contains(p.square):
            continue
        cx, cy = _centre(p.square)
        colour = colours.get(p.team, "a")
        state = "standing" if p.status == "standing" else "down"
        ring = f'<circle class="added-ring" cx="{cx}" cy="{cy}" r="{CELL * 0.48:.1f}"/>' if p.added else ""
        out.append(
            f'<g class="player player--{colour} player--{state}">{ring}<circle cx="{cx}" cy="{cy}" r="{CELL * 0.4:.1f}"/>'
            f'<text font-size="{number:.1f}" x="{cx}" y="{cy + number * 0.35:.1f}">{p.number}</text></g>'
        )
    if ball and crop.contains(ball):
        cx, cy = _centre(ball)
        if carried_by:
            cx, cy = cx + CELL * 0.3, cy + CELL * 0.3
        out.append(f'<circle class="ball" cx="{cx}" cy="{cy}" r="{CELL * 0.17:.1f}"/>')
    out.append("</svg>")
    return "".join(out)
