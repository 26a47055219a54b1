"""Every item is translated into every language, and no field reads the same in two languages
unless the reviewed exception list (rulebook/content/identical_exceptions.toml) says why.

The real content is loaded into the test database by tests/conftest.py."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from django.conf import settings

from rulebook.contentfiles.completeness import REPORT_KINDS, build_report
from rulebook.contentfiles.files import read_exceptions
from rulebook.models import (
    Figure,
    GameTable,
    GlossaryTerm,
    Inducement,
    RuleSection,
    RuleVariant,
    Skill,
    SkillParameter,
    StarPlayer,
    Team,
    TeamRule,
)
from rulebook.vocab import LANGS, RULESET_KEYS

# Checks of the content's words: the same on any database (CI's second pass leaves them out).
pytestmark = [pytest.mark.django_db, pytest.mark.content_sweep]

MODELS = {
    "section": RuleSection,
    "skill": Skill,
    "table": GameTable,
    "term": GlossaryTerm,
    "variant": RuleVariant,
    "figure": Figure,
    "team": Team,
    "team-rule": TeamRule,
    "star": StarPlayer,
    "inducement": Inducement,
}
# Text fields of the kinds the translation report leaves out.
EXTRA_KINDS = {"variant": ("title", "text"), "figure": ("caption", "alt")}

_REPORT: list[dict[str, Any]] = []


def report() -> dict[str, Any]:
    if not _REPORT:
        _REPORT.append(build_report())
    return _REPORT[0]


def exceptions() -> list[dict[str, Any]]:
    return read_exceptions(settings.CONTENT_DIR)


def exception_keys() -> set[tuple[str, str, str, str]]:
    return {
        (entry["ruleset"], entry["item"], entry["field"], lang)
        for entry in exceptions()
        for lang in entry.get("languages", LANGS)
    }


def field_values(ruleset: str, item: str, field: str) -> dict[str, str] | None:
    """The texts of one field ("term", "text", "rows.9.name") of an item ("skill:block")."""
    kind, _, slug = item.partition(":")
    model = MODELS.get(kind)
    obj: Any
    if kind == "parameter":
        obj = SkillParameter.objects.filter(ruleset__key=ruleset, key=slug).first()
    elif model is None:
        return None
    else:
        obj = model.objects.filter(ruleset__key=ruleset, slug=slug).first()
    if obj is None:
        return None
    if field.startswith("positionals."):
        parts = field.split(".")
        if kind != "team" or len(parts) != 3:
            return None
        obj = obj.positionals.filter(slug=parts[1]).first()
        field = parts[2]
        if obj is None:
            return None
    if field.startswith("players."):
        parts = field.split(".")
        if kind != "star" or len(parts) != 3:
            return None
        obj = obj.players.filter(slug=parts[1]).first()
        field = parts[2]
        if obj is None:
            return None
    if field.startswith("rows."):
        _, position, name = field.split(".")
        if kind != "table" or not position.isdigit():
            return None
        obj = obj.rows.filter(position=int(position)).first()
        field = name
        if obj is None:
            return None
    if not hasattr(obj, f"{field}_{LANGS[0]}"):
        return None
    return {lang: (getattr(obj, f"{field}_{lang}") or "").strip() for lang in LANGS}


# --- the translation report ----------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", RULESET_KEYS)
def test_every_item_is_complete_in_every_language(ruleset: str, lang: str) -> None:
    kinds = report()["rulesets"][ruleset]
    assert set(kinds) == set(REPORT_KINDS)
    assert sum(entry["total"] for entry in kinds.values()) > 0, f"no {ruleset} content loaded"
    problems = {
        kind: entry["languages"][lang]["missing"]
        for kind, entry in kinds.items()
        if entry["languages"][lang]["complete"] != entry["total"]
    }
    assert not problems, f"{ruleset}/{lang} is not 100 % complete; missing fields: {problems}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", RULESET_KEYS)
def test_no_field_reads_the_same_in_two_languages(ruleset: str, lang: str) -> None:
    kinds = report()["rulesets"][ruleset]
    identical = {kind: entry["languages"][lang]["identical"] for kind, entry in kinds.items()}
    identical = {kind: fields for kind, fields in identical.items() if fields}
    assert not identical, (
        f"{ruleset}/{lang}: fields identical to another language (translate them, or add a reviewed "
        f"entry with its reason to identical_exceptions.toml): {identical}"
    )


@pytest.mark.parametrize("kind", sorted(EXTRA_KINDS))
def test_variants_and_figures_are_complete_and_not_identical_across_languages(kind: str) -> None:
    keys = exception_keys()
    missing, identical = [], []
    for obj in MODELS[kind].objects.select_related("ruleset"):
        for field in EXTRA_KINDS[kind]:
            values = {lang: (getattr(obj, f"{field}_{lang}") or "").strip() for lang in LANGS}
            item = f"{obj.ruleset.key}:{kind}:{obj.slug}.{field}"
            missing += [f"{item} [{lang}]" for lang, text in values.items() if not text]
            for lang, text in values.items():
                same = [other for other in LANGS if other != lang and values[other] == text]
                if text and same and (obj.ruleset.key, f"{kind}:{obj.slug}", field, lang) not in keys:
                    identical.append(f"{item} [{lang} = {', '.join(same)}]")
    assert not missing, f"empty fields: {missing}"
    assert not identical, f"identical across languages, with no reviewed exception: {identical}"


# --- the reviewed exception list -------------------------------------------------------------------


def test_the_exception_list_is_not_empty_and_has_no_duplicates() -> None:
    entries = exceptions()
    assert entries
    # A field may have two entries (es = it, fr = en), but each language is in one of them only.
    counts = Counter(
        (e.get("ruleset"), e.get("item"), e.get("field"), lang) for e in entries for lang in e.get("languages", [])
    )
    assert not [key for key, count in counts.items() if count > 1], "a language in two entries of a field"


def exception_problems(entries: list[dict[str, Any]]) -> list[str]:
    problems = []
    for entry in entries:
        label = f"{entry.get('ruleset')} {entry.get('item')} {entry.get('field')}"
        if set(entry) != {"ruleset", "item", "field", "languages", "reason"}:
            problems.append(f"{label}: keys must be ruleset, item, field, languages, reason")
            continue
        languages = entry["languages"]
        if len(set(languages)) < 2 or len(set(languages)) != len(languages) or set(languages) - set(LANGS):
            problems.append(f"{label}: languages must list two or more distinct languages: {languages}")
            continue
        if not str(entry["reason"]).strip():
            problems.append(f"{label}: no reason")
        values = field_values(entry["ruleset"], entry["item"], entry["field"])
        if values is None:
            problems.append(f"{label}: no such item or field")
            continue
        texts = {values[lang] for lang in languages}
        if len(texts) != 1 or not next(iter(texts)):
            shown = {lang: values[lang] for lang in languages}
            problems.append(f"{label}: stale, the texts are no longer identical: {shown}")
    return problems


def test_every_exception_is_well_formed_and_still_true() -> None:
    problems = exception_problems(exceptions())
    assert not problems, "\n".join(problems)


def test_a_stale_or_malformed_exception_is_caught() -> None:
    good = exceptions()[0]
    assert exception_problems([good]) == []
    all_languages = dict(good, languages=list(LANGS))
    values = field_values(good["ruleset"], good["item"], good["field"])
    assert values is not None
    if len(set(values.values())) > 1:  # the field differs in some language: listing all is stale
        assert "stale" in exception_problems([all_languages])[0]
    assert "no such item" in exception_problems([dict(good, item="term:no-such-term")])[0]
    assert "no such item" in exception_problems([dict(good, field="nonsense")])[0]
    assert "two or more" in exception_problems([dict(good, languages=good["languages"][:1])])[0]
    assert "no reason" in exception_problems([dict(good, reason=" ")])[0]


def test_the_exception_resolver_finds_fields_and_rejects_wrong_ones() -> None:
    # a guard for the test above: a stale entry must be seen as such
    term = GlossaryTerm.objects.select_related("ruleset").first()
    assert term is not None
    assert field_values(term.ruleset.key, f"term:{term.slug}", "term") is not None
    assert field_values(term.ruleset.key, f"term:{term.slug}", "nonsense") is None
    assert field_values(term.ruleset.key, "term:no-such-term", "term") is None
    table = GameTable.objects.select_related("ruleset").prefetch_related("rows").first()
    if table is not None:
        assert field_values(table.ruleset.key, f"table:{table.slug}", "rows.1.effect") is not None
        assert field_values(table.ruleset.key, f"table:{table.slug}", "rows.999.effect") is None
    assert field_values("bb2025", "team:human", "positionals.ogre.name") == {
        "es": "Ogro",
        "it": "Ogre",
        "fr": "Ogre",
        "en": "Ogre",
    }
    assert field_values("bb2025", "team:human", "positionals.no-such.name") is None
    assert field_values("bb2025", "team-rule:team-captain", "name") is not None
    assert field_values("bb2025", "parameter:troll", "label") is not None
    assert field_values("bb2025", "star:grak-and-crumbleberry", "players.grak.name") == dict.fromkeys(LANGS, "Grak")
    assert field_values("bb2025", "star:grak-and-crumbleberry", "players.no-such.name") is None
    assert field_values("lrb6", "inducement:igor", "name") == dict.fromkeys(LANGS, "Igor")
    assert field_values("bb2025", "parameter:no-such", "label") is None
