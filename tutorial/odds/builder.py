"""The odds calculator as a sequence builder: every change is a link to the share code of the
changed sequence (a GET with a real href, so it works without JavaScript and a result is always
a link). Cards add an action with its usual value; each step's value, goal and options are chips
next to its own numbers; arrows reorder, a cross removes; the edition and the team re-rolls are
one row. A code with no step yet (`c=bb2025;rr1;`) is the builder's empty start.

This module only writes codes and names: the engine answers through calculator.solve.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any
from urllib.parse import quote

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from rulebook import notation
from rulebook.engine import (
    CHAIN_KINDS,
    TURN_KEEPABLE,
    TurnStep,
    can_branch,
    can_miss,
    get_edition,
    has_reroll_source,
    in_edition,
    opponent_skills,
    rerollable,
)
from rulebook.http import query_text
from rulebook.links import page_url

from .calculator import EDITIONS, MAX_CODE_LENGTH, edition_of, team_of
from .classic import MAX_STEPS, NO_STEPS, OddsError
from .code import (
    DEFAULT_PLAYER,
    GOALS,
    MAX_TEAM_REROLLS,
    WAYS,
    Sequence,
    format_code,
    parse_code,
    parse_value,
)
from .form import ENGINE_KIND, default_text, edition_kinds
from .labels import GOAL_LABELS, branch_label, choice_labels, glossary, kind_label, skill_label, step_label

BLOCK_DICE = ((1, False), (2, False), (3, False), (2, True), (3, True))
D6_TARGETS = (2, 3, 4, 5, 6)
# Armour values offered as chips, in the edition's notation (classic AV 6-10, 2025 AV 7+-11+).
ARMOUR_VALUES = {"lrb6": (6, 7, 8, 9, 10), "bb2025": (7, 8, 9, 10, 11)}
FOUL_ASSISTS = (-1, 0, 1, 2, 3)
# Each edition's own word for an assist (Italian: "supporti" before 2025, "assistenze" in it).
NO_VALUE_CHIPS = ("hailmary",)  # its value is the rule's, not a choice
STEP_SKILLS = {  # the opponent's skills a step's chips offer (the engine's lists, edition's own)
    "block": "block",
    "dodge": "dodge",
    **dict.fromkeys(CHAIN_KINDS, "armour"),
}
EDITION_NAMES = {"lrb6": "LRB6", "bb2025": "2025"}


def odds_url(sequence: Sequence) -> str:
    # A page has some eighty chips, each a link: the odds page's address is reversed once per
    # language (page_url), not once per chip.
    return page_url("tutorial:odds", get_language()) + "?c=" + quote(format_code(sequence), safe=";,:/=.?!")


def read_draft(query: Any) -> Sequence | None:
    """A code whose only fault is having no step yet: the builder's empty start (players,
    edition and team re-rolls kept). None for anything else."""
    code = (query_text(query, "c", MAX_CODE_LENGTH) or "").strip()
    if not code:
        return None
    try:
        edition, team = edition_of(query), team_of(query)
        parse_code(code, edition, team)
    except OddsError as error:
        if error.template != NO_STEPS:
            return None
        try:  # the same code with one step, read for its settings and players only
            sequence = parse_code(code.rstrip("; ") + ";roll:2", edition, team)
        except OddsError:
            return None
        return replace(sequence, steps=())
    return None


def _current_player(sequence: Sequence) -> str:
    if sequence.steps:
        return sequence.steps[-1].player
    return sequence.players[0].name if sequence.players else DEFAULT_PLAYER


def _new_step(kind: str, sequence: Sequence) -> TurnStep:
    engine_kind = ENGINE_KIND.get(kind, kind)
    value, chooser = parse_value(engine_kind, default_text(kind, sequence.edition), sequence.edition, kind)
    return TurnStep(engine_kind, value, _current_player(sequence), defender_chooses=chooser)


def _with_step(sequence: Sequence, index: int, step: TurnStep) -> Sequence:
    steps = list(sequence.steps)
    steps[index] = step
    return replace(sequence, steps=tuple(steps))


def _ordered(sequence: Sequence, steps: list[TurnStep]) -> Sequence:
    if steps and steps[0].conditional:  # a first step has no branch result before it
        steps[0] = replace(steps[0], conditional=False)
    owner = None  # the step whose miss a "!" step follows: it must be able to miss
    for j, step in enumerate(steps):
        if step.on_miss and (owner is None or not can_miss(owner, sequence.turn().player(owner.player).skills)):
            steps[j] = replace(step, on_miss=False)
        if not steps[j].on_miss:
            owner = steps[j]
    return replace(sequence, steps=tuple(steps))


def cards(sequence: Sequence, lang: str) -> list[dict[str, str]]:
    """One card per action: its name in the edition's terms and the link that adds it."""
    if len(sequence.steps) >= MAX_STEPS:
        return []
    found = []
    for kind in edition_kinds(sequence.edition):
        step = _new_step(kind, sequence)
        found.append(
            {
                "kind": kind,
                "label": kind_label(kind, sequence.edition, lang),
                "url": odds_url(replace(sequence, steps=(*sequence.steps, step))),
            }
        )
    return found


def settings(sequence: Sequence) -> dict[str, Any]:
    """The edition and team re-roll row."""
    team = sequence.team_rerolls
    return {
        "editions": [
            {
                "key": key,
                "label": EDITION_NAMES[key],
                "url": odds_url(replace(sequence, edition=key)),
                "current": key == sequence.edition,
            }
            for key in EDITIONS
        ],
        "team": team,
        "fewer": odds_url(replace(sequence, team_rerolls=team - 1)) if team > 0 else "",
        "more": odds_url(replace(sequence, team_rerolls=team + 1)) if team < MAX_TEAM_REROLLS else "",
        "clear": odds_url(replace(sequence, steps=())),
    }


def _chip(label: str, sequence: Sequence, current: bool, aria: str = "") -> dict[str, Any]:
    return {"label": label, "url": odds_url(sequence), "current": current, "aria": aria or label}


def _value_chips(sequence: Sequence, i: int, step: TurnStep, lang: str) -> list[dict[str, Any]]:
    edition = sequence.edition
    if step.kind in NO_VALUE_CHIPS:
        return []
    if step.kind == "block":
        chips = []
        for dice, chooser in BLOCK_DICE:
            label = f"{'−' if chooser else ''}{dice}D"
            said = (_("%(count)s dice, the defender chooses") if chooser else _("%(count)s dice")) % {"count": dice}
            # the name a screen reader gives starts with what the chip shows (WCAG 2.5.3)
            one_die = _("one die")  # outside the f-string, where makemessages finds it
            aria = f"{label} ({one_die if dice == 1 else said})"
            changed = replace(step, value=dice, defender_chooses=chooser)
            current = (step.value, step.defender_chooses) == (dice, chooser)
            chips.append(_chip(label, _with_step(sequence, i, changed), current, aria))
        return chips
    if step.kind == "chain":  # "1/3": one of the throw-in template's three ways will do
        return [_chip(f"{w}/3", _with_step(sequence, i, replace(step, value=w)), step.value == w) for w in WAYS]
    if step.kind in CHAIN_KINDS:
        rules = get_edition(edition)
        av = notation.abbreviations(edition, lang)["av"]  # as the step's title writes it: AR in es and fr
        chips = []
        for shown in ARMOUR_VALUES[edition]:
            # the code holds the value in the edition's notation: classic AV 8, 2025 AV 9+
            label = av + str(notation.characteristic_value(rules, "av", shown))
            chips.append(_chip(label, _with_step(sequence, i, replace(step, value=shown)), step.value == shown))
        return chips
    return [
        _chip(notation.target(t), _with_step(sequence, i, replace(step, value=t)), step.value == t) for t in D6_TARGETS
    ]


def _goal_chips(sequence: Sequence, i: int, step: TurnStep) -> list[dict[str, Any]]:
    goals: tuple[str, ...] = GOALS.get(step.kind, ())
    if not goals:
        return []
    current = step.goal or goals[0]
    return [
        _chip(
            str(GOAL_LABELS[g]), _with_step(sequence, i, replace(step, goal="" if g == goals[0] else g)), g == current
        )
        for g in goals
    ]


def _option_chips(sequence: Sequence, i: int, step: TurnStep, lang: str) -> list[dict[str, Any]]:
    edition = sequence.edition
    chips = []
    if step.kind == "block":
        blitz = replace(step, blitz=not step.blitz)
        crowd = replace(step, crowd=not step.crowd)
        chips.append(_chip(glossary(edition, "blitz", lang), _with_step(sequence, i, blitz), step.blitz))
        chips.append(_chip(_("Back to the crowd"), _with_step(sequence, i, crowd), step.crowd))
    if step.kind == "foul":
        for a in FOUL_ASSISTS:
            # the edition's own word for assists (Supporto, Assistenza...: both glossaries have it)
            term = glossary(edition, "assist", lang)
            label = _("%(term)s: %(n)s") % {"term": term, "n": f"{a:+d}" if a else "0"}
            chips.append(_chip(label, _with_step(sequence, i, replace(step, assists=a)), step.assists == a))
    chips += _choice_chips(sequence, i, step, lang)
    roll = STEP_SKILLS.get(step.kind)
    if roll:
        for slug in in_edition(edition, opponent_skills(roll)):
            has = slug in step.against
            against = step.against - {slug} if has else step.against | {slug}
            name = skill_label(edition, slug, lang)
            chips.append(
                _chip(
                    name,
                    _with_step(sequence, i, replace(step, against=frozenset(against))),
                    has,
                    _("Opponent has %(skill)s") % {"skill": name},
                )
            )
    return chips


def _branch_owner(sequence: Sequence, i: int) -> int | None:
    """The index of the step a "?" on step i would follow: the one just before the run of "?" steps
    it joins."""
    j = i - 1
    while j >= 0 and sequence.steps[j].conditional:
        j -= 1
    return j if j >= 0 else None


def _mark_chips(sequence: Sequence, i: int, step: TurnStep, lang: str) -> list[dict[str, Any]]:
    """ "Only after a knock-down" ("?") and "only if the step before misses" ("!"), where the step
    before has such a result; a step takes one mark, so each hides while the other is set."""
    chips = []
    owner = _branch_owner(sequence, i)
    if owner is not None and can_branch(sequence.turn(), owner) and not step.on_miss:
        flipped = replace(step, conditional=not step.conditional)
        label = branch_label(sequence.steps[owner].kind, sequence.edition, lang)
        chips.append(_chip(label, _with_step(sequence, i, flipped), step.conditional))
    before = sequence.steps[i - 1] if i > 0 else None
    misses = before is not None and can_miss(before, sequence.turn().player(before.player).skills)
    if before is not None and (misses or before.on_miss) and not step.conditional:
        missed = replace(step, on_miss=not step.on_miss)
        chips.append(_chip(_("Only if the step before misses"), _with_step(sequence, i, missed), step.on_miss))
    return chips


def _reroll_choices(sequence: Sequence, step: TurnStep) -> tuple[str, ...]:
    """The re-roll plays the step may have: none, no team re-roll, and each source he could use."""
    edition = get_edition(sequence.edition)
    skills = sequence.turn().player(step.player).skills
    choices = ["none", "no-team"]
    if sequence.team_rerolls:
        choices.append("team")
    if has_reroll_source(edition, replace(step, reroll="skill"), skills):
        choices.append("skill")
    if "pro" in skills:
        choices.append("pro")
    return tuple(choices)


def _choice_chips(sequence: Sequence, i: int, step: TurnStep, lang: str) -> list[dict[str, Any]]:
    """The coach's own play as toggles: a re-roll he refuses or keeps to, a result he keeps, and
    the marks (tapping a chosen one goes back to the best play)."""
    edition = sequence.edition
    chips = _mark_chips(sequence, i, step, lang)
    if not rerollable(get_edition(edition), step.kind):
        return chips
    for choice in _reroll_choices(sequence, step):
        label = choice_labels(replace(step, reroll=choice, keep=frozenset()), edition, lang)[0]
        chosen = replace(step, reroll="" if step.reroll == choice else choice)
        chips.append(_chip(label[:1].upper() + label[1:], _with_step(sequence, i, chosen), step.reroll == choice))
    for word in TURN_KEEPABLE.get(step.kind, {}):
        kept = step.keep - {word} if word in step.keep else step.keep | {word}
        label = choice_labels(replace(step, reroll="", keep=frozenset({word})), edition, lang)[0]
        chips.append(_chip(label, _with_step(sequence, i, replace(step, keep=kept)), word in step.keep))
    return chips


def steps(sequence: Sequence, result: dict[str, Any] | None, lang: str) -> list[dict[str, Any]]:
    """Each step: its name, its own numbers, its chips and its reorder and remove links."""
    found = []
    shown = result["steps"] if result else []
    names = [p.name for p in sequence.players]
    for i, step in enumerate(sequence.steps):
        rest = list(sequence.steps)
        up = down = ""
        if i > 0:
            swapped = list(rest)
            swapped[i - 1], swapped[i] = swapped[i], swapped[i - 1]
            up = odds_url(_ordered(sequence, swapped))
        if i < len(rest) - 1:
            swapped = list(rest)
            swapped[i + 1], swapped[i] = swapped[i], swapped[i + 1]
            down = odds_url(_ordered(sequence, swapped))
        removed = odds_url(_ordered(sequence, rest[:i] + rest[i + 1 :]))
        options = _option_chips(sequence, i, step, lang)
        found.append(
            {
                "n": i + 1,
                "label": step_label(step, sequence.edition, lang),
                "player": step.player,
                "numbers": shown[i] if i < len(shown) else None,
                "values": _value_chips(sequence, i, step, lang),
                "goals": _goal_chips(sequence, i, step),
                "options": options,
                "options_on": sum(1 for c in options if c["current"]),
                "who": [
                    _chip(name, _with_step(sequence, i, replace(step, player=name)), name == step.player)
                    for name in names
                ]
                if len(names) > 1
                else [],
                "up": up,
                "down": down,
                "remove": removed,
            }
        )
    return found


def builder_context(sequence: Sequence, result: dict[str, Any] | None, lang: str) -> dict[str, Any]:
    return {
        "settings": settings(sequence),
        "steps": steps(sequence, result, lang),
        "cards": cards(sequence, lang),
        "probability": result["probability"] if result else "",
    }


__all__ = ["builder_context", "cards", "odds_url", "read_draft", "settings", "steps"]
