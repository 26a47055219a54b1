"""Building a team: what the gold buys, checked against the roster's limits.

The prices and limits are data in the scenario file (the team's roster); this module only
adds them up and checks them, so changing a count in the try-it form re-checks the team.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from ..values import Flag, Num, Text, Word
from .base import ActionKind, ExplanationPanel, Field, Outcome
from .workspace import Workspace

MIN_PLAYERS = 11
MAX_PLAYERS = 16
MAX_REROLLS = 8


def _items(ws: Workspace) -> list[dict[str, Any]]:
    return [*ws.action.get("positions", ()), *ws.action.get("staff", ())]


def _text(raw: dict[str, str]) -> Text:
    return Text(tuple(sorted(raw.items())))


def roster_fields(ws: Workspace) -> list[Field]:
    fields = [Field(f"n_{item['key']}", ("text", item["name"]), "int", 0, int(item["max"])) for item in _items(ws)]
    fields.append(Field("rerolls", _("Team re-rolls"), "int", 0, MAX_REROLLS))
    return fields


def roster_defaults(ws: Workspace) -> dict[str, Any]:
    counts = ws.action.get("counts", {})
    values = {f"n_{item['key']}": int(counts.get(item["key"], 0)) for item in _items(ws)}
    values["rerolls"] = int(ws.action.get("rerolls", 0))
    return values


def roster_run(ws: Workspace, values: dict[str, Any]) -> Outcome:
    budget = int(ws.action["budget"])
    reroll_cost = int(ws.action["reroll_cost"])
    positions, staff = ws.action.get("positions", ()), ws.action.get("staff", ())
    players = sum(values[f"n_{p['key']}"] for p in positions)
    players_cost = sum(values[f"n_{p['key']}"] * int(p["cost"]) for p in positions)
    staff_cost = sum(values[f"n_{s['key']}"] * int(s["cost"]) for s in staff)
    rerolls_cost = values["rerolls"] * reroll_cost
    total = players_cost + staff_cost + rerolls_cost
    problems: list[tuple[str, dict[str, Any]]] = []
    if total > budget:
        problems.append(("roster_over_budget", {"amount": Num(total - budget)}))
    if players < MIN_PLAYERS:
        problems.append(("roster_too_few", {"count": players, "min": MIN_PLAYERS}))
    if players > MAX_PLAYERS:
        problems.append(("roster_too_many", {"count": players, "max": MAX_PLAYERS}))
    for item in staff:
        if values[f"n_{item['key']}"] < int(item.get("min", 0)):
            problems.append(("roster_below_minimum", {"name": _text(item["name"]), "min": item["min"]}))
    outcome = Outcome(
        values={
            "players": Num(players),
            "players_cost": Num(players_cost),
            "staff_cost": Num(staff_cost),
            "rerolls": Num(values["rerolls"]),
            "rerolls_cost": Num(rerolls_cost),
            "reroll_cost": Num(reroll_cost),
            "reroll_later": Num(2 * reroll_cost),
            "total": Num(total),
            "budget": Num(budget),
            "remaining": Num(budget - total),
            "verdict": Word("within_budget" if not problems else "over_budget"),
            "over": Num(max(0, total - budget)),
            "too_few": Flag(players < MIN_PLAYERS),
            "too_many": Flag(players > MAX_PLAYERS),
            "min_players": Num(MIN_PLAYERS),
            "max_players": Num(MAX_PLAYERS),
        }
    )
    for item in (*positions, *staff):
        outcome.values[f"n_{item['key']}"] = Num(values[f"n_{item['key']}"])
        outcome.values[f"max_{item['key']}"] = Num(int(item["max"]))
    lines = [
        (
            "roster_line",
            {
                "name": _text(i["name"]),
                "count": values[f"n_{i['key']}"],
                "cost": Num(int(i["cost"])),
                "total": Num(values[f"n_{i['key']}"] * int(i["cost"])),
            },
        )
        for i in (*positions, *staff)
        if values[f"n_{i['key']}"]
    ]
    lines.append(("roster_rerolls", {"count": values["rerolls"], "cost": Num(reroll_cost), "total": Num(rerolls_cost)}))
    lines.append(("roster_total", {"total": Num(total), "remaining": Num(budget - total)}))
    outcome.panels = [ExplanationPanel("roster", None, lines + problems)]
    outcome.budget = [(_text(p["name"]), values[f"n_{p['key']}"] * int(p["cost"])) for p in positions]
    outcome.budget += [(Word("team_rerolls"), rerolls_cost)]
    outcome.budget += [(_text(s["name"]), values[f"n_{s['key']}"] * int(s["cost"])) for s in staff]
    outcome.budget_total = budget
    outcome.chart = []
    return outcome


KINDS = (ActionKind("roster", roster_fields, roster_defaults, roster_run),)
