"""The odds calculator: a sequence of rolls (dodge 3+, go for it, pick-up, a 2-dice block, an
armour break…), the re-rolls and skills at hand, and the exact chance that all succeed.

Each step's own chance comes from the engine (D6 targets through movement.Roll and
probability.d6_success, blocks through block.chosen_distribution and face_categories,
armour through injury.injury_outcome). Re-rolls are spent as a good coach would: the same
dynamic programme as movement.sequence_success (a step's skill re-roll first if unused,
a team re-roll — a Loner must pass his roll first — or Pro), generalised to steps that are
not D6 targets. For D6-only sequences the two agree exactly (tested).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from django.utils.translation import gettext_noop

from rulebook.engine import Board, Player, Square
from rulebook.engine import block as blocks
from rulebook.engine import injury
from rulebook.engine.editions.base import SKILL_REROLLS, Edition
from rulebook.engine.probability import d6_success

MAX_STEPS = 12
SKILL_CHOICES = ("dodge", "sure-feet", "sure-hands", "catch", "pass", "block", "mighty-blow", "loner", "pro")
D6_KINDS = {"dodge": "dodge", "gfi": "rush", "rush": "rush", "pickup": "pickup", "catch": "catch", "pass": "pass"}
BLOCK_SUCCESS = ("defender_pushed_into_crowd", "defender_down", "defender_down_in_place")


class OddsError(ValueError):
    """A parameter the calculator cannot read.

    str(error) is the API's English message ("dodge:9: a D6 target must be between 2 and 6",
    the 400 answer). The page translates `template` (or `page_template`, worded for the form's
    rows rather than the API's codes) with gettext and names `subject` in the reader's
    language; `index` is the step's position (1-based) when a step is at fault."""

    def __init__(self, subject: str, template: str, page_template: str | None = None, **params: Any) -> None:
        self.subject, self.template, self.page_template, self.params = subject, template, page_template or template, params
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


@dataclass(frozen=True)
class Step:
    kind: str  # dodge rush pickup catch pass block armour
    value: int  # the D6 target, the number of block dice, or the armour value
    defender_chooses: bool = False

    @property
    def code(self) -> str:
        if self.kind == "block":
            return f"block:{'-' if self.defender_chooses else ''}{self.value}d"
        return f"{'gfi' if self.kind == 'rush' else self.kind}:{self.value}"


@dataclass(frozen=True)
class StepResult:
    step: Step
    probability: Fraction  # this step alone, without re-rolls
    reroll: str | None  # which re-roll may save it: a skill slug, "team" or "none"


@dataclass(frozen=True)
class OddsResult:
    probability: Fraction
    steps: tuple[StepResult, ...]
    failures: tuple[Fraction, ...]  # chance the sequence stops at each step (re-rolls used)
    team_rerolls: int


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
    if not text.strip():
        raise OddsError(subject, NO_VALUE)
    try:
        return int(text)
    except ValueError:
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


def step_chance(edition: Edition, step: Step, skills: frozenset[str]) -> StepResult:
    """One step's chance of success and the re-roll that may save it (engine figures)."""
    if step.kind in SKILL_REROLLS:
        skill = SKILL_REROLLS[step.kind]
        return StepResult(step, d6_success(step.value), skill if skill in skills else None)
    if step.kind == "block":
        return StepResult(step, _block_success(edition, step, "block" in skills), None)
    return StepResult(step, _armour_break(edition, step.value, "mighty-blow" in skills), "none")


@lru_cache(maxsize=256)
def _block_success(edition: Edition, step: Step, attacker_block: bool) -> Fraction:
    """Chance the defender ends on the ground and the attacker on his feet, from the engine's
    face categories for a block in the open with the given number of dice."""
    attacker = Player("a", "A", Square(10, 7), skills=frozenset({"block"}) if attacker_block else frozenset())
    defender = Player("d", "D", Square(11, 7))
    categories = blocks.face_categories(edition, Board([attacker, defender]), attacker, defender)
    chooser = "defender" if step.defender_chooses else "attacker"
    dist = blocks.chosen_distribution(categories, step.value, chooser)
    return sum((dist[c] for c in BLOCK_SUCCESS), Fraction(0))


def _armour_break(edition: Edition, av: int, mighty_blow: bool) -> Fraction:
    attacker = Player("a", "A", None, skills=frozenset({"mighty-blow"}) if mighty_blow else frozenset())
    return injury.injury_outcome(edition, Player("d", "D", None, av=av), attacker, action="block").armour_broken


def evaluate(edition: Edition, steps: tuple[Step, ...], team_rerolls: int, skills: frozenset[str]) -> OddsResult:
    limit = edition.team_rerolls_per_turn
    team = max(0, team_rerolls if limit is None else min(team_rerolls, limit))
    results = tuple(step_chance(edition, s, skills) for s in steps)
    plan = tuple((r.probability, r.reroll) for r in results)
    loner = d6_success(edition.loner_default_target) if "loner" in skills else Fraction(1)
    pro = d6_success(edition.pro_target)
    skill_set = frozenset(r.reroll for r in results if r.reroll not in (None, "none"))
    probability, failures = _solve(plan, team, skill_set, "pro" in skills, loner, pro)
    return OddsResult(probability, results, failures, team)


def _solve(plan: tuple[tuple[Fraction, str | None], ...], team: int, skills: frozenset[str], has_pro: bool,
           loner: Fraction, pro: Fraction) -> tuple[Fraction, tuple[Fraction, ...]]:
    """(chance all steps pass, chance of stopping at each step) under the best re-roll policy."""
    n = len(plan)

    zeros = (Fraction(0),) * n

    @lru_cache(maxsize=None)
    def best(i: int, team_left: int, skills_left: frozenset[str], pro_left: bool) -> tuple[Fraction, tuple[Fraction, ...]]:
        if i == n:
            return Fraction(1), zeros
        p, reroll = plan[i]
        # Each way of answering a failure: (chance the re-roll may be taken, what follows it).
        options: list[tuple[Fraction, tuple[Fraction, tuple[Fraction, ...]]]] = [(Fraction(0), (Fraction(0), zeros))]
        if reroll != "none":
            if reroll is not None and reroll in skills_left:
                options.append((Fraction(1), best(i + 1, team_left, skills_left - {reroll}, pro_left)))
            if team_left:
                options.append((loner, best(i + 1, team_left - 1, skills_left, pro_left)))
            if pro_left:
                options.append((pro, best(i + 1, team_left, skills_left, False)))
        works, (later_value, later_fails) = max(options, key=lambda o: o[0] * p * o[1][0])
        go_on_value, go_on_fails = best(i + 1, team_left, skills_left, pro_left)
        saved = (1 - p) * works * p  # failed, re-rolled, passed the second time
        total = p * go_on_value + saved * later_value
        fails = [p * a + saved * b for a, b in zip(go_on_fails, later_fails)]
        fails[i] += 1 - p - saved
        return total, tuple(fails)

    return best(0, team, skills, has_pro)


def explanation(result: OddsResult) -> list[dict[str, Any]]:
    """JSON-friendly explanation: each step's own chance and the re-roll that may save it."""
    return [
        {
            "step": r.step.code,
            "kind": r.step.kind,
            "probability": f"{r.probability.numerator}/{r.probability.denominator}",
            "reroll": r.reroll or ("team" if result.team_rerolls else None),
            "stops_here": f"{f.numerator}/{f.denominator}",
        }
        for r, f in zip(result.steps, result.failures)
    ]
