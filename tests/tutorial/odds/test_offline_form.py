"""The odds page offline fills the saved page's whole form with the link's sequence (static/js/
engine.js, from tutorial/phone.py's odds()): what it fills is what the server's page shows for the
same link, field by field (players, skill boxes in the edition's order, rows, messages)."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from typing import Any
from urllib.parse import parse_qsl

import pytest
from django.test import Client
from django.utils import translation

from tutorial import phone

pytestmark = pytest.mark.django_db

LINKS = (
    "c=bb2025;rr1;p=block,dodge;dodge:3,gfi:2,block:2d,armour:9,pickup:4",
    "c=lrb6;rr0;a=sure-hands,loner:4;b=catch;a.pass:3/f:2,b.catch:4,gfi:2,dodge:4",
    "edition=lrb6&team_reroll=2&pn1=x&k1=dodge&v1=zz&k2=gfi&v2=2+",  # a form with a faulty row
)


class FormFields(HTMLParser):
    """The values a browser would send from the page's form.odds-form."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = False
        self.select = ""
        self.values: dict[str, list[str]] = {}
        self.options: list[tuple[str, bool]] = []
        self.errors: dict[str, str] = {}
        self.error_id = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and "odds-form" in a.get("class", ""):
            self.inside = True
        if not self.inside:
            return
        if tag == "input" and a.get("type") in ("checkbox", "radio"):
            if "checked" in a:
                self.values.setdefault(a["name"], []).append(a["value"])
        elif tag == "input":
            self.values.setdefault(a["name"], []).append(a.get("value", ""))
        elif tag == "select":
            self.select, self.options = a["name"], []
        elif tag == "option" and self.select:
            self.options.append((a.get("value", ""), "selected" in a))
        elif tag == "span" and a.get("id", "").endswith("-error"):
            self.error_id = a["id"]
            self.errors[self.error_id] = ""

    def handle_data(self, data: str) -> None:
        if self.error_id:
            self.errors[self.error_id] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        if tag == "span":
            self.error_id = ""
        if tag == "select" and self.select:
            chosen = [v for v, selected in self.options if selected] or [self.options[0][0]]
            self.values[self.select] = chosen
            self.select = ""


def page_fields(client: Client, query: str) -> FormFields:
    parser = FormFields()
    parser.feed(client.get(f"/es/odds/?{query}").content.decode())
    return parser


def phone_fields(query: str) -> dict[str, Any]:
    pairs = parse_qsl(query, keep_blank_values=True)  # as engine.js reads the address (URLSearchParams)
    with translation.override("es"):
        return dict(json.loads(phone.odds(json.dumps(pairs), "es"))["form"])


@pytest.mark.parametrize("query", LINKS)
def test_the_phone_fills_the_form_as_the_page_shows_it(client: Client, query: str) -> None:
    page = page_fields(client, query)
    form = phone_fields(query)
    assert page.values["edition"] == [form["edition"]] and page.values["team_reroll"] == [form["team"]]
    for p in form["players"]:
        n = p["slot"]
        assert [page.values[f"{key}{n}"] for key in ("pn", "pl", "pst", "pag", "pma")] == [
            [p[key]] for key in ("name", "loner", "st", "ag", "ma")
        ]
        assert page.values.get(f"ps{n}", []) == [slug for slug, _name, checked in p["choices"] if checked]
        assert page.errors[f"pn{n}-error"].strip() == p["error"]
    rows = form["rows"]
    assert max(int(name[1:]) for name in page.values if name[0] == "k" and name[1:].isdigit()) == len(rows)
    for row in rows:
        n = row["n"]
        expected = [row["kind"], row["value"], row["who"], row["goal"], row["options"]]
        assert [page.values[f"{key}{n}"][0] for key in ("k", "v", "w", "g", "o")] == expected
        assert (f"c{n}" in page.values) == row["conditional"]
        assert page.errors[f"v{n}-error"].strip() == row["error"]
    assert any(row["error"] for row in rows) == ("v1=zz" in query)
