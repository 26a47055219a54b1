"""The DreadBall board (hexes) drawn from the engine's state, with the marks, arrows and text
sizes of the Blood Bowl pitch (diagrams.py)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from html import escape

from .diagrams import PLAYER_TEXT, Cell, Marks, _arrow_defs, min_text
from .scenario import PlayerSpec

HEX_R = 20
SQRT3 = math.sqrt(3)
FACING_ANGLE = {"EAST": 0, "SOUTH_EAST": 60, "SOUTH_WEST": 120, "WEST": 180, "NORTH_WEST": 240, "NORTH_EAST": 300}


def hex_centre(q: int, r: int) -> tuple[float, float]:
    return HEX_R * SQRT3 * (q + r / 2), HEX_R * 1.5 * r


def _hex_points(q: int, r: int) -> str:
    cx, cy = hex_centre(q, r)
    corners = [
        (cx + HEX_R * math.cos(math.radians(60 * i - 30)), cy + HEX_R * math.sin(math.radians(60 * i - 30)))
        for i in range(6)
    ]
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)


def _route_points(path: Iterable[Cell], stop_short: bool) -> str:
    """A route from hex centre to hex centre. With letters on the board the arrowhead stops
    short of the last centre, pointing at the destination's letter instead of covering it."""
    points = [hex_centre(*c) for c in path]
    if stop_short and len(points) >= 2:
        (x0, y0), (x1, y1) = points[-2], points[-1]
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        cut = HEX_R * 0.45
        points[-1] = (x1 - (x1 - x0) * cut / length, y1 - (y1 - y0) * cut / length)
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def hex_svg(
    board_hexes: list[Cell],
    cast: list[PlayerSpec],
    colours: dict[str, str],
    ball: Cell | None,
    marks: Marks,
    focus: list[Cell],
    title: str,
    desc: str,
    threat_colour: str = "b",
    uid: str = "hexes",
) -> str:
    """The DreadBall board around the action: hexes, threat zone, route, players and facing."""
    cells = focus or board_hexes
    centres = [hex_centre(*c) for c in cells]
    pad = HEX_R * 2.4
    x0, x1 = min(c[0] for c in centres) - pad, max(c[0] for c in centres) + pad
    y0, y1 = min(c[1] for c in centres) - pad, max(c[1] for c in centres) + pad
    smallest = min_text(x1 - x0)
    label_size, goal_size, number = max(11.0, smallest), max(14.0, smallest * 1.25), max(PLAYER_TEXT, smallest)
    out = [
        f'<svg class="diagram diagram--hex" viewBox="{x0:.0f} {y0:.0f} {x1 - x0:.0f} {y1 - y0:.0f}" '
        f'role="img" '
        f'aria-labelledby="{uid}-t {uid}-d" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{uid}-t">{escape(title)}</title><desc id="{uid}-d">{escape(desc)}</desc>',
        _arrow_defs(uid),
    ]
    route = set(marks.route)
    goals: list[str] = []
    for q, r in board_hexes:
        cx, cy = hex_centre(q, r)
        if not (x0 - HEX_R <= cx <= x1 + HEX_R and y0 - HEX_R <= cy <= y1 + HEX_R):
            continue
        classes = ["hex"]
        if (q, r) in marks.threat:
            classes.append(f"hex--threat tz--{threat_colour}")
        if (q, r) in route:
            classes.append("hex--route")
        if (q, r) in marks.highlight:
            classes.append("hex--goal")
        (goals if (q, r) in marks.highlight else out).append(
            f'<polygon class="{" ".join(classes)}" points="{_hex_points(q, r)}"/>'
        )
    out += goals  # last, so the neighbours do not cover the destination's thick outline
    for path in marks.arrows:
        out.append(
            f'<polyline class="arrow" points="{_route_points(path, bool(marks.labels))}" marker-end="url(#{uid}-head)"/>'
        )
    for (q, r), letter in sorted(marks.labels.items()):
        cx, cy = hex_centre(q, r)
        goal = " hex-label--goal" if (q, r) in marks.highlight else ""
        size = goal_size if goal else label_size
        out.append(
            f'<text class="hex-label{goal}" font-size="{size:.1f}" x="{cx:.1f}" y="{cy + size * 0.35:.1f}">'
            f"{escape(letter)}</text>"
        )
    for p in cast:
        if p.square is None:
            continue
        cx, cy = hex_centre(*p.square)
        colour = colours.get(p.team, "a")
        state = "standing" if p.status == "standing" else "down"
        facing = ""
        if p.facing and p.status == "standing":
            angle = FACING_ANGLE[p.facing]
            facing = (
                f'<path class="facing" d="M{cx + HEX_R * 0.95:.1f},{cy:.1f} L{cx + HEX_R * 0.55:.1f},{cy - 6:.1f} '
                f'L{cx + HEX_R * 0.55:.1f},{cy + 6:.1f} z" transform="rotate({angle} {cx:.1f} {cy:.1f})"/>'
            )
        out.append(
            f'<g class="player player--{colour} player--{state}">{facing}<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{HEX_R * 0.5:.1f}"/>'
            f'<text font-size="{number:.1f}" x="{cx:.1f}" y="{cy + number * 0.35:.1f}">{p.number}</text></g>'
        )
    if ball:
        cx, cy = hex_centre(*ball)
        out.append(f'<circle class="ball" cx="{cx + 8:.1f}" cy="{cy + 8:.1f}" r="5"/>')
    out.append("</svg>")
    return "".join(out)
