"""The picture of a step and its key: the SVG board (pitch or hexes) drawn from the workspace and
the engine's marks, the text alternative (positions in words), the chart and the legend."""

from __future__ import annotations

from rulebook.engine import PITCH_WIDTH
from rulebook.engine.dreadball import dreadball_pitch
from rulebook.portable.i18n import get_language, override
from rulebook.portable.i18n import gettext as _

from .actions.base import Outcome
from .actions.common import sq
from .actions.dreadball import DIRECTION_LABELS, DIRECTIONS
from .actions.workspace import Workspace
from .shared import charts, diagrams, hexes, phrases
from .shared.scenario import PlayerSpec, StepSpec
from .shared.values import Num, Pct, Value

ACTOR_KEYS = ("player", "receiver", "attacker", "defender", "victim", "opponent")


def _actors(ws: Workspace) -> list[PlayerSpec]:
    ids = [ws.action[k] for k in ACTOR_KEYS if isinstance(ws.action.get(k), str)]
    return [ws.cast[i] for i in ids if i in ws.cast]


def _cells_of_interest(ws: Workspace, outcome: Outcome) -> list[tuple[int, int]]:
    """The squares the step's action involves; the whole cast when it names nobody."""
    cells = _action_cells(ws, outcome)
    if not any(p.square for p in _actors(ws)):
        cells += [p.square for p in ws.cast.values() if p.square]
    return cells


def _action_cells(ws: Workspace, outcome: Outcome) -> list[tuple[int, int]]:
    """The squares of the action alone: its players and their neighbours, the marks, the ball."""
    marks = outcome.marks
    actors = _actors(ws)
    cells: list[tuple[int, int]] = [p.square for p in actors if p.square]
    for actor in actors:  # the players around the action: markers, helpers
        for p in ws.cast.values():
            if (
                p.square
                and actor.square
                and max(abs(p.square[0] - actor.square[0]), abs(p.square[1] - actor.square[1])) <= 1
            ):
                cells.append(p.square)
    for path in marks.arrows:
        cells += [sq(c) for c in path if c]
    cells += [sq(c) for c in marks.push + marks.highlight]
    cells += [c for c, p in marks.heat.items() if p > 0]
    ball = ws.ball_square()
    if ball is not None:
        cells.append((ball.x, ball.y))
    return cells


def square_name(square: tuple[int, int]) -> str:
    """A square as the board names it: "q4" (column letter, row number); off the pitch, in numbers."""
    x, y = square
    if 0 <= x < len(diagrams.COLUMNS) and 0 <= y < PITCH_WIDTH:
        return diagrams.square_label(square)
    return f"({x + 1}, {y + 1})"


def positions_text(ws: Workspace, lang: str, dreadball: bool) -> list[str]:
    with override(lang):  # the lines are in `lang`, whatever language is active
        return _positions_lines(ws, lang, dreadball)


def _positions_lines(ws: Workspace, lang: str, dreadball: bool) -> list[str]:
    teams = ws.scenario.teams
    lines = []
    for p in sorted(ws.cast.values(), key=lambda p: (p.team, p.number)):
        if p.square is None:
            continue
        team = teams[p.team].name.get(lang, p.team)
        where = f"q {p.square[0]}, r {p.square[1]}" if dreadball else square_name(p.square)
        line = _("%(player)s (%(team)s, number %(number)s) on %(square)s") % {
            "player": p.label(lang),
            "team": team,
            "number": p.number,
            "square": where,
        }
        if p.status != "standing":
            line += " — " + _("on the ground")
        if p.added:
            line += " — " + _("added by your inputs in the form")
        if dreadball and p.facing and p.status == "standing":
            line += " — " + _("facing %(direction)s") % {"direction": _direction_label(p.facing)}
        lines.append(line)
    ball = ws.ball_square()
    if isinstance(ws.ball, str) and ws.ball in ws.cast:
        lines.append(_("The ball is held by %(player)s.") % {"player": ws.cast[ws.ball].label(lang)})
    elif ball is not None:
        where = f"q {ball.x}, r {ball.y}" if dreadball else square_name((ball.x, ball.y))
        lines.append(_("The ball is on %(square)s.") % {"square": where})
    return lines


def _direction_label(name: str) -> str:
    return str(DIRECTION_LABELS[DIRECTIONS.index(name)])


def picture(ws: Workspace, outcome: Outcome, step: StepSpec, lang: str, title: str, uid: str) -> str:
    colours = {key: team.colour for key, team in ws.scenario.teams.items()}
    desc = " ".join(positions_text(ws, lang, ws.scenario.game == "dreadball")) or title
    if outcome.budget:
        parts = [(label.format(lang), amount) for label, amount in budget_parts(outcome)]
        desc = "; ".join(
            f"{n}. {label}: {Num(amount).format(lang)}" for n, (label, amount) in enumerate(parts, start=1)
        )
        return charts.budget_svg(parts, outcome.budget_total, title, desc or title, uid)
    if ws.scenario.game == "dreadball":
        board = [(h.q, h.r) for h in dreadball_pitch().hexes()]
        focus = (
            [p.square for p in ws.cast.values() if p.square]
            + list(outcome.marks.route)
            + list(outcome.marks.threat)
            + list(outcome.marks.labels)
        )
        opponent = ws.cast.get(ws.action.get("opponent", ""))
        threat_colour = colours.get(opponent.team, "b") if opponent else "b"
        ball = sq(ws.ball) if isinstance(ws.ball, list) else None
        return hexes.hex_svg(
            board, list(ws.cast.values()), colours, ball, outcome.marks, focus, title, desc, threat_colour, uid
        )
    crop = pitch_crop(ws, outcome, step)
    ball = ws.ball_square()
    carried = ws.ball if isinstance(ws.ball, str) and ws.ball in ws.cast else None
    svg = diagrams.pitch_svg(
        list(ws.cast.values()),
        colours,
        (ball.x, ball.y) if ball else None,
        carried,
        outcome.marks,
        crop,
        title,
        desc,
        lambda p: Pct(p).format(lang),
        uid,
    )
    return svg


def pitch_crop(ws: Workspace, outcome: Outcome, step: StepSpec) -> diagrams.Crop:
    """The part of the pitch a Blood Bowl step shows: its focus, else the action padded; when that
    is too wide for a phone, the squares of the action alone (the whole pitch is one tap away)."""
    if step.focus:
        return diagrams.crop_for([], step.focus)
    natural = diagrams.crop_for(_cells_of_interest(ws, outcome))
    if diagrams.crop_columns(natural) <= diagrams.PHONE_MAX_COLS:
        return natural
    cells = _action_cells(ws, outcome) or _cells_of_interest(ws, outcome)
    highlight = outcome.marks.highlight
    return diagrams.close_crop(cells, sq(highlight[0]) if highlight else None)


def shows_part(ws: Workspace, outcome: Outcome, step: StepSpec) -> bool:
    """Whether the step's scene is wider than a phone's picture: then the whole pitch is offered."""
    if ws.scenario.game == "dreadball" or outcome.budget:
        return False
    scene = diagrams.crop_for(_cells_of_interest(ws, outcome))
    return diagrams.crop_columns(scene) > diagrams.PHONE_MAX_COLS


def whole_picture(ws: Workspace, outcome: Outcome, step: StepSpec, lang: str, title: str, uid: str) -> str | None:
    """The whole pitch of a step that shows a part of it, drawn at its own size (to be panned)."""
    if not shows_part(ws, outcome, step):
        return None
    colours = {key: team.colour for key, team in ws.scenario.teams.items()}
    ball = ws.ball_square()
    carried = ws.ball if isinstance(ws.ball, str) and ws.ball in ws.cast else None
    desc = " ".join(positions_text(ws, lang, False)) or title
    svg = diagrams.pitch_svg(
        list(ws.cast.values()),
        colours,
        (ball.x, ball.y) if ball else None,
        carried,
        outcome.marks,
        diagrams.WHOLE_PITCH,
        title,
        desc,
        lambda p: Pct(p).format(lang),
        uid,
        fixed_scale=True,
    )
    return svg


def chart(outcome: Outcome, lang: str, edition: str, uid: str) -> str | None:
    if not outcome.chart:
        return None
    bars = [(label.format(lang, edition), p, Pct(p).format(lang)) for label, p in outcome.chart]
    title = phrases.heading(outcome.chart_title or "outcomes", lang, edition)
    return charts.chart_svg(bars, title, uid)


def legend(
    outcome: Outcome, ws: Workspace, edition: str | None = None, step: StepSpec | None = None
) -> list[tuple[str, str, str]]:
    """(css class, label, text inside the swatch) for the marks the picture uses."""
    items = []
    marks = outcome.marks
    lang = get_language() or "en"
    for number, (label, amount) in enumerate(budget_parts(outcome), start=1):
        name = label.format(lang)
        items.append(
            (
                charts.budget_style(number - 1),
                f"{name[:1].upper()}{name[1:]}: {Num(amount).format(lang)}",
                str(number),
            )
        )
    if any(p.added and p.square is not None for p in ws.cast.values()):
        items.append(("added", _("Ringed players: added by your inputs in the form"), ""))
    if marks.zones_against:
        enemy = next((t.colour for k, t in ws.scenario.teams.items() if k != marks.zones_against), "b")
        items.append((f"tz-{enemy}", phrases.phrase("legend_tackle_zones", lang, edition), ""))
    if marks.threat:
        opponent = ws.cast.get(ws.action.get("opponent", ""))
        items.append(
            (
                f"tz-{ws.scenario.teams[opponent.team].colour if opponent else 'b'}",
                _("Shaded hexes: the opponent's threat zone"),
                "",
            )
        )
    if marks.route:
        items.append(("route", _("Outlined hexes: the shortest routes"), ""))
    if marks.arrows and marks.route:
        items.append(("arrow", _("Arrow: one of the shortest routes, hex by hex"), ""))
    elif marks.arrows:
        items.append(("arrow", _("Arrow: the move, block or pass"), ""))
    if marks.labels:
        items.append(("letter", _("Letters: the destinations you can choose in the form"), "A"))
    if marks.push:
        items.append(("push", _("Dashed squares: where the defender can be pushed"), ""))
    if marks.heat:
        labels = [Pct(p).format(lang) for p in marks.heat.values() if p > 0]
        crop = pitch_crop(ws, outcome, step) if step is not None and ws.scenario.game != "dreadball" else None
        if crop is None or diagrams.heat_labels_fit(crop, labels):
            items.append(("heat", _("Numbers: chance of reaching or landing on each square"), ""))
        else:  # too many squares for their numbers to be readable on a phone: the text gives them
            items.append(
                ("heat", _("Shaded squares: where the ball can land or the player can go (darker: likelier)"), "")
            )
    if marks.bands:
        items.append(("band", _("Shading from dark to light: quick pass, short pass, long pass, long bomb"), ""))
    if marks.highlight and marks.labels:
        items.append(("highlight", _("Thick outline: the destination hex"), ""))
    elif marks.highlight:
        items.append(("highlight", _("Outlined square: the square that matters in this step"), ""))
    return items


def budget_parts(outcome: Outcome) -> list[tuple[Value, int]]:
    """The purchases the budget bar shows (nothing bought: not drawn), in order."""
    return [(label, amount) for label, amount in outcome.budget if amount > 0]
