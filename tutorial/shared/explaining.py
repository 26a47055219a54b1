"""The engine's explanations in words, for all three wings: one sentence per part of an
Explanation (its base, each modifier, its result), in the reader's language and the edition's terms,
with engine keys that name a side or a zone turned into words and player ids into names."""

from __future__ import annotations

from typing import Any

from rulebook.engine import Explanation

from . import phrases
from .values import Word


def as_param(name: str, value: Any, names: dict[str, str]) -> Any:
    """An explanation's param as a value a phrase can format and choose forms by: engine keys
    that name a side or a zone become words, player ids become names."""
    if name in ("chooser", "zone", "side") and isinstance(value, str):
        return Word(value)
    if name == "players" and isinstance(value, tuple):
        return ", ".join(names.get(v, str(v)) for v in value)
    return value


def phrase_with_names(key: str, params: dict[str, Any], lang: str, edition: str, names: dict[str, str]) -> str:
    return phrases.phrase(key, lang, edition, **{k: as_param(k, v, names) for k, v in params.items()})


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else (f"−{abs(value)}" if value < 0 else "±0")


def explanation_lines(expl: Explanation, lang: str, edition: str, names: dict[str, str]) -> list[str]:
    """One sentence per part of an engine Explanation: base, each modifier, result."""
    lines = [phrase_with_names(expl.base_reason, {"value": expl.base, **dict(expl.base_params)}, lang, edition, names)]
    for modifier in expl.modifiers:
        text = phrase_with_names(modifier.reason, dict(modifier.params), lang, edition, names)
        lines.append(text if text.startswith(("+", "−")) else f"{signed(modifier.value)} · {text}")
    for child in expl.children:
        lines += explanation_lines(child, lang, edition, names)
    if expl.result_reason and expl.result_reason not in ("path_success_probability", expl.base_reason):
        lines.append(
            phrase_with_names(
                expl.result_reason, {"value": expl.result, **dict(expl.result_params)}, lang, edition, names
            )
        )
    return lines
