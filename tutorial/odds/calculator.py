"""Request parameters of the odds calculator (page and JSON API) → a Sequence → engine.turn.

Parameters (the same for /<lang>/odds/ and /api/v1/odds):
  c            the share code: the whole turn in the odds language (tutorial/README.md), e.g.
               bb2025;rr2;ogre=loner:4,mighty-blow;dodge:3,ogre.block:2d/dodge,armour:9/ko
  edition      lrb6 (default) or bb2025 (the code's own edition wins)
  team_reroll  team re-rolls available this turn (0–8; lrb6 uses at most one per turn)
  steps        the classic form: comma-separated steps of one player (dodge:3,gfi:2,block:-2d,armour:8)
  skills       that player's skills (comma-separated, or repeated)
The page's form sends its players (pn1.., ps1.., pl1.., pst1..) and rows (w1 k1 v1 g1 o1 c1 ..),
which oddsform turns into a code; a result's URL carries the code (?c=…), so it can be shared.
"""

from __future__ import annotations

from typing import Any

from rulebook.engine import REROLL_SKILL, TurnError, TurnOdds, TurnPlayer, check, get_edition, rerollable, solve_turn
from rulebook.portable.i18n import get_language, gettext_noop
from rulebook.portable.i18n import gettext as _
from rulebook.portable.queries import QueryError, query_choice, query_int, query_text
from rulebook.vocab import BLOOD_BOWL_EDITIONS

from . import classic
from .classic import OddsError
from .code import CHAIN_WAYS, MAX_TEAM_REROLLS, Sequence, parse_code, step_code
from .labels import skill_label

EDITIONS = BLOOD_BOWL_EDITIONS
DEFAULT_STEPS = "dodge:3,gfi:2,pickup:3"
MAX_CODE_LENGTH = 600
# Every parameter the API reads (the page cache keeps only these; the page adds its form's).
QUERY_PARAMS = ("c", "edition", "team_reroll", "steps", "skills")

__all__ = ["OddsError", "api_payload", "page_error", "read", "rule_error", "solve"]

# Rule problems the engine finds (engine.turn.TurnError codes), for the API and the page.
RULE_MESSAGES = {
    "loner_target": gettext_noop("in this edition a Loner's target is %(targets)s"),
    "skill_not_in_edition": gettext_noop("“%(skill)s” is not a skill of this edition"),
    "conditional_first": gettext_noop("a step marked “?” needs a roll before it"),
    "skill_not_on_roll": gettext_noop("the opponent's “%(skill)s” does not change this kind of roll"),
    "hail_mary_on_one": gettext_noop("in these rules a Hail Mary is fumbled on a 1 only: its value is 2+"),
    "dauntless_not_stronger": gettext_noop("Dauntless is rolled only against a stronger opponent: his ST is %(st)s"),
    "dauntless_before_block": gettext_noop("a Dauntless roll comes just before the same player's block"),
    "argue_not_in_edition": gettext_noop("these rules have no Argue the Call"),
    "skill_value": gettext_noop("in this edition “%(skill)s” cannot be +%(value)s"),
    "miss_impossible": gettext_noop(
        "a step marked “!” needs a roll before it that can miss its goal without a turnover (a block or an armour roll)"
    ),
    "reroll_choice": gettext_noop("“%(choice)s” is not a re-roll choice (choose %(choices)s)"),
    "choice_unavailable": gettext_noop("rr:%(choice)s: no such re-roll may save this roll"),
    "chain_ways": CHAIN_WAYS,
    "keep_not_a_result": gettext_noop("“%(result)s” is not a result this roll may keep (choose %(results)s)"),
}


def rule_error(error: TurnError, edition: str = "", step_text: str = "") -> OddsError:
    """The engine's refusal as a calculator error, naming the step at fault (`step_text`); with
    `edition`, the page names the skill at fault in the reader's language (the API keeps its slug)."""
    params: dict[str, Any] = dict(error.params)
    if edition and error.code == "skill_not_on_roll":
        params["edition"] = edition
    if "targets" in params:
        params["targets"] = ", ".join(f"{t}+" for t in params["targets"])
    subject = str(params.pop("player", step_text or "steps"))
    problem = OddsError(subject, RULE_MESSAGES.get(error.code, error.code), None, **params)
    problem.index = error.step
    return problem


def edition_of(query: Any) -> str:
    try:
        return query_choice(query, "edition", EDITIONS, "lrb6")
    except QueryError:
        raise OddsError("edition", gettext_noop("must be one of %(choices)s"), choices=", ".join(EDITIONS)) from None


def team_of(query: Any) -> int:
    raw = (query.get("team_reroll") or "").strip()
    if raw and not (raw.isascii() and raw.isdigit()):
        raise OddsError("team_reroll", classic.NOT_A_NUMBER, text=raw[:12])
    try:
        return query_int(query, "team_reroll", 0, MAX_TEAM_REROLLS, 1)
    except QueryError:
        raise OddsError("team_reroll", gettext_noop("must be between 0 and %(max)s"), max=MAX_TEAM_REROLLS) from None


def legacy_code(query: Any) -> str:
    """The classic parameters (steps, skills) as a code of one player."""
    raw = query.getlist("skills") if hasattr(query, "getlist") else [query.get("skills", "")]
    skills = classic.parse_skills(",".join(raw))
    steps = query.get("steps", DEFAULT_STEPS)
    if steps is None or not steps.strip():
        raise OddsError("steps", classic.NO_STEPS, classic.NO_STEPS_PAGE)
    players = f"player={','.join(sorted(skills))};" if skills else ""
    return f"{players}{steps}"


def read(query: Any) -> Sequence:
    """Validated parameters; raises OddsError with a message naming the bad parameter or step."""
    edition, team = edition_of(query), team_of(query)
    code = query_text(query, "c", MAX_CODE_LENGTH)
    sequence = parse_code(code or legacy_code(query), edition, team)
    try:
        check(get_edition(sequence.edition), sequence.turn())
    except TurnError as error:
        step = sequence.steps[error.step - 1] if error.step else None
        step_text = step_code(step, step.player) if step is not None else ""
        raise rule_error(error, sequence.edition, step_text) from None
    return sequence


def solve(sequence: Sequence) -> TurnOdds:
    return solve_turn(get_edition(sequence.edition), sequence.turn())


def _fraction(value: Any) -> str:
    return f"{value.numerator}/{value.denominator}"


def _player(sequence: Sequence, name: str) -> TurnPlayer:
    return sequence.turn().player(name)


def reroll_of(sequence: Sequence, index: int, team: int) -> str | None:
    """The classic explanation's "reroll": the skill that may re-roll the step, "none", "team" or None."""
    step = sequence.steps[index]
    if not rerollable(get_edition(sequence.edition), step.kind):
        return "none"
    skill = REROLL_SKILL.get(step.kind)
    if skill is not None and skill in _player(sequence, step.player).skills:
        return skill
    return "team" if team else None


def api_payload(query: Any) -> dict[str, Any]:
    sequence = read(query)
    result = solve(sequence)
    p = result.probability
    codes, previous = [], sequence.players[0].name if sequence.players else "player"
    for step in sequence.steps:
        codes.append(step_code(step, previous))
        previous = step.player
    player_skills = sorted(_player(sequence, sequence.steps[0].player).skills) if sequence.steps else []
    return {
        "edition": sequence.edition,
        "code": sequence.code(),
        "steps": codes,
        "team_rerolls": result.team_rerolls,
        "team_rerolls_used": _fraction(result.team_rerolls_used),
        "skills": player_skills,
        "players": [
            {"name": pl.name, "skills": sorted(pl.skills), "loner": pl.loner, "st": pl.st, "ag": pl.ag, "ma": pl.ma}
            for pl in sequence.players
        ],
        "probability": _fraction(p),
        "probability_float": float(p),
        **_choice_payload(result),
        "weakest_step": None if result.weakest is None else result.weakest + 1,
        "explanation": [
            {
                "step": codes[i],
                "kind": s.step.kind,
                "player": s.step.player,
                "probability": _fraction(s.alone),
                "reroll": reroll_of(sequence, i, result.team_rerolls),
                "reached": _fraction(s.reached),
                "stops_here": _fraction(s.stops),
                "rerolls_spent": {k: _fraction(v) for k, v in sorted(s.spent.items())},
                "rerolls_saved": {k: _fraction(v) for k, v in sorted(s.saved.items())},
                "outcomes": {k: _fraction(v) for k, v in sorted(s.one_roll.items())},
                **({"sent_off": _fraction(s.sent_off)} if s.step.kind == "foul" else {}),
            }
            for i, s in enumerate(result.steps)
        ],
    }


def _choice_payload(result: TurnOdds) -> dict[str, str]:
    """The best play's chance and what the coach's own play costs, when a step fixes one."""
    if result.best is None:
        return {}
    return {"best_probability": _fraction(result.best), "choice_cost": _fraction(result.best - result.probability)}


def page_error(error: OddsError, rows: list[int] | None = None) -> str:
    """The error in the reader's language, naming what the form calls the parameter."""
    subjects = {
        "edition": _("Edition"),
        "steps": _("The sequence, in order"),
        "team_reroll": _("Team re-rolls available"),
        "skills": _("Re-rolls and skills"),
        "players": _("Players"),
    }
    if error.index is not None:
        number = rows[error.index - 1] if rows and error.index <= len(rows) else error.index
        subject = _("Roll %(n)s") % {"n": number}
    else:
        subject = subjects.get(error.subject, error.subject)
    params = dict(error.params)
    if "edition" in params and "skill" in params:
        params["skill"] = skill_label(params["edition"], params["skill"], get_language())
    message = _(error.page_template) % params
    return _("%(subject)s: %(message)s") % {"subject": subject, "message": message}
