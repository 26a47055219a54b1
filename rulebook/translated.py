"""Words from the content in one language: a translated field (django-modeltranslation adds one
column per language, `name_es` … `name_en`) read, written or named in a query, in one way.

There is no fallback to another language, by design (settings.MODELTRANSLATION_FALLBACK_LANGUAGES
is empty for the same reason): every item exists in all four languages, and a gap must show up in
the translation report, not be papered over with English. An empty column reads as `default`
("" unless the caller names something else, such as a slug)."""

from __future__ import annotations

from .vocab import LANGS


def column(field: str, lang: str) -> str:
    """The column holding `field` in `lang` ("name", "es" → "name_es"), for queries."""
    return f"{field}_{lang}"


def in_language(obj: object, field: str, lang: str, default: str = "", *, missing_ok: bool = False) -> str:
    """The text of `obj`'s translated `field` in `lang`; `default` when it is empty (or NULL).

    An object without that column is a programming error (AttributeError), unless `missing_ok`:
    template filters, which may be handed anything a template resolves, read such an object as
    `default`."""
    name = column(field, lang)
    value = getattr(obj, name, None) if missing_ok else getattr(obj, name)
    return str(value) if value else default


def all_languages(obj: object, field: str) -> dict[str, str]:
    """{lang: text} of a translated field in every language, in LANGS order ("" where empty)."""
    return {lang: in_language(obj, field, lang) for lang in LANGS}


def set_in_language(obj: object, field: str, lang: str, value: str) -> None:
    setattr(obj, column(field, lang), value)
