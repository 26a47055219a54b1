"""What the board answers for one chosen player: where he can get (the reach map, and the best
path to a tapped square with each roll), what each block he could make would do, and his pass
ranges (and, for a tapped target, who could intercept). Every number is the engine's.

Answers are memoised by their inputs (the position is a frozen value), in a bounded cache: the
page, its fragments and the API ask the same questions of the same positions.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache

from rulebook.engine import Board, Player, Square, Status, Weather, get_edition, movement, passing, pushback, reach
from rulebook.engine import block as blocks
from rulebook.engine.editions.base import RANGE_BANDS, Edition
from rulebook.engine.explain import Explanation
from rulebook.engine.probability import d6_success
from rulebook.engine.sequence import solve
from rulebook.engine.types import ALL_SQUARES

from .code import Cell, Position

CACHE_SIZE = 128


@dataclass(frozen=True)
class RouteRoll:
    kind: str  # dodge, rush, stand_up, pickup
    square: Cell
    target: int
    chance: Fraction  # the roll alone
    rerolls: tuple[str, ...]  # what may save it if it fails, in the order used: a skill slug, "team", "pro"
    stops: Fraction  # chance the move ends on this roll (re-rolls spent as well as they can be)
    explanation: Explanation


@dataclass(frozen=True)
class Route:
    target: Cell
    probability: Fraction
    path: tuple[Cell, ...]
    rolls: tuple[RouteRoll, ...]


@dataclass(frozen=True)
class BlockAnswer:
    defender: str
    square: Cell
    dice: int
    chooser: str  # attacker | defender
    attacker_strength: int
    defender_strength: int
    offensive: tuple[str, ...]  # team-mates of the attacker who assist
    defensive: tuple[str, ...]
    outcomes: tuple[tuple[str, Fraction], ...]  # the engine's categories, best for the attacker first
    knocked_down: Fraction
    push_kind: str  # empty | crowd | chain | stand_firm
    push_squares: tuple[Cell, ...]  # on the pitch (a crowd push lists none)
    push_chooser: str
    explanation: Explanation


@dataclass(frozen=True)
class BandAnswer:
    band: str
    target: int  # the pass roll's D6 target for an accurate pass
    accurate: Fraction  # the roll alone
    accurate_with_rerolls: Fraction
    inaccurate: Fraction
    fumble: Fraction
    squares: int
    explanation: Explanation


@dataclass(frozen=True)
class Interceptor:
    player: str
    square: Cell
    target: int
    chance: Fraction  # against an accurate pass
    chance_inaccurate: Fraction
    explanation: Explanation


@dataclass(frozen=True)
class PassTarget:
    square: Cell
    band: str | None  # None: out of range (or too far in this weather, or no PA)
    accurate_with_rerolls: Fraction | None
    interceptors: tuple[Interceptor, ...]
    catcher: str | None
    pass_and_catch: Fraction | None


@dataclass(frozen=True)
class Answer:
    player: str
    reach_map: reach.ReachMap | None  # None: he cannot move (stunned)
    route: Route | None
    blocks: tuple[BlockAnswer, ...]
    bands: tuple[BandAnswer, ...]
    band_of: dict[Cell, str]
    pass_target: PassTarget | None
    holds_ball: bool
    team_rerolls: int

    @cached_property  # read for every square drawn: computed once per answer
    def reach(self) -> dict[Cell, Fraction]:
        if self.reach_map is None:
            return {}
        return {(sq.x, sq.y): p for sq, p in self.reach_map.probabilities().items()}

    def path(self, cell: Cell) -> tuple[Cell, ...]:
        assert self.reach_map is not None
        return tuple((sq.x, sq.y) for sq in self.reach_map.path(Square(*cell)))


def to_player(piece_id: str, position: Position) -> Player:
    piece = position.piece(piece_id)
    assert piece is not None
    return Player(
        id=piece.id,
        team=piece.team,
        square=Square(*piece.square),
        ma=piece.ma,
        st=piece.st,
        ag=piece.ag,
        pa=piece.pa,
        av=piece.av,
        skills=frozenset(piece.skills),
        status=Status(piece.status),
        loner=piece.loner,
    )


@lru_cache(maxsize=CACHE_SIZE)
def engine_board(position: Position) -> Board:
    players = [to_player(p.id, position) for p in position.pieces]
    return Board(players, Square(*position.ball) if position.ball is not None else None)


@lru_cache(maxsize=CACHE_SIZE)
def answer(position: Position, player_id: str, target: Cell | None = None) -> Answer:
    """Everything the board shows for `player_id` (a piece of the position), and for `target`."""
    edition = get_edition(position.edition)
    board = engine_board(position)
    player = board.player(player_id)
    weather = Weather(position.weather)
    rerolls = position.team_rerolls(player.team)
    rm = None if player.status is Status.STUNNED else reach.reach_map(edition, player, board, rerolls, weather)
    route = _route(edition, board, player, rm, target, rerolls, weather) if target is not None else None
    band_of = dict(_band_map(player.location)) if player.standing else {}
    bands = _bands(edition, board, player, band_of, rerolls, weather) if band_of else ()
    passable = {b.band for b in bands}
    pass_target = None
    if target is not None and player.standing:
        pass_target = _pass_target(edition, board, player, target, band_of, passable, rerolls, weather)
    return Answer(
        player=player_id,
        reach_map=rm,
        route=route,
        blocks=_blocks(edition, board, player),
        bands=bands,
        band_of={cell: band for cell, band in band_of.items() if band in passable},
        pass_target=pass_target,
        holds_ball=board.ball == player.square,
        team_rerolls=rerolls,
    )


def _route(
    edition: Edition,
    board: Board,
    player: Player,
    rm: reach.ReachMap | None,
    target: Cell,
    rerolls: int,
    weather: Weather,
) -> Route | None:
    square = Square(*target)
    if rm is None or square not in rm:
        return None
    path = rm.path(square)
    rolls = movement.path_rolls(edition, player, board, path, weather)
    resources = movement.resources_for(player, edition, rerolls)
    plan = solve([resources.step(r) for r in rolls], resources.team)
    steps = tuple(
        RouteRoll(
            kind=roll.kind,
            square=(roll.square.x, roll.square.y),
            target=roll.target,
            chance=roll.probability,
            rerolls=_rerolls_for(roll, resources),
            stops=stop,
            explanation=roll.explanation,
        )
        for roll, stop in zip(rolls, plan.stops, strict=True)
    )
    return Route(target, plan.probability, tuple((sq.x, sq.y) for sq in path), steps)


def _rerolls_for(roll: movement.Roll, resources: movement.Resources) -> tuple[str, ...]:
    """The re-rolls that may save this roll, in the order a coach spends them: the roll's own
    skill (once a turn), then a team re-roll, then Pro. An earlier failure may have spent them."""
    found: list[str] = []
    if roll.skill_reroll and roll.skill_reroll in resources.skills:
        found.append(roll.skill_reroll)
    if resources.team:
        found.append("team")
    if resources.pro:
        found.append("pro")
    return tuple(found)


def _blocks(edition: Edition, board: Board, attacker: Player) -> tuple[BlockAnswer, ...]:
    """One answer per standing opponent next to a standing attacker (a Block action)."""
    if not attacker.standing:
        return ()
    found = []
    for defender in board.adjacent_players(attacker.location):
        if defender.team == attacker.team or not defender.standing:
            continue
        outcome = blocks.block_outcome(edition, board, attacker, defender)
        strength = blocks.block_strength(edition, board, attacker, defender)
        offensive, defensive = blocks.assists(board, attacker, defender)
        push = pushback.push_options(edition, board, attacker, defender)
        found.append(
            BlockAnswer(
                defender=defender.id,
                square=(defender.location.x, defender.location.y),
                dice=outcome.dice,
                chooser=outcome.chooser,
                attacker_strength=strength.attacker,
                defender_strength=strength.defender,
                offensive=tuple(p.id for p in offensive),
                defensive=tuple(p.id for p in defensive),
                outcomes=tuple(
                    (c, outcome.distribution[c]) for c in blocks.ATTACKER_PREFERENCE if outcome.distribution[c]
                ),
                knocked_down=outcome.defender_knocked_down,
                push_kind=push.kind,
                push_squares=tuple((sq.x, sq.y) for sq in push.squares if sq.on_pitch()),
                push_chooser=push.chooser,
                explanation=outcome.explanation,
            )
        )
    return tuple(found)


@lru_cache(maxsize=len(ALL_SQUARES))
def _band_map(thrower: Square) -> tuple[tuple[Cell, str], ...]:
    """The range band of every square from this one (the range ruler)."""
    found = []
    for square in ALL_SQUARES:
        band = passing.pass_range(thrower, square) if square != thrower else None
        if band is not None:
            found.append(((square.x, square.y), band))
    return tuple(found)


def _bands(
    edition: Edition, board: Board, thrower: Player, band_of: dict[Cell, str], rerolls: int, weather: Weather
) -> tuple[BandAnswer, ...]:
    resources = movement.resources_for(thrower, edition, rerolls)
    first: dict[str, Cell] = {}
    counts: dict[str, int] = {}
    for cell, b in band_of.items():
        first.setdefault(b, cell)
        counts[b] = counts.get(b, 0) + 1
    found = []
    for band in RANGE_BANDS:
        if band not in first:
            continue
        outcome = passing.pass_outcome(edition, thrower, board, Square(*first[band]), weather)
        if outcome is None:
            continue
        dist = outcome.distribution
        found.append(
            BandAnswer(
                band=band,
                target=outcome.roll.target,
                accurate=dist["accurate"],
                accurate_with_rerolls=passing.accurate_pass_probability(outcome, resources),
                inaccurate=dist["inaccurate"],
                fumble=dist["fumble"],
                squares=counts[band],
                explanation=outcome.explanation,
            )
        )
    return tuple(found)


def _pass_target(
    edition: Edition,
    board: Board,
    thrower: Player,
    target: Cell,
    band_of: dict[Cell, str],
    passable: set[str],
    rerolls: int,
    weather: Weather,
) -> PassTarget:
    square = Square(*target)
    band = band_of.get(target)
    if band not in passable:
        return PassTarget(target, None, None, (), None, None)
    outcome = passing.pass_outcome(edition, thrower, board, square, weather)
    assert outcome is not None
    resources = movement.resources_for(thrower, edition, rerolls)
    interceptors = []
    for p in passing.possible_interceptors(board, thrower, square):
        test = edition.interception_test(p, board, accurate=True)
        inaccurate = edition.interception_test(p, board, accurate=False)
        interceptors.append(
            Interceptor(
                p.id,
                (p.location.x, p.location.y),
                test.result,
                d6_success(test.result),
                d6_success(inaccurate.result),
                test,
            )
        )
    catcher = board.at(square)
    caught = None
    if catcher is not None and catcher.team == thrower.team and catcher.standing:
        caught = passing.accurate_pass_and_catch(edition, board, thrower, catcher, outcome, rerolls, weather)
    return PassTarget(
        square=target,
        band=band,
        accurate_with_rerolls=passing.accurate_pass_probability(outcome, resources),
        interceptors=tuple(sorted(interceptors, key=lambda i: -i.chance)),
        catcher=catcher.id if caught is not None and catcher is not None else None,
        pass_and_catch=caught,
    )


def clear_caches() -> None:
    """Forget every memoised answer, the engine's reach maps included (bench/board.py times a fresh one)."""
    answer.cache_clear()
    engine_board.cache_clear()
    reach.reach_map.cache_clear()
