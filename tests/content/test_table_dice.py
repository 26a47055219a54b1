"""Every table the engine can roll has rows that cover each result of its dice exactly once, and the
2025 skill tables and tier table say what the skill and team files say. Read straight from the
content files (no database), with the loader's own range parsing."""

from __future__ import annotations

import itertools
import tomllib
from collections import Counter
from pathlib import Path

import pytest
from django.conf import settings

from rulebook.contentfiles.schema import parse_range
from rulebook.engine import halves_range, halves_value, parse_dice_expression
from rulebook.engine.dice import DiceExpression
from rulebook.vocab import BLOOD_BOWL_EDITIONS

CATEGORIES = ("agility", "devious", "general", "mutation", "passing", "strength")


def load(path: Path) -> dict:
    with path.open("rb") as handle:
        return tomllib.load(handle)


def tables(ruleset: str) -> list[dict]:
    return [load(path) for path in sorted((settings.CONTENT_DIR / ruleset / "tables").glob("*.toml"))]


def outcomes(expression: DiceExpression) -> list[int]:
    """Every way the dice can fall, as the number read on the table (one entry per way)."""
    if expression.halves:
        return [halves_value(first, second) for first, second in itertools.product(range(1, 7), repeat=2)]
    if expression.sides == 68:
        return [10 * tens + units for tens in range(1, 7) for units in range(1, 9)]
    faces = range(1, expression.sides + 1)
    return [sum(roll) for roll in itertools.product(faces, repeat=expression.count)]


def rollable(ruleset: str) -> list[tuple[dict, DiceExpression]]:
    found = []
    for table in tables(ruleset):
        expression = parse_dice_expression(table["dice"])
        ranges = [parse_range(row["range"]) for row in table["rows"]]
        if expression is not None and all(low is not None for low, _ in ranges):
            found.append((table, expression))
    return found


def coverage_problems(table: dict, expression: DiceExpression) -> list[str]:
    """A result of the dice in no row or in two, and a row no result reaches."""
    ranges = []
    for row in table["rows"]:
        low, high = parse_range(row["range"])
        ranges.append((row["range"], low if low is not None else 0, high if high is not None else -1))
    values = outcomes(expression)
    problems = [
        f"{value}: rows {found}"
        for value in sorted(set(values))
        if len(found := [text for text, low, high in ranges if low <= value <= high]) != 1
    ]
    problems += [
        f"row {text} is never rolled" for text, low, high in ranges if not any(low <= v <= high for v in values)
    ]
    return problems


@pytest.mark.parametrize("ruleset", BLOOD_BOWL_EDITIONS)
def test_each_result_of_the_dice_falls_in_exactly_one_row(ruleset: str) -> None:
    checked = rollable(ruleset)
    assert len(checked) >= 5, [t["slug"] for t, _ in checked]
    for table, expression in checked:
        assert coverage_problems(table, expression) == [], table["slug"]


def test_the_coverage_check_sees_a_gap_an_overlap_and_a_dead_row() -> None:
    halves = DiceExpression(2, 6, halves=True)
    rows = [{"range": f"{half} · {line}"} for half in ("1-3", "4-6") for line in range(1, 7)]
    assert coverage_problems({"rows": rows}, halves) == []
    assert coverage_problems({"rows": rows[:-1]}, halves) == ["12: rows []"]
    assert coverage_problems({"rows": [*rows, {"range": "4-6 · 6"}]}, halves) == ["12: rows ['4-6 · 6', '4-6 · 6']"]
    two_d6 = DiceExpression(2, 6)
    assert coverage_problems({"rows": [{"range": "2-12"}, {"range": "13"}]}, two_d6) == ["row 13 is never rolled"]


def test_the_skill_tables_are_rolled_as_published_and_each_line_is_one_in_twelve() -> None:
    """Hand derivation: the first D6 picks a half (1-3 or 4-6, 3 faces of 6 each) and the second D6
    a line (1 face of 6), so each of the 12 lines comes up in 3 of the 36 ways the dice fall: 1/12."""
    checked = {t["slug"]: e for t, e in rollable("bb2025")}
    for category in CATEGORIES:
        expression = checked[f"skill-table-{category}"]
        assert expression == DiceExpression(2, 6, halves=True)
        assert Counter(outcomes(expression)) == dict.fromkeys(range(1, 13), 3)
    assert halves_range("1-3 · 1") == 1 and halves_range("1-3 · 6") == 6
    assert halves_range("4-6 · 1") == 7 and halves_range("4-6 · 6") == 12
    assert halves_range("2-4 · 1") is None and halves_range("7") is None
    assert parse_dice_expression("D6xD6") == parse_dice_expression("D6×D6")


def test_each_skill_table_lists_every_skill_of_its_category_once() -> None:
    """The skill files' categories (from the French seed and the rosters) and the tables (from the
    rulebook's skill table) were written from different sources: they must agree."""
    skills_dir = settings.CONTENT_DIR / "bb2025" / "skills"
    by_category: dict[str, set[str]] = {}
    for path in skills_dir.glob("*.toml"):
        skill = load(path)
        if skill["kind"] == "skill":
            by_category.setdefault(skill["category"], set()).add(skill["slug"])
    for category in CATEGORIES:
        table = load(settings.CONTENT_DIR / "bb2025" / "tables" / f"skill-table-{category}.toml")
        linked = [row["effect"]["en"].split("]]")[0].removeprefix("[[skill:") for row in table["rows"]]
        assert sorted(linked) == sorted(by_category[category]), category
        for row in table["rows"]:  # the same skill opens the row in every language
            assert len({text.split("]]")[0] for text in row["effect"].values()}) == 1, row["range"]


def test_the_tier_table_puts_each_team_in_the_tier_of_its_file() -> None:
    teams = [load(path) for path in (settings.CONTENT_DIR / "bb2025" / "teams").glob("*.toml")]
    table = load(settings.CONTENT_DIR / "bb2025" / "tables" / "team-tiers.toml")
    listed = {}
    for row in table["rows"]:
        for slug in row["effect"]["en"].split("Teams: ")[1].rstrip(".").split(", "):
            listed[slug.removeprefix("[[team:").removesuffix("]]")] = int(row["range"])
    assert listed == {team["slug"]: team["tier"] for team in teams}
