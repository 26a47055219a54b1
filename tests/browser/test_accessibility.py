"""axe-core (vendored, 4.14.1) finds no serious or critical accessibility violation on the main
pages, in light and dark mode."""

from __future__ import annotations

from pathlib import Path

import pytest

AXE = (Path(__file__).parent / "vendor" / "axe-core.min.js").read_text(encoding="utf-8")
PAGES = [
    "/es/",
    "/fr/lrb6/",
    "/it/lrb6/rules/blocking/",
    "/es/lrb6/skills/",
    "/en/bb2025/skills/sidestep/",
    "/fr/lrb6/tables/weather/?roll=3",
    "/it/lrb6/glossary/",
    "/en/lrb6/differences/",
    "/es/dreadball2/rules/miniatures-on-the-board/",
    "/fr/search/?q=esquive",
    "/es/bb2025/teams/?tier=2",
    "/it/bb2025/teams/chaos-renegade/",
    "/en/lrb6/teams/human/builder/?n-lineman=12&rerolls=9",
    "/fr/lrb6/teams/human/builder/sheet/?n-lineman=11",
    "/es/bb2025/tables/kick-off/?roll=7",
]


# What a colour scheme changes: the colours. In dark mode only the rules about colours are run
# again (the others read the same document as in light mode).
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


def violations(page: object, scheme: str = "light") -> list[str]:
    page.evaluate(AXE)  # type: ignore[attr-defined]  # through DevTools: the strict CSP refuses inline scripts
    only = f"runOnly: {{type: 'rule', values: {COLOUR_RULES}}}, " if scheme == "dark" else ""
    result = page.evaluate(  # type: ignore[attr-defined]
        f"async () => (await axe.run(document, {{{only}resultTypes: ['violations']}})).violations"
        ".filter(v => ['serious', 'critical'].includes(v.impact))"
        ".map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | '))"
    )
    return list(result)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_main_pages_have_no_serious_violations(site: str, page: object, scheme: str) -> None:
    page.emulate_media(color_scheme=scheme)  # type: ignore[attr-defined]
    problems = {}
    for path in PAGES:
        page.goto(site + path)  # type: ignore[attr-defined]
        found = violations(page, scheme)
        if found:
            problems[path] = found
    assert not problems, problems
