"""Translatable UI labels for fixed vocabulary keys (categories, kinds, activation)."""

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
}
ACTIVATION_LABELS = {
    "active": _("Active"),
    "passive": _("Passive"),
}
LANGUAGE_NAMES = {
    "es": _("Spanish"),
    "it": _("Italian"),
    "fr": _("French"),
    "en": _("English"),
}
