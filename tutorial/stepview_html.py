"""A step's answer as HTML (the page's #step-result): the picture and its key, the narration, the
engine's explanation and the chart, with the messages about the reader's inputs. Django-free and
written once: the server's page includes it (tutorial/step.html) and the phone shows it offline
(tutorial/phone.py, static/js/tutorial.js)."""

from __future__ import annotations

from html import escape

from rulebook.portable.i18n import gettext as _

from .stepview import StepResult


def result_html(shown: StepResult, board_url: str, out_of_band: bool = False) -> str:
    """The #step-result element; `out_of_band`: also each field's error message, for the page to put
    next to its field (htmx's out-of-band swap, or the phone's script)."""
    parts = ['<div id="step-result" class="step-result" aria-live="polite">', _messages(shown)]
    if out_of_band:
        parts += [
            f'<span class="error" id="f-{escape(f.name)}-error" hx-swap-oob="true">{escape(f.error)}</span>'
            for f in shown.fields
            if f.kind != "bool"
        ]
    parts += [_figure(shown)]
    if board_url:
        label = _("Open this position in the board")
        parts.append(
            f'<p class="board-link"><a class="button button--secondary" href="{escape(board_url)}">{escape(label)}</a></p>'
        )
    parts += [_positions(shown), f'<div class="narration">{shown.narration}</div>', _explanation(shown)]
    if shown.chart:
        parts.append(f'<div class="chart-box">{shown.chart}</div>')
    parts.append("</div>")
    return "\n".join(part for part in parts if part)


def _messages(shown: StepResult) -> str:
    if not (shown.problems or shown.action_error):
        return ""
    lines = [f'<p class="visually-hidden">{escape(message)}</p>' for message in shown.problems]
    if shown.action_error:
        lines.append(f"<p>{escape(shown.action_error)}</p>")
    note = escape(_("The numbers below are for the board as the scenario sets it."))
    if shown.first_error:
        correct = _("Correct the field marked in the form.")
        note += f' <a href="#f-{escape(shown.first_error)}">{escape(correct)}</a>'
    lines.append(f'<p class="form-message__note">{note}</p>')
    return '<div class="form-message" role="status">' + "".join(lines) + "</div>"


def _figure(shown: StepResult) -> str:
    parts = ['<figure class="board">', f'<div class="board__frame">{shown.picture}</div>']
    if shown.whole_picture:
        summary, region = _("Show the whole pitch"), _("The whole pitch (scrolls sideways)")
        parts.append(
            f'<details class="board__whole"><summary>{escape(summary)}</summary>'
            f'<div class="board__pan" tabindex="0" role="region" aria-label="{escape(region)}">'
            f"{shown.whole_picture}</div></details>"
        )
    if shown.legend:
        items = "".join(
            f'<li><span class="swatch swatch--{escape(css)}" aria-hidden="true">{escape(mark)}</span>{escape(label)}</li>'
            for css, label, mark in shown.legend
        )
        parts.append(f'<figcaption><ul class="legend">{items}</ul></figcaption>')
    parts.append("</figure>")
    return "\n".join(parts)


def _positions(shown: StepResult) -> str:
    if not shown.positions:
        return ""
    help_text = _(
        "Squares are named as on the board: the column's letter (a to z, from the left) and the row's number (1 to 15, from the top)."
    )
    lines = "".join(f"<li>{escape(line)}</li>" for line in shown.positions)
    summary = _("Positions on the board (text)")
    return (
        '<details class="positions">'
        f"<summary>{escape(summary)}</summary>"
        f'<p class="positions__help">{escape(help_text)}</p>'
        f"<ul>{lines}</ul></details>"
    )


def _explanation(shown: StepResult) -> str:
    if not shown.panels:
        return ""
    panels = "".join(
        f"<h3>{escape(panel.heading)}</h3><ul>{''.join(f'<li>{escape(line)}</li>' for line in panel.lines)}</ul>"
        for panel in shown.panels
    )
    heading = _("How the engine gets these numbers")
    return (
        '<section class="explanation" aria-labelledby="explanation-heading">'
        f'<h2 id="explanation-heading">{escape(heading)}</h2>{panels}</section>'
    )
