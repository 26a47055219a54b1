"""Admin: modeltranslation's tabbed forms for every content model, and the completeness page.

Saving loses nothing and invents nothing: texts are kept exactly as typed (Django's forms strip
them, which ate the trailing newline of every multi-line text in all four languages), the CRLF
line breaks browsers send become the files' LF, and a form with no change writes nothing (no
new content version, the load hash untouched), so load_content and dump_content see no edit.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms
from django.contrib import admin
from django.db import models, transaction
from django.http import HttpRequest
from modeltranslation.admin import TabbedTranslationAdmin, TranslationTabularInline

from .models import (
    Figure,
    GameTable,
    GlossaryTerm,
    Inducement,
    InducementModifier,
    Positional,
    RuleSection,
    Ruleset,
    RuleVariant,
    Skill,
    SkillParameter,
    StarPlayer,
    StarProfile,
    StarSkill,
    StartingSkill,
    TableRow,
    Team,
    TeamRule,
    TeamRuleLink,
)
from .serving.warm import warm_shared_in_background

PROVENANCE = ("source", "original_language")


class ExactTextField(forms.CharField):
    """Text as typed: not stripped; CRLF and CR line breaks (what browsers send) become LF."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["strip"] = False
        super().__init__(*args, **kwargs)

    def to_python(self, value: Any) -> Any:
        value = super().to_python(value)
        return value.replace("\r\n", "\n").replace("\r", "\n") if isinstance(value, str) else value


def exact_text(db_field: models.Field[Any, Any], kwargs: dict[str, Any]) -> dict[str, Any]:
    """Free-text columns (every translated one included) get ExactTextField."""
    free_text = isinstance(db_field, models.CharField | models.TextField) and not isinstance(db_field, models.SlugField)
    if free_text and not db_field.choices:
        kwargs.setdefault("form_class", ExactTextField)
    return kwargs


class ExactTextMixin:
    def formfield_for_dbfield(self, db_field: models.Field[Any, Any], request: HttpRequest, **kwargs: Any) -> Any:
        return super().formfield_for_dbfield(db_field, request, **exact_text(db_field, kwargs))  # type: ignore[misc]


class ContentAdminBase(ExactTextMixin, TabbedTranslationAdmin):
    """Unchanged forms write nothing; after a real edit the search index is rebuilt at once, in
    the background (the editor's answer does not wait for it)."""

    def save_model(self, request: HttpRequest, obj: Any, form: forms.ModelForm[Any], change: bool) -> None:
        if change and not form.has_changed():
            return
        super().save_model(request, obj, form, change)
        transaction.on_commit(warm_shared_in_background)

    def save_related(self, request: HttpRequest, form: forms.ModelForm[Any], formsets: Any, change: bool) -> None:
        if change and not form.has_changed():
            form.save_m2m = lambda: None  # type: ignore[method-assign]  # nothing to write back
        super().save_related(request, form, formsets, change)
        if any(formset.has_changed() for formset in formsets):
            transaction.on_commit(warm_shared_in_background)


@admin.register(Ruleset)
class RulesetAdmin(ContentAdminBase):
    list_display = ("key", "name", "game", "order")


class ContentAdmin(ContentAdminBase):
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


class TableRowInline(ExactTextMixin, TranslationTabularInline):
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
class SkillParameterAdmin(ContentAdminBase):
    list_display = ("key", "label", "ruleset")
    list_filter = ("ruleset",)


class TeamRuleLinkInline(admin.TabularInline):
    model = TeamRuleLink
    extra = 0
    raw_id_fields = ("rule",)


class PositionalInline(ExactTextMixin, TranslationTabularInline):
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
class PositionalAdmin(ContentAdminBase):
    list_display = ("slug", "name", "team", "max_quantity", "cost")
    list_filter = ("team__ruleset",)
    list_select_related = ("team__ruleset",)
    search_fields = ("slug", "name", "team__slug")
    inlines = (StartingSkillInline,)


class StarProfileInline(ExactTextMixin, TranslationTabularInline):
    model = StarProfile
    extra = 0
    fields = ("position", "slug", "name", "ma", "st", "ag", "pa", "av", "big_guy")
    show_change_link = True  # starting skills are edited on the player's page


@admin.register(StarPlayer)
class StarPlayerAdmin(ContentAdmin):
    list_display = ("slug", "name", "ruleset", "cost", "any_team", "rule")
    list_filter = ("ruleset", "any_team")
    search_fields = ("slug", "name")
    filter_horizontal = ("teams", "rules", "excluded_rules")
    inlines = (StarProfileInline,)


class StarSkillInline(admin.TabularInline):
    model = StarSkill
    extra = 0
    raw_id_fields = ("skill", "parameter")


@admin.register(StarProfile)
class StarProfileAdmin(ExactTextMixin, TabbedTranslationAdmin):
    list_display = ("slug", "name", "star")
    list_filter = ("star__ruleset",)
    list_select_related = ("star__ruleset",)
    search_fields = ("slug", "name", "star__slug")
    inlines = (StarSkillInline,)


class InducementModifierInline(admin.TabularInline):
    model = InducementModifier
    extra = 0
    raw_id_fields = ("team", "rule")


@admin.register(Inducement)
class InducementAdmin(ContentAdmin):
    list_display = ("slug", "name", "ruleset", "order", "max_quantity", "cost", "available")
    list_filter = ("ruleset", "available", "price_varies")
    search_fields = ("slug", "name")
    filter_horizontal = ("requires",)
    inlines = (InducementModifierInline,)
