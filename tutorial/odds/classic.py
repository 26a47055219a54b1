"""The odds calculator's classic form (one player: `steps=dodge:3,gfi:2,block:-2d,armour:8` and
`skills=`), which calculator.legacy_code writes as a share code, and the messages every odds
reader shares (OddsError). The share code's grammar is code.py's; the engine computes."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_noop

from rulebook.engine import BASIC_SKILLS

MAX_STEPS = 12
SKILL_CHOICES = BASIC_SKILLS  # the classic form's skills (and the tutorial's sequence step's)


class OddsError(ValueError):
    """A parameter the calculator cannot read.

    str(error) is the API's English message ("dodge:10: a D6 target must be between 1 and 9 (a 1 always fails, a 6 always succeeds)",
    the 400 answer). The page translates `template` (or `page_template`, worded for the form's
    rows rather than the API's codes) with gettext and names `subject` in the reader's
    language; `index` is the step's position (1-based) when a step is at fault."""

    def __init__(self, subject: str, template: str, page_template: str | None = None, **params: Any) -> None:
        self.subject, self.template, self.page_template, self.params = (
            subject,
            template,
            page_template or template,
            params,
        )
        self.index: int | None = None
        super().__init__(f"{subject}: {template % params}")


# Messages: English for the API; marked for translation for the page (see calculator.page_error).
D6_RANGE = gettext_noop("a D6 target must be between 1 and 9 (a 1 always fails, a 6 always succeeds)")
BLOCK_DICE = gettext_noop("a block uses 1, 2 or 3 dice (e.g. block:2d, or block:-2d when the defender chooses)")
BLOCK_DICE_PAGE = gettext_noop("a block uses 1, 2 or 3 dice (a negative number when the defender chooses)")
ONE_DIE = gettext_noop("with one die nobody chooses; write block:1d")
ONE_DIE_PAGE = gettext_noop("with one die nobody chooses; write 1")
ARMOUR_RANGE = gettext_noop("an armour value must be between 2 and 12")
NOT_A_NUMBER = gettext_noop("“%(text)s” is not a number")
NO_VALUE = gettext_noop("the value is missing")
NO_STEPS = gettext_noop("give at least one step, e.g. steps=dodge:3,gfi:2")
NO_STEPS_PAGE = gettext_noop("choose at least one roll")
TOO_MANY_STEPS = gettext_noop("at most %(max)s steps")
UNKNOWN_SKILLS = gettext_noop("unknown %(unknown)s; known: %(known)s")


def parse_skills(text: str) -> frozenset[str]:
    skills = frozenset(s.strip().lower() for s in (text or "").split(",") if s.strip())
    unknown = skills - set(SKILL_CHOICES)
    if unknown:
        raise OddsError("skills", UNKNOWN_SKILLS, unknown=", ".join(sorted(unknown)), known=", ".join(SKILL_CHOICES))
    return skills
