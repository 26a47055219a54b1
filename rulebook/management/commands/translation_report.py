"""manage.py translation_report [--format json|text]"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from rulebook.contentfiles.completeness import build_report, percentages


class Command(BaseCommand):
    help = "Report translation completeness per ruleset, kind and language."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--format", choices=["json", "text"], default="text")

    def handle(self, *args: Any, **options: Any) -> None:
        report = build_report()
        if options["format"] == "json":
            self.stdout.write(json.dumps(report, ensure_ascii=False, indent=2))
            return
        for row in percentages(report):
            if not row["total"]:
                continue
            self.stdout.write(
                f"{row['ruleset']:<11} {row['kind']:<8} {row['lang']}  "
                f"{row['complete']:>4}/{row['total']:<4} {row['ratio']:>7.1%}  "
                f"missing {len(row['missing'])}  identical {len(row['identical'])}"
            )
