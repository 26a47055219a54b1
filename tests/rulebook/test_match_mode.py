"""The builder's match mode: a GET form (a prepared match is a link), its htmx fragment, its JSON
twin, and the messages in the reader's language. Figures from the 2025 rulebook's worked example."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

# Dan's side of the rulebook's example: 1,160,000 against 1,240,000; Jay spent 50,000; Dan has 10,000.
DAN = "value=1160000&opponent=1240000&treasury=10000&opponent_spent=50000"
PAGE = "/en/bb2025/teams/human/builder/match/"
API = "/api/v1/rulesets/bb2025/teams/human/match"


def totals(html: str) -> list[str]:
    return re.findall(r"<dd>([^<]*)</dd>", html)


def test_the_published_example_with_two_kegs(client: Client) -> None:
    # petty cash 80,000 + 50,000 = 130,000; at most 10,000 from the treasury; two kegs 2 x 50,000;
    # 140,000 - 100,000 = 40,000 left.
    response = client.get(f"{PAGE}?{DAN}&i-blitzers-best-kegs=2")
    html = response.content.decode()
    assert response.status_code == 200
    assert totals(html) == ["130,000", "10,000", "100,000", "40,000"]
    assert "A legal choice" in html and 'aria-live="polite"' in html
    assert f'href="{PAGE}?{DAN.replace("&", "&amp;")}&amp;i-blitzers-best-kegs=2"' in html  # the link keeps it all


def test_broken_rules_are_named(client: Client) -> None:
    # 3 kegs (0-2), Bomber Dribblesnot (Badlands Brawl and Underworld Challenge, not a human team),
    # and 3 x 50,000 + 80,000 = 230,000 > 140,000.
    html = client.get(f"{PAGE}?{DAN}&i-blitzers-best-kegs=3&s-bomber-dribblesnot=1").content.decode()
    assert "at most 2 may be taken" in html
    assert "Bomber Dribblesnot may not be hired by this team." in html
    assert "more than the 140,000 gold pieces" in html
    assert 'id="f-s-griff-oberwald"' in html and 'id="f-s-bomber-dribblesnot"' not in html  # only his stars


def test_bad_numbers_answer_400_in_the_readers_language(client: Client) -> None:
    response = client.get("/es/bb2025/teams/human/builder/match/?value=mucho")
    assert response.status_code == 400
    assert "Tu valor de equipo" in response.content.decode()
    api = client.get(f"{API}?lang=it&treasury=-5")
    assert api.status_code == 400 and "tesoreria" in json.loads(api.content)["error"].lower()


def test_htmx_swaps_the_result_and_pushes_the_short_link(client: Client) -> None:
    response = client.get(f"{PAGE}?{DAN}&i-bribes=0", HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "<form" not in response.content.decode()
    assert response["HX-Push-Url"] == f"{PAGE}?{DAN}"


def test_the_api_prices_griff_out_of_petty_cash(client: Client) -> None:
    # 1,000,000 against 1,400,000: 400,000 petty cash; Griff Oberwald 300,000; 100,000 left.
    payload = json.loads(client.get(f"{API}?lang=en&value=1000000&opponent=1400000&s-griff-oberwald=1").content)
    assert (payload["purse"], payload["spent"], payload["left"], payload["legal"]) == (400_000, 300_000, 100_000, True)


CLASSIC = "/en/lrb6/teams/human/builder/match/"
RICH = "value=1000000&opponent=1150000&treasury=300000"  # LRB6: a difference of 150,000, 300,000 saved


def test_classic_beyond_the_petty_cash_the_whole_sum_comes_from_the_treasury(client: Client) -> None:
    # By hand (LRB6: treasury gold moved counts in the team value): one bribe (100,000) fits in the
    # 150,000 of petty cash; two (200,000) need 200,000 moved, which raises the value to 1,200,000,
    # above the opponent's, so no petty cash is left and all 200,000 come from the treasury.
    one = client.get(f"{CLASSIC}?{RICH}&i-bribes=1").content.decode()
    assert totals(one) == ["150,000", "300,000", "100,000", "200,000"]
    assert "0 of what is spent comes from the treasury" in one and "A legal choice" in one
    two = client.get(f"{CLASSIC}?{RICH}&i-bribes=2").content.decode()
    assert "In all 300,000 gold pieces; 200,000 of what is spent comes from the treasury" in two
    assert "counts in your team value" in two and "counts in your team value" not in client.get(PAGE).content.decode()
    # 1,150,000 against 1,000,000 with nothing moved by the lower side: no petty cash, the treasury only.
    api = json.loads(
        client.get(
            f"{API.replace('bb2025', 'lrb6')}?lang=en&value=1150000&opponent=1000000&treasury=50000&i-bribes=1"
        ).content
    )
    assert (api["petty_cash"], api["purse"], api["spent"], api["from_treasury"], api["legal"]) == (
        0,
        50_000,
        100_000,
        50_000,
        False,
    )


def test_classic_broken_rules_are_named_and_mercenaries_are_their_own_lines(client: Client) -> None:
    # Three LRB6 stars for Humans (0-2): Griff 320,000 + Zug 260,000 + Helmut 110,000 = 690,000, over
    # the 400,000 of petty cash (1,000,000 against 1,400,000); Igor is for teams without an Apothecary.
    stars = "s-griff-oberwald=1&s-mighty-zug=1&s-helmut-wulf=1"
    response = client.get(f"{CLASSIC}?value=1000000&opponent=1400000&{stars}&i-igor=1")
    html = response.content.decode()
    assert response.status_code == 400  # the link names what the team cannot take
    assert "At most 2 star players may be hired." in html and "more than the 400,000 gold pieces" in html
    assert "This link names what this team cannot take here: i-igor." in html
    assert 'id="f-i-mercenaries"' not in html and 'id="f-m-lineman"' in html
    builder = client.get("/en/lrb6/teams/human/builder/?n-lineman=11").content.decode()
    assert "/en/lrb6/teams/human/builder/match/?value=" in builder


def test_mercenaries_from_the_roster(client: Client) -> None:
    # 400,000 petty cash; a Lineman 50,000 + 30,000 = 80,000; a Blitzer with an extra skill
    # 85,000 + 30,000 + 50,000 = 165,000; 245,000 spent, 155,000 left.
    base = f"{API}?lang=en&value=1000000&opponent=1400000"
    payload = json.loads(client.get(f"{base}&m-lineman=1&mx-blitzer=1").content)
    assert (payload["spent"], payload["left"], payload["legal"]) == (245_000, 155_000, True)
    # 0-3 mercenaries in 2025
    payload = json.loads(client.get(f"{base}&m-lineman=4").content)
    assert [p["message"] for p in payload["problems"]] == ["At most 3 mercenaries may be hired."]


def test_classic_mercenary_numbers_price_a_lineman_like_the_sources() -> None:
    # LRB6 (SOURCES.md: FFB and a summary page): positional + 30,000, + 50,000 for an extra skill;
    # the classic Human Lineman costs 50,000: 80,000 and 130,000.
    from rulebook.engine import mercenary_cost
    from rulebook.models import Inducement, Positional

    offer = Inducement.objects.get(ruleset__key="lrb6", slug="mercenaries")
    lineman = Positional.objects.get(team__ruleset__key="lrb6", team__slug="human", slug="lineman")
    assert lineman.cost == 50_000
    prices = [mercenary_cost(lineman.cost, offer.extra_cost, offer.skill_cost, skilled) for skilled in (False, True)]
    assert prices == [80_000, 130_000]


def test_a_link_naming_what_the_team_cannot_take_says_so(client: Client) -> None:
    # Igor is a classic inducement, "m-wardancer" no human positional: both named, status 400.
    response = client.get(f"{PAGE}?{DAN}&i-igor=1&m-wardancer=1")
    assert response.status_code == 400
    assert "cannot take here: i-igor, m-wardancer." in response.content.decode()


SHEET = "/en/bb2025/teams/human/builder/sheet/"
MATCH = "value=1000000&opponent=1400000&s-griff-oberwald=1&i-blitzers-best-kegs=2"


def match_section(html: str) -> str:
    return html[html.index('class="sheet-match"') : html.index("</section>", html.index('class="sheet-match"'))]


def test_the_roster_sheet_prints_the_match_the_link_carries(client: Client) -> None:
    # 1,000,000 against 1,400,000: 400,000 petty cash, no treasury given. Griff Oberwald 300,000
    # and two kegs 2 x 50,000 = 100,000: 400,000 spent, none from the treasury, 0 left.
    response = client.get(f"{SHEET}?n-lineman=11&{MATCH}")
    assert response.status_code == 200
    section = match_section(response.content.decode())
    assert re.findall(
        r'<th scope="row">([^<]*)</th><td class="num">(\d+)</td><td class="num">([^<]*)</td>', section
    ) == [
        ("Blitzer&#x27;s Best Kegs", "2", "100,000"),
        ("Griff Oberwald", "1", "300,000"),
    ]
    assert totals(section) == ["400,000", "400,000", "0", "0"]
    assert "sheet-match" not in client.get(f"{SHEET}?n-lineman=11").content.decode()  # no match, no section


def test_the_sheet_names_a_broken_match_rule_in_the_readers_language(client: Client) -> None:
    # 3 kegs (0-2) and 300,000 + 150,000 = 450,000 > 400,000: 50,000 over
    broken = MATCH.replace("kegs=2", "kegs=3")
    html = client.get(f"/es/bb2025/teams/human/builder/sheet/?{broken}").content.decode()
    section = match_section(html)
    assert "450.000" in section and "-50.000" in section and "Para el partido" in section


def test_the_match_carries_the_roster_to_the_sheet(client: Client) -> None:
    html = client.get(f"{PAGE}?n-lineman=11&{MATCH}").content.decode()
    assert '<input type="hidden" name="n-lineman" value="11">' in html  # the form keeps the roster
    link = "value=1000000&opponent=1400000&i-blitzers-best-kegs=2&s-griff-oberwald=1&n-lineman=11"
    sheet = f"{SHEET}?{link.replace('&', '&amp;')}"
    assert f'href="{sheet}"' in html
    builder = client.get("/en/bb2025/teams/human/builder/?n-lineman=11").content.decode()
    assert "/builder/match/?value=550000&amp;n-lineman=11" in builder  # 11 linemen x 50,000
