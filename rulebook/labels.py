"""Translatable UI labels for fixed vocabulary keys (categories, kinds, activation)."""

from django.conf import settings
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

CATEGORY_LABELS = {
    "general": pgettext_lazy("skill category", "General"),
    "agility": pgettext_lazy("skill category", "Agility"),
    "strength": pgettext_lazy("skill category", "Strength"),
    "passing": pgettext_lazy("skill category", "Passing"),
    "mutation": pgettext_lazy("skill category", "Mutation"),
    "extraordinary": pgettext_lazy("skill category", "Extraordinary"),
    "devious": pgettext_lazy("skill category", "Devious"),
    "traits": pgettext_lazy("skill category", "Traits"),
}
KIND_LABELS = {
    "skill": pgettext_lazy("kind of item", "Skill"),
    "trait": pgettext_lazy("kind of item", "Trait"),
    "section": pgettext_lazy("kind of item", "Rules section"),
    "table": pgettext_lazy("kind of item", "Table"),
    "row": pgettext_lazy("kind of item", "Table row"),
    "term": pgettext_lazy("kind of item", "Glossary term"),
    "team": pgettext_lazy("kind of item", "Team"),
    "positional": pgettext_lazy("kind of item", "Positional"),
    "star": pgettext_lazy("kind of item", "Star player"),
    "inducement": pgettext_lazy("kind of item", "Inducement"),
    "league": pgettext_lazy("kind of item", "League"),
    "special-rule": pgettext_lazy("kind of item", "Team special rule"),
    "ruleset": pgettext_lazy("kind of item", "Ruleset"),
}
# Said after a name that matched a search in another language than the reader's ("Dodge — English name").
NAME_IN_LANGUAGE = {
    "es": _("Spanish name"),
    "it": _("Italian name"),
    "fr": _("French name"),
    "en": _("English name"),
}
ABBREVIATION_IN_LANGUAGE = {
    "es": _("Spanish abbreviation"),
    "it": _("Italian abbreviation"),
    "fr": _("French abbreviation"),
    "en": _("English abbreviation"),
}
ACTIVATION_LABELS = {
    "active": _("Active"),
    "passive": _("Passive"),
}
LANGUAGE_NAMES = dict(settings.LANGUAGES)  # the names the language switcher uses

# Where a text comes from, said in words a reader understands (the seed files' names and numbers
# mean nothing to a reader; editors find the file by the key).
SOURCE_LABELS = {
    "000_71ffa22b1f839112.txt": _("a Spanish guide to playing a match"),
    "001_06e79121f50c7160.txt": _("an Italian tutorial for newcomers"),
    "002_6d5f8c947b83297b.txt": _("French descriptions of the 2025 skills"),
    "003_7e2c992596e37def.txt": _("a Spanish summary of the DreadBall rules"),
    "004_959828b912bd326a.txt": _("French tables and post-match rules"),
    "published-rules": _("the edition's published rules"),
}

# The rulesets named in words, as the header's navigation names them (short enough for a phone).
RULESET_SHORT_LABELS = {
    "lrb6": _("Blood Bowl classic"),
    "bb2025": _("Blood Bowl 2025"),
    "dreadball2": _("DreadBall"),
}
