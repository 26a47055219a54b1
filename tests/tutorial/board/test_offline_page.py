"""What the phone draws offline for a board link (tutorial/board/offline_html.py, run under Pyodide
by static/js/engine.js) is the board page's own: for seeded random positions in the four languages,
the board's SVG, the status line and the text of the answer panel equal those of the page the
server renders for the same link (the panel's "Why this target" details left out: the phone's copy
is simpler). tests/offline/test_engine_equality.py shows the phone gives board_answer's output."""

from __future__ import annotations

import html
import random
import re

import pytest
from django.http import QueryDict
from django.test import Client
from django.utils import translation

from rulebook.vocab import LANGS
from tests.offline.test_engine_equality import random_board
from tutorial.board.offline_html import board_answer

pytestmark = pytest.mark.django_db

ANSWER_RE = re.compile(r'<div class="board-answer" id="board-answer">(.*?)</div>\n</div>\n', re.S)
STATUS_RE = re.compile(r'id="board-status"[^>]*>(.*?)</p>', re.S)
SVG_RE = re.compile(r'(<svg class="board-map.*?</svg>)', re.S)


def text(markup: str) -> str:
    markup = re.sub(r"<details>.*?</details>", "", markup, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()


def found(pattern: re.Pattern[str], page: str) -> str:
    match = pattern.search(page)
    assert match, pattern.pattern
    return match[1]


@pytest.mark.parametrize("lang", LANGS)
def test_the_phones_board_is_the_pages_board(client: Client, lang: str) -> None:
    rng = random.Random(f"board-{lang}")
    answered = 0
    for _ in range(12):
        edition = rng.choice(("lrb6", "bb2025"))
        board = random_board(rng, edition)
        query = f"b={board['board']}&p={board['player']}&t={board['target']}"
        base = f"/{lang}/{edition}/board/"
        page = client.get(f"{base}?{query}").content.decode()
        with translation.override(lang):
            phone = board_answer(edition, QueryDict(query), lang, base)
        assert text(phone["answer"]) == text(found(ANSWER_RE, page)), query
        assert phone["status"] == html.unescape(found(STATUS_RE, page)), query
        assert html.unescape(phone["svg"]) == html.unescape(found(SVG_RE, page)), query
        answered += "answer__big" in phone["answer"]
    assert answered >= 4  # most positions give the chosen player an answer, not an empty panel


def test_an_action_in_the_link_is_applied_as_the_server_redirects(client: Client) -> None:
    """A tap (do=tap) offline: the phone draws the position the server's redirect leads to."""
    base = "/es/bb2025/board/"
    query = "b=1_A4k8.73349.block_B7l8.62348.dodge&p=A4&do=tap&sq=l8"
    redirect = client.get(f"{base}?{query}")
    assert redirect.status_code == 303
    with translation.override("es"):
        phone = board_answer("bb2025", QueryDict(query), "es", base)
    assert phone["changed"] and f"{base}?{phone['query']}" == redirect["Location"]
    page = client.get(redirect["Location"]).content.decode()
    assert text(phone["answer"]) == text(found(ANSWER_RE, page))


def test_a_code_that_cannot_be_read_gets_the_pages_message(client: Client) -> None:
    page = client.get("/fr/lrb6/board/?b=1_Z9zz").content.decode()
    with translation.override("fr"):
        phone = board_answer("lrb6", QueryDict("b=1_Z9zz"), "fr", "/fr/lrb6/board/")
    assert phone["error"] and html.escape(phone["error"], quote=False) in page
    assert html.escape(phone["error_note"], quote=False) in page
