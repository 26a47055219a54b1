"""Addresses no cache has seen, for bench/load.py's all-miss mix and flood: each call gives a new
one, as readers changing a parameter the page reads would ask (so the page cache keeps it and every
request is a real render): a table roll, the odds of a new sequence (page and API), a search for a
new pair of skill names (page and API), the board answering for another square, a tutorial step
tried with other numbers, a team builder with another choice. Names come from the site's API."""

from __future__ import annotations

import itertools
import json
import urllib.request
from collections.abc import Callable
from urllib.parse import quote

LANGS = ("es", "it", "fr", "en")
BOARD = "1_r10_A4k8.7338.block_A5m10_A6n9_B7l8.6237"  # a tutorial position (examples.py)
COLUMNS = "abcdefghijklmnopqrstuvwxyz"


def _get_json(port: int, path: str) -> object:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as answer:
        return json.loads(answer.read())


def _names(get_json: Callable[[str], object]) -> tuple[list[str], list[str]]:
    skills = get_json("/api/v1/rulesets/lrb6/skills?lang=en")
    teams = get_json("/api/v1/rulesets/bb2025/teams?lang=en")
    skill_names = [s["name"] for s in skills["skills"]]  # type: ignore[index]
    team_slugs = [t["slug"] for t in teams["teams"]]  # type: ignore[index]
    return skill_names, team_slugs


def miss_maker(port: int, get_json: Callable[[str], object] | None = None) -> Callable[[], tuple[str, dict[str, str]]]:
    """A function returning a new (path, headers) at each call, cycling over the kinds of page
    (names from the server on the port, or from get_json: bench/miss_kinds.py, in process)."""
    skills, teams = _names(get_json or (lambda path: _get_json(port, path)))
    pairs = ((a, b) for a, b in itertools.permutations(skills, 2))
    counter = itertools.count()
    odds = itertools.product(range(2, 7), range(2, 7), range(2, 7), (0, 1), ("", "dodge", "sure-feet", "sure-hands"))
    squares = [f"{c}{r}" for r in range(1, 16) for c in COLUMNS]

    def odds_query() -> str:
        a, b, c, reroll, skill = next(odds)
        query = f"edition=lrb6&steps=dodge:{a},gfi:{b},pickup:{c}&team_reroll={reroll}"
        return query + (f"&skills={skill}" if skill else "")

    # Each kind is called with its own count (its 0th, 1st, … request), so that the language, the
    # board's player and the other varied parts turn over within each kind.
    kinds: list[Callable[[int], tuple[str, dict[str, str]]]] = [
        lambda n: (f"/{LANGS[n % 4]}/lrb6/tables/injury/?roll={100000 + n}", {}),
        lambda n: (f"/{LANGS[n % 4]}/odds/?{odds_query()}", {}),
        lambda n: (f"/{LANGS[n % 4]}/search/?q={quote(' '.join(next(pairs)))}", {}),
        lambda n: (
            f"/{LANGS[n % 4]}/lrb6/board/?b={BOARD}&p={('A4', 'A5', 'A6', 'B7')[n // 4 % 4]}&t={squares[n // 16 % 390]}",
            {},
        ),
        lambda n: (
            f"/{LANGS[n % 4]}/tutorial/11-dreadball-dice-checks/3/?try=1&target={2 + n % 5}&modifier={n // 5 % 7}"
            f"&coach_dice={n // 35 % 6}&opp_target={2 + n // 210 % 5}&opp_modifier={n // 1050 % 5}",
            {"HX-Request": "true", "HX-Target": "step-result"},
        ),
        lambda n: (
            f"/{LANGS[n % 4]}/bb2025/teams/{teams[n % len(teams)]}/builder/?rerolls={n // len(teams) % 8}&{_lineup(n)}",
            {},
        ),
        lambda n: (f"/api/v1/odds?{odds_query()}", {}),
        lambda n: (f"/api/v1/search?q={quote(' '.join(next(pairs)))}&lang={LANGS[n % 4]}", {}),
    ]

    def next_miss() -> tuple[str, dict[str, str]]:
        index = next(counter)
        return kinds[index % len(kinds)](index // len(kinds))

    return next_miss


def _lineup(n: int) -> str:
    return f"apothecary={n % 2}&assistant_coaches={n // 2 % 4}&cheerleaders={n // 8 % 4}"
