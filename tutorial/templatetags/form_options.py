"""`{{ choices|options:chosen }}` and `{{ groups|optgroups }}`: a select's options written by
tutorial/shared/options.py (the same markup as a template loop, at a fraction of its cost)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import template
from django.utils.safestring import SafeString

from ..shared.options import OptionList, option_groups, option_list

register = template.Library()


@register.filter
def options(choices: OptionList | Iterable[tuple[str, Any]], selected: object = None) -> SafeString:
    """The options of an OptionList or of (value, label) pairs, `selected` on the chosen value."""
    found = choices if isinstance(choices, OptionList) else option_list(choices)
    return found.html(selected)


@register.filter
def optgroups(groups: SafeString | Iterable[tuple[Any, Iterable[tuple[str, Any]]]]) -> SafeString:
    """The optgroups of (group name, ((value, label), …)) pairs, or options already written."""
    if isinstance(groups, SafeString):
        return groups
    return option_groups(groups)
