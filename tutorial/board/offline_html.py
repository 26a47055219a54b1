"""The board's answer panel as HTML for the phone offline (tutorial/phone.py): the markup of the
page's "board-answer" (templates/tutorial/board.html) written from the same panels (panels.py,
actions.py) with the same catalogue messages, so the phone shows the server's numbers and words.
A simpler copy than the template: no "Why this target" details, no edit form."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from rulebook.portable.i18n import gettext as _
from rulebook.portable.i18n import ngettext

from . import answerlinks, edit
from .actions import action_panel
from .edit import View
from .panels import answer_panels
from .scene import blocks_there, draw, fit_zoom, legend, read_state, replace_view, status_line


def _e(text: Any) -> str:
    return escape(str(text))


def _rolls(rolls: list[dict[str, Any]], stops: bool) -> str:
    items = []
    for roll in rolls:
        head = _("%(square)s: %(target)s (%(chance)s)") % roll
        if stops:  # a roll on the way: the detail on its own line
            detail = _("If it fails: %(rerolls)s. The move ends here: %(stops)s.") % roll
            items.append(
                f'<li><strong>{_e(roll["kind"])}</strong> · {_e(head)}<br><span class="rolls__detail">{_e(detail)}</span></li>'
            )
            continue
        detail = _("If it fails: %(rerolls)s.") % roll
        items.append(
            f'<li><strong>{_e(roll["kind"])}</strong> · {_e(head)} · <span class="rolls__detail">{_e(detail)}</span></li>'
        )
    return f'<ol class="rolls">{"".join(items)}</ol>' if items else ""


def _outcomes(rows: list[tuple[str, str, str]], caption: str) -> str:
    body = "".join(
        f'<tr><th scope="row">{_e(label)}</th><td>{_e(chance)}</td><td class="outcomes__frac">{_e(fraction)}</td></tr>'
        for label, chance, fraction in rows
    )
    return (
        f'<table class="outcomes"><caption class="visually-hidden">{_e(caption)}</caption><tbody>{body}</tbody></table>'
    )


def _action(action: dict[str, Any]) -> str:
    parts = [f'<h3 id="action-heading" tabindex="-1">{_e(action["heading"])}</h3>']
    if "problem" in action:
        parts.append(f"<p>{_e(action['problem'])}</p>")
    else:
        if action["path"]:
            best = _("Best square: %(square)s, by %(path)s.") % action
        else:
            best = _("Best square: %(square)s, where he stands.") % action
        getting = _("Getting there: %(chance)s.") % {"chance": action["reach"]}
        parts += [f'<p class="answer__big">{_e(action["success"])}</p>', f"<p>{_e(best)} {_e(getting)}</p>"]
        parts.append(_rolls(action["rolls"], stops=False))
        parts.append(_outcomes(action["outcomes"], _("What the action does once he is there")))
        if action["others"]:
            others = ", ".join(f"{square} {chance}" for square, chance in action["others"])
            parts.append(f"<p>{_e(_('Other squares:'))} {_e(others)}</p>")
    if action.get("odds_url"):
        link = f'<a data-key="odds-link" href="{_e(action["odds_url"])}">{_e(_("Open in the odds calculator"))}</a>'
        parts.append(f"<p>{link}</p>")
        if action.get("odds_note"):
            parts.append(f'<p class="note">{_e(action["odds_note"])}</p>')
    if action.get("switch"):
        switch = action["switch"]
        parts.append(f'<p><a data-key="ask-switch" href="{_e(switch["url"])}">{_e(switch["label"])}</a></p>')
    parts.append(f'<p class="answer__back"><a href="#board-status">{_e(_("Back to the pitch"))}</a></p>')
    return f'<section class="answer__part answer__action" aria-labelledby="action-heading">{"".join(parts)}</section>'


def _reach(p: dict[str, Any]) -> str:
    parts = [f'<h3 id="reach-heading">{_e(_("Where he can get"))}</h3>']
    if p["reach"]["stunned"]:
        parts.append(f"<p>{_e(_('A stunned player cannot move this turn.'))}</p>")
    else:
        route = p["route"]
        if route:
            to = _("To %(square)s: %(chance)s (%(fraction)s)") % {
                "square": route["square"],
                "chance": route["probability"],
                "fraction": route["fraction"],
            }
            path = ngettext("Best path, %(n)s square: %(path)s", "Best path, %(n)s squares: %(path)s", route["squares"])
            parts += [f'<p class="answer__big">{_e(to)}</p>', f"<p>{_e(path % {'n': route['squares'], **route})}</p>"]
            parts.append(_rolls(route["rolls"], stops=True) or f"<p>{_e(_('No roll is needed on the way.'))}</p>")
        elif p["reach"]["target"]:
            parts.append(
                f"<p>{_e(_('He cannot move to %(square)s this turn.') % {'square': p['reach']['target']})}</p>"
            )
        n = p["reach"]["count"]
        count = ngettext(
            "He can reach %(n)s square this turn; the board shows the chance in each.",
            "He can reach %(n)s squares this turn; the board shows the chance in each.",
            n,
        )
        parts.append(f"<p>{_e(count % {'n': n})}</p>")
    return f'<section class="answer__part" aria-labelledby="reach-heading">{"".join(parts)}</section>'


def _block(b: dict[str, Any]) -> str:
    parts = [f"<h4>{_e(_('Block on %(player)s (%(square)s)') % {'player': b['defender'], 'square': b['square']})}</h4>"]
    if b["before"]:
        first = _("First, before the dice (the block goes ahead: %(chance)s):") % {"chance": b["happens"]}
        parts += [f"<p>{_e(first)}</p>", _rolls(b["before"], stops=False)]
    parts.append(f"<p><strong>{_e(b['dice'])}</strong>, {_e(b['chooser'])} ({_e(b['strength'])}).</p>")
    assists = _("Assists for him: %(mine)s. Assists against him: %(theirs)s.")
    parts.append(f"<p>{_e(assists % {'mine': b['offensive'], 'theirs': b['defensive']})}</p>")
    parts.append(_outcomes(b["outcomes"], _("What the block on %(player)s does") % {"player": b["defender"]}))
    down = _("Defender knocked down: %(chance)s") % {"chance": b["knocked_down"]}
    parts.append(f'<p class="answer__big">{_e(down)}</p>')
    show = "" if b["shown"] else f' <a href="{_e(b["show_url"])}">{_e(_("Show on the board"))}</a>'
    parts.append(f"<p>{_e(b['push'])}{show}</p>")
    return f'<article class="block-card">{"".join(parts)}</article>'


def _blocks(p: dict[str, Any]) -> str:
    parts = [f'<h3 id="blocks-heading">{_e(_("Blocks"))}</h3>']
    if not p["can_block"]:
        parts.append(f"<p>{_e(_('A player on the ground cannot block.'))}</p>")
    parts += [_block(b) for b in p["blocks"]]
    if not p["blocks"] and p["can_block"]:
        parts.append(f"<p>{_e(_('No standing opponent is next to him.'))}</p>")
    return f'<section class="answer__part" aria-labelledby="blocks-heading">{"".join(parts)}</section>'


def _pass_target(t: dict[str, Any]) -> str:
    if not t["band"]:
        return f"<p>{_e(_('%(square)s is out of his passing range.') % {'square': t['square']})}</p>"
    head = _("Pass to %(square)s (%(band)s): accurate %(chance)s") % {
        "square": t["square"],
        "band": t["band"],
        "chance": t["accurate"],
    }
    parts = [f'<p class="answer__big">{_e(head)}</p>']
    if t["pass_and_catch"]:
        caught = _("Accurate and caught by %(player)s: %(chance)s (before any interception).")
        parts.append(f"<p>{_e(caught % {'player': t['catcher'], 'chance': t['pass_and_catch']})}</p>")
    if not t["interceptors"]:
        return "".join(parts) + f"<p>{_e(_('No opponent stands where he could intercept this pass.'))}</p>"
    items = []
    for i in t["interceptors"]:
        line = _("%(player)s on %(square)s: %(target)s (%(chance)s)") % i
        if i["inaccurate"]:
            line += " · " + _("%(chance)s if the pass is inaccurate") % {"chance": i["inaccurate"]}
        if i["rerolled_by"]:
            line += " · " + _("re-rolled with %(skill)s") % {"skill": i["rerolled_by"]}
        if i["safe_throw"]:
            line += " · " + _("unless the thrower's %(target)s cancels it") % {"target": i["safe_throw"]}
        items.append(f"<li>{_e(line)}</li>")
    parts.append(f"<p>{_e(_('Opponents who could intercept (only one may try):'))}</p><ul>{''.join(items)}</ul>")
    return "".join(parts)


def _passes(p: dict[str, Any], show: str) -> str:
    passes = p["passes"]
    parts = [f'<h3 id="passes-heading">{_e(_("Passes"))}</h3>']
    if not passes["bands"]:
        text = _("He cannot pass now (on the ground, without a passing characteristic, or unable to hold the ball).")
        parts.append(f"<p>{_e(text)}</p>")
    else:
        if not passes["holds_ball"]:
            text = _("He does not hold the ball: these are his chances if he had it.")
            parts.append(f'<p class="note">{_e(text)}</p>')
        head = "".join(
            f'<th scope="col">{_e(h)}</th>' for h in (_("Range and roll"), _("Accurate"), _("With re-rolls"))
        )
        rows = "".join(
            f'<tr><th scope="row">{_e(b["band"])} <span class="bands__roll">{_e(b["target"])}</span></th>'
            f"<td>{_e(b['accurate'])}</td><td>{_e(b['with_rerolls'])}</td></tr>"
            for b in passes["bands"]
        )
        parts.append(
            f'<div class="table-scroll"><table class="bands"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></div>'
        )
        if passes["target"]:
            parts.append(_pass_target(passes["target"]))
        else:
            link = "" if show == "pass" else f' <a href="{_e(passes["show_url"])}">{_e(_("Show the pass ranges"))}</a>'
            parts.append(f"<p>{_e(_('Tap a square to see a pass there and who could intercept it.'))}{link}</p>")
    return f'<section class="answer__part" aria-labelledby="passes-heading">{"".join(parts)}</section>'


def _tabs(shows: list[dict[str, Any]]) -> str:
    current = ' aria-current="true"'
    items = "".join(
        f'<li><a href="{_e(s["url"])}"{current if s["current"] else ""}>{_e(s["label"])}</a></li>' for s in shows
    )
    return f'<ul class="answer-tabs">{items}</ul>'


def answer_html(p: dict[str, Any] | None, action: dict[str, Any] | None, shows: list[dict[str, Any]]) -> str:
    """The inside of the page's #board-answer for the chosen player's panels (None: nobody chosen)."""
    if p is None:
        return f'<p class="answer-empty">{_e(_("Choose a player to see where he can get, his blocks and his passes."))}</p>'
    player = p["player"]
    who = [player["team"], player["status"]]
    if player["skills"]:
        who.append(", ".join(player["skills"]))
    if player["holds_ball"]:
        who.append(_("holds the ball"))
    n = player["rerolls"]
    who.append(ngettext("%(n)s team re-roll left", "%(n)s team re-rolls left", n) % {"n": n})
    parts = [
        f'<h2 id="answer-heading" tabindex="-1"><span class="chip chip--{_e(player["colour"])}">{_e(player["id"])}</span>'
        f" {_e(player['stats'])}</h2>",
        f'<p class="answer__who">{_e(" · ".join(who))}</p>',
    ]
    if p["not_counted"]:
        text = _("Not counted in these numbers: %(skills)s.") % {"skills": p["not_counted"]}
        parts.append(f'<p class="note not-counted">{_e(text)}</p>')
    if action:
        parts.append(_action(action))
    show = next(s["key"] for s in shows if s["current"])
    parts += [_tabs(shows), _reach(p), _blocks(p), _passes(p, show)]
    return f'<section class="answer" aria-labelledby="answer-heading">{"".join(parts)}</section>'


def board_answer(edition: str, query: Mapping[str, str], lang: str, base: str) -> dict[str, Any]:
    """The board page's live part for a query, as the phone shows it offline: the board drawn with
    the engine's answer, the status line, the legend and the answer panel, with links to `base`
    (the page's own path). An action (do=) is applied, and `query` is the address the server
    would have redirected to."""
    state = read_state(edition, query)
    position, code = state.position, state.code
    view, _widest = fit_zoom(state.view, code)

    def url(v: View, **extra: str) -> str:
        return f"{base}?{edit.view_query(code, v, **extra)}"

    scene = draw(position, view, lang, url)
    result, chosen, here = scene.result, scene.chosen, scene.here
    panels = action = None
    if result is not None and chosen is not None:
        panels = answer_panels(position, view, result, lang, url, here)
        if not blocks_there(result, view):
            asked = action_panel(position, chosen.id, view.target, lang, view.ask)
            action = answerlinks.with_links(asked, here, url, f"/{lang}/odds/")
    shows = [
        {"key": key, "label": label, "url": url(replace_view(here, show=key)), "current": view.show == key}
        for key, label in (("reach", _("Where he can get")), ("pass", _("Pass ranges")))
    ]
    return {
        "code": code,
        "query": state.query(),
        "changed": state.changed,
        "error": state.error,
        "error_note": state.error_note,
        "svg": scene.svg,
        "status": status_line(position, view, result, lang),
        "legend": legend(view, result),
        "answer": answer_html(panels, action, shows),
    }
