"""The shape of content files: which keys each kind of item has, in canonical order, and how an
item converts between its file form (a dict) and its database rows.

A canonical dict is what a content file parses to once it has been written by ``dump_content``;
``to_dict(instance)`` produces it from the database, ``normalise(kind, data)`` from any valid file.
Loading compares the two, so an unchanged file means an unchanged row.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Any

from django.db import models

from ..engine import halves_range
from ..models import (
    Figure,
    GameTable,
    GlossaryTerm,
    Inducement,
    RuleSection,
    Ruleset,
    RuleVariant,
    Skill,
    StarPlayer,
    TableRow,
    Team,
    TeamRule,
)
from ..translated import all_languages, set_in_language
from ..vocab import LANGS
from . import stars, teams
from .aliases import ordered_aliases, stored_aliases

Data = dict[str, Any]


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: one object per kind
class KindSpec:
    """One kind of content item: its folder, reference name, model and keys."""

    folder: str
    ref: str  # the kind in [[ref:slug]] cross-references and in error messages
    model: type[models.Model]
    plain: tuple[tuple[str, Any], ...]  # (key, default) in file order, after slug
    translated: tuple[str, ...]  # required translated fields
    optional_translated: tuple[str, ...] = ()
    relations: tuple[tuple[str, Any], ...] = field(default=())  # (key, default), after plain

    @property
    def all_translated(self) -> tuple[str, ...]:
        return self.translated + self.optional_translated


PROVENANCE: tuple[tuple[str, Any], ...] = (("source", ""), ("original_language", ""))

SECTION = KindSpec(
    folder="sections",
    ref="section",
    model=RuleSection,
    plain=(("parent", ""), ("order", 0)),
    translated=("title", "body"),
)
SKILL = KindSpec(
    folder="skills",
    ref="skill",
    model=Skill,
    plain=(
        ("kind", "skill"),
        ("category", ""),
        ("activation", ""),
        ("elite", False),
        ("translator_note", ""),
    ),
    relations=(
        ("related", []),
        ("counterpart", ""),
        ("identification", "certain"),
        ("identification_note", ""),
    ),
    translated=("name", "text"),
    optional_translated=("change_note",),
)
TABLE = KindSpec(
    folder="tables",
    ref="table",
    model=GameTable,
    plain=(("dice", ""), ("order", 0)),
    translated=("title",),
    # counterpart ("lrb6:<slug>") is optional for tables and written only when set; see OPTIONAL_PLAIN.
    optional_translated=("description", "change_note"),
)

# Plain keys a kind writes only when they have a value, right after its other plain keys.
OPTIONAL_PLAIN: dict[KindSpec, tuple[str, ...]] = {SKILL: ("change",), TABLE: ("counterpart",)}
TERM = KindSpec(
    folder="glossary",
    ref="term",
    model=GlossaryTerm,
    plain=(("concept", ""), ("translator_note", "")),
    translated=("term", "definition"),
    optional_translated=("note",),
)
VARIANT = KindSpec(
    folder="variants",
    ref="variant",
    model=RuleVariant,
    plain=(("applies_to", []),),
    translated=("title", "text"),
)
FIGURE = KindSpec(
    folder="figures",
    ref="figure",
    model=Figure,
    plain=(),
    translated=("caption", "alt"),
)

# Teams and team rules: their keys and layout are in teams.py (a team file holds its positionals).
TEAM_RULE = KindSpec(folder="team-rules", ref="team-rule", model=TeamRule, plain=(), translated=("name", "text"))
TEAM = KindSpec(folder="teams", ref="team", model=Team, plain=(), translated=("name", "description"))
# Star players and inducements: their keys and layout are in stars.py (a star file holds his players).
STAR = KindSpec(
    folder="stars", ref="star", model=StarPlayer, plain=(), translated=("name",), optional_translated=stars.RULE_TEXTS
)
INDUCEMENT = KindSpec(folder="inducements", ref="inducement", model=Inducement, plain=(), translated=("name", "text"))

# Load order matters only for references, which are resolved after every item exists; deletion runs
# the other way round (a team goes before the skills and rules it names).
KINDS: tuple[KindSpec, ...] = (SECTION, SKILL, TABLE, TERM, VARIANT, FIGURE, TEAM_RULE, TEAM, STAR, INDUCEMENT)
KIND_BY_REF: dict[str, KindSpec] = {spec.ref: spec for spec in KINDS}
KIND_BY_FOLDER: dict[str, KindSpec] = {spec.folder: spec for spec in KINDS}

ROW_TRANSLATED = ("name", "effect")
RULESET_TRANSLATED = ("name", "description")

RANGE_RE = re.compile(r"^(?P<low>\d+)(?:-(?P<high>\d+))?$")


def parse_range(text: str) -> tuple[int | None, int | None]:
    """ "4-10" → (4, 10); "7" → (7, 7); a D6×D6 row "4-6 · 2" → (8, 8), its line as the engine reads
    the roll; a label such as "winner" → (None, None)."""
    line = halves_range(text)
    if line is not None:
        return line, line
    match = RANGE_RE.match(text.strip())
    if not match:
        return None, None
    low = int(match["low"])
    high = int(match["high"]) if match["high"] else low
    return low, high


def content_hash(data: Data) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


# --- canonical dicts from file data ---------------------------------------------------------


def _languages(value: Any) -> dict[str, str]:
    value = value if isinstance(value, dict) else {}
    return {lang: str(value.get(lang, "")) for lang in LANGS}


def _has_text(value: Any) -> bool:
    return isinstance(value, dict) and any(str(v).strip() for v in value.values())


def _normalise_translated(out: Data, data: Data, required: tuple[str, ...], optional: tuple[str, ...]) -> None:
    for name in required:
        out[name] = _languages(data.get(name))
    for name in optional:
        if _has_text(data.get(name)):
            out[name] = _languages(data.get(name))


def normalise(spec: KindSpec, data: Data) -> Data:
    """The canonical dict of an item from a parsed file (keys in file order, defaults filled)."""
    if spec is TEAM:
        return teams.normalise_team(data)
    if spec is TEAM_RULE:
        return teams.normalise_team_rule(data)
    if spec is STAR:
        return stars.normalise_star(data)
    if spec is INDUCEMENT:
        return stars.normalise_inducement(data)
    out: Data = {"slug": data.get("slug", "")}
    for key, default in spec.plain:
        out[key] = data.get(key, default)
    for key in OPTIONAL_PLAIN.get(spec, ()):
        if data.get(key):
            out[key] = data[key]
    for key, default in spec.relations:
        out[key] = data.get(key, default)
    for key, default in PROVENANCE:
        out[key] = data.get(key, default)
    if spec is SKILL:
        out["related"] = sorted(out["related"])
    if spec is TERM:
        out["concept"] = out["concept"] or out["slug"]
        avoid = data.get("avoid") or {}
        if avoid:
            out["avoid"] = {lang: list(avoid[lang]) for lang in LANGS if avoid.get(lang)}
    _normalise_translated(out, data, spec.translated, spec.optional_translated)
    if spec in (SKILL, TERM) and data.get("aliases"):
        out["aliases"] = ordered_aliases(data["aliases"])
    if spec is TABLE:
        out["rows"] = [_normalise_row(row) for row in data.get("rows", [])]
    if spec is FIGURE:
        out["svg"] = data.get("svg", "")
    return out


def _normalise_row(row: Data) -> Data:
    out: Data = {"range": str(row.get("range", ""))}
    _normalise_translated(out, row, ("effect",), ("name",))
    # Name before effect reads better in the file.
    if "name" in out:
        out = {"range": out["range"], "name": out["name"], "effect": out["effect"]}
    if row.get("aliases"):  # what players call the result ("BH"), as for skills and terms
        out["aliases"] = ordered_aliases(row["aliases"])
    return out


def normalise_ruleset(data: Data) -> Data:
    out: Data = {
        "key": data.get("key", ""),
        "game": data.get("game", ""),
        "order": data.get("order", 0),
    }
    _normalise_translated(out, data, RULESET_TRANSLATED, ())
    return out


# --- canonical dicts from the database ------------------------------------------------------


def _translated_from(instance: models.Model, name: str) -> dict[str, str]:
    return all_languages(instance, name)


def _ref(item: Any) -> str:
    """ "lrb6:dodge" for an item of any ruleset ("" for none)."""
    return f"{item.ruleset.key}:{item.slug}" if item is not None else ""


def to_dict(spec: KindSpec, instance: Any) -> Data:
    if spec is TEAM:
        return teams.team_to_dict(instance)
    if spec is TEAM_RULE:
        return teams.team_rule_to_dict(instance)
    if spec is STAR:
        return stars.star_to_dict(instance)
    if spec is INDUCEMENT:
        return stars.inducement_to_dict(instance)
    data: Data = {"slug": instance.slug}
    if spec is SECTION:
        data["parent"] = instance.parent.slug if instance.parent_id else ""
        data["order"] = instance.order
    elif spec is SKILL:
        for key in ("kind", "category", "activation", "elite", "translator_note"):
            data[key] = getattr(instance, key)
        if instance.change:
            data["change"] = instance.change
        data["related"] = sorted(s.slug for s in instance.related.all())
        data["counterpart"] = _ref(instance.counterpart)
        data["identification"] = instance.identification
        data["identification_note"] = instance.identification_note
    elif spec is TABLE:
        data["dice"] = instance.dice
        data["order"] = instance.order
        if instance.counterpart_id:
            data["counterpart"] = _ref(instance.counterpart)
    elif spec is TERM:
        data["concept"] = instance.concept
        data["translator_note"] = instance.translator_note
    elif spec is VARIANT:
        data["applies_to"] = list(instance.applies_to)
    data["source"] = instance.source
    data["original_language"] = instance.original_language
    if spec is TERM and instance.avoid:
        data["avoid"] = {lang: list(instance.avoid[lang]) for lang in LANGS if instance.avoid.get(lang)}
    for name in spec.translated:
        data[name] = _translated_from(instance, name)
    for name in spec.optional_translated:
        values = _translated_from(instance, name)
        if any(v.strip() for v in values.values()):
            data[name] = values
    if spec in (SKILL, TERM) and instance.aliases:
        data["aliases"] = stored_aliases(instance.aliases)
    if spec is TABLE:
        data["rows"] = [_row_to_dict(row) for row in instance.rows.all()]
    if spec is FIGURE:
        data["svg"] = instance.svg
    return data


def _row_to_dict(row: TableRow) -> Data:
    data: Data = {"range": row.range_text}
    names = _translated_from(row, "name")
    if any(v.strip() for v in names.values()):
        data["name"] = names
    data["effect"] = _translated_from(row, "effect")
    if row.aliases:
        data["aliases"] = stored_aliases(row.aliases)
    return data


def ruleset_to_dict(ruleset: Ruleset) -> Data:
    data: Data = {"key": ruleset.key, "game": ruleset.game, "order": ruleset.order}
    for name in RULESET_TRANSLATED:
        data[name] = _translated_from(ruleset, name)
    return data


# --- writing a canonical dict onto a row ---------------------------------------------------


def assign_translated(instance: models.Model, name: str, values: dict[str, str] | None) -> None:
    for lang in LANGS:
        set_in_language(instance, name, lang, (values or {}).get(lang, ""))


def apply_fields(spec: KindSpec, instance: Any, data: Data) -> None:
    """Set the plain and translated fields of ``instance`` (relations are set separately)."""
    instance.source = data["source"]
    instance.original_language = data["original_language"]
    if spec is TEAM:
        teams.apply_team(instance, data)
        return
    if spec is TEAM_RULE:
        teams.apply_team_rule(instance, data)
        return
    if spec is STAR:
        stars.apply_star(instance, data)
        return
    if spec is INDUCEMENT:
        stars.apply_inducement(instance, data)
        return
    if spec is SECTION:
        instance.order = data["order"]
    elif spec is SKILL:
        for key in ("kind", "category", "activation", "elite", "identification", "translator_note"):
            setattr(instance, key, data[key])
        instance.identification_note = data["identification_note"]
        instance.change = data.get("change", "")
    elif spec is TABLE:
        instance.dice = data["dice"]
        instance.order = data["order"]
    elif spec is TERM:
        instance.concept = data["concept"]
        instance.translator_note = data["translator_note"]
        instance.avoid = data.get("avoid", {})
    elif spec is VARIANT:
        instance.applies_to = list(data["applies_to"])
    elif spec is FIGURE:
        instance.svg = data["svg"]
    for name in spec.all_translated:
        assign_translated(instance, name, data.get(name))
    if spec in (SKILL, TERM):
        instance.aliases = data.get("aliases", {})


def rows_from_dict(table: GameTable, data: Data) -> list[TableRow]:
    rows = []
    for position, row_data in enumerate(data["rows"], start=1):
        low, high = parse_range(row_data["range"])
        row = TableRow(
            table=table,
            position=position,
            range_text=row_data["range"],
            range_low=low,
            range_high=high,
            aliases=row_data.get("aliases", {}),
        )
        assign_translated(row, "name", row_data.get("name"))
        assign_translated(row, "effect", row_data["effect"])
        rows.append(row)
    return rows
