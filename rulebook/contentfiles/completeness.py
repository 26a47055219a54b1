"""Translation completeness: per ruleset, per kind, per language.

An item is complete in a language when every text field it has (a field filled in any language)
is filled in that language. A field is "identical" when its text in one language equals its text
in another, unless the reviewed exception list says why that is right.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from django.conf import settings

from ..models import (
    GameTable,
    GlossaryTerm,
    Inducement,
    RuleSection,
    Ruleset,
    Skill,
    SkillParameter,
    StarPlayer,
    Team,
    TeamRule,
)
from ..translated import all_languages
from ..vocab import LANGS
from .files import read_exceptions

REPORT_KINDS = (
    "section",
    "skill",
    "trait",
    "table",
    "term",
    "team",
    "positional",
    "team-rule",
    "parameter",
    "star",
    "star-player",
    "inducement",
)

Fields = list[tuple[str, dict[str, str]]]  # ("slug.field", {lang: text})


def _values(obj: Any, name: str) -> dict[str, str]:
    return {lang: text.strip() for lang, text in all_languages(obj, name).items()}


def _present(obj: Any, names: tuple[str, ...], prefix: str) -> Iterator[tuple[str, dict[str, str]]]:
    for name in names:
        values = _values(obj, name)
        if any(values.values()):
            yield f"{prefix}{name}", values


def _items(ruleset: Ruleset) -> Iterator[tuple[str, str, str, Fields]]:
    """(report kind, reference kind, slug, fields) for every item of a ruleset."""
    for section in RuleSection.objects.filter(ruleset=ruleset):
        yield "section", "section", section.slug, list(_present(section, ("title", "body"), ""))
    for skill in Skill.objects.filter(ruleset=ruleset):
        names = ("name", "text", "change_note")
        yield skill.kind, "skill", skill.slug, list(_present(skill, names, ""))
    for table in GameTable.objects.filter(ruleset=ruleset).prefetch_related("rows"):
        fields = list(_present(table, ("title", "description", "change_note"), ""))
        for row in table.rows.all():
            fields += list(_present(row, ("name", "effect"), f"rows.{row.position}."))
        yield "table", "table", table.slug, fields
    for term in GlossaryTerm.objects.filter(ruleset=ruleset):
        yield "term", "term", term.slug, list(_present(term, ("term", "definition", "note"), ""))
    for team in Team.objects.filter(ruleset=ruleset).prefetch_related("positionals"):
        yield "team", "team", team.slug, list(_present(team, ("name", "description"), ""))
        # Each positional is counted on its own; its fields belong to the team's file ("team:human",
        # "positionals.blitzer.name"), which is how the exception list names them.
        for positional in team.positionals.all():
            fields = list(_present(positional, ("name",), f"positionals.{positional.slug}."))
            yield "positional", "team", team.slug, fields
    for rule in TeamRule.objects.filter(ruleset=ruleset):
        yield "team-rule", "team-rule", rule.slug, list(_present(rule, ("name", "text"), ""))
    for parameter in SkillParameter.objects.filter(ruleset=ruleset):
        yield "parameter", "parameter", parameter.key, list(_present(parameter, ("label",), ""))
    for star in StarPlayer.objects.filter(ruleset=ruleset).prefetch_related("players"):
        yield "star", "star", star.slug, list(_present(star, ("name", "rule_name", "rule_text"), ""))
        # As positionals: each player on his own, his fields named in the star's file ("players.grak.name").
        for player in star.players.all():
            yield "star-player", "star", star.slug, list(_present(player, ("name",), f"players.{player.slug}."))
    for inducement in Inducement.objects.filter(ruleset=ruleset):
        yield "inducement", "inducement", inducement.slug, list(_present(inducement, ("name", "text"), ""))


def _exception_keys(root: Path) -> set[tuple[str, str, str, str]]:
    keys = set()
    for entry in read_exceptions(root):
        for lang in entry.get("languages", LANGS):
            keys.add((entry["ruleset"], entry["item"], entry["field"], lang))
    return keys


def build_report(root: Path | None = None) -> dict[str, Any]:
    exceptions = _exception_keys(root or settings.CONTENT_DIR)
    report: dict[str, Any] = {"rulesets": {}}
    for ruleset in Ruleset.objects.all():
        kinds: dict[str, Any] = {
            kind: {
                "total": 0,
                "languages": {lang: {"complete": 0, "missing": [], "identical": []} for lang in LANGS},
            }
            for kind in REPORT_KINDS
        }
        for kind, ref, slug, fields in _items(ruleset):
            entry = kinds[kind]
            entry["total"] += 1
            for lang in LANGS:
                result = entry["languages"][lang]
                missing = [f"{slug}.{name}" for name, values in fields if not values[lang]]
                result["missing"] += missing
                result["complete"] += not missing
                for name, values in fields:
                    text = values[lang]
                    others = [o for o in LANGS if o != lang and values[o] == text]
                    if text and others and (ruleset.key, f"{ref}:{slug}", name, lang) not in exceptions:
                        result["identical"].append(f"{slug}.{name}")
        report["rulesets"][ruleset.key] = kinds
    return report


def percentages(report: dict[str, Any]) -> list[dict[str, Any]]:
    """Flat rows for the admin page: ruleset, kind, language, complete/total, problems."""
    rows = []
    for key, kinds in report["rulesets"].items():
        for kind, entry in kinds.items():
            for lang, result in entry["languages"].items():
                total = entry["total"]
                rows.append(
                    {
                        "ruleset": key,
                        "kind": kind,
                        "lang": lang,
                        "total": total,
                        "complete": result["complete"],
                        "ratio": result["complete"] / total if total else 1.0,
                        "missing": result["missing"],
                        "identical": result["identical"],
                    }
                )
    return rows
