"""Request parameters of the odds calculator (page and JSON API) → odds.evaluate → context.

Parameters (the same for /<lang>/odds/ and /api/v1/odds):
  edition      lrb6 (default) or bb2025
  steps        comma-separated: dodge:3, gfi:2, pickup:3, catch:3, pass:4, block:2d, block:-2d, armour:8
  team_reroll  team re-rolls available this turn (0–8; lrb6 uses at most one per turn)
  skills       comma-separated, or repeated: dodge, sure-feet, sure-hands, catch, pass, block, mighty-blow, loner, pro
The page's form also sends rows k1..k6 / v1..v6 (kind and value of each step), turned into `steps`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from django.http import QueryDict
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rulebook.engine import get_edition

from . import diagrams, odds
from .odds import OddsError
from .services import skill_name
from .values import Frac, Pct

EDITIONS = ("lrb6", "bb2025")
MAX_TEAM_REROLLS = 8
ROWS = 6
DEFAULT_STEPS = "dodge:3,gfi:2,pickup:3"
STEP_KINDS = (
    ("dodge", gettext_lazy("Dodge (D6 target)")),
    ("gfi", gettext_lazy("Go For It / Rush (D6 target)")),
    ("pickup", gettext_lazy("Pick up the ball (D6 target)")),
    ("catch", gettext_lazy("Catch (D6 target)")),
    ("pass", gettext_lazy("Pass (D6 target)")),
    ("block", gettext_lazy("Block (number of dice; negative: the defender chooses)")),
    ("armour", gettext_lazy("Break armour (armour value)")),
)

__all__ = ["OddsError", "api_payload", "page_context", "read"]


@dataclass(frozen=True)
class Request:
    edition: str
    steps: tuple[odds.Step, ...]
    team_rerolls: int
    skills: frozenset[str]

    def query(self) -> str:
        q = QueryDict(mutable=True)
        q["edition"] = self.edition
        q["steps"] = ",".join(s.code for s in self.steps)
        q["team_reroll"] = str(self.team_rerolls)
        if self.skills:
            q["skills"] = ",".join(sorted(self.skills))
        return q.urlencode(safe=",:")


def _rows_to_steps(query: Mapping[str, Any]) -> str | None:
    """The form's rows (k1/v1 …) as a steps string; None when the form sent no rows."""
    if not any(f"k{i}" in query for i in range(1, ROWS + 1)):
        return None
    tokens = []
    for i in range(1, ROWS + 1):
        kind, value = (query.get(f"k{i}") or "").strip(), (query.get(f"v{i}") or "").strip()
        if not kind:
            continue
        if kind == "block":
            value = value if value.endswith("d") else value + "d"
        tokens.append(f"{kind}:{value}")
    return ",".join(tokens)


def _skills(query: Any) -> frozenset[str]:
    raw = query.getlist("skills") if hasattr(query, "getlist") else [query.get("skills", "")]
    return odds.parse_skills(",".join(raw))


def read(query: Any) -> Request:
    """Validated parameters; raises OddsError with a message naming the bad parameter."""
    edition = query.get("edition", "lrb6") or "lrb6"
    if edition not in EDITIONS:
        raise OddsError(f"edition: must be one of {', '.join(EDITIONS)}")
    from_rows = _rows_to_steps(query)
    steps = odds.parse_steps(from_rows if from_rows is not None else query.get("steps", DEFAULT_STEPS))
    raw_rerolls = query.get("team_reroll", "1") or "0"
    try:
        team = int(raw_rerolls)
    except ValueError:
        raise OddsError(f"team_reroll: “{raw_rerolls[:12]}” is not a number") from None
    if not 0 <= team <= MAX_TEAM_REROLLS:
        raise OddsError(f"team_reroll: must be between 0 and {MAX_TEAM_REROLLS}")
    return Request(edition, steps, team, _skills(query))


def api_payload(query: Any) -> dict[str, Any]:
    request = read(query)
    result = odds.evaluate(get_edition(request.edition), request.steps, request.team_rerolls, request.skills)
    p = result.probability
    return {
        "edition": request.edition,
        "steps": [s.code for s in request.steps],
        "team_rerolls": result.team_rerolls,
        "skills": sorted(request.skills),
        "probability": f"{p.numerator}/{p.denominator}",
        "probability_float": float(p),
        "explanation": odds.explanation(result),
    }


def _step_label(step: odds.Step) -> str:
    if step.kind == "block":
        who = _("the defender chooses") if step.defender_chooses else _("you choose")
        return _("Block with %(count)s dice (%(who)s)") % {"count": step.value, "who": who} if step.value > 1 else _("Block with one die")
    if step.kind == "armour":
        return _("Break armour %(av)s") % {"av": step.value}
    names = {"dodge": _("Dodge"), "rush": _("Go For It / Rush"), "pickup": _("Pick-up"), "catch": _("Catch"), "pass": _("Pass")}
    return f"{names[step.kind]} {step.value}+"


def _reroll_label(reroll: str | None, team: int, edition: str, lang: str) -> str:
    if reroll == "none":
        return _("cannot be re-rolled")
    if reroll:
        return _("the %(skill)s skill can re-roll it") % {"skill": skill_name(edition, reroll, lang)}
    return _("a team re-roll or Pro can re-roll it") if team else _("no re-roll available")


def page_context(query: Any, lang: str) -> dict[str, Any]:
    error = ""
    try:
        request = read(query)
    except OddsError as problem:
        error = str(problem)
        request = read(QueryDict(f"steps={DEFAULT_STEPS}"))
    result = odds.evaluate(get_edition(request.edition), request.steps, request.team_rerolls, request.skills)
    rows = [{"kind": s.kind if s.kind != "rush" else "gfi",
             "value": (f"-{s.value}" if s.defender_chooses else str(s.value))} for s in request.steps]
    rows += [{"kind": "", "value": ""} for _ in range(ROWS - len(rows))]
    bars = [(_("Every step succeeds"), result.probability, Pct(result.probability).format(lang))]
    bars += [(_("Stops at step %(n)s: %(step)s") % {"n": i, "step": _step_label(r.step)}, f, Pct(f).format(lang))
             for i, (r, f) in enumerate(zip(result.steps, result.failures), start=1)]
    share = reverse("tutorial:odds") + "?" + request.query()
    api = "/api/v1/odds?" + request.query()
    return {
        "error": error,
        "request": request,
        "rows": rows,
        "kinds": STEP_KINDS,
        "skill_choices": [(slug, skill_name(request.edition, slug, lang)) for slug in odds.SKILL_CHOICES],
        "editions": EDITIONS,
        "probability": Pct(result.probability).format(lang),
        "fraction": Frac(result.probability).format(lang),
        "steps": [{"label": _step_label(r.step), "alone": Pct(r.probability).format(lang),
                   "reroll": _reroll_label(r.reroll, result.team_rerolls, request.edition, lang)} for r in result.steps],
        "chart": mark_safe(diagrams.chart_svg(bars, _("Where the sequence ends"), "odds-chart")),
        "share_url": share,
        "api_url": api,
        "team_rerolls_used": result.team_rerolls,
        "escaped_error": escape(error),
    }
