"""A tap on another player asks the engine's action question (issue 25): a blitz on a standing
opponent, a foul on one on the ground, a hand-off to a team-mate. Each expected number is derived
by hand below (LRB6 linemen: MA 6, ST 3, AG 3, AV 8; one team re-roll each, the board's default)."""

from __future__ import annotations

import html
import re
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


# -- the pass question ----------------------------------------------------------------------------------
# A1 on m8 passes to A2 on r8: five squares along the pitch, no row apart: a short pass. B1 on o8
# stands under the range ruler, two squares from each (no tackle zone on A1, A2 or B1).
#
# Classic rules (LRB6, AG 3): the pass roll is 4+ (AG 3 needs 4+, a short pass +0): 3/6 accurate,
# 2 and 3 inaccurate (2/6), a natural 1 fumbles (1/6). The catch of an accurate pass is AG 3 +1:
# 3+ (4/6). One team re-roll a turn, spent on whichever roll fails first:
#   pass first time (1/2) × catch with the re-roll left (2/3 + 1/3 × 2/3 = 8/9) = 4/9,
#   pass on the re-roll (1/2 × 1/2) × catch without one (2/3) = 1/6: accurate and caught 11/18.
# B1 intercepts on AG 3 −2: 6+ (1/6), rolled before the pass; his roll is none of our re-rolls, so
# the whole pass is 5/6 × 11/18 = 55/108.
CLASSIC_CAUGHT = Fraction(1, 2) * (Fraction(2, 3) + Fraction(1, 3) * Fraction(2, 3)) + Fraction(1, 4) * Fraction(2, 3)
CLASSIC_PASS = (1 - Fraction(1, 6)) * CLASSIC_CAUGHT
# 2025 (PA 4+, AG 3+): a short pass is −1, so the roll needs 5+ (2/6 accurate); the catch of an
# accurate pass has no modifier: 3+ (4/6). With the team re-roll: 1/3 × 8/9 + 2/3 × 1/3 × 2/3 = 4/9.
# B1 rolls after an accurate pass, AG 3+ −3: 6+ (1/6): 5/6 × 4/9 = 10/27.
BB2025_CAUGHT = Fraction(1, 3) * Fraction(8, 9) + Fraction(2, 3) * Fraction(1, 3) * Fraction(2, 3)
BB2025_PASS = (1 - Fraction(1, 6)) * BB2025_CAUGHT


def test_a_team_mate_out_of_hand_off_reach_is_asked_a_pass(client) -> None:
    # MA 1: the squares next to r8 are four steps away, more than his one square and two rushes.
    text = page_text(client.get("/en/lrb6/board/?b=1_bm8_A1m8.1338_A2r8_B1o8&p=A1&t=r8"))  # he holds the ball
    assert f"A1 chosen. Pass to A2: {percent(CLASSIC_PASS)}, thrown from where he stands." in text
    assert f"Accurate, not intercepted and caught: {percent(CLASSIC_PASS)} ({CLASSIC_PASS})" in text  # 55/108
    assert "Short pass, thrown from where he stands. Pass roll · r8: 4+ (50%)" in text
    assert "Accurate pass 50% 1/2 Inaccurate pass 33.3% 1/3 Fumble 16.7% 1/6" in text
    assert "Catch by A2: 3+ (66.7% on one roll)." in text
    assert f"Accurate and caught by A2: {percent(CLASSIC_CAUGHT)} (before any interception)." in text
    assert "B1 on o8: 6+ (16.7%)" in text
    assert "Hand-off to A2" not in text


def test_a_pass_is_asked_in_2025_when_the_coach_chooses_it_over_a_hand_off(client) -> None:
    base = "/en/bb2025/board/?b=1_A1m8_A2r8_B1o8&p=A1&t=r8"
    handoff = client.get(base).content.decode()
    assert "Hand-off to A2" in page_text(client.get(base))  # he can walk next to him: a hand-off first
    link = re.search(r'<a data-key="ask-switch" href="([^"]+)" hx-get="\1">Ask a pass to him instead</a>', handoff)
    assert link and "ask=pass" in link[1]
    text = page_text(client.get(html.unescape(link[1])))
    # 10/27 = 37.04 %: not exact, so its tenth is kept ("37.0%")
    assert f"Pass to A2: {float(BB2025_PASS) * 100:.1f}%, thrown from where he stands." in text
    assert f"({BB2025_PASS})" in text and "Pass roll · r8: 5+ (33.3%)" in text and "B1 on o8: 6+ (16.7%)" in text
    assert "Ask a hand-off to him instead" in text


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("1_A1a8.1338_A2p8", "He is out of passing range from where he stands."),  # 15 squares: no band
        ("1_A1m8p.1338_A2r8", "A player on the ground cannot pass."),
    ],
)
def test_a_pass_that_cannot_be_made_says_why(client, code: str, said: str) -> None:
    text = page_text(client.get(f"/en/lrb6/board/?b={code}&p=A1&t={code[-2:]}&ask=pass"))
    assert f"Pass to A2: {said}" in text


def test_the_pass_answer_is_in_the_readers_language(client) -> None:
    text = page_text(client.get("/es/lrb6/board/?b=1_A1m8.1338_A2r8_B1o8&p=A1&t=r8"))
    assert "Pase a A2" in text and f"({CLASSIC_PASS})" in text


# -- the same question in the odds calculator -------------------------------------------------------------
def odds_link(body: str) -> str:
    found = re.search(r'<a data-key="odds-link" href="([^"]+)">Open in the odds calculator</a>', body)
    assert found, "no link to the odds calculator"
    return html.unescape(found[1])


@pytest.mark.parametrize(
    ("code", "target", "expected", "steps"),
    [
        # B1 on n9 marks A1: his first step is a dodge, AG 3 → 4+, +1: 3+ (2/3), to m7 (no zone
        # there), then on to o7, clear of B1, where A2's hand-off catch is 4+, +1: 3+ (2/3). One
        # team re-roll: 2/3 × (2/3 + 1/3 × 2/3) + 1/3 × 2/3 × 2/3 = 16/27 + 4/27 = 20/27.
        ("1_A1m8_A2p8_B1n9", "p8", Fraction(20, 27), "dodge:3,a2.handoff:3"),
        # B1 prone on p8, A3 on q9 next to him and free of any other zone: one assist, AV 8 breaks
        # on 8+ after +1: 2D6 ≥ 8 comes up 5 + 4 + 3 + 2 + 1 = 15 times in 36: 5/12.
        ("1_A1m8_A3q9_B1p8p", "p8", Fraction(15, 36), "foul:8/a:1"),
    ],
)
def test_the_odds_calculator_opened_from_the_answer_gives_the_same_chance(client, code, target, expected, steps):
    board = client.get(f"/en/lrb6/board/?b={code}&p=A1&t={target}").content.decode()
    assert f"({expected})" in page_text_of(board)  # the board's answer, as derived
    link = odds_link(board)
    assert link.startswith("/en/odds/?c=lrb6;rr1;") and link.endswith(steps)
    odds = client.get(link)
    assert odds.status_code == 200 and str(expected) in page_text(odds)
    data = client.get("/api/v1/odds", {"c": link.split("c=", 1)[1]}).json()
    assert data["probability"] == str(expected)


def test_a_blitz_links_to_the_calculator_and_says_how_its_question_differs(client) -> None:
    body = client.get(ASK.format(lang="en", code="1_A1m8.block_B1p8.dodge")).content.decode()
    assert odds_link(body) == "/en/odds/?c=lrb6;rr1;a1=block;block:1d/vs:dodge/blitz"
    assert "There both players going down counts as failing" in page_text_of(body)


def page_text_of(body: str) -> str:
    body = re.sub(r"<(script|style|svg).*?</\1>", " ", body, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", body)))
