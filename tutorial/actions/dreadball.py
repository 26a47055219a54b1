"""DreadBall actions: dice checks (criticals, doubles, coach dice), opposed checks, and
moving on hexes past a threat zone. Every number comes from rulebook.engine.dreadball."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rulebook.engine.dreadball import (
    Attribute,
    Direction,
    Hex,
    HexBoard,
    Modifier,
    Role,
    SuccessDistribution,
    arc_breakdown,
    count_shortest_routes,
    dice_pool,
    dreadball_pitch,
    fixed_check_odds,
    hex_distance,
    hex_neighbours,
    hexes_on_shortest_routes,
    opposed_check_odds,
    role_bonus,
    route_distances,
    route_length,
    threat_zone,
)
from rulebook.portable.i18n import gettext_lazy as _
from rulebook.vocab import LANGS

from ..shared.values import Num, Pct, Signed, Target, Text, Word
from .base import ActionError, ActionKind, ExplanationPanel, Field, Marks, Outcome
from .common import sq
from .workspace import Workspace, square_of

CHART_MAX = 6  # success counts shown one by one; the last bar is "this many or more"
DIRECTIONS = tuple(d.name for d in Direction)
DIRECTION_LABELS = (_("east"), _("south-east"), _("south-west"), _("west"), _("north-west"), _("north-east"))


def check_fields(ws: Workspace) -> list[Field]:
    return [
        Field("target", _("Attribute (n+)"), "int", 2, 6),
        Field("modifier", _("Dice added or removed by rules"), "int", -4, 4),
        Field("coach_dice", _("Coach dice committed"), "int", 0, 5),
        Field("required", _("Successes needed"), "int", 1, 5),
        Field("rerolls", _("Failed dice you may re-roll"), "int", 0, 5),
    ]


def check_defaults(ws: Workspace) -> dict[str, Any]:
    a = ws.action
    return {
        "target": int(a.get("target", 4)),
        "modifier": int(a.get("modifier", 0)),
        "coach_dice": int(a.get("coach_dice", 0)),
        "required": int(a.get("required", 1)),
        "rerolls": int(a.get("rerolls", 0)),
    }


def _pool(values: dict[str, Any], prefix: str = "", extra: list[Modifier] | None = None) -> Any:
    """The dice pool: the base, the dice a role adds (`extra`), the reader's modifier, coach dice."""
    modifier = values.get(prefix + "modifier", 0)
    mods = list(extra or [])
    if modifier:
        mods.append(Modifier(modifier, "dice_modifier", {"rule": Signed(modifier)}))
    return dice_pool(mods, coach_dice=values.get(prefix + "coach_dice", 0))


def _success_chart(law: SuccessDistribution) -> list[tuple[Any, Fraction]]:
    probs, rest = law.table(CHART_MAX)
    chart: list[tuple[Any, Fraction]] = [(Num(k), p) for k, p in enumerate(probs)]
    chart.append((Word("or_more", (("count", CHART_MAX),)), rest))
    return chart


def check_run(ws: Workspace, values: dict[str, Any]) -> Outcome:
    pool = _pool(values)
    odds = fixed_check_odds(pool.result, values["target"], values["required"], values["rerolls"])
    law = SuccessDistribution(pool.result, values["target"], values["rerolls"])
    beyond = law.at_least(pool.result + 1) if pool.result else Fraction(0)
    outcome = Outcome(
        values={
            "dice": Num(pool.result),
            "target": Target(values["target"]),
            "required": Num(values["required"]),
            "modifier": Signed(values["modifier"]),
            "rerolls": Num(values["rerolls"]),
            "base_dice": Num(pool.base),
            "pass": Pct(odds.result.success),
            "double": Pct(odds.result.double),
            "fail": Pct(odds.result.fail),
            "beyond": Pct(beyond),
            "mean": Num(round(float(law.mean()), 2)),
            "coach_dice": Num(values["coach_dice"]),
        }
    )
    outcome.panels = [ExplanationPanel("check", None, _breakdown_lines(pool) + _breakdown_lines(odds))]
    outcome.chart = _success_chart(law)
    outcome.chart_title = "successes"
    return outcome


def _breakdown_lines(breakdown: Any) -> list[tuple[str, dict[str, Any]]]:
    lines: list[tuple[str, dict[str, Any]]] = [(breakdown.reason_key, {"value": breakdown.base})]
    lines += [(m.reason_key, {"value": m.value, **m.params}) for m in breakdown.modifiers]
    lines += [(n.reason_key, dict(n.params)) for n in breakdown.notes]
    return lines


def _player_label(ws: Workspace, side: str, text: Any) -> tuple[str, str, Any]:
    """A form label that names the player it is about (the active player or his opponent)."""
    return ("player", ws.action["player" if side == "active" else "opponent"], text)


def opposed_fields(ws: Workspace) -> list[Field]:
    """The active player's inputs first, then his opponent's: each label names the player."""
    return [
        Field("target", _player_label(ws, "active", _("%(player)s: attribute (n+)")), "int", 2, 6),
        Field("modifier", _player_label(ws, "active", _("%(player)s: dice added or removed")), "int", -4, 4),
        Field("coach_dice", _player_label(ws, "active", _("%(player)s: coach dice")), "int", 0, 5),
        Field("opp_target", _player_label(ws, "opponent", _("%(player)s: attribute (n+)")), "int", 2, 6),
        Field("opp_modifier", _player_label(ws, "opponent", _("%(player)s: dice added or removed")), "int", -4, 4),
        Field("opp_coach_dice", _player_label(ws, "opponent", _("%(player)s: coach dice")), "int", 0, 5),
    ]


def opposed_defaults(ws: Workspace) -> dict[str, Any]:
    a = ws.action
    return {
        "target": int(a.get("target", 4)),
        "modifier": int(a.get("modifier", 0)),
        "coach_dice": int(a.get("coach_dice", 0)),
        "opp_target": int(a.get("opp_target", 4)),
        "opp_modifier": int(a.get("opp_modifier", 0)),
        "opp_coach_dice": int(a.get("opp_coach_dice", 0)),
    }


def _role_modifiers(role: str | None, attribute: str) -> list[Modifier]:
    """The die a player's role adds to this attribute's checks (engine: role_bonus)."""
    if not role:
        return []
    bonus = role_bonus(Role(role), Attribute(attribute))
    return [bonus] if bonus else []


def opposed_run(ws: Workspace, values: dict[str, Any]) -> Outcome:
    """An opposed (X) check between the active player (the step's `player`, who acts: a Slam)
    and his `opponent`, each on the step's `attribute`; roles add their dice."""
    a = ws.action
    active, opponent = ws.spec(a["player"]), ws.spec(a["opponent"])
    attribute = str(a.get("attribute", "strength"))
    mine_role, their_role = _role_modifiers(a.get("role"), attribute), _role_modifiers(a.get("opp_role"), attribute)
    mine, theirs = _pool(values, extra=mine_role), _pool(values, "opp_", extra=their_role)
    odds = opposed_check_odds(
        SuccessDistribution(mine.result, values["target"]), SuccessDistribution(theirs.result, values["opp_target"])
    ).result
    names = {pid: Text(tuple((lang, ws.cast[pid].label(lang)) for lang in LANGS)) for pid in (active.id, opponent.id)}
    me, them = names[active.id], names[opponent.id]
    outcome = Outcome(
        values={
            "dice": Num(mine.result),
            "opp_dice": Num(theirs.result),
            "target": Target(values["target"]),
            "opp_target": Target(values["opp_target"]),
            "role_dice": Num(sum(int(m.value) for m in mine_role)),
            "opp_role_dice": Num(sum(int(m.value) for m in their_role)),
            "coach_dice": Num(values["coach_dice"]),
            "opp_coach_dice": Num(values["opp_coach_dice"]),
            "attribute": Word(f"attribute_{attribute}"),
            "win": Pct(odds.active_wins),
            "tie": Pct(odds.tie),
            "lose": Pct(odds.opponent_wins),
            "double": Pct(odds.active_double),
            "opp_double": Pct(odds.opponent_double),
        }
    )
    outcome.panels = [
        ExplanationPanel(
            "opposed_side",
            None,
            _breakdown_lines(pool) + [("target_attribute", {"target": target})],
            heading_params={"player": who, "side": Word(side)},
        )
        for pool, target, who, side in (
            (mine, values["target"], me, "active"),
            (theirs, values["opp_target"], them, "opponent"),
        )
    ]
    outcome.chart = [
        (Word("player_wins_double", (("player", me),)), odds.active_double),
        (Word("player_wins", (("player", me),)), odds.active_wins - odds.active_double),
        (Word("tie"), odds.tie),
        (Word("player_wins", (("player", them),)), odds.opponent_wins - odds.opponent_double),
        (Word("player_wins_double", (("player", them),)), odds.opponent_double),
    ]
    outcome.chart_title = "outcomes"
    return outcome


DESTINATION_RADIUS = 2  # the lettered hexes: every free hex within two hexes of the opponent
LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I or O: they read as 1 and 0


def destination_hexes(ws: Workspace) -> list[tuple[Hex, str]]:
    """The destinations the reader can pick, each with the letter drawn on its hex, in reading
    order (row by row, left to right): the free hexes around the opponent, plus the step's own."""
    board = dreadball_pitch()
    opponent = ws.spec(ws.action["opponent"])
    centre = Hex(*square_of(ws, opponent.id))
    occupied = {Hex(*p.square) for p in ws.cast.values() if p.square}
    cells = {h for h in board.hexes() if 0 < hex_distance(centre, h) <= DESTINATION_RADIUS and h not in occupied}
    cells.add(Hex(*sq(ws.action["to"])))
    return list(zip(sorted(cells, key=lambda h: (h.r, h.q)), LETTERS, strict=False))


def move_fields(ws: Workspace) -> list[Field]:
    choices = tuple(zip(DIRECTIONS, DIRECTION_LABELS, strict=False))
    letters = tuple((letter, letter) for _hex, letter in destination_hexes(ws))
    return [
        Field("facing", _("Facing of the opponent"), "choice", choices=choices),
        Field(
            "to",
            _("Destination hex"),
            "choice",
            choices=letters,
            hint=_("The letters are drawn on the board, row by row from the top left."),
        ),
    ]


def move_defaults(ws: Workspace) -> dict[str, Any]:
    goal = Hex(*sq(ws.action["to"]))
    letter = next(letter for h, letter in destination_hexes(ws) if h == goal)
    return {"facing": ws.spec(ws.action["opponent"]).facing or "WEST", "to": letter}


def one_route(board: HexBoard, start: Hex, goal: Hex, blocked: list[Hex]) -> list[Hex]:
    """One of the engine's shortest routes, hex by hex (start and goal included): each step goes
    to a hex on a shortest route one hex further from the start (the straightest one first)."""
    on_route = hexes_on_shortest_routes(board, start, goal, blocked)
    if not on_route:
        return []
    # every hex on a shortest route has a route from the start (the goal itself may be occupied)
    distances = route_distances(board, start, set(blocked) - {goal})
    away = {h: distances.get(h, 0) for h in on_route}
    path = [start]
    while path[-1] != goal:
        here = path[-1]
        nexts = [n for n in hex_neighbours(here) if n in on_route and away[n] == away[here] + 1]
        path.append(min(nexts, key=lambda n: hex_distance(n, goal) * 10 + hex_distance(n, start)))
    return path


_DETOUR = {0: "detour_none", 1: "detour_one"}


def move_run(ws: Workspace, values: dict[str, Any]) -> Outcome:
    """The shortest routes to the destination through free hexes that stay out of the
    opponent's threat zone (leaving it would need an Evade); the destination may be in it."""
    board = dreadball_pitch()
    mover, opponent = ws.spec(ws.action["player"]), ws.spec(ws.action["opponent"])
    lettered = destination_hexes(ws)
    ws.update(opponent.id, facing=values["facing"])
    goal = next((h for h, letter in lettered if letter == values["to"]), None)
    if goal is None:
        raise ActionError("off_board")
    start = Hex(*square_of(ws, mover.id))
    if goal not in board:
        raise ActionError("off_board")
    occupied = [Hex(*p.square) for p in ws.cast.values() if p.square and p.id != mover.id]
    if goal in occupied:
        raise ActionError("no_route")
    opp_hex = Hex(*square_of(ws, opponent.id))
    opp_facing = Direction[values["facing"]] if opponent.status == "standing" else None
    zone = threat_zone(opp_hex, opp_facing, board)
    blocked = occupied + sorted(zone)
    length = route_length(board, start, goal, blocked)
    if length is None:
        raise ActionError("no_route")
    routes = count_shortest_routes(board, start, goal, blocked)
    arc = arc_breakdown(opp_hex, opp_facing, goal)
    on_route = hexes_on_shortest_routes(board, start, goal, blocked)
    path = one_route(board, start, goal, blocked)
    straight = hex_distance(start, goal)
    outcome = Outcome(
        values={
            "distance": Num(length),
            "routes": Num(routes.result),
            "straight": Num(straight),
            "extra": Num(length - straight),
            "detour": Word(_DETOUR.get(length - straight, "detour_longer"), (("extra", length - straight),)),
            "start_threat": Word("in_zone" if start in zone else "out_of_zone"),
            "end_threat": Word("in_zone" if goal in zone else "out_of_zone"),
            "arc": Word(arc.result.value + "_arc"),
        }
    )
    outcome.panels = [
        ExplanationPanel(
            "route",
            None,
            [
                ("hex_distance", {}),
                ("straight_distance", {"count": straight}),
                ("route_avoids_zone", {"count": length}),
                ("shortest_routes", {"count": routes.result}),
                ("threat_zone", {}),
                (arc.reason_key, {}),
            ],
        )
    ]
    outcome.marks = Marks(
        threat={(h.q, h.r) for h in zone},
        route=sorted((h.q, h.r) for h in on_route),
        highlight=[(goal.q, goal.r)],
        arrows=[tuple((h.q, h.r) for h in path)],
        labels={(h.q, h.r): letter for h, letter in lettered},
    )
    return outcome


KINDS = (
    ActionKind("db_check", check_fields, check_defaults, check_run, ("target", "modifier", "coach_dice", "required")),
    ActionKind(
        "db_opposed",
        opposed_fields,
        opposed_defaults,
        opposed_run,
        ("target", "coach_dice", "opp_target", "opp_coach_dice"),
    ),
    ActionKind("db_move", move_fields, move_defaults, move_run, ("facing", "to")),
)
