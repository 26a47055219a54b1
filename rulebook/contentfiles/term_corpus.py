"""The texts and names the terminology checker reads: a neutral Corpus of text fields, glossary terms
and skill names, built from the database, from the content files or from phrase-like files."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..translated import all_languages, in_language
from ..vocab import BLOOD_BOWL_EDITIONS

BLOOD_BOWL = BLOOD_BOWL_EDITIONS
FOLDERS = {
    "section": "sections",
    "skill": "skills",
    "table": "tables",
    "term": "glossary",
    "variant": "variants",
    "figure": "figures",
    "team": "teams",
    "team-rule": "team-rules",
}
# Text fields read per kind; the glossary's term and note are not read.
READ_FIELDS = {
    "section": ("title", "body"),
    "skill": ("name", "text", "change_note"),
    "table": ("title", "description", "change_note"),  # and rows.N.name, rows.N.effect
    "term": ("definition",),
    "variant": ("title", "text"),
    "figure": ("caption", "alt"),
    "team": ("description",),  # and positionals.<slug>.name
    "team-rule": ("name", "text"),
}

# Reviewed one-off legitimate uses: (ruleset, item ref, field, language, found text) → reason.
# The field may be "*" for every field of the item. Keep this short: a general rule is better.
ALLOWED: dict[tuple[str, str, str, str, str], str] = {
    ("bb2025", "table:kick-off", "change_note", "es", "Penetración"): (
        "names the classic Spanish kick-off result ¡Penetración! to say what it became in 2025"
    ),
    ("lrb6", "team:khemri", "positionals.blitz-ra.name", "es", "Blitz"): (
        "Blitz-Ra is the proper name of a Khemri position (beside Thro-Ra), kept in every language"
    ),
}


# --- corpus ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class TextField:
    ruleset: str
    ref: str  # "skill:block"
    name: str  # "text", "rows.3.effect"
    values: dict[str, str]
    file: str = ""  # where the text lives, when it is not a content file (phrases, scenarios)

    @property
    def path(self) -> str:
        if self.file:
            return self.file
        kind, slug = self.ref.split(":", 1)
        return f"rulebook/content/{self.ruleset}/{FOLDERS[kind]}/{slug}.toml"


@dataclass(frozen=True)
class Term:
    ruleset: str
    slug: str
    concept: str
    term: dict[str, str]
    avoid: dict[str, list[str]] = field(default_factory=dict)


@dataclass(frozen=True)
class SkillName:
    ruleset: str
    slug: str
    name: dict[str, str]
    counterpart: str = ""  # "lrb6:slug" (set on bb2025 skills)


@dataclass(frozen=True)
class ItemName:
    """The name of a team, positional, team rule or table result: what a text of its ruleset must
    call it ("Línea Siervo", "Badly Hurt"), with the other names readers use (``aliases``)."""

    ruleset: str
    ref: str  # "team:vampire", "positional:vampire/thrall-lineman", "row:casualty/1"
    name: dict[str, str]
    aliases: dict[str, list[str]] = field(default_factory=dict)


@dataclass
class Corpus:
    fields: list[TextField] = field(default_factory=list)
    terms: list[Term] = field(default_factory=list)
    skills: list[SkillName] = field(default_factory=list)
    names: list[ItemName] = field(default_factory=list)
    lexicons: dict[str, set[str]] = field(default_factory=dict, repr=False, compare=False)  # a cache


def corpus_from_db() -> Corpus:
    """The corpus of the content loaded into the database."""
    from ..models import Figure, GameTable, GlossaryTerm, RuleSection, RuleVariant, Skill, Team, TeamRule

    def values(obj: Any, name: str) -> dict[str, str]:
        return all_languages(obj, name)

    corpus = Corpus()

    def add(ruleset: str, ref: str, obj: Any, names: Iterable[str], prefix: str = "") -> None:
        for name in names:
            corpus.fields.append(TextField(ruleset, ref, prefix + name, values(obj, name)))

    for model, kind in (
        (RuleSection, "section"),
        (RuleVariant, "variant"),
        (Figure, "figure"),
        (TeamRule, "team-rule"),
    ):
        for obj in model.objects.select_related("ruleset"):
            add(obj.ruleset.key, f"{kind}:{obj.slug}", obj, READ_FIELDS[kind])
    for skill in Skill.objects.select_related("ruleset", "counterpart__ruleset"):
        add(skill.ruleset.key, f"skill:{skill.slug}", skill, READ_FIELDS["skill"])
        counterpart = skill.counterpart
        corpus.skills.append(
            SkillName(
                skill.ruleset.key,
                skill.slug,
                values(skill, "name"),
                f"{counterpart.ruleset.key}:{counterpart.slug}" if counterpart else "",
            )
        )

    def name(ruleset: str, ref: str, obj: Any) -> None:
        corpus.names.append(ItemName(ruleset, ref, values(obj, "name"), dict(getattr(obj, "aliases", None) or {})))

    for team in Team.objects.select_related("ruleset").prefetch_related("positionals"):
        add(team.ruleset.key, f"team:{team.slug}", team, READ_FIELDS["team"])
        name(team.ruleset.key, f"team:{team.slug}", team)
        for positional in team.positionals.all():
            add(team.ruleset.key, f"team:{team.slug}", positional, ("name",), f"positionals.{positional.slug}.")
            name(team.ruleset.key, f"positional:{team.slug}/{positional.slug}", positional)
    for rule in TeamRule.objects.select_related("ruleset"):
        name(rule.ruleset.key, f"team-rule:{rule.slug}", rule)
    for table in GameTable.objects.select_related("ruleset").prefetch_related("rows"):
        add(table.ruleset.key, f"table:{table.slug}", table, READ_FIELDS["table"])
        for row in table.rows.all():
            add(table.ruleset.key, f"table:{table.slug}", row, ("name", "effect"), f"rows.{row.position}.")
            if in_language(row, "name", "en"):
                name(table.ruleset.key, f"row:{table.slug}/{row.position}", row)
    for term in GlossaryTerm.objects.select_related("ruleset"):
        add(term.ruleset.key, f"term:{term.slug}", term, READ_FIELDS["term"])
        corpus.terms.append(
            Term(
                term.ruleset.key,
                term.slug,
                term.concept or term.slug,
                values(term, "term"),
                {lang: list(words) for lang, words in (term.avoid or {}).items()},
            )
        )
    return corpus


def edition_texts(
    entries: dict[str, dict[str, str]], file: str, ref_prefix: str, rulesets: tuple[str, ...] = BLOOD_BOWL
) -> list[TextField]:
    """Texts keyed like the engine phrases ("key" for every edition, "key@bb2025" for one) as text
    fields: a key's general form is read as a text of each ruleset that has no form of its own."""
    fields: list[TextField] = []
    for key, values in entries.items():
        base, _, edition = key.partition("@")
        applies = (edition,) if edition else tuple(r for r in rulesets if f"{base}@{r}" not in entries)
        fields += [TextField(ruleset, f"{ref_prefix}:{key}", "text", dict(values), file) for ruleset in applies]
    return fields


def corpus_from_tree(root: Path) -> Corpus:
    """The same corpus read straight from the content files (needs Django set up)."""
    from .files import read_tree

    corpus = Corpus()
    for item in read_tree(root).items:
        kind, data, ruleset = item.spec.ref, item.data, item.ruleset
        ref = f"{kind}:{data['slug']}"
        for name in READ_FIELDS[kind]:
            if name in data:
                corpus.fields.append(TextField(ruleset, ref, name, dict(data[name])))
        if kind in ("team", "team-rule"):
            corpus.names.append(ItemName(ruleset, ref, dict(data["name"]), dict(data.get("aliases", {}))))
        for positional in data.get("positionals", []) if kind == "team" else []:
            corpus.fields.append(
                TextField(ruleset, ref, f"positionals.{positional['slug']}.name", dict(positional["name"]))
            )
            corpus.names.append(
                ItemName(
                    ruleset,
                    f"positional:{data['slug']}/{positional['slug']}",
                    dict(positional["name"]),
                    dict(positional.get("aliases", {})),
                )
            )
        for position, row in enumerate(data.get("rows", []) if kind == "table" else [], 1):
            for name in ("name", "effect"):
                if name in row:
                    corpus.fields.append(TextField(ruleset, ref, f"rows.{position}.{name}", dict(row[name])))
            if "name" in row:
                corpus.names.append(
                    ItemName(ruleset, f"row:{data['slug']}/{position}", dict(row["name"]), dict(row.get("aliases", {})))
                )
        if kind == "skill":
            corpus.skills.append(SkillName(ruleset, data["slug"], dict(data["name"]), data.get("counterpart", "")))
        if kind == "term":
            corpus.terms.append(
                Term(
                    ruleset,
                    data["slug"],
                    data.get("concept") or data["slug"],
                    dict(data["term"]),
                    dict(data.get("avoid", {})),
                )
            )
    return corpus
