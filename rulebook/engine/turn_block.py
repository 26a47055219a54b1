"""Decision trees of a block inside a turn: every roll of the block dice, what it leads to for the
coach's goal, and the re-rolls that may answer it.

The outcome of each face comes from block.face_categories (the attacker's and the defender's
skills, a blitz, the crowd). The goal decides what goes on:
  down  the defender knocked down (or pushed into the crowd) and the attacker on his feet
  push  the defender pushed or knocked down, the attacker on his feet (a surf, a square freed);
        a knock-down is the "branch" result, for steps written "?" after it (an armour roll)
Whatever misses the goal with the blocker on his feet is a "miss" (the "!" steps written after
the block are made then); the blocker's fall is a "fail", a turnover.
  safe  no turnover: anything but the attacker knocked down
With Frenzy a push that leaves the defender standing leads to the second block ("next"): the
solver sees both blocks as two nodes. A block roll is re-rolled at most once and by one source:
a team re-roll (every die), Pro (classic: the whole roll, after a 4+ that a team re-roll may
itself re-roll; 2025: one die, after a 3+), or a skill re-rolling one die of a given face
(2025 Brawler: Both Down; Hatred: Player Down), or a star's rule re-rolling any one die (2025
Unstoppable Momentum on a Blitz, Lord of Chaos on a Block action, Woodland Fury when he would
be knocked down).
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
FALLS = frozenset({"attacker_down", "both_down"})  # the blocker on the ground: a turnover
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
    partner: bool = False  # the blocker's partner also Marks the defender (2025 Working in Tandem)

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
    if category in FALLS:
        return Leaf("fail", tag=category)
    missed = Leaf("miss", tag=category)  # the goal missed, the blocker still on his feet
    if goal == "down":
        return missed
    if goal == "push":
        return Leaf("ok", "pushed", tag=category) if category == "defender_pushed" else missed
    return Leaf("ok", "pushed" if category == "defender_pushed" else "", tag=category)


def block_tree(edition: Edition, spec: BlockSpec, rerolls: Rerolls, frenzy_follows: bool) -> Tree:
    cats = categories(edition, spec)
    return _block_tree(edition, spec, cats, rerolls, frenzy_follows)


@lru_cache(maxsize=512)
def _block_tree(
    edition: Edition, spec: BlockSpec, cats: tuple[str, ...], rerolls: Rerolls, frenzy_follows: bool
) -> Tree:
    leaves = {c: outcome_leaf(c, spec.goal, frenzy_follows) for c in set(cats)}
    dist = blocks.chosen_distribution(cats, spec.dice, spec.chooser)
    fresh = chance([(p, leaves[c]) for c, p in dist.items()])
    if edition.pro_rerolls_one_die:
        return _OneDie(edition, spec, cats, rerolls, leaves, fresh).tree()
    unit = Fraction(1, 6**spec.dice)
    pick = min if spec.chooser == "attacker" else max
    by_tree: dict[Tree, Fraction] = {}
    for faces in itertools.product(range(6), repeat=spec.dice):
        result = leaves[pick((cats[f] for f in faces), key=blocks.RANK.__getitem__)]
        tree: Tree = result
        if result.outcome not in ("ok", "branch"):  # the whole roll again: a team re-roll, classic Pro
            tree = decide((result, *rerolls.options(fresh, result)))
        by_tree[tree] = by_tree.get(tree, ZERO) + unit
    return chance([(p, t) for t, p in by_tree.items()])


class _OneDie:
    """A 2025 block roll: a team re-roll takes the whole roll again; Pro (after its 3+) and each
    one-die skill (Brawler on a Both Down, Hatred on a Player Down) re-roll one die each, in the
    order the coach likes, seeing each result, and no die is re-rolled twice (nor after a team
    re-roll). A state is the dice not yet re-rolled (faces with the same result and the same
    skills acting on them are one), the best result among those re-rolled, and the sources left."""

    def __init__(
        self,
        edition: Edition,
        spec: BlockSpec,
        cats: tuple[str, ...],
        rerolls: Rerolls,
        leaves: dict[str, Leaf],
        fresh: Tree,
    ) -> None:
        self.cats, self.rerolls, self.leaves, self.fresh = cats, rerolls, leaves, fresh
        self.dice = spec.dice
        self.pick = min if spec.chooser == "attacker" else max
        self.skills = {
            skill: FACE_INDEX[BlockFace(face)]
            for skill, face in edition.block_die_rerolls
            if skill in spec.attacker_skills
        }
        # Star rules re-rolling any one die, or as many as he likes: (once per turn, only when the
        # result knocks him down, several dice)
        self.any_die = {
            rule: (once, when == "falls", dice == "any")
            for rule, once, when, dice in edition.block_any_die_rerolls
            if rule in spec.attacker_skills
            and {"blitz": spec.blitz, "block": not spec.blitz, "pair": spec.partner}.get(when, True)
        }
        acting = [frozenset(s for s, f in self.skills.items() if f == face) for face in range(6)]
        self.same = [next(g for g in range(6) if (cats[g], acting[g]) == (cats[f], acting[f])) for f in range(6)]
        self.team = Rerolls(rerolls.player, rerolls.skill, None, False, rerolls.loner, rerolls.team)
        self.memo: dict[tuple[tuple[int, ...], str, frozenset[str], bool], Tree] = {}

    def best(self, categories: list[str]) -> str:
        return self.pick(categories, key=blocks.RANK.__getitem__)

    def tree(self) -> Tree:
        sources = (
            frozenset(self.skills) | frozenset(self.any_die) | ({"pro"} if self.rerolls.pro is not None else set())
        )
        unit = Fraction(1, 6**self.dice)
        by_tree: dict[Tree, Fraction] = {}
        for faces in itertools.product(range(6), repeat=self.dice):
            tree = self.node(tuple(sorted(self.same[f] for f in faces)), "", sources, True)
            by_tree[tree] = by_tree.get(tree, ZERO) + unit
        return chance([(p, t) for t, p in by_tree.items()])

    def node(self, kept: tuple[int, ...], done: str, left: frozenset[str], first: bool) -> Tree:
        key = (kept, done, left, first)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self._node(kept, done, left, first)
        return found

    def _node(self, kept: tuple[int, ...], done: str, left: frozenset[str], first: bool) -> Tree:
        category = self.best([self.cats[f] for f in kept] + ([done] if done else []))
        result = self.leaves[category]
        if result.outcome in ("ok", "branch"):
            return result
        options: list[Tree] = self.team.options(self.fresh, result) if first else []
        if "pro" in left and kept:
            assert self.rerolls.pro is not None
            after = left - {"pro"}
            dice = decide(list(dict.fromkeys(self.reroll(kept, done, after, f) for f in dict.fromkeys(kept))))
            refused = self.node(kept, done, after, False)  # the Pro roll failed: no die was re-rolled
            options.insert(0, Spend(Resource("pro", self.rerolls.player), binary(self.rerolls.pro, refused, dice)))
        for skill, face in self.skills.items():
            if skill in left and self.same[face] in kept:
                resource = Resource("free", self.rerolls.player, skill, once=False)
                options.append(Spend(resource, self.reroll(kept, done, left - {skill}, self.same[face])))
        for rule, (once, only_falling, several) in self.any_die.items():
            if rule in left and kept and (category in FALLS or not only_falling):
                chosen = self.subsets(kept) if several else [(f,) for f in dict.fromkeys(kept)]
                dice = decide(list(dict.fromkeys(self.reroll_dice(kept, done, left - {rule}, s) for s in chosen)))
                options.append(Spend(Resource("free", self.rerolls.player, rule, once=once), dice))
        return decide((result, *options))

    @staticmethod
    def subsets(kept: tuple[int, ...]) -> list[tuple[int, ...]]:
        """Every choice of dice to roll again (faces alike are one choice)."""
        found = {
            tuple(kept[i] for i in chosen)
            for size in range(1, len(kept) + 1)
            for chosen in itertools.combinations(range(len(kept)), size)
        }
        return sorted(found)

    def reroll_dice(self, kept: tuple[int, ...], done: str, left: frozenset[str], faces: tuple[int, ...]) -> Tree:
        """Several dice rolled again at once; one die is reroll()."""
        if len(faces) == 1:
            return self.reroll(kept, done, left, faces[0])
        rest = list(kept)
        for face in faces:
            rest.remove(face)
        unit = Fraction(1, 6 ** len(faces))
        rolled = []
        for new in itertools.product(range(6), repeat=len(faces)):
            best = self.best([self.cats[g] for g in new] + ([done] if done else []))
            rolled.append((unit, self.node(tuple(rest), best, left, False)))
        return chance(rolled)

    def reroll(self, kept: tuple[int, ...], done: str, left: frozenset[str], face: int) -> Tree:
        """One die showing `face` rolled again: only the best of the re-rolled dice matters after."""
        rest = list(kept)
        rest.remove(face)
        return chance(
            [
                (
                    Fraction(1, 6),
                    self.node(tuple(rest), self.best([self.cats[g], done] if done else [self.cats[g]]), left, False),
                )
                for g in range(6)
            ]
        )


def one_roll(edition: Edition, spec: BlockSpec) -> dict[str, Fraction]:
    """The block's outcomes on one roll of the dice, no re-roll."""
    return blocks.chosen_distribution(categories(edition, spec), spec.dice, spec.chooser).as_dict()


__all__ = ["DOWN", "GOALS", "BlockSpec", "block_tree", "categories", "one_roll", "outcome_leaf"]
