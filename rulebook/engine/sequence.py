"""The one exact solver for a turn's rolls with re-rolls spent as a good coach would.

A turn is a Program: nodes in order, one per roll. Each node holds, for each context its previous
roll may leave (an accurate or an inaccurate pass, a defender knocked down or pushed into the
crowd), a decision tree over what may happen at that roll:

  Chance   the dice decide (exact Fractions)
  Decide   the coach chooses one of the alternatives (the first is always "take the result")
  Spend    an alternative that spends something: a team re-roll (shared by the whole team),
           a skill re-roll (once per turn per player where the rules say so), Pro, Break Tackle
  Leaf     the roll is over: "ok" (the next step), "branch" (the conditional steps written
           after this one), "next" (the node just after, e.g. Frenzy's second block), "fail"
           (the sequence stops here) or "after_goal" (the goal is reached but the turn ends:
           a success only when nothing was left to do)

A roll is never re-rolled twice: the modules that build the trees (turn_d6, turn_block,
turn_armour, or SequenceStep below) simply offer no re-roll inside a re-rolled branch.

solve() maximises the chance of reaching the end over every decision by dynamic programming over
(node, context, team re-rolls left, once-per-turn resources used); among equal chances it keeps
the team re-rolls. It then follows that best plan forward to report where the sequence stops,
what each re-roll source is spent on and saves, and the outcomes seen at each roll.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from .probability import ONE, ZERO

# -- decision trees --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Leaf:
    outcome: str  # ok, branch, next, fail, after_goal
    context: str = ""  # what the next roll needs to know of this one
    tag: str = ""  # the result shown in explanations (a block's outcome, "held", "sent_off")


@dataclass(frozen=True, slots=True)
class Chance:
    branches: tuple[tuple[Fraction, Tree], ...]


@dataclass(frozen=True, slots=True)
class Decide:
    alternatives: tuple[Tree, ...]  # the first is the one taken without any re-roll


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

    def tree(self, context: str) -> Tree:
        return self.trees.get(context) or self.trees[""]


# -- solving -----------------------------------------------------------------------------------

_State = tuple[int, frozenset[tuple[str, str, str]]]
_Value = tuple[Fraction, Fraction]  # chance of reaching the end, expected team re-rolls spent
_NONE: _Value = (Fraction(-1), ZERO)


@dataclass
class Report:
    """The best plan followed forward. Per node: the chance it is reached, that the sequence
    stops there, that each re-roll source is spent there and that the roll then goes on, and
    the chance of each tagged result (with re-rolls)."""

    probability: Fraction
    team_rerolls_used: Fraction
    reached: list[Fraction]
    stops: list[Fraction]
    spent: list[dict[str, Fraction]]
    saved: list[dict[str, Fraction]]
    tags: list[dict[str, Fraction]]
    alone: list[Fraction] = field(default_factory=list)  # each roll on its own, no re-roll


class _Solver:
    def __init__(self, nodes: Sequence[Node]) -> None:
        self.nodes = nodes
        self.end = len(nodes)
        self.memo: dict[tuple[int, int, _State], _Value] = {}
        self.node_memo: dict[tuple[int, str, _State], _Value] = {}

    def value(self, index: int, context: str, state: _State) -> _Value:
        if index >= self.end:
            return ONE, ZERO
        key = (index, context, state)
        found = self.node_memo.get(key)
        if found is None:
            found = self.node_memo[key] = self.eval(self.nodes[index].tree(context), index, state)
        return found

    def leaf(self, leaf: Leaf, index: int, state: _State) -> _Value:
        node = self.nodes[index]
        if leaf.outcome == "ok":
            return self.value(node.ok, leaf.context, state)
        if leaf.outcome == "branch":
            return self.value(node.branch, leaf.context, state)
        if leaf.outcome == "next":
            return self.value(index + 1, leaf.context, state)
        if leaf.outcome == "after_goal" and node.ok >= self.end:
            return ONE, ZERO
        return ZERO, ZERO

    def eval(self, tree: Tree, index: int, state: _State) -> _Value:
        key = (id(tree), index, state)
        found = self.memo.get(key)
        if found is not None:
            return found
        if isinstance(tree, Leaf):
            found = self.leaf(tree, index, state)
        elif isinstance(tree, Chance):
            p = t = ZERO
            for q, sub in tree.branches:
                sp, st = self.eval(sub, index, state)
                p += q * sp
                t += q * st
            found = (p, t)
        elif isinstance(tree, Decide):
            found = self.eval(tree.alternatives[self.choose(tree, index, state)], index, state)
        else:
            after = spend(state, tree.resource)
            if after is None:
                found = _NONE
            else:
                sp, st = self.eval(tree.then, index, after)
                found = (sp, st + (ONE if tree.resource.kind == "team" else ZERO))
        self.memo[key] = found
        return found

    def choose(self, tree: Decide, index: int, state: _State) -> int:
        best, best_value = 0, _NONE
        for i, alternative in enumerate(tree.alternatives):
            value = self.eval(alternative, index, state)
            if value[0] > best_value[0] or (value[0] == best_value[0] and value[1] < best_value[1]):
                best, best_value = i, value
        return best


def spend(state: _State, resource: Resource) -> _State | None:
    """The state after spending `resource`, or None when it is not available."""
    team, used = state
    if resource.kind == "team":
        return (team - 1, used) if team > 0 else None
    key = (resource.kind, resource.player, resource.name)
    if not resource.once:
        return state
    return None if key in used else (team, used | {key})


def solve_program(nodes: Sequence[Node], team_rerolls: int) -> Report:
    """The best plan's chance of reaching the end, and what it does on the way."""
    solver = _Solver(nodes)
    start: _State = (max(0, team_rerolls), frozenset())
    probability, team_used = solver.value(0, "", start)
    n = len(nodes)
    report = Report(
        probability,
        team_used,
        [ZERO] * n,
        [ZERO] * n,
        [{} for _ in range(n)],
        [{} for _ in range(n)],
        [{} for _ in range(n)],
        [_alone(node.tree("")) for node in nodes],
    )
    masses: list[dict[tuple[str, _State], Fraction]] = [{} for _ in range(n + 1)]
    if n:
        masses[0][("", start)] = ONE
    for index in range(n):
        for (context, state), mass in masses[index].items():
            report.reached[index] += mass
            _walk(solver, report, masses, nodes[index].tree(context), index, state, mass, "")
    return report


def _add(table: dict[str, Fraction], key: str, mass: Fraction) -> None:
    table[key] = table.get(key, ZERO) + mass


def _walk(
    solver: _Solver,
    report: Report,
    masses: list[dict[tuple[str, _State], Fraction]],
    tree: Tree,
    index: int,
    state: _State,
    mass: Fraction,
    source: str,
) -> None:
    if isinstance(tree, Chance):
        for q, sub in tree.branches:
            _walk(solver, report, masses, sub, index, state, mass * q, source)
    elif isinstance(tree, Decide):
        chosen = tree.alternatives[solver.choose(tree, index, state)]
        _walk(solver, report, masses, chosen, index, state, mass, source)
    elif isinstance(tree, Spend):
        after = spend(state, tree.resource)
        assert after is not None  # the plan never chooses what it cannot spend
        _add(report.spent[index], tree.resource.label, mass)
        _walk(solver, report, masses, tree.then, index, after, mass, tree.resource.label)
    else:
        if tree.tag:
            _add(report.tags[index], tree.tag, mass)
        node = solver.nodes[index]
        target = {"ok": node.ok, "branch": node.branch, "next": index + 1}.get(tree.outcome)
        if target is None:  # fail, or a goal reached with a turnover
            if tree.outcome == "after_goal" and node.ok >= solver.end:
                target = solver.end
            else:
                report.stops[index] += mass
                return
        if source:
            _add(report.saved[index], source, mass)
        if target < solver.end:
            slot = masses[target]
            slot[(tree.context, state)] = slot.get((tree.context, state), ZERO) + mass


def _alone(tree: Tree) -> Fraction:
    """The chance the roll goes on when no re-roll is spent (the first alternative every time)."""
    if isinstance(tree, Leaf):
        return ZERO if tree.outcome == "fail" else ONE
    if isinstance(tree, Chance):
        return sum((q * _alone(sub) for q, sub in tree.branches), ZERO)
    if isinstance(tree, Decide):
        return _alone(tree.alternatives[0])
    return ZERO


# -- the simple form: one pass/fail roll after another (movement, passing, the classic odds) ----


@dataclass(frozen=True, slots=True)
class SequenceStep:
    """One pass/fail roll, as the movement and passing modules describe it."""

    probability: Fraction  # chance the roll succeeds (Break Tackle not spent)
    player: str = ""  # who rolls: skill re-rolls, Pro and Break Tackle are his, once per turn
    skill: str | None = None  # the skill of his that may re-roll this roll
    rerollable: bool = True  # False for rolls nothing may re-roll (armour, injury)
    loner: Fraction = ONE  # chance his Loner roll lets a team re-roll go ahead
    pro: Fraction | None = None  # chance his Pro roll lets the re-roll go ahead; None: no Pro
    pro_rescue: Fraction | None = None  # chance Pro's re-roll then succeeds (one die of several); None: probability
    pro_roll_team_rerollable: bool = False  # a failed Pro roll may be re-rolled with a team re-roll
    break_tackle: Fraction | None = None  # chance of success if he spends Break Tackle on this roll (before it)
    kind: str = ""  # for explanations only

    def rescue_by_pro(self, probability: Fraction) -> Fraction:
        return probability if self.pro_rescue is None else self.pro_rescue


@dataclass(frozen=True, slots=True)
class SequenceAnswer:
    probability: Fraction  # every roll passes
    stops: tuple[Fraction, ...]  # chance the sequence ends (fails) at each roll
    team_rerolls_used: Fraction  # expected team re-rolls the best plan spends


def step_tree(step: SequenceStep) -> Tree:
    """The roll as a decision tree: on a failure, its skill re-roll, Pro or a team re-roll."""

    def roll(p: Fraction) -> Tree:
        if not step.rerollable:
            return binary(p)
        options: list[Tree] = [FAIL]
        if step.skill is not None:
            options.append(Spend(Resource("skill", step.player, step.skill), binary(p)))
        if step.pro is not None:
            rescued = binary(step.rescue_by_pro(p))
            stands: Tree = FAIL
            if step.pro_roll_team_rerollable:
                again = binary(step.loner * step.pro * step.rescue_by_pro(p))
                stands = decide((FAIL, Spend(TEAM, again)))
            options.append(Spend(Resource("pro", step.player), binary(step.pro, stands, rescued)))
        options.append(Spend(TEAM, binary(step.loner * p)))
        return binary(p, decide(options))

    tree = roll(step.probability)
    if step.break_tackle is not None:
        tree = Decide((tree, Spend(Resource("break-tackle", step.player), roll(step.break_tackle))))
    return tree


def linear_program(trees: Sequence[Tree], kinds: Sequence[str] = (), players: Sequence[str] = ()) -> list[Node]:
    """One node per tree, each leading to the next."""
    return [
        Node(
            {"": tree},
            i + 1,
            i + 1,
            kinds[i] if i < len(kinds) else "",
            players[i] if i < len(players) else "",
            i,
        )
        for i, tree in enumerate(trees)
    ]


def solve(steps: Sequence[SequenceStep], team_rerolls: int) -> SequenceAnswer:
    """The best plan's chance that every step passes, with `team_rerolls` team re-rolls at hand."""
    return _solve(tuple(steps), max(0, team_rerolls))


def success(steps: Sequence[SequenceStep], team_rerolls: int) -> Fraction:
    return _solve(tuple(steps), max(0, team_rerolls)).probability


@lru_cache(maxsize=65536)
def _solve(steps: tuple[SequenceStep, ...], team: int) -> SequenceAnswer:
    report = solve_program(linear_program([step_tree(s) for s in steps]), team)
    return SequenceAnswer(report.probability, tuple(report.stops), report.team_rerolls_used)


__all__ = [
    "FAIL",
    "OK",
    "TEAM",
    "Chance",
    "Decide",
    "Leaf",
    "Node",
    "Report",
    "Resource",
    "SequenceAnswer",
    "SequenceStep",
    "Spend",
    "Tree",
    "binary",
    "chance",
    "decide",
    "linear_program",
    "solve",
    "solve_program",
    "step_tree",
    "success",
]
