"""The odds calculator page and its JSON API."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulebook.engine import get_edition, movement
from rulebook.engine.explain import target_explanation
from tutorial import odds

pytestmark = pytest.mark.django_db


def d6_rolls(*targets: tuple[str, int]) -> list[movement.Roll]:
    return [movement.Roll(kind, t, target_explanation(t, "target_number", ()), None,
                          {"dodge": "dodge", "rush": "sure-feet", "pickup": "sure-hands"}.get(kind)) for kind, t in targets]


@pytest.mark.parametrize("skills", [frozenset(), frozenset({"dodge"}), frozenset({"sure-hands", "sure-feet"})])
@pytest.mark.parametrize("team", [0, 1])
def test_d6_sequences_agree_with_the_engine(skills: frozenset[str], team: int) -> None:
    steps = odds.parse_steps("dodge:3,gfi:2,pickup:4,dodge:5")
    mine = odds.evaluate(get_edition("lrb6"), steps, team, skills).probability
    engine = movement.sequence_success(
        d6_rolls(("dodge", 3), ("rush", 2), ("pickup", 4), ("dodge", 5)), movement.Resources(team=team, skills=skills))
    assert mine == engine


def test_failures_and_success_add_up_to_one() -> None:
    result = odds.evaluate(get_edition("bb2025"), odds.parse_steps("dodge:4,block:2d,armour:9"), 2, frozenset({"pro"}))
    assert result.probability + sum(result.failures) == 1


def test_api_returns_exact_fraction(client) -> None:
    response = client.get("/api/v1/odds", {"edition": "lrb6", "steps": "dodge:3,gfi:2", "team_reroll": "0"})
    assert response.status_code == 200
    data = response.json()
    assert data["probability"] == "5/9"
    assert data["probability_float"] == pytest.approx(5 / 9)
    assert data["steps"] == ["dodge:3", "gfi:2"] and data["edition"] == "lrb6"
    assert [e["step"] for e in data["explanation"]] == ["dodge:3", "gfi:2"]


def test_api_example_from_the_issue(client) -> None:
    response = client.get("/api/v1/odds?edition=lrb6&steps=dodge:3,gfi:2,pickup:3,block:2d&team_reroll=1&skills=dodge,sure-hands")
    assert response.status_code == 200
    p = Fraction(response.json()["probability"])
    assert 0 < p < 1


def test_block_and_armour_steps(client) -> None:
    data = client.get("/api/v1/odds", {"steps": "block:2d", "team_reroll": "0"}).json()
    assert Fraction(data["probability"]) == 1 - Fraction(4, 6) ** 2  # defender down or stumbles: 2 faces of 6
    data = client.get("/api/v1/odds", {"steps": "armour:8", "team_reroll": "1"}).json()
    assert Fraction(data["probability"]) == Fraction(10, 36)  # 9+ on 2D6; armour rolls are never re-rolled


def test_lrb6_allows_one_team_reroll_per_turn(client) -> None:
    classic = client.get("/api/v1/odds", {"steps": "dodge:4,dodge:4", "team_reroll": "2"}).json()
    modern = client.get("/api/v1/odds", {"edition": "bb2025", "steps": "dodge:4,dodge:4", "team_reroll": "2"}).json()
    assert Fraction(modern["probability"]) == Fraction(9, 16) > Fraction(classic["probability"])


@pytest.mark.parametrize("query", [
    {"edition": "lrb5"}, {"steps": "dodge:9"}, {"steps": "teleport:3"}, {"steps": "block:4d"}, {"steps": ""},
    {"team_reroll": "x"}, {"team_reroll": "-1"}, {"skills": "wings"}, {"steps": "dodge:x"},
])
def test_api_rejects_bad_parameters(client, query: dict[str, str]) -> None:
    response = client.get("/api/v1/odds", query)
    assert response.status_code == 400
    assert "error" in response.json()


@pytest.mark.parametrize("lang", ["es", "it", "fr", "en"])
def test_odds_page_renders_with_chart(client, lang: str) -> None:
    response = client.get(f"/{lang}/odds/?edition=lrb6&steps=dodge:3,gfi:2&team_reroll=1&skills=dodge")
    assert response.status_code == 200
    html = response.content.decode()
    assert '<svg class="chart"' in html and "steps=dodge:3,gfi:2" in html


def test_odds_page_form_rows_build_the_sequence(client) -> None:
    html = client.get("/en/odds/", {"k1": "dodge", "v1": "4", "k2": "block", "v2": "-2", "team_reroll": "0"}).content.decode()
    assert "steps=dodge:4,block:-2d" in html


def test_odds_page_bad_parameters_inline(client) -> None:
    response = client.get("/es/odds/?steps=dodge:9")
    assert response.status_code == 200
    assert 'class="form-message"' in response.content.decode()


def test_odds_page_htmx_partial(client) -> None:
    response = client.get("/en/odds/?steps=dodge:3", HTTP_HX_REQUEST="true", HTTP_HX_TARGET="odds-result")
    html = response.content.decode()
    assert "<html" not in html and 'id="odds-result"' in html
