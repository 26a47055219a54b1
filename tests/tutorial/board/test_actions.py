"""A tap on another player asks the engine's action question (issue 25): a blitz on a standing
opponent, a foul on one on the ground, a hand-off to a team-mate. Each expected number is derived
by hand below (LRB6 linemen: MA 6, ST 3, AG 3, AV 8; one team re-roll each, the board's default)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.tutorial.board.test_pages import page_text

pytestmark = pytest.mark.django_db
ASK = "/{lang}/lrb6/board/?b={code}&p=A1&t=p8"


def percent(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}".removesuffix(".0") + "%"


# A1 on m8, B1 on p8: o7, o8 and o9 are two steps away and no tackle zone is left on the way (B1's
# zone starts at column o), so no roll. A one-die block, ST 3 against ST 3: of the six faces,
# defender stumbles, pow and both down put the defender on the ground: 3/6.
BLITZ = Fraction(3, 6)
# B1 prone on p8: armour AV 8 breaks on 9+ on two dice, no assists either side:
# 9, 10, 11, 12 come up 4 + 3 + 2 + 1 = 10 times in 36.
FOUL = Fraction(4 + 3 + 2 + 1, 36)
# A2 (team-mate) on p8: AG 3 catches on 4+, a hand-off +1: 3+ (4/6); the team re-roll on a miss.
HANDOFF = Fraction(4, 6) + Fraction(2, 6) * Fraction(4, 6)


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("1_A1m8_B1p8", f"Blitz on B1: {percent(BLITZ)}, best from o7."),
        ("1_A1m8_B1p8p", f"Foul on B1: {percent(FOUL)}, best from o7."),
        ("1_A1m8_A2p8", f"Hand-off to A2: {percent(HANDOFF)}, best from o7."),
    ],
)
def test_a_tap_on_another_player_asks_the_action(client, code: str, said: str) -> None:
    response = client.get(ASK.format(lang="en", code=code))
    assert response.status_code == 200
    text = page_text(response)
    assert f"A1 chosen. {said}" in text


def test_the_blitz_answer_names_the_square_the_path_and_the_block(client) -> None:
    text = page_text(client.get(ASK.format(lang="en", code="1_A1m8_B1p8")))
    assert f"knocks him down: {percent(BLITZ)} (1/2)" in text
    assert "Best square: o7, by n7 → o7. Getting there: 100%." in text
    # Of the six faces: pow and stumbles 2/6, push 2/6, both down 1/6, attacker down 1/6.
    assert "Defender pushed and knocked down 33.3% 1/3" in text and "Attacker knocked down 16.7% 1/6" in text
    assert "Other squares: o8 50%, o9 50%" in text


def test_an_opponent_out_of_reach_is_said_so_in_french(client) -> None:
    # MA 1 (the code's characteristics: MA ST AG AV): the squares next to q8 are three steps away,
    # his one square and two rushes, and the blitz's block would need a third rush.
    text = page_text(client.get("/fr/lrb6/board/?b=1_A1m8.1338_B1q8&p=A1&t=q8"))
    assert "Blitz sur B1" in text and "Il ne peut pas arriver à côté de lui ce tour-ci." in text


def test_a_block_where_he_stands_keeps_its_own_answer(client) -> None:
    text = page_text(client.get("/en/lrb6/board/?b=1_A1m8_B1n8&p=A1&t=n8"))
    assert "Block on B1: 50% to knock him down." in text and "Blitz on B1" not in text


def test_the_board_draws_the_walk_to_the_best_square(client) -> None:
    body = client.get(ASK.format(lang="en", code="1_A1m8_B1p8")).content.decode()
    # Square centres on the 32-unit grid: m8 (12, 7) at 400,240; n7 (13, 6) at 432,208; o7 (14, 6)
    # at 464,208, the arrow's end pulled back 0.3 of a square (9.6) so it does not cover o7.
    assert '<polyline class="arrow" points="400.0,240.0 432.0,208.0 454.4,208.0"' in body
