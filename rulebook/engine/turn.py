"""The odds of a whole turn: every roll a coach chains, by one player or several, with the team
re-rolls they share, solved exactly (engine/sequence.py) and explained. A Turn is its players (skills,
Loner target, ST, AG, MA) and its steps in order. A step is one roll or one chain of rolls: a D6
test (turn_d6: Hypnotic Gaze, a Ball & Chain's way), a Throw Bomb (turn_stars.bomb_blast), a roll against the opponent's ST (Dauntless, whose success the block just
after it reads; Tentacles, whose "held" is the branch result when "?" steps follow), a block
(turn_block), an armour, foul (Bribe, 2025 Argue the Call), chainsaw or stab chain (turn_armour).
What the rules refuse is checked in turn_checks.py. A step written `conditional` runs only after
the previous roll ended in its "branch" result (a block knocking the defender down when the goal
was a push; a dodger followed by a Shadowing player), one written `on_miss` only after it missed
its goal without a turnover (a stab that does not break): turn_edges.py. A catch knows whether the
pass was accurate, an armour roll whether the block knocked him down or pushed him into the crowd.
A step may fix the coach's play (turn_choice.py); TurnOdds.best then says what it costs.

Team re-rolls are shared under the edition's rule (classic: one per team turn; 2025: any number,
never two on one roll); skill re-rolls, Pro and Break Tackle belong to each player.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache

from . import turn_stars as stars
from .editions.base import Edition
from .probability import ONE, ZERO, d6_success
from .sequence import Report, solve_program
from .skills import OPPONENT_SKILLS, PLAYER_SKILLS, SKILL_NUDGES
from .trees import Leaf, Node, Resource, Tree
from .turn_armour import CONTEXTS, ArmourSpec, armour_tree
from .turn_armour import results as armour_results
from .turn_armour import sent_off as foul_sent_off
from .turn_block import BlockSpec, one_roll
from .turn_block_nodes import block_nodes
from .turn_checks import (
    CHAIN_KINDS,
    D6_KINDS,
    KINDS,
    REROLL_SKILL,
    ST_KINDS,
    TurnError,
    check,
    hail_mary_fumble,
    normalise,
    rerollable,
)
from .turn_choice import KEEPABLE, restricted
from .turn_d6 import (
    Dodge,
    Rerolls,
    Throw,
    ball_and_chain_tree,
    catch_tree,
    dauntless_works,
    dodge_tree,
    landing_tree,
    st_roll_tree,
    target_tree,
    throw_tree,
)
from .turn_edges import branch_follows, edges, following_kind

MISSED = Leaf("miss")


@dataclass(frozen=True)
class TurnPlayer:
    name: str
    skills: frozenset[str] = frozenset()
    loner: int | None = None  # his Loner target; None when he has no Loner
    st: int = 3
    ag: int = 3  # in the edition's notation (classic AG 3; 2025 AG 3+): Break Tackle in the classic rules
    ma: int = 6  # classic Shadowing
    values: tuple[tuple[str, int], ...] = ()  # skills printing a value: ("mighty-blow", 2)

    def value(self, skill: str) -> int | None:
        return dict(self.values).get(skill)


@dataclass(frozen=True)
class TurnStep:
    kind: str
    value: int  # the D6 target, the block dice, or the armour value
    player: str = "player"
    conditional: bool = False
    defender_chooses: bool = False
    goal: str = ""  # block: down push safe; chains: break ko cas ("" = the first)
    against: frozenset[str] = frozenset()  # the opponent's skills that matter to this roll
    fumble: int = 1  # pass, Hail Mary, Throw Team-Mate: fumbled on this natural roll or less
    blitz: bool = False
    crowd: bool = False
    assists: int = 0  # foul: offensive minus defensive assists
    tentacles: int | None = None  # the Tentacles player's ST
    shadowing: int | None = None  # the Shadowing player's MA (any value in 2025)
    negatives: int = 0  # leap: the negative modifiers counted in its target (2025 Bounding Leap ignores them)
    intercept: int | None = None  # the interceptor's target
    catcher: int | None = None  # bomb: the target of the player in its square who tries to catch it
    dauntless: int | None = None  # block: the dice after a Dauntless roll that worked (-2: the defender's 2)
    bribe: bool = False  # foul: a Bribe against the sending-off
    argue: bool = False  # foul: Argue the Call first (2025)
    on_miss: bool = False  # made only after the previous roll missed its goal without a turnover ("!")
    reroll: str = ""  # the coach's own play: which re-roll he allows here (turn_choice.REROLL_CHOICES)
    keep: frozenset[str] = frozenset()  # results he keeps rather than re-roll ("push", "inaccurate")
    keywords: frozenset[str] = frozenset()  # the armour roll's victim: "big-guy", "dwarf" (2025 stars' helps)
    pair: bool = False  # foul, stab, block: the victim Marked by both of a pair (2025 A Sneaky Pair, Working in Tandem)

    @property
    def chosen(self) -> bool:
        """Whether the coach fixed his play on this roll (else: the best play)."""
        return bool(self.reroll or self.keep)


@dataclass(frozen=True)
class Turn:
    steps: tuple[TurnStep, ...]
    players: tuple[TurnPlayer, ...] = ()
    team_rerolls: int = 1

    def player(self, name: str) -> TurnPlayer:
        return next((p for p in self.players if p.name == name), TurnPlayer(name))


@dataclass(frozen=True)
class StepOdds:
    step: TurnStep
    alone: Fraction  # its first roll succeeding, no re-roll
    reached: Fraction  # chance the turn gets to it
    stops: Fraction  # chance the turn ends here
    spent: dict[str, Fraction]  # re-roll source → chance it is spent on its (first) roll
    saved: dict[str, Fraction]  # re-roll source → chance it is spent there and the turn goes on
    one_roll: dict[str, Fraction]  # a block's or a chain's results on one roll (no re-roll)
    played: dict[str, Fraction] = field(
        default_factory=dict
    )  # its first roll's tagged results with re-rolls, once reached
    sent_off: Fraction = ZERO  # a foul: the fouler sent off (on one go)
    second: dict[str, Fraction] = field(default_factory=dict)  # Frenzy's second block, once it is thrown
    second_reached: Fraction = ZERO  # chance the turn gets to Frenzy's second block
    second_spent: dict[str, Fraction] = field(default_factory=dict)  # re-rolls spent on it
    second_saved: dict[str, Fraction] = field(default_factory=dict)


@dataclass(frozen=True)
class TurnOdds:
    probability: Fraction
    team_rerolls: int  # usable this turn (the edition's limit applied)
    team_rerolls_used: Fraction  # expected, under the best plan
    steps: tuple[StepOdds, ...]
    best: Fraction | None = None  # the best play's chance, when a step fixes the coach's own play

    @property
    def weakest(self) -> int | None:
        """The step where the turn most often ends (0-based), None when it never fails."""
        stops = [s.stops for s in self.steps]
        return max(range(len(stops)), key=stops.__getitem__) if stops and max(stops) > 0 else None


def rerolls_for(edition: Edition, player: TurnPlayer, kind: str) -> Rerolls:
    if not rerollable(edition, kind):
        return Rerolls(player.name, team=False)
    slug = REROLL_SKILL.get(kind)
    if kind == "ttm" and edition.pass_skill_rerolls_throw_team_mate:
        slug = "pass"
    skill = None
    if slug is not None and slug in player.skills:
        skill = Resource("skill", player.name, slug, once=slug in edition.skill_rerolls_once_per_turn)
    loner = player.loner
    if loner is None and "loner" in player.skills:
        loner = edition.loner_default_target
    # A star's re-roll of any roll of his but armour, injury and casualty rolls (a chainsaw's
    # kick-back is a D6 of his): the same resource as on a block die, so once in the turn in all.
    any_roll = kind not in CHAIN_KINDS or kind == "chainsaw"
    extra = tuple(
        Resource("free", player.name, rule, once=True)
        for rule in sorted(edition.any_roll_rerolls & player.skills)
        if any_roll
    )
    nudge = next((Resource("free", player.name, s) for s in SKILL_NUDGES.get(kind, ()) if s in player.skills), None)
    return Rerolls(
        player.name,
        skill,
        d6_success(edition.pro_target) if "pro" in player.skills else None,
        edition.pro_roll_team_rerollable,
        d6_success(loner) if loner is not None else ONE,
        extra=extra,
        nudge=nudge,
        swift=stars.swift_as_the_breeze(kind, player.name, player.skills),
    )


def _step_trees(edition: Edition, turn: Turn, index: int) -> list[dict[str, Tree]]:
    """The node(s) of one step, each as its trees by incoming context, with the coach's own play."""
    step = turn.steps[index]
    trees = _best_trees(edition, turn, index)
    if not step.chosen:
        return trees
    keep = frozenset(KEEPABLE.get(step.kind, {}).get(word, word) for word in step.keep)
    return [{c: restricted(tree, step.reroll, keep) for c, tree in node.items()} for node in trees]


def _best_trees(edition: Edition, turn: Turn, index: int) -> list[dict[str, Tree]]:
    step = turn.steps[index]
    who = turn.player(step.player)
    skills = normalise(who.skills)
    who = TurnPlayer(who.name, skills, who.loner, who.st, who.ag, who.ma, who.values)
    against = normalise(step.against)
    rerolls = rerolls_for(edition, who, step.kind)
    following = following_kind(turn.steps, index)
    kind = step.kind
    if kind in ("dodge", "leap"):  # a leap leaves the square as a dodge does: Tentacles, Diving Tackle (2025)
        if "tackle" in against:
            rerolls = rerolls.without_skill()
        dodge = Dodge(
            step.value,
            edition.break_tackle_bonus(who.st, who.ag) or None
            if "break-tackle" in skills and kind == "dodge"
            else None,
            ("after" if edition.diving_tackle_after_rerolls else "first") if "diving-tackle" in against else "",
            edition.tentacles_hold(who.st, step.tentacles) if step.tentacles is not None else ZERO,
            edition.shadowing_follows(who.ma, step.shadowing) if step.shadowing is not None else ZERO,
        )
        if kind == "dodge" and "incorporeal" in skills:
            return [{"": stars.incorporeal(dodge)}]
        if kind == "leap" and "bounding-leap" in skills:
            return [{"": stars.bounding_leap(dodge, rerolls, step.negatives)}]
        return [{"": dodge_tree(dodge, rerolls)}]
    if kind in ST_KINDS:
        roll = st_roll_tree(edition, kind, step.value, who.st, rerolls, branch_follows(turn.steps, index))
        if kind == "dauntless" and stars.frenzied_rush(turn.steps, index + 1, skills):
            roll = stars.rush_declared(roll, who.name)
        return [{"": roll}]
    if kind in ("catch", "handoff"):
        diving = "diving-catch" in skills and kind == "catch"
        trees = {c: catch_tree(edition, step.value, c, rerolls, diving) for c in ("", "accurate", "inaccurate")}
        thrower = turn.player(turn.steps[index - 1].player).skills if index else frozenset()  # a Hail Mary's
        if stars.BLAST in thrower and turn.steps[index - 1].kind == "hailmary" and kind == "catch":
            trees[stars.BLAST] = stars.blast_it_catch(edition, step.value, rerolls, diving)
        return [trees]
    if kind == "land":  # 2025 Reliable: after a fumble's "!" steps the landing is safe (turn_stars)
        return [
            stars.reliable_landing(
                turn, index, {c: landing_tree(edition, step.value, c, rerolls) for c in stars.LANDED}
            )
        ]
    if kind in ("pass", "hailmary", "ttm"):
        throw = Throw(
            step.value,
            hail_mary_fumble(step) if kind == "hailmary" else step.fumble,
            None if "cloud-burster" in skills else step.intercept,  # 2025: no interception at all
            hail_mary=kind == "hailmary",
            team_mate=kind == "ttm",
            caught_next=following in (("land",) if kind == "ttm" else ("catch",)),
            strength=who.st if kind == "pass" and "strong-passing-game" in skills else 0,
        )
        return [{"": stars.thrown(throw_tree(edition, throw, rerolls), kind, skills)}]
    if kind == "bomb":
        throw = Throw(step.value, step.fumble, None if "cloud-burster" in skills else step.intercept)
        return [{"": stars.bomb_blast(throw_tree(edition, throw, rerolls), step.catcher, skills, step.player)}]
    if kind in ("gaze", "fury"):  # a failed gaze or Unchannelled Fury roll ends his action, not the turn
        return [{"": target_tree(step.value, rerolls, fail=stars.fury_failed(turn, index, MISSED))}]
    if kind in D6_KINDS:
        one = ball_and_chain_tree(step.value, rerolls, MISSED) if kind == "chain" else target_tree(step.value, rerolls)
        return [{"": one}]
    if kind == "block":
        spec = _block_spec(turn, index, skills, against)
        again = rerolls_for(edition, who, "dauntless")
        return block_nodes(edition, turn.steps, index, who.skills, who.st, spec, rerolls, again)
    spec_a = _armour_spec(turn, index, against)  # 2025 Pump Up the Crowd: his block's casualty, a team re-roll
    return [stars.pump_up_the_crowd(turn, index, {c: armour_tree(edition, spec_a, c, rerolls) for c in CONTEXTS})]


def _block_spec(turn: Turn, index: int, skills: frozenset[str], against: frozenset[str]) -> BlockSpec:
    step = turn.steps[index]
    spec = BlockSpec(
        step.value,
        step.defender_chooses,
        skills,
        against,
        step.blitz,
        step.crowd,
        goal=step.goal or "down",
        partner=step.pair,
    )
    return stars.gored_by_the_bull(turn.steps, index, stars.watch_out(turn.steps, index, spec))


def _armour_spec(turn: Turn, index: int, against: frozenset[str]) -> ArmourSpec:
    step = turn.steps[index]
    who = turn.player(step.player)
    skills = stars.slashing_nails(turn.steps, index, normalise(who.skills))
    return ArmourSpec(
        step.kind,
        step.value,
        step.goal or "break",
        skills,
        against,
        step.assists,
        who.value("mighty-blow"),
        step.bribe,
        step.argue,
        step.keywords,
        step.pair and "a-sneaky-pair" in skills,
    )


def program(edition: Edition, turn: Turn) -> tuple[list[Node], list[int]]:
    """The solver's nodes, and the step each node belongs to."""
    parts = [_step_trees(edition, turn, i) for i in range(len(turn.steps))]
    first_node, count = [], 0
    for trees in parts:
        first_node.append(count)
        count += len(trees)
    first_node.append(count)
    nodes: list[Node] = []
    owners: list[int] = []
    for i, (trees_list, (ok, branch, miss)) in enumerate(zip(parts, edges(turn.steps), strict=True)):
        step = turn.steps[i]
        for node_trees in trees_list:
            missed = first_node[miss] if miss is not None else None
            nodes.append(Node(node_trees, first_node[ok], first_node[branch], step.kind, step.player, i, missed))
            owners.append(i)
    return nodes, owners


def solve_turn(edition: Edition, turn: Turn) -> TurnOdds:
    """The exact chance that every step reaches its goal, re-rolls spent as a good coach would."""
    check(edition, turn)
    return _solve_turn(edition, turn)


@lru_cache(maxsize=256)
def _solve_turn(edition: Edition, turn: Turn) -> TurnOdds:
    team = edition.usable_team_rerolls(turn.team_rerolls)
    nodes, owners = program(edition, turn)
    report = solve_program(nodes, team)
    steps = tuple(_step_odds(edition, turn, i, owners, report) for i in range(len(turn.steps)))
    best = None
    if any(step.chosen for step in turn.steps):  # what the coach's own play costs: the best play's chance
        free = tuple(replace(step, reroll="", keep=frozenset()) for step in turn.steps)
        best = _solve_turn(edition, replace(turn, steps=free)).probability
    return TurnOdds(report.probability, team, report.team_rerolls_used, steps, best)


def _step_odds(edition: Edition, turn: Turn, index: int, owners: list[int], report: Report) -> StepOdds:
    step = turn.steps[index]
    mine = [n for n, owner in enumerate(owners) if owner == index]
    reached = report.reached[mine[0]]
    spent, saved = report.spent[mine[0]], report.saved[mine[0]]
    played = {k: m / reached for k, m in report.tags[mine[0]].items()} if reached else {}
    second: dict[str, Fraction] = {}
    second_reached = report.reached[mine[1]] if len(mine) > 1 else ZERO
    if second_reached:
        second = {k: m / second_reached for k, m in report.tags[mine[1]].items()}
    skills = normalise(turn.player(step.player).skills)
    against = normalise(step.against)
    outcomes: dict[str, Fraction] = {}
    sent = ZERO
    if step.kind == "block":
        outcomes = one_roll(edition, _block_spec(turn, index, skills, against))
    elif step.kind in CHAIN_KINDS:
        spec = _armour_spec(turn, index, against)
        outcomes = armour_results(edition, spec)
        sent = foul_sent_off(edition, spec) if step.kind == "foul" else ZERO
    alone = report.alone[mine[0]]
    if step.kind == "dauntless":  # its failure goes on to the block too: say how often it works
        alone = dauntless_works(edition, step.value, turn.player(step.player).st)
    return StepOdds(
        step,
        alone,
        reached,
        sum((report.stops[n] for n in mine), ZERO),
        spent,
        saved,
        outcomes,
        played,
        sent,
        second,
        second_reached,
        report.spent[mine[1]] if len(mine) > 1 else {},
        report.saved[mine[1]] if len(mine) > 1 else {},
    )


__all__ = [
    "CHAIN_KINDS",
    "D6_KINDS",
    "KINDS",
    "OPPONENT_SKILLS",
    "PLAYER_SKILLS",
    "ST_KINDS",
    "StepOdds",
    "Turn",
    "TurnError",
    "TurnOdds",
    "TurnPlayer",
    "TurnStep",
    "check",
    "program",
    "rerollable",
    "solve_turn",
]
