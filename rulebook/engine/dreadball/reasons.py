"""Stable reason keys used in DreadBall (2nd edition) explanations.

Every ``reason_key`` that appears in a :class:`~.explain.Breakdown` (modifiers
and notes) is listed here with an English gloss. The site translates keys, so
keys are snake_case, never renamed, and only ever added to.
"""

from __future__ import annotations

from typing import Final

REASONS: Final[dict[str, str]] = {
    # --- dice pools -------------------------------------------------------
    "base_dice_pool": "Most checks roll three dice.",
    "dice_modifier": "A rule adds or removes dice from the check (params: rule).",
    "role_bonus": "The player's role gives +1 die to checks with this attribute (params: role, attribute).",
    "throw_range_penalty": "Throwing at longer range removes dice (params: hexes).",
    "moved_or_turned_during_throw": "The thrower moved or turned during the Throw: -1 die.",
    "coach_dice": "Coach dice committed to the check count as normal dice (params: count).",
    "pool_floored_at_zero": "Modifiers left zero or fewer dice: nothing is rolled and the check scores no successes, but the action still resolves (params: raw).",
    "coach_dice_not_allowed": "Coach dice cannot be used for this roll (params: roll).",
    # --- rolling ----------------------------------------------------------
    "die_success": "A die equal to or above the attribute is a success (params: value, target).",
    "critical_extra_die": "A 6 is a critical success: it succeeds and adds an extra die, which can crit again (params: value).",
    "reroll_used": "A die was re-rolled; the second result stands (params: old, new).",
    "reroll_six_no_new_extra": "A re-rolled die that had already been a 6 gives no new extra die even if it rolls a 6 again.",
    "target_attribute": "Each die is compared with the attribute, written as n+ (params: target).",
    "successes_total": "Number of successful dice, criticals included.",
    # --- check targets ----------------------------------------------------
    "fixed_target": "The check needs at least this many successes (params: required).",
    "escalating_attempt": "A (123) check needs one more success for each attempt in the same action (params: attempt).",
    "check_passed": "Enough successes: the check is passed.",
    "check_failed": "Not enough successes: the check is failed.",
    "check_doubled": "Twice the needed successes or more: a double, with its extra effect.",
    "opposed_win": "More successes than the opponent in an opposed (X) check (params: side).",
    "opposed_tie": "Both sides scored the same successes in an opposed (X) check.",
    "opposed_double": "The winner scored at least twice the loser's successes (any success beats zero as a double).",
    "net_successes": "Difference between the two sides' successes in an opposed check.",
    # --- exact probabilities ---------------------------------------------
    "exact_distribution": "Exact probability from the closed-form law of exploding sixes.",
    "reroll_failed_dice": "Up to this many failed dice are re-rolled once (params: rerolls).",
    "or_more_remainder": "Probability of this many successes or more, accounted exactly (params: at_least).",
    # --- hexes and facing --------------------------------------------------
    "hex_distance": "Distance: do not count the starting hex, always count the final hex.",
    "shortest_routes": "Number of equally short routes; the active coach picks one (params: count).",
    "front_arc": "The hex lies in the player's front arc.",
    "rear_arc": "The hex lies in the player's rear arc.",
    "arc_line_split_hex": "The arc line crosses this hex, so it counts as front.",
    "prone_no_facing": "A knocked-down player has no facing: everyone is in their rear arc and they have no threat zone.",
    "threat_zone": "The three adjacent hexes in a standing player's front arc.",
    # --- ball ---------------------------------------------------------------
    "scatter_direction": "A die roll picks the direction on the scatter diagram (params: roll, direction).",
    "scatter_distance": "A die roll sets how many hexes the ball scatters (params: roll).",
    "rebound_angle": "The ball hits a wall at an angle and bounces off it, mirrored (params: at, new_direction).",
    "rebound_corner": "The ball hits a corner square-on and comes straight back (params: at, new_direction).",
    "ball_stopped_by_player": "The scattering ball reaches a standing player and stops in their hex (params: at).",
    "ball_on_prone_player": "The ball lands on a knocked-down player and scatters again.",
    "ball_on_entry_hex": "The ball reached an entry hex and scatters again at once.",
    "ball_inaccessible": "Every route to the ball is blocked for the opposing team, so it scatters at once.",
    "launch_distance": "Launch die: the ball moves this many DB hexes along the centre line (params: roll).",
    "launch_hits_far_wall": "A 6 on the launch die: the ball crosses five DB hexes and rebounds off the far wall.",
    "launch_rebound_side": "After hitting the far wall: 1-3 towards the active coach, 4-6 towards the opponent (params: roll, towards).",
    "launch_hit_dice_by_hex": "A launched ball hitting a player is a Throw of 7 minus the DB hex number dice (params: hex_number).",
    "launch_hit_after_rebound": "A launched ball that already rebounded hits with a single die.",
    "sees_ball_coming": "The catcher can try to catch only if the scatter origin is in their front arc.",
}


def gloss(reason_key: str) -> str:
    """English gloss of a reason key; raises KeyError for an unknown key."""
    return REASONS[reason_key]


def require_reason(reason_key: str) -> str:
    """Validate a reason key (used by explanation dataclasses) and return it."""
    if reason_key not in REASONS:
        raise ValueError(f"unknown DreadBall reason key: {reason_key!r}")
    return reason_key
