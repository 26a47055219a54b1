"""Blocks: assists, strength, dice, and the exact distribution of what happens.

Each die face is first turned into an outcome category with the skills applied (Block,
Dodge/Tackle, Wrestle, Juggernaut, Stand Firm, the crowd); then the coach who chooses the
die picks his best category. With n dice the chance that the chosen category is c is
(faces no better than c)^n - (faces worse than c)^n over 6^n, memoised per face mapping.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache

from .dice import BLOCK_FACES, BlockFace
from .editions.base import Edition
from .explain import Explanation, Modifier, params
from .probability import Distribution, d6_success, mix
from .pushback import push_kind, push_options, push_squares
from .types import Board, Player, Square

# Outcome categories, best first for the attacker (the defender prefers them reversed).
ATTACKER_PREFERENCE: tuple[str, ...] = (
    "defender_pushed_into_crowd",
    "defender_down",
    "defender_down_in_place",
    "defender_pushed",
    "both_placed_prone",
    "defender_stood_firm",
    "no_effect",
    "both_down",
    "attacker_down",
)
RANK = {category: i for i, category in enumerate(ATTACKER_PREFERENCE)}
KNOCKED_DOWN_DEFENDER = frozenset(
    {"defender_pushed_into_crowd", "defender_down", "defender_down_in_place", "both_down"}
)


def can_assist(board: Board, helper: Player, target: Square, ignore: str, active: bool = False) -> bool:
    """A helper assists if he stands next to the target with a tackle zone and no other
    opponent (than the player in the block, `ignore`) exerts a tackle zone on him, unless
    he has Guard. `active`: his team is the one whose turn it is, when an opponent with Defensive
    (2025) marking him stops his Guard ("during opposing turns")."""
    if not helper.exerts_tackle_zone or helper.square is None or not helper.square.is_adjacent(target):
        return False
    markers = [p for p in board.adjacent_players(helper.square) if p.team != helper.team and p.exerts_tackle_zone]
    if helper.has("guard") and not (active and any(p.has("defensive") for p in markers)):
        return True
    return all(p.id == ignore for p in markers)


def assists(board: Board, attacker: Player, defender: Player) -> tuple[list[Player], list[Player]]:
    """(offensive assists, defensive assists)."""
    assert attacker.square is not None and defender.square is not None
    offensive = [
        p
        for p in board.adjacent_players(defender.square)
        if p.team == attacker.team
        and p.id != attacker.id
        and can_assist(board, p, defender.square, defender.id, active=True)
    ]
    defensive = [
        p
        for p in board.adjacent_players(attacker.square)
        if p.team == defender.team and p.id != defender.id and can_assist(board, p, attacker.square, attacker.id)
    ]
    return offensive, defensive


def dice_for(attacker_strength: int, defender_strength: int) -> tuple[int, str]:
    """(number of block dice, who chooses): equal 1; stronger 2; more than twice 3."""
    if attacker_strength == defender_strength:
        return 1, "attacker"
    if attacker_strength > defender_strength:
        return (3 if attacker_strength > 2 * defender_strength else 2), "attacker"
    return (3 if defender_strength > 2 * attacker_strength else 2), "defender"


@dataclass(frozen=True, slots=True)
class BlockStrength:
    attacker: int
    defender: int
    dice: int
    chooser: str
    explanation: Explanation


def block_strength(
    edition: Edition,
    board: Board,
    attacker: Player,
    defender: Player,
    blitz: bool = False,
    attacker_st: int | None = None,
) -> BlockStrength:
    offensive, defensive = assists(board, attacker, defender)
    st = attacker.st if attacker_st is None else attacker_st
    att_mods = []
    if attacker_st is not None and attacker_st != attacker.st:
        att_mods.append(Modifier(attacker_st - attacker.st, "dauntless"))
    if blitz and attacker.has("horns"):
        att_mods.append(Modifier(1, "horns"))
    if offensive:
        att_mods.append(Modifier(len(offensive), "offensive_assists", params(players=tuple(p.id for p in offensive))))
    def_mods = []
    if defensive:
        def_mods.append(Modifier(len(defensive), "defensive_assists", params(players=tuple(p.id for p in defensive))))
    a = st + sum(m.value for m in att_mods if m.reason != "dauntless")
    d = defender.st + len(defensive)
    dice, chooser = dice_for(a, d)
    defender_expl = Explanation(defender.st, "defender_strength", tuple(def_mods), d, "total_strength")
    expl = Explanation(
        attacker.st,
        "attacker_strength",
        tuple(att_mods),
        dice,
        "block_dice",
        result_params=params(chooser=chooser, attacker_total=a, defender_total=d),
        children=(defender_expl,),
    )
    return BlockStrength(a, d, dice, chooser, expl)


def _better(rank_of: dict[str, int], for_attacker: bool, a: str, b: str) -> str:
    if for_attacker:
        return a if rank_of[a] <= rank_of[b] else b
    return a if rank_of[a] >= rank_of[b] else b


def face_categories(
    edition: Edition, board: Board, attacker: Player, defender: Player, blitz: bool = False
) -> tuple[str, ...]:
    """The category each of the six block-die faces leads to, skills applied."""
    kind = push_kind(edition, board, attacker, defender, blitz)
    if kind == "crowd":
        pushed = knocked = "defender_pushed_into_crowd"
    elif kind == "stand_firm":
        pushed, knocked = "defender_stood_firm", "defender_down_in_place"
    else:
        pushed, knocked = "defender_pushed", "defender_down"
    juggernaut = blitz and attacker.has("juggernaut")

    att_block, def_block = attacker.has("block"), defender.has("block")
    if att_block and def_block:
        both = "no_effect"
    elif att_block:
        both = "defender_down_in_place"
    elif def_block:
        both = "attacker_down"
    else:
        both = "both_down"
    if juggernaut:
        both = _better(RANK, True, both, pushed)
    if both != pushed:
        if attacker.has("wrestle"):
            both = _better(RANK, True, both, "both_placed_prone")
        if defender.has("wrestle") and not juggernaut:
            both = _better(RANK, False, both, "both_placed_prone")

    stumbles = pushed if defender.has("dodge") and not attacker.has("tackle") else knocked
    by_face = {
        BlockFace.ATTACKER_DOWN: "attacker_down",
        BlockFace.BOTH_DOWN: both,
        BlockFace.PUSHED: pushed,
        BlockFace.DEFENDER_STUMBLES: stumbles,
        BlockFace.DEFENDER_DOWN: knocked,
    }
    return tuple(by_face[f] for f in BLOCK_FACES)


@lru_cache(maxsize=4096)
def chosen_distribution(categories: tuple[str, ...], dice: int, chooser: str) -> Distribution[str]:
    """Distribution of the category the chooser picks from `dice` block dice."""
    ranked = sorted(set(categories), key=RANK.__getitem__, reverse=(chooser != "attacker"))
    denominator = 6**dice
    probs: dict[str, Fraction] = {}
    for i, category in enumerate(ranked):
        worse_or_equal = sum(1 for c in categories if c in ranked[i:])
        worse = sum(1 for c in categories if c in ranked[i + 1 :])
        count = worse_or_equal**dice - worse**dice
        if count:
            probs[category] = Fraction(count, denominator)
    return Distribution(probs)


def _chosen(categories: tuple[str, ...], faces: tuple[int, ...], chooser: str) -> str:
    """The category the chooser picks among the rolled faces (indices into the six faces)."""
    rolled = [categories[f] for f in faces]
    return min(rolled, key=RANK.__getitem__) if chooser == "attacker" else max(rolled, key=RANK.__getitem__)


@lru_cache(maxsize=4096)
def one_die_reroll(categories: tuple[str, ...], dice: int, chooser: str, wanted: frozenset[str]) -> Fraction:
    """When the chosen result is not wanted, the chance that re-rolling the best single die (Pro in
    2025: "a single dice" of a block) makes it wanted. Exact, by going through the 6^dice rolls."""
    failures = 0
    rescued = Fraction(0)
    for faces in itertools.product(range(6), repeat=dice):
        if _chosen(categories, faces, chooser) in wanted:
            continue
        failures += 1
        best = 0
        for position in range(dice):
            hits = sum(
                1
                for new in range(6)
                if _chosen(categories, faces[:position] + (new,) + faces[position + 1 :], chooser) in wanted
            )
            best = max(best, hits)
        rescued += Fraction(best, 6)
    return rescued / failures if failures else Fraction(0)


@dataclass(frozen=True)
class BlockOutcome:
    distribution: Distribution[str]
    dice: int
    chooser: str
    face_categories: tuple[str, ...]
    _explain: Callable[[], Explanation] = field(repr=False, compare=False)

    @cached_property
    def explanation(self) -> Explanation:
        """Strength, assists and dice (built on first access: the numbers don't need it)."""
        return self._explain()

    def probability(self, *categories: str) -> Fraction:
        return sum((self.distribution[c] for c in categories), Fraction(0))

    @property
    def defender_knocked_down(self) -> Fraction:
        return self.distribution.probability(KNOCKED_DOWN_DEFENDER.__contains__)


def block_outcome(
    edition: Edition, board: Board, attacker: Player, defender: Player, blitz: bool = False, frenzy_second: bool = True
) -> BlockOutcome:
    """Exact distribution of a block's outcome categories (the chooser's best die)."""
    if attacker.square is None or defender.square is None or not attacker.square.is_adjacent(defender.square):
        raise ValueError("attacker and defender must be adjacent on the pitch")
    offensive, defensive = assists(board, attacker, defender)
    a = attacker.st + len(offensive) + (1 if blitz and attacker.has("horns") else 0)
    dice, chooser = dice_for(a, defender.st + len(defensive))
    categories = face_categories(edition, board, attacker, defender, blitz)
    dist = chosen_distribution(categories, dice, chooser)

    def explain() -> Explanation:
        return block_strength(edition, board, attacker, defender, blitz).explanation

    if attacker.has("dauntless") and attacker.st < defender.st:
        strength = block_strength(edition, board, attacker, defender, blitz)
        dist, strength = _with_dauntless(edition, board, attacker, defender, blitz, strength, categories, dist)
        explain = lambda: strength.explanation  # noqa: E731 - the dauntless roll is part of it
    if frenzy_second and attacker.has("frenzy") and dist["defender_pushed"]:
        dist = _frenzy(edition, board, attacker, defender, blitz, dist)
    return BlockOutcome(dist, dice, chooser, categories, explain)


def _with_dauntless(
    edition: Edition,
    board: Board,
    attacker: Player,
    defender: Player,
    blitz: bool,
    strength: BlockStrength,
    categories: tuple[str, ...],
    dist: Distribution[str],
) -> tuple[Distribution[str], BlockStrength]:
    """Dauntless: D6 + ST against the defender's ST; on success the attacker's ST equals it."""
    needed = defender.st - attacker.st + (1 if edition.dauntless_needs_higher else 0)
    works = d6_success(needed) if needed <= 6 else Fraction(0)
    boosted = block_strength(edition, board, attacker, defender, blitz, attacker_st=defender.st)
    boosted_dist = chosen_distribution(categories, boosted.dice, boosted.chooser)
    mixed = mix(((works, boosted_dist), (1 - works, dist)))
    expl = Explanation(
        strength.explanation.base,
        "attacker_strength",
        strength.explanation.modifiers,
        strength.dice,
        "block_dice",
        result_params=strength.explanation.result_params,
        children=strength.explanation.children
        + (
            Explanation(
                needed,
                "dauntless_roll",
                (),
                works,
                "probability",
                result_params=params(dice_if_successful=boosted.dice, chooser_if_successful=boosted.chooser),
            ),
        ),
    )
    return mixed, BlockStrength(strength.attacker, strength.defender, strength.dice, strength.chooser, expl)


def _frenzy(
    edition: Edition, board: Board, attacker: Player, defender: Player, blitz: bool, dist: Distribution[str]
) -> Distribution[str]:
    """Frenzy: after a push that leaves the defender standing, follow up and block again.

    The pusher picks the push square that gives the best chance of a knock-down on the
    second block (the defender picks the worst one if he has Side Step)."""
    assert attacker.square is not None and defender.square is not None
    options = push_options(edition, board, attacker, defender, blitz)
    if options.kind != "empty":
        return dist
    followed = attacker.moved_to(defender.square)
    seconds = []
    for square in options.squares:
        moved = defender.moved_to(square)
        second_board = board.replace_player(moved).replace_player(followed)
        second = block_outcome(edition, second_board, followed, moved, blitz, frenzy_second=False)
        seconds.append(second.distribution)
    pick = max if options.chooser == "attacker" else min
    second_dist = pick(seconds, key=lambda d: d.probability(KNOCKED_DOWN_DEFENDER.__contains__))
    p_push = dist["defender_pushed"]
    rest = Distribution((c, p) for c, p in dist.items() if c != "defender_pushed")
    return Distribution(list(rest.items()) + [(c, p_push * p) for c, p in second_dist.items()])


__all__ = [
    "ATTACKER_PREFERENCE",
    "BlockOutcome",
    "BlockStrength",
    "assists",
    "block_outcome",
    "block_strength",
    "can_assist",
    "chosen_distribution",
    "dice_for",
    "face_categories",
    "one_die_reroll",
    "push_squares",
]
