"""The odds calculator page and its JSON API."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from rulebook.engine import movement
from rulebook.engine.explain import target_explanation
from tutorial.odds import calculator

pytestmark = pytest.mark.django_db


def d6_rolls(*targets: tuple[str, int]) -> list[movement.Roll]:
    return [
        movement.Roll(
            kind,
            t,
            target_explanation(t, "target_number", ()),
            None,
            {"dodge": "dodge", "rush": "sure-feet", "pickup": "sure-hands"}.get(kind),
        )
        for kind, t in targets
    ]


@pytest.mark.parametrize("skills", [frozenset(), frozenset({"dodge"}), frozenset({"sure-hands", "sure-feet"})])
@pytest.mark.parametrize("team", [0, 1])
def test_d6_sequences_agree_with_the_engine(skills: frozenset[str], team: int) -> None:
    query = {"steps": "dodge:3,gfi:2,pickup:4,dodge:5", "team_reroll": str(team), "skills": ",".join(sorted(skills))}
    mine = calculator.solve(calculator.read(query)).probability
    engine = movement.sequence_success(
        d6_rolls(("dodge", 3), ("rush", 2), ("pickup", 4), ("dodge", 5)), movement.Resources(team=team, skills=skills)
    )
    assert mine == engine


def test_failures_and_success_add_up_to_one() -> None:
    query = {"edition": "bb2025", "steps": "dodge:4,block:2d,armour:9", "team_reroll": "2", "skills": "pro"}
    result = calculator.solve(calculator.read(query))
    assert result.probability + sum(s.stops for s in result.steps) == 1


def test_api_returns_exact_fraction(client) -> None:
    response = client.get("/api/v1/odds", {"edition": "lrb6", "steps": "dodge:3,gfi:2", "team_reroll": "0"})
    assert response.status_code == 200
    data = response.json()
    assert data["probability"] == "5/9"
    assert data["probability_float"] == pytest.approx(5 / 9)
    assert data["steps"] == ["dodge:3", "gfi:2"] and data["edition"] == "lrb6"
    assert [e["step"] for e in data["explanation"]] == ["dodge:3", "gfi:2"]


def test_api_example_from_the_issue(client) -> None:
    response = client.get(
        "/api/v1/odds?edition=lrb6&steps=dodge:3,gfi:2,pickup:3,block:2d&team_reroll=1&skills=dodge,sure-hands"
    )
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


@pytest.mark.parametrize(
    "query",
    [
        {"edition": "lrb5"},
        {"steps": "dodge:10"},
        {"steps": "teleport:3"},
        {"steps": "block:4d"},
        {"steps": ""},
        {"team_reroll": "x"},
        {"team_reroll": "-1"},
        {"skills": "wings"},
        {"steps": "dodge:x"},
    ],
)
def test_api_rejects_bad_parameters(client, query: dict[str, str]) -> None:
    response = client.get("/api/v1/odds", query)
    assert response.status_code == 400
    assert "error" in response.json()


@pytest.mark.parametrize("lang", ["es", "it", "fr", "en"])
def test_odds_page_renders_with_chart(client, lang: str) -> None:
    response = client.get(f"/{lang}/odds/?edition=lrb6&steps=dodge:3,gfi:2&team_reroll=1&skills=dodge")
    assert response.status_code == 200
    html = response.content.decode()
    # the language switcher keeps the query (encoded)
    assert '<svg class="chart"' in html and "steps=dodge%3A3%2Cgfi%3A2" in html


def test_odds_page_form_rows_build_the_sequence(client) -> None:
    html = client.get(
        "/en/odds/", {"k1": "dodge", "v1": "4", "k2": "block", "v2": "-2", "team_reroll": "0"}
    ).content.decode()
    assert "c=lrb6;rr0;a.dodge:4,block:-2d" in html


def test_odds_page_bad_parameters_inline(client) -> None:
    response = client.get("/es/odds/?steps=dodge:10")
    assert response.status_code == 400  # bad input, said on the page (test_turn.py: htmx still gets 200)
    assert 'class="form-message"' in response.content.decode()


def test_odds_page_htmx_partial(client) -> None:
    response = client.get("/en/odds/?steps=dodge:3", HTTP_HX_REQUEST="true", HTTP_HX_TARGET="odds-result")
    html = response.content.decode()
    assert "<html" not in html and 'id="odds-result"' in html


# -- the page speaks the reader's language; the chart never overlaps -----------------------------


@pytest.mark.parametrize(
    ("query", "subject", "message"),
    [
        (
            "steps=dodge:10",
            ("Roll %(n)s", {"n": 1}),
            ("a D6 target must be between 1 and 9 (a 1 always fails, a 6 always succeeds)", {}),
        ),
        ("team_reroll=x", ("Team re-rolls available", {}), ("“%(text)s” is not a number", {"text": "x"})),
        (
            "k1=dodge&v1=3&k3=block&v3=7",
            ("Roll %(n)s", {"n": 3}),
            ("a block uses 1, 2 or 3 dice (a negative number when the defender chooses)", {}),
        ),
    ],
)
@pytest.mark.parametrize("lang", ["es", "fr"])
def test_odds_page_error_in_the_readers_language(client, lang: str, query: str, subject, message) -> None:
    from django.utils.html import escape
    from django.utils.translation import gettext, override

    html = client.get(f"/{lang}/odds/?{query}").content.decode()
    with override(lang):
        expected = gettext("%(subject)s: %(message)s") % {
            "subject": gettext(subject[0]) % subject[1],
            "message": gettext(message[0]) % message[1],
        }
    assert escape(expected) in html
    if "k1" not in query:  # the JSON API keeps its English message
        api = client.get(f"/api/v1/odds?{query}")
        assert api.status_code == 400 and message[0] % message[1] in api.json()["error"]


def test_odds_page_keeps_the_readers_rows_and_marks_the_bad_one(client) -> None:
    html = client.get("/en/odds/", {"k1": "dodge", "v1": "3", "k2": "armour", "v2": "20"}).content.decode()
    field = re.search(r'<input id="v2"[^>]*>', html).group(0)
    assert 'value="20"' in field and 'aria-invalid="true"' in field and 'aria-describedby="v2-error"' in field
    assert 'id="v2-error"' in html
    assert "odds-answer" not in html  # no other sequence's result in its place


@pytest.mark.parametrize(("edition", "slug"), [("lrb6", "go-for-it"), ("bb2025", "rush")])
@pytest.mark.parametrize("lang", ["es", "it", "fr", "en"])
def test_odds_step_select_names_going_for_it_as_the_edition_does(client, edition: str, slug: str, lang: str) -> None:
    from django.utils.html import escape

    from rulebook.models import GlossaryTerm

    term = getattr(GlossaryTerm.objects.get(ruleset__key=edition, slug=slug), f"term_{lang}")
    html = client.get(f"/{lang}/odds/?edition={edition}&steps=gfi:2").content.decode()
    option = re.search(r'<option value="gfi"[^>]*>([^<]*)</option>', html).group(1)
    assert option.startswith(escape(term))
    assert "Go For It / Rush" not in html and "¡A por ellos! / Forzar la marcha" not in html
    assert f"{escape(term)} 2+" in html  # the result list uses the same term


def test_chart_labels_wrap_inside_the_picture() -> None:
    from tutorial.shared import charts

    label = "Se detiene en la tirada 2: ¡A por ellos! / Forzar la marcha muy larga 2+"
    svg = charts.chart_svg([(label, Fraction(1, 3), "33,3 %"), ("Todas", Fraction(2, 3), "66,7 %")], "t")
    lines = re.findall(r'class="chart-label" x="0" y="(\d+)">([^<]*)<', svg)
    assert len(lines) >= 3 and " ".join(text for _, text in lines[:-1]) == label
    assert all(charts._text_width(text) <= 320 for _, text in lines)
    values = [int(y) for y in re.findall(r'class="chart-value" x="320" y="(\d+)"', svg)]
    assert not {int(y) for y, _ in lines} & set(values), "a value never shares a line with a label"
    tracks = re.findall(r'class="chart-track" x="0" y="\d+" width="(\d+)"', svg)
    assert all(int(w) <= 320 - 60 for w in tracks), "bars leave a column for the values"
