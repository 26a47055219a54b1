"""Blood Bowl rules engine: exact probabilities with structured explanations. Pure Python standard
library; no Django (tests/engine/test_engine_purity.py enforces it).

This module is the engine's one face: the apps import what they use from here (or, for
DreadBall, from rulebook.engine.dreadball), never a module inside (tests/test_architecture.py
checks it). What it answers:
- the editions (get_edition: targets, tables, conversions, draft rules, rule switches);
- a board position for one player (analyse: reach, route rolls and re-rolls, blocks, pass bands
  and targets) and about two (ask_action: a blitz, a hand-off or a foul from each square it can
  be made from; ask_pass: a pass to a team-mate, its band, roll, interceptors and catch), and the rules the tutorial's steps show one at a time (movement, blocks,
  push-backs, armour and injury, passing, kick-off, set-up);
- the odds of a whole turn (solve_turn, the one odds entry point) and a roll's target (roll_target);
- which skills the engine counts, and where (the skills registry);
- pricing a roster (price_roster);
- hiring for a match: which star players a team may hire (hiring_routes, conditions) and what an
  inducement costs it (inducement_terms).
Modules inside: types, pitch, dice, probability, explain, reasons, editions (lrb6, bb2025),
movement, reach, block, pushback, injury, passing, kickoff, sequence (the re-roll solver), trees,
turn (+ turn_d6, turn_block, turn_armour), targets, skills, analysis, questions, passquestion, teambuilding, hiring;
dreadball/.
"""

from .analysis import Analysis, BandAnswer, BlockAnswer, Interceptor, PassTarget, Route, RouteRoll, analyse
from .block import ATTACKER_PREFERENCE, BlockOutcome, assists, block_outcome, block_strength
from .dice import BLOCK_FACES, BlockFace, halves_range, halves_value, parse_dice_expression, roll_expression
from .editions import EDITIONS, Bb2025, Edition, Lrb6, get_edition
from .editions.base import RANGE_BANDS
from .explain import Explanation, Modifier, target_explanation
from .hiring import (
    ANY_TEAM,
    FOR_ANY,
    FOR_APOTHECARY,
    FOR_NO_APOTHECARY,
    FOR_SPECIAL_RULE,
    InducementOffer,
    InducementTerms,
    PriceModifier,
    StarTerms,
    TeamFacts,
    conditions,
    hiring_routes,
    inducement_terms,
)
from .hiring import AVAILABILITY as INDUCEMENT_AVAILABILITY
from .injury import injury_outcome
from .kickoff import (
    fame_distribution,
    fans_distribution,
    kick_landing_distribution,
    kickoff_distribution,
    touchback_probability,
)
from .matchprep import (
    INDUCEMENT,
    MERCENARY,
    NOT_ALLOWED,
    OVER_LIMIT,
    OVER_PURSE,
    STAR,
    TOO_MANY_MERCENARIES,
    TOO_MANY_STARS,
    MatchLine,
    MatchProblem,
    MatchSheet,
    mercenary_cost,
    price_match,
)
from .movement import Resources, Roll, path_probability, path_rolls, pickup_roll, resources_for, sequence_success
from .passing import (
    accurate_pass_and_catch,
    accurate_pass_probability,
    band_for,
    catch_roll,
    hand_off_probability,
    interception_chance,
    pass_outcome,
    pass_range,
    possible_interceptors,
    scatter_distribution,
)
from .passquestion import PassAnswer, PassInterceptor, ask_pass
from .pitch import (
    MAX_PER_WIDE_ZONE,
    MAX_PLAYERS_ON_PITCH,
    MIN_ON_LINE_OF_SCRIMMAGE,
    WIDE_ZONE_WIDTH,
    line_of_scrimmage_x,
    on_line_of_scrimmage,
    setup_violations,
    wide_zone,
)
from .probability import Distribution, d6_passes, d6_success, two_d6
from .pushback import push_options
from .questions import KINDS as ACTION_KINDS
from .questions import ActionAnswer, ApproachSquare, ask_action
from .reach import ReachMap, reach_map
from .skills import ALIASES as SKILL_ALIASES
from .skills import BASIC as BASIC_SKILLS
from .skills import OFFERED as OFFERED_SKILLS
from .skills import (
    OPPONENT_SKILLS,
    PLAYER_SKILLS,
    board_skills,
    content_slug,
    engine_slug,
    in_edition,
    not_counted,
    opponent_skills,
)
from .targets import BANDS as TARGET_BANDS
from .targets import CATCHES as TARGET_CATCHES
from .targets import KINDS as TARGET_KINDS
from .targets import MAX_MARKERS as TARGET_MAX_MARKERS
from .targets import SKILLS as TARGET_SKILLS
from .targets import Situation as TargetSituation
from .targets import target as roll_target
from .teambuilding import (
    APOTHECARY,
    ASSISTANT_COACHES,
    CAPTAIN_SKILL,
    CHEERLEADERS,
    DEDICATED_FANS,
    FAN_FACTOR,
    Choice,
    PositionalOffer,
    Problem,
    RosterSheet,
    TeamBuildingRules,
    TeamOffer,
    price_roster,
)
from .turn import (
    CHAIN_KINDS,
    D6_KINDS,
    REROLL_SKILL,
    ST_KINDS,
    Turn,
    TurnError,
    TurnOdds,
    TurnPlayer,
    TurnStep,
    check,
    rerollable,
    solve_turn,
)
from .turn import KINDS as TURN_KINDS
from .turn_checks import can_branch, can_miss, has_reroll_source, kinds_in
from .turn_choice import KEEPABLE as TURN_KEEPABLE
from .turn_choice import REROLL_CHOICES as TURN_REROLL_CHOICES
from .types import (
    ALL_SQUARES,
    PITCH_LENGTH,
    PITCH_WIDTH,
    Board,
    Player,
    Side,
    Square,
    Status,
    Team,
    Weather,
    neighbours,
)


def clear_caches() -> None:
    """Forget the engine's memoised reach maps (benchmarks time a fresh one)."""
    reach_map.cache_clear()


__all__ = [
    "ACTION_KINDS",
    "ALL_SQUARES",
    "ANY_TEAM",
    "APOTHECARY",
    "ASSISTANT_COACHES",
    "ATTACKER_PREFERENCE",
    "BASIC_SKILLS",
    "BLOCK_FACES",
    "CAPTAIN_SKILL",
    "CHAIN_KINDS",
    "CHEERLEADERS",
    "D6_KINDS",
    "DEDICATED_FANS",
    "EDITIONS",
    "FAN_FACTOR",
    "FOR_ANY",
    "FOR_APOTHECARY",
    "FOR_NO_APOTHECARY",
    "FOR_SPECIAL_RULE",
    "INDUCEMENT",
    "INDUCEMENT_AVAILABILITY",
    "MAX_PER_WIDE_ZONE",
    "MAX_PLAYERS_ON_PITCH",
    "MERCENARY",
    "MIN_ON_LINE_OF_SCRIMMAGE",
    "NOT_ALLOWED",
    "OFFERED_SKILLS",
    "OPPONENT_SKILLS",
    "OVER_LIMIT",
    "OVER_PURSE",
    "PITCH_LENGTH",
    "PITCH_WIDTH",
    "PLAYER_SKILLS",
    "RANGE_BANDS",
    "REROLL_SKILL",
    "SKILL_ALIASES",
    "STAR",
    "ST_KINDS",
    "TARGET_BANDS",
    "TARGET_CATCHES",
    "TARGET_KINDS",
    "TARGET_MAX_MARKERS",
    "TARGET_SKILLS",
    "TOO_MANY_MERCENARIES",
    "TOO_MANY_STARS",
    "TURN_KEEPABLE",
    "TURN_KINDS",
    "TURN_REROLL_CHOICES",
    "WIDE_ZONE_WIDTH",
    "ActionAnswer",
    "Analysis",
    "ApproachSquare",
    "BandAnswer",
    "Bb2025",
    "BlockAnswer",
    "BlockFace",
    "BlockOutcome",
    "Board",
    "Choice",
    "Distribution",
    "Edition",
    "Explanation",
    "InducementOffer",
    "InducementTerms",
    "Interceptor",
    "Lrb6",
    "MatchLine",
    "MatchProblem",
    "MatchSheet",
    "Modifier",
    "PassAnswer",
    "PassInterceptor",
    "PassTarget",
    "Player",
    "PositionalOffer",
    "PriceModifier",
    "Problem",
    "ReachMap",
    "Resources",
    "Roll",
    "RosterSheet",
    "Route",
    "RouteRoll",
    "Side",
    "Square",
    "StarTerms",
    "Status",
    "TargetSituation",
    "Team",
    "TeamBuildingRules",
    "TeamFacts",
    "TeamOffer",
    "Turn",
    "TurnError",
    "TurnOdds",
    "TurnPlayer",
    "TurnStep",
    "Weather",
    "accurate_pass_and_catch",
    "accurate_pass_probability",
    "analyse",
    "ask_action",
    "ask_pass",
    "assists",
    "band_for",
    "block_outcome",
    "block_strength",
    "board_skills",
    "can_branch",
    "can_miss",
    "catch_roll",
    "check",
    "clear_caches",
    "conditions",
    "content_slug",
    "d6_passes",
    "d6_success",
    "engine_slug",
    "fame_distribution",
    "fans_distribution",
    "get_edition",
    "halves_range",
    "halves_value",
    "hand_off_probability",
    "has_reroll_source",
    "hiring_routes",
    "in_edition",
    "inducement_terms",
    "injury_outcome",
    "interception_chance",
    "kick_landing_distribution",
    "kickoff_distribution",
    "kinds_in",
    "line_of_scrimmage_x",
    "mercenary_cost",
    "neighbours",
    "not_counted",
    "on_line_of_scrimmage",
    "opponent_skills",
    "parse_dice_expression",
    "pass_outcome",
    "pass_range",
    "path_probability",
    "path_rolls",
    "pickup_roll",
    "possible_interceptors",
    "price_match",
    "price_roster",
    "push_options",
    "reach_map",
    "rerollable",
    "resources_for",
    "roll_expression",
    "roll_target",
    "scatter_distribution",
    "sequence_success",
    "setup_violations",
    "solve_turn",
    "target_explanation",
    "touchback_probability",
    "two_d6",
    "wide_zone",
]
