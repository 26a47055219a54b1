"""The calculator's whole form as the page shows it, from a Form (form.py): each player's skill
boxes in the edition's order, the rows with their messages in the reader's language, the
goals and words the options' help names. Django-free: the page (page.py) renders it with its
template, the phone offline (tutorial/phone.py) fills the saved page's form with it."""

from __future__ import annotations

from typing import Any

from rulebook import notation
from rulebook.engine import OFFERED_SKILLS, get_edition, in_edition, opponent_skills
from rulebook.portable.i18n import gettext as _

from . import calculator
from .classic import OddsError
from .form import Form, padded
from .labels import GOAL_LABELS, content_slug, player_label, skill_label

# The skills a player's box offers, in the engine's order (an edition shows those it has).
SKILL_ORDER = OFFERED_SKILLS
BLOCK_WORDS = opponent_skills("block")  # the defender's skills a block row offers
DODGE_WORDS = opponent_skills("dodge")
VICTIM_WORDS = opponent_skills("armour")


def edition_skills(edition: str) -> list[str]:
    return list(in_edition(edition, SKILL_ORDER))


def choices(form: Form, edition: str, lang: str) -> dict[str, Any]:
    skills = edition_skills(edition)
    names = {s: skill_label(edition, s, lang) for s in skills}
    players = []
    for slot in form.players:
        chosen = {s if s != "claws" else "claw" for s in slot["skills"]}
        error = slot["error"]
        players.append(
            {
                **slot,
                "error": calculator.page_error(error) if isinstance(error, OddsError) else "",
                "choices": [(content_slug(edition, s), names[s], s in chosen) for s in skills],
                "summary": ", ".join(names[s] for s in skills if s in chosen),
            }
        )
    rows = []
    for row in padded(form.rows):
        error = row["error"]
        rows.append({**row, "error": calculator.page_error(error) if isinstance(error, OddsError) else ""})
    named = ("frenzy", "shadowing", "tentacles", "break-tackle", "loner", "diving-tackle")
    words: dict[str, Any] = {s.replace("-", "_"): skill_label(edition, s, lang) for s in named}
    words["loner"] = notation.without_placeholder(words["loner"])  # "Loner (X+)" in 2025
    abbreviations = notation.abbreviations(edition, lang)
    words |= {key: abbreviations[key] for key in ("st", "ag", "ma")}
    words |= {
        "block": [(content_slug(edition, s), skill_label(edition, s, lang)) for s in BLOCK_WORDS],
        "dodge": [(content_slug(edition, s), skill_label(edition, s, lang)) for s in DODGE_WORDS],
        "victim": [
            (content_slug(edition, s), skill_label(edition, s, lang)) for s in in_edition(edition, VICTIM_WORDS)
        ],
    }
    return {
        "words": words,
        "players": players,
        "rows": rows,
        "goals": [(g, str(label)) for g, label in GOAL_LABELS.items()],
        "loner_choices": get_edition(edition).loner_targets,
        "who_choices": [(str(p["slot"]), player_label(p["name"])) for p in form.players],
    }


def filled(form: Form, lang: str) -> dict[str, Any]:
    """The values, boxes and messages the phone puts in the saved page's form (engine.js), as the
    page would have rendered them for this form."""
    shown = choices(form, form.edition, lang)
    loner = shown["words"]["loner"]
    players = []
    for p in shown["players"]:
        skills, none = _("Skills"), _("none")  # outside the f-string, where makemessages finds them
        summary = f"{skills}: {p['summary'] or none}" + (f" · {loner} {p['loner']}+" if p["loner"] else "")
        fields = {key: p[key] for key in ("slot", "name", "loner", "st", "ag", "ma", "error", "choices")}
        players.append({**fields, "summary": summary})
    rows = [{key: row[key] for key in ROW_KEYS} for row in shown["rows"]]
    return {"edition": form.edition, "team": form.team, "players": players, "rows": rows, "who": shown["who_choices"]}


ROW_KEYS = ("n", "who", "kind", "value", "goal", "options", "conditional", "error")
