"""The main page types of the site, one URL each (several languages), for the layout test at phone
width (tests/browser/test_phone.py) and the page-weight bench (bench/pages.py)."""

from __future__ import annotations

PAGE_TYPES: dict[str, str] = {
    "home": "/es/",
    "search (empty)": "/it/search/",
    "search results": "/fr/search/?q=esquive",
    "ruleset home (Blood Bowl)": "/fr/lrb6/",
    "ruleset home (DreadBall)": "/es/dreadball2/",
    "chapter": "/it/lrb6/rules/blocking/",
    "chapter (2025)": "/es/bb2025/rules/passing-and-the-ball/",
    "chapter with figures": "/fr/dreadball2/rules/miniatures-on-the-board/",
    "skills list": "/es/lrb6/skills/",
    "skills list filtered": "/it/bb2025/skills/?category=agility",
    "skill": "/en/bb2025/skills/sidestep/",
    "skill with variants": "/fr/lrb6/skills/dodge/",
    "tables list": "/es/bb2025/tables/",
    "table": "/fr/bb2025/tables/kick-off/",
    "table with a roll": "/es/lrb6/tables/weather/?roll=3",
    "table without dice": "/it/bb2025/tables/advancement/",
    "glossary": "/it/lrb6/glossary/",
    "glossary (DreadBall)": "/en/dreadball2/glossary/",
    "differences": "/fr/bb2025/differences/",
    "differences (DreadBall)": "/es/dreadball2/differences/",
    "tutorial index": "/es/tutorial/",
    "tutorial step": "/fr/tutorial/04-blocking/2/",
    "tutorial step with a form": "/it/tutorial/03-moving-and-dodging/3/",
    "odds calculator": "/es/odds/?edition=bb2025&steps=gfi:2",
    "not found": "/fr/lrb6/skills/sure-handz/",
}
