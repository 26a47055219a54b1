"""What a broken rule of the team builder means, in the reader's language (the engine's Problem
keys, rulebook/engine/teambuilding.py), each message in its plural form."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from . import formatting
from .rosters import PLAYER_PREFIX, Builder

if TYPE_CHECKING:
    from .engine import Problem


def problem_text(problem: Problem, builder: Builder) -> str:
    """What a broken rule means, in the reader's language."""
    names = {f.name.removeprefix(PLAYER_PREFIX): f.label for f in builder.players}
    names |= {f.name: f.label for f in builder.staff}
    values = {
        "name": names.get(problem.subject, problem.subject),
        "count": formatting.num(problem.count),
        "limit": formatting.num(problem.limit),
    }
    if problem.key == "over_budget":
        over = formatting.num(problem.count - problem.limit)
        return _("%(spent)s gold pieces spent: %(over)s over the budget of %(budget)s.") % {
            "spent": values["count"],
            "over": over,
            "budget": values["limit"],
        }
    values["rule"] = builder.captain.rule if builder.captain else ""
    return _counted_message(problem) % values


def _counted_message(problem: Problem) -> str:
    """The message of a broken rule, its plural form chosen by the number it turns on."""
    count, limit = problem.count, problem.limit
    if problem.key == "too_few_players":
        return ngettext(
            "Only %(count)s player: a team needs at least %(limit)s.",
            "Only %(count)s players: a team needs at least %(limit)s.",
            count,
        )
    if problem.key == "staff_over_max":
        return ngettext(
            "%(name)s: %(count)s, but at most %(limit)s is allowed.",
            "%(name)s: %(count)s, but at most %(limit)s are allowed.",
            limit,
        )
    messages = {
        "no_captain": _("%(rule)s: name one player who is not a Big Guy."),
        "captain_big_guy": _("%(rule)s: a Big Guy cannot be named (%(name)s)."),
        "captain_not_hired": _("%(rule)s: %(name)s is not in the team yet."),
        "too_many_players": _("%(count)s players: a team may have at most %(limit)s."),
        "positional_over_max": _("%(name)s: %(count)s hired, but the roster allows at most %(limit)s."),
        "big_guys_over_max": _("%(count)s Big Guys: this team may have at most %(limit)s."),
        "rerolls_over_max": _("%(count)s team re-rolls: a team may have at most %(limit)s."),
        "staff_below_start": _("%(name)s: at least %(limit)s."),
        "apothecary_not_allowed": _("%(name)s: this team may not hire one."),
        "budget_below_min": _("A budget of %(count)s: a draft budget is at least %(limit)s."),
        "budget_above_max": _("A budget of %(count)s: a draft budget is at most %(limit)s."),
        "budget_not_a_step": _("A budget of %(count)s: budgets go in steps of %(limit)s."),
    }
    return messages.get(problem.key, _("%(name)s: this number is not allowed."))
