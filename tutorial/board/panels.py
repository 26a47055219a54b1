"""The answer panel for the chosen player, in the reader's language: who he is (and the form to
change him), the best path to the tapped square roll by roll, every block he could make, and his
pass ranges with the interceptors of a pass to the tapped square."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from rulebook import notation
from rulebook.engine import get_edition
from rulebook.portable.i18n import gettext as _
from rulebook.portable.i18n import ngettext, pgettext

from ..shared import phrases
from ..shared.explaining import explanation_lines
from ..shared.values import Frac, Pct
from . import words
from .answers import Answer, BlockAnswer, RouteRoll
from .code import LONER, RANGES, STATS, Piece, Position, loner_target, square_name
from .edit import STATUSES, View

CATEGORIES = ("general", "agility", "strength", "passing", "mutation", "extraordinary", "devious", "traits")


def _category(key: str) -> str:
    labels = {
        "general": pgettext("skill category", "General"),
        "agility": pgettext("skill category", "Agility"),
        "strength": pgettext("skill category", "Strength"),
        "passing": pgettext("skill category", "Passing"),
        "mutation": pgettext("skill category", "Mutation"),
        "extraordinary": pgettext("skill category", "Extraordinary"),
        "devious": pgettext("skill category", "Devious"),
        "traits": pgettext("skill category", "Traits"),
    }
    return labels.get(key, key)


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _loner_field(edition: str, lang: str, piece: Piece) -> dict[str, Any] | None:
    """The choice of his Loner target, where the edition prints more than one."""
    targets = get_edition(edition).loner_targets
    if LONER not in piece.skills or len(targets) < 2:
        return None
    return {
        "label": words.loner_name(edition, lang),
        "choices": [(str(t), notation.target(t)) for t in targets],
        "value": str(loner_target(edition, piece)),
    }


def answer_panels(
    position: Position, view: View, result: Answer, lang: str, url: Callable[..., str], here: View
) -> dict[str, Any]:
    edition = position.edition
    piece = position.piece(result.player)
    assert piece is not None
    return {
        "player": {
            "id": piece.id,
            "team": words.team_name(piece.team),
            "colour": "a" if piece.team == "A" else "b",
            "stats": words.stats_line(edition, lang, piece),
            "status": words.status_name(edition, lang, piece.status),
            "skills": [words.piece_skill_name(edition, lang, piece, s) for s in piece.skills],
            "holds_ball": result.holds_ball,
            "rerolls": result.team_rerolls,
        },
        # Skills on the board that change these numbers and that they leave out.
        "not_counted": ", ".join(words.skill_name(edition, lang, s) for s in result.not_counted),
        "reach": {
            "count": len(result.reach),
            "stunned": result.reach_map is None,
            # a square he cannot get to (an occupied one is about a block or a pass, not a move)
            "target": square_name(view.target) if view.target is not None and position.at(view.target) is None else "",
        },
        "route": _route(edition, lang, result),
        "blocks": [_block(edition, lang, b, url, here, view) for b in result.blocks],
        "can_block": result.can_block,
        "passes": _passes(position, lang, result, url, here),
        "edit": _edit_form(edition, lang, piece),
    }


def _reroll_names(edition: str, lang: str, rerolls: tuple[str, ...]) -> str:
    names = []
    for r in rerolls:
        if r == "team":
            names.append(_("a team re-roll"))
        else:
            names.append(words.skill_name(edition, lang, r))
    return ", ".join(names) if names else pgettext("no re-rolls", "none")


def route_rolls(edition: str, lang: str, rolls: tuple[RouteRoll, ...]) -> list[dict[str, Any]]:
    return [
        {
            "kind": cap(phrases.phrase(r.kind, lang, edition)),
            "square": square_name(r.square),
            "target": notation.target(r.target),
            "chance": Pct(r.chance).format(lang),
            "rerolls": _reroll_names(edition, lang, r.rerolls),
            "stops": Pct(r.stops).format(lang),
            "lines": explanation_lines(r.explanation, lang, edition, {}),
        }
        for r in rolls
    ]


def _route(edition: str, lang: str, result: Answer) -> dict[str, Any] | None:
    route = result.route
    if route is None:
        return None
    rolls = route_rolls(edition, lang, route.rolls)
    return {
        "square": square_name(route.target),
        "probability": Pct(route.probability).format(lang),
        "fraction": Frac(route.probability).format(lang),
        "path": " → ".join(square_name(c) for c in route.path),
        "squares": len(route.path),
        "rolls": rolls,
    }


def _block(
    edition: str, lang: str, block: BlockAnswer, url: Callable[..., str], here: View, view: View
) -> dict[str, Any]:
    squares = ", ".join(square_name(c) for c in block.push_squares)
    if block.push_kind == "empty" and len(block.push_squares) == 1:
        push = _("He is pushed to %(square)s.") % {"square": squares}
    elif block.push_kind == "empty" and block.push_chooser == "defender":
        push = _("He is pushed to one of %(squares)s, chosen by the defender.") % {"squares": squares}
    elif block.push_kind == "empty":
        push = _("He is pushed to one of %(squares)s, chosen by the attacker.") % {"squares": squares}
    elif block.push_kind == "crowd":
        push = _("He is pushed into the crowd.")
    elif block.push_kind == "chain":
        push = _("He is pushed into an occupied square (a chain push).")
    else:
        push = _("He stands firm: no push.")
    dice = ngettext("%(count)s block die", "%(count)s block dice", block.dice) % {"count": block.dice}
    chooser = _("the attacker chooses") if block.chooser == "attacker" else _("the defender chooses")
    return {
        "defender": block.defender,
        "square": square_name(block.square),
        "before": route_rolls(edition, lang, block.before),
        "happens": Pct(block.happens).format(lang),
        "dice": dice,
        "chooser": chooser,
        "strength": _("strength %(attacker)s against %(defender)s")
        % {"attacker": block.attacker_strength, "defender": block.defender_strength},
        "offensive": ", ".join(block.offensive) or pgettext("no assists", "none"),
        "defensive": ", ".join(block.defensive) or pgettext("no assists", "none"),
        "outcomes": [
            (cap(phrases.phrase(category, lang, edition)), Pct(p).format(lang), Frac(p).format(lang))
            for category, p in block.outcomes
        ],
        "knocked_down": Pct(block.knocked_down).format(lang),
        "push": push,
        "shown": view.target == block.square,
        "show_url": url(replace(here, target=block.square)),
    }


def _passes(position: Position, lang: str, result: Answer, url: Callable[..., str], here: View) -> dict[str, Any]:
    edition = position.edition
    bands = [
        {
            "band": cap(phrases.phrase(b.band, lang, edition)),
            "target": notation.target(b.target),
            "accurate": Pct(b.accurate).format(lang),
            "with_rerolls": Pct(b.accurate_with_rerolls).format(lang),
            "fumble": Pct(b.fumble).format(lang),
            "squares": b.squares,
        }
        for b in result.bands
    ]
    target = result.pass_target
    detail = None
    if target is not None:
        detail = {
            "square": square_name(target.square),
            "band": phrases.phrase(target.band, lang, edition) if target.band else "",
            "accurate": Pct(target.accurate_with_rerolls).format(lang)
            if target.accurate_with_rerolls is not None
            else "",
            "interceptors": [
                {
                    "player": i.player,
                    "square": square_name(i.square),
                    "target": notation.target(i.target),
                    "chance": Pct(i.chance).format(lang),
                    "inaccurate": Pct(i.chance_inaccurate).format(lang) if i.chance_inaccurate != i.chance else "",
                    "rerolled_by": words.skill_name(edition, lang, i.rerolled_by) if i.rerolled_by else "",
                    "safe_throw": notation.target(i.cancel_target) if i.cancel_target is not None else "",
                }
                for i in target.interceptors
            ],
            "catcher": target.catcher or "",
            "pass_and_catch": Pct(target.pass_and_catch).format(lang) if target.pass_and_catch is not None else "",
        }
    return {
        "bands": bands,
        "target": detail,
        "holds_ball": result.holds_ball,
        "show_url": url(replace(here, show="pass")),
    }


def _edit_form(edition: str, lang: str, piece: Any) -> dict[str, Any]:
    fields = []
    for name in STATS[edition]:
        lo, hi = RANGES[name]
        abbr, full = words.characteristic(edition, lang, name)
        choices = [(str(v), words.stat_value(edition, name, v)) for v in range(lo, hi + 1)]
        if name == "pa":
            choices.insert(0, ("-", "–"))
        value = getattr(piece, name)
        fields.append(
            {
                "name": name,
                "abbr": abbr,
                "label": full,
                "choices": choices,
                "value": "-" if value is None else str(value),
            }
        )
    owned = set(piece.skills)
    groups: dict[str, list[tuple[str, str]]] = {}
    for slug, name, category in words.skill_list(edition, lang):
        if slug not in owned:
            groups.setdefault(category, []).append((slug, name))
    return {
        "fields": fields,
        "statuses": [(s, words.status_name(edition, lang, s), s == piece.status) for s in STATUSES],
        "skills": [(slug, words.piece_skill_name(edition, lang, piece, slug)) for slug in piece.skills],
        "loner": _loner_field(edition, lang, piece),
        "skill_groups": [(_category(c), groups[c]) for c in CATEGORIES if c in groups]
        + [(_category(c), options) for c, options in groups.items() if c not in CATEGORIES],
    }
