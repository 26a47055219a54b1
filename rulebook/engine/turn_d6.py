"""Decision trees of a turn's D6 rolls: dodges (Break Tackle, Diving Tackle, Tentacles, Shadowing),
rushes, pick-ups, catches and hand-offs, passes (accurate, inaccurate, fumbled; interceptions),
the Hail Mary Pass, Throw Team-Mate and the landing, leaps and any other D6 test.

A target is the roll needed before the roller's own modifiers (Break Tackle, Diving Tackle's -2):
it may lie outside 2..6 (a 7+ that Break Tackle brings back within reach), and in every D6 test
of both editions a natural 1 fails and a natural 6 passes whatever the modifiers. Every result
but the best may be re-rolled once (skill, Pro, team re-roll), as the rules allow; what each
result leads to is a Leaf of the sequence solver (engine/sequence.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache

from .editions.base import Edition
from .passing import scatter_distribution
from .probability import ONE, ZERO, clamp_target, d6_success
from .trees import FAIL, OK, TEAM, Leaf, Resource, Spend, Tree, binary, chance, decide
from .types import Board, Player, Square

SIXTH = Fraction(1, 6)
FACES = range(1, 7)
_CENTRE = Square(12, 7)


@dataclass(frozen=True)
class Rerolls:
    """What may re-roll one of this player's rolls: his skill, Pro, team re-rolls (through Loner)."""

    player: str
    skill: Resource | None = None
    pro: Fraction | None = None  # chance his Pro roll lets the re-roll go ahead
    pro_team_rerollable: bool = False  # classic: a failed Pro roll may be team re-rolled
    loner: Fraction = ONE
    team: bool = True  # False: no team re-roll may be used on this roll
    extra: tuple[Resource, ...] = ()  # a star's re-roll of any roll of his (2025 Halfling Luck)
    nudge: Resource | None = None  # a star's +1 once, after seeing the roll (2025 Consummate Professional)
    swift: Resource | None = None  # once, after seeing a natural 2+ fail: passed (2025 Swift as the Breeze)

    def options(self, fresh: Tree, stands: Tree) -> list[Tree]:
        """The re-roll alternatives: `fresh` is the new roll, `stands` what stays when it is refused."""
        found: list[Tree] = []
        if self.skill is not None:
            found.append(Spend(self.skill, fresh))
        found.extend(Spend(resource, fresh) for resource in self.extra)
        if self.pro is not None:
            refused = stands
            if self.pro_team_rerollable and self.team:
                refused = decide((stands, Spend(TEAM, binary(self.loner * self.pro, stands, fresh))))
            found.append(Spend(Resource("pro", self.player), binary(self.pro, refused, fresh)))
        if self.team:
            found.append(Spend(TEAM, binary(self.loner, stands, fresh)))
        return found

    def without_skill(self) -> Rerolls:
        return replace(self, skill=None)


NO_REROLL = Rerolls("", team=False)


def passes(face: int, need: int, bonus: int = 0) -> bool:
    return face == 6 or (face != 1 and face + bonus >= need)


def swift_saves(face: int, failed: Tree, ok: Tree, rerolls: Rerolls) -> Tree:
    """A failed roll, which a natural 2+ lets Swift as the Breeze pass instead (once, after seeing
    it, whatever the modifiers: FFB's reading); its first alternative keeps the failure."""
    return decide((failed, Spend(rerolls.swift, ok))) if rerolls.swift is not None and face > 1 else failed


def die_roll(result_of: Callable[[int], Tree], rerolls: Rerolls, best: Tree = OK) -> Tree:
    """One D6 roll: each face's result; every result but `best` may be re-rolled once."""
    results = [result_of(face) for face in FACES]
    fresh = chance([(SIXTH, r) for r in results])
    return chance([(SIXTH, r if r == best else decide((r, *rerolls.options(fresh, r)))) for r in results])


@lru_cache(maxsize=4096)
def target_tree(target: int, rerolls: Rerolls, ok: Tree = OK, fail: Tree = FAIL) -> Tree:
    need = clamp_target(target)
    if rerolls.nudge is not None:
        return _nudged_roll(need, rerolls, rerolls.nudge, ok, fail)
    if rerolls.swift is None:
        return die_roll(lambda face: ok if passes(face, need) else fail, rerolls, ok)
    # Swift as the Breeze instead of a re-roll, or on the re-roll (a failed Pro or Loner roll leaves the failure)
    fresh = chance([(SIXTH, ok if passes(face, need) else swift_saves(face, fail, ok, rerolls)) for face in FACES])
    again = decide((fail, *rerolls.options(fresh, fail)))
    return chance([(SIXTH, ok if passes(face, need) else swift_saves(face, again, ok, rerolls)) for face in FACES])


def ball_and_chain_tree(ways: int, rerolls: Rerolls, missed: Tree) -> Tree:
    """One square of a Ball & Chain move: the D6 on the throw-in template sends him one of three
    ways, each on two faces (1-2, 3-4, 5-6: FFB ThrowInMechanic), and `ways` (1 or 2) of them will
    do: a 5+ or a 3+. Only his own rule may re-roll it: no team re-roll nor Pro (FFB's
    StepMoveBallAndChain asks the DIRECTION re-roll sources, 2025 Whirling Dervish alone; a team
    re-roll only under a game option, off by default). The wrong way is a miss, not a turnover."""
    return target_tree(7 - 2 * ways, Rerolls(rerolls.player, rerolls.skill, team=False), fail=missed)


def _nudged_roll(need: int, rerolls: Rerolls, nudge: Resource, ok: Tree, fail: Tree) -> Tree:
    """A D6 test whose roll, once seen, may take +1 (once): on the roll a re-roll would replace,
    on the re-roll itself, or after a Pro roll that failed."""

    def standing(face: int) -> Tree:
        if passes(face, need):
            return ok
        return decide((fail, Spend(nudge, ok))) if passes(face, need, 1) else fail

    fresh = chance([(SIXTH, standing(face)) for face in FACES])
    first = []
    for face in FACES:
        stands = standing(face)
        first.append((SIXTH, stands if stands == ok else decide((stands, *rerolls.options(fresh, stands)))))
    return chance(first)


# -- dodges -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Dodge:
    target: int
    break_tackle: int | None = None  # his Break Tackle bonus (None: he has none that helps)
    diving_tackle: str = ""  # "", "first" (classic: spoils one roll) or "after" (2025: after every re-roll)
    tentacles: Fraction = ZERO  # chance a Tentacles player holds him first
    shadowed: Fraction = ZERO  # chance a Shadowing player follows him (the "branch" result)


@lru_cache(maxsize=4096)
def dodge_tree(dodge: Dodge, rerolls: Rerolls) -> Tree:
    need = dodge.target  # not clamped: Break Tackle's bonus counts from the written target (7+ with +2: 5+)
    through: Tree = binary(dodge.shadowed, OK, Leaf("branch", tag="shadowed")) if dodge.shadowed else OK
    bt = Resource("break-tackle", rerolls.player) if dodge.break_tackle else None

    def roll(rerolled: bool, diver_ready: bool) -> Tree:
        return chance([(SIXTH, face_tree(face, rerolled, diver_ready)) for face in FACES])

    def result(face: int, bonus: int, rerolled: bool, diver_ready: bool) -> Tree:
        if dodge.diving_tackle == "after":
            made = passes(face, need + 2, bonus)
            ready_after = True
        else:
            spoiled = diver_ready and passes(face, need, bonus) and not passes(face, need + 2, bonus)
            made = passes(face, need, bonus) and not spoiled
            ready_after = diver_ready and not spoiled
        if made:
            return through
        if rerolled:
            return FAIL
        return decide((FAIL, *rerolls.options(roll(True, ready_after), FAIL)))

    def face_tree(face: int, rerolled: bool, diver_ready: bool) -> Tree:
        plain = result(face, 0, rerolled, diver_ready)
        if plain == through:
            return plain
        helpers = [(r, bonus) for r, bonus in ((bt, dodge.break_tackle or 0), (rerolls.nudge, 1)) if r is not None]
        options: list[Tree] = [plain]
        for used in (helpers[:1], helpers[1:], helpers if len(helpers) > 1 else []):
            if not used:
                continue
            helped = result(face, sum(bonus for _, bonus in used), rerolled, diver_ready)
            if helped != plain:
                tree = helped
                for resource, _ in reversed(used):
                    tree = Spend(resource, tree)
                options.append(tree)
        if rerolls.swift is not None and face > 1:  # instead of a re-roll, whatever the modifiers
            options.append(Spend(rerolls.swift, through))
        return decide(options)

    dodge_roll = roll(False, dodge.diving_tackle == "first")
    held = Leaf("fail", tag="held")
    return binary(dodge.tentacles, dodge_roll, held) if dodge.tentacles else dodge_roll


# -- passes, catches, throws ---------------------------------------------------------------------


@lru_cache(maxsize=8)
def scatter_back(times: int) -> Fraction:
    """Chance that a ball scattered `times` times in the open ends where it started."""
    return scatter_distribution(_CENTRE, times)[_CENTRE]


@lru_cache(maxsize=8)
def bounces_onto_catcher(times: int) -> Fraction:
    """Chance that a ball aimed at a lone catcher in the open, scattered `times` times, lands on an
    empty square from which its one bounce lands on his."""
    landed = scatter_distribution(_CENTRE, times)
    return sum((p * scatter_distribution(sq, 1)[_CENTRE] for sq, p in landed.items() if sq != _CENTRE), ZERO)


@lru_cache(maxsize=4096)
def catch_tree(edition: Edition, target: int, context: str, rerolls: Rerolls, diving: bool = False) -> Tree:
    """A catch; after an inaccurate pass the ball must first come to the catcher, scattered onto
    his square or bounced onto it, and the catch is harder by the edition's modifier for each.
    Diving Catch: +1 after an accurate pass, and in 2025 to a ball scattered back onto his square
    (he is in the target square; a bounce is never helped)."""
    if context != "inaccurate":
        return target_tree(target - (1 if diving and context == "accurate" else 0), rerolls)
    times = edition.inaccurate_pass_scatters
    back, bounced = scatter_back(times), bounces_onto_catcher(times)
    diving_back = 1 if diving and edition.diving_catch_after_inaccurate else 0
    return chance(
        (
            (back, target_tree(target + catch_penalty(edition, "inaccurate_pass") - diving_back, rerolls)),
            (bounced, target_tree(target + catch_penalty(edition, "bounce"), rerolls)),
            (ONE - back - bounced, Leaf("fail", tag="missed")),
        )
    )


@lru_cache(maxsize=16)
def catch_penalty(edition: Edition, kind: str) -> int:
    """How much harder a ball of this kind ("inaccurate_pass", "bounce") is to catch than an
    accurate pass (from the edition's catch test)."""
    catcher = Player("c", "home", _CENTRE)
    board = Board([catcher])
    accurate = edition.catch_test(catcher, board, _CENTRE, "accurate_pass").total_modifier
    return accurate - edition.catch_test(catcher, board, _CENTRE, kind).total_modifier


@lru_cache(maxsize=8)
def interception_easier_when_inaccurate(edition: Edition) -> int:
    interceptor = Player("i", "away", _CENTRE)
    board = Board([interceptor])
    accurate = edition.interception_test(interceptor, board, True).total_modifier
    inaccurate = edition.interception_test(interceptor, board, False).total_modifier
    return inaccurate - accurate


@dataclass(frozen=True)
class Throw:
    target: int  # accurate (or superb) on this natural roll or more
    fumble: int = 1  # fumbled on this natural roll or less (1 or less after modifiers)
    intercept: int | None = None  # the interceptor's target (against an accurate pass in 2025)
    hail_mary: bool = False  # never accurate, never intercepted
    team_mate: bool = False  # Throw Team-Mate: superb / subpar instead of accurate / inaccurate
    caught_next: bool = False  # a catch (or a landing) follows: an inaccurate ball may still be caught
    strength: int = 0  # once, after seeing the roll, his ST added to it, up to 6 (2025 Strong Passing Game)


@lru_cache(maxsize=4096)
def throw_tree(edition: Edition, throw: Throw, rerolls: Rerolls) -> Tree:
    need = clamp_target(throw.target)
    fumbled = Leaf("fail", tag="fumble")
    stolen = Leaf("fail", tag="intercepted")
    good, poor = ("superb", "subpar") if throw.team_mate else ("accurate", "inaccurate")
    if throw.team_mate:
        landed: dict[str, Tree] = {
            good: Leaf("ok", good, tag=good),
            poor: Leaf("ok", poor, tag=poor) if throw.caught_next else Leaf("ok", tag=poor),
        }
    else:
        landed = {
            good: Leaf("ok", good, tag=good),
            poor: Leaf("ok", poor, tag=poor) if throw.caught_next else Leaf("fail", tag=poor),
        }
    before = throw.intercept is not None and edition.interception_before_pass and not throw.hail_mary
    after = throw.intercept is not None and not edition.interception_before_pass and not throw.hail_mary
    if after:
        assert throw.intercept is not None
        easier = interception_easier_when_inaccurate(edition)
        landed = {
            good: binary(d6_success(throw.intercept), landed[good], stolen),
            poor: binary(d6_success(throw.intercept - easier), landed[poor], stolen),
        }

    def read(face: int, roll: int) -> Tree:
        if roll != 6 and (face == 1 or roll <= throw.fumble):
            return fumbled
        if not throw.hail_mary and passes(roll, need):
            return landed[good]
        return landed[poor]

    def result(face: int) -> Tree:
        plain = read(face, face)
        if not throw.strength or face == 1:  # a natural 1 stays a fumble
            return plain
        helped = read(face, min(6, face + throw.strength))
        return (
            plain
            if helped == plain
            else decide((plain, Spend(Resource("free", rerolls.player, "strong-passing-game"), helped)))
        )

    tree = die_roll(result, rerolls, landed[good] if not throw.hail_mary else landed[poor])
    if before:
        assert throw.intercept is not None
        tree = binary(d6_success(throw.intercept), tree, stolen)
    return tree


@lru_cache(maxsize=4096)
def landing_tree(edition: Edition, target: int, context: str, rerolls: Rerolls) -> Tree:
    penalty = edition.ttm_subpar_landing_penalty if context == "subpar" else 0
    return target_tree(target + penalty, rerolls)


def st_roll(works: Fraction, rerolls: Rerolls, won: Tree, lost: Tree) -> Tree:
    """A roll that works with this chance (Dauntless, breaking free of Tentacles), re-rolled once
    on a loss when the coach likes: `lost` may still be an "ok" that the next roll reads."""
    fresh = binary(works, lost, won)
    return binary(works, decide((lost, *rerolls.options(fresh, lost))), won)


def st_roll_tree(edition: Edition, kind: str, their_st: int, st: int, rerolls: Rerolls, branch_follows: bool) -> Tree:
    """Dauntless (D6 + his ST must beat the opponent's: no natural 6 rule) or the roll to break
    free of a Tentacles player (held: the end of his action, or the "?" steps written after it)."""
    if kind == "dauntless":
        won, lost = Leaf("ok", "dauntless", tag="dauntless_won"), Leaf("ok", tag="dauntless_lost")
        return st_roll(dauntless_works(edition, their_st, st), rerolls, won, lost)
    held = Leaf("branch" if branch_follows else "fail", tag="held")
    return st_roll(ONE - edition.tentacles_hold(st, their_st), rerolls, Leaf("ok", tag="escaped"), held)


def dauntless_works(edition: Edition, their_st: int, st: int) -> Fraction:
    """The chance that D6 + his ST beats (classic: beats; the edition says) the opponent's ST."""
    need = their_st - st + (1 if edition.dauntless_needs_higher else 0)
    return Fraction(max(0, 7 - max(need, 1)), 6)


def chainsaw_start(edition: Edition, rerolls: Rerolls, then: Tree) -> Tree:
    """The kick-back roll before a chainsaw attack (or a chainsaw foul): a 1 hits the wielder."""
    return target_tree(edition.chainsaw_hits_on, rerolls, then, Leaf("fail", tag="kick_back"))


__all__ = [
    "NO_REROLL",
    "Dodge",
    "Rerolls",
    "Throw",
    "bounces_onto_catcher",
    "catch_penalty",
    "catch_tree",
    "chainsaw_start",
    "dauntless_works",
    "die_roll",
    "dodge_tree",
    "landing_tree",
    "passes",
    "scatter_back",
    "st_roll",
    "st_roll_tree",
    "swift_saves",
    "target_tree",
    "throw_tree",
]
