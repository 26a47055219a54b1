"""Admin: modeltranslation's tabbed forms for every content model, and the completeness page."""

from __future__ import annotations

from typing import ClassVar

from django.contrib import admin
from modeltranslation.admin import TabbedTranslationAdmin, TranslationTabularInline

from .models import (
    Figure,
    GameTable,
    GlossaryTerm,
    Positional,
    RuleSection,
    Ruleset,
    RuleVariant,
    Skill,
    SkillParameter,
    StartingSkill,
    TableRow,
    Team,
    TeamRule,
    TeamRuleLink,
)

PROVENANCE = ("source", "original_language")


@admin.register(Ruleset)
class RulesetAdmin(TabbedTranslationAdmin):
    list_display = ("key", "name", "game", "order")


class ContentAdmin(TabbedTranslationAdmin):
    list_filter: ClassVar[tuple[str, ...]] = ("ruleset",)
    search_fields: ClassVar[tuple[str, ...]] = ("slug",)
    readonly_fields = ("updated_at",)


@admin.register(RuleSection)
class RuleSectionAdmin(ContentAdmin):
    list_display = ("slug", "title", "ruleset", "parent", "order")
    list_select_related = ("ruleset", "parent")
    search_fields = ("slug", "title")


@admin.register(Skill)
class SkillAdmin(ContentAdmin):
    list_display = ("slug", "name", "ruleset", "kind", "category", "activation", "elite")
    list_filter = ("ruleset", "kind", "category", "identification")
    list_select_related = ("ruleset",)
    search_fields = ("slug", "name")
    filter_horizontal = ("related",)
    raw_id_fields = ("counterpart",)


class TableRowInline(TranslationTabularInline):
    model = TableRow
    extra = 0
    fields = ("position", "range_text", "range_low", "range_high", "name", "effect", "aliases")


@admin.register(GameTable)
class GameTableAdmin(ContentAdmin):
    list_display = ("slug", "title", "ruleset", "dice", "order")
    raw_id_fields = ("counterpart",)
    inlines = (TableRowInline,)


@admin.register(GlossaryTerm)
class GlossaryTermAdmin(ContentAdmin):
    list_display = ("slug", "term", "ruleset", "concept")
    search_fields = ("slug", "term")


@admin.register(RuleVariant)
class RuleVariantAdmin(ContentAdmin):
    list_display = ("slug", "title", "ruleset", "source")


@admin.register(Figure)
class FigureAdmin(ContentAdmin):
    list_display = ("slug", "caption", "ruleset")


@admin.register(TeamRule)
class TeamRuleAdmin(ContentAdmin):
    list_display = ("slug", "name", "ruleset", "kind")
    list_filter = ("ruleset", "kind")
    search_fields = ("slug", "name")


@admin.register(SkillParameter)
class SkillParameterAdmin(TabbedTranslationAdmin):
    list_display = ("key", "label", "ruleset")
    list_filter = ("ruleset",)


class TeamRuleLinkInline(admin.TabularInline):
    model = TeamRuleLink
    extra = 0
    raw_id_fields = ("rule",)


class PositionalInline(TranslationTabularInline):
    model = Positional
    extra = 0
    fields = ("position", "slug", "name", "max_quantity", "cost", "ma", "st", "ag", "pa", "av", "big_guy")
    show_change_link = True  # starting skills and skill access are edited on the positional's page


@admin.register(Team)
class TeamAdmin(ContentAdmin):
    list_display = ("slug", "name", "ruleset", "tier", "reroll_cost", "apothecary")
    list_filter = ("ruleset", "tier", "apothecary")
    search_fields = ("slug", "name")
    inlines = (TeamRuleLinkInline, PositionalInline)


class StartingSkillInline(admin.TabularInline):
    model = StartingSkill
    extra = 0
    raw_id_fields = ("skill", "parameter")


@admin.register(Positional)
class PositionalAdmin(TabbedTranslationAdmin):
    list_display = ("slug", "name", "team", "max_quantity", "cost")
    list_filter = ("team__ruleset",)
    list_select_related = ("team__ruleset",)
    search_fields = ("slug", "name", "team__slug")
    inlines = (StartingSkillInline,)
