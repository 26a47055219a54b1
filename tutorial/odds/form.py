"""The calculator's form: its players (pn1 name, ps1 skills, pl1 Loner target, pst1/pag1/pma1) and its
rows (w1 player, k1 kind, v1 value, g1 goal, o1 options, c1 "only after the branch result", m1
"only if the previous roll misses", pk1 the kind the row had), read into a code of the odds language with one message per faulty row or
player, and a Sequence shown back as form values.

A row whose kind changed (k ≠ pk) gets that kind's usual value when its value was the old kind's
usual one, empty or unreadable for the new kind: that works without JavaScript too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rulebook.engine import ST_KINDS, TURN_KINDS, TurnError, check, get_edition, kinds_in

from .calculator import EDITIONS, edition_of, rule_error, team_of
from .classic import MAX_STEPS, NO_STEPS, NO_STEPS_PAGE, OddsError
from .code import (
    BAD_PLAYER_NAME,
    CODE_KIND,
    DEFAULT_PLAYER,
    DEFAULT_VALUE,
    MAX_PLAYERS,
    NAME_RE,
    Sequence,
    choice_options,
    option_tokens,
    parse_player,
    parse_step,
    parse_value,
)

ROWS = MAX_STEPS
SLOTS = MAX_PLAYERS
SLOT_NAMES = ("a", "b", "c")  # short names for the share code; the reader may rename them
D6_DEFAULTS = {
    "dodge": 3,
    "pickup": 3,
    "catch": 3,
    "handoff": 3,
    "pass": 4,
    "ttm": 4,
    "land": 3,
    "leap": 4,
    "roll": 4,
    "bomb": 4,  # a Throw Bomb: a pass's roll
    "fury": 2,  # Unchannelled Fury before a Block or a Blitz (+2): the natural roll needed
}
GAZE_DEFAULT = {"lrb6": 4, "bb2025": 3}  # classic: an Agility roll (AG 3: 4+); 2025: a D6, 3+
ST_DEFAULT = 4  # Dauntless, Tentacles: the opponent's ST (a lineman's 3 and one more)
FORM_KINDS: tuple[str, ...] = tuple(
    CODE_KIND.get(kind, kind) for kind in TURN_KINDS
)  # the engine's, as the code writes them
ENGINE_KIND = {"gfi": "rush"}


def edition_kinds(edition: str) -> tuple[str, ...]:
    """The form's kinds that a turn of this edition may hold (2025's Unchannelled Fury roll)."""
    kinds = kinds_in(edition)
    return tuple(kind for kind in FORM_KINDS if ENGINE_KIND.get(kind, kind) in kinds)


def only_in(kind: str) -> tuple[str, ...]:
    """The editions a form kind belongs to, or () when every edition has it."""
    editions = tuple(key for key in EDITIONS if kind in edition_kinds(key))
    return editions if len(editions) < len(EDITIONS) else ()


# The form's fields: per player slot (name, skills, Loner, ST, AG, MA) and per row (who, kind, the
# kind before a change, value, goal, options, "only if the previous one…").
PLAYER_FIELDS = ("pn", "ps", "pl", "pst", "pag", "pma")
ROW_FIELDS = ("w", "k", "pk", "v", "g", "o", "c", "m")
FORM_PARAMS = tuple(f"{name}{i}" for name in PLAYER_FIELDS for i in range(1, SLOTS + 1)) + tuple(
    f"{name}{i}" for name in ROW_FIELDS for i in range(1, ROWS + 1)
)


def default_text(kind: str, edition: str) -> str:
    """The usual value of a kind as the form shows it ("3+", "2D", "AV8")."""
    engine_kind = ENGINE_KIND.get(kind, kind)
    if engine_kind == "block":
        return "2D"
    if engine_kind in ("armour", "foul", "chainsaw", "stab"):
        return "AV9" if get_edition(edition).av_is_target else "AV8"
    if engine_kind in ST_KINDS:
        return str(ST_DEFAULT)
    if engine_kind == "chain":  # how many of the throw-in template's ways will do
        return "1"
    if engine_kind == "gaze":
        return f"{GAZE_DEFAULT.get(edition, 4)}+"
    value = D6_DEFAULTS.get(engine_kind) or DEFAULT_VALUE.get(engine_kind, 3)
    return f"{value}+"


def value_text(kind: str, value: int, defender_chooses: bool) -> str:
    if kind == "block":
        return f"{'-' if defender_chooses else ''}{value}D"
    if kind in ("armour", "foul", "chainsaw", "stab"):
        return f"AV{value}"
    if kind in (*ST_KINDS, "chain"):
        return str(value)
    return f"{value}+"


@dataclass
class Form:
    """What the form shows and what was wrong with it."""

    edition: str
    team: str
    players: list[dict[str, Any]]
    rows: list[dict[str, Any]]
    errors: list[OddsError] = field(default_factory=list)
    sequence: Sequence | None = None


def has_form(query: Any) -> bool:
    return any(f"k{i}" in query for i in range(1, ROWS + 1))


def _slot(query: Any, i: int) -> dict[str, Any]:
    skills = query.getlist(f"ps{i}") if hasattr(query, "getlist") else []
    return {
        "slot": i,
        "name": (query.get(f"pn{i}") or "").strip().lower()[:12] or SLOT_NAMES[i - 1],
        "skills": [s for s in skills if s][:24],
        "loner": (query.get(f"pl{i}") or "").strip()[:2],
        "st": (query.get(f"pst{i}") or "").strip()[:2],
        "ag": (query.get(f"pag{i}") or "").strip()[:2],
        "ma": (query.get(f"pma{i}") or "").strip()[:2],
        "error": "",
    }


def _row(query: Any, i: int, edition: str) -> dict[str, Any]:
    kind = (query.get(f"k{i}") or "").strip()[:12]
    previous = (query.get(f"pk{i}") or "").strip()[:12]
    value = (query.get(f"v{i}") or "").strip()[:12]
    if kind and previous and kind != previous and kind in FORM_KINDS:
        stale = not value or value == default_text(previous, edition)
        try:
            parse_value(ENGINE_KIND.get(kind, kind), value, edition, value)
        except OddsError:
            stale = True
        if stale:
            value = default_text(kind, edition)
    return {
        "n": i,
        "who": (query.get(f"w{i}") or "1").strip()[:2],
        "kind": kind,
        "value": value,
        "goal": (query.get(f"g{i}") or "").strip()[:8],
        "options": (query.get(f"o{i}") or "").strip()[:80],
        "conditional": bool(query.get(f"c{i}")),
        "on_miss": bool(query.get(f"m{i}")),
        "error": "",
    }


def read_form(query: Any) -> Form:
    """The form's players and rows, parsed one by one (every faulty row gets its own message)."""
    errors: list[OddsError] = []
    try:
        edition = edition_of(query)
    except OddsError as error:
        errors.append(error)
        edition = "lrb6"
    team_text = (query.get("team_reroll") or "1").strip()[:3]
    try:
        team = team_of(query)
    except OddsError as error:
        errors.append(error)
        team = 1
    slots = [_slot(query, i) for i in range(1, SLOTS + 1)]
    rows = [_row(query, i, edition) for i in range(1, ROWS + 1)]
    form = Form(edition, team_text, slots, rows, errors)
    players = []
    for slot in slots:
        attrs = list(slot["skills"])
        if slot["loner"]:
            attrs.append(f"loner:{slot['loner']}")
        attrs += [f"{key}:{slot[key]}" for key in ("st", "ag", "ma") if slot[key]]
        try:
            if not NAME_RE.match(slot["name"]):
                raise OddsError(slot["name"], BAD_PLAYER_NAME)
            players.append(parse_player(f"{slot['name']}={','.join(attrs)}", edition))
        except OddsError as error:
            slot["error"] = error
            errors.append(error)
    names = {str(slot["slot"]): slot["name"] for slot in slots}
    steps = []
    used = [row for row in rows if row["kind"]]
    for row in used:
        who = names.get(row["who"], DEFAULT_PLAYER)
        mark = ("?" if row["conditional"] else "") + ("!" if row["on_miss"] else "")  # both: refused
        token = f"{mark}{who}.{row['kind']}:{row['value']}"
        extras = ([row["goal"]] if row["goal"] else []) + option_tokens(row["options"])
        try:
            step = parse_step("/".join([token, *extras]), edition, who)
            steps.append(step)
        except OddsError as error:
            error.index = row["n"]
            row["error"] = error
            errors.append(error)
    if not used:
        errors.append(OddsError("steps", NO_STEPS, NO_STEPS_PAGE))
    if errors:
        return form
    referenced = {s.player for s in steps}
    kept = tuple(p for p in players if p.name in referenced)
    sequence = Sequence(edition, team, kept, tuple(steps))
    try:
        check(get_edition(edition), sequence.turn())
    except TurnError as error:
        problem = rule_error(error, edition)
        if problem.index is not None:
            row = used[problem.index - 1]
            problem.index = row["n"]
            row["error"] = problem
        errors.append(problem)
        return form
    form.sequence = sequence
    return form


def form_of(sequence: Sequence) -> Form:
    """A sequence shown in the form (a shared code opened, or the example)."""
    slots = []
    names = [p.name for p in sequence.players]
    for s in sequence.steps:
        if s.player not in names:
            names.append(s.player)
    spare = [n for n in SLOT_NAMES if n not in names]
    for i in range(1, SLOTS + 1):
        name = names[i - 1] if i <= len(names) else spare.pop(0)
        player = sequence.turn().player(name)
        slots.append(
            {
                "slot": i,
                "name": name,
                "skills": sorted(s for s in player.skills if s != "loner"),
                "loner": str(
                    player.loner
                    or ("" if "loner" not in player.skills else get_edition(sequence.edition).loner_default_target)
                ),
                "st": "" if player.st == 3 else str(player.st),
                "ag": "" if player.ag == 3 else str(player.ag),
                "ma": "" if player.ma == 6 else str(player.ma),
                "error": "",
            }
        )
    rows = []
    for i, step in enumerate(sequence.steps, start=1):
        rows.append(
            {
                "n": i,
                "who": str(names.index(step.player) + 1) if step.player in names[:SLOTS] else "1",
                "kind": "gfi" if step.kind == "rush" else step.kind,
                "value": value_text(step.kind, step.value, step.defender_chooses),
                "goal": step.goal,
                "options": options_text(step),
                "conditional": step.conditional,
                "on_miss": step.on_miss,
                "error": "",
            }
        )
    return Form(sequence.edition, str(sequence.team_rerolls), slots, rows, [], sequence)


def options_text(step: Any) -> str:
    words = sorted(step.against)
    words += [flag for flag in ("blitz", "crowd", "bribe", "argue") if getattr(step, flag)]
    if step.dauntless is not None:
        words.append(f"dauntless:{'-' if step.dauntless < 0 else ''}{abs(step.dauntless)}d")
    numbers = (
        ("f", "fumble"),
        ("int", "intercept"),
        ("catch", "catcher"),
        ("tentacles", "tentacles"),
        ("shadow", "shadowing"),
    )
    for option, attr in numbers:
        number = getattr(step, attr)
        if number is not None and not (option == "f" and number == 1):
            words.append(f"{option}:{number}")
    if step.assists:
        words.append(f"a:{step.assists}")
    return " ".join(words + choice_options(step))


def padded(rows: list[dict[str, Any]], extra: int = 3) -> list[dict[str, Any]]:
    """The rows in use and a few empty ones after them (at most ROWS)."""
    used = max((r["n"] for r in rows if r["kind"]), default=0)
    shown = [r for r in rows if r["n"] <= used]
    for n in range(used + 1, min(ROWS, used + extra) + 1):
        shown.append(
            {
                "n": n,
                "who": "1",
                "kind": "",
                "value": "",
                "goal": "",
                "options": "",
                "conditional": False,
                "on_miss": False,
                "error": "",
            }
        )
    return shown


__all__ = [
    "FORM_KINDS",
    "ROWS",
    "SLOTS",
    "Form",
    "default_text",
    "edition_kinds",
    "form_of",
    "has_form",
    "only_in",
    "padded",
    "read_form",
]
