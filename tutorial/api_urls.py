"""Tutorial JSON endpoints, under /api/v1/."""

from django.urls import path

from . import views

urlpatterns = [
    path("odds", views.odds_api, name="tutorial-odds-api"),
]
