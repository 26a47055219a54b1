"""Blocks: assists, dice, skills, push-backs and exact outcome distributions."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction as F

import pytest
from engine_helpers import AWAY, HOME, board, close_enough, mid_game_board, player
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.engine.block import (
    RANK,
    assists,
    block_outcome,
    block_strength,
    chosen_distribution,
    dice_for,
    face_categories,
)
from rulebook.engine.dice import BLOCK_FACES, block_dice
from rulebook.engine.editions import get_edition
from rulebook.engine.pushback import follow_up, push_kind, push_options, push_squares
from rulebook.engine.types import Board, Player, Square, Status

LRB6, BB = get_edition("lrb6"), get_edition("bb2025")
S = Square


@pytest.mark.parametrize(
    "a,d,expected",
    [
        (3, 3, (1, "attacker")),
        (4, 3, (2, "attacker")),
        (6, 3, (2, "attacker")),
        (7, 3, (3, "attacker")),
        (3, 4, (2, "defender")),
        (3, 7, (3, "defender")),
        (2, 4, (2, "defender")),
        (2, 5, (3, "defender")),
    ],
)
def test_dice_count(a: int, d: int, expected: tuple[int, str]) -> None:
    assert dice_for(a, d) == expected


def test_assists_need_a_free_standing_player_unless_guard() -> None:
    att, dfn = player("a", HOME, 10, 7), player("d", AWAY, 11, 7)
    free = player("h1", HOME, 12, 6)  # next to the defender, nobody else marks him
    marked = player("h2", HOME, 12, 8)
    marker = player("o1", AWAY, 13, 9)  # marks h2 only
    guard = player("h3", HOME, 11, 8, "guard")  # next to defender, marked by o2
    o2 = player("o2", AWAY, 10, 9)
    prone = player("h4", HOME, 11, 6).with_status(Status.PRONE)
    b = board(att, dfn, free, marked, marker, guard, o2, prone)
    offensive, defensive = assists(b, att, dfn)
    assert sorted(p.id for p in offensive) == ["h1", "h3"]
    assert [p.id for p in defensive] == ["o2"] or defensive == []
    strength = block_strength(LRB6, b, att, dfn)
    assert strength.attacker == 5
    mods = {m.reason: m for m in strength.explanation.modifiers}
    assert mods["offensive_assists"].value == 2


def test_defensive_assist_blocked_by_another_attacker_player() -> None:
    att, dfn = player("a", HOME, 10, 7), player("d", AWAY, 11, 7)
    helper = player("o1", AWAY, 9, 7)  # next to the attacker
    b1 = board(att, dfn, helper)
    assert [p.id for p in assists(b1, att, dfn)[1]] == ["o1"]
    b2 = board(att, dfn, helper, player("h", HOME, 8, 7))  # h marks o1
    assert assists(b2, att, dfn)[1] == []


def test_plain_one_die_block() -> None:
    att, dfn = player("a", HOME, 10, 7), player("d", AWAY, 11, 7)
    out = block_outcome(LRB6, board(att, dfn), att, dfn)
    assert out.dice == 1
    assert out.distribution.as_dict() == {
        "attacker_down": F(1, 6),
        "both_down": F(1, 6),
        "defender_pushed": F(2, 6),
        "defender_down": F(2, 6),
    }


def test_two_dice_with_block_against_dodge() -> None:
    att = player("a", HOME, 10, 7, "block", st=4)
    dfn = player("d", AWAY, 11, 7, "dodge")
    out = block_outcome(LRB6, board(att, dfn), att, dfn)
    assert out.face_categories == (
        "attacker_down",
        "defender_down_in_place",
        "defender_pushed",
        "defender_pushed",
        "defender_pushed",
        "defender_down",
    )
    assert out.distribution["defender_down"] == 1 - F(5, 6) ** 2
    assert out.distribution["defender_down_in_place"] == F(5, 6) ** 2 - F(4, 6) ** 2
    assert out.distribution["attacker_down"] == F(1, 36)
    tackler = player("a", HOME, 10, 7, "block", "tackle", st=4)
    out2 = block_outcome(LRB6, board(tackler, dfn), tackler, dfn)
    assert out2.distribution["defender_down"] == 1 - F(4, 6) ** 2


def test_defender_chooses_when_stronger() -> None:
    att, dfn = player("a", HOME, 10, 7), player("d", AWAY, 11, 7, st=4)
    out = block_outcome(LRB6, board(att, dfn), att, dfn)
    assert (out.dice, out.chooser) == (2, "defender")
    assert out.distribution["attacker_down"] == 1 - F(5, 6) ** 2
    assert out.distribution["defender_down"] == F(2, 6) ** 2


def test_wrestle_juggernaut_stand_firm() -> None:
    dfn = player("d", AWAY, 11, 7)
    wrestler = player("a", HOME, 10, 7, "wrestle")
    assert face_categories(LRB6, board(wrestler, dfn), wrestler, dfn)[1] == "both_placed_prone"
    blocker = player("a", HOME, 10, 7, "block")
    def_wrestle = player("d", AWAY, 11, 7, "wrestle")
    assert face_categories(LRB6, board(blocker, def_wrestle), blocker, def_wrestle)[1] == "both_placed_prone"
    plain = player("a", HOME, 10, 7)
    assert face_categories(LRB6, board(plain, def_wrestle), plain, def_wrestle)[1] == "both_down"
    jug = player("a", HOME, 10, 7, "juggernaut")
    firm = player("d", AWAY, 11, 7, "stand-firm", "wrestle")
    cats = face_categories(LRB6, board(jug, firm), jug, firm, blitz=True)
    assert cats[1] == "defender_pushed" and cats[5] == "defender_down"
    cats = face_categories(LRB6, board(jug, firm), jug, firm, blitz=False)
    assert cats[2] == "defender_stood_firm" and cats[5] == "defender_down_in_place"


def test_crowd_push() -> None:
    att, dfn = player("a", HOME, 10, 1), player("d", AWAY, 10, 0)
    out = block_outcome(LRB6, board(att, dfn), att, dfn)
    assert out.distribution["defender_pushed_into_crowd"] == F(4, 6)


def test_push_squares_straight_and_diagonal() -> None:
    assert set(push_squares(S(5, 5), S(6, 5))) == {S(7, 4), S(7, 5), S(7, 6)}
    assert set(push_squares(S(5, 5), S(6, 6))) == {S(7, 6), S(7, 7), S(6, 7)}
    assert set(push_squares(S(5, 5), S(5, 4))) == {S(4, 3), S(5, 3), S(6, 3)}
    with pytest.raises(ValueError):
        push_squares(S(5, 5), S(7, 5))


def test_push_options_empty_crowd_chain_side_step_grab() -> None:
    att, dfn = player("a", HOME, 10, 1), player("d", AWAY, 11, 1)
    fillers = [player(f"f{i}", HOME, 12, y) for i, y in enumerate((0, 1, 2))]
    b = board(att, dfn, *fillers)
    assert push_options(LRB6, b, att, dfn).kind == "chain"
    stepper = player("d", AWAY, 11, 1, "side-step")
    opts = push_options(LRB6, board(att, stepper, *fillers), att, stepper)
    assert opts.kind == "empty" and opts.chooser == "defender" and S(11, 0) in opts.squares
    assert push_options(BB, board(att, stepper, *fillers), att, stepper).kind == "chain"  # bb2025: "sidestep"
    grabber = player("a", HOME, 10, 1, "grab")
    assert push_options(LRB6, board(grabber, dfn, *fillers), grabber, dfn).kind == "empty"
    assert push_options(LRB6, board(grabber, dfn, *fillers), grabber, dfn, blitz=True).kind == "chain"
    assert push_options(LRB6, board(grabber, stepper, *fillers), grabber, stepper).kind == "chain"
    edge_att, edge_dfn = player("a", HOME, 10, 1), player("d", AWAY, 10, 0)
    assert push_options(LRB6, board(edge_att, edge_dfn), edge_att, edge_dfn).kind == "crowd"
    assert follow_up(att, dfn.square, True) == (dfn.square, False)
    assert follow_up(player("a", HOME, 10, 1, "frenzy"), dfn.square, True) == (dfn.square, True)
    assert follow_up(att, dfn.square, False) == (None, False)


def test_frenzy_blocks_again_after_a_push() -> None:
    att, dfn = player("a", HOME, 10, 7, "frenzy"), player("d", AWAY, 11, 7)
    out = block_outcome(LRB6, board(att, dfn), att, dfn)
    assert out.distribution.total() == 1
    assert out.distribution["defender_down"] == F(2, 6) + F(2, 6) * F(2, 6)


def test_dauntless_and_horns() -> None:
    att, dfn = player("a", HOME, 10, 7, "dauntless", st=3), player("d", AWAY, 11, 7, st=5)
    out = block_outcome(LRB6, board(att, dfn), att, dfn)
    works = F(4, 6)  # lrb6: D6 + 3 must beat 5, so 3+
    two_dice_defender = chosen_distribution(out.face_categories, 2, "defender")
    one_die = chosen_distribution(out.face_categories, 1, "attacker")
    expected = {k: works * one_die[k] + (1 - works) * two_dice_defender[k] for k in RANK}
    assert {k: out.distribution[k] for k in RANK} == expected
    assert "dauntless_roll" in out.explanation.reason_keys()
    # 2025 too: "If the total is higher than the opposing player's unmodified Strength" (the 2025
    # text; FFB's mixed DauntlessBehaviour rolls against minimumRollDauntless = ST difference + 1).
    # D6 + 3 must beat 5: 3+ again, so the same distribution (the faces map alike: no skills).
    bb_out = block_outcome(BB, board(att, dfn), att, dfn)
    assert bb_out.distribution["defender_down"] == out.distribution["defender_down"]
    tie = player("d", AWAY, 11, 7, st=4)
    for edition in (LRB6, BB):  # D6 + 3 must beat 4: 2+, never a 1
        tied = block_outcome(edition, board(att, tie), att, tie)
        one = chosen_distribution(tied.face_categories, 1, "attacker")
        two = chosen_distribution(tied.face_categories, 2, "defender")
        assert tied.distribution["attacker_down"] == F(5, 6) * one["attacker_down"] + F(1, 6) * two["attacker_down"]
    horned = player("a", HOME, 10, 7, "horns")
    assert (
        block_outcome(
            LRB6,
            board(horned, dfn.__class__("d", AWAY, S(11, 7))),
            horned,
            dfn.__class__("d", AWAY, S(11, 7)),
            blitz=True,
        ).dice
        == 2
    )


def test_push_kind_matches_push_options() -> None:
    for seed in range(40):
        rng = random.Random(seed)
        players = mid_game_board(seed)
        a = next(p for p in players if p.team == HOME)
        around = [
            sq
            for sq in (S(a.square.x + dx, a.square.y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))
            if sq != a.square and sq.on_pitch()
        ]
        b0 = Board(players)
        empty = [sq for sq in around if b0.is_empty(sq)]
        if not empty:
            continue
        skills = frozenset(rng.sample(["side-step", "stand-firm", "grab", "juggernaut"], 2))
        d = Player("dd", AWAY, rng.choice(empty), skills=skills)
        b = Board(players + [d])
        for blitz in (False, True):
            assert push_kind(LRB6, b, a, d, blitz) == push_options(LRB6, b, a, d, blitz).kind


def simulate_block(categories: tuple[str, ...], dice: int, chooser: str, rng: random.Random, trials: int) -> Counter:
    by_face = dict(zip(BLOCK_FACES, categories, strict=False))  # the two push faces map alike
    pick = min if chooser == "attacker" else max
    return Counter(pick((by_face[f] for f in block_dice(rng, dice)), key=RANK.__getitem__) for _ in range(trials))


ALL_SKILLS = ["block", "dodge", "tackle", "wrestle", "juggernaut", "stand-firm", "side-step", "grab", "guard"]


@settings(max_examples=20, deadline=None, database=None)
@given(
    seed=st.integers(0, 100_000),
    att_skills=st.sets(st.sampled_from(ALL_SKILLS), max_size=3),
    def_skills=st.sets(st.sampled_from(ALL_SKILLS), max_size=3),
    blitz=st.booleans(),
    edition=st.sampled_from([LRB6, BB]),
)
def test_block_distribution_is_exact(seed, att_skills, def_skills, blitz, edition) -> None:
    """Sums to 1 and agrees with a seeded Monte Carlo run of the same dice."""
    rng = random.Random(seed)
    a = Player("att", HOME, S(12, 7), st=rng.randint(2, 5), skills=frozenset(att_skills))
    d = Player("def", AWAY, S(13, 7 + rng.choice((-1, 0, 1))), st=rng.randint(2, 5), skills=frozenset(def_skills))
    others = mid_game_board(seed, keep_clear=[a.square, d.square], count=14)
    b = Board(others + [a, d])
    out = block_outcome(edition, b, a, d, blitz=blitz)
    assert out.distribution.total() == 1
    trials = 3000
    counts = simulate_block(out.face_categories, out.dice, out.chooser, rng, trials)
    for category in set(out.distribution) | set(counts):
        assert close_enough(out.distribution[category], counts[category], trials), category


@settings(max_examples=15, deadline=None, database=None)
@given(seed=st.integers(0, 100_000))
def test_mirrored_block_is_the_same(seed) -> None:
    rng = random.Random(seed)
    a = Player("att", HOME, S(12, 1), st=rng.randint(2, 5))
    d = Player("def", AWAY, S(12 + rng.choice((-1, 0, 1)), 0), st=rng.randint(2, 5))
    others = mid_game_board(seed, keep_clear=[a.square, d.square], count=14)
    b = Board(others + [a, d])
    m = b.mirrored(horizontal=True)
    assert (
        block_outcome(LRB6, b, a, d).distribution
        == block_outcome(LRB6, m, m.player("att"), m.player("def")).distribution
    )
