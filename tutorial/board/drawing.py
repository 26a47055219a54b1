"""The board as SVG, drawn from the position and the engine's answer: a window on the pitch
(phone first: 7 columns by 9 rows are 44 px squares on a 360 px screen, with the chances in
text no smaller than 13 px), the players, the ball, and for the chosen player his reach map as a
heat map with the chance in each square, the best path to the tapped square, the push-back
squares of a block on the tapped opponent, or his pass ranges.

Every square is a link (the tap of the current tool), drawn last as a transparent layer so the
players and numbers under it never swallow a tap. No inline style: classes and SVG presentation
attributes only (fill-opacity for the heat).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from html import escape

from rulebook.engine import PITCH_LENGTH, PITCH_WIDTH

from ..shared.diagrams import CELL, Crop
from .answers import Answer
from .code import COLUMNS, Cell, Position

MARGIN = 14  # room for the column letters and row numbers
# Window size (columns, rows) per zoom level: close (phone), half the pitch, the whole pitch.
WINDOWS = {1: (7, 9), 2: (13, PITCH_WIDTH), 3: (PITCH_LENGTH, PITCH_WIDTH)}
BAND_CLASS = {"quick": "band--quick", "short": "band--short", "long": "band--long", "bomb": "band--bomb"}
# Every square in view is a link holding the whole position (the page works without JavaScript),
# so a page grows with squares × code length: the whole pitch of a long position made 600 KB. A
# zoom is drawn only if its links fit TAP_BUDGET bytes (the closest one that fits otherwise).
TAP_BUDGET = 200_000
TAP_OVERHEAD = 320  # bytes of one square's link besides the code: path, view, label, rectangle


def widest_zoom(code_length: int) -> int:
    """The widest zoom whose square links fit the budget for a position code of this length."""
    zoom = max(WINDOWS)
    while zoom > min(WINDOWS) and WINDOWS[zoom][0] * WINDOWS[zoom][1] * (code_length + TAP_OVERHEAD) > TAP_BUDGET:
        zoom -= 1
    return zoom


def window(zoom: int, origin: Cell | None, focus: Cell | None, pieces: list[Cell]) -> Crop:
    """The squares shown: from `origin` if the reader panned, else around `focus` (the chosen
    player), else around the players, else the middle of the pitch; always inside the pitch."""
    cols, rows = WINDOWS[zoom]
    if origin is not None:
        x0, y0 = origin
    else:
        if focus is not None:
            cx, cy = focus
        elif pieces:
            xs, ys = [c[0] for c in pieces], [c[1] for c in pieces]
            cx, cy = (min(xs) + max(xs)) // 2, (min(ys) + max(ys)) // 2
        else:
            cx, cy = PITCH_LENGTH // 2, PITCH_WIDTH // 2
        x0, y0 = cx - cols // 2, cy - rows // 2
    x0 = max(0, min(x0, PITCH_LENGTH - cols))
    y0 = max(0, min(y0, PITCH_WIDTH - rows))
    return Crop(x0, y0, x0 + cols - 1, y0 + rows - 1)


def panned(crop: Crop, dx: int, dy: int) -> Cell | None:
    """The origin of the window moved by (dx, dy) squares, or None if it cannot move that way."""
    cols, rows = crop.x1 - crop.x0 + 1, crop.y1 - crop.y0 + 1
    x0 = max(0, min(crop.x0 + dx, PITCH_LENGTH - cols))
    y0 = max(0, min(crop.y0 + dy, PITCH_WIDTH - rows))
    return None if (x0, y0) == (crop.x0, crop.y0) else (x0, y0)


def heat_text(p: Fraction, pct: Callable[[Fraction], str]) -> str:
    """The chance in a square, in whole percent, never rounded to a certainty or to nothing."""
    if p == 1:
        return pct(Fraction(1))
    if p < Fraction(1, 200):
        return "<" + pct(Fraction(1, 100))
    if p > Fraction(199, 200):
        return ">" + pct(Fraction(99, 100))
    return pct(p)


# A label of four characters or more ("100%", "100 %", ">99 %") is about as wide as its square at
# 10 px bold and touched or overlapped its neighbour's: it is squeezed to fit inside its square.
LONG_LABEL = 4
LABEL_ROOM = CELL - 4


def _heat_label(x: float, y: float, text: str) -> str:
    fit = f' textLength="{LABEL_ROOM}" lengthAdjust="spacingAndGlyphs"' if len(text) >= LONG_LABEL else ""
    return f'<text class="heat-label" x="{x:g}" y="{y:g}"{fit}>{escape(text)}</text>'


@dataclass(frozen=True)
class Drawing:
    position: Position
    answer: Answer | None
    crop: Crop
    zoom: int
    show: str  # reach | pass
    target: Cell | None
    chosen: str | None
    tap_url: Callable[[Cell], str]
    square_label: Callable[[Cell], str]  # accessible name of a square's link
    pct: Callable[[Fraction], str]
    title: str
    desc: str
    action_path: tuple[Cell, ...] = ()  # a blitz, foul or hand-off asked: the walk to its best square


def _square_class(x: int, y: int) -> str:
    if x in (0, PITCH_LENGTH - 1):
        return "sq sq--endzone"
    if y < 4 or y >= PITCH_WIDTH - 4:
        return "sq sq--wide"
    return "sq"


def _centre(cell: Cell) -> tuple[float, float]:
    return cell[0] * CELL + CELL / 2, cell[1] * CELL + CELL / 2


def _stop_short(cells: list[Cell]) -> str:
    """Points from centre to centre, the last one pulled back so the arrowhead points at the
    target's number instead of covering it."""
    points = [_centre(c) for c in cells]
    (x0, y0), (x1, y1) = points[-2], points[-1]
    length = max(abs(x1 - x0), abs(y1 - y0)) or 1.0
    cut = CELL * 0.3
    points[-1] = (x1 - (x1 - x0) * cut / length, y1 - (y1 - y0) * cut / length)
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def _rect(cell: Cell, cls: str, inset: float = 0, extra: str = "") -> str:
    x, y = cell[0] * CELL + inset, cell[1] * CELL + inset
    size = CELL - 2 * inset
    return f'<rect class="{cls}" x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}"{extra}/>'


def board_svg(d: Drawing) -> str:
    crop = d.crop
    w, h = (crop.x1 - crop.x0 + 1) * CELL, (crop.y1 - crop.y0 + 1) * CELL
    vb = f"{crop.x0 * CELL - MARGIN} {crop.y0 * CELL - MARGIN} {w + MARGIN} {h + MARGIN}"
    out = [
        f'<svg class="board-map board-map--z{d.zoom}" viewBox="{vb}" role="group" aria-labelledby="board-t board-d" '
        f'xmlns="http://www.w3.org/2000/svg">',
        f'<title id="board-t">{escape(d.title)}</title><desc id="board-d">{escape(d.desc)}</desc>',
        '<defs><marker id="board-head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" '
        'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="arrowhead"/></marker></defs>',
        '<g aria-hidden="true">',
    ]
    for cell in crop.cells():
        out.append(_rect(cell, _square_class(*cell)))
    for x in range(crop.x0, crop.x1 + 1):
        out.append(f'<text class="axis" x="{x * CELL + CELL / 2:g}" y="{crop.y0 * CELL - 4}">{COLUMNS[x]}</text>')
    for y in range(crop.y0, crop.y1 + 1):
        out.append(f'<text class="axis" x="{crop.x0 * CELL - 7}" y="{y * CELL + CELL / 2 + 3.5:g}">{y + 1}</text>')
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
    out += _overlays(d)
    out += _pieces(d)
    out.append("</g>")
    out += _links(d)
    out.append("</svg>")
    return "".join(out)


def _overlays(d: Drawing) -> list[str]:
    out: list[str] = []
    a, crop = d.answer, d.crop
    if a is None:
        return out
    if d.show == "pass":
        for cell, band in a.band_of.items():
            if crop.contains(cell):
                out.append(_rect(cell, f"band {BAND_CLASS[band]}"))
    labels = []
    if d.show != "pass":
        for cell, p in a.reach.items():
            if crop.contains(cell):
                out.append(_rect(cell, "heat", extra=f' fill-opacity="{0.1 + 0.5 * float(p):.2f}"'))
                cx, cy = _centre(cell)
                labels.append(_heat_label(cx, cy + 4, heat_text(p, d.pct)))
    chosen = d.position.piece(d.chosen or "")
    if d.show == "reach" and a.route is not None and chosen is not None:
        out.append(
            f'<polyline class="arrow" points="{_stop_short([chosen.square, *a.route.path])}" marker-end="url(#board-head)"/>'
        )
    if d.action_path and chosen is not None:
        points = _stop_short([chosen.square, *d.action_path])
        out.append(f'<polyline class="arrow" points="{points}" marker-end="url(#board-head)"/>')
    out += labels  # over the arrow: their halo keeps every number readable
    for block in a.blocks:
        if block.square == d.target:
            for cell in block.push_squares:
                if crop.contains(cell):
                    out.append(_rect(cell, "push", inset=3))
    if d.show == "pass" and a.pass_target is not None and chosen is not None:
        if a.pass_target.square != chosen.square:
            points = _stop_short([chosen.square, a.pass_target.square])
            out.append(f'<polyline class="arrow arrow--pass" points="{points}" marker-end="url(#board-head)"/>')
        for i in a.pass_target.interceptors:
            if crop.contains(i.square):
                out.append(_rect(i.square, "interceptor", inset=1.5))
    if d.target is not None and crop.contains(d.target):
        out.append(_rect(d.target, "highlight", inset=1.5))
    return out


def _pieces(d: Drawing) -> list[str]:
    out = []
    for piece in d.position.pieces:
        if not d.crop.contains(piece.square):
            continue
        cx, cy = _centre(piece.square)
        colour = "a" if piece.team == "A" else "b"
        state = "standing" if piece.status == "standing" else "down"
        chosen = " player--chosen" if piece.id == d.chosen else ""
        ring = f'<circle class="chosen-ring" cx="{cx:g}" cy="{cy:g}" r="{CELL * 0.47:.1f}"/>' if chosen else ""
        # Stunned (face down) is told from prone by a bar across the dashed circle.
        bar = ""
        if piece.status == "stunned":
            r = CELL * 0.3
            bar = f'<line class="stunned-bar" x1="{cx - r:g}" y1="{cy + r:g}" x2="{cx + r:g}" y2="{cy - r:g}"/>'
        out.append(
            f'<g class="player player--{colour} player--{state}{chosen}">{ring}<circle cx="{cx:g}" cy="{cy:g}" r="{CELL * 0.38:.1f}"/>'
            f'{bar}<text x="{cx:g}" y="{cy + 4.5:g}">{piece.number}</text></g>'
        )
    ball = d.position.ball
    if ball is not None and d.crop.contains(ball):
        cx, cy = _centre(ball)
        # Held: at the holder's feet; loose: in the square's corner, clear of its number.
        dx, dy = (0.3, 0.3) if d.position.at(ball) is not None else (-0.3, -0.28)
        cx, cy = cx + CELL * dx, cy + CELL * dy
        out.append(f'<circle class="ball" cx="{cx:g}" cy="{cy:g}" r="{CELL * 0.16:.1f}"/>')
    return out


def _links(d: Drawing) -> list[str]:
    out = ['<g class="taps">']
    for cell in d.crop.cells():
        out.append(
            f'<a href="{escape(d.tap_url(cell))}" data-cell="{COLUMNS[cell[0]]}{cell[1] + 1}" '
            f'aria-label="{escape(d.square_label(cell))}">{_rect(cell, "tap")}</a>'
        )
    out.append("</g>")
    return out
