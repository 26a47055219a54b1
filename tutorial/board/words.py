"""The board's vocabulary in the reader's language and the edition's terms: the characteristics'
abbreviations and the players' states come from the glossary (so the board says MO/FU/AG/AR in
Spanish classic and MV…PS in 2025, like the rules pages), skill names from the skill list.
Read once per content version."""

from __future__ import annotations

import re
from functools import lru_cache

from django.utils.translation import gettext as _

from rulebook import selectors
from rulebook.engine import get_edition

from .code import LONER, STATS, Piece, loner_target

CHARACTERISTIC_TERMS = {
    "ma": "movement-allowance",
    "st": "strength",
    "ag": "agility",
    "pa": "passing-ability",
    "av": "armour-value",
}
STATUS_TERMS = ("standing", "prone", "stunned")
_ABBREVIATION = re.compile(r"\(([^()]+)\)\s*$")
LONER_PLACEHOLDER = "(X+)"  # in the 2025 name of Loner, every language


@lru_cache(maxsize=32)
def _terms(edition: str, lang: str, version: int) -> dict[str, str]:
    return selectors.glossary_terms(edition, (*CHARACTERISTIC_TERMS.values(), *STATUS_TERMS), lang)


@lru_cache(maxsize=32)
def _skills(edition: str, lang: str, version: int) -> tuple[tuple[str, str, str], ...]:
    return tuple(selectors.skill_choices(edition, lang))


def skill_list(edition: str, lang: str) -> tuple[tuple[str, str, str], ...]:
    """(slug, name, category) of the edition's skills and traits, in the language's order."""
    return _skills(edition, lang, selectors.content_version())


def known_skills(edition: str) -> frozenset[str]:
    return frozenset(slug for slug, _name, _category in skill_list(edition, "en"))


def skill_name(edition: str, lang: str, slug: str) -> str:
    return next((name for s, name, _c in skill_list(edition, lang) if s == slug), slug)


def piece_skill_name(edition: str, lang: str, piece: Piece, slug: str) -> str:
    """A skill as his roster prints it: "Loner (3+)" in 2025 (the edition's name holds "(X+)"),
    plain "Loner" in the classic rules, where every Loner rolls 4+."""
    name = skill_name(edition, lang, slug)
    if slug == LONER and LONER_PLACEHOLDER in name:
        return name.replace(LONER_PLACEHOLDER, f"({loner_target(edition, piece)}+)")
    return name


def loner_name(edition: str, lang: str) -> str:
    """Loner's name without its placeholder ("Solitario"), for sentences."""
    return skill_name(edition, lang, LONER).replace(LONER_PLACEHOLDER, "").strip()


def characteristic(edition: str, lang: str, name: str) -> tuple[str, str]:
    """(abbreviation, full name) of a characteristic: ("FU", "Fuerza") in Spanish."""
    term = _terms(edition, lang, selectors.content_version()).get(CHARACTERISTIC_TERMS[name], "")
    found = _ABBREVIATION.search(term)
    if found:
        return found[1], term[: found.start()].strip()
    return name.upper(), term or name.upper()


def status_name(edition: str, lang: str, status: str) -> str:
    found = _terms(edition, lang, selectors.content_version()).get(status)
    if found:
        return found
    return {"standing": _("Standing"), "prone": _("Prone"), "stunned": _("Stunned")}[status]


def stat_value(edition: str, name: str, value: int | None) -> str:
    if value is None:
        return "–"
    return f"{value}+" if name in get_edition(edition).target_characteristics else str(value)


def stats_line(edition: str, lang: str, piece: Piece) -> str:
    """ "MA 6 ST 3 AG 3+ PA 4+ AV 9+" in the language's abbreviations."""
    return " ".join(
        f"{characteristic(edition, lang, name)[0]} {stat_value(edition, name, getattr(piece, name))}"
        for name in STATS[edition]
    )


@lru_cache(maxsize=32)
def _weather_rows(edition: str, lang: str, version: int) -> dict[int, str]:
    return selectors.table_row_names(edition, "weather", lang)


def weather_choices(edition: str, lang: str) -> list[tuple[str, str]]:
    """(weather, name) in the order of the edition's weather table, named as on its table page."""
    names = _weather_rows(edition, lang, selectors.content_version())
    found = []
    for row in get_edition(edition).weather_table:
        found.append((row.effect, names.get(row.lo) or row.effect.replace("_", " ")))
    return found


def team_name(team: str) -> str:
    return _("Team %(team)s") % {"team": team}
