"""A board position asked about two players: "can he blitz that one?", "can he hand the ball to
that one?", "can he foul that one?". Each answer walks the squares next to the other player
from which the action can be made: the best path there from the reach map, the rolls on the way
(and, for a blitz whose path uses all his Movement, the rush the block costs), solved with the
team re-rolls shared by every roll of the action (sequence.solve), times the action's own result.
The best square is the one where the whole action most often succeeds.

What counts as success: a blitz knocks the defender down (the block dice as rolled once, the
board's block breakdown: Frenzy, Dauntless and the like inside, no re-roll of the dice); a
hand-off is caught (the catch is solved with the rolls on the way, sharing the team re-rolls);
a foul breaks the victim's armour (assists from the square he fouls from).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from . import block as blocks
from . import movement, passing, reach
from .analysis import RouteRoll, _planned
from .editions.base import Edition
from .injury import injury_outcome
from .sequence import solve
from .types import Board, Player, Square, Status, Weather, neighbours

KINDS = ("blitz", "handoff", "foul")
INJURY_ORDER = ("armour_holds", "stunned", "knocked_out", "badly_hurt", "casualty")  # mildest first


@dataclass(frozen=True)
class ApproachSquare:
    """One square the action can be made from."""

    square: Square
    path: tuple[Square, ...]  # the squares walked, in order (empty: from where he stands)
    rolls: tuple[RouteRoll, ...]  # every roll before the action's own, with its re-rolls and stop chance
    reach: Fraction  # chance every roll on the way passes (the rush a blitz's block costs included)
    outcomes: tuple[tuple[str, Fraction], ...]  # the action's own result (block, catch or armour), one roll
    success: Fraction  # the whole action: reach and the action's own success
    assists: tuple[int, int] = (0, 0)  # (for him, against him): a block's assists, a foul's
    dice: int = 0  # a blitz: the number of block dice
    chooser: str = ""  # a blitz: who chooses the die
    sent_off: Fraction = Fraction(0)  # a foul: chance the fouler is sent off
    catch_target: int = 0  # a hand-off: the catcher's D6 target


@dataclass(frozen=True)
class ActionAnswer:
    kind: str  # blitz | handoff | foul
    player: str
    other: str
    squares: tuple[ApproachSquare, ...]  # most successful first
    problem: str = ""  # why there is no answer: a reason key (action_same_team, action_not_prone…)

    @property
    def best(self) -> ApproachSquare | None:
        return self.squares[0] if self.squares else None


def ask_action(
    edition: Edition,
    board: Board,
    kind: str,
    player_id: str,
    other_id: str,
    team_rerolls: int,
    weather: Weather = Weather.NICE,
) -> ActionAnswer:
    """The chance that `player_id` makes `kind` on `other_id`, from each square he could make it
    from. `team_rerolls`: his team's, before the edition's per-turn limit."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}")
    player, other = board.player(player_id), board.player(other_id)
    problem = _problem(kind, player, other)
    if problem:
        return ActionAnswer(kind, player_id, other_id, (), problem)
    rm = reach.reach_map(edition, player, board, team_rerolls, weather)
    found = []
    for square in _candidates(board, player, other):
        approach = _approach(edition, board, kind, player, other, rm, square, team_rerolls, weather)
        if approach is not None:
            found.append(approach)
    ordered = sorted(found, key=lambda a: (-a.success, -a.reach, len(a.path), a.square.x, a.square.y))
    return ActionAnswer(kind, player_id, other_id, tuple(ordered), "" if ordered else "action_out_of_reach")


def _problem(kind: str, player: Player, other: Player) -> str:
    if player.status is Status.STUNNED:
        return "action_stunned"
    if player.square is None or other.square is None:
        return "action_off_pitch"
    same = player.team == other.team
    if kind == "handoff":
        if not same or player.id == other.id:
            return "action_not_team_mate"
        if not other.standing:
            return "action_catcher_down"
        return ""
    if same:
        return "action_same_team"
    if kind == "blitz" and not other.standing:
        return "action_defender_down"
    if kind == "foul" and other.standing:
        return "action_victim_standing"
    return ""


def _candidates(board: Board, player: Player, other: Player) -> list[Square]:
    """The squares next to the other player that are empty, or his own square if he is there."""
    return [sq for sq in neighbours(other.location) if sq == player.square or board.at(sq) is None]


def _approach(
    edition: Edition,
    board: Board,
    kind: str,
    player: Player,
    other: Player,
    rm: reach.ReachMap,
    square: Square,
    team_rerolls: int,
    weather: Weather,
) -> ApproachSquare | None:
    path: tuple[Square, ...] = () if square == player.square else tuple(rm.path(square)) if square in rm else ()
    if square != player.square and not path:
        return None
    rolls = movement.path_rolls(edition, player, board, path, weather)
    used = len(path) + (movement.stand_up(edition, player, board)[0] if player.status is Status.PRONE else 0)
    if kind == "blitz":  # the block costs one square of his Movement: a rush once it is spent
        if used >= player.ma + edition.rushes_allowed(player):
            return None
        if used >= player.ma:
            rolls.append(movement.rush_roll(edition, player, square, weather))
    there = player.moved_to(square).with_status(Status.STANDING)
    moved = board.replace_player(there)
    resources = movement.resources_for(player, edition, team_rerolls)
    reached, steps = _planned(rolls, resources)
    if kind == "blitz":
        return _blitz(edition, moved, there, board.player(other.id), square, path, steps, reached)
    if kind == "foul":
        return _foul(edition, moved, there, board.player(other.id), square, path, steps, reached)
    catcher = moved.player(other.id)
    catch = passing.catch_roll(edition, catcher, moved, "hand_off", weather)
    catcher_resources = movement.resources_for(catcher, edition, team_rerolls)
    whole = solve([resources.step(r) for r in rolls] + [catcher_resources.step(catch)], resources.team).probability
    alone = catch.probability
    outcomes = (("caught", alone), ("dropped", 1 - alone))
    return ApproachSquare(square, path, steps, reached, outcomes, whole, catch_target=catch.target)


def _blitz(
    edition: Edition,
    board: Board,
    attacker: Player,
    defender: Player,
    square: Square,
    path: tuple[Square, ...],
    steps: tuple[RouteRoll, ...],
    reached: Fraction,
) -> ApproachSquare:
    outcome = blocks.block_outcome(edition, board, attacker, defender, blitz=True)
    offensive, defensive = blocks.assists(board, attacker, defender)
    outcomes = tuple((c, outcome.distribution[c]) for c in blocks.ATTACKER_PREFERENCE if outcome.distribution[c])
    return ApproachSquare(
        square,
        path,
        steps,
        reached,
        outcomes,
        reached * outcome.defender_knocked_down,
        (len(offensive), len(defensive)),
        outcome.dice,
        outcome.chooser,
    )


def _foul(
    edition: Edition,
    board: Board,
    fouler: Player,
    victim: Player,
    square: Square,
    path: tuple[Square, ...],
    steps: tuple[RouteRoll, ...],
    reached: Fraction,
) -> ApproachSquare:
    offensive, defensive = blocks.assists(board, fouler, victim)
    net = len(offensive) - len(defensive)
    result = injury_outcome(edition, victim, fouler, "foul", armour_modifier=net)
    outcomes = tuple((k, result.distribution[k]) for k in INJURY_ORDER if result.distribution[k])
    return ApproachSquare(
        square,
        path,
        steps,
        reached,
        outcomes,
        reached * result.armour_broken,
        (len(offensive), len(defensive)),
        sent_off=reached * result.sent_off,
    )


__all__ = ["KINDS", "ActionAnswer", "ApproachSquare", "ask_action"]
