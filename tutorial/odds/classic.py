"""The odds calculator's language: "dodge:3,gfi:2,block:-2d,armour:8" and a list of skills, read
into the engine's roll specifications (rulebook.engine.odds), with messages for what cannot be read.
The engine computes; this module only parses and explains the answer as JSON.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_noop

from rulebook.engine.odds import RollSpec, SequenceOdds
from rulebook.http import MAX_NUMBER_DIGITS, QueryError, parse_int

MAX_STEPS = 12
SKILL_CHOICES = ("dodge", "sure-feet", "sure-hands", "catch", "pass", "block", "mighty-blow", "loner", "pro")
D6_KINDS = {"dodge": "dodge", "gfi": "rush", "rush": "rush", "pickup": "pickup", "catch": "catch", "pass": "pass"}


class OddsError(ValueError):
    """A parameter the calculator cannot read.

    str(error) is the API's English message ("dodge:9: a D6 target must be between 2 and 6",
    the 400 answer). The page translates `template` (or `page_template`, worded for the form's
    rows rather than the API's codes) with gettext and names `subject` in the reader's
    language; `index` is the step's position (1-based) when a step is at fault."""

    def __init__(self, subject: str, template: str, page_template: str | None = None, **params: Any) -> None:
        self.subject, self.template, self.page_template, self.params = (
            subject,
            template,
            page_template or template,
            params,
        )
        self.index: int | None = None
        super().__init__(f"{subject}: {template % params}")


# Messages: English for the API; marked for translation for the page (see calculator.page_error).
D6_RANGE = gettext_noop("a D6 target must be between 2 and 6")
BLOCK_DICE = gettext_noop("a block uses 1, 2 or 3 dice (e.g. block:2d, or block:-2d when the defender chooses)")
BLOCK_DICE_PAGE = gettext_noop("a block uses 1, 2 or 3 dice (a negative number when the defender chooses)")
ONE_DIE = gettext_noop("with one die nobody chooses; write block:1d")
ONE_DIE_PAGE = gettext_noop("with one die nobody chooses; write 1")
ARMOUR_RANGE = gettext_noop("an armour value must be between 2 and 12")
UNKNOWN_STEP = gettext_noop("unknown step (use dodge:N, gfi:N, pickup:N, catch:N, pass:N, block:Nd, armour:AV)")
UNKNOWN_STEP_PAGE = gettext_noop("unknown kind of roll")
NOT_A_NUMBER = gettext_noop("“%(text)s” is not a number")
NO_VALUE = gettext_noop("the value is missing")
NO_STEPS = gettext_noop("give at least one step, e.g. steps=dodge:3,gfi:2")
NO_STEPS_PAGE = gettext_noop("choose at least one roll")
TOO_MANY_STEPS = gettext_noop("at most %(max)s steps")
UNKNOWN_SKILLS = gettext_noop("unknown %(unknown)s; known: %(known)s")


Step = RollSpec


def step_code(step: RollSpec) -> str:
    """The step written back in the odds language ("block:-2d", "gfi:2")."""
    if step.kind == "block":
        return f"block:{'-' if step.defender_chooses else ''}{step.value}d"
    return f"{'gfi' if step.kind == 'rush' else step.kind}:{step.value}"


def parse_step(token: str) -> Step:
    kind, _, arg = token.strip().lower().partition(":")
    subject = token.strip()
    if kind in D6_KINDS:
        value = 2 if (kind in ("gfi", "rush") and not arg) else _int(arg, subject)
        if not 2 <= value <= 6:
            raise OddsError(subject, D6_RANGE)
        return Step(D6_KINDS[kind], value)
    if kind == "block":
        defender = arg.startswith("-")
        count = arg.lstrip("-").rstrip("d")
        value = _int(count, subject)
        if value not in (1, 2, 3):
            raise OddsError(subject, BLOCK_DICE, BLOCK_DICE_PAGE)
        if defender and value == 1:
            raise OddsError(subject, ONE_DIE, ONE_DIE_PAGE)
        return Step("block", value, defender)
    if kind in ("armour", "armor", "av"):
        value = _int(arg, subject)
        if not 2 <= value <= 12:
            raise OddsError(subject, ARMOUR_RANGE)
        return Step("armour", value)
    raise OddsError(subject, UNKNOWN_STEP, UNKNOWN_STEP_PAGE)


def _int(text: str, subject: str) -> int:
    """A whole number in ASCII digits ("٣" and "²" are not numbers here, whatever int() thinks)."""
    if not text.strip():
        raise OddsError(subject, NO_VALUE)
    try:
        return parse_int(text, -(10**MAX_NUMBER_DIGITS), 10**MAX_NUMBER_DIGITS, subject)
    except QueryError:
        raise OddsError(subject, NOT_A_NUMBER, text=text[:12]) from None


def parse_steps(text: str) -> tuple[Step, ...]:
    tokens = [t for t in (text or "").split(",") if t.strip()]
    if not tokens:
        raise OddsError("steps", NO_STEPS, NO_STEPS_PAGE)
    if len(tokens) > MAX_STEPS:
        raise OddsError("steps", TOO_MANY_STEPS, max=MAX_STEPS)
    steps = []
    for index, token in enumerate(tokens, start=1):
        try:
            steps.append(parse_step(token))
        except OddsError as error:
            error.index = index
            raise
    return tuple(steps)


def parse_skills(text: str) -> frozenset[str]:
    skills = frozenset(s.strip().lower() for s in (text or "").split(",") if s.strip())
    unknown = skills - set(SKILL_CHOICES)
    if unknown:
        raise OddsError("skills", UNKNOWN_SKILLS, unknown=", ".join(sorted(unknown)), known=", ".join(SKILL_CHOICES))
    return skills


def explanation(result: SequenceOdds) -> list[dict[str, Any]]:
    """JSON-friendly explanation: each step's own chance and the re-roll that may save it."""
    return [
        {
            "step": step_code(r.spec),
            "kind": r.spec.kind,
            "probability": f"{r.probability.numerator}/{r.probability.denominator}",
            "reroll": r.reroll or ("team" if result.team_rerolls else None),
            "stops_here": f"{f.numerator}/{f.denominator}",
        }
        for r, f in zip(result.rolls, result.stops, strict=False)
    ]
