"""Template filters: locale-aware numbers and percentages (Babel), and rendered rules text."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from rulebook import formatting, labels
from rulebook.rendering.crossrefs import rendered
from rulebook.translated import in_language

register = template.Library()


@register.filter
def num(value: Any) -> str:
    """10000 → 10.000 (es, it), 10 000 (fr), 10,000 (en)."""
    return formatting.num(value)


@register.filter
def pct(value: Any, digits: int = 0) -> str:
    """A probability (0..1) as a percentage in the locale's own pattern ("83 %", "83%")."""
    return formatting.pct(value, digits)


@register.filter
def localized(obj: Any, field: str) -> str:
    """The field in the current language (getattr with the language suffix)."""
    return in_language(obj, field, get_language(), missing_ok=True)


@register.filter
def aliases_here(obj: Any) -> list[str]:
    """The other names readers of the current language use for a skill or term ("Dodge")."""
    return list((getattr(obj, "aliases", None) or {}).get(get_language(), []))


@register.filter
def field_in(obj: Any, spec: str) -> str:
    """obj|field_in:"name:en" → the field in a given language."""
    field, _, lang = spec.partition(":")
    return in_language(obj, field, lang, missing_ok=True)


@register.filter
def rules_html(obj: Any, field: str) -> SafeString:
    return mark_safe(rendered(obj, field, get_language()))  # sanitised in markup.render


@register.filter
def category_label(key: str) -> str:
    return str(labels.CATEGORY_LABELS.get(key, key))


@register.filter
def kind_label(key: str) -> str:
    return str(labels.KIND_LABELS.get(key, key))


@register.filter
def activation_label(key: str) -> str:
    return str(labels.ACTIVATION_LABELS.get(key, key))


@register.filter
def language_name(code: str) -> str:
    return str(labels.LANGUAGE_NAMES.get(code, code))


@register.filter
def source_label(source: str) -> str:
    return str(labels.SOURCE_LABELS.get(source, source))


@register.filter
def ruleset_label(key: str) -> str:
    """ "bb2025" → "Blood Bowl 2025": a ruleset named in words."""
    return str(labels.RULESET_SHORT_LABELS.get(key, key))
