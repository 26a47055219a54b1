"""What a coach adds to a team for one match: star players and inducements. Content models like
those of models.py, which imports them at its end (a module of their own keeps each small).

A StarPlayer is one hire: his price, who he plays for and his special rule; his players
(StarProfile: two for a pair hired together) each have a profile in the edition's notation and
starting skills written like a positional's. An Inducement has a price and a limit, may be only for
some teams, and may cost some teams less (InducementModifier).
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from .engine import INDUCEMENT_AVAILABILITY as AVAILABILITY
from .models import ContentItem, Skill, SkillParameter, Team, TeamRule


class StarPlayer(ContentItem):
    cost = models.PositiveIntegerField(help_text=_("Gold pieces for the hire (a pair: for both)."))
    # Who he plays for: classic teams, or 2025 leagues and special rules; or any team but those
    # with one of the excluded rules.
    teams: models.ManyToManyField[Team, models.Model] = models.ManyToManyField(Team, blank=True, related_name="stars")
    rules: models.ManyToManyField[TeamRule, models.Model] = models.ManyToManyField(
        TeamRule, blank=True, related_name="stars"
    )
    any_team = models.BooleanField(default=False)
    excluded_rules: models.ManyToManyField[TeamRule, models.Model] = models.ManyToManyField(
        TeamRule, blank=True, related_name="stars_excluded"
    )
    rule = models.SlugField(max_length=80, blank=True, help_text=_("English slug of his special rule, if any."))
    # Fields ("cost", "rule") on which the sources disagree and none could be confirmed.
    disputed = models.JSONField(default=list, blank=True)
    translator_note = models.TextField(blank=True, help_text=_("For translators and editors only; never shown."))
    name = models.CharField(max_length=120)
    rule_name = models.CharField(max_length=200, blank=True)
    rule_text = models.TextField(blank=True)

    class Meta(ContentItem.Meta):
        constraints = [models.UniqueConstraint(fields=["ruleset", "slug"], name="unique_star_slug")]


class StarProfile(models.Model):
    """One player of a star hire, with his profile (as Positional's) and starting skills."""

    star = models.ForeignKey(StarPlayer, on_delete=models.CASCADE, related_name="players")
    position = models.PositiveSmallIntegerField()
    slug = models.SlugField(max_length=80)
    ma = models.PositiveSmallIntegerField()
    st = models.PositiveSmallIntegerField()
    ag = models.PositiveSmallIntegerField()
    pa = models.PositiveSmallIntegerField(default=0)
    av = models.PositiveSmallIntegerField()
    big_guy = models.BooleanField(default=False)
    disputed = models.JSONField(default=list, blank=True)
    name = models.CharField(max_length=120)

    class Meta:
        ordering = ["star", "position"]
        constraints = [models.UniqueConstraint(fields=["star", "slug"], name="unique_star_profile_slug")]

    def __str__(self) -> str:
        return f"{self.star}/{self.slug}"


class StarSkill(models.Model):
    """A skill a star's player starts with, with its parameter (as StartingSkill)."""

    player = models.ForeignKey(StarProfile, on_delete=models.CASCADE, related_name="starting_skills")
    position = models.PositiveSmallIntegerField()
    skill = models.ForeignKey(Skill, on_delete=models.RESTRICT, related_name="starting_for_stars")
    value = models.CharField(max_length=20, blank=True)
    parameter = models.ForeignKey(SkillParameter, null=True, blank=True, on_delete=models.RESTRICT)

    class Meta:
        ordering = ["player", "position"]
        constraints = [models.UniqueConstraint(fields=["player", "position"], name="unique_star_skill")]

    def __str__(self) -> str:
        return f"{self.player}:{self.skill.slug}"


class Inducement(ContentItem):
    order = models.PositiveIntegerField(default=0)
    max_quantity = models.PositiveSmallIntegerField(help_text=_("0: no limit of its own."))
    cost = models.PositiveIntegerField(help_text=_("Gold pieces; the default's price when the price varies."))
    price_varies = models.BooleanField(default=False)
    available = models.CharField(max_length=20, default="any", choices=[(a, a) for a in AVAILABILITY])
    requires: models.ManyToManyField[TeamRule, models.Model] = models.ManyToManyField(
        TeamRule, blank=True, related_name="inducements"
    )
    # Mercenaries: the extra price, the price of an extra skill and the skills they gain.
    extra_cost = models.PositiveIntegerField(default=0)
    skill_cost = models.PositiveIntegerField(default=0)
    skills = models.JSONField(default=list, blank=True)
    translator_note = models.TextField(blank=True, help_text=_("For translators and editors only; never shown."))
    name = models.CharField(max_length=200)
    text = models.TextField()

    class Meta(ContentItem.Meta):
        ordering = ["ruleset__order", "order", "slug"]
        constraints = [models.UniqueConstraint(fields=["ruleset", "slug"], name="unique_inducement_slug")]


class InducementModifier(models.Model):
    """A team (classic) or team rule (2025) for which an inducement costs less or may be taken
    more often."""

    inducement = models.ForeignKey(Inducement, on_delete=models.CASCADE, related_name="modifiers")
    position = models.PositiveSmallIntegerField()
    team = models.ForeignKey(Team, null=True, blank=True, on_delete=models.RESTRICT)
    rule = models.ForeignKey(TeamRule, null=True, blank=True, on_delete=models.RESTRICT)
    cost = models.PositiveIntegerField()
    max_quantity = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["inducement", "position"]
        constraints = [models.UniqueConstraint(fields=["inducement", "position"], name="unique_inducement_modifier")]

    def __str__(self) -> str:
        return f"{self.inducement}:{self.team or self.rule}"
