"""Labels built from parts agree in number and gender, in every language (issue 23, section 5):
"none" takes the gender of what it counts (assists, re-rolls, skills); Italian gives a number the
article its spoken name asks for ("l'11,1%", "lo 0,5%", "il 50%"), for every percentage; the odds
labels write the armour value as each language's glossary abbreviates it (AR in Spanish and
French); the odds page's unnamed player is named in the reader's language."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.conf import settings
from django.test import Client
from django.utils.translation import override

from rulebook.engine import TurnStep
from tutorial.odds.labels import player_label, step_label
from tutorial.shared import icu
from tutorial.shared.values import Pct

pytestmark = pytest.mark.django_db

# The Italian names of the numbers 0-100, written out here (not derived from the code under test).
UNITS = [
    "zero",
    "uno",
    "due",
    "tre",
    "quattro",
    "cinque",
    "sei",
    "sette",
    "otto",
    "nove",
    "dieci",
    "undici",
    "dodici",
    "tredici",
    "quattordici",
    "quindici",
    "sedici",
    "diciassette",
    "diciotto",
    "diciannove",
]
TENS = {
    20: "venti",
    30: "trenta",
    40: "quaranta",
    50: "cinquanta",
    60: "sessanta",
    70: "settanta",
    80: "ottanta",
    90: "novanta",
    100: "cento",
}


def italian_name(n: int) -> str:
    if n < 20:
        return UNITS[n]
    return TENS[n - n % 10 if n < 100 else 100] + (UNITS[n % 10] if n % 10 and n < 100 else "")


def expected_article(preposition: str, name: str) -> str:
    joined = {
        "": ("il ", "l'", "lo "),
        "a": ("al ", "all'", "allo "),
        "da": ("dal ", "dall'", "dallo "),
        "di": ("del ", "dell'", "dello "),
        "in": ("nel ", "nell'", "nello "),
        "su": ("sul ", "sull'", "sullo "),
    }
    before_consonant, before_vowel, before_z = joined[preposition]
    if name.startswith("z"):
        return before_z
    return before_vowel if name[0] in "aeiou" else before_consonant


@pytest.mark.parametrize("preposition", ["", "a", "da", "di", "in", "su"])
def test_italian_gives_every_percentage_the_article_its_name_asks_for(preposition: str) -> None:
    """ "il 11,1 %" used to be written for "l'11,1 %" (and "il 0 %" for "lo 0 %")."""
    template = "{p, article}" if not preposition else f"{{p, article, {preposition}}}"
    for tenth in range(1001):
        value = Fraction(tenth, 1000)
        with override("it"):
            shown = icu.render(template, {"p": Pct(value)}, "it")
            number = Pct(value).format("it")
        assert shown == expected_article(preposition, italian_name(tenth // 10)) + number, (tenth, shown)


def test_the_article_names_check_itself() -> None:
    assert [italian_name(n) for n in (0, 1, 8, 11, 18, 21, 80, 88, 100)] == [
        "zero",
        "uno",
        "otto",
        "undici",
        "diciotto",
        "ventiuno",
        "ottanta",
        "ottantaotto",
        "cento",
    ]
    assert expected_article("", "otto") == "l'" and expected_article("di", "zero") == "dello "


WORD_PLACEHOLDERS = {"st", "ag", "ma"}  # characteristic names: "la Forza", "l'Agilità", "il Movimento"
ARTICLE_BEFORE = re.compile(
    r"(?<![\w'])(?:il|lo|l'|al|allo|all'|dal|dallo|dall'|del|dello|dell'|nel|nello|nell'|sul|sullo|sull')\s*"
    r"(?:%\((\w+)\)[sd]|\{(\w+)\})",
    re.IGNORECASE,
)


def test_no_italian_message_puts_an_article_before_a_number_it_cannot_know() -> None:
    """A gettext message cannot choose "il"/"l'"/"lo" by the number it will hold: the Italian
    catalogue says "con probabilità %(p)s" rather than "il %(p)s delle volte"."""
    path = Path(settings.BASE_DIR) / "locale" / "it" / "LC_MESSAGES" / "django.po"
    with path.open("rb") as handle:
        catalogue = read_po(handle)
    found = []
    for message in catalogue:
        texts = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        for text in texts:
            for match in ARTICLE_BEFORE.finditer(str(text or "")):
                if (match.group(1) or match.group(2)) not in WORD_PLACEHOLDERS:
                    found.append(match.group(0))
    assert not found, found


ODDS_CODES = (
    "lrb6;rr0;dodge:2,gfi",
    "lrb6;rr1;dodge:6,armour:8",
    "bb2025;rr1;p=dodge;dodge:4,dodge:5,pickup:3",
    "lrb6;rr0;gfi:2,gfi:3",
)
WRONG_ITALIAN = re.compile(r"(?<![\w'])(?:il|al|dal|del|nel|sul)\s+(?:8|11|1(?=[,\s%])|0)\b")


def test_the_italian_odds_page_never_writes_il_before_a_vowel_or_a_zero(client: Client) -> None:
    for code in ODDS_CODES:
        html = client.get("/it/odds/", {"c": code}).content.decode()
        text = re.sub(r"<[^>]+>", " ", html).replace("\xa0", " ")
        assert not WRONG_ITALIAN.findall(text), (code, WRONG_ITALIAN.findall(text))
        assert "probabilità" in text, code


@pytest.mark.parametrize(
    ("lang", "assists", "rerolls"),
    [("es", "ninguno", "ninguna"), ("it", "nessuno", "nessuno"), ("fr", "aucun", "aucune"), ("en", "none", "none")],
)
def test_none_takes_the_gender_of_what_it_counts(client: Client, lang: str, assists: str, rerolls: str) -> None:
    """ "Apoyos a su favor: ninguna" (feminine for apoyos) on the board's block, and the re-rolls
    that may save a roll ("segundas oportunidades", "reroll", "relances")."""
    html = client.get(f"/{lang}/lrb6/board/", {"b": "1_r00_A1m8_B1n8", "p": "A1", "t": "l8"}).content.decode()
    block = re.search(r"<p>([^<]*:\s*\w+\.[^<]*:\s*\w+\.)</p>", html)
    assert block is not None
    words = re.findall(r":\s*(\w+)\.", block.group(1))
    assert words == [assists, assists], (lang, block.group(1))
    detail = re.search(r'class="rolls__detail">([^<]*)<', html)
    assert detail is not None
    assert re.match(rf"[^:]*:\s*{rerolls}\.", detail.group(1)), (lang, detail.group(1))


@pytest.mark.parametrize(
    ("lang", "lrb6", "bb2025"),
    [("es", "AR8", "AR9+"), ("fr", "AR8", "AR9+"), ("it", "AV8", "AV9+"), ("en", "AV8", "AV9+")],
)
def test_the_odds_labels_write_armour_as_the_glossary_abbreviates_it(lang: str, lrb6: str, bb2025: str) -> None:
    with override(lang):
        classic = step_label(TurnStep("armour", 8), "lrb6", lang)
        modern = step_label(TurnStep("armour", 9), "bb2025", lang)
        foul = step_label(TurnStep("foul", 8), "lrb6", lang)
    assert classic.endswith(lrb6) and modern.endswith(bb2025) and foul.endswith(lrb6), (classic, modern, foul)


@pytest.mark.django_db
@pytest.mark.parametrize(("lang", "chip"), [("es", "AR9+"), ("fr", "AR9+"), ("it", "AV9+"), ("en", "AV9+")])
def test_the_armour_value_chips_write_it_as_the_steps_title(client: Client, lang: str, chip: str) -> None:
    # The French page titled the step "Jet d'Armure AR9+" above chips reading "AV7+ … AV11+".
    html = client.get(f"/{lang}/odds/", {"c": "bb2025;rr1;block:2d,armour:9"}).content.decode()
    chips = re.findall(r">((?:AV|AR)\d+\+)<", html)
    assert chip in chips and {c[:2] for c in chips} == {chip[:2]}, (lang, chips)


@pytest.mark.parametrize(("lang", "word"), [("es", "jugador"), ("it", "giocatore"), ("fr", "joueur"), ("en", "player")])
def test_the_unnamed_player_is_named_in_the_readers_language(client: Client, lang: str, word: str) -> None:
    html = client.get(f"/{lang}/odds/", {"c": "lrb6;rr1;dodge:3,gfi"}).content.decode()
    assert html.count(f'<span class="hint">({word})</span>') == 2, lang
    assert lang == "en" or "(player)" not in html
    with override(lang):
        assert player_label("player") == word and player_label("ogre") == "ogre"
