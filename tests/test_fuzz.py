"""Hostile requests against every URL pattern and every query parameter its view reads.

The patterns are walked from the URL resolver (a page added later is fuzzed too, with real
arguments where the samples below know its name, generic ones otherwise); the parameters come
from each page's @public_page policy, plus a few it does not read. Values: unicode and huge
numbers, NUL, invalid UTF-8, very long strings, markup and template injections, repeated
parameters; then odd methods and headers. Every answer must be below 500, reflect nothing
unescaped, and speak the reader's language (pages) or JSON (API).

The plan of requests is drawn once (one seed, in one order) and run as one test per URL pattern and
language, so that the workers share it; a last test checks that the parts add up to the plan.
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any
from urllib.parse import quote

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.resolvers import LocalePrefixPattern, RoutePattern

from rulebook.models import GameTable, RuleSection, Skill
from rulebook.serving.middleware import PolicyFinder
from rulebook.vocab import BLOOD_BOWL_EDITIONS, LANGS, RULESET_KEYS
from tutorial.shared.scenario import all_scenarios

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

MARK = "zq9"  # every injection carries it, so any unescaped reflection is found
INJECTIONS = [
    f"<{MARK}>",
    f'"><{MARK} onerror=alert(1)>',
    f"' onfocus={MARK} '",
    f'" onmouseover={MARK} x="',
    f"</textarea><{MARK}>",
    f"javascript:{MARK}()",
    "{{7*7}}{% debug %}${7*7}%(x)s{0}",
    "' OR 1=1 --",
    "../../../etc/passwd",
    f"\r\nSet-Cookie: {MARK}=1",
]
VALUES = [
    "",
    " ",
    "0",
    "-1",
    "+3",
    "007",
    "²",
    "٣",
    "１２",
    "1_000",
    "0x1f",
    "1e309",
    "NaN",
    "-0",
    "9" * 40,
    "9" * 5000,
    "%00",
    "a\x00b",
    "\x00",
    "é" * 300,
    "x" * 20000,
    "🏈🩸",
    "\u202e\u200b",
    "true",
    "new",
    *INJECTIONS,
]
RAW_QUERIES = ["%FF%FE", "%C3%28", "%ED%A0%80", "%00=%00", "a=%E2%82", "=&&==&", "%" * 50]
METHODS = ["POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND", "BREW"]
HEADERS: list[dict[str, str]] = [
    {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": f"<{MARK}>"},
    {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "step-result"},
    {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "odds-result"},
    {"HTTP_ACCEPT_ENCODING": "gzip;q=0, identity;q=0, *;q=0"},
    {"HTTP_IF_NONE_MATCH": 'W/"\x00", *, "' + "a" * 500},
    {"HTTP_ACCEPT_LANGUAGE": f"zz-ZZ, <{MARK}>;q=2"},
    {"HTTP_COOKIE": f"sessionid=<{MARK}>; csrftoken=x"},
    {"HTTP_X_FORWARDED_FOR": f"<{MARK}>, 999.1.1.1", "HTTP_X_FORWARDED_PROTO": "https"},
    {"HTTP_HOST": f"<{MARK}>.example"},
    {"HTTP_HOST": "localhost:99999"},
    {"HTTP_RANGE": "bytes=9999999-"},
]
MIN_REQUESTS = 10_000
CONVERTER = re.compile(r"<(?:(\w+):)?\w+>")
CONVERTER_VALUES = {
    "ruleset": list(RULESET_KEYS),
    "edition": list(BLOOD_BOWL_EDITIONS),
    "slug": ["block", f"{MARK}-x"],
    "int": ["1", "0", "9" * 25],
}


GENERIC = ("q", "lang", "utm_source")  # read by some pages, dropped by the others


@dataclass(frozen=True)
class Target:
    route: str  # the URL pattern
    path: str
    lang: str  # "" outside the language prefix
    params: tuple[str, ...]  # the parameters the page reads
    family: str  # the same page in every language


def _walk(patterns: list[Any], prefix: str = "", localized: bool = False) -> Iterator[tuple[str, Any, bool]]:
    for entry in patterns:
        if isinstance(entry, URLResolver):
            localized_here = localized or isinstance(entry.pattern, LocalePrefixPattern)
            route = "" if isinstance(entry.pattern, LocalePrefixPattern) else str(entry.pattern)
            yield from _walk(entry.url_patterns, prefix + route, localized_here)
        elif isinstance(entry, URLPattern) and isinstance(entry.pattern, RoutePattern):
            yield prefix + str(entry.pattern), entry, localized


def _samples() -> dict[str, list[str]]:
    """Real values for each converter name, and a wrong one."""
    skills = [f"{s.ruleset.key}/skills/{s.slug}" for s in Skill.objects.select_related("ruleset").order_by("pk")[:3]]
    tables = [f"{t.ruleset.key}/tables/{t.slug}" for t in GameTable.objects.select_related("ruleset")]
    chapters = [
        f"{c.ruleset.key}/rules/{c.slug}" for c in RuleSection.objects.filter(parent=None).select_related("ruleset")
    ]
    return {"skills": skills, "tables": tables[:2] + ["lrb6/tables/weather"], "rules": chapters[:2]}


def fuzzed_routes() -> list[tuple[str, bool]]:
    """(URL pattern, under the language prefix), read from the resolver: no database needed, so the
    tests can be parametrised by them."""
    return [
        (route, localized)
        for route, _entry, localized in _walk(get_resolver().url_patterns)
        # Django's own admin: only its doors are public
        if not route.startswith("admin/") or route in ("admin/", "admin/login/", "admin/translation-report/")
    ]


def targets() -> list[Target]:
    samples = _samples()
    scenarios = list(all_scenarios())
    finder = PolicyFinder()
    found: list[Target] = []
    for route, localized in fuzzed_routes():
        paths = _paths(route, samples, scenarios)
        for index, path in enumerate(paths):
            # Pages with few addresses are asked in every language; long families (the tutorial's
            # steps) each in one, in turn, so that every language still gets every kind of page.
            langs = ("",) if not localized else LANGS if len(paths) <= 4 else (LANGS[index % len(LANGS)],)
            for lang in langs:
                full = f"/{lang}/{path}" if lang else f"/{path}"
                policy = finder.find(full)
                names = sorted(policy.policy.param_names(policy.kwargs)) if policy.policy else []
                found.append(Target(route, full, lang, tuple(names), path))
    return found


def _paths(route: str, samples: dict[str, list[str]], scenarios: list[Any]) -> list[str]:
    if "<" not in route:
        return [route]
    if route.startswith("tutorial/<slug:slug>/<int:number>"):
        return [f"tutorial/{s.slug}/{n}/" for s in scenarios for n in range(1, len(s.steps) + 1)] + [
            f"tutorial/{scenarios[0].slug}/0/",
            f"tutorial/{scenarios[0].slug}/99999999999999999999/",
            f"tutorial/%3C{MARK}%3E/1/",
        ]
    for word in ("skills", "tables", "rules"):
        if route == f"<ruleset:ruleset>/{word}/<slug:slug>/":
            return [f"{p}/" for p in samples[word]] + [f"lrb6/{word}/%3C{MARK}%3E/", f"dreadball2/{word}/x%00y/"]
    if "<str:key>" in route:
        base = [route.replace("<str:key>", key) for key in (*RULESET_KEYS, f"%3C{MARK}%3E", "%FF")]
        return [p.replace("<slug:slug>", "block" if "skills" in p else "weather") for p in base]
    # Any other pattern (pages added later): each converter by its type, every ruleset or
    # edition, a real-looking and a hostile value for the rest.
    paths = [route]
    while any("<" in path for path in paths):
        expanded = []
        for path in paths:
            token = CONVERTER.search(path)
            if token is None:
                expanded.append(path)
                continue
            for value in CONVERTER_VALUES.get(token[1], [f"%3C{MARK}%3E"]):
                expanded.append(path[: token.start()] + value + path[token.end() :])
        paths = expanded
    return paths


LONG_ROUTE = 12  # addresses of one view, above which the cheap requests are dealt out


def _dropped_parameters(
    addresses: list[Target], rng: random.Random
) -> Iterator[tuple[Target, str, str, dict[str, str]]]:
    """The parameters a page may drop (GENERIC), nine values each, dealt out across one view's
    addresses and languages: a dropped parameter meets the same code at each of them."""
    queries = [f"{quote(name)}={quote(value, safe='')}" for name in GENERIC for value in rng.sample(VALUES, 9)]
    for index, query in enumerate(queries):
        target = addresses[index % len(addresses)]
        yield target, "GET", f"{target.path}?{query}", {}


def _cheap_requests(target: Target, rng: random.Random) -> Iterator[tuple[Target, str, str, dict[str, str]]]:
    """What every address gets: the plain GET, raw queries, methods, headers."""
    yield target, "GET", target.path, {}
    for raw in rng.sample(RAW_QUERIES, 4):
        yield target, "GET", f"{target.path}?{raw}", {}
    for method in rng.sample(METHODS, 4):
        yield target, method, target.path, {}
    for headers in rng.sample(HEADERS, 4):
        yield target, "GET", target.path, headers


def _cheap_requests_dealt_out(
    family: list[Target], rng: random.Random
) -> Iterator[tuple[Target, str, str, dict[str, str]]]:
    """The same kinds of request for one view of many addresses: each address its plain GET, one
    method and one header set; each dropped parameter's values and each raw query once, in turn."""
    for index, target in enumerate(family):
        yield target, "GET", target.path, {}
        yield target, METHODS[index % len(METHODS)], target.path, {}
        yield target, "GET", target.path, HEADERS[index % len(HEADERS)]
    queries = [f"{quote(name)}={quote(value, safe='')}" for name in GENERIC for value in rng.sample(VALUES, 9)]
    for index, query in enumerate(queries + RAW_QUERIES):
        target = family[index % len(family)]
        yield target, "GET", f"{target.path}?{query}", {}


def requests_for(all_targets: list[Target], rng: random.Random) -> Iterator[tuple[Target, str, str, dict[str, str]]]:
    """(target, method, path with query, headers), deterministic. Each value of a parameter the page reads
    is sent once per page, to one of its languages in turn (each is a page to render: the budget
    that keeps the run short); the cheap rest (methods, headers, raw queries) is
    sent to every address, and the parameters a page drops once to the view, dealt out across its
    addresses, except for a view of many addresses (the tutorial's 70-odd steps): there
    each address gets its plain GET, a method and a header set, and the rest is dealt out across
    the addresses in turn, so every kind of request still reaches the view without rendering each
    step forty times."""
    families: dict[str, list[Target]] = {}
    for target in all_targets:
        families.setdefault(target.family, []).append(target)
    routes: dict[str, list[Target]] = {}
    for target in all_targets:
        routes.setdefault(target.route, []).append(target)
    for addresses in routes.values():
        if len(addresses) > LONG_ROUTE:
            yield from _cheap_requests_dealt_out(addresses, rng)
            continue
        for target in addresses:
            yield from _cheap_requests(target, rng)
        yield from _dropped_parameters(addresses, rng)
    others = [v for v in VALUES if v not in INJECTIONS]
    for family in families.values():
        step = "/tutorial/" in family[0].path and family[0].path.count("/") >= 5
        groups = parameter_groups(family[0].params)
        many = len(groups) > 10
        for names in groups:
            # Tutorial steps are many, and some pages read many parameters: those get part of the
            # injections (in turn) and part of the numbers; the others get every injection.
            if step or many:
                # a tutorial input is read by one parser whichever step shows it: across the 70-odd
                # steps each still meets every injection
                share = 3 if step else 4
                values = rng.sample(INJECTIONS, share) + rng.sample(others, share)
            else:
                values = INJECTIONS + rng.sample(others, 9)
            # One row's fields of a form of many rows (g1 … g12) are read by one parser: the
            # values are dealt out across the row numbers, each of which gets one at least.
            for index in range(max(len(values), len(names))):
                target, name, value = (
                    family[index % len(family)],
                    names[index % len(names)],
                    values[index % len(values)],
                )
                yield target, "GET", f"{target.path}?{quote(name)}={quote(value, safe='')}", {}
            name = rng.choice(names)
            repeated = "&".join(f"{quote(name)}={quote(v, safe='')}" for v in rng.sample(VALUES, 4))
            target = rng.choice(family)
            yield target, "GET", f"{target.path}?{repeated}&{quote(name)}=1", {}
        if len(family[0].params) > 2:
            mixed = "&".join(f"{quote(n)}={quote(rng.choice(VALUES), safe='')}" for n in family[0].params)
            target = rng.choice(family)
            yield target, "GET", f"{target.path}?{mixed}&try=1", {}


def parameter_groups(names: tuple[str, ...]) -> list[list[str]]:
    """The parameters by parser: the numbered fields of one form row (g1, g2 … g12; pag1 … pag3)
    are one group, in their numbers' order; any other parameter is a group of its own."""
    groups: dict[str, list[str]] = {}
    for name in names:
        numbered = re.fullmatch(r"([a-z_]+?)(\d+)", name)
        groups.setdefault(numbered[1] + "#" if numbered else name, []).append(name)
    return [sorted(group, key=lambda n: int(re.sub(r"\D", "", n) or 0)) for group in groups.values()]


def check(method: str, url: str, headers: dict[str, str], response: Any, lang: str) -> list[str]:
    problems = []
    status = response.status_code
    if status >= 500:
        problems.append(f"{status}")
    kind = response.get("Content-Type", "")
    body = b"" if response.streaming else response.content
    if response.get("Content-Encoding") == "gzip":
        import gzip

        body = gzip.decompress(body)
    if "html" in kind:
        text = body.decode("utf-8", "replace")
        for bad in (f"<{MARK}", f'" onmouseover={MARK}', f"' onfocus={MARK}"):
            if bad in text:
                problems.append(f"unescaped {bad!r}")
        if lang and status >= 400 and f'<html lang="{lang}">' not in text:
            problems.append(f"{status} page not in {lang}")
    if (url.startswith("/api/") and status >= 400 and status != 404) or (url.startswith("/api/") and status == 404):
        if "application/json" not in kind:
            problems.append(f"API {status} as {kind}")
        else:
            try:
                assert "error" in json.loads(body)
            except (ValueError, AssertionError):
                problems.append("API error without {'error': …}")
    if status == 405 and not response.get("Allow"):
        problems.append("405 without Allow")
    location = response.get("Location", "")
    if any(ch in location for ch in '<>"\r\n ') or MARK in response.get("Set-Cookie", ""):
        problems.append(f"unencoded input in a header: {location[:80]!r}")
    return [f"{method} {url[:160]} {sorted(headers)}: {p}" for p in problems]


Request = tuple[str, str, dict[str, str]]  # method, path with query, headers


@cache
def plan() -> dict[tuple[str, str], list[Request]]:
    """Every request, drawn in one pass with one seed (as one test did before it was shared out),
    grouped by (URL pattern, language); the same in every worker."""
    groups: dict[tuple[str, str], list[Request]] = {}
    for target, method, url, headers in requests_for(targets(), random.Random(18)):
        groups.setdefault((target.route, target.lang), []).append((method, url, headers))
    return groups


def parts() -> list[tuple[str, str]]:
    return [(route, lang) for route, localized in fuzzed_routes() for lang in (LANGS if localized else ("",))]


@pytest.mark.parametrize(
    "route, lang", parts(), ids=[f"{route or '/'}-{lang}" if lang else route for route, lang in parts()]
)
def test_hostile_requests_never_fail_and_never_reflect(route: str, lang: str) -> None:
    second = bool(os.environ.get("TESTS_SKIP_DATABASE_FREE"))  # CI's second pass, on PostgreSQL (.ci/run)
    requests = (second_database_plan() if second else plan())[(route, lang)]
    client = Client(raise_request_exception=False)
    problems: list[str] = []
    for method, url, headers in requests:
        response = client.generic(method, url, b"\x00\xff<zq9>" if method in ("POST", "PUT") else b"", **headers)
        problems += check(method, url, headers, response, lang)
        client.cookies.clear()  # each request as a new visitor (a hostile cookie is sent on purpose)
    assert problems == [], f"{len(problems)} problems in {len(requests)} requests:\n" + "\n".join(problems[:40])


# What a database may take differently from another: NUL (PostgreSQL refuses it in a string, SQLite
# keeps it), bytes that are no UTF-8, very long or astral strings, SQL. Markup and template injections,
# methods and headers meet the same code whichever database answers: the first pass sent them all.
DATABASE_VALUES = ["\x00", "a\x00b", "%00", "9" * 40, "é" * 300, "x" * 20000, "🏈🩸", "\u202e\u200b", "' OR 1=1 --"]
DATABASE_MARKS = sorted({quote(value, safe="") for value in DATABASE_VALUES} | {"%00", "%FF", "%C3%28", "%ED%A0%80"})


def may_differ_between_databases(request: Request) -> bool:
    """The plain GET of each address, and every request carrying one of the values above (in the
    query or in the address); on PostgreSQL those are sent again."""
    method, url, headers = request
    plain = method == "GET" and not headers and "?" not in url
    return plain or any(mark in url for mark in DATABASE_MARKS)


def _carrier(request: Request) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """What of a request reaches the database differently: its method, the parameters carrying one
    of the values above (or the address itself), and which of those values."""
    method, url, headers = request
    query = url.partition("?")[2]
    marks = tuple(mark for mark in DATABASE_MARKS if mark in url)
    names = sorted({part.split("=", 1)[0] for part in query.split("&") if any(m in part for m in marks)})
    return method + repr(sorted(headers)), tuple(names or ["<address>"]), marks


@cache
def second_database_plan() -> dict[tuple[str, str], list[Request]]:
    """What CI's PostgreSQL pass sends: each address's plain GET, in every language; and each of
    the values above once to each parameter of each URL pattern, in one of its languages (the
    language picks a column of the same table, not another way into the database)."""
    seen: set[tuple[str, object]] = set()
    kept: dict[tuple[str, str], list[Request]] = {}
    for (route, lang), requests in plan().items():
        mine = kept.setdefault((route, lang), [])
        for request in requests:
            if not may_differ_between_databases(request):
                continue
            method, url, headers = request
            key = (route, _carrier(request))
            if (method == "GET" and not headers and "?" not in url) or key not in seen:
                mine.append(request)
                seen.add(key)
    return kept


def test_the_second_database_gets_every_address_and_a_nul_in_every_pattern() -> None:
    """What CI's PostgreSQL pass sends: each address's plain GET; a NUL to every URL pattern that
    reads a parameter (in one of its languages at least); under a fifth of the plan."""
    groups = plan()
    kept = second_database_plan()
    for part, requests in groups.items():
        plain = {url for method, url, headers in requests if method == "GET" and not headers and "?" not in url}
        assert plain <= {url for _method, url, _headers in kept[part]}, part
    by_route: dict[str, list[str]] = {}
    for (route, _lang), requests in kept.items():
        by_route.setdefault(route, []).extend(url for _method, url, _headers in requests)
    reading = {route for (route, _lang), requests in groups.items() if any("?" in url for _m, url, _h in requests)}
    missing = sorted(route for route in reading if not any("%00" in url for url in by_route[route]))
    assert not missing, missing
    assert sum(map(len, kept.values())) < sum(map(len, groups.values())) * 0.2


def test_the_parts_add_up_to_the_whole_plan() -> None:
    """Every URL pattern in every language gets requests, and nothing planned is left out."""
    groups = plan()
    assert set(groups) == set(parts()), set(groups) ^ set(parts())
    assert all(groups.values())
    count = sum(len(requests) for requests in groups.values())
    assert count >= MIN_REQUESTS, f"only {count} requests"
