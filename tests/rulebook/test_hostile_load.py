"""No request, parameter or header lets one client make the site work for it alone (issue 28): the
offline views are cached and built once per content version, the cache key holds the canonical
host, the caches are bounded in bytes, uncached work has a per-client budget answered 429 in the
contract, admin no-op saves write nothing and no save builds the search index in the request,
and the edges (Content-Language, logs of refusals, the login's redirect, admin pages never
stored, the deploy check)."""

from __future__ import annotations

import io
import logging
import os
import pickle
import random
import re
import secrets
import subprocess
import sys
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.http import HttpResponse
from django.test import Client, override_settings

from rulebook.models import Positional, Skill, SkillParameter, Team
from rulebook.offline import pack
from rulebook.rendering.version import content_version
from rulebook.search.deletions import DeletionIndex
from rulebook.search.results import current_index
from rulebook.serving import store
from rulebook.serving.localcache import BoundedLocMemCache
from rulebook.serving.logs import RefusalsAsWarnings
from rulebook.serving.store import Entry, pages
from rulebook.serving.warm import warm_caches
from rulebook.vocab import LANGS

from .test_admin_saves import browser_save

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def nothing_cached() -> None:
    """Earlier tests (the fuzz test) may have asked for these pages and left them in the caches."""
    cache.clear()
    pages.clear()


@pytest.fixture
def staff(client: Client) -> Client:
    client.force_login(User.objects.create_superuser("editor", "editor@example.org", "a-long-test-password"))
    return client


# --- the offline views ---------------------------------------------------------------------------


def test_the_offline_pack_is_cached_and_its_pages_listed_once_per_version(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    walks: list[str] = []
    walk = pack.all_ruleset_pages
    monkeypatch.setattr(pack, "all_ruleset_pages", lambda lang, rulesets: walks.append(lang) or walk(lang, rulesets))
    pack.pack_pages.cache_clear()
    first = client.get("/fr/offline/pack.json")
    again = client.get("/fr/offline/pack.json")
    assert first.status_code == again.status_code == 200
    assert first["ETag"] == again["ETag"] and "public" in first["Cache-Control"]
    assert client.get("/fr/offline/pack.json", HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    assert client.get("/fr/offline/").status_code == 200  # the same lists, not walked again
    assert walks == ["fr"]


def test_the_offline_search_index_and_manifest_are_cached(client: Client) -> None:
    for url in ("/es/offline/search/lrb6.json", "/it/manifest.webmanifest", "/en/sw.js", "/en/offline/unavailable/"):
        got = client.get(url)
        assert got.status_code == 200 and got["ETag"], url
        assert client.get(url, HTTP_IF_NONE_MATCH=got["ETag"]).status_code == 304, url


def test_warming_builds_every_languages_pack_before_any_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    pack.pack_pages.cache_clear()
    warm_caches()
    walks: list[str] = []
    monkeypatch.setattr(pack, "all_ruleset_pages", lambda *args: walks.append("walked") or {})
    rulesets = ("lrb6", "bb2025", "dreadball2")
    lists = {lang: pack.pack_pages(lang, rulesets) for lang in LANGS}
    assert walks == [] and "/es/lrb6/skills/block/" in lists["es"]["lrb6"]


def test_the_pack_version_is_computed_once_and_shared(monkeypatch: pytest.MonkeyPatch) -> None:
    pack.pack_version.cache_clear()
    first = pack.pack_version()
    pack.pack_version.cache_clear()  # another process: it finds the shared copy
    monkeypatch.setattr(pack, "_fingerprint", lambda: pytest.fail("computed again"))
    assert pack.pack_version() == first


# --- the canonical host ------------------------------------------------------------------------


@override_settings(SITE_PORT="")
def test_the_request_port_is_not_part_of_the_key_nor_of_the_links(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept: list[str] = []
    keep = pages.set
    monkeypatch.setattr(pages, "set", lambda key, entry: kept.append(key) or keep(key, entry))
    bodies = {client.get("/fr/lrb6/skills/dodge/", HTTP_HOST=f"127.0.0.1:{port}").content for port in (1, 2, 3, 80)}
    assert len(kept) == 1 and len(bodies) == 1
    html = bodies.pop().decode()
    assert 'href="http://127.0.0.1/es/lrb6/skills/dodge/"' in html and "127.0.0.1:" not in html


@override_settings(SITE_PORT="8080")
def test_the_configured_port_is_the_one_in_the_links(client: Client) -> None:
    html = client.get("/it/lrb6/skills/dodge/", HTTP_HOST="localhost:1").content.decode()
    assert 'href="http://localhost:8080/es/lrb6/skills/dodge/"' in html and "localhost:1/" not in html


def test_a_host_outside_allowed_hosts_is_still_refused(client: Client) -> None:
    refused = Client(raise_request_exception=False).get("/en/lrb6/skills/block/", HTTP_HOST="evil.example:1")
    assert refused.status_code == 400


# --- caches bounded in bytes -------------------------------------------------------------------


def test_the_local_cache_is_bounded_in_bytes_and_drops_the_least_recent_first() -> None:
    local = BoundedLocMemCache(f"bounded-{random.random()}", {"OPTIONS": {"MAX_BYTES": 200_000, "MAX_ENTRIES": 10_000}})
    value = os.urandom(10_000)
    for n in range(100):
        local.set(f"page-{n}", value)
        local.get("page-0")  # read on every round: the most recently used
    assert local.used_bytes <= 200_000
    assert local.get("page-0") == value and local.get("page-99") == value
    assert local.get("page-5") is None
    local.set("huge", os.urandom(30_000))  # over an eighth of the limit: not kept at all
    assert local.get("huge") is None
    local.set("count", 1)
    for _ in range(1000):
        local.incr("count")
    assert local.get("count") == 1001
    assert local.used_bytes == sum(len(key) + len(kept) for key, kept in local._cache.items())  # exact
    local.clear()
    assert local.used_bytes == 0


def test_locmem_urls_make_a_bounded_cache() -> None:
    from config.environment import cache_from_url

    config = cache_from_url("locmem://?max_bytes=1000000", "p")
    assert config["BACKEND"] == "rulebook.serving.localcache.BoundedLocMemCache"
    assert config["OPTIONS"]["MAX_BYTES"] == 1_000_000


def _answer(body: bytes, content_type: str = "text/html; charset=utf-8") -> HttpResponse:
    return HttpResponse(body, content_type=content_type)


def test_a_large_answer_is_kept_gzipped_only_and_unpacked_for_who_refuses_gzip(rf: Any) -> None:
    words = " ".join(random.Random(3).choice(["block", "dodge", "pass", "tackle", "<td>"]) for _ in range(60_000))
    body = words.encode()
    entry = Entry.from_response(_answer(body), ())
    assert entry is not None and entry.body is None and entry.size < len(body) // 3
    assert entry.respond(rf.get("/")).content == body
    assert entry.respond(rf.get("/", HTTP_ACCEPT_ENCODING="gzip"))["Content-Encoding"] == "gzip"
    assert pickle.loads(pickle.dumps(entry)).plain == body


def test_an_answer_too_large_to_keep_is_not_kept(rf: Any) -> None:
    noise = os.urandom(store.MAX_ENTRY_BYTES + 1)  # gzip cannot shrink it
    assert Entry.from_response(_answer(noise, "application/octet-stream"), ()) is None
    assert Entry.from_response(_answer(b"x" * 1000), ()) is not None


def test_a_board_page_stays_small_however_long_its_position(client: Client) -> None:
    squares = [f"{c}{r}" for c in "abcdefghijklmnopqrstuvwxyz" for r in range(1, 16)]
    spots = random.Random(5).sample(squares, 22)
    skills = ".block.dodge.sure-hands.tackle.guard.mighty-blow"
    players = [f"{'AB'[i // 11]}{i % 11 + 1}{spots[i]}{skills}" for i in range(22)]
    code = "1_" + "_".join(players)
    for view in ("&z=3", "&z=3&show=pass", "&show=pass", "&z=2&tool=move"):
        response = client.get(f"/en/lrb6/board/?b={code}&p=A1{view}")
        assert response.status_code == 200, response.content[:300]
        assert len(response.content) < 250_000, (view, len(response.content))
    narrowed = client.get(f"/en/lrb6/board/?b={code}&p=A1&z=3").content.decode()
    assert "move the view with the arrows" in narrowed and 'data-key="zoom-out"' not in narrowed
    assert "board-map--z1" in narrowed


# --- the per-client budget of uncached work ------------------------------------------------------


@override_settings(MISS_RATE_LIMIT="3/60s")
def test_uncached_work_beyond_the_budget_is_refused_in_the_readers_language(client: Client) -> None:
    cached = client.get("/es/lrb6/skills/block/")  # a miss: 1 of 3
    for roll in (11, 12):
        assert client.get(f"/es/lrb6/tables/injury/?roll={roll}").status_code == 200
    refused = client.get("/es/lrb6/tables/injury/?roll=13")
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 60 and "no-store" in refused["Cache-Control"]
    html = refused.content.decode()
    assert '<html lang="es">' in html and "Demasiadas peticiones" in html
    api = client.get("/api/v1/odds?steps=dodge:4")
    assert api.status_code == 429 and api["Content-Type"] == "application/json"
    assert "too many requests" in api.json()["error"] and api.json()["retry_after"] >= 1
    assert api.json()["problem"] == "too_many_requests"
    again = client.get("/es/lrb6/skills/block/")  # a cached page is never refused
    assert again.status_code == 200 and again.content == cached.content
    other = Client(REMOTE_ADDR="10.20.30.40").get("/es/lrb6/tables/injury/?roll=14")
    assert other.status_code == 200  # the budget is per client


@override_settings(MISS_RATE_LIMIT="1/60s")
def test_signed_in_editors_and_the_admin_have_no_budget(staff: Client) -> None:
    for roll in (21, 22, 23):
        assert staff.get(f"/en/lrb6/tables/injury/?roll={roll}").status_code == 200
    anonymous = Client()
    for _ in range(3):
        assert anonymous.get("/admin/login/").status_code == 200


@override_settings(MISS_RATE_LIMIT="2/60s")
def test_a_cache_that_cannot_count_lets_readers_through(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cache, "add", lambda *args, **kwargs: False)
    monkeypatch.setattr(cache, "incr", lambda *args, **kwargs: (_ for _ in ()).throw(ValueError("down")))
    for roll in (31, 32, 33, 34):
        assert client.get(f"/en/lrb6/tables/injury/?roll={roll}").status_code == 200


# --- admin saves -------------------------------------------------------------------------------


@pytest.mark.parametrize("model", [Positional, SkillParameter, Team, Skill])
def test_an_unchanged_admin_save_writes_nothing(staff: Client, model: type) -> None:
    obj = model.objects.order_by("pk").first()
    assert obj is not None
    version = content_version()
    browser_save(staff, obj)
    assert content_version() == version, f"a no-op save of a {model.__name__} changed the content version"


def test_an_admin_save_builds_the_search_index_after_the_answer_not_in_it(
    staff: Client, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    from rulebook.search import results
    from rulebook.serving import warm

    started: list[Any] = []

    class Recorder:
        def __init__(self, target: Any, name: str, daemon: bool) -> None:
            self.target = target

        def start(self) -> None:
            started.append(self.target)

    monkeypatch.setattr(warm.threading, "Thread", Recorder)
    monkeypatch.setattr(results, "_fetch_or_build", lambda version: pytest.fail("the index was built in the request"))
    skill = Skill.objects.get(ruleset__key="lrb6", slug="block")
    with django_capture_on_commit_callbacks(execute=True):
        browser_save(staff, skill, {"name_en": "Block (edited)"})
    assert started == [warm._warm_quietly]


def test_the_compact_typo_table_answers_like_the_dict_it_replaces() -> None:
    table = {"blck": ["block"], "bock": ["block", "bock"], "": ["a"], "ésq": ["ésquive"]}
    compact = pickle.loads(pickle.dumps(DeletionIndex(table)))
    for variant, words in table.items():
        assert compact.get(variant) == words
    assert compact.get("blc") == [] and compact.get("zzz") == []
    index = current_index()
    assert {w for w, _ in index.typo_words("blokc")} >= {"block"}


def test_the_index_another_process_receives_finds_what_the_built_one_finds() -> None:
    # Each worker unpickles the shared index after a content change; its postings arrive packed,
    # one string per word (search/index.py PackedPostings): every posting and every answer must
    # be the built index's.
    from rulebook.search.query import plan_query
    from rulebook.search.ranking import rank

    built = current_index()
    received = pickle.loads(pickle.dumps(built))
    for mine, theirs in zip(built.words + built.stems, received.words + received.stems, strict=True):
        assert set(mine) == set(theirs) and len(mine) == len(theirs)
        assert all(theirs.get(word) == by_lang for word, by_lang in mine.items())
        assert theirs.get("no-such-word") is None and theirs.get("no-such-word", {}) == {}
    queries = ["esquivar", "placaje def", "blokc", "mighty b", "ko", "passe", "tackle zone", "1"]
    for lang in LANGS:
        for query in queries:
            plan = plan_query(query, lang)
            assert rank(received, plan, lang) == rank(built, plan, lang), (query, lang)


# --- the edges ---------------------------------------------------------------------------------


def test_content_language_outside_the_prefix_comes_from_lang_not_the_first_reader(client: Client) -> None:
    french_reader = client.get("/api/v1/rulesets?lang=es", HTTP_ACCEPT_LANGUAGE="fr")
    italian_reader = client.get("/api/v1/rulesets?lang=es", HTTP_ACCEPT_LANGUAGE="it")
    assert french_reader["Content-Language"] == italian_reader["Content-Language"] == "es"
    assert french_reader.content == italian_reader.content
    neutral = client.get("/api/v1/odds?steps=dodge:3", HTTP_ACCEPT_LANGUAGE="fr")
    assert "Content-Language" not in neutral
    assert "Content-Language" not in client.get("/sitemap.xml", HTTP_ACCEPT_LANGUAGE="it")
    assert client.get("/fr/lrb6/skills/dodge/", HTTP_ACCEPT_LANGUAGE="es")["Content-Language"] == "fr"


def _console() -> logging.Handler:
    found = [h for h in logging.getLogger().handlers if any(isinstance(f, RefusalsAsWarnings) for f in h.filters)]
    assert found, "the console handler has no RefusalsAsWarnings filter (settings.LOGGING)"
    return found[0]


def test_refused_requests_are_logged_as_one_warning_line_without_a_traceback() -> None:
    handler = _console()
    stream, formatter = io.StringIO(), handler.formatter
    old = handler.setStream(stream)  # type: ignore[attr-defined]
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s %(message)s"))
    try:
        client = Client(raise_request_exception=False)
        assert client.get("/en/", HTTP_HOST="evil.example").status_code == 400
        many = "&".join(f"p{n}=1" for n in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1))
        assert client.get(f"/en/search/?{many}").status_code == 400
    finally:
        handler.setStream(old)  # type: ignore[attr-defined]
        handler.setFormatter(formatter)
    logged = stream.getvalue()
    assert "Traceback" not in logged and "ERROR" not in logged
    assert "WARNING django.security.DisallowedHost Invalid HTTP_HOST header: 'evil.example'" in logged
    assert "WARNING django.security.TooManyFieldsSent" in logged


def test_the_filter_turns_security_errors_into_warnings() -> None:
    try:
        raise ValueError("refused")
    except ValueError:
        record = logging.getLogger("django.security.DisallowedHost").makeRecord(
            "django.security.DisallowedHost", logging.ERROR, __file__, 1, "Invalid HTTP_HOST", (), sys.exc_info()
        )
    assert RefusalsAsWarnings().filter(record)
    assert record.levelno == logging.WARNING and record.exc_info is None
    other = logging.getLogger("django.request").makeRecord("django.request", logging.ERROR, __file__, 1, "x", (), None)
    RefusalsAsWarnings().filter(other)
    assert other.levelno == logging.ERROR


def test_a_hostile_next_on_the_login_lands_on_the_admin() -> None:
    User.objects.create_superuser("editor", "editor@example.org", "a-long-test-password")
    client = Client()
    client.get("/admin/login/")
    form = {"username": "editor", "password": "a-long-test-password", "next": "https://evil.example/"}
    response = client.post("/admin/login/?next=https://evil.example/", form)
    assert response.status_code == 302 and response["Location"] == "/admin/"


@pytest.mark.parametrize("url", ["/admin/", "/admin/translation-report/", "/admin/rulebook/skill/"])
def test_every_admin_page_is_never_stored(staff: Client, url: str) -> None:
    response = staff.get(url)
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"] and "private" in response["Cache-Control"]


def test_the_admin_login_page_is_never_stored() -> None:
    assert "no-store" in Client().get("/admin/login/")["Cache-Control"]


def _deploy_check(secret: str, **extra: str) -> subprocess.CompletedProcess[str]:
    inherited = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}  # set by conftest
    env = {**inherited, "DEBUG": "0", "SECRET_KEY": secret, "ALLOWED_HOSTS": "127.0.0.1", **extra}
    command = [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"]
    return subprocess.run(command, cwd=settings.BASE_DIR, env=env, capture_output=True, text=True)


def test_make_serve_refuses_to_start_on_any_deploy_warning() -> None:
    recipe = subprocess.run(["make", "-n", "serve"], cwd=settings.BASE_DIR, capture_output=True, text=True).stdout
    check = next(line for line in recipe.splitlines() if "check --deploy" in line)
    assert "--fail-level WARNING" in check
    weak = _deploy_check("abcde")
    assert weak.returncode != 0 and "security.W009" in weak.stderr + weak.stdout
    assert _deploy_check(secrets.token_urlsafe(50)).returncode == 0
    loopback = _deploy_check(secrets.token_urlsafe(50), SECURE_SSL_REDIRECT="0")
    assert loopback.returncode == 0, loopback.stderr  # a stated choice, not a warning


def test_every_public_page_varies_only_on_headers_the_proxy_keys_on() -> None:
    from rulebook.serving.policy import PROXY_KEY_HEADERS, public_page

    with pytest.raises(ValueError):
        public_page(vary=("Accept-Language",))
    rules = (settings.BASE_DIR / "deploy" / "nginx" / "rules.conf").read_text()
    key = re.search(r'proxy_cache_key "([^"]+)"', rules)
    assert key is not None
    for header in PROXY_KEY_HEADERS:
        assert f"$http_{header.lower().replace('-', '_')}" in key.group(1)
