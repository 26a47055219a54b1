"""README's "Where things go" recipes, checked: for each kind of addition, a test that fails with
a pointer to the file still missing its piece (a skill the engine understands is checked in
tests/content/test_engine_skills.py, a search document kind in tests/rulebook/search/)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings

from rulebook.engine import TURN_KINDS, get_edition
from rulebook.engine.editions.base import TableRow
from rulebook.vocab import BLOOD_BOWL_EDITIONS, LANGS, SOURCE_LANGUAGE
from tests.content.test_engine_tables import TABLES
from tutorial.odds import labels
from tutorial.odds.classic import OddsError
from tutorial.odds.code import CODE_KIND, DEFAULT_VALUE, parse_step
from tutorial.odds.form import FORM_KINDS
from tutorial.shared.phrases import load as load_phrases

ROOT = Path(__file__).resolve().parents[1]


# -- an odds step kind --------------------------------------------------------------------------


def step_kind_gaps(kind: str) -> list[str]:
    """What a kind of the turn engine (engine/turn.py KINDS) still lacks in the odds calculator."""
    code = CODE_KIND.get(kind, kind)
    gaps = []
    try:
        parse_step(code if kind in DEFAULT_VALUE else f"{code}:3", "lrb6", "player")
    except OddsError:
        gaps.append(f"{code}: the share code does not read it (tutorial/odds/code.py)")
    if code not in FORM_KINDS:
        gaps.append(f"{code}: the form does not offer it (tutorial/odds/form.py)")
    if kind not in labels.KIND_LABELS and kind not in labels.SKILL_KINDS and code not in ("gfi", "rush"):
        gaps.append(f"{kind}: no name on the page (tutorial/odds/labels.py KIND_LABELS or SKILL_KINDS)")
    readme = (ROOT / "tutorial" / "README.md").read_text(encoding="utf-8")
    if not re.search(rf"`{re.escape(code)}`", readme):
        gaps.append(f"{code}: not in the grammar's table of kinds (tutorial/README.md)")
    return gaps


@pytest.mark.parametrize("kind", TURN_KINDS)
def test_every_step_kind_of_the_turn_engine_is_in_the_odds_calculator(kind: str) -> None:
    assert step_kind_gaps(kind) == []


def test_a_step_kind_missing_from_the_calculator_is_pointed_at() -> None:
    assert step_kind_gaps("teleport") == [
        "teleport: the share code does not read it (tutorial/odds/code.py)",
        "teleport: the form does not offer it (tutorial/odds/form.py)",
        "teleport: no name on the page (tutorial/odds/labels.py KIND_LABELS or SKILL_KINDS)",
        "teleport: not in the grammar's table of kinds (tutorial/README.md)",
    ]


# -- a table the engine rolls on ----------------------------------------------------------------


def engine_tables(edition: str) -> list[str]:
    """The Edition's attributes holding a dice table (tuples of TableRow)."""
    cls = type(get_edition(edition))
    return sorted(
        name
        for name in dir(cls)
        if name.endswith("_table") and isinstance(getattr(cls, name), tuple) and getattr(cls, name)
        if all(isinstance(row, TableRow) for row in getattr(cls, name))
    )


# Tables the engine holds that the content writes elsewhere, each with where.
WRITTEN_ELSEWHERE = {
    (
        "lrb6",
        "stunty_injury_table",
    ): "the Stunty skill's text spells out its 2-6, 7-8, 9, 10-12 (lrb6/skills/stunty.toml)",
}


@pytest.mark.parametrize("edition", BLOOD_BOWL_EDITIONS)
def test_every_table_the_engine_rolls_on_has_its_content_table(edition: str) -> None:
    missing = [
        f"{edition}.{name}: add rulebook/content/{edition}/tables/<slug>.toml and map it in "
        "tests/content/test_engine_tables.py TABLES (which checks the rows agree)"
        for name in engine_tables(edition)
        if name not in TABLES[edition] and (edition, name) not in WRITTEN_ELSEWHERE
    ]
    assert missing == []
    for slug in TABLES[edition].values():
        assert (settings.CONTENT_DIR / edition / "tables" / f"{slug}.toml").exists(), slug


# -- a language -------------------------------------------------------------------------------


def language_gaps(lang: str) -> list[str]:
    from rulebook.models import Skill

    gaps = []
    if lang not in dict(settings.LANGUAGES):
        gaps.append(f"{lang}: not in config/settings.py's LANGUAGE_LABELS")
    if lang != SOURCE_LANGUAGE and not (ROOT / "locale" / lang / "LC_MESSAGES" / "django.po").exists():
        gaps.append(f"{lang}: no catalogue locale/{lang}/LC_MESSAGES/django.po (manage.py makemessages -l {lang})")
    if f"name_{lang}" not in {f.name for f in Skill._meta.get_fields()}:
        gaps.append(f"{lang}: no translated columns (manage.py makemigrations rulebook)")
    missing_phrases = [key for table in load_phrases().values() for key, texts in table.items() if lang not in texts]
    if missing_phrases:
        gaps.append(f"{lang}: {len(missing_phrases)} phrases without it (tutorial/shared/phrases.toml)")
    return gaps


@pytest.mark.django_db
@pytest.mark.parametrize("lang", LANGS)
def test_every_language_has_its_settings_catalogue_columns_and_phrases(lang: str) -> None:
    assert language_gaps(lang) == []


@pytest.mark.django_db
def test_a_language_missing_its_pieces_is_pointed_at() -> None:
    gaps = language_gaps("de")
    assert gaps[:3] == [
        "de: not in config/settings.py's LANGUAGE_LABELS",
        "de: no catalogue locale/de/LC_MESSAGES/django.po (manage.py makemessages -l de)",
        "de: no translated columns (manage.py makemigrations rulebook)",
    ]
    assert gaps[3].startswith("de: ") and gaps[3].endswith("phrases without it (tutorial/shared/phrases.toml)")
