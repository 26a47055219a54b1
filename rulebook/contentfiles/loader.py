"""Loading the content tree into the database, and dumping the database back to it.

The load is idempotent and atomic. Each row remembers the hash of the file content it was loaded
from; a row whose current content no longer matches that hash was edited in the admin, and the
loader refuses to overwrite or delete it unless told to.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.db import models, transaction

from ..models import GameTable, RuleSection, Ruleset, Skill, TableRow
from .checks import check_tree
from .files import ContentTree, ItemFile, read_tree, write_item, write_ruleset
from .schema import (
    KINDS,
    SECTION,
    SKILL,
    TABLE,
    Data,
    KindSpec,
    apply_fields,
    assign_translated,
    content_hash,
    normalise_ruleset,
    rows_from_dict,
    ruleset_to_dict,
    to_dict,
)


class ContentInvalid(Exception):
    def __init__(self, problems: list[str]) -> None:
        super().__init__(f"{len(problems)} problem(s) in the content files")
        self.problems = problems


class ContentConflict(Exception):
    def __init__(self, items: list[str]) -> None:
        super().__init__(f"{len(items)} item(s) were edited in the admin since the last load")
        self.items = items


@dataclass
class LoadReport:
    created: Counter[str] = field(default_factory=Counter)
    updated: Counter[str] = field(default_factory=Counter)
    deleted: Counter[str] = field(default_factory=Counter)
    unchanged: Counter[str] = field(default_factory=Counter)

    @property
    def changed(self) -> bool:
        return bool(sum(self.created.values()) + sum(self.updated.values()) + sum(self.deleted.values()))

    def summary(self) -> str:
        def total(counter: Counter[str]) -> int:
            return sum(counter.values())

        return (
            f"created {total(self.created)}, updated {total(self.updated)}, "
            f"deleted {total(self.deleted)}, unchanged {total(self.unchanged)}"
        )


def queryset(spec: KindSpec) -> models.QuerySet[Any]:
    qs = spec.model._default_manager.select_related("ruleset")
    if spec is SECTION:
        qs = qs.select_related("parent")
    elif spec is SKILL:
        qs = qs.select_related("counterpart__ruleset").prefetch_related("related")
    elif spec is TABLE:
        qs = qs.select_related("counterpart__ruleset").prefetch_related("rows")
    return qs


def edited_since_load(current: Data, stored_hash: str) -> bool:
    return content_hash(current) != stored_hash


def load_content(root: Path, *, overwrite: bool = False) -> LoadReport:
    tree = read_tree(root)
    problems = check_tree(tree)
    if problems:
        raise ContentInvalid(problems)
    with transaction.atomic():
        existing = {spec: {(obj.ruleset.key, obj.slug): obj for obj in queryset(spec)} for spec in KINDS}
        if not overwrite:
            conflicts = _find_conflicts(tree, existing)
            if conflicts:
                raise ContentConflict(conflicts)
        report = LoadReport()
        rulesets = _load_rulesets(tree, report)
        touched: list[tuple[ItemFile, Any]] = []
        for item in tree.items:
            instance = _upsert(item, existing[item.spec], rulesets, report)
            if instance is not None:
                touched.append((item, instance))
        _set_relations(touched)
        for item, instance in touched:
            type(instance).objects.filter(pk=instance.pk).update(content_hash=content_hash(item.data))
        _delete_missing(tree, existing, report)
    return report


def _find_conflicts(tree: ContentTree, existing: dict[KindSpec, dict[tuple[str, str], Any]]) -> list[str]:
    files = {(item.spec, item.ruleset, item.data["slug"]): item.data for item in tree.items}
    conflicts = []
    for spec, objects in existing.items():
        for (ruleset, slug), obj in objects.items():
            current = to_dict(spec, obj)
            if not edited_since_load(current, obj.content_hash):
                continue
            if files.get((spec, ruleset, slug)) != current:
                conflicts.append(f"{ruleset}:{spec.ref}:{slug}")
    return sorted(conflicts)


def _load_rulesets(tree: ContentTree, report: LoadReport) -> dict[str, Ruleset]:
    rulesets = {r.key: r for r in Ruleset.objects.all()}
    for ruleset_file in tree.rulesets:
        data = ruleset_file.data
        ruleset = rulesets.get(data["key"])
        if ruleset is not None and ruleset_to_dict(ruleset) == data:
            report.unchanged["ruleset"] += 1
            continue
        if ruleset is None:
            ruleset = Ruleset(key=data["key"])
            report.created["ruleset"] += 1
        else:
            report.updated["ruleset"] += 1
        ruleset.game, ruleset.order = data["game"], data["order"]
        for name in ("name", "description"):
            assign_translated(ruleset, name, data[name])
        ruleset.content_hash = content_hash(data)
        ruleset.save()
        rulesets[ruleset.key] = ruleset
    return rulesets


def _upsert(
    item: ItemFile,
    objects: dict[tuple[str, str], Any],
    rulesets: dict[str, Ruleset],
    report: LoadReport,
) -> Any | None:
    key = (item.ruleset, item.data["slug"])
    instance = objects.get(key)
    if instance is not None and to_dict(item.spec, instance) == item.data:
        report.unchanged[item.spec.ref] += 1
        file_hash = content_hash(item.data)
        if instance.content_hash != file_hash:  # dumped after an admin edit: now in sync
            type(instance).objects.filter(pk=instance.pk).update(content_hash=file_hash)
        return None
    if instance is None:
        instance = item.spec.model(ruleset=rulesets[item.ruleset], slug=item.data["slug"])
        report.created[item.spec.ref] += 1
    else:
        report.updated[item.spec.ref] += 1
    apply_fields(item.spec, instance, item.data)
    instance.save()
    return instance


def _set_relations(touched: list[tuple[ItemFile, Any]]) -> None:
    sections = {(s.ruleset.key, s.slug): s for s in RuleSection.objects.select_related("ruleset")}
    skills = {(s.ruleset.key, s.slug): s for s in Skill.objects.select_related("ruleset")}
    tables = {(t.ruleset.key, t.slug): t for t in GameTable.objects.select_related("ruleset")}
    for item, instance in touched:
        if item.spec is SECTION:
            parent = sections.get((item.ruleset, item.data["parent"]))
            RuleSection.objects.filter(pk=instance.pk).update(parent=parent)
        elif item.spec is SKILL:
            ruleset, _, slug = item.data["counterpart"].partition(":")
            Skill.objects.filter(pk=instance.pk).update(counterpart=skills.get((ruleset, slug)))
            instance.related.set([skills[(item.ruleset, s)] for s in item.data["related"]])
        elif item.spec is TABLE:
            ruleset, _, slug = str(item.data.get("counterpart", "")).partition(":")
            GameTable.objects.filter(pk=instance.pk).update(counterpart=tables.get((ruleset, slug)))
            instance.rows.all().delete()
            TableRow.objects.bulk_create(rows_from_dict(instance, item.data))


def _delete_missing(
    tree: ContentTree,
    existing: dict[KindSpec, dict[tuple[str, str], Any]],
    report: LoadReport,
) -> None:
    in_files = {(item.spec, item.ruleset, item.data["slug"]) for item in tree.items}
    for spec, objects in existing.items():
        for (ruleset, slug), obj in objects.items():
            if (spec, ruleset, slug) not in in_files:
                obj.delete()
                report.deleted[spec.ref] += 1


def check_content(root: Path) -> list[str]:
    return check_tree(read_tree(root))


def dump_content(root: Path) -> int:
    """Write every ruleset and item back to the tree; returns how many files changed.

    Files of items no longer in the database are removed, so the tree mirrors the database.
    """
    changed = 0
    for ruleset in Ruleset.objects.all():
        changed += write_ruleset(root, ruleset_to_dict(ruleset))
    wanted: set[Path] = set()
    for spec in KINDS:
        for instance in queryset(spec):
            data = to_dict(spec, instance)
            changed += write_item(root, instance.ruleset.key, spec, data)
            wanted.add(root / instance.ruleset.key / spec.folder / f"{instance.slug}.toml")
    for spec in KINDS:
        for path in root.glob(f"*/{spec.folder}/*.toml"):
            if path not in wanted:
                path.unlink()
                path.with_suffix(".svg").unlink(missing_ok=True)
                changed += 1
    return changed


__all__ = [
    "ContentConflict",
    "ContentInvalid",
    "LoadReport",
    "check_content",
    "dump_content",
    "load_content",
    "normalise_ruleset",
]
