"""Movement: the rolls a path needs and its exact success chance with re-rolls used well.

A path is a list of squares (start excluded). Each step may need a rush (a move beyond MA)
and/or a dodge (leaving a square in an opposing tackle zone), in that order; moving into the
square where the ball lies adds the pick-up (a failed one ends the move: a turnover), after
which the player may go on. A prone player first stands up. The success chance maximises over every re-roll decision (which re-roll to spend on a
failure, when to spend Break Tackle): the rolls go to sequence.solve with the player's resources.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from .editions.base import Edition
from .explain import Explanation, params
from .probability import ONE, d6_success
from .sequence import SequenceStep, solve
from .types import Board, Player, Square, Status, Weather


@dataclass(frozen=True, slots=True)
class Roll:
    """One D6 test on a path. target is already clamped to 2..6."""

    kind: str  # "dodge", "rush", "stand_up", "pickup", ...
    target: int
    explanation: Explanation
    square: Square
    skill_reroll: str | None = None  # skill that re-rolls it once per turn, if usable here
    break_tackle_target: int | None = None  # target if Break Tackle is spent on it
    break_tackle_explanation: Explanation | None = None

    @property
    def probability(self) -> Fraction:
        return d6_success(self.target)


@dataclass(frozen=True, slots=True)
class Resources:
    """Re-rolls still available this turn (each skill re-roll at most once per turn)."""

    team: int = 1
    skills: frozenset[str] = field(default_factory=frozenset)
    pro: bool = False
    break_tackle: bool = False
    loner_target: int | None = None  # a Loner must roll this to use a team re-roll
    pro_target: int = 4
    pro_roll_team_rerollable: bool = False  # a failed Pro roll may be re-rolled with a team re-roll
    player: str = ""  # whose resources these are (skill re-rolls, Pro and Break Tackle are per player)

    def step(self, roll: Roll) -> SequenceStep:
        """The roll as the sequence solver sees it, with this player's re-rolls."""
        return SequenceStep(
            probability=roll.probability,
            player=self.player,
            skill=roll.skill_reroll if roll.skill_reroll in self.skills else None,
            loner=d6_success(self.loner_target) if self.loner_target is not None else ONE,
            pro=d6_success(self.pro_target) if self.pro else None,
            pro_roll_team_rerollable=self.pro_roll_team_rerollable,
            break_tackle=(
                d6_success(roll.break_tackle_target)
                if self.break_tackle and roll.break_tackle_target is not None
                else None
            ),
            kind=roll.kind,
        )


def resources_for(player: Player, edition: Edition, team_rerolls: int = 1) -> Resources:
    """What this player may use: team re-rolls (capped by the edition's per-turn limit)
    plus the once-per-turn skills he has."""
    team = edition.usable_team_rerolls(team_rerolls)
    skills = frozenset(
        slug
        for kind in ("dodge", "rush", "pickup", "catch", "pass")
        if (slug := edition.skill_reroll_for(kind)) and player.has(slug)
    )
    return Resources(
        team=max(0, team),
        skills=skills,
        pro=player.has("pro"),
        break_tackle=edition.break_tackle_helps(player),
        loner_target=edition.loner_target(player),
        pro_target=edition.pro_target,
        pro_roll_team_rerollable=edition.pro_roll_team_rerollable,
        player=player.id,
    )


def dodge_roll(edition: Edition, player: Player, board: Board, start: Square, destination: Square) -> Roll:
    test = edition.dodge_test(player, board, start, destination)
    skill = edition.skill_reroll_for("dodge")
    usable = skill if skill and player.has(skill) and not edition.dodge_skill_cancelled(player, board, start) else None
    bt_target = bt_explanation = None
    if edition.break_tackle_helps(player):
        bt_explanation = edition.dodge_test(player, board, start, destination, break_tackle=True)
        bt_target = bt_explanation.result
    return Roll("dodge", test.result, test, destination, usable, bt_target, bt_explanation)


def rush_roll(edition: Edition, player: Player, square: Square, weather: Weather) -> Roll:
    test = edition.rush_test(player, weather)
    skill = edition.skill_reroll_for("rush")
    return Roll("rush", test.result, test, square, skill if skill and player.has(skill) else None)


def stand_up(edition: Edition, player: Player, board: Board | None = None) -> tuple[int, Roll | None]:
    """Movement used by standing up, and the roll needed (players with MA below the cost; Jump
    Up stands for free and without a roll)."""
    assert player.square is not None
    test = edition.stand_up_test(player, board)
    if test is None:
        return edition.stand_up_cost_for(player), None
    # A slow player who stands on the roll has used all his normal movement.
    return player.ma, Roll("stand_up", test.result, test, player.square)


def ball_to_pick_up(player: Player, board: Board) -> Square | None:
    """The square whose entry means a pick-up: the ball lying loose on the pitch (not on the
    mover's own square, where he holds it, nor under another player, who holds it)."""
    ball = board.ball
    if ball is None or not ball.on_pitch() or ball == player.square or board.at(ball) is not None:
        return None
    return ball


def path_rolls(
    edition: Edition, player: Player, board: Board, path: Sequence[Square], weather: Weather = Weather.NICE
) -> list[Roll]:
    """The rolls the path needs, in order. Raises ValueError for an illegal path."""
    if player.square is None:
        raise ValueError("player is not on the pitch")
    if player.status is Status.STUNNED:
        raise ValueError("a stunned player cannot move")
    rolls: list[Roll] = []
    used = 0
    if player.status is Status.PRONE:
        used, roll = stand_up(edition, player, board)
        if roll:
            rolls.append(roll)
    limit = player.ma + edition.rushes_allowed(player)
    here = player.square
    ball = ball_to_pick_up(player, board)
    for square in path:
        if not here.is_adjacent(square):
            raise ValueError(f"{square} is not adjacent to {here}")
        if not square.on_pitch() or board.at(square) not in (None, player):
            raise ValueError(f"{square} is not an empty square on the pitch")
        used += 1
        if used > limit:
            raise ValueError("path longer than movement plus rushes")
        if used > player.ma:
            rolls.append(rush_roll(edition, player, square, weather))
        if board.tackle_zones(here, player.team, exclude=player.id):
            rolls.append(dodge_roll(edition, player, board, here, square))
        if square == ball:
            if not edition.can_pick_up(player):
                raise ValueError(f"{player.id} cannot pick up the ball on {square}")
            rolls.append(pickup_roll(edition, player, board, square, weather))
            ball = None  # carried from here on
        here = square
    return rolls


def sequence_success(rolls: Sequence[Roll], resources: Resources) -> Fraction:
    """Exact chance that every roll passes, spending the player's re-rolls optimally (sequence.solve)."""
    return solve([resources.step(r) for r in rolls], resources.team).probability


@dataclass(frozen=True, slots=True)
class PathResult:
    probability: Fraction
    rolls: tuple[Roll, ...]
    explanation: Explanation


def path_probability(
    edition: Edition,
    player: Player,
    board: Board,
    path: Sequence[Square],
    team_rerolls: int = 1,
    weather: Weather = Weather.NICE,
    resources: Resources | None = None,
) -> PathResult:
    """Exact chance of walking the whole path, with re-rolls chosen as a good coach would."""
    rolls = path_rolls(edition, player, board, path, weather)
    res = resources if resources is not None else resources_for(player, edition, team_rerolls)
    probability = sequence_success(rolls, res)
    explanation = Explanation(
        base=len(path),
        base_reason="path_squares",
        modifiers=(),
        result=probability,
        result_reason="path_success_probability",
        result_params=params(team_rerolls=res.team, skill_rerolls=tuple(sorted(res.skills)), pro=res.pro),
        children=tuple(r.explanation for r in rolls),
    )
    return PathResult(probability, tuple(rolls), explanation)


def pickup_roll(
    edition: Edition, player: Player, board: Board, square: Square, weather: Weather = Weather.NICE
) -> Roll:
    test = edition.pickup_test(player, board, square, weather)
    skill = edition.skill_reroll_for("pickup")
    return Roll("pickup", test.result, test, square, skill if skill and player.has(skill) else None)


def single_roll_probability(roll: Roll, resources: Resources) -> Fraction:
    return sequence_success([roll], resources)


__all__ = [
    "PathResult",
    "Resources",
    "Roll",
    "ball_to_pick_up",
    "dodge_roll",
    "path_probability",
    "path_rolls",
    "pickup_roll",
    "resources_for",
    "rush_roll",
    "sequence_success",
    "stand_up",
]
