"""Decision trees of a turn's rolls, as the solver (engine/sequence.py) reads them.

  Chance   the dice decide (exact Fractions)
  Decide   the coach chooses one of the alternatives (the first is always "take the result")
  Spend    an alternative that spends something: a team re-roll, a skill re-roll, Pro, Break Tackle
  Leaf     the roll is over: "ok", "branch", "next", "miss", "fail" or "after_goal" (see sequence.py);
           it may give the team a re-roll for the rest of the turn (`gains`)

Trees are immutable and hashed once (equal subtrees are merged by `chance`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from .probability import ONE, ZERO


@dataclass(frozen=True, slots=True)
class Leaf:
    outcome: str  # ok, branch, next, miss (the goal missed, no turnover), fail, after_goal
    context: str = ""  # what the next roll needs to know of this one
    tag: str = ""  # the result shown in explanations (a block's outcome, "held", "sent_off")
    gains: Resource | None = None  # a once-per-game rule giving one more team re-roll (2025 Pump Up the Crowd)


@dataclass(frozen=True, slots=True)
class Chance:
    branches: tuple[tuple[Fraction, Tree], ...]
    _hash: int = field(default=0, compare=False, repr=False)

    def __post_init__(self) -> None:  # trees are hashed often (merging, caches): once is enough
        object.__setattr__(self, "_hash", hash(self.branches))

    def __hash__(self) -> int:
        return self._hash


@dataclass(frozen=True, slots=True)
class Decide:
    alternatives: tuple[Tree, ...]  # the first is the one taken without any re-roll
    _hash: int = field(default=0, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(self.alternatives))

    def __hash__(self) -> int:
        return self._hash


@dataclass(frozen=True, slots=True)
class Resource:
    kind: str  # team, skill, pro, break-tackle, free (a re-roll every block may use, e.g. Brawler)
    player: str = ""
    name: str = ""  # the skill's slug, for skill re-rolls and free ones
    once: bool = True  # once per turn for this player (False: any number of times)

    @property
    def label(self) -> str:
        return self.name if self.kind in ("skill", "free") else self.kind


@dataclass(frozen=True, slots=True)
class Spend:
    resource: Resource
    then: Tree
    _hash: int = field(default=0, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.resource, self.then)))

    def __hash__(self) -> int:
        return self._hash


Tree = Leaf | Chance | Decide | Spend
FAIL = Leaf("fail")
OK = Leaf("ok")
TEAM = Resource("team", once=False)


def chance(branches: Sequence[tuple[Fraction, Tree]]) -> Tree:
    """A Chance with equal subtrees merged and zero branches dropped (one branch: the subtree)."""
    merged: dict[Tree, Fraction] = {}
    for p, tree in branches:
        if p:
            merged[tree] = merged.get(tree, ZERO) + p
    if len(merged) == 1:
        return next(iter(merged))
    return Chance(tuple((p, t) for t, p in merged.items()))


def decide(alternatives: Sequence[Tree]) -> Tree:
    return alternatives[0] if len(alternatives) == 1 else Decide(tuple(alternatives))


def binary(p: Fraction, on_fail: Tree = FAIL, on_ok: Tree = OK) -> Tree:
    return chance(((p, on_ok), (ONE - p, on_fail)))


@dataclass(frozen=True)
class Node:
    trees: Mapping[str, Tree]  # by the context the previous roll left ("" when none applies)
    ok: int  # node reached on "ok" (len(program) = the end)
    branch: int  # node reached on "branch"
    kind: str = ""
    player: str = ""
    step: int = 0  # which written step it belongs to (Frenzy's second block shares its block's)
    miss: int | None = None  # node reached on "miss" (None: a miss ends the turn, as "fail" does)

    def tree(self, context: str) -> Tree:
        return self.trees.get(context) or self.trees[""]
