"""What the rules refuse in the odds of a turn (`check`): a Loner target or a skill the edition
does not print, a goal the roll has not, an opponent's skill that changes nothing on the roll, a
Dauntless roll against a player who is not stronger or not just before the same player's block,
Argue the Call where the edition has none, a skill value the edition does not print (classic
Mighty Blow is always +1), a coach's play the roll cannot have (turn_choice). Also the kinds of
step and which of them a re-roll may save. Kept apart from turn.py, which imports it and
TurnError, the one error of the odds of a turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .editions.base import Edition
from .skills import ALIASES, SKILL_REROLLS, edition_only, opponent_skills
from .turn_armour import GOALS as ARMOUR_GOALS
from .turn_block import GOALS as BLOCK_GOALS
from .turn_choice import KEEPABLE, REROLL_CHOICES
from .turn_stars import fury_branches

if TYPE_CHECKING:
    from .turn import Turn, TurnStep

D6_KINDS = (
    "dodge",
    "rush",
    "pickup",
    "catch",
    "handoff",
    "pass",
    "hailmary",
    "ttm",
    "land",
    "leap",
    "gaze",
    "roll",
    "fury",
    "bomb",
    "chain",  # a Ball & Chain square: its value is how many of the throw-in template's 3 ways will do
)
BALL_AND_CHAIN_WAYS = (1, 2)
# Kinds of roll only some editions have, with the trait that rolls it: Unchannelled Fury's roll
# (2025's trait; the classic rules have none).
EDITION_ONLY_KINDS = {"fury": (("bb2025",), "unchannelled-fury")}
ST_KINDS = ("dauntless", "tentacles")  # their value is the opponent's ST (the roller's is his own)
CHAIN_KINDS = ("armour", "foul", "chainsaw", "stab")
KINDS = (*D6_KINDS, *ST_KINDS, "block", *CHAIN_KINDS)
REROLL_SKILL = {
    **SKILL_REROLLS,
    "handoff": "catch",
    "hailmary": "pass",
    "bomb": "pass",
}  # which skill re-rolls which kind


class TurnError(ValueError):
    """A turn the rules do not allow: code names the problem, step (1-based) the faulty step."""

    def __init__(self, code: str, step: int | None = None, **params: object) -> None:
        self.code, self.step, self.params = code, step, params
        super().__init__(f"{code} (step {step}): {params}" if step else f"{code}: {params}")


def check_new_rolls(edition: Edition, turn: Turn, i: int, step: TurnStep) -> None:
    """Dauntless (against a stronger player, before a block), Argue the Call (2025), skill values."""
    if step.kind == "dauntless":
        if step.value <= turn.player(step.player).st:
            raise TurnError("dauntless_not_stronger", i, st=turn.player(step.player).st)
        after = turn.steps[i] if i < len(turn.steps) else None
        if after is None or after.kind != "block" or after.player != step.player or after.conditional:
            raise TurnError("dauntless_before_block", i)
    if step.kind == "chain" and step.value not in BALL_AND_CHAIN_WAYS:
        raise TurnError("chain_ways", i, ways=BALL_AND_CHAIN_WAYS)
    if step.argue and not edition.argue_the_call_on:
        raise TurnError("argue_not_in_edition", i)
    if i == 1:
        for p in turn.players:
            for skill, value in p.values:
                allowed = edition.skill_values.get(skill, ())
                if value not in allowed and not (value == _usual_value(edition, skill)):
                    raise TurnError("skill_value", None, skill=skill, value=value, values=allowed)


def _usual_value(edition: Edition, skill: str) -> int:
    return {"mighty-blow": edition.mighty_blow_bonus, "dirty-player": edition.dirty_player_bonus}.get(skill, 1)


def normalise(skills: frozenset[str]) -> frozenset[str]:
    """Skills under the engine's names (the 2025 content's "claws" is the engine's "claw")."""
    return frozenset(ALIASES.get(s, s) for s in skills)


def check(edition: Edition, turn: Turn) -> None:
    """Raise TurnError for what the edition's rules do not allow."""
    other_editions = edition_only(edition.key)
    for p in turn.players:
        if p.loner is not None and p.loner not in edition.loner_targets:
            raise TurnError("loner_target", None, player=p.name, targets=edition.loner_targets)
        if other_editions & p.skills:
            raise TurnError("skill_not_in_edition", None, skill=sorted(other_editions & p.skills)[0])
    for i, step in enumerate(turn.steps, start=1):
        if step.kind not in KINDS:
            raise TurnError("unknown_kind", i, kind=step.kind)
        if (step.conditional or step.on_miss) and i == 1:
            raise TurnError("conditional_first", i)
        owner = _owner(turn, i)
        if step.on_miss and not can_miss(owner, normalise(turn.player(owner.player).skills)):
            raise TurnError("miss_impossible", i)
        goals = BLOCK_GOALS if step.kind == "block" else ARMOUR_GOALS if step.kind in CHAIN_KINDS else ("",)
        if step.goal and step.goal not in goals:
            raise TurnError("goal", i, goal=step.goal, goals=goals)
        if other_editions & step.against:
            raise TurnError("skill_not_in_edition", i, skill=sorted(other_editions & step.against)[0])
        idle = normalise(step.against) - acting_against(edition, step.kind)
        if idle:  # it would change no number: say so rather than drop it
            raise TurnError("skill_not_on_roll", i, skill=sorted(idle)[0])
        if step.kind not in kinds_in(edition.key):  # the trait the roll is for is not the edition's
            raise TurnError("skill_not_in_edition", i, skill=EDITION_ONLY_KINDS[step.kind][1])
        if step.kind == "hailmary" and edition.hail_mary_fumbles_on_one_only and hail_mary_fumble(step) > 1:
            raise TurnError("hail_mary_on_one", i)
        check_new_rolls(edition, turn, i, step)
        check_choice(edition, step, i, rerollable(edition, step.kind), normalise(turn.player(step.player).skills))


def acting_against(edition: Edition, kind: str) -> frozenset[str]:
    """The opponent's skills that change a roll of this kind (the ones the trees read)."""
    if kind == "block":
        return frozenset(opponent_skills("block"))
    if kind == "dodge":
        return frozenset(opponent_skills("dodge"))
    if kind == "leap" and edition.diving_tackle_on_leap:
        return frozenset({"diving-tackle"})
    if kind in CHAIN_KINDS:
        return frozenset(opponent_skills("armour"))
    return frozenset()


def hail_mary_fumble(step: TurnStep) -> int:
    """The natural roll a Hail Mary is fumbled on or under: its value is the roll that avoids a
    fumble (2025: the Long Bomb's, after its modifiers), and /f:N may say it too."""
    return max(step.fumble, step.value - 1)


def rerollable(edition: Edition, kind: str) -> bool:
    """Whether any re-roll may save a step of this kind: not an armour chain (only a chainsaw's
    kick-back roll), nor the 2025 Tentacles roll, which the Tentacles player's coach makes."""
    if kind in CHAIN_KINDS and kind not in ("chainsaw", "foul"):
        return False
    return kind != "tentacles" or edition.tentacles_escape_rerollable


def check_choice(edition: Edition, step: TurnStep, i: int, can_reroll: bool, skills: frozenset[str]) -> None:
    """A coach's own play (turn_choice) that the roll cannot have: a re-roll choice on a roll no
    re-roll may save, Pro or a skill re-roll he has not, a result the roll does not have."""
    if step.reroll:
        if step.reroll not in REROLL_CHOICES:
            raise TurnError("reroll_choice", i, choice=step.reroll, choices=", ".join(REROLL_CHOICES))
        if not can_reroll or not has_reroll_source(edition, step, skills):
            raise TurnError("choice_unavailable", i, choice=step.reroll)
    keepable = KEEPABLE.get(step.kind, {})
    for word in sorted(step.keep):
        if word not in keepable:
            raise TurnError("keep_not_a_result", i, result=word, results=", ".join(keepable) or "—")


def has_reroll_source(edition: Edition, step: TurnStep, skills: frozenset[str]) -> bool:
    """Whether the re-roll the choice keeps could be his on this roll."""
    if step.reroll == "pro":
        return "pro" in skills
    if step.reroll == "skill":
        die_rules = (
            *(skill for skill, _ in edition.block_die_rerolls),
            *(r for r, *_ in edition.block_any_die_rerolls),
        )
        one_die = step.kind == "block" and any(skill in skills for skill in die_rules)
        any_roll = bool(edition.any_roll_rerolls & skills) and (step.kind not in CHAIN_KINDS or step.kind == "chainsaw")
        return REROLL_SKILL.get(step.kind) in skills or one_die or any_roll
    return True


def kinds_in(edition_key: str) -> tuple[str, ...]:
    """The kinds of roll a turn of this edition may hold, in the order of KINDS."""
    return tuple(kind for kind in KINDS if kind not in EDITION_ONLY_KINDS or edition_key in EDITION_ONLY_KINDS[kind][0])


def can_branch(turn: Turn, index: int) -> bool:
    """Whether step `index` has a "branch" result, what "?" steps follow: a block whose goal is a
    push or no turnover knocking the defender down, a dodge a Shadowing player may follow, a
    Tentacles player holding him (turn_block.py, turn_d6.py), a failed Unchannelled Fury roll that
    2025 Fury of the Blood God turns into two Block actions (turn_stars.fury_branches)."""
    step = turn.steps[index]
    if step.kind == "fury":
        return fury_branches(turn, index)
    if step.kind == "block":
        return step.goal in ("push", "safe")
    if step.kind == "dodge":
        return step.shadowing is not None
    return step.kind == "tentacles"


def can_miss(step: TurnStep, skills: frozenset[str] = frozenset()) -> bool:
    """Whether the roll may miss its goal without a turnover (what "!" steps follow); `skills`
    the roller's (2025 Reliable: Deeproot's fumbled Throw Team-mate lands safely)."""
    if step.kind == "block":
        return step.goal != "safe"
    return (
        step.kind in ("gaze", "fury", "bomb", "chain")
        or step.kind in CHAIN_KINDS
        or (step.kind == "ttm" and "reliable" in skills)
    )


def _owner(turn: Turn, i: int) -> TurnStep:
    """The step whose miss the "!" run holding step i (1-based) follows."""
    j = i - 2
    while j > 0 and turn.steps[j].on_miss:
        j -= 1
    return turn.steps[j]
