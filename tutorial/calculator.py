"""Request parameters of the odds calculator (page and JSON API) → odds.evaluate → context.

Parameters (the same for /<lang>/odds/ and /api/v1/odds):
  edition      lrb6 (default) or bb2025
  steps        comma-separated: dodge:3, gfi:2, pickup:3, catch:3, pass:4, block:2d, block:-2d, armour:8
  team_reroll  team re-rolls available this turn (0–8; lrb6 uses at most one per turn)
  skills       comma-separated, or repeated: dodge, sure-feet, sure-hands, catch, pass, block, mighty-blow, loner, pro
The page's form also sends rows k1..k6 / v1..v6 (kind and value of each step), turned into `steps`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.http import QueryDict
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from rulebook import selectors
from rulebook.engine import get_edition
from rulebook.engine.odds import evaluate
from rulebook.http import MAX_NUMBER_DIGITS, QueryError, parse_int
from rulebook.vocab import BLOOD_BOWL_EDITIONS

from . import charts, odds, phrases
from .odds import OddsError
from .values import Frac, Pct

EDITIONS = BLOOD_BOWL_EDITIONS
MAX_TEAM_REROLLS = 8
ROWS = 6
DEFAULT_STEPS = "dodge:3,gfi:2,pickup:3"
STEP_KINDS = (
    ("dodge", gettext_lazy("Dodge (D6 target)")),
    ("gfi", gettext_lazy("Go For It / Rush (D6 target)")),  # replaced by the edition's own term, see step_kinds
    ("pickup", gettext_lazy("Pick up the ball (D6 target)")),
    ("catch", gettext_lazy("Catch (D6 target)")),
    ("pass", gettext_lazy("Pass (D6 target)")),
    ("block", gettext_lazy("Block (number of dice; negative: the defender chooses)")),
    ("armour", gettext_lazy("Break armour (armour value)")),
)
# Every parameter the page and the API read (the page cache keeps only these).
QUERY_PARAMS = (
    "edition",
    "steps",
    "team_reroll",
    "skills",
    *(f"k{i}" for i in range(1, ROWS + 1)),
    *(f"v{i}" for i in range(1, ROWS + 1)),
)
# The glossary entry naming "going for it" in each edition (classic: Going For It; 2025: Rush).
RUSH_TERMS = {"lrb6": "go-for-it", "bb2025": "rush"}

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
        q["steps"] = ",".join(odds.step_code(s) for s in self.steps)
        q["team_reroll"] = str(self.team_rerolls)
        if self.skills:
            q["skills"] = ",".join(sorted(self.skills))
        return q.urlencode(safe=",:")


def _form_rows(query: Mapping[str, Any]) -> list[int]:
    """The numbers of the form's rows (k1/v1 …) that name a kind of roll, in order."""
    return [i for i in range(1, ROWS + 1) if (query.get(f"k{i}") or "").strip()]


def _rows_to_steps(query: Mapping[str, Any]) -> str | None:
    """The form's rows (k1/v1 …) as a steps string; None when the form sent no rows."""
    if not any(f"k{i}" in query for i in range(1, ROWS + 1)):
        return None
    tokens = []
    for i in _form_rows(query):
        kind, value = (query.get(f"k{i}") or "").strip(), (query.get(f"v{i}") or "").strip()[:12]
        if kind == "block" and value:
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
        raise OddsError("edition", gettext_noop("must be one of %(choices)s"), choices=", ".join(EDITIONS))
    from_rows = _rows_to_steps(query)
    steps = odds.parse_steps(from_rows if from_rows is not None else query.get("steps", DEFAULT_STEPS))
    raw_rerolls = query.get("team_reroll", "1") or "0"
    try:
        team = parse_int(raw_rerolls, -(10**MAX_NUMBER_DIGITS), 10**MAX_NUMBER_DIGITS, "team_reroll")
    except QueryError:
        raise OddsError("team_reroll", odds.NOT_A_NUMBER, text=raw_rerolls[:12]) from None
    if not 0 <= team <= MAX_TEAM_REROLLS:
        raise OddsError("team_reroll", gettext_noop("must be between 0 and %(max)s"), max=MAX_TEAM_REROLLS)
    return Request(edition, steps, team, _skills(query))


def api_payload(query: Any) -> dict[str, Any]:
    request = read(query)
    result = evaluate(get_edition(request.edition), request.steps, request.team_rerolls, request.skills)
    p = result.probability
    return {
        "edition": request.edition,
        "steps": [odds.step_code(s) for s in request.steps],
        "team_rerolls": result.team_rerolls,
        "skills": sorted(request.skills),
        "probability": f"{p.numerator}/{p.denominator}",
        "probability_float": float(p),
        "explanation": odds.explanation(result),
    }


def rush_term(edition: str, lang: str) -> str:
    """The edition's own name for going for it, from its glossary ("¡A por ellos!" in the
    classic rules, "Forzar la marcha" in 2025); the tutorial's phrase if the entry is missing."""
    term = selectors.glossary_term(edition, RUSH_TERMS.get(edition, ""))
    return (getattr(term, f"term_{lang}", "") if term else "") or phrases.phrase("rush", lang, edition)


def step_kinds(edition: str, lang: str) -> list[dict[str, Any]]:
    """The step select's options; the going-for-it option is named as the edition names it
    and carries every edition's name (data-label-<edition>) so a script can rename it at once."""
    kinds = []
    for value, label in STEP_KINDS:
        if value == "gfi":
            names = {key: _("%(term)s (D6 target)") % {"term": rush_term(key, lang)} for key in EDITIONS}
            kinds.append({"value": value, "label": names[edition], "names": sorted(names.items())})
        else:
            kinds.append({"value": value, "label": str(label), "names": []})
    return kinds


def page_error(error: OddsError, rows: list[int] | None) -> str:
    """The error in the reader's language, naming what the form calls the parameter."""
    subjects = {
        "edition": _("Edition"),
        "steps": _("The sequence, in order"),
        "team_reroll": _("Team re-rolls available"),
        "skills": _("Re-rolls and skills"),
    }
    if error.index is not None:
        number = rows[error.index - 1] if rows and error.index <= len(rows) else error.index
        subject = _("Roll %(n)s") % {"n": number}
    else:
        subject = subjects.get(error.subject, error.subject)
    message = _(error.page_template) % error.params
    return _("%(subject)s: %(message)s") % {"subject": subject, "message": message}


def _step_label(step: odds.Step, edition: str = "lrb6", lang: str = "en") -> str:
    if step.kind == "block":
        who = _("the defender chooses") if step.defender_chooses else _("you choose")
        return (
            _("Block with %(count)s dice (%(who)s)") % {"count": step.value, "who": who}
            if step.value > 1
            else _("Block with one die")
        )
    if step.kind == "armour":
        return _("Break armour %(av)s") % {"av": step.value}
    names = {
        "dodge": _("Dodge"),
        "rush": rush_term(edition, lang),
        "pickup": _("Pick-up"),
        "catch": _("Catch"),
        "pass": _("Pass"),
    }
    return f"{names[step.kind]} {step.value}+"


def _reroll_label(reroll: str | None, team: int, edition: str, lang: str) -> str:
    if reroll == "none":
        return _("cannot be re-rolled")
    if reroll:
        return _("the %(skill)s skill can re-roll it") % {
            "skill": selectors.skill_names(edition, [reroll], lang)[reroll]
        }
    return _("a team re-roll or Pro can re-roll it") if team else _("no re-roll available")


def page_context(query: Any, lang: str) -> dict[str, Any]:
    error, error_row = "", None
    from_rows = _rows_to_steps(query) is not None
    try:
        request = read(query)
    except OddsError as problem:
        form_rows = _form_rows(query) if from_rows else None
        error = page_error(problem, form_rows)
        if problem.index is not None and form_rows and problem.index <= len(form_rows):
            error_row = form_rows[problem.index - 1]
        edition = query.get("edition") if query.get("edition") in EDITIONS else "lrb6"
        request = read(QueryDict(f"steps={DEFAULT_STEPS}&edition={edition}"))
    result = evaluate(get_edition(request.edition), request.steps, request.team_rerolls, request.skills)
    if error and from_rows:  # give the reader back what he typed, so he can correct it
        rows = [
            {"kind": (query.get(f"k{i}") or "").strip(), "value": (query.get(f"v{i}") or "").strip()[:12]}
            for i in range(1, ROWS + 1)
        ]
    else:
        rows = [
            {
                "kind": s.kind if s.kind != "rush" else "gfi",
                "value": (f"-{s.value}" if s.defender_chooses else str(s.value)),
            }
            for s in request.steps
        ]
        rows += [{"kind": "", "value": ""} for _ in range(ROWS - len(rows))]
    for number, row in enumerate(rows, start=1):
        row["error"] = error if number == error_row else ""

    def label(step: odds.Step) -> str:
        return _step_label(step, request.edition, lang)

    bars = [(_("Every step succeeds"), result.probability, Pct(result.probability).format(lang))]
    bars += [
        (_("Stops at step %(n)s: %(step)s") % {"n": i, "step": label(r.spec)}, f, Pct(f).format(lang))
        for i, (r, f) in enumerate(zip(result.rolls, result.stops, strict=False), start=1)
    ]
    share = reverse("tutorial:odds") + "?" + request.query()
    api = "/api/v1/odds?" + request.query()
    return {
        "error": error,
        "request": request,
        "rows": rows,
        "kinds": step_kinds(request.edition, lang),
        "skill_choices": list(selectors.skill_names(request.edition, odds.SKILL_CHOICES, lang).items()),
        "editions": EDITIONS,
        "probability": Pct(result.probability).format(lang),
        "fraction": Frac(result.probability).format(lang),
        "steps": [
            {
                "label": label(r.spec),
                "alone": Pct(r.probability).format(lang),
                "reroll": _reroll_label(r.reroll, result.team_rerolls, request.edition, lang),
            }
            for r in result.rolls
        ],
        "chart": mark_safe(charts.chart_svg(bars, _("Where the sequence ends"), "odds-chart")),
        "share_url": share,
        "api_url": api,
        "team_rerolls_used": result.team_rerolls,
        "escaped_error": escape(error),
    }
