"""Living Rulebook 6 (classic Blood Bowl): the agility table, one team re-roll per turn."""

from __future__ import annotations

from fractions import Fraction

from ..explain import Explanation, Modifier, params, target_explanation
from ..probability import two_d6
from ..purse import Purse, purse_classic
from ..teambuilding import (
    APOTHECARY,
    ASSISTANT_COACHES,
    CHEERLEADERS,
    FAN_FACTOR,
    StaffRule,
    TeamBuildingRules,
)
from ..types import Board, Player, Square, Weather
from .base import Edition, TableRow

# 2D6 injury roll after modifiers (lo/hi open-ended so modified totals always land).
INJURY = (
    TableRow(-99, 7, "stunned"),
    TableRow(8, 9, "knocked_out"),
    TableRow(10, 99, "casualty"),
)

# LRB6 Stunty: a modified 7 is KO'd and a 9 Badly Hurt (the older "+1 to injury" is seed 000's
# variant, not the LRB6 rule).
STUNTY_INJURY = (
    TableRow(-99, 6, "stunned"),
    TableRow(7, 8, "knocked_out"),
    TableRow(9, 9, "badly_hurt"),
    TableRow(10, 99, "casualty"),
)

# D68: a D6 for the tens, a D8 for the units.
CASUALTY_D68 = (
    TableRow(11, 38, "badly_hurt"),
    TableRow(41, 41, "broken_ribs", "miss_next_game"),
    TableRow(42, 42, "groin_strain", "miss_next_game"),
    TableRow(43, 43, "gouged_eye", "miss_next_game"),
    TableRow(44, 44, "broken_jaw", "miss_next_game"),
    TableRow(45, 45, "fractured_arm", "miss_next_game"),
    TableRow(46, 46, "fractured_leg", "miss_next_game"),
    TableRow(47, 47, "smashed_hand", "miss_next_game"),
    TableRow(48, 48, "pinched_nerve", "miss_next_game"),
    TableRow(51, 51, "damaged_back", "niggling_injury"),
    TableRow(52, 52, "smashed_knee", "niggling_injury"),
    TableRow(53, 53, "smashed_hip", "minus_ma"),
    TableRow(54, 54, "smashed_ankle", "minus_ma"),
    TableRow(55, 55, "serious_concussion", "minus_av"),
    TableRow(56, 56, "fractured_skull", "minus_av"),
    TableRow(57, 57, "broken_neck", "minus_ag"),
    TableRow(58, 58, "smashed_collar_bone", "minus_st"),
    TableRow(61, 68, "dead"),
)

KICKOFF = (
    TableRow(2, 2, "get_the_ref"),
    TableRow(3, 3, "riot"),
    TableRow(4, 4, "perfect_defence"),
    TableRow(5, 5, "high_kick"),
    TableRow(6, 6, "cheering_fans"),
    TableRow(7, 7, "changing_weather"),
    TableRow(8, 8, "brilliant_coaching"),
    TableRow(9, 9, "quick_snap"),
    TableRow(10, 10, "blitz"),
    TableRow(11, 11, "throw_a_rock"),
    TableRow(12, 12, "pitch_invasion"),
)

WEATHER = (
    TableRow(2, 2, "sweltering_heat", "sweltering_heat"),
    TableRow(3, 3, "very_sunny", "very_sunny"),
    TableRow(4, 10, "nice", "nice"),
    TableRow(11, 11, "pouring_rain", "pouring_rain"),
    TableRow(12, 12, "blizzard", "blizzard"),
)

# Range modifiers to the pass roll. "seed-004" is the variant one source gives.
PASS_RANGE_MODIFIERS = {
    "standard": {"quick": 1, "short": 0, "long": -1, "bomb": -2},
    "seed-004": {"quick": 0, "short": -1, "long": -2, "bomb": -3},
}


# LRB6 drafting: 1,000,000 gp, 11-16 players, up to 8 re-rolls (double price after the draft);
# cheerleaders and assistant coaches have no limit but the money; fan factor up to 9 at the draft,
# and every purchase counts in the team value. Sources: rulebook/content/lrb6/teams/SOURCES.md.
TEAM_BUILDING = TeamBuildingRules(
    budget=1_000_000,
    min_players=11,
    max_players=16,
    max_rerolls=8,
    later_reroll_multiplier=2,
    staff=(
        StaffRule(APOTHECARY, 50_000, 1, needs_apothecary_allowed=True),
        StaffRule(ASSISTANT_COACHES, 10_000, None),
        StaffRule(CHEERLEADERS, 10_000, None),
        StaffRule(FAN_FACTOR, 10_000, 9),
    ),
)


def agility_table(value: int) -> int:
    """Target of the classic agility table: 7 - AG, clamped to 2..6."""
    return max(2, min(6, 7 - value))


class Lrb6(Edition):
    key = "lrb6"
    side_step_skill = "side-step"
    team_rerolls_per_turn = 1
    pro_target = 4
    lineman = {"ma": 6, "st": 3, "ag": 3, "av": 8}
    rush_term = "go-for-it"
    ag_is_target = False
    has_passing_ability = False
    av_is_target = False
    pro_rerolls_one_die = False  # LRB6: "any one roll", so a whole block roll
    pro_roll_team_rerollable = True  # LRB6: the Pro roll itself may be re-rolled with a team re-roll
    dauntless_needs_higher = True
    tentacles_escape_rerollable = True  # "the opposing coach rolls 2D6": the mover's coach, his re-rolls
    claw_uses_modified_roll = True
    thick_skull_stunned_total = 8  # "a roll of 8 on the Injury table, after any modifiers" (Stunty: 7 stays KO)
    diving_tackle_after_rerolls = False  # "may be used on a re-rolled dodge if it was not used on the first"
    diving_tackle_on_leap = False  # it acts on a dodge out of his tackle zone only (FFB bb2016: dodges only)
    hail_mary_fumbles_on_one_only = True  # an unmodified D6, fumbled on a 1
    interception_before_pass = True
    grab_beats_side_step = False  # "Grab and Side Step cancel each other out"
    jump_up_block_modifier = 2  # "an Agility roll with a +2 modifier"
    catch_rerolls_interception = True  # Catch: "may also re-roll the D6 if he ... fails an interception"
    pro_rerolls_interception = True  # Pro: "any one roll he has made", in either team's turn
    pass_skill_rerolls_throw_team_mate = True  # "worked out exactly as if the player were throwing the ball"
    injury_table = INJURY
    stunty_injury_table = STUNTY_INJURY
    stunty_injury_modifier = 0
    casualty_die = "d68"
    casualty_table = CASUALTY_D68
    kickoff_table = KICKOFF
    weather_table = WEATHER
    fans_dice = "2d6"
    fans_multiplier = 1000
    team_building = TEAM_BUILDING
    rulebook_words = "classic rules"
    stars_play_for_teams = True

    def match_purse(self, own_value: int, other_value: int, own_treasury: int, other_spent: int = 0) -> Purse:
        return purse_classic(own_value, other_value, own_treasury, other_spent)

    @classmethod
    def option_choices(cls) -> dict[str, tuple[str, ...]]:
        return {"pass_range_modifiers": ("standard", "seed-004"), "fans_dice": ("2d6", "d6")}

    def __init__(self, **options: str) -> None:
        super().__init__(**options)
        self.fans_dice = self.options["fans_dice"]  # type: ignore[misc]

    def agility_base(self, player: Player) -> tuple[int, str, tuple]:
        return agility_table(player.ag), "agility_table", params(ag=player.ag)

    def dodge_test(
        self, player: Player, board: Board, start: Square, destination: Square, break_tackle: bool = False
    ) -> Explanation:
        if break_tackle:
            base, reason, base_params = agility_table(player.st), "break_tackle_strength", params(st=player.st)
        else:
            base, reason, base_params = self.agility_base(player)
        mods = [Modifier(1, "dodge_roll")]
        mods += self.destination_modifiers(player, board, destination)
        mods += self.dodger_modifiers(player)
        mods += self.leaving_modifiers(player, board, start)
        return target_explanation(base, reason, mods, base_params)

    def break_tackle_helps(self, player: Player) -> bool:
        return player.has("break-tackle") and agility_table(player.st) < agility_table(player.ag)

    def break_tackle_bonus(self, st: int, ag: int) -> int:
        """Strength instead of Agility: the agility table's difference (never a penalty)."""
        return max(0, agility_table(ag) - agility_table(st))

    def tentacles_hold(self, mover_st: int, tentacles_st: int) -> Fraction:
        """2D6 + the mover's ST - the Tentacles player's ST: 5 or less holds him."""
        return two_d6().probability(lambda total: total + mover_st - tentacles_st <= 5)

    def shadowing_follows(self, mover_ma: int, shadower_ma: int) -> Fraction:
        """2D6 + the mover's MA - the shadower's MA: 7 or less and the shadower follows."""
        return two_d6().probability(lambda total: total + mover_ma - shadower_ma <= 7)

    def pickup_test(self, player: Player, board: Board, square: Square, weather: Weather = Weather.NICE) -> Explanation:
        base, reason, base_params = self.agility_base(player)
        mods = [Modifier(1, "pickup_roll")]
        zones = board.tackle_zones(square, player.team, exclude=player.id)
        rain = weather is Weather.POURING_RAIN
        if player.has("big-hand") and (zones or rain):
            mods.append(Modifier(0, "big_hand_ignores", params(count=zones, rain=rain)))
        else:
            if zones:
                mods.append(Modifier(-zones, "tackle_zones_on_player", params(count=zones)))
            if rain:
                mods.append(Modifier(-1, "weather_pouring_rain"))
        if player.has("extra-arms"):
            mods.append(Modifier(1, "extra_arms"))
        return target_explanation(base, reason, mods, base_params)

    def catch_test(
        self, player: Player, board: Board, square: Square, kind: str, weather: Weather = Weather.NICE
    ) -> Explanation:
        base, reason, base_params = self.agility_base(player)
        mods: list[Modifier] = []
        if kind in ("accurate_pass", "hand_off"):
            mods.append(Modifier(1, "catch_" + kind))
        elif kind == "accurate_pass_nearby":  # Diving Catch, next to the target: still an accurate pass
            mods.append(Modifier(1, "catch_accurate_pass"))
        if kind == "accurate_pass" and player.has("diving-catch"):
            mods.append(Modifier(1, "diving_catch"))
        mods += self._tackle_zone_modifiers(player, board, square)
        mods += self.disturbing_presence(player, board, square)
        if weather is Weather.POURING_RAIN:
            mods.append(Modifier(-1, "weather_pouring_rain"))
        if player.has("extra-arms"):
            mods.append(Modifier(1, "extra_arms"))
        return target_explanation(base, reason, mods, base_params)

    def pass_test(
        self, thrower: Player, board: Board, band: str, weather: Weather = Weather.NICE
    ) -> Explanation | None:
        if weather is Weather.BLIZZARD and band in ("long", "bomb"):
            return None
        base, reason, base_params = self.agility_base(thrower)
        table = PASS_RANGE_MODIFIERS[self.options["pass_range_modifiers"]]
        mods = [Modifier(table[band], "pass_range_" + band)]
        assert thrower.square is not None
        mods += self._tackle_zone_modifiers(thrower, board, thrower.square)
        mods += self.disturbing_presence(thrower, board, thrower.square)
        if thrower.has("accurate"):
            mods.append(Modifier(1, "accurate"))
        if thrower.has("strong-arm") and band != "quick":
            mods.append(Modifier(1, "strong_arm"))
        if thrower.has("stunty"):  # "must subtract 1 from the roll when he passes"
            mods.append(Modifier(-1, "stunty_passes"))
        if weather is Weather.VERY_SUNNY:
            mods.append(Modifier(-1, "weather_very_sunny"))
        return target_explanation(base, reason, mods, base_params)

    def fumbles(self, natural: int, modified: int) -> bool:
        return natural == 1 or modified <= 1

    def interception_test(
        self, player: Player, board: Board, accurate: bool = True, weather: Weather = Weather.NICE
    ) -> Explanation:
        base, reason, base_params = self.agility_base(player)
        mods = [Modifier(-2, "interception_roll")]
        assert player.square is not None
        mods += self._tackle_zone_modifiers(player, board, player.square)
        mods += self.disturbing_presence(player, board, player.square)
        if weather is Weather.POURING_RAIN:
            mods.append(Modifier(-1, "weather_pouring_rain"))
        if player.has("extra-arms"):
            mods.append(Modifier(1, "extra_arms"))
        if player.has("very-long-legs"):
            mods.append(Modifier(self.very_long_legs_interception, "very_long_legs"))
        return target_explanation(base, reason, mods, base_params)

    def interception_cancel_test(self, thrower: Player, interceptor: Player) -> Explanation | None:
        """Safe Throw: an unmodified agility roll cancels the interception (not against Very Long Legs)."""
        if not thrower.has("safe-throw") or interceptor.has("very-long-legs"):
            return None
        base, reason, base_params = self.agility_base(thrower)
        return target_explanation(base, reason, (), base_params)

    def fumble_kept(self, thrower: Player, natural: int) -> bool:
        """Safe Throw: a fumble on any roll but a natural 1 leaves the ball in his hands."""
        return thrower.has("safe-throw") and natural != 1

    def armour_broken(self, total: int, av: int) -> bool:
        return total > av

    @staticmethod
    def _tackle_zone_modifiers(player: Player, board: Board, square: Square) -> list[Modifier]:
        zones = board.tackle_zones(square, player.team, exclude=player.id)
        if not zones:
            return []
        if player.has("nerves-of-steel"):
            return [Modifier(0, "nerves_of_steel_ignores", params(count=zones))]
        return [Modifier(-zones, "tackle_zones_on_player", params(count=zones))]
