"""One error contract for the whole JSON API: every endpoint under /api/v1/ (found from the URL
resolver, so a new endpoint is checked without being listed here) answers a bad request with
exactly {"error": "<English message>", "problem": "<stable key>"} and the right status."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from rulebook.serving.policy import policy_of

pytestmark = pytest.mark.django_db

API_PREFIX = "api/v1/"
CONVERTER_RE = re.compile(r"<(?:\w+:)?(\w+)>")
PROBLEM_RE = re.compile(r"[a-z][a-z0-9_]*")
JUNK = "zz\x7f~junk"  # no edition, language, code, number or limit reads it


def api_routes() -> list[tuple[str, URLPattern]]:
    """(route, pattern) of every URL under /api/v1/, with the prefixes of include() joined."""

    def walk(patterns: list[URLPattern | URLResolver], prefix: str) -> Iterator[tuple[str, URLPattern]]:
        for entry in patterns:
            route = prefix + str(entry.pattern)
            if isinstance(entry, URLResolver):
                yield from walk(entry.url_patterns, route)
            elif route.startswith(API_PREFIX):
                yield route, entry

    return sorted(walk(get_resolver().url_patterns, ""), key=lambda found: found[0])


ROUTES = api_routes()


def address(route: str) -> str:
    """The route with each path argument an item no ruleset has ("/api/v1/rulesets/zz-unknown/skills")."""
    return "/" + CONVERTER_RE.sub("zz-unknown", route)


def params_of(pattern: URLPattern) -> tuple[str, ...]:
    policy = policy_of(pattern.callback)
    assert policy is not None, f"{pattern.name} is not a @public_page"
    return tuple(sorted(policy.param_names({})))


def assert_error_shape(response: Any, status: int) -> dict[str, str]:
    assert response.status_code == status, (response.status_code, response.content[:200])
    assert response["Content-Type"].startswith("application/json")
    data = response.json()
    assert set(data) == {"error", "problem"}, data
    assert isinstance(data["error"], str) and data["error"].strip()
    assert isinstance(data["problem"], str) and PROBLEM_RE.fullmatch(data["problem"]), data
    return data


def test_the_resolver_finds_every_endpoint() -> None:
    names = {pattern.name for _route, pattern in ROUTES}
    assert {"api-search", "api-rulesets", "api-skill", "api-team", "tutorial-odds-api", "tutorial-board-api"} <= names
    assert len(ROUTES) >= 10


@pytest.mark.parametrize(("route", "pattern"), ROUTES, ids=[route for route, _ in ROUTES])
def test_junk_in_every_parameter_is_a_400_in_the_one_shape(client: Client, route: str, pattern: URLPattern) -> None:
    params = params_of(pattern)
    assert params, f"{route} reads no parameter: give it a bad-input case here"
    data = assert_error_shape(client.get(address(route), dict.fromkeys(params, JUNK)), 400)
    assert data["problem"] in ("bad_parameter", "edition")  # the first parameter read is refused


@pytest.mark.parametrize(
    ("route", "pattern"),
    [(route, pattern) for route, pattern in ROUTES if CONVERTER_RE.search(route)],
    ids=[route for route, _ in ROUTES if CONVERTER_RE.search(route)],
)
def test_an_unknown_item_is_a_404_in_the_one_shape(client: Client, route: str, pattern: URLPattern) -> None:
    params = {"lang": "en"} if "lang" in params_of(pattern) else {}
    data = assert_error_shape(client.get(address(route), params), 404)
    assert data["problem"] == "unknown_item"


@pytest.mark.parametrize(("route", "pattern"), ROUTES, ids=[route for route, _ in ROUTES])
def test_writing_is_a_405_in_the_one_shape(client: Client, route: str, pattern: URLPattern) -> None:
    response = client.post(address(route), {"lang": "en"})
    data = assert_error_shape(response, 405)
    assert data["problem"] == "not_allowed" and response["Allow"] == "GET, HEAD"


def test_an_unknown_endpoint_is_a_404_in_the_one_shape(client: Client) -> None:
    data = assert_error_shape(client.get("/api/v1/no-such-endpoint"), 404)
    assert data["problem"] == "not_found" and "no-such-endpoint" in data["error"]


def test_a_good_answer_is_json_for_any_origin(client: Client) -> None:
    response = client.get("/api/v1/odds", {"steps": "dodge:3"})
    assert response.status_code == 200 and response["Access-Control-Allow-Origin"] == "*"
    assert "error" not in response.json()
