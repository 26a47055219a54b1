"""Validation of the content tree: every problem found, not just the first one."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

from ..rendering.markup import iter_references
from ..vocab import (
    ACTIVATIONS,
    EDITION_CHANGES,
    GAMES,
    IDENTIFICATIONS,
    LANGS,
    PUBLISHED_RULES,
    RULESET_KEYS,
    SKILL_CATEGORIES,
    SKILL_KINDS,
)
from .aliases import check_aliases
from .files import ContentTree, ItemFile
from .schema import (
    INDUCEMENT,
    KIND_BY_REF,
    RULESET_TRANSLATED,
    SECTION,
    SKILL,
    STAR,
    TABLE,
    TEAM,
    TEAM_RULE,
    TERM,
    VARIANT,
    Data,
)
from .stars import check_inducement, check_star
from .teams import check_parameters, check_team, check_team_rule

SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
SEED_RE = re.compile(r"^\d{3}_[0-9a-f]{16}\.txt$")

Index = set[tuple[str, str, str]]  # (ruleset, ref kind, slug)


def check_tree(tree: ContentTree) -> list[str]:
    problems = list(tree.problems)
    problems += _check_rulesets(tree)
    index: Index = {(item.ruleset, item.spec.ref, item.data["slug"]) for item in tree.items}
    problems += _check_duplicates(tree.items)
    teams = _TeamIndex(tree)
    for item in tree.items:
        problems += [f"{item.path}: {message}" for message in _check_item(item, index)]
        if item.spec is TEAM:
            found = check_team(item.ruleset, item.data, *teams.lookups(item.ruleset))
            problems += [f"{item.path}: {message}" for message in found]
        elif item.spec is TEAM_RULE:
            problems += [f"{item.path}: {message}" for message in check_team_rule(item.data)]
        elif item.spec in (STAR, INDUCEMENT):
            check = check_star if item.spec is STAR else check_inducement
            skills, rules, keys = teams.lookups(item.ruleset)
            found = check(item.ruleset, item.data, skills, teams.teams.get(item.ruleset, set()), rules, keys)
            problems += [f"{item.path}: {message}" for message in found]
    for parameters in tree.parameters:
        problems += [f"{parameters.path}: {message}" for message in check_parameters(parameters.data)]
    return problems


class _TeamIndex:
    """What team, star and inducement files point at, per ruleset: skill slugs, team rules (slug →
    kind), parameter keys and team slugs."""

    def __init__(self, tree: ContentTree) -> None:
        self.skills: dict[str, set[str]] = {}
        self.rules: dict[str, dict[str, str]] = {}
        self.teams: dict[str, set[str]] = {}
        for item in tree.items:
            if item.spec is TEAM:
                self.teams.setdefault(item.ruleset, set()).add(item.data["slug"])
            if item.spec is SKILL:
                self.skills.setdefault(item.ruleset, set()).add(item.data["slug"])
            elif item.spec is TEAM_RULE:
                self.rules.setdefault(item.ruleset, {})[item.data["slug"]] = item.data["kind"]
        self.parameters = {f.ruleset: set(f.data) for f in tree.parameters}

    def lookups(self, ruleset: str) -> tuple[set[str], dict[str, str], set[str]]:
        return self.skills.get(ruleset, set()), self.rules.get(ruleset, {}), self.parameters.get(ruleset, set())


def _check_rulesets(tree: ContentTree) -> list[str]:
    problems = []
    for ruleset in tree.rulesets:
        data = ruleset.data
        if data["key"] not in RULESET_KEYS:
            problems.append(f"{ruleset.path}: unknown ruleset key {data['key']!r}")
        elif ruleset.path.parent.name != data["key"]:
            problems.append(f"{ruleset.path}: key {data['key']!r} does not match its folder")
        if data["game"] not in GAMES:
            problems.append(f"{ruleset.path}: unknown game {data['game']!r}")
        problems += [f"{ruleset.path}: {m}" for m in _missing_languages(data, RULESET_TRANSLATED)]
    return problems


def _check_duplicates(items: list[ItemFile]) -> list[str]:
    counts = Counter((item.ruleset, item.spec.ref, item.data["slug"]) for item in items)
    return [
        f"{ruleset}: duplicate {ref} slug {slug!r} ({count} files)"
        for (ruleset, ref, slug), count in sorted(counts.items())
        if count > 1
    ]


def _missing_languages(data: Data, fields: tuple[str, ...], prefix: str = "") -> Iterator[str]:
    for name in fields:
        values = data.get(name)
        if values is None:
            continue
        for lang in LANGS:
            if not str(values.get(lang, "")).strip():
                yield f"missing language {lang!r} in {prefix}{name}"


def _check_item(item: ItemFile, index: Index) -> Iterator[str]:
    data = item.data
    slug = data["slug"]
    if not SLUG_RE.match(slug or ""):
        yield f"invalid slug {slug!r}"
    if item.path.stem != slug:
        yield f"slug {slug!r} does not match the file name"
    if data["original_language"] not in LANGS:
        yield f"unknown original_language {data['original_language']!r}"
    if data["source"] != PUBLISHED_RULES and not SEED_RE.match(data["source"]):
        yield f"unknown source {data['source']!r} (a seed file name or {PUBLISHED_RULES!r})"
    for name in item.spec.translated:
        if name not in data:
            yield f"missing field {name!r}"
    yield from _missing_languages(data, item.spec.all_translated)
    if item.spec in (SKILL, TERM):
        yield from _check_note_and_aliases(data, "name" if item.spec is SKILL else "term")
    if item.spec is SKILL:
        yield from _check_skill(item, index)
    elif item.spec is SECTION and data["parent"]:
        if (item.ruleset, "section", data["parent"]) not in index:
            yield f"broken cross-reference: parent section {data['parent']!r}"
    elif item.spec is TABLE:
        yield from _check_table(data)
        if data.get("counterpart"):
            ruleset, _, slug = str(data["counterpart"]).partition(":")
            if ruleset == item.ruleset or (ruleset, "table", slug) not in index:
                yield f"broken cross-reference: counterpart {data['counterpart']!r}"
    elif item.spec is VARIANT:
        for target in data["applies_to"]:
            yield from _check_reference(item.ruleset, str(target), index, "applies_to")
    yield from _check_text_references(item, index)


def _check_skill(item: ItemFile, index: Index) -> Iterator[str]:
    data = item.data
    if data["kind"] not in SKILL_KINDS:
        yield f"unknown kind {data['kind']!r}"
    if data["category"] not in SKILL_CATEGORIES.get(item.ruleset, ()):
        yield f"unknown category {data['category']!r} for {item.ruleset}"
    if data["activation"] not in ACTIVATIONS:
        yield f"unknown activation {data['activation']!r}"
    if data["identification"] not in IDENTIFICATIONS:
        yield f"unknown identification {data['identification']!r}"
    for related in data["related"]:
        if (item.ruleset, "skill", related) not in index:
            yield f"broken cross-reference: related skill {related!r}"
    if data["counterpart"]:
        ruleset, _, slug = data["counterpart"].partition(":")
        if (ruleset, "skill", slug) not in index:
            yield f"broken cross-reference: counterpart {data['counterpart']!r}"
    if "change" in data:
        if data["change"] not in EDITION_CHANGES:
            yield f"unknown change {data['change']!r} (one of {', '.join(EDITION_CHANGES)})"
        if not data["counterpart"] or "change_note" not in data:
            yield "change says how the skill differs from its counterpart: it needs a counterpart and a change_note"


def _check_note_and_aliases(data: Data, name: str) -> Iterator[str]:
    """translator_note is one plain (English) string; aliases maps a language to other names its
    readers use: a list of distinct non-empty strings, none of them the item's own name."""
    if not isinstance(data["translator_note"], str):
        yield "translator_note must be a plain string (it is not translated)"
    yield from check_aliases(data.get("aliases", {}), data[name], name)


def _check_table(data: Data) -> Iterator[str]:
    if not data["dice"]:
        yield "a table needs its dice expression"
    if not data["rows"]:
        yield "a table needs rows"
    named = {("name" in row) for row in data["rows"]}
    if len(named) > 1:
        yield "either every row has a name or none has"
    for number, row in enumerate(data["rows"], start=1):
        if not row["range"].strip():
            yield f"row {number}: empty range"
        yield from _missing_languages(row, ("name", "effect"), prefix=f"rows.{number}.")
        if "aliases" in row:
            yield from check_aliases(row["aliases"], row.get("name", {}), "name", prefix=f"rows.{number}.")


def _check_reference(ruleset: str, target: str, index: Index, where: str) -> Iterator[str]:
    parts = target.split(":")
    if len(parts) == 3:
        ruleset, kind, slug = parts
    elif len(parts) == 2:
        kind, slug = parts
    else:
        yield f"broken cross-reference in {where}: {target!r}"
        return
    if kind not in KIND_BY_REF or (ruleset, kind, slug) not in index:
        yield f"broken cross-reference in {where}: {target!r}"


def _check_text_references(item: ItemFile, index: Index) -> Iterator[str]:
    texts: list[tuple[str, str]] = []
    for name in item.spec.all_translated:
        for lang, text in (item.data.get(name) or {}).items():
            texts.append((f"{name}.{lang}", text))
    for number, row in enumerate(item.data.get("rows", []), start=1):
        for name in ("name", "effect"):
            for lang, text in (row.get(name) or {}).items():
                texts.append((f"rows.{number}.{name}.{lang}", text))
    for where, text in texts:
        for ref in iter_references(text):
            target = f"{ref.ruleset or item.ruleset}:{ref.kind}:{ref.slug}"
            yield from _check_reference(item.ruleset, target, index, where)
