"""Rulebook JSON endpoints under /api/v1/."""

from django.urls import path

from .views import api, match

urlpatterns = [
    path("search", api.search, name="api-search"),
    path("rulesets", api.rulesets, name="api-rulesets"),
    path("rulesets/<str:key>/skills", api.skills, name="api-skills"),
    path("rulesets/<str:key>/skills/<slug:slug>", api.skill, name="api-skill"),
    path("rulesets/<str:key>/tables", api.tables, name="api-tables"),
    path("rulesets/<str:key>/tables/<slug:slug>", api.table, name="api-table"),
    path("rulesets/<str:key>/teams", api.teams, name="api-teams"),
    path("rulesets/<str:key>/teams/<slug:slug>", api.team, name="api-team"),
    path("rulesets/<str:key>/teams/<slug:slug>/match", match.match_api, name="api-team-match"),
]
