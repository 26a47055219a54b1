"""The target of one roll from a player's characteristic and his situation, as the edition's own
tests compute it (the odds calculator's target helper): a small board is built with the given
number of opponents on the square that counts, and the edition's dodge, rush, pick-up, catch,
pass or interception test explains the target. Nothing here is a rule of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .editions.base import Edition
from .explain import Explanation, Modifier, params, target_explanation
from .types import Board, Player, Square, Weather

KINDS = ("dodge", "rush", "pickup", "catch", "handoff", "pass", "intercept", "land", "hailmary")
CATCHES = ("accurate_pass", "inaccurate_pass", "bounce", "kick_off")
BANDS = ("quick", "short", "long", "bomb")
# The mover's skills the helper offers (those the editions' tests read).
SKILLS = (
    "two-heads",
    "stunty",
    "big-hand",
    "extra-arms",
    "nerves-of-steel",
    "accurate",
    "strong-arm",
    "very-long-legs",
)
MAX_MARKERS = 6
_HERE = Square(10, 7)
_THERE = Square(11, 7)  # the square moved into
_AROUND_THERE = (Square(12, 6), Square(12, 7), Square(12, 8), Square(11, 6), Square(11, 8), Square(10, 6))
_AROUND_HERE = (Square(9, 6), Square(9, 7), Square(9, 8), Square(10, 6), Square(10, 8), Square(11, 6))


@dataclass(frozen=True)
class Situation:
    kind: str
    characteristic: int  # AG (classic: the characteristic; 2025: the target), PA for a 2025 pass
    markers: int = 0  # opponents marking the square that counts (tackle zones)
    band: str = "short"
    catch: str = "accurate_pass"
    weather: Weather = Weather.NICE
    skills: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Target:
    explanation: Explanation
    fumble: int = 1  # a throw: fumbled on this natural roll or less

    @property
    def target(self) -> int:
        return int(self.explanation.result)


def _opponents(squares: tuple[Square, ...], count: int) -> list[Player]:
    return [Player(f"o{i}", "away", sq) for i, sq in enumerate(squares[: max(0, min(count, MAX_MARKERS))])]


@lru_cache(maxsize=4096)
def target(edition: Edition, situation: Situation) -> Target:
    """The target of the roll and why, in the edition's terms."""
    s = situation
    ag = s.characteristic
    me = Player("me", "home", _HERE, ag=ag, pa=ag, skills=s.skills)
    if s.kind == "dodge":
        board = Board([me, *_opponents(_AROUND_THERE, s.markers)])
        return Target(edition.dodge_test(me, board, _HERE, _THERE))
    if s.kind == "rush":
        return Target(edition.rush_test(me, s.weather))
    around_me = Board([me, *_opponents(_AROUND_HERE, s.markers)])
    if s.kind == "pickup":
        return Target(edition.pickup_test(me, around_me, _HERE, s.weather))
    if s.kind in ("catch", "handoff"):
        kind = "hand_off" if s.kind == "handoff" else s.catch
        return Target(edition.catch_test(me, around_me, _HERE, kind, s.weather))
    if s.kind == "intercept":
        return Target(edition.interception_test(me, around_me, accurate=s.catch != "inaccurate_pass"))
    if s.kind == "land":
        return Target(_landing(edition, me, s.markers))
    band = "bomb" if s.kind == "hailmary" else s.band
    test = edition.pass_test(me, around_me, band, s.weather)
    if test is None:
        raise ValueError("this pass is not allowed")
    fumble = max((n for n in range(1, 6) if edition.fumbles(n, n + test.total_modifier)), default=1)
    if s.kind == "hailmary" and not edition.ag_is_target:
        # classic Hail Mary: a D6 with no modifier, fumbled on a 1 only
        return Target(target_explanation(2, "target_number", ()), 1)
    if s.kind == "hailmary":  # 2025: a Long Bomb that is never accurate: all that counts is not fumbling
        return Target(target_explanation(2, "target_number", test.modifiers), fumble)
    return Target(test, fumble)


def _landing(edition: Edition, me: Player, markers: int) -> Explanation:
    """A landing after Throw Team-Mate: an agility test, -1 per opponent on the square landed in."""
    base, reason, base_params = edition.agility_base(me)
    mods = [Modifier(-markers, edition.destination_reason, params(count=markers))] if markers else []
    return target_explanation(base, reason, mods, base_params)


__all__ = ["BANDS", "CATCHES", "KINDS", "SKILLS", "Situation", "Target", "target"]
