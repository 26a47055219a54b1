"""Before a league match: how much gold each side may spend on inducements.

2025 (league play): the team with the higher Current Team Value may spend its treasury first; the
other gets petty cash equal to the difference plus what the first spent from its treasury, and may
add up to 50,000 from its own treasury. With equal values neither spends its treasury.
Sources: BBBase `docs/bb2025/core_rules/league_play.md` ("Inducements", with its worked example)
and FFB `server/step/bb2025/start/StepBuyInducements.java` (`MAX_UNDERDOG_ALLOWANCE = 50000`).

Classic rules: the team with the lower team value gets the difference as petty cash; gold a coach
moves from his treasury raises his own team value for that comparison. Moving T against a
difference D leaves max(D - T, 0) of petty cash, so the side may spend max(D, T): up to D free, and
beyond D everything it spends comes from the treasury (the petty cash is gone). Sources: FFB's
bb2016 `UtilInducementSequence.calculateInducementGold` and an independent LRB6 league tracker
(both sides' treasury gold added to their values before the difference is taken); the LRB6
reference sheets' pre-match sequence (treasury gold moved before inducements are taken). The
inducements' SOURCES.md names them.
"""

from __future__ import annotations

from dataclasses import dataclass

UNDERDOG_TREASURY_2025 = 50_000


@dataclass(frozen=True, slots=True)
class Purse:
    petty_cash: int  # free gold, lost if not spent
    treasury: int  # the most the coach may take from his treasury
    # 2025: the treasury adds to the petty cash. Classic: treasury gold raises the team's value, so
    # spending beyond the petty cash takes the whole sum from the treasury.
    adds_to_petty_cash: bool = True

    @property
    def total(self) -> int:
        if self.adds_to_petty_cash:
            return self.petty_cash + self.treasury
        return max(self.petty_cash, self.treasury)

    def from_treasury(self, spent: int) -> int:
        """The treasury's part of `spent` (at most what the purse allows from it)."""
        if spent <= self.petty_cash:
            return 0
        owed = spent - self.petty_cash if self.adds_to_petty_cash else spent
        return min(owed, self.treasury)


def purse_2025(own_value: int, other_value: int, own_treasury: int, other_spent: int) -> Purse:
    """`other_spent`: what the higher-valued opponent spent from his treasury (0 otherwise)."""
    if own_value > other_value:
        return Purse(0, own_treasury)
    if own_value == other_value:
        return Purse(0, 0)
    return Purse(other_value - own_value + other_spent, min(UNDERDOG_TREASURY_2025, own_treasury))


def purse_classic(own_value: int, other_value: int, own_treasury: int, other_moved: int) -> Purse:
    """`other_moved`: what the opponent moved from his treasury (it raises his value)."""
    difference = max(other_value + other_moved - own_value, 0)
    return Purse(difference, own_treasury, adds_to_petty_cash=False)
