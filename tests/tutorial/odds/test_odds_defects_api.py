"""Issue 23, section 3, as a reader meets it: each reported code on GET /api/v1/odds answers the
number derived by hand in tests/engine/test_engine_odds_defects.py (the value before the fix in
the comment), and an option the roll ignores is refused with its problem key, on the page in the
reader's language next to the row."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils.html import escape
from django.utils.translation import gettext, override

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("bb2025;rr0;leap:3/dt", "1/3"),  # was 2/3: Diving Tackle ignored; 5+ needed
        ("bb2025;rr1;leap:3/dt", "5/9"),  # was 8/9; 1/3 + 2/3 × 1/3
        ("bb2025;rr0;leap:3/tentacles:6", "2/9"),  # was 2/3: Tentacles ignored; 1/3 × 2/3
        ("bb2025;rr0;dodge:3/tentacles:6", "2/9"),  # unchanged: the leap now agrees with it
        ("bb2025;rr0;t=;c=;t.hailmary:2,c.catch:2", "85/1536"),  # was 5/192: 5/6 × 51/512 × 2/3
        ("bb2025;rr0;t=;c=;t.pass:6/f:3,c.catch:2", "371/2304"),  # was 43/288: 5/36 + 1/3 × 51/512 × 2/3
        ("bb2025;rr0;p=brawler,pro;block:3d", "4747/5832"),  # was 511/648
        ("bb2025;rr0;t=;c=;t.hailmary:5,c.catch:2", "17/768"),  # was 5/192 (N ignored): 2/6 × 51/512 × 2/3
        ("bb2025;rr0;t=;c=;t.hailmary:2/f:4,c.catch:2", "17/768"),  # the same throw, said with /f:4
    ],
)
def test_the_reported_codes_answer_the_derived_chances(client: Client, code: str, expected: str) -> None:
    response = client.get("/api/v1/odds", {"c": code})
    assert response.status_code == 200, response.content
    assert response.json()["probability"] == expected


@pytest.mark.parametrize(
    ("code", "problem", "message"),
    [
        ("lrb6;rr0;pickup:3/tackle", "skill_not_on_roll", "pickup:3/vs:tackle: the opponent's “tackle” does not"),
        ("lrb6;rr0;gfi:2/dt", "skill_not_on_roll", "gfi:2/vs:diving-tackle: the opponent's “diving-tackle”"),
        ("lrb6;rr0;leap:3/dt", "skill_not_on_roll", "the opponent's “diving-tackle” does not change"),
        ("bb2025;rr0;catch:3/dodge", "skill_not_on_roll", "the opponent's “dodge” does not change"),
        ("lrb6;rr0;hailmary:4", "hail_mary_on_one", "hailmary:4: in these rules a Hail Mary is fumbled on a 1"),
        ("lrb6;rr0;hailmary:2/f:2", "hail_mary_on_one", "fumbled on a 1 only"),
    ],
)
def test_an_option_the_roll_ignores_is_refused(client: Client, code: str, problem: str, message: str) -> None:
    """These were accepted and dropped without a word (the answer even echoed them)."""
    response = client.get("/api/v1/odds", {"c": code})
    assert response.status_code == 400
    data = response.json()
    assert set(data) == {"error", "problem"} and data["problem"] == problem and message in data["error"]


@pytest.mark.parametrize(
    ("lang", "tackle"), [("es", "Placaje Defensivo"), ("it", "Placcaggio"), ("fr", "Tacle"), ("en", "Tackle")]
)
def test_the_page_says_why_in_the_readers_language(client: Client, lang: str, tackle: str) -> None:
    """From the form, next to the row; from a shared code, in the page's list of problems. The skill
    is named as the edition names it in the reader's language."""
    with override(lang):
        message = escape(gettext("the opponent's “%(skill)s” does not change this kind of roll") % {"skill": tackle})
    if lang != "en":
        assert "opponent" not in message
    rows = {"edition": "lrb6", "team_reroll": "0", "pn1": "a", "k1": "dodge", "v1": "3+", "w1": "1"}
    rows |= {"k2": "pickup", "v2": "3+", "w2": "1", "o2": "tackle"}
    html = client.get(f"/{lang}/odds/", rows).content.decode()
    row = re.search(r'id="v2-error">([^<]*)<', html)
    assert row is not None and message in row.group(1)
    assert 'class="odds-answer"' not in html
    shared = client.get(f"/{lang}/odds/", {"c": "lrb6;rr0;dodge:3,pickup:3/tackle"}).content.decode()
    assert message in shared and 'class="odds-answer"' not in shared
