"""Structured explanations: every computation says how it got its result."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass
from enum import Enum
from fractions import Fraction
from typing import Any, Generic, TypeVar

from .reasons import require_reason

T = TypeVar("T")
Number = int | Fraction


@dataclass(frozen=True)
class Modifier:
    """A signed change to the base value (for dice pools: dice added or removed)."""

    value: Number
    reason_key: str
    params: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        require_reason(self.reason_key)

    def to_dict(self) -> dict[str, Any]:
        return {"value": _plain(self.value), "reason_key": self.reason_key, "params": _plain(self.params)}


@dataclass(frozen=True)
class Note:
    """A non-numeric fact that shaped the result (a floor, a crit, a corner bounce...)."""

    reason_key: str
    params: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        require_reason(self.reason_key)

    def to_dict(self) -> dict[str, Any]:
        return {"reason_key": self.reason_key, "params": _plain(self.params)}


@dataclass(frozen=True)
class Breakdown(Generic[T]):
    """base + modifiers -> result, with the reason of the base and any notes."""

    base: Number | None
    modifiers: tuple[Modifier, ...]
    result: T
    reason_key: str
    notes: tuple[Note, ...] = ()

    def __post_init__(self) -> None:
        require_reason(self.reason_key)

    def reason_keys(self) -> set[str]:
        keys = {self.reason_key}
        keys.update(m.reason_key for m in self.modifiers)
        keys.update(n.reason_key for n in self.notes)
        return keys

    def to_dict(self) -> dict[str, Any]:
        return {
            "base": _plain(self.base),
            "reason_key": self.reason_key,
            "modifiers": [m.to_dict() for m in self.modifiers],
            "notes": [n.to_dict() for n in self.notes],
            "result": _plain(self.result),
        }


def _plain(value: Any) -> Any:
    """JSON-friendly copy: Fractions become "p/q" strings (floats only for display)."""
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, Enum):
        return value.name.lower()
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value) if not f.name.startswith("_")}
    return value
