"""Every stable key the engine returns, with an English gloss, so the site can translate them.

REASONS: reason keys of Explanation.base_reason / result_reason and Modifier.reason.
VIOLATIONS: set-up violation keys (pitch.setup_violations).
OUTCOMES: outcome keys of distributions and table results (block categories, pass
results, injury and casualty results, kick-off and weather results, push kinds).
Keys are snake_case and never change meaning; a test checks that every key the engine
emits is listed here. Params named in a gloss are in the explanation's params.
"""
from __future__ import annotations

REASONS: dict[str, str] = {
    # dice tests
    "target_number": "the roll needed (N+), after modifiers; 1 always fails, 6 always succeeds",
    "agility_table": "agility table: with AG {ag} the base target is 7 - AG (2+ to 6+)",
    "agility_target": "agility test: AG {ag}+ is the base target",
    "passing_ability": "passing test: PA {pa}+ is the base target",
    "break_tackle_strength": "Break Tackle: strength {st} used for the dodge",
    "dodge_roll": "+1 for dodging (classic rules)",
    "tackle_zones_on_destination": "-1 per opposing tackle zone on the square moved into ({count})",
    "marked_on_destination": "-1 per opposing player marking the square moved into ({count})",
    "stunty_ignores_tackle_zones": "Stunty: tackle zones on the square moved into are ignored ({count})",
    "two_heads": "Two Heads: +1 to dodge",
    "prehensile_tail": "Prehensile Tail: -1 per opponent with it whose tackle zone is left ({count})",
    "diving_tackle": "Diving Tackle: -2 to the dodge",
    "rush_base": "going for it / rush: 2+",
    "weather_blizzard": "blizzard: -1 to going for it / rush",
    "weather_pouring_rain": "pouring rain: -1 to handle the ball",
    "weather_very_sunny": "very sunny: -1 to pass",
    "stand_up_low_movement": "standing up with MA {ma}, below 3: needs 4+",
    "pickup_roll": "+1 for picking up the ball (classic rules)",
    "tackle_zones_on_player": "-1 per opposing tackle zone on the player ({count})",
    "marked_by_players": "-1 per opposing player marking the player ({count})",
    "big_hand_ignores": "Big Hand: tackle zones ({count}) and pouring rain are ignored",
    "extra_arms": "Extra Arms: +1",
    "very_long_legs": "Very Long Legs: +1 to intercept",
    "nerves_of_steel_ignores": "Nerves of Steel: tackle zones ({count}) are ignored",
    "catch_accurate_pass": "catching an accurate pass",
    "catch_hand_off": "catching a hand-off",
    "catch_inaccurate_pass": "catching a scattered (inaccurate) pass",
    "catch_bounce": "catching a bouncing ball",
    "catch_kick_off": "catching the kick-off",
    "pass_range_quick": "quick pass range modifier",
    "pass_range_short": "short pass range modifier",
    "pass_range_long": "long pass range modifier",
    "pass_range_bomb": "long bomb range modifier",
    "accurate": "Accurate: +1 to pass",
    "strong_arm": "Strong Arm: +1 to pass beyond quick range",
    "interception_roll": "-2 for intercepting",
    "interception_accurate": "-3 for intercepting an accurate pass",
    "interception_inaccurate": "-2 for intercepting an inaccurate pass",
    # paths
    "path_squares": "a path of N squares (the base value); each roll on it is a child explanation",
    "path_success_probability": "chance of completing every roll, re-rolls used as well as possible",
    "probability": "chance of success",
    # blocks
    "attacker_strength": "the attacker's strength",
    "defender_strength": "the defender's strength",
    "total_strength": "strength with assists",
    "offensive_assists": "+1 per team-mate assisting the attacker ({players})",
    "defensive_assists": "+1 per team-mate assisting the defender ({players})",
    "horns": "Horns: +1 strength when blitzing",
    "dauntless": "Dauntless: strength raised to the defender's",
    "dauntless_roll": "Dauntless: D6 + strength must reach the defender's strength",
    "block_dice": "number of block dice and who chooses ({chooser})",
    "push_empty": "pushed into an empty square",
    "push_crowd": "pushed off the pitch into the crowd",
    "push_chain": "pushed into an occupied square (chain push)",
    "push_stand_firm": "Stand Firm: not pushed",
    "side_step": "Side Step: the defender picks any empty adjacent square",
    "grab": "Grab: the attacker picks any empty adjacent square",
    "grab_cancels_side_step": "Grab and Side Step cancel out",
    # armour and injury
    "armour_value": "armour value {av}",
    "armour_break_probability": "chance the armour is broken",
    "armour_modifier": "modifier to the armour roll",
    "foul_assists": "assists on the foul (net)",
    "mighty_blow": "Mighty Blow: +1 to armour or injury",
    "dirty_player": "Dirty Player: +1 to armour or injury on a foul",
    "claw": "Claw: armour breaks on {threshold}+",
    "chainsaw": "Chainsaw: +3 to armour",
    "stunty_injury": "Stunty: +1 to the injury roll",
    "thick_skull": "Thick Skull: the lowest knocked-out result is stunned instead",
}

VIOLATIONS: dict[str, str] = {
    "setup_too_many_players": "more than {limit} players on the pitch ({count})",
    "setup_off_pitch": "player {player} is off the pitch",
    "setup_outside_own_half": "player {player} is outside his team's half",
    "setup_square_occupied": "two players on one square ({x}, {y})",
    "setup_too_few_on_line_of_scrimmage": "only {count} on the line of scrimmage, {required} required",
    "setup_too_many_in_wide_zone": "{count} players in the {zone} wide zone, at most {limit}",
}

OUTCOMES: dict[str, str] = {
    # block categories
    "attacker_down": "the attacker is knocked down",
    "both_down": "both players are knocked down",
    "both_placed_prone": "Wrestle: both players placed prone, no armour roll",
    "no_effect": "both down, both have Block: nothing happens",
    "defender_pushed": "the defender is pushed back",
    "defender_stood_firm": "push, but the defender stands firm",
    "defender_down": "the defender is pushed back and knocked down",
    "defender_down_in_place": "the defender is knocked down where he stands",
    "defender_pushed_into_crowd": "the defender is pushed into the crowd",
    # push kinds
    "empty": "an empty square", "crowd": "the crowd", "chain": "an occupied square", "stand_firm": "no push",
    # passing
    "accurate": "accurate pass", "inaccurate": "inaccurate pass", "fumble": "fumble",
    # armour, injury, casualty
    "armour_holds": "the armour holds",
    "stunned": "stunned",
    "knocked_out": "knocked out",
    "badly_hurt": "badly hurt",
    "casualty": "casualty",
    "seriously_hurt": "seriously hurt: misses the next game",
    "serious_injury": "serious injury: niggling injury",
    "lasting_injury": "lasting injury: a characteristic is reduced",
    "dead": "dead",
    "broken_ribs": "broken ribs", "groin_strain": "groin strain", "gouged_eye": "gouged eye",
    "broken_jaw": "broken jaw", "fractured_arm": "fractured arm", "fractured_leg": "fractured leg",
    "smashed_hand": "smashed hand", "pinched_nerve": "pinched nerve", "damaged_back": "damaged back",
    "smashed_knee": "smashed knee", "smashed_hip": "smashed hip", "smashed_ankle": "smashed ankle",
    "serious_concussion": "serious concussion", "fractured_skull": "fractured skull",
    "broken_neck": "broken neck", "smashed_collar_bone": "smashed collar bone",
    "miss_next_game": "misses the next game", "niggling_injury": "niggling injury",
    "minus_ma": "-1 MA", "minus_av": "-1 AV", "minus_ag": "-1 AG", "minus_st": "-1 ST",
    "characteristic_reduction": "a characteristic is reduced",
    # kick-off tables
    "get_the_ref": "get the ref", "riot": "riot", "perfect_defence": "perfect defence",
    "high_kick": "high kick", "cheering_fans": "cheering fans", "changing_weather": "changing weather",
    "brilliant_coaching": "brilliant coaching", "quick_snap": "quick snap", "blitz": "blitz",
    "throw_a_rock": "throw a rock", "pitch_invasion": "pitch invasion", "time_out": "time-out",
    "solid_defence": "solid defence", "officious_ref": "officious ref",
    # weather
    "sweltering_heat": "sweltering heat", "very_sunny": "very sunny", "nice": "nice weather",
    "perfect_conditions": "perfect conditions", "pouring_rain": "pouring rain", "blizzard": "blizzard",
}

ALL_KEYS: dict[str, str] = {**OUTCOMES, **VIOLATIONS, **REASONS}
