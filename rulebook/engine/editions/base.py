"""The one interface every edition implements, plus the rules both editions share.

Generic modules (movement, block, injury, passing, kickoff) never test which edition they
run under: they ask the Edition object for targets, modifiers, tables and rule switches.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import ClassVar

from ..explain import Explanation, Modifier, params, target_explanation
from ..purse import Purse
from ..skills import SKILL_REROLLS
from ..teambuilding import TeamBuildingRules
from ..types import ArmourHelp, Board, Player, Square, Weather

RANGE_BANDS = ("quick", "short", "long", "bomb")


@dataclass(frozen=True, slots=True)
class TableRow:
    """One row of a dice table: results lo..hi (inclusive) give `key`."""

    lo: int
    hi: int
    key: str
    effect: str = ""  # e.g. the characteristic lost, "miss_next_game", "niggling_injury"


def lookup(rows: tuple[TableRow, ...], roll: int) -> TableRow:
    for row in rows:
        if row.lo <= roll <= row.hi:
            return row
    raise KeyError(f"roll {roll} not in table")


class Edition(ABC):
    """A rule set. Implementations: Lrb6, Bb2025 (looked up by key in editions.get_edition)."""

    key: ClassVar[str]
    side_step_skill: ClassVar[str]
    # How many team re-rolls may be used in one team turn (None: any number).
    team_rerolls_per_turn: ClassVar[int | None]
    pro_target: ClassVar[int]
    # Pro re-rolls the whole roll (False) or one die of a multiple-dice roll such as a block (True).
    pro_rerolls_one_die: ClassVar[bool]
    # A failed Pro roll may itself be re-rolled with a team re-roll.
    pro_roll_team_rerollable: ClassVar[bool] = False
    loner_default_target: ClassVar[int] = 4
    rushes: ClassVar[int] = 2
    stand_up_cost: ClassVar[int] = 3
    stand_up_roll_target: ClassVar[int] = 4  # needed when MA is below the cost
    # Dauntless: True if the D6 + ST must beat the opponent's ST, False if equalling is enough.
    dauntless_needs_higher: ClassVar[bool]
    mighty_blow_bonus: ClassVar[int] = 1
    dirty_player_bonus: ClassVar[int] = 1
    # Values a skill may print beside its name (2025 stars' Mighty Blow (+2)); else the bonus above.
    skill_values: ClassVar[dict[str, tuple[int, ...]]] = {}
    # Diving Catch's +1 also helps an inaccurate pass that scatters back onto his square (2025:
    # "in the target square during a Pass action"), or accurate passes only (classic).
    diving_catch_after_inaccurate: ClassVar[bool] = False
    # Who may re-roll the Tentacles roll: the mover's coach (classic), or none of the mover's re-rolls (2025).
    tentacles_escape_rerollable: ClassVar[bool] = False
    # Argue the Call (2025): a D6 against a sending-off; on this roll the player stays (the turnover stands).
    argue_the_call_on: ClassVar[int | None] = None
    bribe_works_on: ClassVar[int] = 2  # a Bribe's D6: the sending-off (and its turnover) ignored
    chainsaw_armour_bonus: ClassVar[int] = 3
    claw_threshold: ClassVar[int] = 8
    # Claw compares the modified armour roll (lrb6) or the natural roll (bb2025) with 8.
    claw_uses_modified_roll: ClassVar[bool]
    inaccurate_pass_scatters: ClassVar[int] = 3
    # Thick Skull: the injury total read as Stunned (classic: 8); None: the table's lowest KO (2025).
    thick_skull_stunned_total: ClassVar[int | None] = None
    # -- switches of the odds of a whole turn (engine/turn.py) --
    # Skill re-rolls the rules limit to once per turn (the others work on every roll they fit).
    skill_rerolls_once_per_turn: ClassVar[frozenset[str]] = frozenset({"dodge", "sure-feet"})
    # The targets a Loner may have (classic: always 4+; 2025: Loner (X+)).
    loner_targets: ClassVar[tuple[int, ...]] = (4,)
    # Diving Tackle's -2 comes after every re-roll (2025) or on one roll, the first it spoils (classic).
    diving_tackle_after_rerolls: ClassVar[bool]
    # Diving Tackle also acts on a leap or a jump (2025), or on dodges only (classic).
    diving_tackle_on_leap: ClassVar[bool]
    # A Hail Mary is fumbled on a natural 1 only (classic), or as a Long Bomb whose modifiers count (2025).
    hail_mary_fumbles_on_one_only: ClassVar[bool]
    # The interception is tried before the pass roll (classic) or after it, easier on an inaccurate pass (2025).
    interception_before_pass: ClassVar[bool]
    chainsaw_hits_on: ClassVar[int] = 2  # the D6 to avoid the kick-back
    # Throw Team-Mate: the landing modifier after a poor (subpar) throw; whether Pass re-rolls the throw.
    ttm_subpar_landing_penalty: ClassVar[int] = 0
    pass_skill_rerolls_throw_team_mate: ClassVar[bool] = False
    # One-die block re-rolls of skills the edition has (2025: Brawler on Both Down, Hatred on Player Down).
    block_die_rerolls: ClassVar[tuple[tuple[str, str], ...]] = ()
    # Star rules re-rolling any one block die (rule, once a turn, when), one die of any roll but
    # armour chains, helping an armour chain after its dice are seen: see bb2025.py.
    block_any_die_rerolls: ClassVar[tuple[tuple[str, bool, str, str], ...]] = ()
    any_roll_rerolls: ClassVar[frozenset[str]] = frozenset()
    armour_chain_helps: ClassVar[tuple[ArmourHelp, ...]] = ()
    # Skills of a defender that stop every modifier to the armour roll against him (and Claws).
    armour_modifier_immunity: ClassVar[frozenset[str]] = frozenset()
    injury_table: ClassVar[tuple[TableRow, ...]]
    stunty_injury_table: ClassVar[tuple[TableRow, ...]]
    stunty_injury_modifier: ClassVar[int]
    casualty_die: ClassVar[str]  # "d68" or "d16"
    casualty_table: ClassVar[tuple[TableRow, ...]]
    kickoff_table: ClassVar[tuple[TableRow, ...]]
    weather_table: ClassVar[tuple[TableRow, ...]]
    fans_dice: ClassVar[str]  # "2d6", "d6" or "d3"
    fans_multiplier: ClassVar[int]
    # Drafting a team: budget, players, re-rolls, sideline staff (see teambuilding.py).
    team_building: ClassVar[TeamBuildingRules]
    # A star player's entry lists the teams that may hire him (classic) or leagues and special rules (2025).
    stars_play_for_teams: ClassVar[bool]
    # The gettext context of the interface words that differ between the two books ("Médico" in the
    # classic Spanish books, "Apotecario" in the 2025 ones).
    rulebook_words: ClassVar[str]

    @abstractmethod
    def match_purse(self, own_value: int, other_value: int, own_treasury: int, other_spent: int = 0) -> Purse:
        """What a side may spend on inducements before a league match (engine/purse.py)."""

    def __init__(self, **options: str) -> None:
        unknown = set(options) - set(self.option_choices())
        if unknown:
            raise ValueError(f"unknown options for {self.key}: {sorted(unknown)}")
        for name, value in options.items():
            if value not in self.option_choices()[name]:
                raise ValueError(f"{name} must be one of {self.option_choices()[name]}")
        self.options: dict[str, str] = {**self.default_options(), **options}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.options})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Edition) and type(other) is type(self) and other.options == self.options

    def __hash__(self) -> int:
        return hash((self.key, tuple(sorted(self.options.items()))))

    # -- variant options ---------------------------------------------------------------
    @classmethod
    def option_choices(cls) -> dict[str, tuple[str, ...]]:
        return {}

    @classmethod
    def default_options(cls) -> dict[str, str]:
        return {name: choices[0] for name, choices in cls.option_choices().items()}

    # -- tests of agility ----------------------------------------------------------------
    @abstractmethod
    def agility_base(self, player: Player) -> tuple[int, str, tuple]:
        """Unmodified target of an agility test: (target, reason key, params)."""

    @abstractmethod
    def dodge_test(
        self, player: Player, board: Board, start: Square, destination: Square, break_tackle: bool = False
    ) -> Explanation:
        """Target to dodge from start to destination (break_tackle: spend Break Tackle on it)."""

    def break_tackle_helps(self, player: Player) -> bool:
        return player.has("break-tackle")

    @abstractmethod
    def break_tackle_bonus(self, st: int, ag: int) -> int:
        """How much easier Break Tackle makes a dodge for a player of this ST (and AG)."""

    @abstractmethod
    def tentacles_hold(self, mover_st: int, tentacles_st: int) -> Fraction:
        """Chance that a Tentacles player holds a dodging (or leaping) opponent in his square."""

    @abstractmethod
    def shadowing_follows(self, mover_ma: int, shadower_ma: int) -> Fraction:
        """Chance that a Shadowing player follows the dodger into the square he left."""

    def rush_test(self, player: Player, weather: Weather = Weather.NICE) -> Explanation:
        mods = [Modifier(-1, "weather_blizzard")] if weather is Weather.BLIZZARD else []
        if player.has("drunkard"):  # a 2025 trait: -1 to every Rush
            mods.append(Modifier(-1, "drunkard"))
        return target_explanation(2, "rush_base", mods)

    def rushes_allowed(self, player: Player) -> int:
        return self.rushes + (1 if player.has("sprint") else 0)

    def stand_up_cost_for(self, player: Player) -> int:
        """Movement standing up costs him: Jump Up stands him up for free (both editions)."""
        return 0 if player.has("jump-up") else self.stand_up_cost

    def stand_up_test(self, player: Player, board: Board | None = None) -> Explanation | None:
        """None when standing up needs no roll (MA at least the cost, or Jump Up)."""
        if player.ma >= self.stand_up_cost_for(player):
            return None
        return target_explanation(
            self.stand_up_roll_target,
            "stand_up_low_movement",
            self.stand_up_modifiers(player, board),
            params(ma=player.ma),
        )

    def stand_up_modifiers(self, player: Player, board: Board | None) -> list[Modifier]:
        return []

    # Grab against Side Step on a Block action: Grab wins (2025) or the two cancel out (classic).
    grab_beats_side_step: ClassVar[bool]

    # Jump Up's block from the ground: an agility roll (test) with this bonus, no tackle zones counted.
    jump_up_block_modifier: ClassVar[int]

    def jump_up_block_test(self, player: Player) -> Explanation:
        base, reason, base_params = self.agility_base(player)
        return target_explanation(base, reason, [Modifier(self.jump_up_block_modifier, "jump_up_bonus")], base_params)

    @staticmethod
    def foul_appearance_test() -> Explanation:
        """Before blocking a player with Foul Appearance: 2+ on a D6 (both editions)."""
        return target_explanation(2, "foul_appearance_roll", ())

    # The skill (or trait) of a player who may never hold the ball: he cannot pick it up, catch,
    # intercept or throw it (classic No Hands, 2025 No Ball).
    no_hands_skill: ClassVar[str] = "no-hands"

    def can_pick_up(self, player: Player) -> bool:
        return not player.has(self.no_hands_skill)

    def can_catch(self, player: Player) -> bool:
        return not player.has(self.no_hands_skill)

    def can_throw(self, player: Player) -> bool:
        """Whether he may take a Pass action at all."""
        return not player.has(self.no_hands_skill)

    def can_intercept(self, interceptor: Player, thrower: Player) -> bool:
        return not interceptor.has(self.no_hands_skill)

    def interception_cancel_test(self, thrower: Player, interceptor: Player) -> Explanation | None:
        """The thrower's roll that cancels a successful interception (classic Safe Throw)."""
        return None

    def fumble_kept(self, thrower: Player, natural: int) -> bool:
        """Whether a fumbled pass roll with this natural die leaves the ball in his hands."""
        return False

    # Re-rolls an interceptor may use on his failed roll in the opponent's turn (classic Catch and Pro).
    catch_rerolls_interception: ClassVar[bool] = False
    pro_rerolls_interception: ClassVar[bool] = False
    very_long_legs_interception: ClassVar[int] = 1

    @abstractmethod
    def pickup_test(
        self, player: Player, board: Board, square: Square, weather: Weather = Weather.NICE
    ) -> Explanation: ...

    @abstractmethod
    def catch_test(
        self, player: Player, board: Board, square: Square, kind: str, weather: Weather = Weather.NICE
    ) -> Explanation:
        """kind: accurate_pass, hand_off, inaccurate_pass, bounce or kick_off."""

    @abstractmethod
    def pass_test(
        self, thrower: Player, board: Board, band: str, weather: Weather = Weather.NICE
    ) -> Explanation | None:
        """Target of the pass roll for a range band; None if this player may not pass that far."""

    @abstractmethod
    def fumbles(self, natural: int, modified: int) -> bool:
        """Whether a pass roll (natural die, modified total) is a fumble."""

    @abstractmethod
    def interception_test(
        self, player: Player, board: Board, accurate: bool = True, weather: Weather = Weather.NICE
    ) -> Explanation: ...

    # -- re-rolls -----------------------------------------------------------------------
    def skill_reroll_for(self, roll_kind: str) -> str | None:
        return SKILL_REROLLS.get(roll_kind)

    def loner_target(self, player: Player) -> int | None:
        """What he must roll to use a team re-roll: None without Loner, else his roster's target
        when the edition prints one per player, else the edition's usual target."""
        if not player.has("loner"):
            return None
        if player.loner is not None and player.loner in self.loner_targets:
            return player.loner
        return self.loner_default_target

    # -- armour and injury ------------------------------------------------------------------
    @abstractmethod
    def armour_broken(self, total: int, av: int) -> bool:
        """Whether a modified 2D6 armour roll beats this armour value."""

    def armour_target(self, av: int) -> int:
        """The lowest armour roll (2D6 and modifiers) that breaks this armour value."""
        return next((total for total in range(2, 13) if self.armour_broken(total, av)), 13)

    # -- notation of the characteristics -------------------------------------------------
    # AG and AV as characteristics (classic: AG 3, AV 8) or as target numbers (2025: AG 3+, AV 9+).
    ag_is_target: ClassVar[bool]
    av_is_target: ClassVar[bool]
    # Whether players have a Passing Ability (PA, a target; 2025) or pass on Agility (classic).
    has_passing_ability: ClassVar[bool]
    # A plain lineman's profile in this edition's notation (what a new player starts with).
    lineman: ClassVar[dict[str, int]]
    # The glossary concept naming the extra squares a player may try (classic Going for It, 2025 Rush).
    rush_term: ClassVar[str]

    @property
    def characteristics(self) -> tuple[str, ...]:
        """The characteristics a player has, in the order rosters print them."""
        return ("ma", "st", "ag", "pa", "av") if self.has_passing_ability else ("ma", "st", "ag", "av")

    @property
    def target_characteristics(self) -> frozenset[str]:
        """Those written as target numbers with a "+" (2025: AG 3+, PA 4+, AV 9+)."""
        flags = {"ag": self.ag_is_target, "pa": self.has_passing_ability, "av": self.av_is_target}
        return frozenset(name for name, is_target in flags.items() if is_target)

    @property
    def pass_characteristic(self) -> str:
        """What a pass is rolled against: Passing Ability (2025) or Agility (classic)."""
        return "pa" if self.has_passing_ability else "ag"

    def usable_team_rerolls(self, available: int) -> int:
        """The team re-rolls a team turn may use out of those available (classic: one)."""
        limit = self.team_rerolls_per_turn
        return max(0, available if limit is None else min(available, limit))

    def convert_ag(self, ag: int, source: Edition) -> int:
        """An AG written in `source`'s notation, in this edition's: a classic AG of n reads as a
        target of (6 − n)+ and back (AG 3 ↔ 3+, AG 4 ↔ 2+)."""
        return ag if self.ag_is_target == source.ag_is_target else max(1, min(6, 6 - ag))

    def convert_av(self, av: int, source: Edition) -> int:
        """An AV written in `source`'s notation, in this edition's: a classic AV of n reads as
        (n + 1)+ and back (AV 8 ↔ 9+)."""
        if self.av_is_target == source.av_is_target:
            return av
        return av + 1 if self.av_is_target else av - 1

    def convert_player(self, player: Player, source: Edition) -> Player:
        """The same player written in this edition's notation."""
        return replace(player, ag=self.convert_ag(player.ag, source), av=self.convert_av(player.av, source))

    # -- shared geometry-based modifiers -------------------------------------------------
    @staticmethod
    def leaving_modifiers(player: Player, board: Board, start: Square) -> list[Modifier]:
        """Modifiers from the players whose tackle zones the dodger leaves.

        Diving Tackle is counted as a flat -2 on the dodge (its user only spends it when it
        turns a pass into a fail, so for the chance of success that is the same); that the
        diver is then placed prone is not modelled for later steps of the path."""
        mods: list[Modifier] = []
        markers = board.tacklers(start, player.team)
        tails = sum(1 for p in markers if p.has("prehensile-tail"))
        if tails:
            mods.append(Modifier(-tails, "prehensile_tail", params(count=tails)))
        if any(p.has("diving-tackle") for p in markers):
            mods.append(Modifier(-2, "diving_tackle"))
        return mods

    # Reason key of the -1 per opposing player on the square a dodger moves into.
    destination_reason: ClassVar[str] = "tackle_zones_on_destination"

    def destination_modifiers(self, player: Player, board: Board, destination: Square) -> list[Modifier]:
        """-1 per opponent marking the square moved into; a Titchy opponent's zone counts for
        nothing there (he still has to be dodged out of), and Stunty ignores them all."""
        zones = sum(1 for p in board.tacklers(destination, player.team, exclude=player.id) if not p.has("titchy"))
        if zones and player.has("stunty"):
            return [Modifier(0, "stunty_ignores_tackle_zones", params(count=zones))]
        return [Modifier(-zones, self.destination_reason, params(count=zones))] if zones else []

    @staticmethod
    def dodger_modifiers(player: Player) -> list[Modifier]:
        """The dodger's own bonuses: Two Heads and Titchy, +1 each (both editions)."""
        return [
            Modifier(1, reason)
            for skill, reason in (("two-heads", "two_heads"), ("titchy", "titchy"))
            if player.has(skill)
        ]

    @staticmethod
    def disturbing_presence(player: Player, board: Board, square: Square) -> list[Modifier]:
        """-1 per opponent with Disturbing Presence within 3 squares, standing or not (both editions;
        FFB's UtilDisturbingPresence and botbowl count every one on the pitch)."""
        count = sum(
            1
            for p in board.players
            if p.team != player.team
            and p.has("disturbing-presence")
            and p.square is not None
            and p.square.on_pitch()
            and p.square.distance(square) <= 3
        )
        return [Modifier(-count, "disturbing_presence", params(count=count))] if count else []

    @staticmethod
    def dodge_skill_cancelled(player: Player, board: Board, start: Square) -> bool:
        """Tackle on any player marking the start square cancels the Dodge skill."""
        return any(p.has("tackle") for p in board.tacklers(start, player.team))
