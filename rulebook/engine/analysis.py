"""What a board position answers for one player: where he can get (the reach map, and the best
path to a square with each roll and the re-rolls that may save it, in the order a coach spends
them), what each block he could make would do (strengths, assists, outcomes, push-back), his pass
ranges by band, and for a target square the pass there with its interceptors and the catch.

The apps ask this one question of the engine (analyse) and present the answer; every number
here comes from the rules modules.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from . import block as blocks
from . import movement, passing, pushback, reach
from .editions.base import RANGE_BANDS, Edition
from .explain import Explanation
from .sequence import solve
from .skills import not_counted
from .types import ALL_SQUARES, Board, Player, Square, Status, Weather


@dataclass(frozen=True)
class RouteRoll:
    kind: str  # dodge, rush, stand_up, pickup
    square: Square
    target: int
    chance: Fraction  # the roll alone
    rerolls: tuple[str, ...]  # what may save it if it fails, in the order used: a skill slug, "team", "pro"
    stops: Fraction  # chance the move ends on this roll (re-rolls spent as well as they can be)
    explanation: Explanation


@dataclass(frozen=True)
class Route:
    target: Square
    probability: Fraction
    path: tuple[Square, ...]
    rolls: tuple[RouteRoll, ...]


@dataclass(frozen=True)
class BlockAnswer:
    defender: str
    square: Square
    before: tuple[RouteRoll, ...]  # rolls that must pass before the dice: Jump Up from the ground, Foul Appearance
    happens: Fraction  # chance they all pass (re-rolls spent as well as they can be); the outcomes follow it
    dice: int
    chooser: str  # attacker | defender
    attacker_strength: int
    defender_strength: int
    offensive: tuple[str, ...]  # team-mates of the attacker who assist
    defensive: tuple[str, ...]
    outcomes: tuple[tuple[str, Fraction], ...]  # the engine's categories, best for the attacker first
    knocked_down: Fraction
    push_kind: str  # empty | crowd | chain | stand_firm
    push_squares: tuple[Square, ...]  # on the pitch (a crowd push lists none)
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
    kept: Fraction  # a fumble Safe Throw (classic) or Safe Pass (2025) turns into keeping the ball
    squares: int
    explanation: Explanation


@dataclass(frozen=True)
class Interceptor:
    player: str
    square: Square
    target: int
    chance: Fraction  # against an accurate pass: his roll, his own re-roll, no Safe Throw
    chance_inaccurate: Fraction
    explanation: Explanation
    rerolled_by: str  # the skill that re-rolls his failed roll ("catch", "pro"), or ""
    cancel_target: int | None  # the thrower's Safe Throw roll that cancels it


@dataclass(frozen=True)
class PassTarget:
    square: Square
    band: str | None  # None: out of range (or too far in this weather, or no PA)
    accurate_with_rerolls: Fraction | None
    interceptors: tuple[Interceptor, ...]
    catcher: str | None
    pass_and_catch: Fraction | None


@dataclass(frozen=True)
class Analysis:
    player: str
    reach_map: reach.ReachMap | None  # None: he cannot move (stunned)
    route: Route | None
    blocks: tuple[BlockAnswer, ...]
    bands: tuple[BandAnswer, ...]
    band_of: dict[Square, str]
    pass_target: PassTarget | None
    holds_ball: bool
    team_rerolls: int
    can_block: bool  # standing, or prone with Jump Up (who blocks from the ground)
    # Skills on the board that change one of these numbers but are not in them (content slugs):
    # the chosen player's own, and his opponents' (skills.not_counted).
    not_counted: tuple[str, ...] = ()

    @property
    def reach(self) -> dict[Square, Fraction]:
        return self.reach_map.probabilities() if self.reach_map is not None else {}

    def path(self, square: Square) -> tuple[Square, ...]:
        assert self.reach_map is not None
        return tuple(self.reach_map.path(square))


def analyse(
    edition: Edition, board: Board, player_id: str, target: Square | None, team_rerolls: int, weather: Weather
) -> Analysis:
    """Everything a board position answers for one player (and for a tapped square): where he can
    get and the best path there with each roll, the blocks he could make, his pass ranges, and the
    pass to the target with its interceptors. `team_rerolls`: his team's, before the edition's
    per-turn limit."""
    player = board.player(player_id)
    rm = None if player.status is Status.STUNNED else reach.reach_map(edition, player, board, team_rerolls, weather)
    route = _route(edition, board, player, rm, target, team_rerolls, weather) if target is not None else None
    band_of = dict(_band_map(player.location)) if player.standing and edition.can_throw(player) else {}
    bands = _bands(edition, board, player, band_of, team_rerolls, weather) if band_of else ()
    passable = {b.band for b in bands}
    pass_target = None
    if target is not None and player.standing and edition.can_throw(player):
        pass_target = _pass_target(edition, board, player, target, band_of, passable, team_rerolls, weather)
    return Analysis(
        player=player_id,
        reach_map=rm,
        route=route,
        blocks=_blocks(edition, board, player, team_rerolls),
        bands=bands,
        band_of={cell: band for cell, band in band_of.items() if band in passable},
        pass_target=pass_target,
        holds_ball=board.ball == player.square,
        team_rerolls=team_rerolls,
        can_block=_can_block(player),
        not_counted=not_counted(
            edition.key, player.skills, opponents=(s for p in board.players if p.team != player.team for s in p.skills)
        ),
    )


def _route(
    edition: Edition,
    board: Board,
    player: Player,
    rm: reach.ReachMap | None,
    target: Square,
    rerolls: int,
    weather: Weather,
) -> Route | None:
    square = target
    if rm is None or square not in rm:
        return None
    path = rm.path(square)
    rolls = movement.path_rolls(edition, player, board, path, weather)
    probability, steps = _planned(rolls, movement.resources_for(player, edition, rerolls))
    return Route(target, probability, tuple(path), steps)


def _planned(rolls: list[movement.Roll], resources: movement.Resources) -> tuple[Fraction, tuple[RouteRoll, ...]]:
    """The chance that every roll passes (re-rolls spent as well as they can be), and each roll."""
    plan = solve([resources.step(r) for r in rolls], resources.team)
    steps = tuple(
        RouteRoll(
            kind=roll.kind,
            square=roll.square,
            target=roll.target,
            chance=roll.probability,
            rerolls=_rerolls_for(roll, resources),
            stops=stop,
            explanation=roll.explanation,
        )
        for roll, stop in zip(rolls, plan.stops, strict=True)
    )
    return plan.probability, steps


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


def _blocks(edition: Edition, board: Board, attacker: Player, rerolls: int) -> tuple[BlockAnswer, ...]:
    """One answer per standing opponent next to a standing attacker (a Block action), or next to a
    prone one with Jump Up, who blocks from the ground after an agility roll."""
    if not _can_block(attacker):
        return ()
    first: list[movement.Roll] = []
    if not attacker.standing:
        test = edition.jump_up_block_test(attacker)
        first.append(movement.Roll("jump_up", test.result, test, attacker.location))
        attacker = attacker.with_status(Status.STANDING)
        board = board.replace_player(attacker)
    resources = movement.resources_for(attacker, edition, rerolls)
    found = []
    for defender in board.adjacent_players(attacker.location):
        if defender.team == attacker.team or not defender.standing:
            continue
        before = list(first)
        if defender.has("foul-appearance"):
            test = edition.foul_appearance_test()
            before.append(movement.Roll("foul_appearance", test.result, test, defender.location))
        happens, before_rolls = _planned(before, resources) if before else (Fraction(1), ())
        outcome = blocks.block_outcome(edition, board, attacker, defender)
        strength = blocks.block_strength(edition, board, attacker, defender)
        offensive, defensive = blocks.assists(board, attacker, defender)
        push = pushback.push_options(edition, board, attacker, defender)
        found.append(
            BlockAnswer(
                defender=defender.id,
                square=defender.location,
                before=before_rolls,
                happens=happens,
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
                push_squares=tuple(sq for sq in push.squares if sq.on_pitch()),
                push_chooser=push.chooser,
                explanation=outcome.explanation,
            )
        )
    return tuple(found)


@lru_cache(maxsize=len(ALL_SQUARES))
def _band_map(thrower: Square) -> tuple[tuple[Square, str], ...]:
    """The range band of every square from this one (the range ruler)."""
    found = []
    for square in ALL_SQUARES:
        band = passing.pass_range(thrower, square) if square != thrower else None
        if band is not None:
            found.append((square, band))
    return tuple(found)


def _bands(
    edition: Edition, board: Board, thrower: Player, band_of: dict[Square, str], rerolls: int, weather: Weather
) -> tuple[BandAnswer, ...]:
    resources = movement.resources_for(thrower, edition, rerolls)
    first: dict[str, Square] = {}
    counts: dict[str, int] = {}
    for cell, b in band_of.items():
        first.setdefault(b, cell)
        counts[b] = counts.get(b, 0) + 1
    found = []
    for band in RANGE_BANDS:
        if band not in first:
            continue
        outcome = passing.pass_outcome(edition, thrower, board, first[band], weather)
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
                kept=dist["kept"],
                squares=counts[band],
                explanation=outcome.explanation,
            )
        )
    return tuple(found)


def _pass_target(
    edition: Edition,
    board: Board,
    thrower: Player,
    target: Square,
    band_of: dict[Square, str],
    passable: set[str],
    rerolls: int,
    weather: Weather,
) -> PassTarget:
    square = target
    band = band_of.get(target)
    if band not in passable:
        return PassTarget(target, None, None, (), None, None)
    outcome = passing.pass_outcome(edition, thrower, board, square, weather)
    assert outcome is not None
    resources = movement.resources_for(thrower, edition, rerolls)
    interceptors = []
    for p in passing.possible_interceptors(edition, board, thrower, square):
        accurate = passing.interceptor_chance(edition, board, thrower, p, True, weather)
        inaccurate = passing.interceptor_chance(edition, board, thrower, p, False, weather)
        interceptors.append(
            Interceptor(
                p.id,
                p.location,
                accurate.test.result,
                accurate.probability,
                inaccurate.probability,
                accurate.test,
                _interception_reroll(edition, p),
                accurate.cancel.result if accurate.cancel is not None else None,
            )
        )
    catcher, kind = board.at(square), "accurate_pass"
    if catcher is None:
        catcher, kind = passing.diving_catcher(board, square), "accurate_pass_nearby"
    caught = None
    if catcher is not None and catcher.team == thrower.team and catcher.standing:
        caught = passing.accurate_pass_and_catch(edition, board, thrower, catcher, outcome, rerolls, weather, kind)
    return PassTarget(
        square=target,
        band=band,
        accurate_with_rerolls=passing.accurate_pass_probability(outcome, resources),
        interceptors=tuple(sorted(interceptors, key=lambda i: -i.chance)),
        catcher=catcher.id if caught is not None and catcher is not None else None,
        pass_and_catch=caught,
    )


def _can_block(player: Player) -> bool:
    return player.standing or (player.status is Status.PRONE and player.has("jump-up"))


def _interception_reroll(edition: Edition, interceptor: Player) -> str:
    if edition.catch_rerolls_interception and interceptor.has("catch"):
        return "catch"
    if edition.pro_rerolls_interception and interceptor.has("pro"):
        return "pro"
    return ""


__all__ = ["Analysis", "BandAnswer", "BlockAnswer", "Interceptor", "PassTarget", "Route", "RouteRoll", "analyse"]
