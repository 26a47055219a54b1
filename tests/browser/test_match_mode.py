"""The builder's match mode in a small phone (360 × 780): the coach types both team values,
takes an inducement and a star, and reads what his side may spend and what is left, updated
by htmx as he types, with no sideways scroll."""

from __future__ import annotations

SMALL_PHONE = {"width": 360, "height": 780}


def test_the_match_mode_prices_an_inducement_and_a_star_as_the_coach_types(site: str, page: object) -> None:
    page.set_viewport_size(SMALL_PHONE)  # type: ignore[attr-defined]
    page.goto(f"{site}/en/bb2025/teams/human/builder/match/")  # type: ignore[attr-defined]
    assert page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]  # type: ignore[attr-defined]
    page.fill("#f-value", "1000000")  # type: ignore[attr-defined]
    page.fill("#f-opponent", "1400000")  # type: ignore[attr-defined]
    # 1,400,000 - 1,000,000 = 400,000 of petty cash for the cheaper side
    page.wait_for_function(  # type: ignore[attr-defined]
        "() => document.querySelector('#match-summary').innerText.includes('400,000')"
    )
    page.fill("#f-i-blitzers-best-kegs", "2")  # type: ignore[attr-defined]  # 2 x 50,000
    page.check("#f-s-griff-oberwald")  # type: ignore[attr-defined]  # 300,000
    page.wait_for_function(  # type: ignore[attr-defined]
        "() => /Spent\\s*400,000/.test(document.querySelector('#match-summary').innerText)"
    )
    totals = page.locator("#match-result .totals dd").all_inner_texts()  # type: ignore[attr-defined]
    assert totals == ["400,000", "0", "400,000", "0"]  # petty cash, from the treasury, spent, still to spend
    assert "Legal choice" in page.locator("#match-summary").inner_text()  # type: ignore[attr-defined]
    assert "s-griff-oberwald=1" in page.url and "i-blitzers-best-kegs=2" in page.url  # type: ignore[attr-defined]
    assert page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]  # type: ignore[attr-defined]
    star = page.locator("#f-s-griff-oberwald")  # type: ignore[attr-defined]
    box = page.locator("label[for=f-s-griff-oberwald]").bounding_box()  # type: ignore[attr-defined]
    assert star.is_checked() and box["height"] >= 44  # the label is the touch target


MATCH = "n-lineman=11&value=1000000&opponent=1400000&s-griff-oberwald=1&i-blitzers-best-kegs=2"


def test_the_match_its_sheet_and_a_fixed_odds_play_have_no_serious_violations(site: str, page: object) -> None:
    from tests.browser.test_accessibility import violations

    page.set_viewport_size(SMALL_PHONE)  # type: ignore[attr-defined]
    problems = {}
    for path in (
        f"/es/bb2025/teams/human/builder/match/?{MATCH}",
        f"/fr/bb2025/teams/human/builder/sheet/?{MATCH}",
        "/it/odds/?c=lrb6;rr1;a=pro;a.stab:8,!b.block:2d/keep:push",
    ):
        page.goto(site + path)  # type: ignore[attr-defined]
        assert page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"], path  # type: ignore[attr-defined]
        found = violations(page)
        if found:
            problems[path] = found
    assert not problems, problems
