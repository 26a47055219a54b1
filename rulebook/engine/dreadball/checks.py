"""DreadBall checks: dice pools, coach dice, (n) / (X) / (123) targets, doubles.

Seed 003 ("Tirada de dados y chequeos", "Dados de entrenador"):

* most checks roll 3 dice; modifiers add or remove dice, never change the
  attribute nor the successes needed;
* zero or fewer dice: no roll, zero successes, and the action still resolves
  (a Slam can draw, a zero-success Throw can still be caught);
* (n): at least n successes; (X): both coaches roll at once and compare;
  (123): the k-th attempt within one action needs k successes;
* double: twice the needed successes or more; in (X) twice the opponent's;
  against an opponent with zero successes any success is a double;
* coach dice: any number, added as modifiers and rolled as normal dice,
  decided before rolling (active coach first), one use each, and also usable
  when modifiers left zero or fewer dice; never for scatter or launch rolls.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import lru_cache

from .dice import DiceRoll, SuccessDistribution, validate_target
from .explain import Breakdown, Modifier, Note
from .series import sum_geometric_polynomial

BASE_DICE = 3


class Side(Enum):
    ACTIVE = "active"  # the coach playing their Rush
    OPPONENT = "opponent"

    @property
    def other(self) -> Side:
        return Side.OPPONENT if self is Side.ACTIVE else Side.ACTIVE


class Attribute(Enum):
    MOVEMENT = "movement"
    STRENGTH = "strength"
    AGILITY = "agility"
    SPEED = "speed"
    SKILL = "skill"
    ARMOUR = "armour"


class Role(Enum):
    GUARD = "guard"  # seed: Guardia
    STRIKER = "striker"  # seed: Lanzador
    JACK = "jack"  # seed: Línea


# Seed: Guards +1 Strength and Armour; "Lanzadores" +1 Agility and Skill;
# "Líneas" +1 Speed. Bonuses are one extra die, like every modifier.
ROLE_BONUSES: frozenset[tuple[Role, Attribute]] = frozenset(
    {
        (Role.GUARD, Attribute.STRENGTH),
        (Role.GUARD, Attribute.ARMOUR),
        (Role.STRIKER, Attribute.AGILITY),
        (Role.STRIKER, Attribute.SKILL),
        (Role.JACK, Attribute.SPEED),
    }
)


def role_bonus(role: Role, attribute: Attribute) -> Modifier | None:
    if (role, attribute) in ROLE_BONUSES:
        return Modifier(1, "role_bonus", {"role": role.value, "attribute": attribute.value})
    return None


# ---------------------------------------------------------------------------
# pools and coach dice
# ---------------------------------------------------------------------------


def dice_pool(modifiers: Iterable[Modifier] = (), coach_dice: int = 0, base: int = BASE_DICE) -> Breakdown[int]:
    """Dice to roll: base + modifiers + coach dice, floored at zero.

    Coach dice are summed with the other modifiers (seed: "como un modificador"),
    so they can lift a pool that modifiers had taken to zero or below.
    """
    if coach_dice < 0:
        raise ValueError("coach dice cannot be negative")
    mods = list(modifiers)
    if coach_dice:
        mods.append(Modifier(coach_dice, "coach_dice", {"count": coach_dice}))
    raw = base + sum(int(m.value) for m in mods)
    notes: tuple[Note, ...] = ()
    if raw <= 0:
        notes = (Note("pool_floored_at_zero", {"raw": raw}),)
    return Breakdown(base, tuple(mods), max(0, raw), "base_dice_pool", notes)


class CoachDiceError(ValueError):
    pass


@dataclass(frozen=True)
class CoachDice:
    """A coach's unused coach dice. Each die is spent by use."""

    available: int

    def commit(self, count: int, roll_allows_coach_dice: bool = True) -> tuple[CoachDice, int]:
        """Spend `count` dice on a check; returns (what is left, dice added)."""
        if count < 0:
            raise CoachDiceError("cannot commit a negative number of coach dice")
        if count and not roll_allows_coach_dice:
            raise CoachDiceError("coach dice cannot be used for this roll (scatter, launch hit...)")
        if count > self.available:
            raise CoachDiceError(f"only {self.available} coach dice left")
        return CoachDice(self.available - count), count


def coach_dice_decision_order() -> tuple[Side, Side]:
    """Both coaches may commit coach dice before rolling: the active coach first."""
    return (Side.ACTIVE, Side.OPPONENT)


def reroll_decision_order(die_owner: Side | None = None) -> tuple[Side, Side]:
    """Who decides re-rolls first, after both coaches have rolled.

    Normally the active coach decides (and re-rolls) before the opponent. When
    both coaches may re-roll the *same* die, the coach who rolled it decides first.
    """
    if die_owner is None:
        return (Side.ACTIVE, Side.OPPONENT)
    return (die_owner, die_owner.other)


# ---------------------------------------------------------------------------
# resolving rolled successes
# ---------------------------------------------------------------------------


class CheckResult(Enum):
    FAIL = "fail"
    PASS = "pass"
    DOUBLE = "double"


def escalating_required(attempt: int) -> Breakdown[int]:
    """(123): the k-th attempt in the same action needs k successes."""
    if attempt < 1:
        raise ValueError("attempts are numbered from 1")
    return Breakdown(attempt, (), attempt, "escalating_attempt", (Note("escalating_attempt", {"attempt": attempt}),))


def fixed_check_result(successes: int, required: int) -> Breakdown[CheckResult]:
    """(n) check: pass with >= n successes, double with >= 2n."""
    if required < 1:
        raise ValueError("a fixed target needs at least one success")
    if successes >= 2 * required:
        result, key = CheckResult.DOUBLE, "check_doubled"
    elif successes >= required:
        result, key = CheckResult.PASS, "check_passed"
    else:
        result, key = CheckResult.FAIL, "check_failed"
    notes = (Note("fixed_target", {"required": required}), Note(key))
    return Breakdown(successes, (), result, "successes_total", notes)


@dataclass(frozen=True)
class OpposedResult:
    winner: Side | None  # None on a tie
    net: int  # active successes minus opponent successes
    double: bool

    def to_dict(self) -> dict[str, object]:
        return {"winner": self.winner.value if self.winner else None, "net": self.net, "double": self.double}


def is_opposed_double(winner_successes: int, loser_successes: int) -> bool:
    """Twice the loser's successes; any success beats a zero as a double."""
    if winner_successes <= loser_successes:
        return False
    return loser_successes == 0 or winner_successes >= 2 * loser_successes


def opposed_check_result(active_successes: int, opponent_successes: int) -> Breakdown[OpposedResult]:
    """(X) check: compare successes; equal is a tie (both roll at once)."""
    net = active_successes - opponent_successes
    if net == 0:
        result = OpposedResult(None, 0, False)
        notes = [Note("opposed_tie")]
    else:
        winner = Side.ACTIVE if net > 0 else Side.OPPONENT
        high, low = max(active_successes, opponent_successes), min(active_successes, opponent_successes)
        result = OpposedResult(winner, net, is_opposed_double(high, low))
        notes = [Note("opposed_win", {"side": winner.value})]
        if result.double:
            notes.append(Note("opposed_double"))
    notes.append(Note("net_successes"))
    return Breakdown(
        active_successes, (Modifier(-opponent_successes, "net_successes"),), result, "successes_total", tuple(notes)
    )


# ---------------------------------------------------------------------------
# exact probabilities
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class FixedCheckOdds:
    fail: Fraction
    pass_only: Fraction  # passed but not doubled
    double: Fraction

    @property
    def success(self) -> Fraction:
        return self.pass_only + self.double


# Answers are exact and their inputs few (pools of 0-12 dice, targets 2-6): keep the recent ones.
ANSWERS = 512


@lru_cache(maxsize=ANSWERS)
def fixed_check_odds(dice: int, target: int, required: int, rerolls: int | None = 0) -> Breakdown[FixedCheckOdds]:
    """Exact odds of an (n) check (use ``escalating_required`` for (123))."""
    if required < 1:
        raise ValueError("a fixed target needs at least one success")
    law = SuccessDistribution(dice, target, rerolls)
    success, double = law.at_least(required), law.at_least(2 * required)
    odds = FixedCheckOdds(fail=1 - success, pass_only=success - double, double=double)
    notes = (Note("target_attribute", {"target": target}), Note("fixed_target", {"required": required}))
    return Breakdown(dice, (), odds, "exact_distribution", notes)


@dataclass(frozen=True)
class OpposedOdds:
    active_wins: Fraction
    tie: Fraction
    opponent_wins: Fraction
    active_double: Fraction
    opponent_double: Fraction


def _sum_over_counts(term: Callable[[int], Fraction], start: int, ratio: Fraction, degree: int) -> Fraction:
    """sum_{b>=0} term(b): exact head below `start`, exact closed form for the tail."""
    head = sum((term(b) for b in range(start)), Fraction(0))
    return head + sum_geometric_polynomial(term, ratio, start, degree)


def _p_greater(a: SuccessDistribution, b: SuccessDistribution) -> Fraction:
    """P(A > B) = sum_b P(B=b) P(A >= b+1); terms are 36**-b * poly(b) late on."""

    def term(k: int) -> Fraction:
        return b.pmf(k) * a.at_least(k + 1)

    start = max(a.tail_start, b.tail_start)
    return _sum_over_counts(term, start, Fraction(1, 36), a.tail_degree + b.tail_degree)


def _p_equal(a: SuccessDistribution, b: SuccessDistribution) -> Fraction:
    def term(k: int) -> Fraction:
        return a.pmf(k) * b.pmf(k)

    start = max(a.tail_start, b.tail_start)
    return _sum_over_counts(term, start, Fraction(1, 36), a.tail_degree + b.tail_degree)


def _p_double(winner: SuccessDistribution, loser: SuccessDistribution) -> Fraction:
    """P(W >= 1 and W >= 2L); terms are 216**-l * poly(l) late on."""

    def term(k: int) -> Fraction:
        return loser.pmf(k) * winner.at_least(max(1, 2 * k))

    start = max(loser.tail_start, (winner.tail_start + 1) // 2, 1)
    return _sum_over_counts(term, start, Fraction(1, 216), winner.tail_degree + loser.tail_degree)


def net_result_probability(a: SuccessDistribution, b: SuccessDistribution, net: int) -> Fraction:
    """Exact P(A - B == net) (e.g. the margin feeding an Armour check)."""

    def term(k: int) -> Fraction:
        return b.pmf(k) * a.pmf(k + net)

    start = max(b.tail_start, a.tail_start - net, 0)
    return _sum_over_counts(term, start, Fraction(1, 36), a.tail_degree + b.tail_degree)


@lru_cache(maxsize=ANSWERS)
def opposed_check_odds(active: SuccessDistribution, opponent: SuccessDistribution) -> Breakdown[OpposedOdds]:
    """Exact odds of an (X) check between two independent pools."""
    active_wins = _p_greater(active, opponent)
    tie = _p_equal(active, opponent)
    odds = OpposedOdds(
        active_wins=active_wins,
        tie=tie,
        opponent_wins=1 - active_wins - tie,
        active_double=_p_double(active, opponent),
        opponent_double=_p_double(opponent, active),
    )
    notes = (
        Note("target_attribute", {"target": active.target}),
        Note("target_attribute", {"target": opponent.target}),
    )
    return Breakdown(active.dice, (), odds, "exact_distribution", notes)


def check_target_attribute(target: int) -> Breakdown[int]:
    validate_target(target)
    return Breakdown(target, (), target, "target_attribute", (Note("target_attribute", {"target": target}),))


RerollChoice = Callable[[DiceRoll, DiceRoll], list[int]]


def resolve_rerolls_in_order(
    active_roll: DiceRoll,
    opponent_roll: DiceRoll,
    active_choice: RerollChoice,
    opponent_choice: RerollChoice,
    rng: random.Random,
) -> tuple[DiceRoll, DiceRoll]:
    """After both coaches roll, the active coach picks and re-rolls first; the
    opponent then decides seeing those new results. Each choice gets (own roll,
    other roll) and returns indices of its own dice to re-roll."""
    active_roll.reroll(active_choice(active_roll, opponent_roll), rng)
    opponent_roll.reroll(opponent_choice(opponent_roll, active_roll), rng)
    return active_roll, opponent_roll
