"""The calculator's target helper: the target of one roll from AG (or the 2025 PA), the opponents
marking the square that counts, the range, the weather and the roller's skills, with the reasons
(the edition's own test, engine/targets.py). Fields: h_kind, h_char, h_m, h_band, h_catch,
h_weather, h_skills (repeated); a bad value gets its message next to it."""

from __future__ import annotations

from typing import Any

from rulebook import notation
from rulebook.engine import TARGET_BANDS as BANDS
from rulebook.engine import TARGET_CATCHES as CATCHES
from rulebook.engine import TARGET_KINDS as KINDS
from rulebook.engine import TARGET_MAX_MARKERS as MAX_MARKERS
from rulebook.engine import TARGET_SKILLS as SKILLS
from rulebook.engine import TargetSituation as Situation
from rulebook.engine import Weather, get_edition
from rulebook.engine import roll_target as target
from rulebook.portable.i18n import gettext as _
from rulebook.portable.i18n import gettext_lazy, pgettext_lazy
from rulebook.portable.queries import QueryError, query_choice, query_int

from ..shared import contentnames, phrases
from ..shared.explaining import explanation_lines

HELPER_KINDS = {
    "dodge": gettext_lazy("Dodge"),
    "rush": "",  # the edition's own term
    "pickup": gettext_lazy("Pick-up"),
    "catch": gettext_lazy("Catch"),
    "handoff": gettext_lazy("Hand-off (the catch)"),
    "pass": gettext_lazy("Pass"),
    "intercept": gettext_lazy("Interception (the opponent's roll)"),
    "land": gettext_lazy("Landing after a throw"),
    "hailmary": "",  # the skill's name
}
assert set(HELPER_KINDS) == set(KINDS)
WEATHERS = {
    "nice": gettext_lazy("good weather"),
    "pouring_rain": gettext_lazy("pouring rain"),
    "very_sunny": gettext_lazy("very sunny"),
    "blizzard": gettext_lazy("blizzard"),
}
CATCH_LABELS = {
    "accurate_pass": gettext_lazy("an accurate pass"),
    "inaccurate_pass": gettext_lazy("an inaccurate pass"),
    "bounce": gettext_lazy("a bouncing ball"),
    "kick_off": gettext_lazy("the kick-off"),
}
assert set(CATCH_LABELS) == set(CATCHES)


def rush_term(edition: str, lang: str) -> str:
    """The edition's own name for going for it, from its glossary ("¡A por ellos!" in the classic
    rules, "Forzar la marcha" in 2025); the tutorial's phrase if the entry is missing."""
    return contentnames.glossary_name(edition, get_edition(edition).rush_term, lang) or phrases.phrase(
        "rush", lang, edition
    )


# The glossary entry naming a kind of roll: the edition's own term ("Schivare" in 2025, "Smarcarsi" before).
HELPER_TERMS = {"dodge": "dodge", "pickup": "pick-up", "catch": "catch", "pass": "pass"}
# A kind named with each edition's own word (the catch of a hand-off: Italian "ricezione" before
# 2025, "ricevere" in it); HELPER_KINDS holds the fallback.
EDITION_KINDS = {
    ("lrb6", "handoff"): pgettext_lazy("classic rules", "Hand-off (the catch)"),
    ("bb2025", "handoff"): pgettext_lazy("2025 rules", "Hand-off (the catch)"),
}


def kind_name(kind: str, edition: str, lang: str) -> str:
    """A kind of roll as the helper's list names it: the edition's glossary term, the catalogue's
    label if the glossary has none, the rush term or the skill's name."""
    if (edition, kind) in EDITION_KINDS:
        return str(EDITION_KINDS[(edition, kind)])
    if kind in HELPER_TERMS:
        term = contentnames.glossary_name(edition, HELPER_TERMS[kind], lang)
        if term:
            return term
    return str(HELPER_KINDS[kind]) or _special_label(kind, edition, lang)


def _special_label(kind: str, edition: str, lang: str) -> str:
    if kind == "rush":
        return rush_term(edition, lang)
    return contentnames.skill_name(edition, "hail-mary-pass", lang)


def _characteristic(kind: str, edition: str, lang: str) -> str:
    """What the number is: AG, or the 2025 PA for a pass (as our glossary abbreviates them)."""
    key = get_edition(edition).pass_characteristic if kind in ("pass", "hailmary") else "ag"
    return notation.characteristic_names(edition, lang)[key][0]


HELPER_PARAMS = ("h_kind", "h_skills", "h_char", "h_m", "h_band", "h_catch", "h_weather")


def helper_context(query: Any, edition: str, lang: str) -> dict[str, Any]:
    kind = (query.get("h_kind") or "").strip()
    chosen = {s for s in (query.getlist("h_skills") if hasattr(query, "getlist") else []) if s in SKILLS}
    fields = {
        "kind": kind,
        "char": (query.get("h_char") or "").strip()[:2],
        "m": (query.get("h_m") or "").strip()[:2],
        "band": query.get("h_band") or "short",
        "catch": query.get("h_catch") or "accurate_pass",
        "weather": query.get("h_weather") or "nice",
        "skills": chosen,
    }
    names = {slug: contentnames.skill_name(edition, slug, lang) for slug in SKILLS}
    context: dict[str, Any] = {
        "fields": fields,
        "kinds": [(k, kind_name(k, edition, lang)) for k in HELPER_KINDS],
        "bands": [(b, phrases.phrase(b, lang, edition)) for b in BANDS],
        "catches": [(c, str(label)) for c, label in CATCH_LABELS.items()],
        "weathers": [(w, str(label)) for w, label in WEATHERS.items()],
        "skills": [(s, names[s], s in chosen) for s in SKILLS],
        "char_label": _characteristic(kind, edition, lang),
        "answer": None,
        "error": "",
    }
    if kind not in KINDS:
        return context
    try:
        char = query_int(query, "h_char", 1, 6, 3)
        markers = query_int(query, "h_m", 0, MAX_MARKERS, 0)
        band = query_choice(query, "h_band", BANDS, "short")
        catch = query_choice(query, "h_catch", CATCHES, "accurate_pass")
        weather = Weather(query_choice(query, "h_weather", WEATHERS, "nice"))
    except QueryError as error:
        label = {"h_char": context["char_label"], "h_m": _("Opponents marking")}.get(error.param, error.param)
        context["error"] = _("%(subject)s: must be a whole number from %(lo)s to %(hi)s") % {
            "subject": label,
            "lo": 0 if error.param == "h_m" else 1,
            "hi": MAX_MARKERS if error.param == "h_m" else 6,
        }
        return context
    try:
        found = target(get_edition(edition), Situation(kind, char, markers, band, catch, weather, frozenset(chosen)))
    except ValueError:
        context["error"] = _("This pass cannot be made in this weather.")
        return context
    context["answer"] = {
        "target": notation.target(found.target),
        "fumble": found.fumble if kind in ("pass", "hailmary") else None,
        "lines": explanation_lines(found.explanation, lang, edition, {}),
    }
    return context


__all__ = ["helper_context"]
