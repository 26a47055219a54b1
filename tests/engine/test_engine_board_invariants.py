"""One situation, one number (issue 23): the board's route to a square gives the chance its reach
map shows there, on random small boards of both editions, with the skills that change a move, and
nothing to roll is certain. Before the fix a Pro with Loner got 65/72 on the map and 265/288 on the
route (the map's fixed order of re-rolls against the solver's best), and a free walk's route said 0."""

from __future__ import annotations

from fractions import Fraction as F

from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.engine.analysis import analyse
from rulebook.engine.editions import get_edition
from rulebook.engine.types import Board, Player, Square, Status, Weather

MOVER_SKILLS = {
    "lrb6": (
        "dodge",
        "sure-feet",
        "pro",
        "loner",
        "break-tackle",
        "sprint",
        "two-heads",
        "stunty",
        "titchy",
        "jump-up",
    ),
    "bb2025": ("dodge", "sure-feet", "pro", "loner", "break-tackle", "sprint", "titchy", "jump-up", "drunkard"),
}
OPPONENT_SKILLS = ("tackle", "diving-tackle", "prehensile-tail", "titchy")
CENTRE = Square(8, 7)


@st.composite
def positions(draw: st.DrawFn) -> tuple[str, Board, int, Weather]:
    edition = draw(st.sampled_from(("lrb6", "bb2025")))
    skills = draw(st.sets(st.sampled_from(MOVER_SKILLS[edition]), max_size=3))
    mover = Player(
        "A1",
        "A",
        CENTRE,
        ma=draw(st.integers(1, 7)),
        st=draw(st.integers(2, 5)),
        ag=draw(st.integers(2, 4)),
        skills=frozenset(skills),
        status=draw(st.sampled_from((Status.STANDING, Status.STANDING, Status.PRONE))),
        loner=draw(st.sampled_from((None, 3, 5))) if edition == "bb2025" else None,
    )
    offsets = draw(st.lists(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), max_size=5, unique=True))
    players = [mover]
    for i, (dx, dy) in enumerate(o for o in offsets if o != (0, 0)):
        opp_skills = draw(st.sets(st.sampled_from(OPPONENT_SKILLS), max_size=1))
        players.append(Player(f"B{i + 1}", "B", CENTRE.offset(dx, dy), skills=frozenset(opp_skills)))
    taken = {p.square for p in players}
    ball = draw(st.sampled_from((None, Square(9, 9), Square(6, 6), Square(10, 5))))
    weather = draw(st.sampled_from((Weather.NICE, Weather.BLIZZARD)))
    return edition, Board(players, None if ball in taken else ball), draw(st.integers(0, 2)), weather


@settings(max_examples=60, deadline=None, database=None)
@given(position=positions(), picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=6))
def test_the_route_to_a_square_gives_the_reach_maps_chance(
    position: tuple[str, Board, int, Weather], picks: list[int]
) -> None:
    key, board, rerolls, weather = position
    edition = get_edition(key)
    whole = analyse(edition, board, "A1", None, rerolls, weather)
    reach = whole.reach
    if not reach:
        return
    squares = sorted(reach)
    for pick in picks:
        square = squares[pick % len(squares)]
        route = analyse(edition, board, "A1", square, rerolls, weather).route
        assert route is not None
        assert route.probability == reach[square], (key, square)
        assert 0 < route.probability <= 1
        if not route.rolls:
            assert route.probability == 1  # nothing to roll is certain


def test_a_free_walk_is_certain_on_both_surfaces() -> None:
    """/api/v1/board?edition=lrb6&board=1_A1m8&player=A1&target=m10 answered a route of 0/1 while
    the map said 1/1: two squares in open field need no roll."""
    for key in ("lrb6", "bb2025"):
        board = Board([Player("A1", "A", Square(12, 7))])
        found = analyse(get_edition(key), board, "A1", Square(12, 9), 1, Weather.NICE)
        assert found.route is not None and found.route.rolls == ()
        assert found.route.probability == found.reach[Square(12, 9)] == F(1)
