"""The odds language of a whole turn, its share code, the page's form and the JSON API."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from django.utils.html import escape
from django.utils.translation import gettext, override

from rulebook.engine import get_edition
from rulebook.engine.turn import solve_turn
from tutorial.odds.classic import OddsError
from tutorial.odds.code import format_code, parse_code, parse_value

pytestmark = pytest.mark.django_db

TURN = "bb2025;rr2;runner=dodge,sure-feet;ogre=loner:4,mighty-blow,frenzy;runner.dodge:3,gfi,ogre.block:2d/dodge,armour:9/ko"


def test_the_share_code_reads_back_as_it_was_written() -> None:
    sequence = parse_code(TURN)
    assert sequence.edition == "bb2025" and sequence.team_rerolls == 2
    assert [p.name for p in sequence.players] == ["runner", "ogre"]
    ogre = sequence.players[1]
    assert ogre.loner == 4 and {"mighty-blow", "frenzy"} <= ogre.skills
    assert [(s.player, s.kind) for s in sequence.steps] == [
        ("runner", "dodge"),
        ("runner", "rush"),
        ("ogre", "block"),
        ("ogre", "armour"),
    ]
    block = sequence.steps[2]
    assert block.value == 2 and block.against == frozenset({"dodge"})
    assert sequence.steps[3].goal == "ko"
    code = format_code(sequence)
    assert parse_code(code) == sequence
    assert (
        code
        == "bb2025;rr2;runner=dodge,sure-feet;ogre=frenzy,mighty-blow,loner:4;dodge:3,gfi:2,ogre.block:2d/vs:dodge,armour:9/ko"
    )


@pytest.mark.parametrize(
    ("kind", "typed", "edition", "expected"),
    [
        ("dodge", "4+", "lrb6", (4, False)),
        ("block", "2D", "lrb6", (2, False)),
        ("block", "-2D", "bb2025", (2, True)),
        ("block", "−3d", "lrb6", (3, True)),
        ("armour", "AV8", "lrb6", (8, False)),
        ("armour", "av 9", "bb2025", (9, False)),
        ("armour", "8+", "lrb6", (7, False)),  # breaking on 8+ is a classic AV of 7
        ("armour", "8+", "bb2025", (8, False)),  # and a 2025 AV of 8+
        ("rush", "", "lrb6", (2, False)),
    ],
)
def test_values_as_coaches_type_them(kind, typed, edition, expected) -> None:
    assert parse_value(kind, typed, edition, typed) == expected


@pytest.mark.parametrize(
    "bad", ["dodge:10", "block:-1d", "armour:AV13", "block:2d/fly", "dodge:3/int:5", "x.y.dodge:3"]
)
def test_bad_steps_name_the_step(bad: str) -> None:
    with pytest.raises(OddsError) as problem:
        parse_code(f"lrb6;dodge:3,{bad}")
    assert problem.value.index == 2


def test_the_api_takes_the_same_code(client) -> None:
    data = client.get("/api/v1/odds", {"c": TURN}).json()
    exact = solve_turn(get_edition("bb2025"), parse_code(TURN).turn()).probability
    assert Fraction(data["probability"]) == exact
    assert data["code"] == format_code(parse_code(TURN))
    block = data["explanation"][2]
    assert block["player"] == "ogre" and set(block["outcomes"]) >= {"attacker_down", "defender_down"}
    assert sum(Fraction(v) for v in block["outcomes"].values()) == 1
    assert Fraction(data["team_rerolls_used"]) > 0 and data["weakest_step"] in (1, 2, 3, 4)
    # the code's edition wins over the parameter; classic parameters still work
    assert client.get("/api/v1/odds", {"c": TURN, "edition": "lrb6"}).json()["edition"] == "bb2025"
    classic = client.get("/api/v1/odds?steps=dodge:3,gfi:2&team_reroll=0").json()
    assert classic["probability"] == "5/9" and classic["code"] == "lrb6;rr0;dodge:3,gfi:2"


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("lrb6;p=loner:3;dodge:3", "in this edition a Loner's target is 4+"),
        ("lrb6;p=brawler;block:1d", "is not a skill of this edition"),
        ("lrb6;?dodge:3", "needs a roll before it"),
        ("lrb6;dodge:3;gfi:2", "is neither an edition"),
    ],
)
def test_the_api_refuses_what_the_rules_do_not_allow(client, code: str, message: str) -> None:
    response = client.get("/api/v1/odds", {"c": code})
    assert response.status_code == 400 and message in response.json()["error"]


def form(**fields: str) -> dict[str, str]:
    base = {"edition": "lrb6", "team_reroll": "1", "pn1": "a", "pn2": "b", "pn3": "c"}
    return base | fields


def test_the_form_builds_a_multi_player_turn(client) -> None:
    query = form(
        ps1=["dodge"],
        pl2="4",
        k1="dodge",
        v1="3+",
        w1="1",
        k2="block",
        v2="2D",
        w2="2",
        g2="push",
        o2="dodge block",
        k3="foul",
        v3="AV8",
        w3="3",
        c3="1",
        o3="a:1",
    )
    html = client.get("/en/odds/", query).content.decode()
    assert "c=lrb6;rr1;a=dodge;b=loner:4;dodge:3,b.block:2d/push/vs:block.dodge,?c.foul:8/a:1" in html
    assert html.count('class="outcome-bar"') >= 2  # the block's bar and the foul's


def test_a_changed_kind_gets_its_usual_value_without_javascript(client) -> None:
    html = client.get("/en/odds/", form(k1="block", pk1="dodge", v1="3+")).content.decode()
    assert re.search(r'<input id="v1"[^>]*value="2D"', html)
    kept = client.get("/en/odds/", form(k1="block", pk1="dodge", v1="3D")).content.decode()
    assert re.search(r'<input id="v1"[^>]*value="3D"', kept)  # a value the reader typed for the new kind stays


@pytest.mark.parametrize("lang", ["es", "it", "fr"])
def test_every_bad_row_gets_its_own_message_in_the_readers_language(client, lang: str) -> None:
    html = client.get(
        f"/{lang}/odds/", form(k1="dodge", v1="10", k2="rush", v2="2", k3="block", v3="5D")
    ).content.decode()
    with override(lang):
        d6 = gettext("a D6 target must be between 1 and 9 (a 1 always fails, a 6 always succeeds)")
        dice = gettext("a block uses 1, 2 or 3 dice (a negative number when the defender chooses)")
    assert d6 != "a D6 target must be between 1 and 9 (a 1 always fails, a 6 always succeeds)"
    assert escape(d6) in re.search(r'id="v1-error">([^<]*)<', html).group(1)
    assert escape(dice) in re.search(r'id="v3-error">([^<]*)<', html).group(1)
    assert re.search(r'id="v2-error"></span>', html)
    assert 'class="odds-answer"' not in html  # no other sequence's result in its place


def test_the_target_helper_shows_the_target_and_why(client) -> None:
    html = client.get("/en/odds/", {"c": "lrb6;dodge:3", "h_kind": "dodge", "h_char": "3", "h_m": "1"}).content.decode()
    answer = re.search(r'<div id="helper-answer".*?</div>', html, re.S).group(0)
    assert "Target: 4+" in answer and answer.count("<li>") >= 3
    passing = client.get(
        "/en/odds/", {"c": "bb2025;dodge:3", "edition": "bb2025", "h_kind": "pass", "h_char": "4", "h_m": "1"}
    ).content.decode()
    helper = re.search(r'<div id="helper-answer".*?</div>', passing, re.S).group(0)
    assert "Target: 6+" in helper and "fumbled on 1–3" in helper
    bad = client.get("/en/odds/", {"c": "lrb6;dodge:3", "h_kind": "dodge", "h_char": "9"}).content.decode()
    assert "must be a whole number from 1 to 6" in bad


def test_no_inline_style_in_the_calculator(client) -> None:
    html = client.get("/en/odds/", {"c": TURN}).content.decode()
    main = html[html.index('id="odds-result"') : html.rindex("</form>")]
    assert "style=" not in main and "<svg" in main


def test_the_htmx_answer_pushes_the_share_code(client) -> None:
    response = client.get("/en/odds/", form(k1="dodge", v1="3"), HTTP_HX_REQUEST="true", HTTP_HX_TARGET="odds-result")
    assert response["HX-Push-Url"].startswith("/en/odds/?c=lrb6;rr1;")
    html = response.content.decode()
    assert "<html" not in html and 'hx-swap-oob="true"' in html
    bad = client.get("/en/odds/", form(k1="dodge", v1="x"), HTTP_HX_REQUEST="true", HTTP_HX_TARGET="odds-result")
    assert bad["HX-Push-Url"] == "false"


def test_every_example_of_the_readme_is_understood(client) -> None:
    from pathlib import Path

    readme = Path(__file__).resolve().parents[3] / "tutorial" / "README.md"
    examples = re.findall(r"^\| `((?:lrb6|bb2025);[^`]+)` \|", readme.read_text(encoding="utf-8"), re.M)
    assert len(examples) >= 6
    for code in examples:
        response = client.get("/api/v1/odds", {"c": code})
        assert response.status_code == 200, (code, response.content)
        assert 0 < Fraction(response.json()["probability"]) < 1


@pytest.mark.parametrize(
    "code",
    [
        "bb2025;rr1;p=break-tackle,st:5;dodge:7,gfi:2",
        "bb2025;rr1;p=mighty-blow:2;dauntless:5,block:-2d/dauntless:1d,armour:9/cas",
        "lrb6;rr1;r=dodge;o=block;tentacles:5,?o.block:2d",
        "bb2025;rr0;f=lone-fouler;foul:9/bribe/argue",
        "lrb6;rr1;t=pass;c=diving-catch;pass:4/int:7,c.catch:3,gaze:4",
        "lrb6;rr1;p=pro;dodge:4/rr:pro,dodge:4/rr:no-team",
        "bb2025;rr1;block:2d/keep:both-down.push,pass:4/keep:inaccurate,catch:3",
        "lrb6;rr0;a.stab:8,!b.block:2d,!gfi:2,a.gfi:2",
    ],
)
def test_the_new_rolls_are_written_back_as_read(code: str) -> None:
    assert parse_code(code).code() == code


@pytest.mark.parametrize(
    ("code", "problem"),
    [
        ("lrb6;tentacles:11", "st_value"),
        ("lrb6;dauntless:3,block:1d", "dauntless_not_stronger"),
        ("lrb6;dauntless:5,gfi", "dauntless_before_block"),
        ("lrb6;foul:8/argue", "argue_not_in_edition"),
        ("lrb6;p=mighty-blow:2;block:2d,armour:8", "skill_value"),
        ("bb2025;p=dirty-player:2;foul:9", "skill_value"),
        ("lrb6;pass:3/int:10", "option_range"),
        ("lrb6;dodge:3/bribe", "unknown_option"),
        ("lrb6;dodge:3/rr:maybe", "reroll_choice"),
        ("lrb6;dodge:3/rr:pro", "choice_unavailable"),
        ("lrb6;block:2d/keep:pow", "keep_not_a_result"),
        ("lrb6;dodge:3,!gfi", "miss_impossible"),
        ("lrb6;!dodge:3", "conditional_first"),
        ("lrb6;stab:8,?!block:2d", "both_marks"),
    ],
)
def test_the_new_rolls_refuse_what_the_rules_do_not_allow(client, code: str, problem: str) -> None:
    response = client.get("/api/v1/odds", {"c": code})
    assert response.status_code == 400, response.content
    assert response.json()["problem"] == problem


def test_the_new_rolls_are_named_in_the_readers_language(client) -> None:
    html = client.get("/es/odds/", {"c": "lrb6;rr1;p=st:3;dauntless:5,block:-2d/dauntless:1d"}).content.decode()
    assert "FU 5" in html and "Agallas" in html


@pytest.mark.parametrize(("edition", "reroll"), [("lrb6", "team"), ("bb2025", "none")])
def test_the_tentacles_roll_is_the_movers_to_reroll_in_the_classic_rules_only(client, edition, reroll) -> None:
    explained = client.get("/api/v1/odds", {"c": f"{edition};rr1;tentacles:5"}).json()["explanation"]
    assert explained[0]["reroll"] == reroll


@pytest.mark.parametrize("lang", ["es", "it", "fr", "en"])
@pytest.mark.parametrize("code", ["bad;;", "lrb6;rr0;dodge:x", "bb2025;rr9;dodge:3"])
def test_a_share_code_that_cannot_be_read_is_a_400_with_the_reason_on_the_page(client, lang: str, code: str) -> None:
    """Bad input is a 4xx (it answered 200); the page still says why, in the reader's language, and
    htmx, which swaps only 2xx answers, still gets its fragment with the message."""
    response = client.get(f"/{lang}/odds/", {"c": code})
    assert response.status_code == 400
    html = response.content.decode()
    assert 'class="odds-answer"' not in html
    problem = re.search(r'class="form-message" role="alert">.*?<li>([^<]+)</li>', html, re.S)
    assert problem and problem.group(1).strip()
    fragment = client.get(f"/{lang}/odds/", {"c": code}, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="odds-result")
    assert fragment.status_code == 200


def test_a_share_code_that_reads_is_a_200(client) -> None:
    assert client.get("/en/odds/", {"c": "lrb6;rr0;dodge:3"}).status_code == 200
    assert client.get("/en/odds/", {"c": "lrb6;rr0;"}).status_code == 200  # the builder's empty start
    assert client.get("/en/odds/").status_code == 200


def test_the_coachs_own_play_shows_what_it_costs(client) -> None:
    # 2D block, goal down, one team re-roll: the push kept 50/81, the best play 65/81 (derived
    # in tests/engine/test_engine_turn_choices.py); 15/81 = 18.5 percentage points.
    api = client.get("/api/v1/odds", {"c": "lrb6;rr1;block:2d/keep:push"}).json()
    assert (api["probability"], api["best_probability"], api["choice_cost"]) == ("50/81", "65/81", "5/27")
    assert "best_probability" not in client.get("/api/v1/odds", {"c": "lrb6;rr1;block:2d"}).json()
    html = client.get("/en/odds/", {"c": "lrb6;rr1;block:2d/keep:push"}).content.decode()
    assert "The best play: 80.2%. Your play costs 18.5 points." in html
    spanish = client.get("/es/odds/", {"c": "lrb6;rr1;block:2d/keep:push"}).content.decode()
    assert "18,5" in spanish and "The best play" not in spanish


def test_the_builder_offers_the_coachs_own_play_as_links(client) -> None:
    html = client.get("/en/odds/", {"c": "lrb6;rr1;p=pro;stab:8,block:2d"}).content.decode()
    assert "stab:8,!block:2d" in html  # "only if the stab misses"
    assert "block:2d/rr:pro" in html and "block:2d/keep:push" in html and "block:2d/rr:none" in html


def test_the_form_marks_a_row_made_only_after_a_miss_and_keeps_a_play(client) -> None:
    query = form(k1="stab", v1="AV8", w2="2", k2="block", v2="2D", m2="1", o2="rr:none")
    response = client.get("/en/odds/", query, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="odds-result")
    assert response["HX-Push-Url"].endswith("a.stab:8,!b.block:2d/rr:none")
    # shown back: the stab misses 13/18 of the time, then b's block 5/9 (no re-roll): 55/81
    html = client.get(response["HX-Push-Url"]).content.decode()
    assert 'name="m2" value="1" checked' in html and 'value="rr:none"' in html and "(55/81)" in html


def test_a_reordered_step_after_a_miss_loses_its_mark_where_nothing_before_it_can_miss(client) -> None:
    html = client.get("/en/odds/", {"c": "lrb6;rr1;stab:8,!block:2d,dodge:3"}).content.decode()
    assert "c=lrb6;rr1;block:2d,stab:8,dodge:3" in html  # step 1 down: the block comes first, unmarked
    assert "c=lrb6;rr1;stab:8,dodge:3,block:2d" in html  # step 2 down: after a dodge, which never misses


def test_a_shared_code_shown_in_the_form_keeps_every_option(client) -> None:
    # The Bribe, Argue the Call and the dice after Dauntless were dropped from the form's options box.
    code = "bb2025;rr0;p=st:3;dauntless:5,block:-2d/dauntless:1d,foul:9/bribe/argue"
    html = client.get("/en/odds/", {"c": code}).content.decode()
    assert 'value="dauntless:1d"' in html and 'value="bribe argue"' in html


def test_the_builder_offers_a_team_or_skill_reroll_and_the_branch_mark(client) -> None:
    # A Dodge player's dodge may keep to his skill's re-roll or to a team re-roll; a block whose
    # goal is a push may have the next step made only after a knock-down ("?").
    html = client.get("/en/odds/", {"c": "lrb6;rr1;p=dodge;dodge:3,block:2d/push,armour:8"}).content.decode()
    assert "dodge:3/rr:skill" in html and "dodge:3/rr:team" in html and "Only his skill" in html
    assert "block:2d/push,?armour:8" in html and "Only after a knock-down" in html
    no_team = client.get("/en/odds/", {"c": "lrb6;rr0;p=dodge;dodge:3"}).content.decode()
    assert "dodge:3/rr:team" not in no_team and "dodge:3/rr:skill" in no_team  # no team re-roll to keep to
    plain = client.get("/en/odds/", {"c": "lrb6;rr1;dodge:3,gfi"}).content.decode()
    assert "rr:skill" not in plain  # without Dodge there is no skill re-roll on a dodge
    assert (
        "dodge:3,?gfi" not in plain and "Only if a player with Shadowing follows him" not in plain
    )  # no Shadowing, no branch
    shadowed = client.get("/en/odds/", {"c": "lrb6;rr1;dodge:3/shadow:7,dodge:4"}).content.decode()
    assert "dodge:3/shadow:7,?dodge:4" in shadowed and "Only if a player with Shadowing follows him" in shadowed
    # The chip set shows as chosen and taps back to the plain step.
    marked = client.get("/en/odds/", {"c": "lrb6;rr1;block:2d/push,?armour:8"}).content.decode()
    assert re.search(r'href="[^"]*block:2d/push,armour:8"[^>]*aria-current="true">✓ Only after a knock-down', marked)
    # In the reader's language, with the edition's own name of the skill.
    held = client.get("/es/odds/", {"c": "lrb6;rr1;r=dodge;o=block;r.tentacles:5,o.block:2d"}).content.decode()
    assert "Solo si queda retenido por Tentáculos" in held and ";tentacles:5,?o.block:2d" in held
    italian = client.get("/it/odds/", {"c": "bb2025;rr1;dodge:3/shadow:7,dodge:4"}).content.decode()
    assert "Solo se lo segue un giocatore con Shadowing" in italian  # 2025 Italian keeps the English name


@pytest.mark.parametrize(("lang", "said"), [("fr", "(un dé)"), ("es", "(un dado)")])
def test_a_one_die_block_is_named_in_the_readers_language(client, lang: str, said: str) -> None:
    # "one die" was written inside an f-string, where makemessages never found it: English on every page.
    html = client.get(f"/{lang}/odds/", {"c": "bb2025;rr1;block:1d"}).content.decode()
    assert said in html and "one die" not in html
