"""Building a team: a roster's purchases priced and checked by the engine.

The scenario gives the roster (positions with their price and limit, the re-roll price, the names
of the staff it offers); the edition's draft rules (budget, 11 to 16 players, re-roll and staff
prices and limits) come from the engine (`Edition.team_building`), which adds the choice up and
lists the rules it breaks. The site's team builder prices every team the same way.
"""

from __future__ import annotations

from typing import Any

from rulebook.engine import Choice, PositionalOffer, Problem, TeamOffer, price_roster
from rulebook.portable.i18n import gettext_lazy as _

from ..shared.values import Flag, Num, Text, Word
from .base import ActionKind, ExplanationPanel, Field, Outcome
from .workspace import Workspace


def _text(raw: dict[str, str]) -> Text:
    return Text(tuple(sorted(raw.items())))


def _staff(ws: Workspace) -> list[dict[str, Any]]:
    """The scenario's staff items, each with the engine's rule for it ("rule" names it)."""
    rules = ws.edition.team_building
    return [{**item, "engine": rules.staff_rule(item["rule"])} for item in ws.action.get("staff", ())]


def _offer(ws: Workspace) -> TeamOffer:
    return TeamOffer(
        reroll_cost=int(ws.action["reroll_cost"]),
        apothecary_allowed=bool(ws.action.get("apothecary", True)),
        positionals=tuple(
            PositionalOffer(p["key"], int(p["cost"]), int(p["max"])) for p in ws.action.get("positions", ())
        ),
    )


def roster_fields(ws: Workspace) -> list[Field]:
    rules = ws.edition.team_building
    fields = [
        Field(f"n_{p['key']}", ("text", p["name"]), "int", 0, int(p["max"])) for p in ws.action.get("positions", ())
    ]
    for item in _staff(ws):
        rule = item["engine"]
        fields.append(Field(f"n_{item['key']}", ("text", item["name"]), "int", rule.start, rules.staff_maximum(rule)))
    fields.append(Field("rerolls", _("Team re-rolls"), "int", 0, rules.max_rerolls))
    return fields


def roster_defaults(ws: Workspace) -> dict[str, Any]:
    counts = ws.action.get("counts", {})
    values = {f"n_{p['key']}": int(counts.get(p["key"], 0)) for p in ws.action.get("positions", ())}
    for item in _staff(ws):
        values[f"n_{item['key']}"] = int(counts.get(item["key"], item["engine"].start))
    values["rerolls"] = int(ws.action.get("rerolls", 0))
    return values


def _problem_line(problem: Problem, names: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    if problem.key == "over_budget":
        return "roster_over_budget", {"amount": Num(problem.count - problem.limit)}
    if problem.key == "too_few_players":
        return "roster_too_few", {"count": problem.count, "min": problem.limit}
    if problem.key == "too_many_players":
        return "roster_too_many", {"count": problem.count, "max": problem.limit}
    if problem.key == "staff_below_start":
        return "roster_below_minimum", {"name": names[problem.subject], "min": problem.limit}
    name = names.get(problem.subject, Word("team_rerolls"))
    return "roster_over_limit", {"name": name, "count": problem.count, "max": problem.limit}


def roster_run(ws: Workspace, values: dict[str, Any]) -> Outcome:
    rules = ws.edition.team_building
    budget = int(ws.action.get("budget", rules.budget))
    positions, staff = list(ws.action.get("positions", ())), _staff(ws)
    choice = Choice(
        players={p["key"]: values[f"n_{p['key']}"] for p in positions},
        rerolls=values["rerolls"],
        staff={item["rule"]: values[f"n_{item['key']}"] for item in staff},
    )
    sheet = price_roster(rules, _offer(ws), choice, budget)
    names: dict[str, Any] = {p["key"]: _text(p["name"]) for p in positions}
    names |= {item["rule"]: _text(item["name"]) for item in staff}
    reroll_cost = sheet.rerolls.unit_cost
    outcome = Outcome(
        values={
            "players": Num(sheet.player_count),
            "players_cost": Num(sheet.players_cost),
            "staff_cost": Num(sheet.staff_cost),
            "rerolls": Num(sheet.rerolls.count),
            "rerolls_cost": Num(sheet.rerolls.total),
            "reroll_cost": Num(reroll_cost),
            "reroll_later": Num(rules.later_reroll_multiplier * reroll_cost),
            "total": Num(sheet.spent),
            "budget": Num(budget),
            "remaining": Num(sheet.treasury),
            "team_value": Num(sheet.team_value),
            "verdict": Word("within_budget" if sheet.legal else "over_budget"),
            "over": Num(max(0, sheet.spent - budget)),
            "too_few": Flag(sheet.player_count < rules.min_players),
            "too_many": Flag(sheet.player_count > rules.max_players),
            "min_players": Num(rules.min_players),
            "max_players": Num(rules.max_players),
        }
    )
    for line in sheet.players:
        outcome.values[f"n_{line.key}"] = Num(line.count)
    for p in positions:
        outcome.values[f"max_{p['key']}"] = Num(int(p["max"]))
    staff_lines = {line.key: line for line in sheet.staff}
    for item in staff:
        outcome.values[f"n_{item['key']}"] = Num(staff_lines[item["rule"]].count)
        outcome.values[f"max_{item['key']}"] = Num(rules.staff_maximum(item["engine"]))
    lines: list[tuple[str, dict[str, Any]]] = [
        (
            "roster_line",
            {"name": names[line.key], "count": line.count, "cost": Num(line.unit_cost), "total": Num(line.total)},
        )
        for line in sheet.players
        if line.count
    ]
    for item in staff:
        line = staff_lines[item["rule"]]
        if line.total:
            lines.append(
                (
                    "roster_line",
                    {
                        "name": names[line.key],
                        "count": line.count,
                        "cost": Num(line.unit_cost),
                        "total": Num(line.total),
                    },
                )
            )
    lines.append(
        ("roster_rerolls", {"count": sheet.rerolls.count, "cost": Num(reroll_cost), "total": Num(sheet.rerolls.total)})
    )
    lines.append(("roster_total", {"total": Num(sheet.spent), "remaining": Num(sheet.treasury)}))
    lines += [_problem_line(problem, names) for problem in sheet.problems]
    outcome.panels = [ExplanationPanel("roster", None, lines)]
    outcome.budget = [(names[line.key], line.total) for line in sheet.players]
    outcome.budget += [(Word("team_rerolls"), sheet.rerolls.total)]
    outcome.budget += [(names[item["rule"]], staff_lines[item["rule"]].total) for item in staff]
    outcome.budget_total = budget
    outcome.chart = []
    return outcome


KINDS = (ActionKind("roster", roster_fields, roster_defaults, roster_run),)
