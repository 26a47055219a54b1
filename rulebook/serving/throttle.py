"""Admin login throttling with django-axes."""

from __future__ import annotations

from typing import Any

from axes.backends import AxesStandaloneBackend
from django.http import HttpRequest


class LoginThrottle(AxesStandaloneBackend):
    """django-axes' check before any password is hashed. Every login over HTTP carries its
    request (the admin's form passes it); one without (the test client's login(), a shell) has
    no address to throttle and goes on to the password check unthrottled."""

    def authenticate(
        self, request: HttpRequest | None, username: str | None = None, password: str | None = None, **kwargs: Any
    ) -> None:
        if request is None:
            return None
        return super().authenticate(request, username, password, **kwargs)
