"""manage.py load_content [--check] [--overwrite]"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from rulebook.contentfiles.loader import (
    ContentConflict,
    ContentInvalid,
    check_content,
    load_content,
)


class Command(BaseCommand):
    help = "Load the rules content files into the database (idempotent, in one transaction)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--check", action="store_true", help="Validate only; write nothing.")
        parser.add_argument(
            "--overwrite",
            action="store_true",
            help="Overwrite items edited in the admin since the last load.",
        )
        parser.add_argument("--root", default=str(settings.CONTENT_DIR), help="Content folder.")

    def handle(self, *args: Any, **options: Any) -> None:
        from pathlib import Path

        root = Path(options["root"])
        if options["check"]:
            problems = check_content(root)
            if problems:
                raise CommandError(self._listing("problem(s) in the content files", problems))
            self.stdout.write(self.style.SUCCESS("Content files are valid."))
            return
        try:
            report = load_content(root, overwrite=options["overwrite"])
        except ContentInvalid as error:
            raise CommandError(self._listing("problem(s) in the content files", error.problems)) from None
        except ContentConflict as error:
            raise CommandError(
                self._listing(
                    "item(s) edited in the admin since the last load; dump them with "
                    "dump_content or rerun with --overwrite",
                    error.items,
                )
            ) from None
        message = report.summary()
        if report.changed:
            from rulebook.search.results import shared_between_processes, warm_search_index

            if shared_between_processes():  # the new version's index, built once for every server
                warm_search_index()
            self.stdout.write(self.style.SUCCESS(f"Content loaded: {message}."))
        else:
            self.stdout.write(f"No change: {message}.")

    @staticmethod
    def _listing(title: str, lines: list[str]) -> str:
        return f"{len(lines)} {title}:\n" + "\n".join(f"  - {line}" for line in lines)
