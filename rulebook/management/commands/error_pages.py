"""`manage.py error_pages`: the proxy's and gunicorn's own error answers, rendered from our error
template for every language into ERROR_PAGES_ROOT (rulebook/serving/errorpages.py). Run it after
collectstatic: the pages link the hashed stylesheet."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from rulebook.serving.errorpages import build_error_pages


class Command(BaseCommand):
    help = "Render the proxy's and gunicorn's error pages (every language) into ERROR_PAGES_ROOT."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--output", default=str(settings.ERROR_PAGES_ROOT), help="folder to write them into")

    def handle(self, *args: Any, **options: Any) -> None:
        root = Path(options["output"])
        count = build_error_pages(root)
        if options["verbosity"]:
            self.stdout.write(f"{count} error answers written to {root}")
