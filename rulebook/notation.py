"""How the editions write a player and a roll, in every language: the characteristics (MA ST AG
PA AV), their abbreviations as each language's glossary gives them in each edition ("Fuerza (FU)"
in the classic Spanish rules, "Movimiento (MV)" in the 2025 ones), a value in the edition's own
notation (classic AG 3 and AV 8; 2025 AG 3+, PA 4+ or – for none, AV 9+), a roll's target ("4+")
and a skill's parameter in its name ("Loner (X+)" → "Loner (4+)").

The one place the team pages, the API (rosters.py), the board and the odds labels take these from.
Which characteristics an edition has and which it writes as targets are the engine's facts
(Edition.characteristics, target_characteristics); this module only writes them."""

from __future__ import annotations

import re
from collections.abc import Mapping

from . import selectors
from .engine import Edition
from .rendering.version import per_content_version

CHARACTERISTICS: tuple[str, ...] = ("ma", "st", "ag", "pa", "av")
# The glossary term of each characteristic; its name ends with the language's abbreviation.
CHARACTERISTIC_TERMS = {
    "ma": "movement-allowance",
    "st": "strength",
    "ag": "agility",
    "pa": "passing-ability",
    "av": "armour-value",
}
NO_VALUE = "–"
ABBREVIATION_RE = re.compile(r"\(([^()]+)\)\s*$")
# A skill named with a placeholder for its parameter: "Loner (X+)", "Animosidad (X)".
PLACEHOLDER_RE = re.compile(r"\s*\(X\+?\)$")


def profile_keys(edition: Edition) -> tuple[str, ...]:
    """The characteristics a profile of the edition shows, in order (PA only where it exists)."""
    return edition.characteristics


def is_target(edition: Edition, key: str) -> bool:
    """Whether the edition writes the characteristic as a roll's target (with a "+")."""
    return key in edition.target_characteristics


def target(value: int) -> str:
    """A roll's target as every edition writes it: 4 → "4+"."""
    return f"{value}+"


def characteristic_value(edition: Edition, key: str, value: int | None) -> str:
    """A characteristic as the edition writes it: classic AG 3 and AV 8, 2025 AG 3+, PA 4+ and
    AV 9+; – for none (no value, or a PA of 0 or in an edition without PA)."""
    if value is None or (key == "pa" and not (key in edition.characteristics and value)):
        return NO_VALUE
    return target(value) if is_target(edition, key) else str(value)


def split_abbreviation(term: str) -> tuple[str, str]:
    """ "Fuerza (FU)" → ("Fuerza", "FU"); a name without one → (name, "")."""
    found = ABBREVIATION_RE.search(term)
    if found is None:
        return term, ""
    return term[: found.start()].strip(), found[1]


def abbreviation(term: str) -> str:
    """ "Fuerza (FU)" → "FU": the short form a glossary name gives in brackets ("" if none)."""
    return split_abbreviation(term)[1]


@per_content_version(maxsize=32)
def characteristic_names(ruleset: str, lang: str) -> Mapping[str, tuple[str, str]]:
    """{key: (abbreviation, full name)} of every characteristic in the ruleset's glossary and the
    language: "st" → ("FU", "Fuerza"). A missing abbreviation reads as the key in capitals ("ST"),
    a missing term as that too."""
    terms = selectors.glossary_terms(ruleset, tuple(CHARACTERISTIC_TERMS.values()), lang)
    found = {}
    for key, slug in CHARACTERISTIC_TERMS.items():
        term = terms.get(slug, "")
        name, short = split_abbreviation(term)
        found[key] = (short, name) if short else (key.upper(), term or key.upper())
    return found


def abbreviations(ruleset: str, lang: str) -> dict[str, str]:
    """MA ST AG PA AV as the ruleset's glossary abbreviates them in the language."""
    return {key: short for key, (short, _name) in characteristic_names(ruleset, lang).items()}


def has_placeholder(name: str) -> bool:
    return PLACEHOLDER_RE.search(name) is not None


def without_placeholder(name: str) -> str:
    """ "Solitario (X+)" → "Solitario", for sentences and for a name with its own parameter."""
    return PLACEHOLDER_RE.sub("", name)


def with_parameter(name: str, parameter: str) -> str:
    """ "Loner (4+)" from "Loner (X+)" and "4+"; the name alone without a parameter."""
    if not parameter:
        return name
    return f"{without_placeholder(name)} ({parameter})"
