"""Invariants of the engine's public answers, in both editions (issue 23, section 1): properties
every right answer has, whatever the numbers, checked over drawn turns and boards.

- nothing to roll is certain; a roll that always passes changes nothing;
- more re-rolls (team, a skill's, Pro) never lower a chance, nor does losing Loner;
- a harder roll (a higher target, fewer block dice, a higher armour, a Diving Tackler, a stronger
  Tentacles player) never raises one;
- every chance is in [0, 1], and what a turn can do sums to exactly 1 (it reaches the end or
  stops at one step); so do the outcomes of blocks, armour chains, passes, scatters and kick-offs;
- the board's route to a square has the chance its reach map gives that square.

Draws are bounded (short turns, small boards) and derandomized, so the suite is fast and CI stable.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.engine import (
    Board,
    Player,
    Square,
    Weather,
    analyse,
    block_outcome,
    get_edition,
    injury_outcome,
    kickoff_distribution,
    pass_outcome,
    reach_map,
    scatter_distribution,
    solve_turn,
)
from rulebook.engine.sequence import SequenceStep, solve
from rulebook.engine.turn import REROLL_SKILL, Turn, TurnPlayer, TurnStep

LRB6, BB = get_edition("lrb6"), get_edition("bb2025")
EDITIONS = st.sampled_from([LRB6, BB])
ONE, ZERO = Fraction(1), Fraction(0)
FAST = settings(max_examples=40, deadline=None, database=None, derandomize=True)
NAMES = ("a", "b")
D6 = ("dodge", "rush", "pickup", "catch", "handoff", "leap", "roll", "land")
REROLLERS = ("dodge", "sure-feet", "sure-hands", "catch", "pass", "pro")


def player_skills(edition) -> st.SearchStrategy[frozenset[str]]:
    skills = [*REROLLERS, "block", "wrestle", "frenzy", "mighty-blow", "break-tackle", "dirty-player", "tackle"]
    if edition is BB:
        skills += ["brawler", "hatred"]
    return st.frozensets(st.sampled_from(skills), max_size=3)


@st.composite
def a_step(draw, edition) -> TurnStep:
    """One step the edition allows, with the options that act on it."""
    who = draw(st.sampled_from(NAMES))
    shape = draw(st.sampled_from(["d6", "d6", "block", "armour", "pass", "hailmary"]))
    if shape == "d6":
        kind = draw(st.sampled_from(D6))
        against: frozenset[str] = frozenset()
        tentacles = None
        if kind == "dodge":
            against = draw(st.frozensets(st.sampled_from(["tackle", "diving-tackle"])))
        if kind == "leap" and edition is BB:
            against = draw(st.frozensets(st.sampled_from(["diving-tackle"])))
        if kind in ("dodge", "leap"):
            tentacles = draw(st.sampled_from([None, 3, 5]))
        return TurnStep(kind, draw(st.integers(2, 6)), who, against=against, tentacles=tentacles)
    if shape == "block":
        dice = draw(st.integers(1, 3))
        defender_chooses = dice > 1 and draw(st.booleans())
        against = draw(st.frozensets(st.sampled_from(["dodge", "block", "wrestle", "stand-firm"]), max_size=2))
        goal = draw(st.sampled_from(["down", "push", "safe"]))
        return TurnStep("block", dice, who, defender_chooses=defender_chooses, goal=goal, against=against)
    if shape == "armour":
        kind = draw(st.sampled_from(["armour", "foul", "chainsaw", "stab"]))
        goal = draw(st.sampled_from(["break", "ko", "cas"]))
        return TurnStep(
            kind, draw(st.integers(7, 10)), who, goal=goal, assists=draw(st.integers(0, 2)) * (kind == "foul")
        )
    if shape == "hailmary":
        return TurnStep("hailmary", 2 if edition is LRB6 else draw(st.integers(2, 6)), who)
    fumble = draw(st.integers(1, 2))
    return TurnStep(
        "pass", draw(st.integers(fumble + 1, 6)), who, fumble=fumble, intercept=draw(st.sampled_from([None, 5]))
    )


@st.composite
def turns(draw) -> tuple[object, Turn]:
    edition = draw(EDITIONS)
    players = tuple(
        TurnPlayer(n, draw(player_skills(edition)), draw(st.sampled_from([None, 4])) if draw(st.booleans()) else None)
        for n in NAMES
    )
    steps = draw(st.lists(a_step(edition), min_size=1, max_size=4))
    return edition, Turn(tuple(steps), players, draw(st.integers(0, 2)))


def chance(edition, turn: Turn) -> Fraction:
    return solve_turn(edition, turn).probability


# -- nothing to roll, a roll that always passes ---------------------------------------------------


@FAST
@given(edition=EDITIONS, team=st.integers(0, 8))
def test_nothing_to_roll_is_certain(edition, team: int) -> None:
    assert chance(edition, Turn((), (), team)) == 1
    assert solve([], team).probability == 1


@st.composite
def sequence_steps(draw) -> list[SequenceStep]:
    def one() -> SequenceStep:
        p = Fraction(draw(st.integers(1, 6)), 6)
        pro = Fraction(1, 2) if draw(st.booleans()) else None
        return SequenceStep(
            p,
            draw(st.sampled_from(NAMES)),
            draw(st.sampled_from([None, "dodge"])),
            loner=draw(st.sampled_from([ONE, Fraction(1, 2)])),
            pro=pro,
            break_tackle=min(ONE, p + Fraction(1, 3)) if draw(st.booleans()) else None,
        )

    return [one() for _ in range(draw(st.integers(0, 4)))]


@FAST
@given(steps=sequence_steps(), team=st.integers(0, 2), at=st.integers(0, 4), player=st.sampled_from(NAMES))
def test_a_roll_that_always_passes_changes_nothing(steps: list[SequenceStep], team: int, at: int, player: str) -> None:
    certain = SequenceStep(ONE, player, "dodge", pro=Fraction(1, 2))
    before, after = solve(steps, team), solve([*steps[:at], certain, *steps[at:]], team)
    assert after.probability == before.probability
    assert after.team_rerolls_used == before.team_rerolls_used


# -- chances, and what a turn can do, sum to one --------------------------------------------------


@FAST
@given(case=turns())
def test_every_chance_is_in_range_and_the_turn_ends_or_stops_somewhere(case: tuple[object, Turn]) -> None:
    edition, turn = case
    odds = solve_turn(edition, turn)
    assert ZERO <= odds.probability <= ONE
    assert odds.probability + sum(s.stops for s in odds.steps) == 1
    assert ZERO <= odds.team_rerolls_used <= odds.team_rerolls
    for s in odds.steps:
        assert all(ZERO <= x <= ONE for x in (s.alone, s.reached, s.stops, s.sent_off, *s.spent.values()))
        assert s.stops <= s.reached
        if s.one_roll:  # a block's or an armour chain's results on one roll
            assert sum(s.one_roll.values()) == 1 and min(s.one_roll.values()) >= 0


# -- more re-rolls never lower a chance -----------------------------------------------------------


@FAST
@given(case=turns())
def test_one_more_team_reroll_never_lowers_a_chance(case: tuple[object, Turn]) -> None:
    edition, turn = case
    assert chance(edition, replace(turn, team_rerolls=turn.team_rerolls + 1)) >= chance(edition, turn)


@FAST
@given(case=turns(), index=st.integers(0, 3), extra=st.sampled_from(["skill", "pro", "no-loner"]))
def test_a_skill_reroll_pro_or_losing_loner_never_lowers_a_chance(
    case: tuple[object, Turn], index: int, extra: str
) -> None:
    edition, turn = case
    step = turn.steps[index % len(turn.steps)]
    who = turn.player(step.player)
    if extra == "skill":
        skill = REROLL_SKILL.get(step.kind)
        if skill is None:
            return
        better = replace(who, skills=who.skills | {skill})
    elif extra == "pro":
        better = replace(who, skills=who.skills | {"pro"})
    else:
        better = replace(who, skills=who.skills - {"loner"}, loner=None)
    players = tuple(better if p.name == who.name else p for p in turn.players)
    assert chance(edition, replace(turn, players=players)) >= chance(edition, turn)


# -- a harder roll never raises a chance ----------------------------------------------------------


def harder(step: TurnStep) -> TurnStep | None:
    """The same step made harder, or None when it cannot be."""
    if step.kind in D6 and step.value < 6:
        return replace(step, value=step.value + 1)
    if step.kind == "pass" and step.value < 6:
        return replace(step, value=step.value + 1)
    if step.kind == "hailmary" and step.value < 6:
        return replace(step, value=step.value + 1)
    if step.kind == "block" and not step.defender_chooses and step.value > 1:
        return replace(step, value=step.value - 1)
    if step.kind == "block" and step.defender_chooses and step.value < 3:
        return replace(step, value=step.value + 1)
    if step.kind in ("armour", "foul", "chainsaw", "stab") and step.value < 12:
        return replace(step, value=step.value + 1)
    return None


@FAST
@given(case=turns(), index=st.integers(0, 3))
def test_a_harder_target_never_raises_a_chance(case: tuple[object, Turn], index: int) -> None:
    edition, turn = case
    i = index % len(turn.steps)
    worse = harder(turn.steps[i])
    if worse is None or (worse.kind == "hailmary" and edition is LRB6):
        return
    steps = turn.steps[:i] + (worse,) + turn.steps[i + 1 :]
    assert chance(edition, replace(turn, steps=steps)) <= chance(edition, turn)


@FAST
@given(case=turns(), index=st.integers(0, 3), what=st.sampled_from(["diving-tackle", "tackle", "tentacles"]))
def test_a_diving_tackler_a_tackler_or_tentacles_never_raise_a_chance(
    case: tuple[object, Turn], index: int, what: str
) -> None:
    edition, turn = case
    i = index % len(turn.steps)
    step = turn.steps[i]
    if step.kind not in ("dodge", "leap") or (step.kind == "leap" and what == "tackle"):
        return
    if step.kind == "leap" and what == "diving-tackle" and edition is LRB6:
        return
    if what == "tentacles":
        worse = replace(step, tentacles=(step.tentacles or 2) + 1)
    else:
        worse = replace(step, against=step.against | {what})
    steps = turn.steps[:i] + (worse,) + turn.steps[i + 1 :]
    assert chance(edition, replace(turn, steps=steps)) <= chance(edition, turn)


# -- the rules' distributions sum to one ----------------------------------------------------------


@FAST
@given(
    edition=EDITIONS,
    st_a=st.integers(1, 6),
    st_d=st.integers(1, 6),
    att=st.frozensets(st.sampled_from(["block", "wrestle", "tackle", "juggernaut", "horns", "frenzy"])),
    dfn=st.frozensets(st.sampled_from(["block", "dodge", "wrestle", "stand-firm"])),
    blitz=st.booleans(),
)
def test_a_block_outcome_is_a_distribution(edition, st_a, st_d, att, dfn, blitz) -> None:
    attacker = Player("a", "home", Square(10, 7), st=st_a, skills=att)
    defender = Player("d", "away", Square(11, 7), st=st_d, skills=dfn)
    outcome = block_outcome(edition, Board([attacker, defender]), attacker, defender, blitz)
    assert sum(p for _, p in outcome.distribution.items()) == 1
    assert all(p > 0 for _, p in outcome.distribution.items())


@FAST
@given(
    edition=EDITIONS,
    av=st.integers(6, 11),
    action=st.sampled_from(["block", "foul", "chainsaw", "other", "crowd"]),
    att=st.frozensets(st.sampled_from(["mighty-blow", "claw", "dirty-player", "sneaky-git"])),
    vic=st.frozensets(st.sampled_from(["thick-skull", "stunty"])),
    modifier=st.integers(-2, 3),
)
def test_an_armour_chain_is_a_distribution(edition, av, action, att, vic, modifier) -> None:
    outcome = injury_outcome(
        edition, Player("v", "away", None, av=av, skills=vic), Player("a", "home", None, skills=att), action, modifier
    )
    assert sum(p for _, p in outcome.distribution.items()) == 1
    assert outcome.joint is not None and sum(p for _, p in outcome.joint.items()) == 1
    assert ZERO <= outcome.armour_broken <= ONE and ZERO <= outcome.sent_off <= ONE


@FAST
@given(edition=EDITIONS, dx=st.integers(1, 12), dy=st.integers(0, 6), markers=st.integers(0, 2))
def test_a_pass_and_a_scatter_are_distributions(edition, dx: int, dy: int, markers: int) -> None:
    thrower = Player("t", "home", Square(5, 7))
    opponents = [Player(f"o{i}", "away", Square(4, 6 + i)) for i in range(markers)]
    outcome = pass_outcome(edition, thrower, Board([thrower, *opponents]), Square(5 + dx, 7 + dy))
    if outcome is not None:
        assert sum(p for _, p in outcome.distribution.items()) == 1
    scatter = scatter_distribution(Square(5 + dx, 7 + dy), 3)
    assert sum(p for _, p in scatter.items()) == 1
    assert sum(p for _, p in kickoff_distribution(edition).items()) == 1


# -- the board: reach maps and routes ---------------------------------------------------------------


@st.composite
def boards(draw) -> tuple[object, Board, Square, int]:
    """A mover near the middle and up to four opponents around him; a square he may aim for."""
    edition = draw(EDITIONS)
    skills = draw(st.frozensets(st.sampled_from(["dodge", "sure-feet", "pro", "break-tackle"]), max_size=2))
    mover = Player("A1", "home", Square(12, 7), skills=skills)
    spots = draw(st.lists(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), max_size=4, unique=True))
    opponents = [
        Player(f"B{i}", "away", Square(12 + dx, 7 + dy)) for i, (dx, dy) in enumerate(spots) if (dx, dy) != (0, 0)
    ]
    target = Square(12 + draw(st.integers(-5, 5)), 7 + draw(st.integers(-5, 5)))
    return edition, Board([mover, *opponents]), target, draw(st.integers(0, 1))


@settings(max_examples=25, deadline=None, database=None, derandomize=True)
@given(case=boards())
def test_a_reach_map_is_in_range_and_the_route_agrees_with_it(case: tuple[object, Board, Square, int]) -> None:
    edition, board, target, team = case
    mover = board.player("A1")
    rm = reach_map(edition, mover, board, team, Weather.NICE)
    chances = rm.probabilities()
    assert all(ZERO <= p <= ONE for p in chances.values())
    more = reach_map(edition, mover, board, team + 1, Weather.NICE).probabilities()
    assert all(more.get(sq, ZERO) >= p for sq, p in chances.items())
    if target in chances and board.is_empty(target):
        route = analyse(edition, board, "A1", target, team, Weather.NICE).route
        assert route is not None and route.probability == chances[target]
