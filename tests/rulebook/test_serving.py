"""Serving public pages: cached by content version with strong ETags, 304s, brotli or gzip and the exact
Vary; only the page's own parameters kept; private for signed-in users; unsafe methods refused;
errors in the reader's language or JSON."""

from __future__ import annotations

import base64
import gzip
import hashlib
import re

import brotli
import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client, override_settings

from config.environment import cache_from_url
from rulebook.models import Skill
from rulebook.rendering.version import content_version
from rulebook.serving.proxy import client_ip

pytestmark = pytest.mark.django_db

SKILL = "/en/lrb6/skills/block/"


def test_a_public_page_carries_etag_cache_control_vary_and_the_security_headers(client: Client) -> None:
    response = client.get(SKILL)
    assert response.status_code == 200
    assert re.fullmatch(r'"[0-9a-f]{24}"', response["ETag"])  # strong: no W/
    control = response["Cache-Control"]
    assert "public" in control and "max-age=" in control and "stale-while-revalidate=" in control
    assert response["Vary"] == "Accept-Encoding"
    csp = response["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "style-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert "unsafe-inline" not in csp
    assert "camera=()" in response["Permissions-Policy"]


@pytest.mark.parametrize("path", ["/es/odds/", "/fr/bb2025/board/", "/it/bb2025/teams/human/builder/"])
def test_the_one_inline_script_is_allowed_by_its_hash_and_no_other(client: Client, path: str) -> None:
    # The tools' engine starts from an inline script at the top of the head; the CSP allows exactly
    # its text (a template that added a space or escaped a character would be refused by browsers).
    response = client.get(path)
    page = response.content.decode()
    inline = re.findall(r"<script(?![^>]*\ssrc=)[^>]*>(.*?)</script>", page, re.S)
    assert len(inline) == 1, path
    digest = base64.b64encode(hashlib.sha256(inline[0].encode()).digest()).decode()
    sources = re.search(r"script-src ([^;]*)", response["Content-Security-Policy"])
    assert sources is not None
    assert sources[1].split() == ["'self'", "'wasm-unsafe-eval'", f"'sha256-{digest}'"]
    assert page.index('id="engine-start"') < page.index("<title>")  # before the stylesheets it would wait for


def test_a_conditional_get_with_the_etag_gets_304_in_either_coding(client: Client) -> None:
    plain = client.get(SKILL)
    packed = client.get(SKILL, HTTP_ACCEPT_ENCODING="gzip")
    for tag in (plain["ETag"], packed["ETag"], f"W/{plain['ETag']}", f'"other", {plain["ETag"]}'):
        again = client.get(SKILL, HTTP_IF_NONE_MATCH=tag)
        assert again.status_code == 304, tag
        assert again.content == b""
        assert again["ETag"] == plain["ETag"]
    assert client.get(SKILL, HTTP_IF_NONE_MATCH='"something-else"').status_code == 200


def test_html_is_compressed_when_the_reader_accepts_gzip(client: Client) -> None:
    plain = client.get(SKILL)
    packed = client.get(SKILL, HTTP_ACCEPT_ENCODING="gzip, deflate")
    assert "Content-Encoding" not in plain
    assert packed["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.content) == plain.content
    assert packed["ETag"] != plain["ETag"]  # one strong tag per representation


@pytest.mark.parametrize("url", [SKILL, "/api/v1/rulesets/lrb6/skills?lang=en", "/en/offline/pack.json"])
def test_pages_and_json_come_in_brotli_when_the_reader_accepts_it(client: Client, url: str) -> None:
    plain = client.get(url)
    squeezed = client.get(url, HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    packed = client.get(url, HTTP_ACCEPT_ENCODING="gzip")
    assert squeezed["Content-Encoding"] == "br" and squeezed["Vary"].endswith("Accept-Encoding")
    assert brotli.decompress(squeezed.content) == plain.content
    assert len(squeezed.content) < len(packed.content) < len(plain.content)
    assert len({plain["ETag"], packed["ETag"], squeezed["ETag"]}) == 3  # one strong tag per representation
    assert client.get(url, HTTP_IF_NONE_MATCH=squeezed["ETag"]).status_code == 304


@pytest.mark.parametrize(
    ("accept", "coding"),
    [("br;q=0, gzip", "gzip"), ("br;q=0.5", "br"), ("*", "br"), ("identity", None), ("br;q=0, gzip;q=0", None)],
)
def test_the_coding_follows_the_readers_weights(client: Client, accept: str, coding: str | None) -> None:
    assert client.get(SKILL, HTTP_ACCEPT_ENCODING=accept).get("Content-Encoding") == coding


def test_fragments_and_pages_are_kept_apart_and_vary_on_hx_request(client: Client) -> None:
    url = "/es/lrb6/skills/?category=agility"
    fragment = client.get(url, HTTP_HX_REQUEST="true")
    page = client.get(url)
    assert "HX-Request" in fragment["Vary"] and "HX-Request" in page["Vary"]
    assert b"<html" in page.content and b"<html" not in fragment.content
    assert client.get(url, HTTP_HX_REQUEST="true").content == fragment.content


def test_tutorial_fragments_vary_on_their_target(client: Client) -> None:
    url = "/it/tutorial/11-dreadball-dice-checks/1/?try=1&target=3"
    result = client.get(url, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="step-result")
    step = client.get(url, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="tutorial-step")
    assert result["Vary"] == "HX-Request, HX-Target, Accept-Encoding"
    assert result.content != step.content


def test_parameters_a_page_does_not_read_are_dropped_not_reflected(client: Client) -> None:
    plain = client.get(SKILL)
    hostile = client.get(SKILL + "?q=%3Cscript%3Ezzqx&utm_source=evilcorp&x=%00")
    assert hostile.content == plain.content
    assert b"zzqx" not in hostile.content and b"evilcorp" not in hostile.content
    assert hostile["ETag"] == plain["ETag"]


def test_the_search_page_keeps_its_query_and_escapes_it(client: Client) -> None:
    html = client.get('/fr/search/?q=<b>"esquive"&ruleset=lrb6').content.decode()
    assert "&lt;b&gt;" in html and '<b>"esquive"' not in html
    assert 'value="&lt;b&gt;&quot;esquive&quot;"' in html


def test_absolute_links_follow_the_host_asked_for(client: Client) -> None:
    one = client.get(SKILL, HTTP_HOST="localhost").content.decode()
    other = client.get(SKILL, HTTP_HOST="127.0.0.1").content.decode()
    assert 'href="http://localhost/es/lrb6/skills/block/"' in one
    assert 'href="http://127.0.0.1/es/lrb6/skills/block/"' in other


def test_an_edit_changes_the_version_and_every_cached_page_follows(client: Client) -> None:
    before, version = client.get(SKILL), content_version()
    skill = Skill.objects.get(ruleset__key="lrb6", slug="block")
    skill.name_en = "Block (edited)"
    skill.save()
    assert content_version() != version
    after = client.get(SKILL)
    assert b"Block (edited)" in after.content
    assert after["ETag"] != before["ETag"]
    assert client.get(SKILL, HTTP_IF_NONE_MATCH=before["ETag"]).status_code == 200


def test_signed_in_readers_get_private_uncached_pages(client: Client) -> None:
    client.force_login(User.objects.create_superuser("editor", "editor@example.org", "a-long-test-password"))
    response = client.get(SKILL)
    assert response.status_code == 200
    assert "private" in response["Cache-Control"] and "no-cache" in response["Cache-Control"]
    assert "public" not in response["Cache-Control"]


def test_head_answers_the_headers_of_get_without_a_body(client: Client) -> None:
    got = client.get(SKILL)
    head = client.head(SKILL)
    assert head.status_code == 200 and head.content == b""
    assert head["ETag"] == got["ETag"]
    assert head["Content-Length"] == str(len(got.content))


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_read_only_pages_refuse_unsafe_methods_in_the_readers_language(method: str) -> None:
    client = Client(enforce_csrf_checks=True)  # as a browser: the CSRF check must not answer first
    response = getattr(client, method)("/es/lrb6/skills/block/")
    assert response.status_code == 405
    assert response["Allow"] == "GET, HEAD"
    html = response.content.decode()
    assert '<html lang="es">' in html and "No permitido" in html


@pytest.mark.parametrize(
    "url", ["/api/v1/rulesets", "/api/v1/search?q=dodge&lang=en", "/api/v1/odds?steps=dodge:3", "/sitemap.xml"]
)
def test_the_api_and_the_sitemap_are_cached_and_refuse_unsafe_methods(client: Client, url: str) -> None:
    got = client.get(url)
    assert got.status_code == 200 and got["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=got["ETag"]).status_code == 304
    refused = Client(enforce_csrf_checks=True).post(url)
    assert refused.status_code == 405
    if url.startswith("/api/"):
        assert refused["Content-Type"] == "application/json"
        assert "not allowed" in refused.json()["error"]


@pytest.mark.parametrize(
    "lang, url, words",
    [
        ("es", "/es/tutorial/zzz-unknown/", "No hay ningún escenario"),
        ("it", "/it/tutorial/zzz-unknown/1/", "Non c’è nessuno scenario"),
        ("fr", "/fr/tutorial/11-dreadball-dice-checks/99/", "il n’y a pas d’étape 99"),
    ],
)
def test_tutorial_404s_speak_the_readers_language(client: Client, lang: str, url: str, words: str) -> None:
    response = client.get(url)
    assert response.status_code == 404
    html = response.content.decode()
    assert f'<html lang="{lang}">' in html
    assert words in html
    assert "no such" not in html


def test_bad_requests_are_answered_in_the_readers_language_or_json(client: Client) -> None:
    client = Client(raise_request_exception=False)
    page = client.get("/it/lrb6/skills/", HTTP_HOST="evil.example")
    assert page.status_code == 400
    assert '<html lang="it">' in page.content.decode() and "Richiesta non valida" in page.content.decode()
    api = client.get("/api/v1/rulesets", HTTP_HOST="evil.example")
    assert api.status_code == 400 and api.json() == {"error": "bad request", "problem": "bad_request"}


def test_a_new_roll_redirects_to_its_own_cacheable_address(client: Client) -> None:
    response = client.get("/en/lrb6/tables/weather/?roll=new")
    assert response.status_code == 302
    assert re.fullmatch(r"/en/lrb6/tables/weather/\?roll=\d+#roll-result", response["Location"])
    assert "no-store" in response["Cache-Control"]
    fragment = client.get("/en/lrb6/tables/weather/?roll=new", HTTP_HX_REQUEST="true")
    assert fragment.status_code == 200 and "no-store" in fragment["Cache-Control"]
    assert re.fullmatch(r"/en/lrb6/tables/weather/\?roll=\d+", fragment["HX-Push-Url"])
    assert "ETag" not in fragment


@pytest.mark.slow
def test_admin_logins_are_throttled_before_the_password_is_checked(client: Client) -> None:
    User.objects.create_superuser("editor", "editor@example.org", "a-long-test-password")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        wrong = client.post("/admin/login/", {"username": "editor", "password": "wrong"}, REMOTE_ADDR="10.9.8.7")
        assert wrong.status_code in (200, 429)
    locked = client.post(
        "/admin/login/", {"username": "editor", "password": "a-long-test-password"}, REMOTE_ADDR="10.9.8.7"
    )
    assert locked.status_code == 429
    assert "_auth_user_id" not in client.session
    elsewhere = Client().post(
        "/admin/login/", {"username": "editor", "password": "a-long-test-password"}, REMOTE_ADDR="10.1.1.1"
    )
    assert elsewhere.status_code == 302


def test_proxy_headers_and_hsts_preload_are_off_unless_configured(client: Client) -> None:
    assert settings.SECURE_PROXY_SSL_HEADER is None
    assert settings.SECURE_HSTS_PRELOAD is False
    assert settings.TRUSTED_PROXY_COUNT == 0
    html = client.get(SKILL, HTTP_X_FORWARDED_PROTO="https").content.decode()
    assert "https://" not in html  # the header is not believed without a proxy


def test_the_client_address_behind_trusted_proxies() -> None:
    from django.test import RequestFactory

    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.9")
    assert client_ip(request) == "10.0.0.2"
    with override_settings(TRUSTED_PROXY_COUNT=1):
        assert client_ip(request) == "203.0.113.9"  # the spoofed first entry is ignored


@pytest.mark.parametrize(
    "url, backend, location",
    [
        ("", "rulebook.serving.localcache.BoundedLocMemCache", "default"),
        ("locmem://", "rulebook.serving.localcache.BoundedLocMemCache", "default"),
        ("redis://127.0.0.1:6379/3", "django.core.cache.backends.redis.RedisCache", "redis://127.0.0.1:6379/3"),
        ("rediss://cache.example:6380/0?timeout=60", "django.core.cache.backends.redis.RedisCache", None),
        ("file:///var/cache/rules", "django.core.cache.backends.filebased.FileBasedCache", "/var/cache/rules"),
    ],
)
def test_cache_url(url: str, backend: str, location: str | None) -> None:
    config = cache_from_url(url, "rules:abc")
    assert config["BACKEND"] == backend and config["KEY_PREFIX"] == "rules:abc"
    if location is not None:
        assert config["LOCATION"] == location
    with pytest.raises(ValueError):
        cache_from_url("memcached://x", "p")
