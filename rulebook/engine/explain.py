"""Structured explanations: numbers and reason keys, never prose.

A page renders an Explanation in any language by translating the reason keys listed in
reasons.py and formatting the params, e.g. base 4 (agility_table, ag=3), +1 (dodge_roll),
-2 (tackle_zones_on_destination, count=2) -> result 5 ("5+").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

Params = tuple[tuple[str, Any], ...]


def params(**values: Any) -> Params:
    """Keyword arguments as a hashable, ordered tuple of pairs."""
    return tuple(values.items())


@dataclass(frozen=True, slots=True)
class Modifier:
    """A modifier to a dice roll: positive values help the roller."""

    value: int
    reason: str
    params: Params = ()

    @property
    def params_dict(self) -> dict[str, Any]:
        return dict(self.params)


@dataclass(frozen=True, slots=True)
class Explanation:
    """base (with its reason) + modifiers -> result (with its reason).

    For a dice test the base is the unmodified target and the result the target to roll
    (already clamped to 2..6 where 1 always fails and 6 always succeeds). `children`
    holds the explanations of the parts of a compound computation (each step of a path).
    """

    base: Any
    base_reason: str
    modifiers: tuple[Modifier, ...] = ()
    result: Any = None
    result_reason: str = ""
    base_params: Params = ()
    result_params: Params = ()
    children: tuple[Explanation, ...] = ()

    @property
    def total_modifier(self) -> int:
        return sum(m.value for m in self.modifiers)

    def reason_keys(self) -> set[str]:
        """Every reason key used in this explanation tree (for checks and translation)."""
        keys = {self.base_reason} | {m.reason for m in self.modifiers}
        if self.result_reason:
            keys.add(self.result_reason)
        for child in self.children:
            keys |= child.reason_keys()
        keys.discard("")
        return keys


def target_explanation(
    base: int,
    base_reason: str,
    modifiers: Iterable[Modifier],
    base_params: Params = (),
    result_reason: str = "target_number",
) -> Explanation:
    """Explain a D6 test: the roll must reach base - sum(modifiers), clamped to 2..6."""
    mods = tuple(modifiers)
    raw = base - sum(m.value for m in mods)
    clamped = 2 if raw < 2 else 6 if raw > 6 else raw
    return Explanation(
        base=base,
        base_reason=base_reason,
        modifiers=mods,
        result=clamped,
        result_reason=result_reason,
        base_params=base_params,
        result_params=params(unclamped=raw),
    )
