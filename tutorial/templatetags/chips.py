"""`{% chip_links chips "s" n "-v" %}` and `{% card_links cards %}`: the odds builder's chips and
cards written in Python. A builder page has some eighty of them, and the template loop that wrote
them was most of the page's rendering (bench/miss_kinds.py, the odds page); the markup is the loop's,
byte for byte (tests/tutorial/test_option_lists.py)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.simple_tag
def chip_links(chips: Iterable[Mapping[str, Any]], *key: object, aria: bool = False, check: bool = False) -> SafeString:
    """One link per chip, data-key `key` and its number; aria: its own aria-label when it differs
    from its label; check: "✓ " before the chosen one's label."""
    prefix = conditional_escape("".join(map(str, key)))
    written = []
    for n, chip in enumerate(chips, start=1):
        url = conditional_escape(chip["url"])
        current = bool(chip.get("current"))
        label = str(chip["label"])
        said = str(chip.get("aria", ""))
        written.append(
            f'<a class="chip-link" data-key="{prefix}{n}" href="{url}" hx-get="{url}"'
            + (' aria-current="true"' if current else "")
            + (f' aria-label="{conditional_escape(said)}"' if aria and said != label else "")
            + f">{'✓ ' if check and current else ''}{conditional_escape(chip['label'])}</a>"
        )
    return mark_safe("".join(written))  # every part escaped above


@register.simple_tag
def card_links(cards: Iterable[Mapping[str, Any]]) -> SafeString:
    """The cards that add an action: one list item each."""
    return mark_safe(  # every part escaped
        "".join(
            f'<li><a class="odds-card" data-key="card-{conditional_escape(card["kind"])}" href="{url}" hx-get="{url}">'
            f'<span aria-hidden="true">+ </span>{conditional_escape(card["label"])}</a></li>'
            for card in cards
            for url in (conditional_escape(card["url"]),)
        )
    )
