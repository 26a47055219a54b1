"""The `<option>` tags of the tutorial's forms, written in Python instead of a template loop.

A board or odds page holds 200-400 options (columns and rows six times over, every positional of
every team, every kind of roll per row), and Django's template engine spends some 20 µs on each
loop turn: a third of such a page's render. Here an option list is escaped once into its tags, and
marking the chosen one is a string join. The markup is the template's, byte for byte (values and
labels escaped as autoescape does), so a page is the same whichever way it was written.

Lists that depend only on the language, the edition and the content (the positionals, the step
kinds) are built under `@per_content_version` by their callers; fixed ones (columns, rows) once
at import.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

SELECTED = " selected"


@dataclass(frozen=True)
class Option:
    """One option's tag around the place its `selected` goes: head + (" selected") + tail."""

    value: str
    head: str  # '<option value="…"' and any data attributes
    tail: str  # '>label</option>'


@dataclass(frozen=True)
class OptionList:
    """Options ready to be written, with any one of them selected."""

    options: tuple[Option, ...]

    def html(self, selected: object = None) -> SafeString:
        """The tags, `selected` on every option whose value equals `selected` (as the template's
        `{% if value == chosen %}`); none when it matches no value."""
        return mark_safe(
            "".join(o.head + SELECTED + o.tail if o.value == selected else o.head + o.tail for o in self.options)
        )

    def __str__(self) -> str:
        return self.html()


def _text(value: object) -> str:
    """As autoescape writes a value: escaped unless already safe (SafeString is a str)."""
    return str(conditional_escape(value if isinstance(value, str) else str(value)))


def option(value: str, label: object, data: Iterable[tuple[str, object]] = (), hidden: bool = False) -> Option:
    """`<option value="value" data-name="…">label</option>`, data attributes in the order given
    (`hidden`: not offered now; a script may offer it again)."""
    attributes = "".join(f' data-{name}="{_text(content)}"' for name, content in data) + (" hidden" if hidden else "")
    return Option(value, f'<option value="{_text(value)}"{attributes}', f">{_text(label)}</option>")


def option_list(choices: Iterable[tuple[str, object]]) -> OptionList:
    """The options of (value, label) pairs."""
    return OptionList(tuple(option(value, label) for value, label in choices))


def option_groups(groups: Iterable[tuple[object, Iterable[tuple[str, object]]]]) -> SafeString:
    """`<optgroup label="group">` around each group's options, none selected."""
    return mark_safe(
        "".join(f'<optgroup label="{_text(name)}">{option_list(choices).html()}</optgroup>' for name, choices in groups)
    )
