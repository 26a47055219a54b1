"""URLs of the reference pages, under the language prefix (/es/, /it/, /fr/, /en/)."""

from django.urls import path, register_converter

from .views import match, offline, pages, search, stars, teams
from .vocab import BLOOD_BOWL_EDITIONS, RULESET_KEYS, alternation

app_name = "rulebook"


class RulesetConverter:
    regex = alternation(RULESET_KEYS)

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class EditionConverter(RulesetConverter):
    """A Blood Bowl ruleset the engine implements (lrb6, bb2025)."""

    regex = alternation(BLOOD_BOWL_EDITIONS)


register_converter(RulesetConverter, "ruleset")
register_converter(EditionConverter, "edition")

urlpatterns = [
    path("", pages.home, name="home"),
    path("search/", search.search_page, name="search"),
    path("search/suggest/", search.suggestions, name="search-suggest"),
    path("manifest.webmanifest", offline.manifest, name="manifest"),
    path("sw.js", offline.service_worker, name="service-worker"),
    path("offline/", offline.offline_page, name="offline"),
    path("offline/unavailable/", offline.unavailable_page, name="offline-unavailable"),
    path("offline/pack.json", offline.pack_json, name="offline-pack"),
    path("offline/offer/<ruleset:ruleset>.json", offline.offer_json, name="offline-offer"),
    path("offline/search/<ruleset:ruleset>.json", offline.search_index_json, name="offline-index"),
    path("offline/engine.zip", offline.engine_zip, name="offline-engine"),
    path("offline/engine-words.json", offline.engine_words, name="offline-engine-words"),
    path("offline/engine.mo", offline.engine_catalogue, name="offline-engine-catalogue"),
    path("offline/engine-worker.js", offline.engine_worker, name="offline-engine-worker"),
    path("<ruleset:ruleset>/", pages.ruleset_home, name="ruleset"),
    path("<ruleset:ruleset>/rules/<slug:slug>/", pages.chapter, name="chapter"),
    path("<ruleset:ruleset>/skills/", pages.skills, name="skills"),
    path("<ruleset:ruleset>/skills/<slug:slug>/", pages.skill, name="skill"),
    path("<ruleset:ruleset>/tables/", pages.tables, name="tables"),
    path("<ruleset:ruleset>/tables/<slug:slug>/", pages.table, name="table"),
    path("<edition:ruleset>/teams/", teams.teams, name="teams"),
    path("<edition:ruleset>/teams/<slug:slug>/", teams.team, name="team"),
    path("<edition:ruleset>/teams/<slug:slug>/builder/", teams.builder, name="team-builder"),
    path("<edition:ruleset>/teams/<slug:slug>/builder/sheet/", teams.roster_sheet, name="roster-sheet"),
    path("<edition:ruleset>/teams/<slug:slug>/builder/match/", match.match, name="team-match"),
    path("<edition:ruleset>/stars/", stars.stars, name="stars"),
    path("<edition:ruleset>/stars/<slug:slug>/", stars.star, name="star"),
    path("<edition:ruleset>/inducements/", stars.inducements, name="inducements"),
    path("<ruleset:ruleset>/glossary/", pages.glossary, name="glossary"),
    path("<ruleset:ruleset>/glossary/<slug:slug>/", pages.term, name="term"),
    path("<ruleset:ruleset>/differences/", pages.differences, name="differences"),
]
