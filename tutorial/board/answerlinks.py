"""The links an answer on the board carries: the odds calculator with the same rolls (the share
code oddslink.py writes), the other question about the same team-mate (a pass instead of a
hand-off, and back). Django-free: the page and the phone offline (offline_html.py) give the same
links."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any
from urllib.parse import urlencode

from rulebook.portable.i18n import gettext as _
from rulebook.portable.i18n import gettext_lazy

from .edit import View

ODDS_NOTES = {  # where the calculator's question differs from the board's (oddslink.py)
    "blitz": gettext_lazy(
        "There both players going down counts as failing, and a team re-roll may be spent on the block."
    ),
    "pass": gettext_lazy("There an inaccurate pass that scatters back to him also counts."),
}


def with_links(
    panel: dict[str, Any] | None, here: View, url: Callable[[View], str], odds_path: str
) -> dict[str, Any] | None:
    """The answer links to the odds calculator (at `odds_path`) with the same rolls, and a
    hand-off's or a pass's to the other question about the same team-mate."""
    if panel is not None and panel.get("odds_code"):
        panel["odds_url"] = odds_path + "?" + urlencode({"c": panel["odds_code"]}, safe=";,:/=.")
        panel["odds_note"] = ODDS_NOTES.get(panel["kind"], "")
    if panel is None or panel["kind"] not in ("pass", "handoff"):
        return panel
    other = "handoff" if panel["kind"] == "pass" else "pass"
    label = _("Ask a hand-off to him instead") if other == "handoff" else _("Ask a pass to him instead")
    panel["switch"] = {"label": label, "url": url(replace(here, ask=other))}
    return panel
