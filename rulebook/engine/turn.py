"""The odds of a whole turn: every roll a coach chains, by one player or several, with the team
re-rolls they share, solved exactly (engine/sequence.py) and explained.

A Turn is its players (each with his own skills, Loner target, ST, AG and MA) and its steps in
order. A step is one roll or one chain of rolls: a D6 test (turn_d6, Hypnotic Gaze among them),
a roll against the opponent's ST (Dauntless, whose success the block just after it reads;
Tentacles, whose "held" is the branch result when "?" steps follow), a block (turn_block), an
armour, foul (Bribe, 2025 Argue the Call), chainsaw or stab chain (turn_armour). What the rules
refuse in these is checked in turn_checks.py. A step written `conditional` runs only after
the previous roll ended in its "branch" result (a block knocking the defender down when the goal
was a push; a dodger followed by a Shadowing player); the others are skipped over then. A step
that follows a pass knows whether the pass was accurate, and an armour roll whether the block
knocked the defender down or pushed him into the crowd.

Team re-rolls are shared under the edition's rule (classic: one per team turn; 2025: any
number, never two on one roll); skill re-rolls, Pro and Break Tackle belong to each player.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache

from .editions.base import Edition
from .probability import ONE, ZERO, d6_success
from .sequence import Report, solve_program
from .skills import ALIASES, OPPONENT_SKILLS, PLAYER_SKILLS, SKILL_REROLLS, edition_only, opponent_skills
from .trees import Node, Resource, Tree
from .turn_armour import GOALS as ARMOUR_GOALS
from .turn_armour import ArmourSpec, armour_tree
from .turn_armour import results as armour_results
from .turn_armour import sent_off as foul_sent_off
from .turn_block import GOALS as BLOCK_GOALS
from .turn_block import BlockSpec, block_tree, one_roll
from .turn_checks import TurnError, check_new_rolls
from .turn_d6 import Dodge, Rerolls, Throw, catch_tree, dodge_tree, landing_tree, st_roll_tree, target_tree, throw_tree

D6_KINDS = ("dodge", "rush", "pickup", "catch", "handoff", "pass", "hailmary", "ttm", "land", "leap", "gaze", "roll")
ST_KINDS = ("dauntless", "tentacles")  # their value is the opponent's ST (the roller's is his own)
CHAIN_KINDS = ("armour", "foul", "chainsaw", "stab")
KINDS = (*D6_KINDS, *ST_KINDS, "block", *CHAIN_KINDS)
REROLL_SKILL = {**SKILL_REROLLS, "handoff": "catch", "hailmary": "pass"}  # which skill re-rolls which kind


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
    intercept: int | None = None  # the interceptor's target
    dauntless: int | None = None  # block: the dice after a Dauntless roll that worked (-2: the defender's 2)
    bribe: bool = False  # foul: a Bribe against the sending-off
    argue: bool = False  # foul: Argue the Call first (2025)


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

    @property
    def weakest(self) -> int | None:
        """The step where the turn most often ends (0-based), None when it never fails."""
        stops = [s.stops for s in self.steps]
        return max(range(len(stops)), key=stops.__getitem__) if stops and max(stops) > 0 else None


def normalise(skills: frozenset[str]) -> frozenset[str]:
    """Skills under the engine's names (the 2025 content's "claws" is the engine's "claw")."""
    return frozenset(ALIASES.get(s, s) for s in skills)


def check(edition: Edition, turn: Turn) -> None:
    """Raise TurnError for what the edition's rules do not allow."""
    other_editions = edition_only(edition.key)
    for p in turn.players:
        if p.loner is not None and p.loner not in edition.loner_targets:
            raise TurnError("loner_target", None, player=p.name, targets=edition.loner_targets)
        if other_editions & p.skills:
            raise TurnError("skill_not_in_edition", None, skill=sorted(other_editions & p.skills)[0])
    for i, step in enumerate(turn.steps, start=1):
        if step.kind not in KINDS:
            raise TurnError("unknown_kind", i, kind=step.kind)
        if step.conditional and i == 1:
            raise TurnError("conditional_first", i)
        goals = BLOCK_GOALS if step.kind == "block" else ARMOUR_GOALS if step.kind in CHAIN_KINDS else ("",)
        if step.goal and step.goal not in goals:
            raise TurnError("goal", i, goal=step.goal, goals=goals)
        if other_editions & step.against:
            raise TurnError("skill_not_in_edition", i, skill=sorted(other_editions & step.against)[0])
        idle = normalise(step.against) - acting_against(edition, step.kind)
        if idle:  # it would change no number: say so rather than drop it
            raise TurnError("skill_not_on_roll", i, skill=sorted(idle)[0])
        if step.kind == "hailmary" and edition.hail_mary_fumbles_on_one_only and hail_mary_fumble(step) > 1:
            raise TurnError("hail_mary_on_one", i)
        check_new_rolls(edition, turn, i, step)


def acting_against(edition: Edition, kind: str) -> frozenset[str]:
    """The opponent's skills that change a roll of this kind (the ones the trees read)."""
    if kind == "block":
        return frozenset(opponent_skills("block"))
    if kind == "dodge":
        return frozenset(opponent_skills("dodge"))
    if kind == "leap" and edition.diving_tackle_on_leap:
        return frozenset({"diving-tackle"})
    if kind in CHAIN_KINDS:
        return frozenset(opponent_skills("armour"))
    return frozenset()


def hail_mary_fumble(step: TurnStep) -> int:
    """The natural roll a Hail Mary is fumbled on or under: its value is the roll that avoids a
    fumble (2025: the Long Bomb's, after its modifiers), and /f:N may say it too."""
    return max(step.fumble, step.value - 1)


def rerollable(edition: Edition, kind: str) -> bool:
    """Whether any re-roll may save a step of this kind: not an armour chain (only a chainsaw's
    kick-back roll), nor the 2025 Tentacles roll, which the Tentacles player's coach makes."""
    if kind in CHAIN_KINDS and kind not in ("chainsaw", "foul"):
        return False
    return kind != "tentacles" or edition.tentacles_escape_rerollable


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
    return Rerolls(
        player.name,
        skill,
        d6_success(edition.pro_target) if "pro" in player.skills else None,
        edition.pro_roll_team_rerollable,
        d6_success(loner) if loner is not None else ONE,
    )


def _step_trees(edition: Edition, turn: Turn, index: int) -> list[dict[str, Tree]]:
    """The node(s) of one step, each as its trees by incoming context."""
    step = turn.steps[index]
    who = turn.player(step.player)
    skills = normalise(who.skills)
    who = TurnPlayer(who.name, skills, who.loner, who.st, who.ag, who.ma, who.values)
    against = normalise(step.against)
    rerolls = rerolls_for(edition, who, step.kind)
    following = _following_kind(turn, index)
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
        return [{"": dodge_tree(dodge, rerolls)}]
    if kind in ST_KINDS:
        return [{"": st_roll_tree(edition, kind, step.value, who.st, rerolls, _branch_follows(turn, index))}]
    if kind in ("catch", "handoff"):
        diving = "diving-catch" in skills and kind == "catch"
        return [{c: catch_tree(edition, step.value, c, rerolls, diving) for c in ("", "accurate", "inaccurate")}]
    if kind == "land":
        return [{c: landing_tree(edition, step.value, c, rerolls) for c in ("", "subpar")}]
    if kind in ("pass", "hailmary", "ttm"):
        throw = Throw(
            step.value,
            hail_mary_fumble(step) if kind == "hailmary" else step.fumble,
            None if "cloud-burster" in skills else step.intercept,  # 2025: no interception at all
            hail_mary=kind == "hailmary",
            team_mate=kind == "ttm",
            caught_next=following in (("land",) if kind == "ttm" else ("catch",)),
        )
        return [{"": throw_tree(edition, throw, rerolls)}]
    if kind in D6_KINDS:
        return [{"": target_tree(step.value, rerolls)}]
    if kind == "block":
        spec = _block_spec(step, skills, against)
        frenzy = "frenzy" in skills
        first = {"": block_tree(edition, spec, rerolls, frenzy_follows=frenzy)}
        if index > 0 and turn.steps[index - 1].kind == "dauntless":
            dice = step.dauntless if step.dauntless is not None else 1  # equal ST, no assists: one die
            won = replace(spec, dice=abs(dice), defender_chooses=dice < 0)
            first["dauntless"] = block_tree(edition, won, rerolls, frenzy_follows=frenzy)
        return [first, {"": block_tree(edition, spec, rerolls, frenzy_follows=False)}] if frenzy else [first]
    spec_a = _armour_spec(step, who, against)
    return [{c: armour_tree(edition, spec_a, c, rerolls) for c in ("", "down", "crowd", "pushed")}]


def _block_spec(step: TurnStep, skills: frozenset[str], against: frozenset[str]) -> BlockSpec:
    return BlockSpec(step.value, step.defender_chooses, skills, against, step.blitz, step.crowd, step.goal or "down")


def _armour_spec(step: TurnStep, who: TurnPlayer, against: frozenset[str]) -> ArmourSpec:
    skills = normalise(who.skills)
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
    )


def _branch_follows(turn: Turn, index: int) -> bool:
    return index + 1 < len(turn.steps) and turn.steps[index + 1].conditional


def _following_kind(turn: Turn, index: int) -> str:
    """The kind of the step an "ok" result leads to."""
    target = _edges(turn)[index][0]
    return turn.steps[target].kind if target < len(turn.steps) else ""


def _edges(turn: Turn) -> list[tuple[int, int]]:
    """(step on ok, step on branch) for each step, in step indices (len = the end)."""
    steps, n = turn.steps, len(turn.steps)

    def next_plain(i: int) -> int:
        j = i + 1
        while j < n and steps[j].conditional:
            j += 1
        return j

    edges = []
    for i, step in enumerate(steps):
        inside = i + 1 < n and steps[i + 1].conditional
        ok = i + 1 if step.conditional and inside else next_plain(i)
        branch = i + 1 if not step.conditional and inside else ok
        edges.append((ok, branch))
    return edges


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
    for i, (trees_list, (ok, branch)) in enumerate(zip(parts, _edges(turn), strict=True)):
        step = turn.steps[i]
        for node_trees in trees_list:
            nodes.append(Node(node_trees, first_node[ok], first_node[branch], step.kind, step.player, i))
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
    return TurnOdds(report.probability, team, report.team_rerolls_used, steps)


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
        outcomes = one_roll(edition, _block_spec(step, skills, against))
    elif step.kind in CHAIN_KINDS:
        spec = _armour_spec(step, turn.player(step.player), against)
        outcomes = armour_results(edition, spec)
        sent = foul_sent_off(edition, spec) if step.kind == "foul" else ZERO
    alone = report.alone[mine[0]]
    if step.kind == "dauntless":  # its failure goes on to the block too: say how often it works
        need = step.value - turn.player(step.player).st + (1 if edition.dauntless_needs_higher else 0)
        alone = Fraction(max(0, 7 - max(need, 1)), 6)
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
