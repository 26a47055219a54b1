"""Decision trees of a block inside a turn: every roll of the block dice, what it leads to for the
coach's goal, and the re-rolls that may answer it.

The outcome of each face comes from block.face_categories (the attacker's and the defender's
skills, a blitz, the crowd). The goal decides what goes on:
  down  the defender knocked down (or pushed into the crowd) and the attacker on his feet
  push  the defender pushed or knocked down, the attacker on his feet (a surf, a square freed);
        a knock-down is the "branch" result, for steps written "?" after it (an armour roll)
  safe  no turnover: anything but the attacker knocked down
With Frenzy a push that leaves the defender standing leads to the second block ("next"): the
solver sees both blocks as two nodes. A block roll is re-rolled at most once and by one source:
a team re-roll (every die), Pro (classic: the whole roll, after a 4+ that a team re-roll may
itself re-roll; 2025: one die, after a 3+), or a skill re-rolling one die of a given face
(2025 Brawler: Both Down; Hatred: Player Down).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from . import block as blocks
from .dice import BLOCK_FACES, BlockFace
from .editions.base import Edition
from .probability import ZERO
from .trees import Leaf, Resource, Spend, Tree, binary, chance, decide
from .turn_d6 import Rerolls
from .types import Board, Player, Square

DOWN = frozenset({"defender_pushed_into_crowd", "defender_down", "defender_down_in_place"})
STILL_STANDING = frozenset({"defender_pushed", "defender_stood_firm"})  # Frenzy blocks again
GOALS = ("down", "push", "safe")
FACE_INDEX = {face: BLOCK_FACES.index(face) for face in BlockFace}


@dataclass(frozen=True)
class BlockSpec:
    dice: int
    defender_chooses: bool = False
    attacker_skills: frozenset[str] = frozenset()
    defender_skills: frozenset[str] = frozenset()
    blitz: bool = False
    crowd: bool = False  # the defender has his back to the crowd with nowhere else to go
    goal: str = "down"

    @property
    def chooser(self) -> str:
        return "defender" if self.defender_chooses else "attacker"


@lru_cache(maxsize=1024)
def categories(edition: Edition, spec: BlockSpec) -> tuple[str, ...]:
    """The outcome each of the six faces leads to, both players' skills applied."""
    if spec.crowd:
        attacker_at, defender_at = Square(5, 1), Square(5, 0)
    else:
        attacker_at, defender_at = Square(10, 7), Square(11, 7)
    attacker = Player("a", "home", attacker_at, skills=spec.attacker_skills)
    defender = Player("d", "away", defender_at, skills=spec.defender_skills)
    return blocks.face_categories(edition, Board([attacker, defender]), attacker, defender, spec.blitz)


def outcome_leaf(category: str, goal: str, frenzy_follows: bool) -> Leaf:
    """Where one outcome of the block leads for the goal (and the next roll's context)."""
    context = "crowd" if category == "defender_pushed_into_crowd" else "down"
    if frenzy_follows and category in STILL_STANDING:
        return Leaf("next", tag=category)
    if category in DOWN:
        return Leaf("ok" if goal == "down" else "branch", context, tag=category)
    if goal == "down":
        return Leaf("fail", tag=category)
    if goal == "push":
        return Leaf("ok", "pushed", tag=category) if category == "defender_pushed" else Leaf("fail", tag=category)
    if category in ("attacker_down", "both_down"):
        return Leaf("fail", tag=category)
    return Leaf("ok", "pushed" if category == "defender_pushed" else "", tag=category)


def block_tree(edition: Edition, spec: BlockSpec, rerolls: Rerolls, frenzy_follows: bool) -> Tree:
    cats = categories(edition, spec)
    return _block_tree(edition, spec, cats, rerolls, frenzy_follows)


@lru_cache(maxsize=512)
def _block_tree(
    edition: Edition, spec: BlockSpec, cats: tuple[str, ...], rerolls: Rerolls, frenzy_follows: bool
) -> Tree:
    rank = blocks.RANK
    pick = min if spec.chooser == "attacker" else max

    def chosen(faces: tuple[int, ...]) -> str:
        return pick((cats[f] for f in faces), key=rank.__getitem__)

    leaves = {c: outcome_leaf(c, spec.goal, frenzy_follows) for c in set(cats)}
    dist = blocks.chosen_distribution(cats, spec.dice, spec.chooser)
    fresh = chance([(p, leaves[c]) for c, p in dist.items()])
    unit = Fraction(1, 6**spec.dice)

    canonical: dict[tuple[tuple[str, Fraction], ...], Tree] = {}

    def die_reroll(faces: tuple[int, ...], position: int) -> Tree:
        """Re-rolling one die: the same outcomes give the very same tree (so equal choices are seen as one)."""
        counts: dict[str, int] = {}
        for g in range(6):
            c = chosen(faces[:position] + (g,) + faces[position + 1 :])
            counts[c] = counts.get(c, 0) + 1
        key = tuple(sorted((c, Fraction(n, 6)) for c, n in counts.items()))
        if key not in canonical:
            canonical[key] = chance([(p, leaves[c]) for c, p in key])
        return canonical[key]

    single_die_skills = [
        (Resource("free", rerolls.player, skill, once=False), FACE_INDEX[BlockFace(face)])
        for skill, face in edition.block_die_rerolls
        if skill in spec.attacker_skills
    ]
    by_tree: dict[Tree, Fraction] = {}
    for faces in itertools.product(range(6), repeat=spec.dice):
        result = leaves[chosen(faces)]
        tree: Tree = result
        if result.outcome not in ("ok", "branch"):
            options = rerolls.options(fresh, result) if not edition.pro_rerolls_one_die else []
            if edition.pro_rerolls_one_die:
                options = Rerolls(rerolls.player, rerolls.skill, None, False, rerolls.loner, rerolls.team).options(
                    fresh, result
                )
                if rerolls.pro is not None:
                    dice_trees = list(dict.fromkeys(die_reroll(faces, i) for i in _distinct_positions(faces)))
                    best_die = decide(dice_trees)
                    options.insert(0, Spend(Resource("pro", rerolls.player), binary(rerolls.pro, result, best_die)))
            for resource, face in single_die_skills:
                if face in faces:
                    options.append(Spend(resource, die_reroll(faces, faces.index(face))))
            tree = decide((result, *options))
        by_tree[tree] = by_tree.get(tree, ZERO) + unit
    return chance([(p, t) for t, p in by_tree.items()])


def _distinct_positions(faces: tuple[int, ...]) -> list[int]:
    """One position per distinct face (re-rolling either of two equal dice is the same)."""
    seen: dict[int, int] = {}
    for i, f in enumerate(faces):
        seen.setdefault(f, i)
    return list(seen.values())


def one_roll(edition: Edition, spec: BlockSpec) -> dict[str, Fraction]:
    """The block's outcomes on one roll of the dice, no re-roll."""
    return blocks.chosen_distribution(categories(edition, spec), spec.dice, spec.chooser).as_dict()


__all__ = ["DOWN", "GOALS", "BlockSpec", "block_tree", "categories", "one_roll", "outcome_leaf"]
