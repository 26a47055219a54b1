"""Tutorial JSON endpoints, under /api/v1/."""

from django.urls import path

from . import views
from .board import views as board_views

urlpatterns = [
    path("odds", views.odds_api, name="tutorial-odds-api"),
    path("board", board_views.board_api, name="tutorial-board-api"),
]
