"""The one exact solver for a sequence of rolls with re-rolls spent as a good coach would.

A sequence is a list of rolls, each with its chance of success and the re-rolls that may save it
when it fails: the roller's skill re-roll (once per turn per skill and player), a team re-roll
(shared; a Loner must pass his Loner roll first, and the re-roll is spent either way), Pro (once
per turn per player, after passing the Pro roll; in some editions a failed Pro roll may itself be
re-rolled with a team re-roll) and Break Tackle (once per turn per player, spent before the roll
to change its target). A roll is never re-rolled twice. The solver maximises the chance that
every roll passes over all these decisions, by dynamic programming over
(roll, team re-rolls left, skill re-rolls used, Pro used, Break Tackle used), and reports for the
same best plan the chance of stopping at each roll and the team re-rolls it expects to spend.

Every module that chains rolls (movement, passing, the odds of a turn) goes through `solve`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from .probability import ONE, ZERO


@dataclass(frozen=True, slots=True)
class SequenceStep:
    """One roll of the sequence, as the solver sees it."""

    probability: Fraction  # chance the roll succeeds (Break Tackle not spent)
    player: str = ""  # who rolls: skill re-rolls, Pro and Break Tackle are his, once per turn
    skill: str | None = None  # the skill of his that may re-roll this roll
    rerollable: bool = True  # False for rolls nothing may re-roll (armour, injury)
    loner: Fraction = ONE  # chance his Loner roll lets a team re-roll go ahead
    pro: Fraction | None = None  # chance his Pro roll lets the re-roll go ahead; None: no Pro
    pro_rescue: Fraction | None = None  # chance Pro's re-roll then succeeds (one die of several); None: probability
    pro_roll_team_rerollable: bool = False  # a failed Pro roll may be re-rolled with a team re-roll
    break_tackle: Fraction | None = None  # chance of success if he spends Break Tackle on this roll
    kind: str = ""  # for explanations only

    def rescue_by_pro(self, probability: Fraction) -> Fraction:
        return probability if self.pro_rescue is None else self.pro_rescue


@dataclass(frozen=True, slots=True)
class SequenceAnswer:
    probability: Fraction  # every roll passes
    stops: tuple[Fraction, ...]  # chance the sequence ends (fails) at each roll
    team_rerolls_used: Fraction  # expected team re-rolls the best plan spends


_State = tuple[int, int, frozenset[tuple[str, str]], frozenset[str], frozenset[str]]
_Value = tuple[Fraction, tuple[Fraction, ...], Fraction]  # probability, stops, expected team re-rolls
_Best = Callable[[_State], _Value]


def solve(steps: Sequence[SequenceStep], team_rerolls: int) -> SequenceAnswer:
    """The best plan's chance that every step passes, with `team_rerolls` team re-rolls at hand."""
    probability, stops, used = _solve(tuple(steps), max(0, team_rerolls))
    return SequenceAnswer(probability, stops, used)


def success(steps: Sequence[SequenceStep], team_rerolls: int) -> Fraction:
    return _solve(tuple(steps), max(0, team_rerolls))[0]


@lru_cache(maxsize=65536)
def _solve(steps: tuple[SequenceStep, ...], team: int) -> _Value:
    n = len(steps)
    zeros = (ZERO,) * n
    memo: dict[_State, _Value] = {}

    def best(state: _State) -> _Value:
        if state[0] == n:
            return ONE, zeros, ZERO
        found = memo.get(state)
        if found is None:
            found = memo[state] = _best_at(steps, state, best)
        return found

    return best((0, team, frozenset(), frozenset(), frozenset()))


# A way of answering a failure: branches of (chance the re-roll happens and passes, state after),
# and the chance that a team re-roll is spent on the way.
_Option = tuple[tuple[tuple[Fraction, _State], ...], Fraction]


def _best_at(steps: tuple[SequenceStep, ...], state: _State, best: _Best) -> _Value:
    index, team, skills_used, pro_used, bt_used = state
    step = steps[index]
    tries: list[tuple[Fraction, frozenset[str]]] = [(step.probability, bt_used)]
    if step.break_tackle is not None and step.player not in bt_used:
        tries.append((step.break_tackle, bt_used | {step.player}))
    chosen: _Value | None = None
    for p, bt_after in tries:
        value = _value_of_try(steps, (index, team, skills_used, pro_used, bt_after), p, best)
        if chosen is None or value[0] > chosen[0]:
            chosen = value
    assert chosen is not None
    return chosen


def _value_of_try(steps: tuple[SequenceStep, ...], state: _State, p: Fraction, best: _Best) -> _Value:
    index, team, skills_used, pro_used, bt_used = state
    go_on = best((index + 1, team, skills_used, pro_used, bt_used))
    fail = ONE - p
    answer: tuple[Fraction, list[tuple[Fraction, _Value]], Fraction] = (ZERO, [], ZERO)
    for branches, team_spent in _options(steps[index], state, p):
        values = [(q, best(after)) for q, after in branches]
        total = sum((q * v[0] for q, v in values), ZERO)
        if total > answer[0]:
            answer = (total, values, team_spent)
    saved_total, saved, team_spent = answer
    probability = p * go_on[0] + fail * saved_total
    stops = [p * s for s in go_on[1]]
    expected = p * go_on[2] + fail * team_spent
    for q, (_, later_stops, later_used) in saved:
        stops = [a + fail * q * b for a, b in zip(stops, later_stops, strict=False)]
        expected += fail * q * later_used
    stops[index] += fail * (ONE - sum((q for q, _ in saved), ZERO))
    return probability, tuple(stops), expected


def _options(step: SequenceStep, state: _State, p: Fraction) -> list[_Option]:
    """Every re-roll that may answer a failure of `step` (skill first: it keeps the team's)."""
    index, team, skills_used, pro_used, bt_used = state
    after = index + 1
    if not step.rerollable:
        return []
    options: list[_Option] = []
    if step.skill is not None and (step.player, step.skill) not in skills_used:
        options.append((((p, (after, team, skills_used | {(step.player, step.skill)}, pro_used, bt_used)),), ZERO))
    if step.pro is not None and step.player not in pro_used:
        rescue = step.rescue_by_pro(p)
        pro_after = pro_used | {step.player}
        options.append((((step.pro * rescue, (after, team, skills_used, pro_after, bt_used)),), ZERO))
        if step.pro_roll_team_rerollable and team:
            again = (ONE - step.pro) * step.loner * step.pro * rescue
            options.append(
                (
                    (
                        (step.pro * rescue, (after, team, skills_used, pro_after, bt_used)),
                        (again, (after, team - 1, skills_used, pro_after, bt_used)),
                    ),
                    ONE - step.pro,
                )
            )
    if team:
        options.append((((step.loner * p, (after, team - 1, skills_used, pro_used, bt_used)),), ONE))
    return options


__all__ = ["SequenceAnswer", "SequenceStep", "solve", "success"]
