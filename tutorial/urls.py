"""Tutorial and odds calculator pages, under the language prefix."""

from django.urls import path  # noqa: F401

app_name = "tutorial"

urlpatterns: list = []
