"""What the rules refuse in the rolls added to the odds of a turn: a Dauntless roll against a
player who is not stronger or not just before the same player's block, Argue the Call where the
edition has none, a skill value the edition does not print (classic Mighty Blow is always +1).
Kept apart from turn.py, which imports it and TurnError, the one error of the odds of a turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .editions.base import Edition

if TYPE_CHECKING:
    from .turn import Turn, TurnStep


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
