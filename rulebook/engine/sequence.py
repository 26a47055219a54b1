"""The one exact solver for a turn's rolls with re-rolls spent as a good coach would.

A turn is a Program: nodes in order, one per roll. Each node holds, for each context its previous
roll may leave (an accurate or an inaccurate pass, a defender knocked down or pushed into the
crowd), a decision tree over what may happen at that roll:

  Chance   the dice decide (exact Fractions)
  Decide   the coach chooses one of the alternatives (the first is always "take the result")
  Spend    an alternative that spends something: a team re-roll (shared by the whole team),
           a skill re-roll (once per turn per player where the rules say so), Pro, Break Tackle
  Leaf     the roll is over: "ok" (the next step), "branch" (the conditional steps written
           after this one), "next" (the node just after, e.g. Frenzy's second block), "miss"
           (the goal missed without a turnover: the "!" steps written after it, else as "fail"), "fail"
           (the sequence stops here) or "after_goal" (the goal is reached but the turn ends:
           a success only when nothing was left to do)

A roll is never re-rolled twice: the modules that build the trees (turn_d6, turn_block,
turn_armour, or SequenceStep below) simply offer no re-roll inside a re-rolled branch. A leaf may
give the team one more re-roll for the rest of the turn, once (`gain`: 2025 Pump Up the Crowd).

solve() maximises the chance of reaching the end over every decision by dynamic programming over
(node, context, team re-rolls left, once-per-turn resources used); among equal chances it keeps
the team re-rolls. Choices are made in floats and every near tie is settled in exact arithmetic
(rings.py); the best plan is then followed forward, exactly, to report the chance, where the
sequence stops, what each re-roll source is spent on and saves, and the results seen at each roll.

Kept as one module: the choosing solver, the exact one and the forward walk share their private
state (memos, choices, the resources each node may still spend), and the pass/fail form at the
end is what movement, passing and the classic odds import. Trees: trees.py; numbers: rings.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from .probability import ONE, ZERO
from .rings import TIE, Num, _Floats, _Fractions, _Ring23
from .trees import FAIL, OK, TEAM, Chance, Decide, Leaf, Node, Resource, Spend, Tree, binary, chance, decide

_State = tuple[int, frozenset[tuple[str, str, str]]]


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


_Value = tuple[Num, Num]  # chance of reaching the end, expected team re-rolls spent


class _Solver:
    """Best values by dynamic programming in one ring; with `exact` set (a solver in an exact ring)
    the ring is the float one, and near ties are settled by the exact solver."""

    def __init__(
        self,
        nodes: Sequence[Node],
        ring: _Fractions,
        exact: _Solver | None = None,
        relevant: list[tuple[frozenset[tuple[str, str, str]], bool]] | None = None,
    ) -> None:
        self.nodes = nodes
        self.end = len(nodes)
        self.ring = ring
        self.exact = exact
        self.memo: dict[tuple[int, int, _State], _Value | None] = {}
        self.node_memo: dict[tuple[int, str, _State], _Value] = {}
        self.choices: dict[tuple[int, int, _State], int] = {}
        self.weights: dict[int, list[tuple[Num, Tree]]] = {}
        self.relevant = relevant if relevant is not None else _relevant(nodes)
        self.win: _Value = (ring.one, ring.zero)
        self.lose: _Value = (ring.zero, ring.zero)

    def project(self, index: int, state: _State) -> _State:
        """The state with only what node `index` and the nodes after it may still spend."""
        keys, team_matters = self.relevant[index]
        team, used = state
        return (team if team_matters else 0, used & keys)

    def value(self, index: int, context: str, state: _State) -> _Value:
        if index >= self.end:
            return self.win
        state = self.project(index, state)
        key = (index, context, state)
        found = self.node_memo.get(key)
        if found is None:
            value = self.eval(self.nodes[index].tree(context), index, state)
            assert value is not None
            found = self.node_memo[key] = value
        return found

    def leaf(self, leaf: Leaf, index: int, state: _State) -> _Value:
        node = self.nodes[index]
        if leaf.gains is not None:
            state = gain(state, leaf.gains)
        if leaf.outcome == "ok":
            return self.value(node.ok, leaf.context, state)
        if leaf.outcome == "branch":
            return self.value(node.branch, leaf.context, state)
        if leaf.outcome == "next":
            return self.value(index + 1, leaf.context, state)
        if leaf.outcome == "miss" and node.miss is not None:
            return self.value(node.miss, leaf.context, state)
        if leaf.outcome == "after_goal" and node.ok >= self.end:
            return self.win
        return self.lose

    def branches(self, tree: Chance) -> list[tuple[Num, Tree]]:
        found = self.weights.get(id(tree))
        if found is None:
            found = self.weights[id(tree)] = [(self.ring.of(q), sub) for q, sub in tree.branches]
        return found

    def eval(self, tree: Tree, index: int, state: _State) -> _Value | None:
        """The best value of the tree, None for a Spend of what is not available."""
        if isinstance(tree, Leaf):
            return self.leaf(tree, index, state)
        key = (id(tree), index, state)
        if key in self.memo:
            return self.memo[key]
        ring = self.ring
        found: _Value | None
        if isinstance(tree, Chance) and self.exact is not None:  # floats: plain arithmetic, no ring calls
            fp = ft = 0.0
            for weight, sub in self.branches(tree):
                value = self.leaf(sub, index, state) if isinstance(sub, Leaf) else self.eval(sub, index, state)
                assert value is not None
                fp += weight * value[0]
                ft += weight * value[1]
            found = (fp, ft)
        elif isinstance(tree, Chance):
            p = t = ring.zero
            for weight, sub in self.branches(tree):
                value = self.eval(sub, index, state)
                assert value is not None
                p = ring.add(p, ring.mul(weight, value[0]))
                t = ring.add(t, ring.mul(weight, value[1]))
            found = (p, t)
        elif isinstance(tree, Decide):
            found = self.eval(tree.alternatives[self.choose(tree, index, state)], index, state)
        else:
            after = spend(state, tree.resource)
            value = None if after is None else self.eval(tree.then, index, after)
            if value is None or tree.resource.kind != "team":
                found = value
            else:
                found = (value[0], ring.add(value[1], ring.one))
        self.memo[key] = found
        return found

    def choose(self, tree: Decide, index: int, state: _State) -> int:
        """The alternative with the best chance; among equal chances the one spending fewer team re-rolls."""
        key = (id(tree), index, state)
        found = self.choices.get(key)
        if found is not None:
            return found
        best, best_value = 0, None
        for i, alternative in enumerate(tree.alternatives):
            value = self.eval(alternative, index, state)
            if value is None:
                continue
            if best_value is None or self.better(value, best_value, tree, i, best, index, state):
                best, best_value = i, value
        self.choices[key] = best
        return best

    def better(self, a: _Value, b: _Value, tree: Decide, i: int, j: int, index: int, state: _State) -> bool:
        """Whether alternative i (value a) beats alternative j (value b)."""
        if self.exact is None:
            ring = self.ring
            return ring.gt(a[0], b[0]) or (ring.eq(a[0], b[0]) and ring.gt(b[1], a[1]))
        gap = a[0] - b[0]
        if abs(gap) > TIE:
            return gap > 0
        if abs(a[1] - b[1]) > TIE and self._same(a, b, tree, i, j, index, state):
            return a[1] < b[1]
        exact_a = self.exact.eval(tree.alternatives[i], index, state)
        exact_b = self.exact.eval(tree.alternatives[j], index, state)
        assert exact_a is not None and exact_b is not None
        return self.exact.better(exact_a, exact_b, tree, i, j, index, state)

    def _same(self, a: _Value, b: _Value, tree: Decide, i: int, j: int, index: int, state: _State) -> bool:
        """Whether the two alternatives have exactly the same chance (asked only of near ties)."""
        assert self.exact is not None
        exact_a = self.exact.eval(tree.alternatives[i], index, state)
        exact_b = self.exact.eval(tree.alternatives[j], index, state)
        assert exact_a is not None and exact_b is not None
        return self.exact.ring.eq(exact_a[0], exact_b[0])


def _relevant(nodes: Sequence[Node]) -> list[tuple[frozenset[tuple[str, str, str]], bool]]:
    """For each node: the once-per-turn resources it and the later nodes may spend, and whether a team
    re-roll may still be spent (states differing in nothing else have the same value)."""
    found: list[tuple[frozenset[tuple[str, str, str]], bool]] = []
    keys: set[tuple[str, str, str]] = set()
    team = False
    seen: set[int] = set()

    def visit(tree: Tree) -> None:
        nonlocal team
        if id(tree) in seen:
            return
        seen.add(id(tree))
        if isinstance(tree, Spend):
            if tree.resource.kind == "team":
                team = True
            elif tree.resource.once:
                keys.add((tree.resource.kind, tree.resource.player, tree.resource.name))
            visit(tree.then)
        elif isinstance(tree, Chance):
            for _, sub in tree.branches:
                visit(sub)
        elif isinstance(tree, Decide):
            for sub in tree.alternatives:
                visit(sub)
        elif tree.gains is not None:  # once: whether it was gained is part of the state
            keys.add((tree.gains.kind, tree.gains.player, tree.gains.name))

    for node in reversed(nodes):
        for tree in node.trees.values():
            visit(tree)
        found.append((frozenset(keys), team))
    return found[::-1]


def spend(state: _State, resource: Resource) -> _State | None:
    """The state after spending `resource`, or None when it is not available."""
    team, used = state
    if resource.kind == "team":
        return (team - 1, used) if team > 0 else None
    key = (resource.kind, resource.player, resource.name)
    if not resource.once:
        return state
    return None if key in used else (team, used | {key})


def gain(state: _State, resource: Resource) -> _State:
    """The state after a result that gives one more team re-roll, once (`resource` names the rule)."""
    team, used = state
    key = (resource.kind, resource.player, resource.name)
    return state if key in used else (team + 1, used | {key})


def solve_program(nodes: Sequence[Node], team_rerolls: int) -> Report:
    """The best plan's chance of reaching the end, and what it does on the way."""
    try:
        return _solve_with(nodes, team_rerolls, _Ring23())
    except ValueError:  # a chance with another prime in its denominator
        return _solve_with(nodes, team_rerolls, _Fractions())


def _solve_with(nodes: Sequence[Node], team_rerolls: int, ring: _Fractions) -> Report:
    """Choices by floats (near ties settled exactly), then the plan followed forward exactly."""
    relevant = _relevant(nodes)
    chooser = _Solver(nodes, _Floats(), exact=_Solver(nodes, ring, relevant=relevant), relevant=relevant)
    start: _State = (max(0, team_rerolls), frozenset())
    chooser.value(0, "", start)
    n = len(nodes)
    walk = _Walk(chooser, n, ring)
    if n:
        walk.masses[0][("", start)] = ring.one
    for index in range(n):
        for (context, state), mass in walk.masses[index].items():
            walk.reached[index] = ring.add(walk.reached[index], mass)
            walk.walk(nodes[index].tree(context), index, state, mass, "")
    f = ring.fraction
    probability = ring.zero if n else ring.one  # nothing to roll: the end is reached for certain
    for table in walk.done:
        probability = ring.add(probability, table)
    team_used = walk.spent_team
    return Report(
        f(probability),
        f(team_used),
        [f(x) for x in walk.reached],
        [f(x) for x in walk.stops],
        [{k: f(v) for k, v in d.items()} for d in walk.spent],
        [{k: f(v) for k, v in d.items()} for d in walk.saved],
        [{k: f(v) for k, v in d.items()} for d in walk.tags],
        _alones(nodes),
    )


class _Walk:
    """The best plan followed forward: probability masses over (node, context, state)."""

    def __init__(self, solver: _Solver, n: int, ring: _Fractions) -> None:
        self.solver, self.ring = solver, ring
        zero = ring.zero
        self.done: list[Num] = []  # masses reaching the end
        self.spent_team: Num = zero
        self.weights: dict[int, list[tuple[Num, Tree]]] = {}
        self.masses: list[dict[tuple[str, _State], Num]] = [{} for _ in range(n + 1)]
        self.reached: list[Num] = [zero] * n
        self.stops: list[Num] = [zero] * n
        self.spent: list[dict[str, Num]] = [{} for _ in range(n)]
        self.saved: list[dict[str, Num]] = [{} for _ in range(n)]
        self.tags: list[dict[str, Num]] = [{} for _ in range(n)]

    def _add(self, table: dict, key: object, mass: Num) -> None:
        table[key] = self.ring.add(table[key], mass) if key in table else mass

    def walk(self, tree: Tree, index: int, state: _State, mass: Num, source: str) -> None:
        ring, solver = self.ring, self.solver
        if isinstance(tree, Chance):
            weights = self.weights.get(id(tree))
            if weights is None:
                weights = self.weights[id(tree)] = [(ring.of(q), sub) for q, sub in tree.branches]
            for weight, sub in weights:
                self.walk(sub, index, state, ring.mul(mass, weight), source)
        elif isinstance(tree, Decide):
            self.walk(tree.alternatives[solver.choose(tree, index, state)], index, state, mass, source)
        elif isinstance(tree, Spend):
            after = spend(state, tree.resource)
            assert after is not None  # the plan never chooses what it cannot spend
            self._add(self.spent[index], tree.resource.label, mass)
            if tree.resource.kind == "team":
                self.spent_team = ring.add(self.spent_team, mass)
            self.walk(tree.then, index, after, mass, tree.resource.label)
        else:
            if tree.tag:
                self._add(self.tags[index], tree.tag, mass)
            if tree.gains is not None:
                state = gain(state, tree.gains)
            node = solver.nodes[index]
            target = {"ok": node.ok, "branch": node.branch, "next": index + 1, "miss": node.miss}.get(tree.outcome)
            if target is None:  # fail, or a goal reached with a turnover
                if tree.outcome != "after_goal" or node.ok < solver.end:
                    self.stops[index] = ring.add(self.stops[index], mass)
                    return
                target = solver.end
            if source:
                self._add(self.saved[index], source, mass)
            if target < solver.end:
                self._add(self.masses[target], (tree.context, solver.project(target, state)), mass)
            else:
                self.done.append(mass)


def _alones(nodes: Sequence[Node]) -> list[Fraction]:
    """Each node's chance of going on when nothing is re-rolled (the first alternative every time),
    counting the node it leads to by "next" (Frenzy's second block) as part of it."""
    found = [ZERO] * len(nodes)
    for index in range(len(nodes) - 1, -1, -1):
        after = found[index + 1] if index + 1 < len(nodes) else ZERO
        found[index] = _alone(nodes[index].tree(""), after)
    return found


def _alone(tree: Tree, after: Fraction) -> Fraction:
    if isinstance(tree, Leaf):
        return after if tree.outcome == "next" else ZERO if tree.outcome in ("fail", "miss") else ONE
    if isinstance(tree, Chance):
        return sum((q * _alone(sub, after) for q, sub in tree.branches), ZERO)
    if isinstance(tree, Decide):
        return _alone(tree.alternatives[0], after)
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
