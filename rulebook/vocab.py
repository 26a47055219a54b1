"""Fixed vocabularies shared by the models, the content loader and the views."""

from __future__ import annotations

LANGS: tuple[str, ...] = ("es", "it", "fr", "en")

RULESET_KEYS: tuple[str, ...] = ("lrb6", "bb2025", "dreadball2")

GAMES: tuple[str, ...] = ("bloodbowl", "dreadball")

# Skill categories per ruleset; DreadBall has no skills in our content.
SKILL_CATEGORIES: dict[str, tuple[str, ...]] = {
    "lrb6": ("general", "agility", "strength", "passing", "mutation", "extraordinary"),
    "bb2025": ("general", "agility", "strength", "passing", "mutation", "devious", "traits"),
    "dreadball2": (),
}

SKILL_KINDS: tuple[str, ...] = ("skill", "trait")
ACTIVATIONS: tuple[str, ...] = ("", "active", "passive")
IDENTIFICATIONS: tuple[str, ...] = ("certain", "probable", "uncertain")

# Where a text item comes from when no seed holds it.
PUBLISHED_RULES = "published-rules"
