"""The read-only JSON API, /api/v1/ (not language-prefixed: the language is a parameter)."""

from django.urls import include, path

urlpatterns = [
    path("", include("rulebook.api_urls")),
    path("", include("tutorial.api_urls")),
]
