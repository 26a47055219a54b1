"""The node(s) of a block step in a turn: the block, Frenzy's second block after a push, the
Dauntless roll read by each (each block of the action has its own: both editions, FFB rolls it
again), and the star rules that change them (turn_stars: Gored by the Bull, Indomitable,
Frenzied Rush, the defender's Watch Out!)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from .editions.base import Edition
from .trees import Resource, Spend, Tree, decide
from .turn_block import BlockSpec, block_tree
from .turn_d6 import Rerolls, dauntless_works, st_roll
from .turn_stars import FRENZIED, RUSH_CONTEXTS, WATCH, dauntless_won, frenzied_rush, gored_by_the_bull

if TYPE_CHECKING:
    from .turn import TurnStep


def block_nodes(
    edition: Edition,
    steps: Sequence[TurnStep],
    index: int,
    skills: frozenset[str],
    st: int,
    spec: BlockSpec,
    rerolls: Rerolls,
    again: Rerolls,
) -> list[dict[str, Tree]]:
    """The block's trees by incoming context, and Frenzy's second block's when it has one
    (`again`: his re-rolls of a Dauntless roll)."""
    step, player = steps[index], rerolls.player
    rush = frenzied_rush(steps, index, skills)
    frenzy = "frenzy" in skills or rush
    daunted = index > 0 and steps[index - 1].kind == "dauntless"
    won = spec
    if daunted:
        dice = step.dauntless if step.dauntless is not None else 1  # equal ST, no assists: one die
        won = gored_by_the_bull(steps, index, replace(spec, dice=abs(dice), defender_chooses=dice < 0))
    # Watch Out!'s Dodge is the first block's only (FFB): the second block with his own skills
    own = spec.defender_skills - {"dodge"} if WATCH in spec.defender_skills and "dodge" not in step.against else None
    spec2, won2 = (replace(spec, defender_skills=own), replace(won, defender_skills=own)) if own else (spec, won)

    def first(with_frenzy: bool) -> dict[str, Tree]:
        trees = {"": block_tree(edition, spec, rerolls, frenzy_follows=with_frenzy)}
        if daunted:
            trees["dauntless"] = dauntless_won(edition, won, rerolls, player, skills, with_frenzy)
        return trees

    second = block_tree(edition, spec2, rerolls, frenzy_follows=False)
    if daunted:
        works = dauntless_works(edition, steps[index - 1].value, st)
        second = st_roll(works, again, dauntless_won(edition, won2, rerolls, player, skills, False), second)
    if not frenzy:
        return [first(False)]
    if not rush:
        return [first(True), {"": second}]
    plain, frenzied = first(False), first(True)
    if daunted:  # chosen at the Blitz's declaration, before the Dauntless roll: that node told him
        return [{**plain, **{RUSH_CONTEXTS[c]: t for c, t in frenzied.items()}}, {"": second}]
    return [{"": decide((plain[""], Spend(Resource("free", player, FRENZIED), frenzied[""])))}, {"": second}]


__all__ = ["block_nodes"]
