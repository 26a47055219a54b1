"""Blood Bowl 2025 (third season): AG and PA are target numbers, Rush, Marked players.

Tables and modifiers are encoded from the published rules as summarised in the module
docstrings of the engine; the edition keeps them as data so a correction is one line.
Differences from lrb6 worth knowing: any number of team re-rolls per turn (never two on
one roll), Pro works on 3+ and re-rolls one die, Loner has its own target (X+), dodging has
no +1, Break Tackle adds +1 (ST 3 or less), +2 (ST 4) or +3 (ST 5+) once per turn, passes
fumble on a natural 1 or a modified 1 or less (no wildly inaccurate), interceptions follow the
pass roll, Claws looks at the natural armour roll, Stunty players use their own injury table,
Tentacles and Shadowing are D6 rolls, Diving Tackle comes after every re-roll.
"""

from __future__ import annotations

from fractions import Fraction

from ..explain import Explanation, Modifier, params, target_explanation
from ..purse import Purse, purse_2025
from ..teambuilding import (
    APOTHECARY,
    ASSISTANT_COACHES,
    CHEERLEADERS,
    DEDICATED_FANS,
    StaffRule,
    TeamBuildingRules,
)
from ..types import ArmourHelp, Board, Player, Square, Weather
from .base import Edition, TableRow

INJURY = (
    TableRow(-99, 7, "stunned"),
    TableRow(8, 9, "knocked_out"),
    TableRow(10, 99, "casualty"),
)

STUNTY_INJURY = (
    TableRow(-99, 6, "stunned"),
    TableRow(7, 8, "knocked_out"),
    TableRow(9, 9, "badly_hurt"),
    TableRow(10, 99, "casualty"),
)

# The 2025 table (1-8 / 9-10 / 11-12), not the 2020 one (1-6 / 7-9 / 10-12); the sources are in
# rulebook/content/bb2025/tables/SOURCES.md, and tests/engine/test_engine_content_tables.py keeps
# these rows equal to the content's table.
CASUALTY_D16 = (
    TableRow(1, 8, "badly_hurt"),
    TableRow(9, 10, "seriously_hurt", "miss_next_game"),
    TableRow(11, 12, "serious_injury", "niggling_injury"),
    TableRow(13, 14, "lasting_injury", "characteristic_reduction"),
    TableRow(15, 16, "dead"),
)

KICKOFF = (
    TableRow(2, 2, "get_the_ref"),
    TableRow(3, 3, "time_out"),
    TableRow(4, 4, "solid_defence"),
    TableRow(5, 5, "high_kick"),
    TableRow(6, 6, "cheering_fans"),
    TableRow(7, 7, "brilliant_coaching"),
    TableRow(8, 8, "changing_weather"),
    TableRow(9, 9, "quick_snap"),
    TableRow(10, 10, "charge"),  # 2020: Blitz
    TableRow(11, 11, "dodgy_snack"),  # 2020: Officious Ref
    TableRow(12, 12, "pitch_invasion"),
)

WEATHER = (
    TableRow(2, 2, "sweltering_heat", "sweltering_heat"),
    TableRow(3, 3, "very_sunny", "very_sunny"),
    TableRow(4, 10, "perfect_conditions", "nice"),
    TableRow(11, 11, "pouring_rain", "pouring_rain"),
    TableRow(12, 12, "blizzard", "blizzard"),
)

# 2025 drafting: 1,000,000 gp, 11-16 players, up to 8 re-rolls (double price after the draft), up to 6
# assistant coaches and 6 cheerleaders at 10,000, one Apothecary at 50,000 where the roster allows it;
# Dedicated Fans start at 1 and may be raised to 3 for 5,000 a step, and do not count in the team
# value. Sources: rulebook/content/bb2025/teams/SOURCES.md.
TEAM_BUILDING = TeamBuildingRules(
    budget=1_000_000,
    min_players=11,
    max_players=16,
    max_rerolls=8,
    later_reroll_multiplier=2,
    staff=(
        StaffRule(APOTHECARY, 50_000, 1, needs_apothecary_allowed=True),
        StaffRule(ASSISTANT_COACHES, 10_000, 6),
        StaffRule(CHEERLEADERS, 10_000, 6),
        StaffRule(DEDICATED_FANS, 5_000, 3, start=1, in_team_value=False),
    ),
)

PASS_RANGE_MODIFIERS = {"quick": 0, "short": -1, "long": -2, "bomb": -3}

CATCH_MODIFIERS = {
    "accurate_pass": 0,
    "accurate_pass_nearby": 0,  # Diving Catch, next to the target square
    "hand_off": 0,
    "kick_off": 0,
    "inaccurate_pass": -1,
    "bounce": -1,
}


class Bb2025(Edition):
    key = "bb2025"
    side_step_skill = "sidestep"
    no_hands_skill = "no-ball"
    destination_reason = "marked_on_destination"
    team_rerolls_per_turn = None
    pro_target = 3
    lineman = {"ma": 6, "st": 3, "ag": 3, "pa": 4, "av": 9}
    rush_term = "rush"
    ag_is_target = True
    has_passing_ability = True
    av_is_target = True
    pro_rerolls_one_die = True  # 2025: "a single dice", one die of a block
    dauntless_needs_higher = True  # "If the total is higher than the opposing player's unmodified Strength"
    skill_values = {"mighty-blow": (1, 2)}  # Mighty Blow (+2) on star players; Dirty Player stays +1
    diving_catch_after_inaccurate = True
    argue_the_call_on = 6  # the Argue the Call table: 6 "Well, When You Put It Like That…"
    claw_uses_modified_roll = False
    loner_targets = (2, 3, 4, 5, 6)
    diving_tackle_after_rerolls = True  # "after they have made their Agility test and applied ... re-rolls"
    diving_tackle_on_leap = True  # it acts on dodges, jumps and leaps (FFB: canAttemptToTackleJumpingPlayer)
    hail_mary_fumbles_on_one_only = False  # thrown as a Long Bomb: fumbled on a modified 1 or less
    interception_before_pass = False
    grab_beats_side_step = True  # "opposing players cannot use the Sidestep skill"
    jump_up_block_modifier = 1  # "an Agility test, applying a +1 modifier"
    very_long_legs_interception = 2  # "+2 ... whenever they attempt to Intercept"
    ttm_subpar_landing_penalty = 1
    block_die_rerolls = (("brawler", "both_down"), ("hatred", "attacker_down"))
    # A star's once-per-game or once-per-half re-roll is used at most once in a turn too.
    skill_rerolls_once_per_turn = Edition.skill_rerolls_once_per_turn | {
        "mesmerising-dance",
        "the-ballista",
        "whirling-dervish",
    }
    # When: "blitz" (a Blitz's block), "block" (a Block action), "falls" (the result would knock
    # him down) or "any". H'thark's Unstoppable Momentum, every Blitz (FFB: canRerollSingleBlockDieDuringBlitz, no usage
    # limit); Willow's Woodland Fury, once per game (FFB: canRerollSingleBlockDieWhenWouldBeKnockedDown);
    # Lord Borak's Lord of Chaos, once per game on a Block action (BBBase and FFB's LordOfChaos).
    # Anqi Panqi's Savage Blow, once per game on a Block action: as many of the dice as he likes
    # (BBBase; FFB's SavageBlow, canReRollAnyNumberOfBlockDice): the last field, "one" die or "any".
    block_any_die_rerolls = (
        ("unstoppable-momentum", False, "blitz", "one"),
        ("woodland-fury", True, "falls", "one"),
        ("lord-of-chaos", True, "block", "one"),
        ("halfling-luck", True, "any", "one"),
        ("thinking-mans-troll", True, "any", "one"),
        ("savage-blow", True, "block", "any"),
        # Lucien Swift's Working in Tandem: one die, whenever Valen also Marks the defender (`/pair`;
        # BBBase; FFB's WorkingInTandem, canRerollSingleBlockDieWhenPartnerIsMarking, no usage limit).
        ("working-in-tandem", False, "pair", "one"),
    )
    # Puggy's Halfling Luck (once per game) and Ripper's Thinking Man's Troll (once per half): one
    # die of any roll but armour, injury and casualty rolls (BBBase; FFB's canRerollSingleDieOncePerPeriod).
    any_roll_rerolls = frozenset({"halfling-luck", "thinking-mans-troll"})
    # Once per game, after the dice are seen (BBBase's star pages; FFB's classes of the same names,
    # ONCE_PER_GAME modifiers applied after the roll). "Knocked Down by his Block action": any block's
    # chain, as for Krump and Smash (an armour step does not know Block from Blitz).
    armour_chain_helps = (
        ArmourHelp("crushing-blow", frozenset({"armour"}), armour=1),  # The Mighty Zug
        ArmourHelp("ram", frozenset({"armour"}), armour=1, injury=1),  # Rumbelow Sheepskin
        ArmourHelp("slayer", frozenset({"armour"}), armour=1, injury=1, victim="big-guy"),  # Grim Ironjaw
        # Ivan 'the Animal' Deathshroud: +2 instead against a Dwarf (FFB: isDwarf() ? 2 : 1).
        ArmourHelp("dwarven-scourge", frozenset({"armour"}), armour=1, injury=1, keyword_bonus=("dwarf", 2)),
        ArmourHelp("toxin-connoisseur", frozenset({"stab"}), injury=1),  # Rashnak Backstabber
        # Wilhelm Chaney: "when he makes an injury roll against an opponent" (a foul's is not counted here).
        ArmourHelp("savage-mauling", frozenset({"armour", "chainsaw", "stab"}), reroll="injury"),
        # Helmut Wulf: Pro (its 3+) re-rolls one die of an armour roll of his (his chainsaw's).
        ArmourHelp("old-pro", frozenset({"armour", "chainsaw", "stab"}), reroll="armour_die"),
    )
    armour_modifier_immunity = frozenset({"iron-hard-skin"})
    injury_table = INJURY
    stunty_injury_table = STUNTY_INJURY
    stunty_injury_modifier = 0
    casualty_die = "d16"
    casualty_table = CASUALTY_D16
    kickoff_table = KICKOFF
    weather_table = WEATHER
    fans_dice = "d3"
    fans_multiplier = 10000
    team_building = TEAM_BUILDING
    rulebook_words = "2025 rules"
    stars_play_for_teams = False

    def match_purse(self, own_value: int, other_value: int, own_treasury: int, other_spent: int = 0) -> Purse:
        return purse_2025(own_value, other_value, own_treasury, other_spent)

    def agility_base(self, player: Player) -> tuple[int, str, tuple]:
        return player.ag, "agility_target", params(ag=player.ag)

    def dodge_test(
        self, player: Player, board: Board, start: Square, destination: Square, break_tackle: bool = False
    ) -> Explanation:
        base, reason, base_params = self.agility_base(player)
        mods = self.destination_modifiers(player, board, destination)
        mods += self.dodger_modifiers(player)
        mods += self.leaving_modifiers(player, board, start)
        if break_tackle:
            bonus = self.break_tackle_bonus(player.st, player.ag)
            mods.append(Modifier(bonus, "break_tackle_bonus", params(st=player.st)))
        return target_explanation(base, reason, mods, base_params)

    def break_tackle_bonus(self, st: int, ag: int) -> int:
        """+1 with ST 3 or less, +2 with ST 4, +3 with ST 5 or more."""
        return 1 if st <= 3 else 2 if st == 4 else 3

    def tentacles_hold(self, mover_st: int, tentacles_st: int) -> Fraction:
        """D6 + the Tentacles player's ST - the mover's ST: 6 or more (or a natural 6) holds; a natural 1 never."""
        return Fraction(sum(1 for d in range(1, 7) if d == 6 or (d > 1 and d + tentacles_st - mover_st >= 6)), 6)

    def shadowing_follows(self, mover_ma: int, shadower_ma: int) -> Fraction:
        """A D6: 4+ and the shadower follows."""
        return Fraction(1, 2)

    def pickup_test(self, player: Player, board: Board, square: Square, weather: Weather = Weather.NICE) -> Explanation:
        base, reason, base_params = self.agility_base(player)
        mods: list[Modifier] = []
        zones = board.tackle_zones(square, player.team, exclude=player.id)
        rain = weather is Weather.POURING_RAIN
        if player.has("big-hand") and (zones or rain):
            mods.append(Modifier(0, "big_hand_ignores", params(count=zones, rain=rain)))
        else:
            if zones:
                mods.append(Modifier(-zones, "marked_by_players", params(count=zones)))
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
        if CATCH_MODIFIERS[kind]:
            mods.append(Modifier(CATCH_MODIFIERS[kind], "catch_" + kind))
        if kind == "accurate_pass" and player.has("diving-catch"):  # in the target square
            mods.append(Modifier(1, "diving_catch"))
        mods += self._marking_modifiers(player, board, square)
        mods += self.disturbing_presence(player, board, square)
        if weather is Weather.POURING_RAIN:
            mods.append(Modifier(-1, "weather_pouring_rain"))
        if player.has("extra-arms"):
            mods.append(Modifier(1, "extra_arms"))
        return target_explanation(base, reason, mods, base_params)

    def pass_test(
        self, thrower: Player, board: Board, band: str, weather: Weather = Weather.NICE
    ) -> Explanation | None:
        if thrower.pa is None or (weather is Weather.BLIZZARD and band in ("long", "bomb")):
            return None
        mods = [Modifier(PASS_RANGE_MODIFIERS[band], "pass_range_" + band)]
        assert thrower.square is not None
        mods += self._marking_modifiers(thrower, board, thrower.square)
        mods += self.disturbing_presence(thrower, board, thrower.square)
        if thrower.has("accurate") and band in ("quick", "short"):
            mods.append(Modifier(1, "accurate"))
        # Strong Arm is for Throw Team-mate only in 2025; Cannoneer is its long-range twin.
        if thrower.has("cannoneer") and band in ("long", "bomb"):
            mods.append(Modifier(1, "cannoneer"))
        if weather is Weather.VERY_SUNNY:
            mods.append(Modifier(-1, "weather_very_sunny"))
        return target_explanation(thrower.pa, "passing_ability", mods, params(pa=thrower.pa))

    def fumbles(self, natural: int, modified: int) -> bool:
        """A natural 1, or 1 or less after modifiers."""
        return natural == 1 or modified <= 1

    def interception_test(
        self, player: Player, board: Board, accurate: bool = True, weather: Weather = Weather.NICE
    ) -> Explanation:
        base, reason, base_params = self.agility_base(player)
        mods = [Modifier(-3 if accurate else -2, "interception_accurate" if accurate else "interception_inaccurate")]
        assert player.square is not None
        mods += self._marking_modifiers(player, board, player.square)
        mods += self.disturbing_presence(player, board, player.square)
        if weather is Weather.POURING_RAIN:
            mods.append(Modifier(-1, "weather_pouring_rain"))
        if player.has("extra-arms"):
            mods.append(Modifier(1, "extra_arms"))
        if player.has("very-long-legs"):
            mods.append(Modifier(self.very_long_legs_interception, "very_long_legs"))
        if player.has("stunty"):  # "-1 modifier to the Agility test when attempting to Intercept"
            mods.append(Modifier(-1, "stunty_intercepts"))
        return target_explanation(base, reason, mods, base_params)

    def can_throw(self, player: Player) -> bool:
        """No Ball never holds the ball; My Ball may not declare a Pass action."""
        return super().can_throw(player) and not player.has("my-ball")

    def can_intercept(self, interceptor: Player, thrower: Player) -> bool:
        """No Ball cannot intercept; nobody intercepts Cloud Burster's pass but Very Long Legs."""
        if thrower.has("cloud-burster") and not interceptor.has("very-long-legs"):
            return False
        return super().can_intercept(interceptor, thrower)

    def fumble_kept(self, thrower: Player, natural: int) -> bool:
        """Safe Pass: a natural 1 is no fumble; he keeps the ball."""
        return thrower.has("safe-pass") and natural == 1

    def stand_up_modifiers(self, player: Player, board: Board | None) -> list[Modifier]:
        """Timmm-ber!: +1 per Open, Standing team-mate next to him."""
        if board is None or not player.has("timmm-ber") or player.square is None:
            return []
        helpers = sum(
            1
            for p in board.adjacent_players(player.square)
            if p.team == player.team and p.standing and not board.tacklers(p.location, p.team)
        )
        return [Modifier(helpers, "timmm_ber", params(count=helpers))] if helpers else []

    def armour_broken(self, total: int, av: int) -> bool:
        return total >= av

    @staticmethod
    def _marking_modifiers(player: Player, board: Board, square: Square) -> list[Modifier]:
        zones = board.tackle_zones(square, player.team, exclude=player.id)
        if not zones:
            return []
        if player.has("nerves-of-steel"):
            return [Modifier(0, "nerves_of_steel_ignores", params(count=zones))]
        return [Modifier(-zones, "marked_by_players", params(count=zones))]
