"""The odds calculator page: the answer first (chance, where the turn fails, what each re-roll
saves, a block's or an armour chain's outcomes as a stacked bar), then the form (players, rows,
the target helper). Numbers come from engine.turn through calculator; this module only presents.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from django.http import QueryDict
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from rulebook import notation
from rulebook.engine import (
    ATTACKER_PREFERENCE,
    OFFERED_SKILLS,
    TurnOdds,
    get_edition,
    in_edition,
    opponent_skills,
)
from rulebook.formatting import num

from ..shared import charts
from ..shared.values import Frac, Pct
from . import builder, calculator, helper
from .classic import OddsError
from .code import Sequence, parse_code
from .form import FORM_KINDS, FORM_PARAMS, SLOTS, Form, default_text, form_of, has_form, padded, read_form
from .labels import (
    GOAL_LABELS,
    calculator_rush_term,
    content_slug,
    kind_label,
    outcome_name,
    player_label,
    skill_label,
    source_label,
    step_label,
)

EXAMPLE = "dodge:3,gfi:2,pickup:3"
# The skills a player's box offers, in the engine's order (an edition shows those it has).
SKILL_ORDER = OFFERED_SKILLS
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
BLOCK_WORDS = opponent_skills("block")  # the defender's skills a block row offers
DODGE_WORDS = opponent_skills("dodge")
VICTIM_WORDS = opponent_skills("armour")
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
        "svg": mark_safe(charts.stacked_bar_svg([(label, p, css) for label, p, css in bars], title, uid)),
        "legend": [{"label": label, "value": Pct(p).format(lang), "css": css} for label, p, css in bars],
    }


def edition_skills(edition: str) -> list[str]:
    return list(in_edition(edition, SKILL_ORDER))


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
        "chart": mark_safe(charts.chart_svg(bars, _("Where the sequence ends"), "odds-chart")),
    }


def _choices(form: Form, edition: str, lang: str) -> dict[str, Any]:
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
        "kinds": [
            {
                "value": k,
                "label": kind_label(k, edition, lang),
                "default": default_text(k, edition),
                "names": sorted((key, calculator_rush_term(key, lang)) for key in calculator.EDITIONS)
                if k == "gfi"
                else [],
            }
            for k in FORM_KINDS
        ],
        "goals": [(g, str(label)) for g, label in GOAL_LABELS.items()],
        "loner_choices": get_edition(edition).loner_targets,
        "who_choices": [(str(p["slot"]), player_label(p["name"])) for p in form.players],
    }


# Every parameter the page reads: the API's, the form's and the target helper's.
QUERY_PARAMS = calculator.QUERY_PARAMS + FORM_PARAMS + helper.HELPER_PARAMS


def page_context(query: Any, lang: str) -> dict[str, Any]:
    problems: list[str] = []
    if has_form(query):
        form = read_form(query)
        problems = [
            calculator.page_error(e)
            for e in form.errors
            if e.index is None and e.subject in ("edition", "team_reroll", "steps", "players")
        ]
    else:
        try:
            form = form_of(calculator.read(query))
        except OddsError as error:
            draft = builder.read_draft(query)
            if draft is not None:  # the builder's empty start: no step yet, nothing wrong
                return _page(form_of(draft), query, lang, [], draft)
            problems = [calculator.page_error(error)]
            fallback = query.get("edition") if query.get("edition") in calculator.EDITIONS else "lrb6"
            form = form_of(parse_code(EXAMPLE, fallback))
            form.sequence = None
    return _page(form, query, lang, problems)


def _page(form: Form, query: Any, lang: str, problems: list[str], draft: Sequence | None = None) -> dict[str, Any]:
    sequence = form.sequence if draft is None else None
    form.sequence = sequence
    context: dict[str, Any] = {
        "form": form,
        "edition": form.edition,
        "editions": calculator.EDITIONS,
        "team": form.team,
        "problems": problems,
        "has_errors": sequence is None and draft is None,
        "empty": draft is not None,
        "result": None,
        "helper": helper.helper_context(query, form.edition, lang),
        **_choices(form, form.edition, lang),
    }
    if sequence is not None:
        result = calculator.solve(sequence)
        context["result"] = present(sequence, result, lang)
        q = QueryDict(mutable=True)
        q["c"] = sequence.code()
        encoded = q.urlencode(safe=";,:/=.?")
        context["code"] = sequence.code()
        context["share_url"] = reverse("tutorial:odds") + "?" + encoded
        context["api_url"] = "/api/v1/odds?" + encoded
    shown = sequence or draft
    context["builder"] = builder.builder_context(shown, context["result"], lang) if shown is not None else None
    return context


__all__ = ["SLOTS", "page_context", "present", "step_label"]
