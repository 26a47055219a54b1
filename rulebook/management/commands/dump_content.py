"""manage.py dump_content: write the database back to the content files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from rulebook.contentfiles.loader import dump_content


class Command(BaseCommand):
    help = "Write every rules item from the database back to its content file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--root", default=str(settings.CONTENT_DIR), help="Content folder.")

    def handle(self, *args: Any, **options: Any) -> None:
        changed = dump_content(Path(options["root"]))
        self.stdout.write(f"{changed} file(s) written." if changed else "No file changed.")
