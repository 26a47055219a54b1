"""The odds calculator's answer in words, for the page and the phone alike (a Django-free module:
the offline pack runs it in the browser): the chance of the whole turn, where it fails, each
step's own chance, what each re-roll saves, and the stacked bars of a block's, an armour chain's
or a throw's outcomes. Numbers come from engine.turn; this module only presents."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from rulebook.engine import ATTACKER_PREFERENCE, TurnOdds
from rulebook.portable.i18n import gettext as _
from rulebook.portable.i18n import ngettext
from rulebook.portable.numbers import num

from ..shared import charts
from ..shared.values import Frac, Pct
from .code import Sequence
from .labels import outcome_name, player_label, skill_label, source_label, step_label

BLOCK_CLASSES = {
    "attacker_down": "out-attacker",
    "both_down": "out-both",
    "no_effect": "out-none",
    "defender_stood_firm": "out-none",
    "both_placed_prone": "out-prone",
    "defender_pushed": "out-push",
    "defender_down_in_place": "out-inplace",
    "defender_down": "out-down",
    "defender_pushed_into_crowd": "out-crowd",
}
CHAIN_CLASSES = {
    "armour_holds": "out-none",
    "stunned": "out-push",
    "knocked_out": "out-down",
    "badly_hurt": "out-both",
    "casualty": "out-crowd",
}
CHAIN_ORDER = tuple(CHAIN_CLASSES)
THROW_CLASSES = {
    "fumble": "out-attacker",
    "intercepted": "out-both",
    "inaccurate": "out-push",
    "subpar": "out-push",
    "accurate": "out-down",
    "superb": "out-down",
}
THROW_ORDER = tuple(THROW_CLASSES)
FALLS = ("attacker_down", "both_down")  # the block results that end the turn (a turnover)
NOTES = ("held", "shadowed", "kick_back", "missed")  # results worth a line of their own


def stacked(
    parts: dict[str, Fraction],
    order: tuple[str, ...],
    classes: dict[str, str],
    title: str,
    uid: str,
    edition: str,
    lang: str,
) -> dict[str, Any]:
    shown = [(tag, parts[tag]) for tag in order if parts.get(tag)]
    bars = [(outcome_name(tag, edition, lang), p, classes.get(tag, "out-none")) for tag, p in shown]
    return {
        "svg": (charts.stacked_bar_svg([(label, p, css) for label, p, css in bars], title, uid)),
        "legend": [{"label": label, "value": Pct(p).format(lang), "css": css} for label, p, css in bars],
    }


def rerolls(
    spent: dict[str, Fraction], saved: dict[str, Fraction], reached: Fraction, edition: str, lang: str
) -> list[dict[str, str]]:
    """Each re-roll source: how often it is used when the turn gets to the roll, and how often the turn then goes on."""
    return [
        {
            "name": source_label(source, edition, lang),
            "spent": Pct(mass / reached).format(lang),
            "saved": Pct(saved.get(source, Fraction(0)) / mass).format(lang),
        }
        for source, mass in sorted(spent.items())
        if mass and reached
    ]


def points(cost: Fraction) -> Fraction:
    """A difference of chances in percentage points, to one decimal, halves rounded up."""
    return Fraction(math.floor(cost * 1000 + Fraction(1, 2)), 10)


def choice(result: TurnOdds, lang: str) -> dict[str, str] | None:
    """What the coach's own play costs against the best play (None: he fixed no play)."""
    if result.best is None:
        return None
    cost = points(result.best - result.probability)
    if not cost:
        return {"best": Pct(result.best).format(lang), "cost": "", "line": _("Your play is the best play here.")}
    shown = num(float(cost))
    line = ngettext(
        "The best play: %(best)s. Your play costs %(points)s point.",
        "The best play: %(best)s. Your play costs %(points)s points.",
        1 if cost == 1 else 2,
    ) % {"best": Pct(result.best).format(lang), "points": shown}
    return {"best": Pct(result.best).format(lang), "cost": f"−{shown}", "line": line}


def present(sequence: Sequence, result: TurnOdds, lang: str) -> dict[str, Any]:
    edition = sequence.edition
    steps = []
    block_order = tuple(reversed(ATTACKER_PREFERENCE))
    for n, odds in enumerate(result.steps, start=1):
        step = odds.step
        entry: dict[str, Any] = {
            "n": n,
            "label": step_label(step, edition, lang),
            "player": player_label(step.player),
            "alone": Pct(odds.alone).format(lang),
            "reached": Pct(odds.reached).format(lang),
            "stops": Pct(odds.stops).format(lang),
            "weakest": result.weakest == n - 1,
            "rerolls": rerolls(odds.spent, odds.saved, odds.reached, edition, lang),
            "second": None,
            "bar": None,
            "played": None,
            "sent_off": Pct(odds.sent_off).format(lang) if step.kind == "foul" else "",
            # a block's failed goal is often only a push: the turnover is the blocker's fall
            "turnover": Pct(sum((odds.played.get(t, Fraction(0)) for t in FALLS), Fraction(0))).format(lang)
            if step.kind == "block"
            else "",
        }
        if step.kind == "block":
            entry["bar"] = stacked(
                odds.one_roll, block_order, BLOCK_CLASSES, _("One roll of the block dice"), f"b{n}", edition, lang
            )
            played = {k: v for k, v in odds.played.items() if k in BLOCK_CLASSES}
            if played and odds.spent:
                entry["played"] = stacked(
                    played, block_order, BLOCK_CLASSES, _("With the re-rolls as planned"), f"p{n}", edition, lang
                )
            if odds.second_reached:
                entry["second"] = {
                    "rerolls": rerolls(odds.second_spent, odds.second_saved, odds.second_reached, edition, lang),
                    "reached": Pct(odds.second_reached / odds.reached).format(lang),
                    "bar": stacked(
                        odds.second,
                        block_order,
                        BLOCK_CLASSES,
                        _("The second block of %(skill)s") % {"skill": skill_label(edition, "frenzy", lang)},
                        f"s{n}",
                        edition,
                        lang,
                    ),
                }
        elif step.kind in ("armour", "foul", "chainsaw", "stab"):
            entry["bar"] = stacked(
                odds.one_roll, CHAIN_ORDER, CHAIN_CLASSES, _("Armour and injury"), f"b{n}", edition, lang
            )
        elif step.kind in ("pass", "hailmary", "ttm"):
            thrown = {k: v for k, v in odds.played.items() if k in THROW_CLASSES}
            if thrown:
                entry["played"] = stacked(thrown, THROW_ORDER, THROW_CLASSES, _("The throw"), f"p{n}", edition, lang)
        entry["notes"] = [
            _("%(result)s: %(p)s of the times the turn gets here")
            % {
                "result": outcome_name(tag, edition, lang).capitalize(),
                "p": Pct(odds.played[tag]).format(lang),
            }
            for tag in NOTES
            if odds.played.get(tag)
        ]
        steps.append(entry)
    bars = [(_("Every step succeeds"), result.probability, Pct(result.probability).format(lang))]
    bars += [
        (_("Stops at step %(n)s: %(step)s") % {"n": s["n"], "step": s["label"]}, o.stops, s["stops"])
        for s, o in zip(steps, result.steps, strict=True)
        if o.stops
    ]
    weakest = weakest_short = None
    if result.weakest is not None:
        w = steps[result.weakest]
        weakest_short = _("most often fails at step %(n)s (%(p)s)") % {"n": w["n"], "p": w["stops"]}
        weakest = _("It most often fails at step %(n)s (%(step)s): %(p)s of the time.") % {
            "n": w["n"],
            "step": w["label"],
            "p": w["stops"],
        }
    return {
        "probability": Pct(result.probability).format(lang),
        # the exact fraction when it is short enough to read (the JSON always gives it)
        "fraction": fraction if len(fraction := Frac(result.probability).format(lang)) <= 15 else "",
        "team_rerolls": result.team_rerolls,
        "team_used": num(round(float(result.team_rerolls_used), 2)),
        "weakest": weakest,
        "weakest_short": weakest_short,
        "steps": steps,
        "chart": charts.chart_svg(bars, _("Where the sequence ends"), "odds-chart"),
        "choice": choice(result, lang),
    }
