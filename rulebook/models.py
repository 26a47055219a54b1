"""Content models. Identity lives in untranslated keys and English slugs; text fields are
translated by django-modeltranslation (see translation.py) into one column per language."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from .vocab import (
    ACTIVATIONS,
    EDITION_CHANGES,
    GAMES,
    IDENTIFICATIONS,
    LANGS,
    RULESET_KEYS,
    SKILL_KINDS,
    TEAM_RULE_KINDS,
)

LANGUAGE_CHOICES = [(code, code) for code in LANGS]


class Ruleset(models.Model):
    key = models.CharField(max_length=20, unique=True, choices=[(k, k) for k in RULESET_KEYS])
    game = models.CharField(max_length=20, choices=[(g, g) for g in GAMES])
    order = models.PositiveSmallIntegerField(default=0)
    name = models.CharField(max_length=120)
    description = models.TextField(blank=True)
    content_hash = models.CharField(max_length=64, blank=True, editable=False)

    class Meta:
        ordering = ["order", "key"]

    def __str__(self) -> str:
        return self.key


class ContentItem(models.Model):
    """Fields every text item shares: its ruleset, slug and provenance."""

    ruleset = models.ForeignKey(Ruleset, on_delete=models.CASCADE)
    slug = models.SlugField(max_length=80)
    source = models.CharField(max_length=80, help_text=_("Seed file the text comes from, or published-rules."))
    original_language = models.CharField(max_length=2, choices=LANGUAGE_CHOICES)
    # Hash of the item as last loaded from its content file: a different hash of the current
    # row means someone edited it in the admin since, and the loader must not overwrite it.
    content_hash = models.CharField(max_length=64, blank=True, editable=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        abstract = True
        ordering = ["ruleset__order", "slug"]

    def __str__(self) -> str:
        return f"{self.ruleset.key}:{self.slug}"


class RuleSection(ContentItem):
    parent = models.ForeignKey("self", null=True, blank=True, on_delete=models.CASCADE, related_name="children")
    order = models.PositiveIntegerField(default=0)
    title = models.CharField(max_length=200)
    body = models.TextField()

    class Meta(ContentItem.Meta):
        ordering = ["ruleset__order", "order", "slug"]
        constraints = [models.UniqueConstraint(fields=["ruleset", "slug"], name="unique_section_slug")]


class Skill(ContentItem):
    kind = models.CharField(max_length=10, choices=[(k, k) for k in SKILL_KINDS])
    category = models.CharField(max_length=20)
    activation = models.CharField(max_length=10, blank=True, choices=[(a, a) for a in ACTIVATIONS])
    elite = models.BooleanField(default=False)
    identification = models.CharField(max_length=10, default="certain", choices=[(i, i) for i in IDENTIFICATIONS])
    identification_note = models.TextField(blank=True)
    related = models.ManyToManyField("self", blank=True, symmetrical=False)
    counterpart = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="counterparts_of"
    )
    name = models.CharField(max_length=120)
    text = models.TextField()
    change_note = models.TextField(blank=True)
    # For translators and editors only (English, untranslated): never rendered on a page.
    translator_note = models.TextField(blank=True)
    # Other names readers of a language use ({"it": ["Dodge"]}): shown and searched in that language.
    aliases = models.JSONField(default=dict, blank=True)
    change = models.CharField(
        max_length=10,
        blank=True,
        choices=[(c, c) for c in EDITION_CHANGES],
        help_text=_("Against the counterpart: same (works the same in play) or changed (the rule differs)."),
    )

    class Meta(ContentItem.Meta):
        constraints = [models.UniqueConstraint(fields=["ruleset", "slug"], name="unique_skill_slug")]


class GameTable(ContentItem):
    dice = models.CharField(max_length=20)
    order = models.PositiveIntegerField(default=0)
    # bb2025 tables: the classic table of the same concept, so pages can pair them.
    counterpart = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="counterparts_of"
    )
    title = models.CharField(max_length=200)
    description = models.TextField(blank=True)
    change_note = models.TextField(blank=True)

    class Meta(ContentItem.Meta):
        ordering = ["ruleset__order", "order", "slug"]
        constraints = [models.UniqueConstraint(fields=["ruleset", "slug"], name="unique_table_slug")]


class TableRow(models.Model):
    table = models.ForeignKey(GameTable, on_delete=models.CASCADE, related_name="rows")
    position = models.PositiveIntegerField()
    # "2", "4-10", "11-38", or a label ("winner") for rows that are not rolled for.
    range_text = models.CharField(max_length=40)
    range_low = models.IntegerField(null=True, blank=True)
    range_high = models.IntegerField(null=True, blank=True)
    name = models.CharField(max_length=200, blank=True)
    effect = models.TextField()
    # Other names readers of a language use for the result ({"en": ["BH"]}), as Skill.aliases.
    aliases = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["table", "position"]
        constraints = [models.UniqueConstraint(fields=["table", "position"], name="unique_row_position")]

    def __str__(self) -> str:
        return f"{self.table}[{self.range_text}]"


class GlossaryTerm(ContentItem):
    concept = models.SlugField(max_length=80)
    term = models.CharField(max_length=120)
    definition = models.TextField()
    note = models.TextField(blank=True)
    # Wrong terms per language ({"fr": ["Blessure"]}) that must not appear in that language's texts.
    avoid = models.JSONField(default=dict, blank=True)
    translator_note = models.TextField(blank=True)  # as Skill.translator_note
    aliases = models.JSONField(default=dict, blank=True)  # as Skill.aliases

    class Meta(ContentItem.Meta):
        constraints = [models.UniqueConstraint(fields=["ruleset", "slug"], name="unique_term_slug")]


class RuleVariant(ContentItem):
    """Another version of a rule, from a source that disagrees with the edition's rule."""

    applies_to = models.JSONField(default=list, blank=True)
    title = models.CharField(max_length=200)
    text = models.TextField()

    class Meta(ContentItem.Meta):
        constraints = [models.UniqueConstraint(fields=["ruleset", "slug"], name="unique_variant_slug")]


class Figure(ContentItem):
    svg = models.TextField()
    caption = models.CharField(max_length=300)
    alt = models.TextField()

    class Meta(ContentItem.Meta):
        constraints = [models.UniqueConstraint(fields=["ruleset", "slug"], name="unique_figure_slug")]


# --- teams -------------------------------------------------------------------------------------


class TeamRule(ContentItem):
    """A 2025 league or a team special rule, shared by the teams that name it."""

    kind = models.CharField(max_length=20, choices=[(k, k) for k in TEAM_RULE_KINDS])
    name = models.CharField(max_length=200)
    text = models.TextField()
    # Other names readers use per language (a former or community name), as Skill.aliases.
    aliases = models.JSONField(default=dict, blank=True)

    class Meta(ContentItem.Meta):
        constraints = [models.UniqueConstraint(fields=["ruleset", "slug"], name="unique_team_rule_slug")]


class SkillParameter(models.Model):
    """A word parameter of a starting skill ("all team-mates" in Animosity (all team-mates)),
    translated once per ruleset and referenced by its key."""

    ruleset = models.ForeignKey(Ruleset, on_delete=models.CASCADE)
    key = models.SlugField(max_length=80)
    label = models.CharField(max_length=120)
    content_hash = models.CharField(max_length=64, blank=True, editable=False)

    class Meta:
        ordering = ["ruleset__order", "key"]
        constraints = [models.UniqueConstraint(fields=["ruleset", "key"], name="unique_skill_parameter_key")]

    def __str__(self) -> str:
        return f"{self.ruleset.key}:{self.key}"


class Team(ContentItem):
    reroll_cost = models.PositiveIntegerField()
    apothecary = models.BooleanField(default=True)
    tier = models.PositiveSmallIntegerField(default=0, help_text=_("The tier the edition gives (0: none)."))
    # A limit shared by all Big Guys of the roster ("up to three Big Guys"); None: no shared limit.
    big_guys_max = models.PositiveSmallIntegerField(null=True, blank=True)
    # 2025 "Favoured of…" rosters: the gods the team may choose from ("khorne", "nurgle", …).
    favoured_of = models.JSONField(default=list, blank=True)
    translator_note = models.TextField(blank=True, help_text=_("For translators and editors only; never shown."))
    rules: models.ManyToManyField[TeamRule, TeamRuleLink] = models.ManyToManyField(
        TeamRule, through="TeamRuleLink", related_name="teams"
    )
    name = models.CharField(max_length=120)
    description = models.TextField()
    aliases = models.JSONField(default=dict, blank=True)  # as Skill.aliases

    class Meta(ContentItem.Meta):
        constraints = [models.UniqueConstraint(fields=["ruleset", "slug"], name="unique_team_slug")]


class TeamRuleLink(models.Model):
    """A team's league or special rule, in the order its roster lists them."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="rule_links")
    rule = models.ForeignKey(TeamRule, on_delete=models.RESTRICT, related_name="team_links")
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["team", "position"]
        constraints = [models.UniqueConstraint(fields=["team", "rule"], name="unique_team_rule_link")]

    def __str__(self) -> str:
        return f"{self.team}→{self.rule.slug}"


class Positional(models.Model):
    """A position of a team roster, with its limit, hiring fee and profile in the edition's notation
    (classic AG 3 and AV 8; 2025 targets AG 3+, PA 4+, AV 9+; pa 0 = no PA)."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="positionals")
    position = models.PositiveSmallIntegerField()
    slug = models.SlugField(max_length=80)
    max_quantity = models.PositiveSmallIntegerField()
    cost = models.PositiveIntegerField()
    ma = models.PositiveSmallIntegerField()
    st = models.PositiveSmallIntegerField()
    ag = models.PositiveSmallIntegerField()
    pa = models.PositiveSmallIntegerField(default=0)
    av = models.PositiveSmallIntegerField()
    primary = models.JSONField(default=list, blank=True)
    secondary = models.JSONField(default=list, blank=True)
    big_guy = models.BooleanField(default=False)
    # Fields ("secondary") on which the sources disagree and none could be confirmed: pages say so.
    disputed = models.JSONField(default=list, blank=True)
    name = models.CharField(max_length=120)
    aliases = models.JSONField(default=dict, blank=True)  # as Skill.aliases

    class Meta:
        ordering = ["team", "position"]
        constraints = [models.UniqueConstraint(fields=["team", "slug"], name="unique_positional_slug")]

    def __str__(self) -> str:
        return f"{self.team}/{self.slug}"


class StartingSkill(models.Model):
    """A skill a positional starts with, with its parameter: a value written the same in every
    language ("4+", "+1") or a translated word parameter."""

    positional = models.ForeignKey(Positional, on_delete=models.CASCADE, related_name="starting_skills")
    position = models.PositiveSmallIntegerField()
    skill = models.ForeignKey(Skill, on_delete=models.RESTRICT, related_name="starting_for")
    value = models.CharField(max_length=20, blank=True)
    parameter = models.ForeignKey(SkillParameter, null=True, blank=True, on_delete=models.RESTRICT)

    class Meta:
        ordering = ["positional", "position"]
        constraints = [models.UniqueConstraint(fields=["positional", "position"], name="unique_starting_skill")]

    def __str__(self) -> str:
        return f"{self.positional}:{self.skill.slug}"


class ContentVersion(models.Model):
    """One row: a random token that changes with every change to any content row (signals.py),
    in the same transaction. Every process reads it (one indexed query per request) and keys its
    caches by it, so an admin edit or a load_content reaches all workers and servers at once; a
    token, not a counter, so a rolled-back transaction can never reuse a version."""

    token = models.CharField(max_length=32)
    changed_at = models.DateTimeField()

    def __str__(self) -> str:
        return self.token


# Star players and inducements live in their own module; importing them here registers them with
# the app (Django finds an app's models in its models module).
from .models_match import Inducement, InducementModifier, StarPlayer, StarProfile, StarSkill  # noqa: E402

__all__ = [
    "ContentItem",
    "ContentVersion",
    "Figure",
    "GameTable",
    "GlossaryTerm",
    "Inducement",
    "InducementModifier",
    "Positional",
    "RuleSection",
    "RuleVariant",
    "Ruleset",
    "Skill",
    "SkillParameter",
    "StarPlayer",
    "StarProfile",
    "StarSkill",
    "StartingSkill",
    "TableRow",
    "Team",
    "TeamRule",
    "TeamRuleLink",
]
