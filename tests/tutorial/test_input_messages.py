"""A mistake in a try-it field gets one sentence in the reader's language next to that field
(issue 23, section 5): the message names the field as the form labels it (a roster position, a
skill, a player, a phrase: never a raw Python tuple such as "('text', {'es': …})"), the field is
described by it and takes the focus, and an htmx update puts it next to the field too."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.test import Client

from rulebook.vocab import LANGS
from tutorial import presenting, stepping
from tutorial.actions import KINDS
from tutorial.actions.base import Field
from tutorial.shared.scenario import Scenario, StepSpec, all_scenarios, get_scenario

pytestmark = pytest.mark.django_db
RAW = re.compile(r"\(\s*'|\{\s*'|&#x27;")  # the marks of a printed tuple or dict


def typed_fields() -> Iterator[tuple[Scenario, StepSpec, Field]]:
    """Every field a reader can type a wrong value into, on every step."""
    for scenario in all_scenarios():
        for step in scenario.steps:
            kind = KINDS[step.action.get("kind", "none")]
            ws = stepping.workspace_for(scenario, step)
            for field in stepping.chosen_fields(kind, ws, step):
                if field.kind != "bool":
                    yield scenario, step, field


FIELDS = list(typed_fields())


def field_id(item: tuple[Scenario, StepSpec, Field]) -> str:
    return f"{item[0].slug}/{item[1].number}/{item[2].name}"


@pytest.mark.parametrize("item", FIELDS, ids=field_id)
def test_a_wrong_value_gets_one_sentence_naming_the_field_as_the_form_does(
    item: tuple[Scenario, StepSpec, Field],
) -> None:
    scenario, step, field = item
    wrong = "zz" if field.kind == "choice" else str(field.hi + 1)
    for lang in LANGS:
        view = presenting.step_view(scenario, step.number, {"try": "1", field.name: wrong}, lang)
        shown = next(f for f in view.fields if f.name == field.name)
        assert shown.error and view.first_error == field.name, (field_id(item), lang)
        assert shown.label in shown.error, (field_id(item), lang, shown.error)
        assert not RAW.search(shown.error), (field_id(item), lang, shown.error)
        assert shown.error.count(". ") == 0 and shown.error.rstrip().endswith("."), shown.error  # one sentence


def page(client: Client, url: str, htmx: bool = False) -> str:
    headers = {"HX-Request": "true", "HX-Target": "step-result"} if htmx else {}
    response = client.get(url, headers=headers)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("lang", LANGS)
def test_the_message_stands_next_to_its_field_describes_it_and_takes_the_focus(client: Client, lang: str) -> None:
    """/es/tutorial/01-building-a-team/1/?n_lineman=99 used to print "('text', {'es': 'Línea', …})
    debe estar entre 0 y 16" at the top of the result, some 900 px above the field."""
    html = page(client, f"/{lang}/tutorial/01-building-a-team/1/?try=1&n_lineman=99")
    field = re.search(r'<input id="f-n_lineman"[^>]*>', html)
    assert field is not None
    tag = field.group(0)
    assert 'aria-invalid="true"' in tag and "autofocus" in tag
    assert re.search(r'aria-describedby="[^"]*\bf-n_lineman-error\b', tag)
    after = html[field.end() :]
    message = re.search(r'<span class="error" id="f-n_lineman-error">([^<]+)</span>', after)
    assert message is not None and after.index(message.group(0)) < after.index("</div>")  # in the field's box
    scenario = get_scenario("01-building-a-team")
    assert scenario is not None
    assert scenario.step(1).action["positions"][0]["name"][lang] in message.group(1)
    assert not RAW.search(message.group(1))
    top = html[html.index('class="form-message"') : html.index("</div>", html.index('class="form-message"'))]
    assert message.group(1) not in top.replace('class="visually-hidden">' + message.group(1), "")  # not shown above
    assert 'href="#f-n_lineman"' in top  # the note at the top leads to the field


@pytest.mark.parametrize("lang", LANGS)
def test_an_htmx_update_puts_the_message_next_to_its_field(client: Client, lang: str) -> None:
    html = page(client, f"/{lang}/tutorial/03-moving-and-dodging/3/?try=1&ag=9", htmx=True)
    oob = re.search(r'<span class="error" id="f-ag-error" hx-swap-oob="true">([^<]+)</span>', html)
    assert oob is not None and not RAW.search(oob.group(1))
    assert re.search(r'<span class="error" id="f-tz-error" hx-swap-oob="true"></span>', html)  # cleared
    fixed = page(client, f"/{lang}/tutorial/03-moving-and-dodging/3/?try=1&ag=3", htmx=True)
    assert '<span class="error" id="f-ag-error" hx-swap-oob="true"></span>' in fixed
    assert 'class="form-message"' not in fixed
