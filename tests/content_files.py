"""Item files on disk, counted without the loader (`rulebook/content/<ruleset>/<kind>/<slug>.toml`).

A page or an API answer that lists items is checked against two independent counts, the database's
and the files', never a literal: adding an item as rulebook/content/README.md says breaks no test,
and a page, a query or a load that loses one still fails."""

from __future__ import annotations

from django.conf import settings


def item_files(ruleset: str, kind: str) -> int:
    folder = settings.CONTENT_DIR / ruleset / kind
    assert folder.is_dir(), folder
    return len(list(folder.glob("*.toml")))
