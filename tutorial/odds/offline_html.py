"""The odds answer as HTML for the phone offline (tutorial/phone.py): the markup of the page's
result (templates/tutorial/odds.html, "odds-result") written from the same answer (answer.py)
with the same catalogue messages, so the phone shows the server's numbers and words. A simpler
copy than the template: no share link to the JSON API, which needs the server."""

from __future__ import annotations

from html import escape
from typing import Any

from rulebook.portable.i18n import gettext as _
from rulebook.portable.i18n import ngettext


def _legend(parts: list[dict[str, str]]) -> str:
    items = "".join(
        f'<li><span class="swatch swatch--{escape(p["css"])}"></span>{escape(p["label"])}: {escape(p["value"])}</li>'
        for p in parts
    )
    return f'<ul class="legend">{items}</ul>'


def _rerolls(rerolls: list[dict[str, str]]) -> str:
    if not rerolls:
        return ""
    message = _("%(name)s: used %(spent)s of the times the turn gets here; then the turn goes on %(saved)s of the time")
    items = "".join(f"<li>{escape(message % r)}</li>" for r in rerolls)
    return f'<ul class="odds-rerolls">{items}</ul>'


def _figure(bar: dict[str, Any] | None, caption: str = "") -> str:
    if bar is None:
        return ""
    head = f'<figcaption class="hint">{escape(caption)}</figcaption>' if caption else ""
    return f'<figure class="outcome-bar">{head}{bar["svg"]}{_legend(bar["legend"])}</figure>'


def _step(step: dict[str, Any], frenzy: str) -> str:
    sentence = _("On its own %(p)s; reached %(r)s of the time; the turn ends here %(s)s.") % {
        "p": step["alone"],
        "r": step["reached"],
        "s": step["stops"],
    }
    if step["sent_off"]:
        sentence += " " + _("Fouler sent off: %(p)s.") % {"p": step["sent_off"]}
    parts = [
        f'<p class="odds-breakdown__head"><strong>{escape(step["label"])}</strong>'
        f' <span class="hint">({escape(step["player"])})</span></p>',
        f"<p>{escape(sentence)}</p>",
        *(f"<p>{escape(note)}</p>" for note in step["notes"]),
        _rerolls(step["rerolls"]),
        _figure(step["bar"]),
        _figure(step["played"], _("With the re-rolls as planned:")),
    ]
    second = step["second"]
    if second:
        caption = _("The second block of %(f)s, thrown %(p)s of the times the first is:") % {
            "f": frenzy,
            "p": second["reached"],
        }
        parts.append(_figure(second["bar"], caption) + _rerolls(second["rerolls"]))
    css = ' class="is-weakest"' if step["weakest"] else ""
    return f"<li{css}>{''.join(parts)}</li>"


def result_html(result: dict[str, Any], frenzy: str) -> str:
    """The inside of the result section (its heading stays the page's)."""
    fraction = f' <span class="hint">({escape(result["fraction"])})</span>' if result["fraction"] else ""
    n = result["team_rerolls"]
    if n:
        summary = ngettext(
            "%(n)s team re-roll can be used; the best plan expects to use %(used)s.",
            "%(n)s team re-rolls can be used; the best plan expects to use %(used)s.",
            n,
        ) % {"n": n, "used": result["team_used"]}
    else:
        summary = _("No team re-roll can be used.")
    if result["weakest"]:
        summary += " " + result["weakest"]
    steps = "".join(_step(step, frenzy) for step in result["steps"])
    return (
        f'<p class="odds-answer">{escape(result["probability"])}{fraction}</p>'
        f'<p class="odds-summary">{escape(summary)}</p>'
        f'<ol class="odds-breakdown">{steps}</ol>'
        f'<div class="chart-box">{result["chart"]}</div>'
    )


def problems_html(problems: list[str]) -> str:
    intro = _("Some inputs cannot be used: they are marked below. Nothing is computed until they are corrected.")
    items = "".join(f"<li>{escape(p)}</li>" for p in problems)
    return f'<div class="form-message" role="alert"><p>{escape(intro)}</p><ul>{items}</ul></div>'
