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

from ..models import (
    GameTable,
    RuleSection,
    Ruleset,
    Skill,
    SkillParameter,
    StartingSkill,
    TableRow,
    Team,
    TeamRule,
    TeamRuleLink,
)
from ..rendering.version import bumped_once
from .checks import check_tree
from .files import ContentTree, ItemFile, read_tree, write_item, write_parameters, write_ruleset
from .manylinks import BATCH, LinkBatch
from .schema import (
    INDUCEMENT,
    KINDS,
    SECTION,
    SKILL,
    STAR,
    TABLE,
    TEAM,
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
from .stars import set_inducement_relations, set_star_relations
from .teams import assign, parameter_to_dict, positionals_from_dict, resolve_skill


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
    elif spec is TEAM:
        qs = qs.prefetch_related(
            "rule_links__rule", "positionals__starting_skills__skill", "positionals__starting_skills__parameter"
        )
    elif spec is STAR:
        qs = qs.prefetch_related(
            "teams", "rules", "excluded_rules", "players__starting_skills__skill", "players__starting_skills__parameter"
        )
    elif spec is INDUCEMENT:
        qs = qs.prefetch_related("requires", "modifiers__team", "modifiers__rule")
    return qs


ParameterKey = tuple[str, str]  # (ruleset, key)


def _existing_parameters() -> dict[ParameterKey, SkillParameter]:
    return {(p.ruleset.key, p.key): p for p in SkillParameter.objects.select_related("ruleset")}


def _file_parameters(tree: ContentTree) -> dict[ParameterKey, dict[str, str]]:
    return {(f.ruleset, key): values for f in tree.parameters for key, values in f.data.items()}


def edited_since_load(current: Data, stored_hash: str) -> bool:
    return content_hash(current) != stored_hash


def load_content(root: Path, *, overwrite: bool = False) -> LoadReport:
    tree = read_tree(root)
    problems = check_tree(tree)
    if problems:
        raise ContentInvalid(problems)
    with transaction.atomic(), bumped_once():
        existing = {spec: {(obj.ruleset.key, obj.slug): obj for obj in queryset(spec)} for spec in KINDS}
        parameters = _existing_parameters()
        if not overwrite:
            conflicts = _find_conflicts(tree, existing) + _parameter_conflicts(tree, parameters)
            if conflicts:
                raise ContentConflict(sorted(conflicts))
        report = LoadReport()
        rulesets = _load_rulesets(tree, report)
        parameters = _load_parameters(tree, parameters, rulesets, report)
        touched: list[tuple[ItemFile, Any]] = []
        for item in tree.items:
            instance = _upsert(item, existing[item.spec], rulesets, report)
            if instance is not None:
                touched.append((item, instance))
        _set_relations(touched, parameters)
        _store_hashes(touched)
        _delete_missing(tree, existing, report)
        _delete_missing_parameters(tree, parameters, report)
    return report


def _parameter_conflicts(tree: ContentTree, existing: dict[ParameterKey, SkillParameter]) -> list[str]:
    files = _file_parameters(tree)
    conflicts = []
    for (ruleset, key), parameter in existing.items():
        current = parameter_to_dict(parameter)
        if edited_since_load(current, parameter.content_hash) and files.get((ruleset, key)) != current:
            conflicts.append(f"{ruleset}:parameter:{key}")
    return conflicts


def _load_parameters(
    tree: ContentTree,
    existing: dict[ParameterKey, SkillParameter],
    rulesets: dict[str, Ruleset],
    report: LoadReport,
) -> dict[ParameterKey, SkillParameter]:
    loaded = dict(existing)
    for (ruleset, key), values in _file_parameters(tree).items():
        parameter = existing.get((ruleset, key))
        if parameter is not None and parameter_to_dict(parameter) == values:
            report.unchanged["parameter"] += 1
            if parameter.content_hash != content_hash(values):
                SkillParameter.objects.filter(pk=parameter.pk).update(content_hash=content_hash(values))
            continue
        if parameter is None:
            parameter = SkillParameter(ruleset=rulesets[ruleset], key=key)
            report.created["parameter"] += 1
        else:
            report.updated["parameter"] += 1
        assign(parameter, "label", values)
        parameter.content_hash = content_hash(values)
        parameter.save()
        loaded[(ruleset, key)] = parameter
    return loaded


def _delete_missing_parameters(
    tree: ContentTree, parameters: dict[ParameterKey, SkillParameter], report: LoadReport
) -> None:
    in_files = set(_file_parameters(tree))
    for key, parameter in parameters.items():
        if key not in in_files:
            parameter.delete()
            report.deleted["parameter"] += 1


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


def _store_hashes(touched: list[tuple[ItemFile, Any]]) -> None:
    """Each loaded row remembers its file's hash: one UPDATE per model and batch, not per row."""
    by_model: dict[type[models.Model], list[Any]] = {}
    for item, instance in touched:
        instance.content_hash = content_hash(item.data)
        by_model.setdefault(type(instance), []).append(instance)
    for model, instances in by_model.items():
        model._default_manager.bulk_update(instances, ["content_hash"], batch_size=BATCH)


def _set_relations(touched: list[tuple[ItemFile, Any]], parameters: dict[ParameterKey, SkillParameter]) -> None:
    sections = {(s.ruleset.key, s.slug): s for s in RuleSection.objects.select_related("ruleset")}
    skills = {(s.ruleset.key, s.slug): s for s in Skill.objects.select_related("ruleset")}
    tables = {(t.ruleset.key, t.slug): t for t in GameTable.objects.select_related("ruleset")}
    rules = {(r.ruleset.key, r.slug): r for r in TeamRule.objects.select_related("ruleset")}
    teams = {(t.ruleset.key, t.slug): t for t in Team.objects.select_related("ruleset")}
    linked: dict[str, list[Any]] = {"parent": [], "counterpart": [], "table": []}
    links = LinkBatch()
    for item, instance in touched:
        if item.spec is SECTION:
            instance.parent = sections.get((item.ruleset, item.data["parent"]))
            linked["parent"].append(instance)
        elif item.spec is SKILL:
            ruleset, _, slug = item.data["counterpart"].partition(":")
            instance.counterpart = skills.get((ruleset, slug))
            linked["counterpart"].append(instance)
            links.set(instance, "related", [skills[(item.ruleset, s)] for s in item.data["related"]])
        elif item.spec is TABLE:
            ruleset, _, slug = str(item.data.get("counterpart", "")).partition(":")
            instance.counterpart = tables.get((ruleset, slug))
            linked["table"].append(instance)
            instance.rows.all().delete()
            TableRow.objects.bulk_create(rows_from_dict(instance, item.data))
        elif item.spec is TEAM:
            _set_team_relations(item, instance, skills, rules, parameters)
        elif item.spec is STAR:
            set_star_relations(item.ruleset, instance, item.data, skills, teams, rules, parameters, links)
        elif item.spec is INDUCEMENT:
            set_inducement_relations(item.ruleset, instance, item.data, teams, rules, links)
    links.apply()
    # The links to other rows of the same kind, in one UPDATE per batch (their rows exist by now).
    RuleSection.objects.bulk_update(linked["parent"], ["parent"], batch_size=BATCH)
    Skill.objects.bulk_update(linked["counterpart"], ["counterpart"], batch_size=BATCH)
    GameTable.objects.bulk_update(linked["table"], ["counterpart"], batch_size=BATCH)


def _set_team_relations(
    item: ItemFile,
    team: Any,
    skills: dict[tuple[str, str], Skill],
    rules: dict[tuple[str, str], TeamRule],
    parameters: dict[ParameterKey, SkillParameter],
) -> None:
    """The team's rule links, positionals and starting skills, rebuilt from its file."""
    team.rule_links.all().delete()
    slugs = [*item.data["leagues"], *item.data["special_rules"]]
    TeamRuleLink.objects.bulk_create(
        TeamRuleLink(team=team, rule=rules[(item.ruleset, slug)], position=n) for n, slug in enumerate(slugs, 1)
    )
    team.positionals.all().delete()
    starting: list[StartingSkill] = []
    for positional, texts in positionals_from_dict(team, item.data):
        positional.save()
        for position, text in enumerate(texts, start=1):
            skill, value, parameter = resolve_skill(item.ruleset, text, skills, parameters)
            starting.append(
                StartingSkill(positional=positional, position=position, skill=skill, value=value, parameter=parameter)
            )
    StartingSkill.objects.bulk_create(starting)


def _delete_missing(
    tree: ContentTree,
    existing: dict[KindSpec, dict[tuple[str, str], Any]],
    report: LoadReport,
) -> None:
    in_files = {(item.spec, item.ruleset, item.data["slug"]) for item in tree.items}
    for spec in reversed(KINDS):  # teams before the skills and team rules they point at
        for (ruleset, slug), obj in existing[spec].items():
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
    for key in Ruleset.objects.values_list("key", flat=True):
        parameters = SkillParameter.objects.filter(ruleset__key=key).order_by("key")
        changed += write_parameters(root, key, {p.key: parameter_to_dict(p) for p in parameters})
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
