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
    """The share code of his rule's example turn, or None when the odds do not count his rule."""
    steps = EXAMPLE_TURNS.get(star.rule)
    profile = star.players.first()
    if steps is None or profile is None:
        return None
    edition = star.ruleset.key
    if star.rule in OPPONENT_SKILLS:  # the turn is his opponent's
        return f"{edition};rr1;{steps}"
    name = re.sub(r"[^a-z0-9-]", "", profile.slug.split("-")[0])[:MAX_NAME] or "star"
    attributes = [*_skill_words(profile, edition), star.rule, f"st:{profile.st}"]
    return f"{edition};rr1;{name}={','.join(attributes)};{steps}"
