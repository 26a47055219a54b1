"""The strict Content-Security-Policy breaks nothing a reader does: no violation is reported on
the pages with pictures, fragments and forms, while htmx swaps them (and the admin's editor)."""

from __future__ import annotations

import re

import pytest

WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});
"""

PAGES = [
    "/es/",
    "/it/lrb6/skills/block/",
    "/fr/bb2025/tables/",
    "/en/lrb6/rules/the-game/",
    "/es/tutorial/02-the-first-turn/3/",
    "/fr/tutorial/03-moving-and-dodging/2/",
    "/it/tutorial/12-dreadball-facing-and-hexes/1/",
    "/en/tutorial/01-building-a-team/1/",
    "/es/odds/",
    "/en/search/?q=dodge",
]


def violations(page: object) -> list[str]:
    return list(page.evaluate("window.__violations || []"))  # type: ignore[attr-defined]


@pytest.fixture
def watched(page: object) -> object:
    page.add_init_script(WATCH)  # type: ignore[attr-defined]
    return page


def test_reader_pages_raise_no_csp_violation(site: str, watched: object) -> None:
    page = watched
    for path in PAGES:
        response = page.goto(f"{site}{path}")  # type: ignore[attr-defined]
        assert response.status == 200, path
        assert "script-src 'self'" in response.headers["content-security-policy"]
        page.wait_for_load_state("load")  # type: ignore[attr-defined]
        assert violations(page) == [], path


def test_htmx_swaps_raise_no_csp_violation(site: str, watched: object) -> None:
    page = watched
    page.goto(f"{site}/fr/lrb6/tables/weather/")  # type: ignore[attr-defined]
    page.locator("a.button", has_text="Lancer").click()  # type: ignore[attr-defined]
    page.locator("tr.is-rolled").wait_for()  # type: ignore[attr-defined]
    page.wait_for_url(re.compile(r".*roll=\d+$"))  # type: ignore[attr-defined]
    page.locator("#site-search").press_sequentially("esquive", delay=30)  # type: ignore[attr-defined]
    page.locator("#search-suggestions .result").first.wait_for()  # type: ignore[attr-defined]
    page.goto(f"{site}/es/tutorial/11-dreadball-dice-checks/1/")  # type: ignore[attr-defined]
    page.locator("a[rel=next]").click()  # type: ignore[attr-defined]
    page.wait_for_url(re.compile(r".*/2/$"))  # type: ignore[attr-defined]
    assert violations(page) == []


def test_the_admin_editor_raises_no_script_violation(site: str, watched: object) -> None:
    from django.contrib.auth.models import User

    from rulebook.models import Skill

    User.objects.create_superuser("editor", "editor@example.org", "a-long-test-password")
    page = watched
    page.goto(f"{site}/admin/login/")  # type: ignore[attr-defined]
    page.fill("#id_username", "editor")  # type: ignore[attr-defined]
    page.fill("#id_password", "a-long-test-password")  # type: ignore[attr-defined]
    page.locator("input[type=submit]").click()  # type: ignore[attr-defined]
    page.wait_for_url(re.compile(r".*/admin/$"))  # type: ignore[attr-defined]
    skill = Skill.objects.first()
    assert skill is not None
    page.goto(f"{site}/admin/rulebook/skill/{skill.pk}/change/")  # type: ignore[attr-defined]
    page.locator(".ui-tabs-nav").first.wait_for()  # the language tabs: modeltranslation's script ran
    assert [v for v in violations(page) if v.startswith("script-src")] == []
