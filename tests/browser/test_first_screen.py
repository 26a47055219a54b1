"""Item pages answer on the first screen (issue 25): at 360×780 and 390×844, in two languages, the
bottom edge of an item's name and of its first rule line (a table: its roll button and its head)
is above the bottom bar (y 723 and 787), on a skill, trait, rules section, glossary term, table,
team and positional page, with the offline pack saving as on a first visit (its note used to be
inserted above the content)."""

from __future__ import annotations

import pytest

# kind: (path, the item's name, its first rule line)
ITEM_PAGES = {
    "skill": ("/{lang}/bb2025/skills/dodge/", "article h1", "article > .prose > *"),
    "trait": ("/{lang}/bb2025/skills/animosity/", "article h1", "article > .prose > *"),
    "rules section": ("/{lang}/lrb6/rules/blocking/", "main h1", "main .prose > p"),
    "glossary term": (
        "/{lang}/bb2025/glossary/#turnover",
        ".glossary__entry:target dt",
        ".glossary__entry:target dd .prose > *",
    ),
    "table roll": ("/{lang}/bb2025/tables/kick-off/", "article h1", "a.button--roll"),
    "table head": ("/{lang}/bb2025/tables/kick-off/", "article h1", "#table-body thead"),
    "team": ("/{lang}/bb2025/teams/human/", "article h1", ".roster tbody tr:first-child th"),
    "positional": ("/{lang}/bb2025/teams/human/#p-blitzer", "tr:target th", "tr:target td"),
}
FOLD = {360: 723, 390: 787}  # where the bottom bar starts: 780 and 844 less its 57 px

# The bottom of an element's first line of text (a block's first line box), and where the bar starts.
FIRST_LINE_JS = """([name, line]) => {
  const bottomOfFirstLine = (el) => { const range = document.createRange(); range.selectNodeContents(el);
    const rects = Array.from(range.getClientRects()).filter((r) => r.height > 0);
    return rects.length ? rects[0].bottom : el.getBoundingClientRect().bottom; };
  const a = document.querySelector(name), b = document.querySelector(line);
  const bar = document.querySelector('.bottom-bar');
  return {name: a && a.getBoundingClientRect().bottom, line: b && bottomOfFirstLine(b),
          bar: bar ? bar.getBoundingClientRect().top : innerHeight};
}"""


@pytest.mark.parametrize("width", [360, 390])
@pytest.mark.parametrize("lang", ["es", "fr"])
def test_an_item_pages_name_and_first_rule_line_are_on_the_first_screen(
    site: str, phone: object, width: int, lang: str
) -> None:
    page = phone.new_page()  # type: ignore[attr-defined]
    page.set_viewport_size({"width": width, "height": 780 if width == 360 else 844})
    below = {}
    for kind, (path, name, line) in ITEM_PAGES.items():
        page.goto(site + path.format(lang=lang))
        page.wait_for_timeout(300)  # the offline note, if any, has had time to appear
        found = page.evaluate(FIRST_LINE_JS, [name, line])
        assert found["name"] is not None and found["line"] is not None, (kind, found)
        assert round(found["bar"]) == FOLD[width], found
        if max(found["name"], found["line"]) > FOLD[width]:
            below[kind] = (round(found["name"]), round(found["line"]))
    assert not below, below
