"""Fixed vocabularies that everything imports: the languages, the ruleset keys, and the keys of
the content's categories. Pure Python (the settings and the URL converters read it too)."""

from __future__ import annotations

import re

# The site's languages, in the order every content file lists them. English is the UI source language.
LANGS: tuple[str, ...] = ("es", "it", "fr", "en")
SOURCE_LANGUAGE = "en"

RULESET_KEYS: tuple[str, ...] = ("lrb6", "bb2025", "dreadball2")
# The rulesets the Blood Bowl engine implements (each is an engine edition of the same key).
BLOOD_BOWL_EDITIONS: tuple[str, ...] = ("lrb6", "bb2025")
DREADBALL_RULESET = "dreadball2"

# A ruleset whose pages may name an item of an older one (a 2025 step naming a classic-only skill).
OLDER_RULESET: dict[str, str] = {"bb2025": "lrb6"}

GAMES: tuple[str, ...] = ("bloodbowl", "dreadball")
GAME_OF_RULESET: dict[str, str] = {"lrb6": "bloodbowl", "bb2025": "bloodbowl", "dreadball2": "dreadball"}


def alternation(keys: tuple[str, ...]) -> str:
    """A regular expression matching exactly one of the keys ("lrb6|bb2025|dreadball2")."""
    return "|".join(re.escape(key) for key in keys)


# Skill categories per ruleset; DreadBall has no skills in our content.
SKILL_CATEGORIES: dict[str, tuple[str, ...]] = {
    "lrb6": ("general", "agility", "strength", "passing", "mutation", "extraordinary"),
    "bb2025": ("general", "agility", "strength", "passing", "mutation", "devious", "traits"),
    "dreadball2": (),
}

# Skill access of positionals (primary / secondary): the skill categories a player may take.
ACCESS_CATEGORIES: dict[str, tuple[str, ...]] = {
    "lrb6": ("general", "agility", "strength", "passing", "mutation"),
    "bb2025": ("general", "agility", "strength", "passing", "mutation", "devious"),
    "dreadball2": (),
}
# Team rules: the 2025 leagues and the team special rules (of either edition).
TEAM_RULE_KINDS: tuple[str, ...] = ("league", "special-rule")
# The gods a 2025 "Favoured of…" roster may choose from (its team file lists those it may).
FAVOURED_GODS: tuple[str, ...] = ("hashut", "khorne", "nurgle", "slaanesh", "tzeentch", "undivided")

SKILL_KINDS: tuple[str, ...] = ("skill", "trait")
ACTIVATIONS: tuple[str, ...] = ("", "active", "passive")
IDENTIFICATIONS: tuple[str, ...] = ("certain", "probable", "uncertain")
# How a 2025 skill compares with its classic counterpart: "same" when it works the same on the pitch
# (only its wording, name, category or value changed), "changed" when the rule itself differs.
EDITION_CHANGES: tuple[str, ...] = ("same", "changed")

# Where a text item comes from when no seed holds it.
PUBLISHED_RULES = "published-rules"
