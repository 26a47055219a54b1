"""Names on the odds page: each kind of roll, goal, re-roll source and result in the reader's
language and the edition's terms (glossary entries and skill names from the content)."""

from __future__ import annotations

from rulebook import notation
from rulebook.engine import TURN_KEEPABLE, TurnStep, content_slug, get_edition
from rulebook.portable.i18n import gettext as _
from rulebook.portable.i18n import gettext_lazy, override, pgettext

from ..shared import contentnames, phrases
from . import helper
from .code import DEFAULT_PLAYER

KIND_LABELS = {
    "dodge": gettext_lazy("Dodge"),
    "pickup": gettext_lazy("Pick-up"),
    "catch": gettext_lazy("Catch"),
    "handoff": gettext_lazy("Hand-off (the catch)"),
    "pass": gettext_lazy("Pass"),
    "land": gettext_lazy("Landing after a throw"),
    "leap": gettext_lazy("Leap or jump"),
    "roll": gettext_lazy("Another D6 roll"),
    "block": gettext_lazy("Block"),
    "armour": gettext_lazy("Armour (after a block)"),
    "foul": gettext_lazy("Foul"),
}
SKILL_KINDS = {
    "hailmary": "hail-mary-pass",
    "ttm": "throw-team-mate",
    "chainsaw": "chainsaw",
    "stab": "stab",
    "gaze": "hypnotic-gaze",
    "fury": "unchannelled-fury",
    "bomb": "bombardier",  # a Throw Bomb, the skill's action  # 2025's trait (the classic rules refuse the step)
    "dauntless": "dauntless",
    "tentacles": "tentacles",
    "chain": "ball-and-chain",  # a square of his move: the throw-in template's D6
}
GOAL_LABELS = {
    "down": gettext_lazy("knock down"),
    "push": gettext_lazy("knock down or push"),
    "safe": gettext_lazy("no turnover"),
    "break": gettext_lazy("break armour"),
    "ko": gettext_lazy("KO or worse"),
    "cas": gettext_lazy("casualty"),
}

KEYWORD_LABELS = {  # the armour roll's victim, for a 2025 star's help (Slayer, Dwarven Scourge)
    "big-guy": gettext_lazy("against a Big Guy"),
    "dwarf": gettext_lazy("against a Dwarf"),
}


CHOICE_LABELS = {  # the coach's own re-roll play on one step (Pro is named with the skill's name)
    "none": gettext_lazy("no re-roll here"),
    "no-team": gettext_lazy("no team re-roll here"),
    "team": gettext_lazy("only a team re-roll here"),
    "skill": gettext_lazy("only his skill's re-roll here"),
}


BRANCH_LABELS = {  # a "?" step: made only after the step before ends in its branch result
    "block": gettext_lazy("Only after a knock-down"),
    "dodge": gettext_lazy("Only if a player with %(skill)s follows him"),
    "tentacles": gettext_lazy("Only if he is held by %(skill)s"),
    "fury": gettext_lazy("Only if %(skill)s turns his 1 into two Block actions"),
}
BRANCH_SKILLS = {
    "dodge": "shadowing",
    "tentacles": "tentacles",
    "fury": "fury-of-the-blood-god",
}  # named as the edition names them


def branch_label(kind: str, edition: str, lang: str) -> str:
    label = str(BRANCH_LABELS[kind])
    skill = BRANCH_SKILLS.get(kind)
    return label % {"skill": skill_label(edition, skill, lang)} if skill else label


def skill_label(edition: str, slug: str, lang: str) -> str:
    return contentnames.skill_name(edition, content_slug(edition, slug), lang)


# The glossary entry naming each kind of roll (the edition's own term in each language).
KIND_TERMS = {
    "dodge": "dodge",
    "pickup": "pick-up",
    "catch": "catch",
    "handoff": "hand-off",
    "pass": "pass",
    "block": "block",
    "armour": "armour-roll",
    "foul": "foul",
}


def glossary(edition: str, slug: str, lang: str) -> str:
    return contentnames.glossary_name(edition, slug, lang)


def kind_label(kind: str, edition: str, lang: str) -> str:
    if kind in ("gfi", "rush"):
        return calculator_rush_term(edition, lang)
    if kind in SKILL_KINDS:
        return skill_label(edition, SKILL_KINDS[kind], lang)
    named = glossary(edition, KIND_TERMS[kind], lang) if kind in KIND_TERMS else ""
    if named:
        return named
    with override(lang):  # in `lang`, not the active language: the kept lists are keyed by `lang`
        return str(KIND_LABELS[kind])


def calculator_rush_term(edition: str, lang: str) -> str:
    return helper.rush_term(edition, lang)


def step_label(step: TurnStep, edition: str, lang: str) -> str:
    """ "Dodge 3+", "Block 2D (the defender chooses) · knock down or push", "Armour AV9 · casualty"."""
    if step.kind == "block":
        value = _("%(count)s dice, the defender chooses") if step.defender_chooses else _("%(count)s dice")
        text = f"{kind_label('block', edition, lang)} ({value % {'count': step.value}})"
        if step.value == 1:  # (gettext is called outside the f-string: makemessages reads no f-string)
            one_die = _("one die")
            text = f"{kind_label('block', edition, lang)} ({one_die})"
    elif step.kind in ("dauntless", "tentacles"):
        strength = f"{notation.abbreviations(edition, lang)['st']} {step.value}"
        text = _("%(roll)s against %(strength)s") % {"roll": kind_label(step.kind, edition, lang), "strength": strength}
    elif step.kind == "chain":
        text = _("%(roll)s: %(count)s of the template's 3 ways") % {
            "roll": kind_label("chain", edition, lang),
            "count": step.value,
        }
    elif step.kind in ("armour", "foul", "chainsaw", "stab"):
        av = notation.characteristic_value(get_edition(edition), "av", step.value)
        text = f"{kind_label(step.kind, edition, lang)} {notation.abbreviations(edition, lang)['av']}{av}"
    else:
        text = f"{kind_label(step.kind, edition, lang)} {notation.target(step.value)}"
    extras = []
    if step.goal:
        extras.append(str(GOAL_LABELS[step.goal]))
    if step.against:
        names = ", ".join(skill_label(edition, s, lang) for s in sorted(step.against))
        extras.append(_("against %(skills)s") % {"skills": names})
    extras += [str(KEYWORD_LABELS[word]) for word in sorted(step.keywords)]
    if step.intercept is not None:  # the interceptor's roll, before the pass's (Yoink!'s 2+ among them)
        extras.append(f"{glossary(edition, 'interception', lang)} {notation.target(step.intercept)}")
    if step.catcher is not None:  # the player in the bomb's square, who throws it on if he catches it
        extras.append(_("caught where it lands on %(target)s") % {"target": notation.target(step.catcher)})
    if step.dauntless is not None:
        dice = f"{'-' if step.dauntless < 0 else ''}{abs(step.dauntless)}D"
        extras.append(_("%(dice)s after %(skill)s") % {"dice": dice, "skill": skill_label(edition, "dauntless", lang)})
    if step.bribe:
        extras.append(glossary(edition, "bribe", lang))
    if step.argue:
        extras.append(glossary(edition, "argue-the-call", lang))
    if step.conditional:
        extras.append(_("only after the branch result"))
    if step.on_miss:
        extras.append(_("only if the step before misses its goal"))
    extras += choice_labels(step, edition, lang)
    return " · ".join([text, *extras])


def choice_labels(step: TurnStep, edition: str, lang: str) -> list[str]:
    """The coach's own play on a step: "no team re-roll here", "a push kept, not re-rolled"."""
    found = []
    if step.reroll == "pro":
        found.append(_("only %(skill)s may re-roll it") % {"skill": skill_label(edition, "pro", lang)})
    elif step.reroll:
        found.append(str(CHOICE_LABELS[step.reroll]))
    tags = TURN_KEEPABLE.get(step.kind, {})
    for word in sorted(step.keep):
        result = outcome_name(tags.get(word, word), edition, lang)
        found.append(_("%(result)s kept, not re-rolled") % {"result": result})
    return found


def player_label(name: str) -> str:
    """A player as the page names him: the share code's default name ("player", written the same
    in every language's code) in the reader's language, any other name as the coach typed it."""
    return pgettext("the odds calculator's player who has no name", "player") if name == DEFAULT_PLAYER else name


def source_label(source: str, edition: str, lang: str) -> str:
    if source == "team":
        return glossary(edition, "team-reroll", lang) or _("Team re-roll")
    return skill_label(edition, source, lang)


def outcome_name(tag: str, edition: str, lang: str) -> str:
    return phrases.outcome(tag, lang, edition)
