"""Before a league match: how much gold each side may spend on inducements.

2025 (league play): the team with the higher Current Team Value may spend its treasury first; the
other gets petty cash equal to the difference plus what the first spent from its treasury, and may
add up to 50,000 from its own treasury. With equal values neither spends its treasury.
Sources: BBBase `docs/bb2025/core_rules/league_play.md` ("Inducements", with its worked example)
and FFB `server/step/bb2025/start/StepBuyInducements.java` (`MAX_UNDERDOG_ALLOWANCE = 50000`).

Classic rules (FFB's bb2016 `UtilInducementSequence.calculateInducementGold`): the team with the
lower team value gets the difference; gold a coach moves from his treasury raises his own team value
for that comparison, so he may spend the larger of the two. Only one source was found for the
treasury part (see the match mode's SOURCES.md when it lands).
"""

from __future__ import annotations

from dataclasses import dataclass

UNDERDOG_TREASURY_2025 = 50_000


@dataclass(frozen=True, slots=True)
class Purse:
    petty_cash: int  # free gold, lost if not spent
    treasury: int  # the most the coach may add from his treasury

    @property
    def total(self) -> int:
        return self.petty_cash + self.treasury


def purse_2025(own_value: int, other_value: int, own_treasury: int, other_spent: int) -> Purse:
    """`other_spent`: what the higher-valued opponent spent from his treasury (0 otherwise)."""
    if own_value > other_value:
        return Purse(0, own_treasury)
    if own_value == other_value:
        return Purse(0, 0)
    return Purse(other_value - own_value + other_spent, min(UNDERDOG_TREASURY_2025, own_treasury))


def purse_classic(own_value: int, other_value: int, own_treasury: int, other_moved: int) -> Purse:
    """`other_moved`: what the opponent moved from his treasury (it raises his value). Moving T of
    one's own treasury gives max(T, difference - T); the best is the larger of the difference and
    the whole treasury."""
    difference = max(other_value + other_moved - own_value, 0)
    if own_treasury > difference:
        return Purse(0, own_treasury)
    return Purse(difference, 0)
