"""A small content tree written from Python, for loader tests that must not depend on the real one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulebook.contentfiles.files import toml_text


def four(es: str, it: str, fr: str, en: str) -> dict[str, str]:
    return {"es": es, "it": it, "fr": fr, "en": en}


RULESET: dict[str, Any] = {
    "key": "lrb6",
    "game": "bloodbowl",
    "order": 1,
    "name": four("Reglas clásicas", "Regole classiche", "Règles classiques", "Classic rules"),
    "description": four("Pruebas.", "Prove.", "Essais.", "Tests."),
}

CHAPTER: dict[str, Any] = {
    "slug": "movement",
    "parent": "",
    "order": 10,
    "source": "000_71ffa22b1f839112.txt",
    "original_language": "es",
    "title": four("Movimiento", "Movimento", "Mouvement", "Movement"),
    "body": four(
        "Cada jugador mueve.\n",
        "Ogni giocatore muove.\n",
        "Chaque joueur bouge.\n",
        "Each player moves.\n",
    ),
}

SECTION: dict[str, Any] = {
    "slug": "dodging",
    "parent": "movement",
    "order": 10,
    "source": "000_71ffa22b1f839112.txt",
    "original_language": "es",
    "title": four("Esquivar", "Schivare", "Esquiver", "Dodging"),
    "body": four(
        "Ver [[skill:dodge]] y [[table:agility]].\n",
        "Vedi [[skill:dodge]] e [[table:agility]].\n",
        "Voir [[skill:dodge]] et [[table:agility]].\n",
        "See [[skill:dodge]] and [[table:agility]].\n",
    ),
}

SKILL: dict[str, Any] = {
    "slug": "dodge",
    "kind": "skill",
    "category": "agility",
    "activation": "",
    "elite": False,
    "translator_note": "",
    "related": [],
    "counterpart": "",
    "identification": "certain",
    "identification_note": "",
    "source": "000_71ffa22b1f839112.txt",
    "original_language": "es",
    "name": four("Esquivar", "Schivata", "Esquive", "Dodge"),
    "text": four("Repite una esquiva.\n", "Ripeti una schivata.\n", "Relance une esquive.\n", "Re-roll a dodge.\n"),
}

TABLE: dict[str, Any] = {
    "slug": "agility",
    "dice": "D6",
    "order": 10,
    "source": "published-rules",
    "original_language": "en",
    "title": four("Tabla de agilidad", "Tabella dell'agilità", "Table d'agilité", "Agility table"),
    "rows": [
        {"range": "1", "effect": four("Seis o más", "Sei o più", "Six ou plus", "Six or more")},
        {"range": "2-3", "effect": four("Cinco", "Cinque", "Cinq", "Five")},
    ],
}

TERM: dict[str, Any] = {
    "slug": "tackle-zone",
    "concept": "tackle-zone",
    "translator_note": "",
    "source": "000_71ffa22b1f839112.txt",
    "original_language": "es",
    "term": four("Zona de defensa", "Zona di placcaggio", "Zone de tacle", "Tackle zone"),
    "definition": four("Las casillas.", "Le caselle.", "Les cases.", "The squares."),
}


def write_tree(root: Path, **overrides: dict[str, Any]) -> Path:
    """Write the mini tree under ``root``; ``overrides`` replace whole items by kind name."""
    items = {
        "ruleset": RULESET,
        "chapter": CHAPTER,
        "section": SECTION,
        "skill": SKILL,
        "table": TABLE,
        "term": TERM,
    } | overrides
    base = root / "lrb6"
    files = {
        "ruleset": base / "ruleset.toml",
        "chapter": base / "sections" / f"{items['chapter']['slug']}.toml",
        "section": base / "sections" / f"{items['section']['slug']}.toml",
        "skill": base / "skills" / f"{items['skill']['slug']}.toml",
        "table": base / "tables" / f"{items['table']['slug']}.toml",
        "term": base / "glossary" / f"{items['term']['slug']}.toml",
    }
    for name, path in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(toml_text(items[name]), encoding="utf-8")
    return root


def empty_the_content() -> None:
    """Delete every content row (inside the test's transaction), as `Ruleset.objects.all().delete()`
    does, with one content-version bump instead of one per deleted row (about 2,000 updates)."""
    from django.db.models.signals import post_delete

    from rulebook.models import Ruleset
    from rulebook.rendering.version import bump_content_version
    from rulebook.signals import content_changed

    post_delete.disconnect(content_changed)
    try:
        Ruleset.objects.all().delete()
    finally:
        post_delete.connect(content_changed)
    bump_content_version()
