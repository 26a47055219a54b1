"""A star's special rule in the odds calculator: the share code of a turn his rule changes, with his
own strength and the skills the odds count (Loner with its target, Mighty Blow with its value),
so his page can open the calculator on it; a rule of his as the victim (Dwarfen Grit) is written
on the step his opponent rolls against him. The rule itself is the engine's (engine/skills.py);
only the turn chosen to show it is written here."""

from __future__ import annotations

import re

from .engine import OPPONENT_SKILLS, PLAYER_SKILLS, engine_slug, in_edition
from .models import StarPlayer, StarProfile

# The rule's slug → the steps of a turn it changes, in the odds grammar (tutorial/README.md).
EXAMPLE_TURNS = {
    "blind-rage": "dauntless:5,block:-2d",
    "mesmerising-dance": "gaze:3",
    "whirling-dervish": "chain:1,chain:1",  # two squares of his Ball & Chain move, each one way of three
    "the-ballista": "ttm:4,land:3",
    "unstoppable-momentum": "block:2d/blitz",
    "woodland-fury": "block:1d",
    "lord-of-chaos": "block:1d",
    "krump-and-smash": "block:2d,armour:9",
    "master-assassin": "stab:9",
    "halfling-luck": "dodge:3,dodge:3",
    "thinking-mans-troll": "gfi,gfi",
    "crushing-blow": "block:2d,armour:9",
    "ram": "block:2d,armour:9/cas",
    "slayer": "block:2d,armour:10/big-guy",
    "dwarven-scourge": "block:2d,armour:9/dwarf",
    "toxin-connoisseur": "stab:9/cas",
    "savage-mauling": "block:2d,armour:9/cas",
    "old-pro": "chainsaw:9",
    "savage-blow": "block:-2d",
    "consummate-professional": "dodge:3,gfi",
    "indomitable": "dauntless:5,block:-2d",
    "a-sneaky-pair": "foul:9/pair",
    "working-in-tandem": "block:2d/pair",
    "bounding-leap": "leap:4/neg:1",
    "strong-passing-game": "pass:5",
    "swift-as-the-breeze": "dodge:3,leap:5",
    "slashing-nails": "block:2d/blitz,armour:10",
    "gored-by-the-bull": "block:2d/blitz",
    "frenzied-rush": "block:2d/blitz",
    "incorporeal": "dodge:4/dt,dodge:4,gfi",
    "dwarfen-grit": "block:2d,armour:9/thick-skull/dwarfen-grit",  # his opponent's rolls, his rule on the step
    "watch-out": "block:2d/watch-out",
    "reliable": "ttm:4,!g.gfi,g.land:3",  # after his fumble the thrown player, landed safely, goes on
    "blast-it": "hailmary:5,c.catch:3",
    "pump-up-the-crowd": "block:2d,armour:9/cas,gfi,gfi",  # the re-roll his casualty gives, on the rushes
    "fury-of-the-blood-god": "fury:2,block:2d",  # his Unchannelled Fury roll before a Block action
    "kaboom": "bomb:3/catch:3",  # his bomb, caught in the square aimed at, explodes at once
}
# The 2025 star rules the engine does not count, by what the odds do with them (SOURCES.md gives
# the readings; tests/rulebook/test_star_odds.py holds every star rule to one group or EXAMPLE_TURNS).
# What the rule allows, written with the grammar's own steps (and the skills it gives him): his
# page opens that turn, the rule adding no word to it.
PLAIN_TURNS = {
    "look-into-my-eyes": "roll:2",  # his D6 action with its fixed target, re-rollable (FFB)
    "baleful-hex": "roll:2",
    "catch-of-the-day": "roll:3",
    "beer-barrel-bash": "roll:3",
    "blastin-solves-everything": "roll:3,armour:9",  # then the armour roll of the player hit
    "maximum-carnage": "chainsaw:9,chainsaw:9",  # a second Chainsaw Attack, against another opponent
    "kick-em-while-theyre-down": "chainsaw:9",  # a Chainsaw Attack on a Prone opponent, never sent off
    "sneakiest-of-the-lot": "foul:9,o.foul:9",  # two Fouls in the turn, one of them his
    "the-flashing-blade": "stab:9,dodge:3",  # a Move after his Stab
    "furious-outburst": "stab:9",  # a Stab after placing himself; the team's Blitz
    "vicious-vines": "block:2d",  # a Block two squares away: the same dice, no follow-up
    "shot-to-nothing": "hailmary:2,c.catch:3",  # Hail Mary Pass for one activation
    "ill-carry-you": "dodge:4,dodge:4",  # Break Tackle and Dodge while he carries Crumbleberry
    "wisdom-of-the-white-dwarf": "t=sure-feet;t.gfi,t.gfi",  # a team-mate's skill for the turn (one of four)
    "yoink": "pass:3/int:2",  # the passer's turn: Scrappa intercepts on a 2+
    # Projectile Vomit (2+, re-rollable, then an armour roll that cannot be modified: FFB's bb2025
    # StepProjectileVomit), made once more in the turn
    "putrid-regurgitation": "roll:2,armour:9",
    "quick-bite": "armour:9",  # his armour roll against the player who caught the ball next to him
    "all-you-can-eat": "bomb:3,bomb:3,roll:4",  # two Throw Bomb actions, then the D6 that keeps her on (4+)
}
PLAIN_SKILLS = {"ill-carry-you": ("break-tackle", "dodge")}
PLAIN_OPPONENT = frozenset({"yoink"})  # the turn is his opponent's
# Rules that change no roll of a turn: who is hit, who may act, what happens after the turn.
NO_ROLL = {
    "tasty-morsel": "a failed Bloodlust roll bites an opponent instead: the roll's chance is the same",
    "primal-savagery": "a failed Animal Savagery roll lashes out at an opponent: the roll's chance is the same",
    "star-of-the-show": "a team re-roll after his touchdown, for the next drive: the turn has ended",
    "raiding-party": "a team-mate moves one square unmarked: no roll",
    "black-ink": "an opponent becomes Distracted: no roll",
    "excuse-me-are-you-a-zoat": "an opponent becomes Distracted: no roll",
    "treacherous": "he takes the ball from a team-mate, who is Knocked Down, with no turnover: no roll of his",
    "ill-be-back": "Secret Weapon does not send him off at the end of the drive: after the turn",
}
VALUED = {"loner": r"(\d)\+", "mighty-blow": r"\+(\d)"}  # skills the grammar writes with their value
# Skills that count only against some opponents (Hatred (Undead)): the example turn names none.
AGAINST_SOME = frozenset({"hatred"})
MAX_NAME = 12


def _skill_words(profile: StarProfile, edition: str) -> list[str]:
    words = []
    for starting in profile.starting_skills.all():
        slug = engine_slug(edition, starting.skill.slug)
        if slug not in PLAYER_SKILLS or slug in AGAINST_SOME or not in_edition(edition, [slug]):
            continue
        found = re.fullmatch(VALUED[slug], starting.value) if slug in VALUED else None
        usual = slug == "mighty-blow" and found is not None and found[1] == "1"  # the edition's own +1
        words.append(f"{slug}:{found[1]}" if found and not usual else slug)
    return words


def odds_code(star: StarPlayer) -> str | None:
    """The share code of a turn his rule changes (the rule counted by the engine) or allows (written
    with the grammar's own steps), or None when it changes no roll the odds count."""
    counted = star.rule in EXAMPLE_TURNS
    steps = EXAMPLE_TURNS.get(star.rule) or PLAIN_TURNS.get(star.rule)
    profile = star.players.first()
    if steps is None or profile is None:
        return None
    edition = star.ruleset.key
    if star.rule in OPPONENT_SKILLS or star.rule in PLAIN_OPPONENT:  # the turn is his opponent's
        return f"{edition};rr1;{steps}"
    name = re.sub(r"[^a-z0-9-]", "", profile.slug.split("-")[0])[:MAX_NAME] or "star"
    gained = [star.rule] if counted else list(PLAIN_SKILLS.get(star.rule, ()))
    attributes = dict.fromkeys([*_skill_words(profile, edition), *gained, f"st:{profile.st}"])
    return f"{edition};rr1;{name}={','.join(attributes)};{steps}"
