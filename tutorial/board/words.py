"""The board's vocabulary in the reader's language and the edition's terms: the characteristics'
abbreviations (rulebook.notation, as on the team pages) and the players' states come from the
glossary (so the board says MO/FU/AG/AR in Spanish classic and MV…PS in 2025, like the rules
pages), skill names from the skill list. Read once per content version."""

from __future__ import annotations

from collections.abc import Mapping

from rulebook import notation
from rulebook.engine import get_edition
from rulebook.portable import content
from rulebook.portable.i18n import gettext as _

from .code import LONER, STATS, Piece, loner_target

STATUS_TERMS = ("standing", "prone", "stunned")


def _status_terms(edition: str, lang: str) -> dict[str, str]:
    return content.glossary_terms(edition, STATUS_TERMS, lang)


def skill_list(edition: str, lang: str) -> tuple[tuple[str, str, str], ...]:
    """(slug, name, category) of the edition's skills and traits, in the language's order."""
    return content.skill_choices(edition, lang)


def known_skills(edition: str) -> frozenset[str]:
    return frozenset(slug for slug, _name, _category in skill_list(edition, "en"))


def skill_name(edition: str, lang: str, slug: str) -> str:
    return content.skill_choice_names(edition, lang).get(slug, slug)


def piece_skill_name(edition: str, lang: str, piece: Piece, slug: str) -> str:
    """A skill as his roster prints it: "Loner (3+)" in 2025 (the edition's name holds "(X+)"),
    plain "Loner" in the classic rules, where every Loner rolls 4+."""
    name = skill_name(edition, lang, slug)
    target = loner_target(edition, piece) if slug == LONER else None
    if target is not None and notation.has_placeholder(name):
        return notation.with_parameter(name, notation.target(target))
    return name


def loner_name(edition: str, lang: str) -> str:
    """Loner's name without its placeholder ("Solitario"), for sentences."""
    return notation.without_placeholder(skill_name(edition, lang, LONER)).strip()


def characteristic(edition: str, lang: str, name: str) -> tuple[str, str]:
    """(abbreviation, full name) of a characteristic: ("FU", "Fuerza") in Spanish."""
    return notation.characteristic_names(edition, lang)[name]


def status_name(edition: str, lang: str, status: str) -> str:
    found = _status_terms(edition, lang).get(status)
    if found:
        return found
    return {"standing": _("Standing"), "prone": _("Prone"), "stunned": _("Stunned")}[status]


def stat_value(edition: str, name: str, value: int | None) -> str:
    """A characteristic in the edition's notation: "3" in the classic rules, "3+" in 2025."""
    return notation.characteristic_value(get_edition(edition), name, value)


def stats_line(edition: str, lang: str, piece: Piece) -> str:
    """ "MA 6 ST 3 AG 3+ PA 4+ AV 9+" in the language's abbreviations."""
    return " ".join(
        f"{characteristic(edition, lang, name)[0]} {stat_value(edition, name, getattr(piece, name))}"
        for name in STATS[edition]
    )


def _weather_rows(edition: str, lang: str) -> Mapping[int, str]:
    return content.table_row_names(edition, "weather", lang)


def weather_choices(edition: str, lang: str) -> list[tuple[str, str]]:
    """(weather, name) in the order of the edition's weather table, named as on its table page."""
    names = _weather_rows(edition, lang)
    found = []
    for row in get_edition(edition).weather_table:
        found.append((row.effect, names.get(row.lo) or row.effect.replace("_", " ")))
    return found


def team_name(team: str) -> str:
    return _("Team %(team)s") % {"team": team}
