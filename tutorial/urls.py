"""Tutorial and odds calculator pages, under the language prefix."""

from django.urls import path

from . import views
from .board import views as board_views
from .odds import views as odds_views

app_name = "tutorial"

urlpatterns = [
    path("tutorial/", views.index, name="index"),
    path("tutorial/<slug:slug>/", views.scenario_start, name="scenario"),
    path("tutorial/<slug:slug>/<int:number>/", views.step, name="step"),
    path("odds/", odds_views.odds_page, name="odds"),
    path("<edition:ruleset>/board/", board_views.board, name="board"),
]
