"""Language prefixes, the redirect from /, hreflang alternates, the switcher and the sitemap."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client, RequestFactory
from django.urls import translate_url
from django.utils import translation

from rulebook.context_processors import language_links

pytestmark = pytest.mark.django_db

LANGS = ("es", "it", "fr", "en")
LANGS_IN_SETTINGS_ORDER = tuple(code for code, _name in settings.LANGUAGES)
HOME_HEADINGS = {
    "es": "Aprende y consulta las reglas",
    "it": "Impara e consulta le regole",
    "fr": "Apprendre et consulter les règles",
    "en": "Learn and look up the rules",
}


@pytest.mark.parametrize(
    "accept, expected", [("it-IT,it;q=0.9", "/it/"), ("fr", "/fr/"), ("es-ES", "/es/"), ("de", "/en/")]
)
def test_root_redirects_by_accept_language(client: Client, accept: str, expected: str) -> None:
    response = client.get("/", HTTP_ACCEPT_LANGUAGE=accept)
    assert response.status_code == 302
    assert response["Location"] == expected


@pytest.mark.parametrize("lang", LANGS)
def test_home_is_served_in_each_language(client: Client, lang: str) -> None:
    response = client.get(f"/{lang}/")
    html = response.content.decode()
    assert response.status_code == 200
    assert f'<html lang="{lang}">' in html
    assert HOME_HEADINGS[lang] in html


def test_every_page_has_hreflang_alternates(client: Client) -> None:
    html = client.get("/fr/lrb6/").content.decode()
    alternates = dict(re.findall(r'<link rel="alternate" hreflang="([a-z-]+)" href="([^"]+)"', html))
    assert alternates == {
        "es": "http://testserver/es/lrb6/",
        "it": "http://testserver/it/lrb6/",
        "fr": "http://testserver/fr/lrb6/",
        "en": "http://testserver/en/lrb6/",
        "x-default": "http://testserver/en/lrb6/",
    }


def test_language_switcher_keeps_the_same_item(client: Client) -> None:
    html = client.get("/es/lrb6/skills/?category=agility").content.decode()
    nav = html[html.index('class="lang-switch"') :]
    nav = nav[: nav.index("</nav>")]
    links = re.findall(r'href="([^"]+)" hreflang="([a-z]+)"', nav)
    assert ("/it/lrb6/skills/?category=agility", "it") in links
    assert ("/fr/lrb6/skills/?category=agility", "fr") in links
    assert 'aria-current="true"' in nav


@pytest.mark.parametrize(
    "address",
    [
        "/es/lrb6/skills/?category=agility",
        "/fr/lrb6/board/?b=1&p=A4&t=c3",
        "/it/lrb6/skills/dodge/",
        "/en/odds/?steps=dodge:3",
        "/es/lrb6/skills/caf%C3%A9/?q=%25",
        "/en/lrb6/skills/a%2541/",  # a "%" left in the decoded path
        "/en/no-such-page/?q=1",
        "/api/v1/odds?edition=lrb6",
    ],
)
def test_language_links_are_what_translate_url_gives(address: str) -> None:
    """The switcher resolves the path once for every language: the same links as Django's
    translate_url of the full path (the switcher) and of the bare one (hreflang), as it once was."""
    request = RequestFactory().get(address)
    with translation.override("fr"):
        links = language_links(request)
        expected = [
            (
                code,
                translate_url(request.get_full_path(), code),
                request.build_absolute_uri(translate_url(request.path, code)),
            )
            for code in LANGS_IN_SETTINGS_ORDER
        ]
    assert [(link["code"], link["url"], link["absolute"]) for link in links] == expected
    assert [link["current"] for link in links] == [code == "fr" for code in LANGS_IN_SETTINGS_ORDER]


def test_sitemap_lists_every_page_in_every_language(client: Client) -> None:
    xml = client.get("/sitemap.xml").content.decode()
    locations = re.findall(r"<loc>([^<]+)</loc>", xml)
    for lang in LANGS:
        assert f"http://testserver/{lang}/" in locations
        assert f"http://testserver/{lang}/lrb6/skills/" in locations
    assert 'hreflang="x-default"' in xml
    # every location exists in the four languages
    paths = {re.sub(r"^http://testserver/(es|it|fr|en)/", "/", loc) for loc in locations}
    assert len(locations) == 4 * len(paths)


def test_unknown_page_is_a_404_in_the_readers_language(client: Client) -> None:
    response = client.get("/it/lrb6/skills/mani-sicurissime/")
    assert response.status_code == 404
    html = response.content.decode()
    assert '<html lang="it">' in html
    assert "mani sicurissime" in html
