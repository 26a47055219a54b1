"""Tutorial JSON endpoints, under /api/v1/."""

from django.urls import path

from .board import views as board_views
from .odds import views as odds_views

urlpatterns = [
    path("odds", odds_views.odds_api, name="tutorial-odds-api"),
    path("board", board_views.board_api, name="tutorial-board-api"),
]
