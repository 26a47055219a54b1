"""Any change to a content row (admin edit, load) invalidates the cached indexes and HTML."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import m2m_changed, post_delete, post_save
from django.dispatch import receiver

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
from .rendering.version import bump_content_version

CONTENT_MODELS = (
    Ruleset,
    RuleSection,
    Skill,
    GameTable,
    TableRow,
    GlossaryTerm,
    RuleVariant,
    Figure,
    Team,
    TeamRule,
    TeamRuleLink,
    Positional,
    StartingSkill,
    SkillParameter,
)


@receiver(post_save)
@receiver(post_delete)
def content_changed(sender: type, **kwargs: Any) -> None:
    if sender in CONTENT_MODELS:
        bump_content_version()


@receiver(m2m_changed, sender=Skill.related.through)
def related_changed(sender: type, **kwargs: Any) -> None:
    bump_content_version()
