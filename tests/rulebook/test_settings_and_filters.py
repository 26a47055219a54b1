"""Production settings pass check --deploy; Babel formats numbers per locale."""

from __future__ import annotations

import os
import subprocess
import sys
from fractions import Fraction

import pytest
from django.conf import settings
from django.utils.translation import override

from rulebook.formatting import num, pct

PRODUCTION_ENV = {
    "DEBUG": "0",
    "SECRET_KEY": "a-production-secret-that-is-long-and-random-0123456789-abcdefghij",
    "ALLOWED_HOSTS": "rules.example.org",
}


@pytest.mark.slow
def test_check_deploy_with_production_environment_has_no_warnings() -> None:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    }
    env |= PRODUCTION_ENV
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key() -> None:
    env = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"} | {"DEBUG": "0"}
    result = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=settings.BASE_DIR, env=env, capture_output=True, text=True
    )
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


@pytest.mark.parametrize(
    "lang, number, percent",
    [
        ("es", "10.000", "83\u00a0%"),
        ("it", "10.000", "83%"),
        ("fr", "10\u202f000", "83\u00a0%"),
        ("en", "10,000", "83%"),
    ],
)
def test_numbers_and_percentages_follow_the_locale(lang: str, number: str, percent: str) -> None:
    with override(lang):
        assert num(10000) == number
        assert pct(Fraction(5, 6)) == percent


def test_percentages_with_decimals() -> None:
    with override("es"):
        assert pct(Fraction(5, 6), 1) == "83,3\u00a0%"
    with override("en"):
        assert pct(0.25, 1) == "25.0%"
