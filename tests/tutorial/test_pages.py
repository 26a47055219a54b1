"""Every scenario step renders in every language; the try-it form, impossible inputs and
changed scenario data all show the engine's answer."""

from __future__ import annotations

import itertools
import re
import tomllib
from pathlib import Path

import pytest
from django.utils.translation import gettext, override

from tutorial import presenting, stepping
from tutorial.shared import phrases
from tutorial.shared.scenario import SCENARIO_DIR, all_scenarios, parse_scenario

pytestmark = pytest.mark.django_db
LANGS = ("es", "it", "fr", "en")
STEPS = [(s.slug, n) for s in all_scenarios() for n in range(1, len(s.steps) + 1)]
DODGE = "/{lang}/tutorial/03-moving-and-dodging/3/"


def narration(html: str) -> str:
    found = re.search(r'<div class="narration">(.*?)</div>', html, re.S)
    assert found, "no narration"
    return re.sub(r"<[^>]+>", "", found.group(1))


def test_there_are_twelve_scenarios() -> None:
    assert len(all_scenarios()) >= 12


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("slug", "number"), STEPS)
def test_every_step_renders_with_picture_and_text(client, slug: str, number: int, lang: str) -> None:
    response = client.get(f"/{lang}/tutorial/{slug}/{number}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<svg" in html
    text = narration(html)
    assert len(text.split()) > 25
    assert "{" not in text, "a placeholder was not filled"
    assert 'class="form-message"' not in html, "the scenario's own board must be valid"
    assert f'<html lang="{lang}">' in html


@pytest.mark.parametrize("lang", LANGS)
def test_index_lists_every_scenario_in_the_recommended_order(client, lang: str) -> None:
    html = client.get(f"/{lang}/tutorial/").content.decode()
    positions = [html.index(f"/{lang}/tutorial/{s.slug}/1/") for s in all_scenarios()]
    for scenario in all_scenarios():
        assert scenario.title[lang].replace("'", "&#x27;") in html
    parts = [html.index(f'id="part-{key}"') for key in ("lrb6", "bb2025", "dreadball2")]
    assert parts == sorted(parts), "classic rules first, then 2025, then DreadBall"
    assert positions == sorted(positions), "each part in the scenarios' order"
    start = html.index('class="badge"')
    assert parts[0] < start < positions[1] and html.rfind("01-building-a-team", 0, start) > parts[0]


def test_scenario_url_redirects_to_first_step(client) -> None:
    response = client.get("/en/tutorial/04-blocking/")
    assert response.status_code == 302 and response["Location"].endswith("/en/tutorial/04-blocking/1/")


def test_missing_step_is_404(client) -> None:
    assert client.get("/en/tutorial/04-blocking/99/").status_code == 404
    assert client.get("/en/tutorial/no-such-scenario/1/").status_code == 404


def test_changing_an_input_changes_the_engine_number(client) -> None:
    before = narration(client.get(DODGE.format(lang="en")).content.decode())
    after = narration(client.get(DODGE.format(lang="en") + "?try=1&ag=4&tz=2").content.decode())
    assert "5+" in before and "33.3%" in before
    assert "4+" in after and "50%" in after


def test_fewer_tackle_zones_lower_the_target(client) -> None:
    text = narration(client.get(DODGE.format(lang="en") + "?try=1&ag=3&tz=0").content.decode())
    assert "3+" in text and "66.7%" in text


def test_htmx_form_returns_only_the_result_region(client) -> None:
    response = client.get(
        DODGE.format(lang="en") + "?try=1&ag=5&tz=2", HTTP_HX_REQUEST="true", HTTP_HX_TARGET="step-result"
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith("<ul hx-swap-oob") and "<html" not in html
    assert 'id="step-result"' in html and "<svg" in html and "3+" in narration(html)


def test_htmx_navigation_returns_the_step_and_title(client) -> None:
    response = client.get("/fr/tutorial/04-blocking/2/", HTTP_HX_REQUEST="true", HTTP_HX_TARGET="tutorial-step")
    html = response.content.decode()
    assert "<html" not in html and 'id="tutorial-step"' in html and "<title>" in html
    assert 'hx-push-url="true"' in html and 'rel="prev"' in html and 'rel="next"' in html


@pytest.mark.parametrize("query", ["ag=9", "tz=-3", "ag=abc", "tz=%3Cscript%3E"])
def test_impossible_input_gets_an_inline_message_in_spanish(client, query: str) -> None:
    response = client.get(DODGE.format(lang="es") + "?try=1&" + query)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'class="form-message"' in html and 'aria-invalid="true"' in html
    assert "<script>" not in html
    with override("es"):
        label = gettext("Agility (AG)") if "ag=" in query else phrases.phrase("tz_destination", "es", "lrb6")
    assert label in html and label in html[html.index('class="form-message"') :]  # the message names the field
    assert "Zapmo elige peor" in narration(html)  # the page stays in Spanish, with the scenario's numbers


def test_impossible_board_gets_an_inline_message(client) -> None:
    # MA 1 makes the 2-square path too long (1 + 2 going for it is still enough) → use MA 1 on a long path
    response = client.get("/es/tutorial/09-going-for-it-and-rerolls/1/?try=1&ma=1")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'class="form-message"' in html
    with override("es"):
        assert (
            gettext(
                "The player cannot make this move: the path is longer than his movement plus the extra squares he may attempt, or it crosses an occupied square."
            ).split(":")[0]
            in html
        )


def _scenario_with(change) -> object:
    data = tomllib.loads((SCENARIO_DIR / "03-moving-and-dodging.toml").read_text(encoding="utf-8"))
    change(data)
    return parse_scenario(data, "03-moving-and-dodging")


def test_narration_follows_the_scenario_data_agility() -> None:
    def agile(data: dict) -> None:
        data["players"]["zapmo"]["ag"] = 4

    view = presenting.step_view(_scenario_with(agile), 3, {}, "en")
    assert "4+" in view.narration and "50%" in view.narration


def test_narration_follows_a_moved_player() -> None:
    def move_marker(data: dict) -> None:
        data["players"]["lineman6"]["square"] = [20, 3]  # one tackle zone fewer on the square moved into

    view = presenting.step_view(_scenario_with(move_marker), 3, {}, "en")
    assert "in one tackle zone" in view.narration and "1 tackle zones" not in view.narration
    assert "from 3+ to <strong>4+</strong>" in view.narration


def test_links_tolerate_missing_targets() -> None:
    assert presenting.resolve_link("section:no-such-section", "lrb6", "en") is None
    assert presenting.resolve_link("nonsense", "lrb6", "en") is None


def test_every_reason_key_used_by_the_steps_has_a_phrase() -> None:
    from tutorial.shared import phrases

    for scenario in all_scenarios():
        for step in scenario.steps:
            computed = stepping.compute(scenario, step, {})
            for block in computed.outcome.panels:
                keys = block.explanation.reason_keys() if block.explanation else set()
                keys |= {key for key, _ in block.lines}
                for key in keys:
                    for lang in LANGS:
                        assert phrases.lookup(key, lang) is not None, (scenario.slug, step.number, key)


def test_scenario_files_have_four_languages() -> None:
    for path in Path(SCENARIO_DIR).glob("*.toml"):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for step in data["steps"]:
            assert set(step["text"]) == set(LANGS)
            assert len({step["text"][lang] for lang in LANGS}) == 4, "a narration is copied between languages"


# -- DreadBall routes: the arrow follows a real shortest route; friendly destination input --------

HEXES = "/{lang}/tutorial/12-dreadball-facing-and-hexes/2/"


def _hex_step_numbers(query: dict[str, str] | None = None):
    from rulebook.engine.dreadball import facing, hexes

    scenario = next(s for s in all_scenarios() if s.slug == "12-dreadball-facing-and-hexes")
    step = scenario.step(2)
    computed = stepping.compute(scenario, step, query or {})
    return computed, hexes, facing


def test_hex_route_is_a_real_detour_drawn_hex_by_hex() -> None:
    computed, hexes, _facing = _hex_step_numbers()
    values, marks = computed.outcome.values, computed.outcome.marks
    assert values["distance"].value > values["straight"].value, "the scenario's destination must need a detour"
    (path,) = marks.arrows
    assert len(path) == values["distance"].value + 1  # hex centre to hex centre, start included
    for a, b in itertools.pairwise(path):
        assert hexes.distance(hexes.Hex(*a), hexes.Hex(*b)) == 1
    assert not set(path) & marks.threat, "the route keeps out of the threat zone"
    assert set(path) <= set(marks.route)


def test_hex_narration_numbers_come_from_the_engine() -> None:
    computed, hexes, facing = _hex_step_numbers()
    ws = computed.ws
    start, goal = hexes.Hex(*ws.cast["jack"].square), hexes.Hex(*computed.outcome.marks.highlight[0])
    board = hexes.dreadball_pitch()
    guard = ws.cast["guard"]
    zone = facing.threat_zone(hexes.Hex(*guard.square), hexes.Direction[guard.facing], board)
    blocked = [hexes.Hex(*guard.square), *zone]
    length = hexes.route_length(board, start, goal, blocked)
    routes = hexes.count_shortest_routes(board, start, goal, blocked).result
    view = presenting.step_view(computed.ws.scenario, 2, {}, "en")
    text = re.sub(r"<[^>]+>", "", view.narration)
    assert f"is {hexes.distance(start, goal)} hexes away" in text
    assert f"is {length} hexes long" in text and f"There are {routes} equally short routes" in text
    assert f"costs {length - hexes.distance(start, goal)} more hexes" in text


@pytest.mark.parametrize("lang", LANGS)
def test_hex_destination_is_a_lettered_select(client, lang: str) -> None:
    html = client.get(HEXES.format(lang=lang)).content.decode()
    assert 'id="f-q"' not in html and 'id="f-r"' not in html
    assert '<select id="f-to" name="to"' in html
    assert 'class="hex-label hex-label--goal"' in html  # the chosen letter is drawn on the board
    assert '<polyline class="arrow"' in html


def test_hex_destination_letter_changes_the_route(client) -> None:
    computed, _hexes, _facing = _hex_step_numbers({"try": "1", "to": "A"})
    assert not computed.problems and not computed.action_error
    assert computed.outcome.values["distance"].value >= computed.outcome.values["straight"].value


@pytest.mark.parametrize("value", ["Z", "2", "%3Cscript%3E"])
def test_hex_destination_bad_letter_gets_an_inline_message(client, value: str) -> None:
    html = client.get(HEXES.format(lang="es") + f"?try=1&to={value}").content.decode()
    assert 'class="form-message"' in html and "<script>" not in html
    assert 'id="f-to-error"' in html and 'aria-invalid="true"' in html
    with override("es"):
        assert gettext("Destination hex") in html


# -- the budget bar tells every purchase apart ------------------------------------------------------


def test_budget_bar_numbers_and_styles_every_part(client) -> None:
    query = "?try=1&n_lineman=7&rerolls=2&n_apothecary=1&n_assistant=2&n_cheerleader=2&n_fan_factor=2"
    html = client.get("/en/tutorial/01-building-a-team/3/" + query).content.decode()
    swatches = re.findall(r'swatch--(budget-\d+)" aria-hidden="true">(\d+)<', html)
    assert len(swatches) == 9
    assert len({style for style, _ in swatches}) == 9, "no two purchases share a style"
    assert [int(n) for _, n in swatches] == list(range(1, 10))
    svg = re.search(r'<svg class="diagram diagram--budget".*?</svg>', html, re.S).group(0)
    assert sorted(int(n) for n in re.findall(r'class="budget-num[^"]*"[^>]*>(\d+)<', svg)) == list(range(1, 10))
    assert 'fill="url(#' in svg  # the seventh part onwards is patterned


# -- the pass step uses the thrower's own re-roll rules (Loner, Pro) --------------------------------


def _pass_step_values(thrower_skills: list[str], team_reroll: str) -> dict:
    data = tomllib.loads((SCENARIO_DIR / "06-ball-handling.toml").read_text(encoding="utf-8"))
    number, raw_step = next((n, s) for n, s in enumerate(data["steps"], 1) if s["action"]["kind"] == "pass")
    raw_step["players"]["thrower"]["skills"] = thrower_skills  # the step that brings the thrower on
    scenario = parse_scenario(data, "06-ball-handling")
    step = scenario.step(number)
    query = {"try": "1", "team_reroll": team_reroll} if team_reroll == "on" else {"try": "1"}
    return stepping.compute(scenario, step, query).outcome.values


def test_a_loner_thrower_cannot_count_on_the_team_reroll() -> None:
    plain = _pass_step_values([], "on")["accurate_rr"].value
    loner = _pass_step_values(["loner"], "on")["accurate_rr"].value
    assert loner < plain


def test_a_pro_thrower_rerolls_his_pass_without_a_team_reroll() -> None:
    plain = _pass_step_values([], "off")["accurate_rr"].value
    pro = _pass_step_values(["pro"], "off")["accurate_rr"].value
    assert pro > plain


@pytest.mark.parametrize("lang", LANGS)
def test_rules_involved_lists_each_rule_once(lang: str) -> None:
    """No two links to the same page, and no two with the same name ("The kick-off", "Kick-off")."""
    for scenario in all_scenarios():
        for step in scenario.steps:
            links = presenting.links_for(step, scenario.ruleset, lang)
            assert links, (scenario.slug, step.number)
            urls = [link["url"] for link in links]
            names = [presenting.link_key(link["label"]) for link in links]
            assert len(set(urls)) == len(urls) and len(set(names)) == len(names), (scenario.slug, step.number, links)
    kick = presenting.links_for(all_scenarios()[1].steps[2], "lrb6", "en")
    assert [link["kind"] for link in kick].count("section") == 1
