"""A board position asked "can he pass the ball to that team-mate?" (issue 25): thrown from where
he stands, the range band to the team-mate's square, the pass roll (its result on one roll and,
accurate, with the re-rolls he may spend), the opponents under the range ruler who may intercept
(only one may try: the likeliest counts), the catch, and the whole pass's chance of success.

Success is an accurate pass, not intercepted, caught. The interception is the opponent's roll (no
team re-roll of ours touches it) and is independent of the pass roll's re-rolls, so the whole is
(1 − the best interceptor's chance) × (accurate and caught, the team re-rolls shared by the two
rolls), in both editions: the classic rules roll the interception before the pass roll, 2025 after
an accurate one (the chance against an accurate pass is the one that counts). An inaccurate pass
that scatters back to him is left out, as the board's pass answer leaves it out.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from . import movement, passing
from .analysis import RouteRoll, _planned
from .editions.base import Edition
from .types import Board, Player, Status, Weather


@dataclass(frozen=True)
class PassInterceptor:
    player: str
    target: int  # his D6 target against an accurate pass
    chance: Fraction  # that he takes it: his roll, his own re-roll, the thrower's Safe Throw


@dataclass(frozen=True)
class PassAnswer:
    player: str
    other: str
    band: str = ""  # quick | short | long | bomb ("" when there is no answer)
    pass_roll: RouteRoll | None = None  # target, re-rolls that may save it, chance the pass fails there
    accurate: Fraction = Fraction(0)  # the pass roll alone
    inaccurate: Fraction = Fraction(0)
    fumble: Fraction = Fraction(0)
    accurate_with_rerolls: Fraction = Fraction(0)
    interceptors: tuple[PassInterceptor, ...] = ()  # likeliest first
    intercepted: Fraction = Fraction(0)  # the likeliest interceptor's chance (only one may try)
    catch_target: int = 0  # the team-mate's D6 target for an accurate pass
    catch_alone: Fraction = Fraction(0)  # his catch roll alone
    caught: Fraction = Fraction(0)  # accurate and caught, the re-rolls shared, before any interception
    success: Fraction = Fraction(0)  # accurate, not intercepted, caught
    problem: str = ""  # why there is no answer: a reason key (pass_out_of_range, pass_thrower_down…)


def ask_pass(
    edition: Edition,
    board: Board,
    thrower_id: str,
    catcher_id: str,
    team_rerolls: int,
    weather: Weather = Weather.NICE,
) -> PassAnswer:
    """The chance that `thrower_id` passes to `catcher_id` from where he stands. `team_rerolls`:
    his team's, before the edition's per-turn limit."""
    thrower, catcher = board.player(thrower_id), board.player(catcher_id)
    problem = _problem(edition, board, thrower_id, catcher_id)
    if problem:
        return PassAnswer(thrower_id, catcher_id, problem=problem)
    assert catcher.square is not None
    outcome = passing.pass_outcome(edition, thrower, board, catcher.square, weather)
    if outcome is None:
        return PassAnswer(thrower_id, catcher_id, problem="pass_out_of_range")
    resources = movement.resources_for(thrower, edition, team_rerolls)
    _reached, (pass_roll,) = _planned([outcome.roll], resources)
    catch = passing.catch_roll(edition, catcher, board, "accurate_pass", weather)
    caught = passing.accurate_pass_and_catch(edition, board, thrower, catcher, outcome, team_rerolls, weather)
    opponents = passing.possible_interceptors(edition, board, thrower, catcher.square)
    interceptors = sorted(
        (_interceptor(edition, board, thrower, p, weather) for p in opponents), key=lambda i: (-i.chance, i.player)
    )
    intercepted = interceptors[0].chance if interceptors else Fraction(0)
    dist = outcome.distribution
    return PassAnswer(
        thrower_id,
        catcher_id,
        band=outcome.band,
        pass_roll=pass_roll,
        accurate=dist["accurate"],
        inaccurate=dist["inaccurate"],
        fumble=dist["fumble"],
        accurate_with_rerolls=passing.accurate_pass_probability(outcome, resources),
        interceptors=tuple(interceptors),
        intercepted=intercepted,
        catch_target=catch.target,
        catch_alone=catch.probability if edition.can_catch(catcher) else Fraction(0),
        caught=caught,
        success=(1 - intercepted) * caught,
    )


def _problem(edition: Edition, board: Board, thrower_id: str, catcher_id: str) -> str:
    thrower, catcher = board.player(thrower_id), board.player(catcher_id)
    if thrower.square is None or catcher.square is None:
        return "action_off_pitch"
    if thrower.team != catcher.team or thrower_id == catcher_id:
        return "action_not_team_mate"
    if thrower.status is Status.STUNNED:
        return "action_stunned"
    if not thrower.standing:
        return "pass_thrower_down"
    if not edition.can_throw(thrower):
        return "pass_cannot_throw"
    if not catcher.standing:
        return "action_catcher_down"
    return ""


def _interceptor(
    edition: Edition, board: Board, thrower: Player, opponent: Player, weather: Weather
) -> PassInterceptor:
    found = passing.interceptor_chance(edition, board, thrower, opponent, True, weather)
    return PassInterceptor(opponent.id, found.test.result, found.probability)


__all__ = ["PassAnswer", "PassInterceptor", "ask_pass"]
