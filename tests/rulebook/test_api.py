"""The read-only JSON API: documented shapes, 400 on bad parameters, 404 on unknown items."""

from __future__ import annotations

import pytest
from django.test import Client

from rulebook.models import Skill
from tests.content_files import item_files

pytestmark = pytest.mark.django_db


def get(client: Client, path: str, **params: str) -> tuple[int, dict]:
    response = client.get(path, params)
    assert response["Content-Type"].startswith("application/json")
    return response.status_code, response.json()


def test_search_shape(client: Client) -> None:
    status, data = get(client, "/api/v1/search", q="sure hands", lang="es")
    assert status == 200
    assert data["query"] == "sure hands" and data["lang"] == "es"
    first = data["results"][0]
    assert {"kind", "ruleset", "slug", "title", "url", "snippet"} <= set(first)
    assert first["slug"] == "sure-hands" and first["title"] == "Manos Seguras"
    assert first["url"].startswith("/es/")


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"q": "dodge"},
        {"q": "dodge", "lang": "de"},
        {"q": "dodge", "lang": "en", "limit": "0"},
        {"q": "dodge", "lang": "en", "limit": "x"},
        {"q": "dodge", "lang": "en", "ruleset": "bb3"},
    ],
)
def test_search_bad_parameters_are_400(client: Client, params: dict) -> None:
    status, data = get(client, "/api/v1/search", **params)
    assert status == 400 and set(data) == {"error", "problem"} and data["error"]
    assert data["problem"] == "bad_parameter"


def test_search_limit_and_ruleset(client: Client) -> None:
    _, data = get(client, "/api/v1/search", q="dodge", lang="en", ruleset="lrb6", limit="2")
    assert len(data["results"]) <= 2
    assert all(r["ruleset"] == "lrb6" for r in data["results"])


def test_rulesets(client: Client) -> None:
    _, data = get(client, "/api/v1/rulesets")
    keys = [r["key"] for r in data["rulesets"]]
    assert keys == ["lrb6", "bb2025", "dreadball2"]
    _, localised = get(client, "/api/v1/rulesets", lang="it")
    assert localised["rulesets"][0]["name"] != data["rulesets"][0]["name"]


def test_skills_list_and_detail(client: Client) -> None:
    _, data = get(client, "/api/v1/rulesets/lrb6/skills", lang="fr")
    assert len(data["skills"]) == Skill.objects.filter(ruleset__key="lrb6").count() == item_files("lrb6", "skills")
    entry = next(s for s in data["skills"] if s["slug"] == "sure-hands")
    assert entry == {
        "slug": "sure-hands",
        "name": "Prise Sûre",
        "name_en": "Sure Hands",
        "kind": "skill",
        "category": "general",
        "url": "/fr/lrb6/skills/sure-hands/",
    }
    _, detail = get(client, "/api/v1/rulesets/lrb6/skills/sure-hands", lang="fr")
    assert {"slug", "name", "name_en", "kind", "category", "text", "url", "counterparts"} <= set(detail)
    assert detail["text"]


def test_tables(client: Client) -> None:
    _, data = get(client, "/api/v1/rulesets/lrb6/tables/weather", lang="it")
    assert data["dice"] == "2D6" and data["slug"] == "weather"
    assert next(row["range"] for row in data["rows"]) == "2"
    assert {"range", "name", "effect"} <= set(data["rows"][0])
    _, listing = get(client, "/api/v1/rulesets/lrb6/tables", lang="it")
    assert "weather" in [t["slug"] for t in listing["tables"]]


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/rulesets/lrb7/skills",
        "/api/v1/rulesets/lrb6/skills/flying",
        "/api/v1/rulesets/lrb6/tables/nope",
        "/api/v1/nothing-here",
    ],
)
def test_unknown_items_are_404_json(client: Client, path: str) -> None:
    status, data = get(client, path, lang="en")
    assert status == 404 and set(data) == {"error", "problem"}
    assert data["problem"] == ("not_found" if path.endswith("nothing-here") else "unknown_item")


def test_missing_lang_is_400(client: Client) -> None:
    status, data = get(client, "/api/v1/rulesets/lrb6/skills")
    assert status == 400 and "lang" in data["error"]


@pytest.mark.parametrize(
    "path",
    ["/api/v1/rulesets/lrb6/skills/a%00b", "/api/v1/rulesets/lrb6/tables/%E2%80%AE", "/api/v1/rulesets/%00/skills"],
)
def test_hostile_paths_are_404_json_not_500(client: Client, path: str) -> None:
    status, data = get(client, path, lang="en")
    assert status == 404 and set(data) == {"error", "problem"}


def test_hostile_query_values_are_handled(client: Client) -> None:
    status, data = get(client, "/api/v1/search", q="dodge\x00", lang="en", ruleset="lrb6\x00")
    assert status == 400 and "ruleset" in data["error"]
    status, _ = get(client, "/api/v1/search", q="do\x00dge", lang="en")
    assert status == 200


@pytest.mark.parametrize("limit", ["²", "9" * 4400, "0", "-3", "1.5"])
def test_a_strange_limit_is_a_400_not_a_500(client, limit: str) -> None:
    response = client.get("/api/v1/search", {"q": "dodge", "lang": "en", "limit": limit})
    assert response.status_code == 400 and "limit" in response.json()["error"]


def test_a_strange_table_roll_seed_shows_the_table(client) -> None:
    response = client.get("/en/lrb6/tables/kick-off/", {"roll": "²"})
    assert response.status_code == 200
