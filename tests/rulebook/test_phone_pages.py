"""The server side of the phone layout: the bottom bar's links, the roll link landing on its row
and the result card, the differences by category with the only-what-changed filter, the
glossary's A–Z, the tutorial's way to the next scenario, and legible board widths."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.utils.html import escape

from rulebook.contentfiles.checks import _check_skill
from rulebook.contentfiles.files import ItemFile
from rulebook.contentfiles.schema import SKILL
from rulebook.models import GameTable, GlossaryTerm, Skill
from rulebook.rendering.crossrefs import legible_svg
from rulebook.search.text import fold
from rulebook.table_rolls import client_dice, roll_table
from tutorial.shared.scenario import all_scenarios

pytestmark = pytest.mark.django_db


def html_of(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def bar_links(html: str) -> dict[str, str]:
    bar = html[html.index('<nav class="bottom-bar"') :]
    bar = bar[: bar.index("</nav>")]
    return dict(re.findall(r'<a href="([^"]+)" data-bar="(\w+)"', bar)[i][::-1] for i in range(bar.count("data-bar=")))


def test_the_bottom_bar_points_at_the_current_edition(client: Client) -> None:
    links = bar_links(html_of(client, "/es/lrb6/skills/dodge/"))
    assert links == {
        "search": "/es/search/",
        "rules": "/es/lrb6/",
        "tables": "/es/lrb6/tables/",
        "odds": "/es/odds/?edition=lrb6",
        "tutorial": "/es/tutorial/",
        "offline": "/es/offline/",  # issue 26: saving for offline use is offered from the bar
    }
    assert bar_links(html_of(client, "/fr/"))["rules"] == "/fr/bb2025/"  # no edition on the page: the newest
    dreadball = bar_links(html_of(client, "/it/dreadball2/"))
    assert dreadball["tables" if "tables" in dreadball else "glossary"] == "/it/dreadball2/glossary/"
    assert "odds" not in dreadball  # the odds calculator is Blood Bowl's
    html = html_of(client, "/es/bb2025/tables/")
    assert 'data-bar="tables" aria-current="page"' in html and ">Tablas</a>" in html


def test_the_roll_button_gives_the_roll_its_own_address_at_the_result_card(client: Client) -> None:
    """Without JavaScript the button asks for a new roll (the page itself stays cacheable); the
    answer is the rolled table's own address, landing on the card that names the row."""
    html = html_of(client, "/en/lrb6/tables/kick-off/")
    assert re.search(r'<a class="button button--roll" href="/en/lrb6/tables/kick-off/\?roll=new"', html)
    redirect = client.get("/en/lrb6/tables/kick-off/?roll=new")
    assert redirect.status_code == 302 and "no-store" in redirect["Cache-Control"]
    found = re.fullmatch(r"/en/lrb6/tables/kick-off/\?roll=(\d+)#roll-result", redirect["Location"])
    assert found, redirect["Location"]
    table = GameTable.objects.get(ruleset__key="lrb6", slug="kick-off")
    position = roll_table(table, list(table.rows.all()), int(found[1])).position
    rolled = html_of(client, redirect["Location"].split("#")[0])
    assert f'<tr id="row-{position}" class="is-rolled"' in rolled and f'href="#row-{position}"' in rolled


def test_the_result_card_names_the_row(client: Client) -> None:
    table = GameTable.objects.get(ruleset__key="bb2025", slug="kick-off")
    result = roll_table(table, list(table.rows.all()), 4242)
    html = html_of(client, "/fr/bb2025/tables/kick-off/?roll=4242")
    title = re.search(r'<h2 class="roll-card__title" id="roll-title">([^<]+)</h2>', html)
    assert title and title[1] == f"{result.total} — {result.row.name_fr}"  # type: ignore[union-attr]
    assert 'id="roll-result" tabindex="-1"' in html and f'href="#row-{result.position}"' in html
    assert "?roll=4242#roll-result" in html  # the link to this roll


def test_the_rolled_row_is_labelled_in_words_and_the_card_rolls_again(client: Client) -> None:
    """The rolled row says what was rolled ("Rolled 7: Blitz!"), never "7 jet : 7"; the card under
    the button repeats it, so a new roll needs no scrolling back."""
    table = GameTable.objects.get(ruleset__key="bb2025", slug="kick-off")
    result = roll_table(table, list(table.rows.all()), 4242)
    assert result.row is not None
    html = html_of(client, "/en/bb2025/tables/kick-off/?roll=4242")
    assert f'<span class="roll-mark">Rolled {result.total}: {escape(result.row.name_en)}</span>' in html
    card = html[html.index('id="roll-result"') :]
    assert card.index('class="button button--again" href="/en/bb2025/tables/kick-off/?roll=new"') < card.index(
        "</section>"
    )
    skill = GameTable.objects.get(ruleset__key="bb2025", slug="skill-table-general")
    halves = roll_table(skill, list(skill.rows.all()), 7)
    first, second = halves.faces
    html = html_of(client, "/en/bb2025/tables/skill-table-general/?roll=7")
    assert re.search(rf'<span class="roll-mark">Rolled {first}, then {second}(: [^<]+)?</span>', html)


@pytest.mark.parametrize("seed", [4242, 7, 123456])
def test_a_skill_table_is_rolled_as_two_dice_read_one_after_the_other(client: Client, seed: int) -> None:
    """As the rulebook's skill table: the first D6 picks the half (1-3 or 4-6), the second the line."""
    table = GameTable.objects.get(ruleset__key="bb2025", slug="skill-table-general")
    result = roll_table(table, list(table.rows.all()), seed)
    first, second = result.faces
    expected = f"{'1-3' if first <= 3 else '4-6'} · {second}"
    assert result.halves and result.row is not None and result.row.range_text == expected
    html = html_of(client, f"/es/bb2025/tables/skill-table-general/?roll={seed}")
    title = re.search(r'<h2 class="roll-card__title" id="roll-title">([^<]+)</h2>', html)
    assert title and title[1] == expected
    assert f'<tr id="row-{result.position}" class="is-rolled"' in html
    assert f"Has tirado D6×D6: {first} y luego {second}." in html  # never "4 + 2 = 6"
    assert client_dice(table) == {"dice": [6, 6], "read": "halves"}
    assert "{first}" in html and "{second}" in html  # the offline card's template


def test_the_offline_dice_come_from_the_engine(client: Client) -> None:
    casualty = GameTable.objects.get(ruleset__key="lrb6", slug="casualty")
    assert client_dice(casualty) == {"dice": [6, 8], "read": "digits"}
    assert client_dice(GameTable.objects.get(ruleset__key="bb2025", slug="kick-off")) == {"dice": [6, 6], "read": "sum"}
    html = html_of(client, "/es/lrb6/tables/casualty/")
    dice = re.search(r'data-dice="([^"]+)"', html)
    assert dice and json.loads(dice[1].replace("&quot;", '"')) == {"dice": [6, 8], "read": "digits"}
    assert '<template id="roll-card-template" data-mark="' in html and "{total}" in html and "{faces}" in html
    assert re.search(r'<tr id="row-1" data-low="11" data-high="\d+">', html)


def test_differences_by_category_and_only_what_changed(client: Client) -> None:
    html = html_of(client, "/fr/bb2025/differences/")
    linked = Skill.objects.filter(ruleset__key="bb2025").exclude(counterpart=None)
    same = linked.filter(change="same")
    assert same.count() and linked.exclude(change__in=["same", "changed"]).count() == 0
    assert html.count('<tr data-change="same">') == same.count()
    assert html.count('<tr data-change="changed">') == linked.count() - same.count()
    categories = re.findall(r'<h3 id="changes-(\w+)">', html)
    assert categories and len(categories) == len(set(categories))
    for category in categories:
        assert f'<a href="#changes-{category}">' in html
    assert f"Les {linked.count()} compétences" in html
    assert "changes--only-changed" not in html
    filtered = html_of(client, "/fr/bb2025/differences/?show=changed")
    assert 'class="changes changes--only-changed"' in filtered
    assert f"Seulement les {linked.count() - same.count()} qui changent vraiment" in filtered
    assert "changes--only-changed" not in html_of(client, "/fr/bb2025/differences/?show=<script>")
    assert 'data-label="Ce qui a changé"' in html or 'data-label="' in html


def test_a_change_needs_a_counterpart_and_a_known_value() -> None:
    item = ItemFile.__new__(ItemFile)
    base = {"kind": "skill", "category": "agility", "activation": "", "identification": "certain", "related": []}
    object.__setattr__(item, "spec", SKILL)
    object.__setattr__(item, "ruleset", "bb2025")
    object.__setattr__(item, "data", {**base, "counterpart": "", "change": "maybe"})
    problems = list(_check_skill(item, set()))
    assert any("unknown change" in p for p in problems) and any("needs a counterpart" in p for p in problems)


def test_the_glossary_has_an_a_to_z_jump_list(client: Client) -> None:
    html = html_of(client, "/es/lrb6/glossary/")
    nav = html[html.index('class="jump-list jump-list--letters"') :]
    nav = nav[: nav.index("</ul>")]
    letters = re.findall(r'<a href="#([\w-]+)">(.)</a>', nav)
    assert len(letters) >= 10
    assert [letter for _, letter in letters] == sorted(letter for _, letter in letters)
    for slug, letter in letters:
        term = GlossaryTerm.objects.get(ruleset__key="lrb6", slug=slug)
        assert fold(next(c for c in term.term_es if c.isalnum())).upper() == letter
        assert f'id="{slug}"' in html
    assert all(letter == fold(letter).upper() for _, letter in letters)
    assert 'data-label="Español"' in html and ">Blood Bowl clásico<" in html


def test_the_last_step_of_a_scenario_links_to_the_next_one(client: Client) -> None:
    scenarios = all_scenarios()
    first, second, last = scenarios[0], scenarios[1], scenarios[-1]
    html = html_of(client, f"/it/tutorial/{first.slug}/{len(first.steps)}/")
    assert f'href="/it/tutorial/{second.slug}/1/">Scenario successivo: {second.title["it"]}' in html.replace(
        "&#x27;", "'"
    )
    assert 'href="/it/tutorial/"' in html
    html = html_of(client, f"/it/tutorial/{last.slug}/{len(last.steps)}/")
    assert "Scenario successivo" not in html and "Tutti gli scenari" in html


def test_figures_carry_a_legible_width(client: Client) -> None:
    """Rules figures keep their drawn text sizes and pan; tutorial boards size their text to the
    crop instead (tests/browser: every step at 360 px)."""
    figure = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="-38 -42 465.7 264"><text font-size="12">A</text></svg>'
    assert legible_svg(figure).startswith('<svg width="427" ')
    assert legible_svg('<svg viewBox="0 0 10 10"><rect/></svg>') == '<svg viewBox="0 0 10 10"><rect/></svg>'
    chapter = html_of(client, "/fr/dreadball2/rules/miniatures-on-the-board/")
    assert re.search(r'<div class="figure__image" role="img" aria-label="[^"]+" tabindex="0"><svg width="\d+"', chapter)
