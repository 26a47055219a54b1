"""2025 star rules that change which tree a step has, chosen before its dice: Rowana's Bounding
Leap and Karla's Indomitable (each once per game, so once in the turn), Roxanna's Slashing Nails,
the Claws of her Blitz, and Grashnak's Gored by the Bull, one more block die on his Blitz (a team
has one Blitz a turn: a player's first `/blitz` block of the turn is his Blitz's, Frenzy's second
block the same action), Glart's Frenzied Rush, Frenzy on his Blitz, Gretchen's Incorporeal,
her dodges without a roll, Deeproot's Reliable, a fumbled Throw Team-mate landing safely, Barik's
Blast It!, his Hail Mary's scatters re-rolled and +1 to its catch, Skrorg's Pump Up the Crowd, a
team re-roll for his block's casualty, Scyla's Fury of the Blood God, two Block actions after a
failed Unchannelled Fury roll, and the defender's Watch Out! (Withergrasp), Dodge on the
first block; and what Jordell's Swift as the Breeze, chosen after the dice, spends."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING

from .editions.base import Edition
from .probability import d6_success
from .trees import OK, Chance, Decide, Leaf, Resource, Spend, Tree, binary, chance, decide
from .turn_block import BlockSpec, block_tree
from .turn_d6 import Dodge, Rerolls, catch_penalty, dodge_tree, target_tree

if TYPE_CHECKING:
    from .turn import Turn, TurnStep

SWIFT = "swift-as-the-breeze"
SWIFT_KINDS = ("dodge", "leap", "rush")
FRENZIED = "frenzied-rush"
WATCH = "watch-out"
PUMP = "pump-up-the-crowd"
FURY = "fury-of-the-blood-god"
KABOOM = "kaboom"
CASUALTIES = frozenset({"badly_hurt", "casualty"})  # an armour chain's results that take him off the pitch
LANDED = ("", "superb", "subpar")  # a landing's contexts: "" not straight after the throw
BLAST = "blast-it"  # also the context his Hail Mary's ball leaves to the catch
EIGHTH = Fraction(1, 8)
D8 = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)
RUSH_CONTEXTS = {"": "frenzy", "dauntless": "dauntless+frenzy"}  # a Dauntless roll's results, Frenzied Rush taken


def bounding_leap(leap: Dodge, rerolls: Rerolls, negatives: int) -> Tree:
    """Rowana's Bounding Leap (2025, once per game), chosen before the dice: the jump's test without
    its negative modifiers, and his to re-roll."""
    ruled = replace(leap, target=leap.target - negatives)
    again = replace(rerolls, skill=Resource("skill", rerolls.player, "bounding-leap", once=False))
    used = Spend(Resource("free", rerolls.player, "bounding-leap"), dodge_tree(ruled, again))
    return decide((dodge_tree(leap, rerolls), used))


def swift_as_the_breeze(kind: str, player: str, skills: frozenset[str]) -> Resource | None:
    """Jordell's Swift as the Breeze (2025, once per game), as FFB reads it: once he has seen a
    dodge, a leap or a rush fail on a natural 2 or more, the test passed whatever its modifiers
    (Diving Tackle's -2 too), instead of a re-roll or on the re-roll itself; a natural 1 still
    fails, and is re-rolled as usual (Rerolls.swift, in turn_d6's dodge and target trees).
    Tentacles and Shadowing are no modifiers: they stay."""
    return Resource("free", player, SWIFT) if SWIFT in skills and kind in SWIFT_KINDS else None


def incorporeal(dodge: Dodge) -> Tree:
    """Gretchen's Incorporeal (2025, once per game, chosen when she is activated: a turn is one
    activation, so for all her dodges, and it can only help): no Dodge roll for leaving a tackle
    zone. FFB's reading (`ignoreTacklezonesWhenMoving`): she is not dodging, so no Diving Tackle
    (a dodge's step) nor Tentacles (which asks for a dodge or a jump); Shadowing, which follows
    any move out of its tackle zone, still may."""
    return binary(dodge.shadowed, OK, Leaf("branch", tag="shadowed")) if dodge.shadowed else OK


def thrown(throw: Tree, kind: str, skills: frozenset[str]) -> Tree:
    """Deeproot's Reliable (2025): his fumbled Throw Team-mate is no turnover, the thrown player
    bounces and lands safely (FFB: `fumbledPlayerLandsSafely`, the landing passed in
    `bb2025/ttm/StepRightStuff`). The throw's goal is still missed: a "miss", which "!" steps
    written after the throw follow. Barik's Blast It!: his Hail Mary's ball tells the catch so."""
    if kind == "ttm" and "reliable" in skills:
        return _mapped(throw, lambda leaf: Leaf("miss", tag="fumble") if leaf.tag == "fumble" else leaf)
    if kind == "hailmary" and BLAST in skills:
        return _mapped(throw, lambda leaf: replace(leaf, context=BLAST) if leaf.context == "inaccurate" else leaf)
    return throw


def bomb_blast(throw: Tree, catcher: int | None, skills: frozenset[str], player: str) -> Tree:
    """A Throw Bomb (Bombardier, both editions: thrown as a pass, with the passer's re-rolls): its
    goal is the blast in the square aimed at. A fumble explodes in the thrower's own square, who is
    Knocked Down: a turnover. An inaccurate or intercepted bomb lands elsewhere (the interceptor
    throws it on): a miss, no turnover. An accurate bomb on a player who can catch it (`catcher`,
    his target) explodes in his square only if he drops it; caught, he throws it on, unless 2025
    Bomber's Kaboom! (once per game) makes it explode at once (FFB's `bb2025/special/StepInitBomb`:
    offered when a catcher holds the bomb)."""
    missed = Leaf("miss", tag="bomb_elsewhere")
    caught: Tree = missed
    if KABOOM in skills:
        caught = decide((missed, Spend(Resource("free", player, KABOOM), OK)))
    landed = OK if catcher is None else binary(d6_success(catcher), OK, caught)

    def change(leaf: Leaf) -> Tree:
        if leaf.tag == "accurate":
            return landed
        return missed if leaf.tag in ("inaccurate", "intercepted") else leaf

    return _mapped(throw, change)


@lru_cache(maxsize=64)
def blast_it_catch(edition: Edition, target: int, rerolls: Rerolls, diving: bool) -> Tree:
    """The catch of Barik's Hail Mary (2025 Blast It!): each of its scatter rolls (D8) re-rolled
    if he likes once it is seen, as FFB's `bb2025/pass/StepMissedPass` offers it (not the bounce,
    which is no scatter), and +1 to the team-mate's catch, of the ball scattered onto him or
    bounced onto him (FFB's bb2025 CatchModifierCollection "Blast It!"). The ball comes to him as
    in catch_tree: scattered back onto his square, or onto a square next to it and bounced onto it."""
    back_bonus = 1 + (1 if diving and edition.diving_catch_after_inaccurate else 0)
    back = target_tree(target + catch_penalty(edition, "inaccurate_pass") - back_bonus, rerolls)
    missed = Leaf("fail", tag="missed")
    catch = target_tree(target + catch_penalty(edition, "bounce") - 1, rerolls)
    bounced = chance(((EIGHTH, catch), (1 - EIGHTH, missed)))  # one bounce of eight lands on him
    memo: dict[tuple[int, int, int], Tree] = {}

    def at(left: int, x: int, y: int) -> Tree:  # the ball at (x, y) from him, `left` scatters to come
        key = (left, min(abs(x), abs(y)), max(abs(x), abs(y)))
        if key not in memo:
            if not left:
                memo[key] = back if x == y == 0 else bounced if max(abs(x), abs(y)) == 1 else missed
            else:
                landed = [at(left - 1, x + dx, y + dy) for dx, dy in D8]
                again = chance([(EIGHTH, t) for t in landed])
                memo[key] = chance([(EIGHTH, decide(list(dict.fromkeys((t, again))))) for t in landed])
        return memo[key]

    return at(edition.inaccurate_pass_scatters, 0, 0)


def reliable_landing(turn: Turn, index: int, trees: dict[str, Tree]) -> dict[str, Tree]:
    """A landing whose throw (the last Throw Team-mate before it) was Reliable's, with "!" steps
    between them: reached other than straight from the throw (superb or subpar), it follows a
    fumble, and the fumbled player has landed safely already."""
    steps = turn.steps
    at = next((i for i in range(index - 1, -1, -1) if steps[i].kind == "ttm"), None)
    if at is None or "reliable" not in turn.player(steps[at].player).skills:
        return trees
    return {**trees, "": OK} if any(s.on_miss for s in steps[at + 1 : index]) else trees


def _mapped(tree: Tree, change: Callable[[Leaf], Tree], memo: dict[int, Tree] | None = None) -> Tree:
    """The same tree, each leaf changed (a subtree shared is changed once: armour chains share many)."""
    memo = {} if memo is None else memo
    found = memo.get(id(tree))
    if found is not None:
        return found
    if isinstance(tree, Leaf):
        found = change(tree)
    elif isinstance(tree, Chance):
        found = Chance(tuple((p, _mapped(t, change, memo)) for p, t in tree.branches))
    elif isinstance(tree, Decide):
        found = Decide(tuple(_mapped(t, change, memo) for t in tree.alternatives))
    else:
        found = Spend(tree.resource, _mapped(tree.then, change, memo))
    memo[id(tree)] = found
    return found


def pump_up_the_crowd(turn: Turn, index: int, trees: dict[str, Tree]) -> dict[str, Tree]:
    """Skrorg's Pump Up the Crowd (2025, once per game): a casualty his block causes gives his team
    one more team re-roll until the end of the drive, so for the rest of the turn. FFB's reading
    (`mechanic/bb2025/StateMechanic.handlePumpUp`): the injury of a block (`InjuryType.isBlock`, a
    Blitz's too; not a push into the crowd, a foul, a stab nor a chainsaw), the blocker on his feet
    (a block the turn goes on after), a casualty (Badly Hurt or worse). So: his armour step just
    after his block, its casualties (the "down" context; after a push into the crowd, "crowd", none)."""
    step = turn.steps[index]
    block = turn.steps[index - 1] if index else None
    if step.kind != "armour" or block is None or block.kind != "block" or block.player != step.player:
        return trees
    if PUMP not in turn.player(step.player).skills or "down" not in trees:
        return trees
    pumped = Resource("gain", step.player, PUMP)
    down = _mapped(trees["down"], lambda leaf: replace(leaf, gains=pumped) if leaf.tag in CASUALTIES else leaf)
    return {**trees, "down": down}


def fury_failed(turn: Turn, index: int, missed: Leaf) -> Tree:
    """A failed Unchannelled Fury roll (2025: D6, +2 for a Block or a Blitz, 1-3 ends his action;
    written `fury:N`, the natural roll needed, 2 for a Block or a Blitz): his action ends, a miss,
    unless Scyla's Fury of the Blood God (once per game: "if Scyla rolls a 1 … after declaring a
    Block action, he may make two Block actions instead") turns it into the "branch" result: the
    "?" steps after it are his second Block action, then the steps after them. FFB's reading
    (`skillbehaviour/bb2025/UnchannelledFuryBehaviour`): offered on the roll's final failure, after a
    re-roll or instead of one, on a Block action (not a Blitz): here a `fury:2` whose first step of
    his after it (a Dauntless roll aside) is a block without `/blitz`."""
    if not fury_branches(turn, index):
        return missed
    return decide((missed, Spend(Resource("free", turn.steps[index].player, FURY), Leaf("branch"))))


def fury_branches(turn: Turn, index: int) -> bool:
    """Whether step `index` is a failed Unchannelled Fury roll Fury of the Blood God may turn into
    two Block actions (fury_failed): Scyla's `fury:2` whose first step of his after it, a
    Dauntless roll aside, is a block without `/blitz`. The builder offers the "?" mark by it."""
    step = turn.steps[index]
    if step.kind != "fury" or FURY not in turn.player(step.player).skills or step.value != 2:
        return False
    his = [s for s in turn.steps[index + 1 :] if s.player == step.player]
    his = his[1:] if his and his[0].kind == "dauntless" else his
    return bool(his) and his[0].kind == "block" and not his[0].blitz


def _his_blitz(steps: Sequence[TurnStep], index: int, player: str) -> bool:
    """Whether step `index` is the block of this player's Blitz: his first `/blitz` block of the turn."""
    blitzes = (i for i, s in enumerate(steps) if s.kind == "block" and s.blitz and s.player == player)
    return index >= 0 and next(blitzes, None) == index


def watch_out(steps: Sequence[TurnStep], index: int, spec: BlockSpec) -> BlockSpec:
    """Withergrasp's Watch Out! (2025, the defender's; the first time each drive, or each half as
    FFB says: either way once in a turn): Dodge when he is first the target of a block, the turn's
    first block written `/watch-out`. FFB's reading (`bb2025/block/StepBlockChoice`, marked used in
    `StepEndBlocking`): any opponent's block, a Blitz's too, and only the first block of a Frenzy
    (turn_block_nodes gives the second block his own skills)."""
    if WATCH not in spec.defender_skills or "dodge" in spec.defender_skills:
        return spec
    first = next(i for i, s in enumerate(steps) if s.kind == "block" and WATCH in s.against)
    return replace(spec, defender_skills=spec.defender_skills | {"dodge"}) if first == index else spec


def slashing_nails(steps: Sequence[TurnStep], index: int, skills: frozenset[str]) -> frozenset[str]:
    """Roxanna's Slashing Nails (2025, once per half, when she declares a Blitz): Claws until the end
    of her activation, so on the armour roll just after the block of her Blitz."""
    if "slashing-nails" not in skills or "claw" in skills or steps[index].kind != "armour":
        return skills
    return skills | {"claw"} if _his_blitz(steps, index - 1, steps[index].player) else skills


def gored_by_the_bull(steps: Sequence[TurnStep], index: int, spec: BlockSpec) -> BlockSpec:
    """Grashnak's Gored by the Bull (2025, once per game): the block of his Blitz with one more die,
    up to three, both blocks of a Frenzy. FFB's reading (ServerUtilBlock.findNrOfBlockDice): only
    one or two dice he chooses become two or three; a block whose dice the defender chooses is
    left as it is (and the rule unspent). Chosen before the dice, but more dice of his choosing
    never hurt and a turn has one Blitz: always taken."""
    if "gored-by-the-bull" not in spec.attacker_skills or spec.defender_chooses or spec.dice > 2:
        return spec
    return replace(spec, dice=spec.dice + 1) if _his_blitz(steps, index, steps[index].player) else spec


def frenzied_rush(steps: Sequence[TurnStep], index: int, skills: frozenset[str]) -> bool:
    """Whether Glart's Frenzied Rush (2025, once per half, when he declares a Blitz: Frenzy until
    the end of that activation, no Grab) may be chosen for step `index`, the block of his Blitz.
    A choice, since Frenzy's second block may knock him down (turn_block_nodes). Grab never acts
    on a Blitz (pushback.py), so giving it up changes nothing here."""
    if FRENZIED not in skills or "frenzy" in skills or index >= len(steps) or steps[index].kind != "block":
        return False
    return _his_blitz(steps, index, steps[index].player)


def rush_declared(dauntless: Tree, player: str) -> Tree:
    """The Dauntless roll before the block of his Blitz: Frenzied Rush is chosen when the Blitz is
    declared, before that roll, so here; its results tell the block which (RUSH_CONTEXTS)."""
    told = _mapped(dauntless, lambda leaf: replace(leaf, context=RUSH_CONTEXTS[leaf.context]))
    return decide((dauntless, Spend(Resource("free", player, FRENZIED), told)))


def dauntless_won(
    edition: Edition, won: BlockSpec, rerolls: Rerolls, player: str, skills: frozenset[str], frenzy: bool
) -> Tree:
    """The block after a Dauntless roll that worked; Karla's Indomitable (2025, once per game) may
    then make her ST twice the defender's: two dice where his equal ST gave one (or the defender's
    assists his two), three where her own assists gave two (more than twice his ST)."""
    block = block_tree(edition, won, rerolls, frenzy_follows=frenzy)
    if "indomitable" not in skills or (won.defender_chooses and won.dice > 2):
        return block
    doubled = replace(won, dice=3 if won.dice >= 2 and not won.defender_chooses else 2, defender_chooses=False)
    stronger = block_tree(edition, doubled, rerolls, frenzy_follows=frenzy)
    return decide((block, Spend(Resource("free", player, "indomitable"), stronger)))


__all__ = [
    "BLAST",
    "FRENZIED",
    "FURY",
    "KABOOM",
    "LANDED",
    "PUMP",
    "RUSH_CONTEXTS",
    "SWIFT",
    "WATCH",
    "blast_it_catch",
    "bomb_blast",
    "bounding_leap",
    "dauntless_won",
    "frenzied_rush",
    "fury_branches",
    "fury_failed",
    "gored_by_the_bull",
    "incorporeal",
    "pump_up_the_crowd",
    "reliable_landing",
    "rush_declared",
    "slashing_nails",
    "swift_as_the_breeze",
    "thrown",
    "watch_out",
]
