"""Localised phrases for the engine's stable keys (reasons, outcomes, words) and the tutorial's own
lines and headings, read from phrases.toml (es, it, fr, en side by side, like the content files).

A key may have an edition-specific form, "key@bb2025", used first: the 2025 edition renamed several
things (Rush for Go For It, Marked for tackle zones). Skill names are never written out: a phrase
says [[skill:mighty-blow]] and gets the skill's name in the reader's language and the edition from
the content, so a phrase cannot drift from the skill pages. A text may also name a glossary term
or another edition's name: [[term:fumble]], [[lrb6:term:go-for-it]], [[lrb6:skill:dodge]].
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from rulebook import selectors
from rulebook.rendering.version import per_content_version
from rulebook.vocab import BLOOD_BOWL_EDITIONS, LANGS, RULESET_KEYS

from . import icu

PHRASES_FILE = Path(__file__).with_name("phrases.toml")
# Sections searched by phrase(), in order; headings are looked up by heading() first.
SENTENCE_SECTIONS = ("reasons", "dreadball", "outcomes", "words", "lines", "labels")
SECTIONS = (*SENTENCE_SECTIONS, "headings")

Phrases = dict[str, dict[str, dict[str, str]]]  # section → key → language → template


class PhraseFileError(ValueError):
    """phrases.toml does not follow its layout (raised when it is first read)."""


@cache
def load(path: Path = PHRASES_FILE) -> Phrases:
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    problems = [
        f"{section}.{key}"
        for section, table in data.items()
        for key, texts in table.items()
        if set(texts) != set(LANGS) or not all(isinstance(t, str) and t.strip() for t in texts.values())
    ]
    unknown = set(data) - set(SECTIONS)
    if problems or unknown:
        raise PhraseFileError(f"{path}: unknown sections {sorted(unknown)}; incomplete phrases {problems}")
    return data


def _find(sections: tuple[str, ...], key: str, lang: str, edition: str | None) -> str | None:
    data = load()
    for section in sections:
        table = data.get(section, {})
        if edition and f"{key}@{edition}" in table:
            return table[f"{key}@{edition}"][lang]
        if key in table:
            return table[key][lang]
    return None


SKILL_TOKEN_RE = re.compile(r"\[\[skill:([a-z0-9-]+)\]\]")
NAME_TOKEN_RE = re.compile(r"\[\[(?:(" + "|".join(RULESET_KEYS) + r"):)?(skill|term):([a-z0-9-]+)\]\]")


@per_content_version(maxsize=64)
def _skill_names(edition: str, lang: str) -> dict[str, str]:
    return selectors.edition_skill_names(edition, lang)


@per_content_version(maxsize=64)
def _term_names(ruleset: str, lang: str) -> dict[str, str]:
    return selectors.edition_term_names(ruleset, lang)


def with_skill_names(template: str, lang: str, edition: str | None) -> str:
    """The template with each [[skill:slug]] replaced by that skill's name in the language and
    edition (the classic rules outside Blood Bowl 2025), each [[term:slug]] by the glossary term;
    a ruleset key in the token names another edition's item ([[lrb6:term:go-for-it]])."""
    if "[[" not in template:
        return template
    found: dict[tuple[str, str], dict[str, str]] = {}  # each list read once per template

    def name(match: re.Match[str]) -> str:
        ruleset, kind, slug = match[1] or edition or "lrb6", match[2], match[3]
        if (kind, ruleset) not in found:
            if kind == "skill":
                found[kind, ruleset] = _skill_names(ruleset if ruleset in BLOOD_BOWL_EDITIONS else "lrb6", lang)
            else:
                found[kind, ruleset] = _term_names(ruleset, lang)
        return found[kind, ruleset].get(slug) or slug.replace("-", " ").title()

    return NAME_TOKEN_RE.sub(name, template)


def lookup(key: str, lang: str, edition: str | None = None) -> str | None:
    """The template of a key in a language (edition-specific form first, skill names filled in), or None."""
    template = _find(SENTENCE_SECTIONS, key, lang, edition)
    return None if template is None else with_skill_names(template, lang, edition)


def phrase(key: str, lang: str, edition: str | None = None, **params: Any) -> str:
    """A key as a sentence in the language, its values and forms filled in (icu.render: an
    unknown {name} stays visible); the key itself if it has no phrase."""
    template = lookup(key, lang, edition)
    if template is None:
        return key.replace("_", " ")
    return icu.render(template, params, lang, edition)


def outcome(key: str, lang: str, edition: str | None = None) -> str:
    """The name of a result ("accurate pass", "stunned"), never a reason of the same key."""
    found = _find(("outcomes", "words"), key, lang, edition)
    return with_skill_names(found, lang, edition) if found is not None else phrase(key, lang, edition)


def heading(key: str, lang: str, edition: str | None = None, **params: Any) -> str:
    """The title of an explanation panel (a heading, else the key's phrase), its values filled in."""
    found = _find(("headings",), key, lang, edition)
    if found is None:
        return phrase(key, lang, edition, **params)
    return icu.render(with_skill_names(found, lang, edition), params, lang, edition)


def known_keys() -> set[str]:
    return {key.split("@")[0] for section in SENTENCE_SECTIONS for key in load().get(section, {})}
