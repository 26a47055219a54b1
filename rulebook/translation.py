"""django-modeltranslation registration: one column per language for every text field."""

from modeltranslation.translator import TranslationOptions, register

from .models import (
    Figure,
    GameTable,
    GlossaryTerm,
    Inducement,
    Positional,
    RuleSection,
    Ruleset,
    RuleVariant,
    Skill,
    SkillParameter,
    StarPlayer,
    StarProfile,
    TableRow,
    Team,
    TeamRule,
)


@register(Ruleset)
class RulesetTranslation(TranslationOptions):
    fields = ("name", "description")


@register(RuleSection)
class RuleSectionTranslation(TranslationOptions):
    fields = ("title", "body")


@register(Skill)
class SkillTranslation(TranslationOptions):
    fields = ("name", "text", "change_note")


@register(GameTable)
class GameTableTranslation(TranslationOptions):
    fields = ("title", "description", "change_note")


@register(TableRow)
class TableRowTranslation(TranslationOptions):
    fields = ("name", "effect")


@register(GlossaryTerm)
class GlossaryTermTranslation(TranslationOptions):
    fields = ("term", "definition", "note")


@register(RuleVariant)
class RuleVariantTranslation(TranslationOptions):
    fields = ("title", "text")


@register(Figure)
class FigureTranslation(TranslationOptions):
    fields = ("caption", "alt")


@register(TeamRule)
class TeamRuleTranslation(TranslationOptions):
    fields = ("name", "text")


@register(SkillParameter)
class SkillParameterTranslation(TranslationOptions):
    fields = ("label",)


@register(Team)
class TeamTranslation(TranslationOptions):
    fields = ("name", "description")


@register(Positional)
class PositionalTranslation(TranslationOptions):
    fields = ("name",)


@register(StarPlayer)
class StarPlayerTranslation(TranslationOptions):
    fields = ("name", "rule_name", "rule_text")


@register(StarProfile)
class StarProfileTranslation(TranslationOptions):
    fields = ("name",)


@register(Inducement)
class InducementTranslation(TranslationOptions):
    fields = ("name", "text")
