"""load_content, --check and dump_content on a small tree, and on the real content."""

from __future__ import annotations

import copy
import shutil
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

from rulebook.contentfiles.files import toml_text
from rulebook.contentfiles.loader import ContentConflict, dump_content, load_content
from rulebook.models import GameTable, GlossaryTerm, RuleSection, Skill
from tests.rulebook.content_factory import empty_the_content

from .content_factory import CHAPTER, RULESET, SECTION, SKILL, TABLE, TERM, four, write_tree

pytestmark = pytest.mark.django_db


@pytest.fixture
def empty_db() -> None:
    """The loader tests start from an empty content database (inside the test's transaction)."""
    empty_the_content()


def tree_bytes(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def run(*args: str) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_load_creates_then_second_run_changes_nothing(tmp_path: Path, empty_db: None) -> None:
    root = write_tree(tmp_path)
    first = load_content(root)
    assert first.created == {"ruleset": 1, "section": 2, "skill": 1, "table": 1, "term": 1}
    second = load_content(root)
    assert not second.changed
    assert sum(second.unchanged.values()) == 6
    output = run("load_content", "--root", str(root))
    assert output.startswith("No change: created 0, updated 0, deleted 0, unchanged 6")


def test_load_updates_and_deletes(tmp_path: Path, empty_db: None) -> None:
    root = write_tree(tmp_path)
    load_content(root)
    changed = copy.deepcopy(SKILL)
    changed["name"]["fr"] = "Esquive (modifiée)"
    write_tree(tmp_path, skill=changed)
    (root / "lrb6" / "glossary" / "tackle-zone.toml").unlink()
    report = load_content(root)
    assert report.updated == {"skill": 1} and report.deleted == {"term": 1}
    assert Skill.objects.get(slug="dodge").name_fr == "Esquive (modifiée)"


def test_relations_and_rows_are_loaded(tmp_path: Path, empty_db: None) -> None:
    load_content(write_tree(tmp_path))
    assert RuleSection.objects.get(slug="dodging").parent.slug == "movement"
    rows = list(GameTable.objects.get(slug="agility").rows.all())
    assert [(r.range_text, r.range_low, r.range_high) for r in rows] == [("1", 1, 1), ("2-3", 2, 3)]


def test_load_then_dump_is_byte_identical(tmp_path: Path, empty_db: None) -> None:
    root = write_tree(tmp_path / "content")
    before = tree_bytes(root)
    load_content(root)
    assert dump_content(root) == 0
    assert tree_bytes(root) == before


def write_2025_table(root: Path, counterpart: str) -> Path:
    """Beside the mini lrb6 tree, a bb2025 table that names a classic counterpart and a change note."""
    base = root / "bb2025"
    (base / "tables").mkdir(parents=True, exist_ok=True)
    ruleset = RULESET | {"key": "bb2025", "order": 2}
    (base / "ruleset.toml").write_text(toml_text(ruleset), encoding="utf-8")
    table = {
        "slug": "agility",
        "dice": "D6",
        "order": 10,
        "counterpart": counterpart,
        "source": "published-rules",
        "original_language": "en",
        "title": TABLE["title"],
        "change_note": four("Nueva.", "Nuova.", "Nouvelle.", "New."),
        "rows": TABLE["rows"],
    }
    (base / "tables" / "agility.toml").write_text(toml_text(table), encoding="utf-8")
    return root


def test_a_table_counterpart_and_change_note_load_and_dump_unchanged(tmp_path: Path, empty_db: None) -> None:
    root = write_2025_table(write_tree(tmp_path / "content"), "lrb6:agility")
    before = tree_bytes(root)
    load_content(root)
    table = GameTable.objects.get(ruleset__key="bb2025", slug="agility")
    assert table.counterpart is not None and table.counterpart.ruleset.key == "lrb6"
    assert table.change_note_fr == "Nouvelle."
    assert GameTable.objects.get(ruleset__key="lrb6", slug="agility").counterpart is None
    assert dump_content(root) == 0
    assert tree_bytes(root) == before


def test_check_reports_a_broken_table_counterpart(tmp_path: Path) -> None:
    message = check_problems(write_2025_table(write_tree(tmp_path), "lrb6:no-such-table"))
    assert "broken cross-reference: counterpart 'lrb6:no-such-table'" in message


def test_admin_edit_is_never_silently_overwritten(tmp_path: Path, empty_db: None) -> None:
    root = write_tree(tmp_path)
    load_content(root)
    skill = Skill.objects.get(slug="dodge")
    skill.name_it = "Schivare (admin)"
    skill.save()
    with pytest.raises(ContentConflict) as caught:
        load_content(root)
    assert caught.value.items == ["lrb6:skill:dodge"]
    with pytest.raises(CommandError, match="lrb6:skill:dodge"):
        run("load_content", "--root", str(root))
    assert Skill.objects.get(slug="dodge").name_it == "Schivare (admin)"
    load_content(root, overwrite=True)
    assert Skill.objects.get(slug="dodge").name_it == "Schivata"


def test_dump_after_admin_edit_brings_it_into_the_files(tmp_path: Path, empty_db: None) -> None:
    root = write_tree(tmp_path)
    load_content(root)
    skill = Skill.objects.get(slug="dodge")
    skill.name_it = "Schivare"
    skill.save()
    dump_content(root)
    assert 'it = "Schivare"' in (root / "lrb6/skills/dodge.toml").read_text()
    assert not load_content(root).changed


def check_problems(root: Path) -> str:
    with pytest.raises(CommandError) as caught:
        run("load_content", "--check", "--root", str(root))
    return str(caught.value)


def test_check_passes_on_a_valid_tree(tmp_path: Path) -> None:
    assert "valid" in run("load_content", "--check", "--root", str(write_tree(tmp_path)))


def test_check_reports_a_missing_language(tmp_path: Path) -> None:
    skill = copy.deepcopy(SKILL)
    del skill["text"]["it"]
    message = check_problems(write_tree(tmp_path, skill=skill))
    assert "missing language 'it' in text" in message


def test_check_reports_an_unknown_category(tmp_path: Path) -> None:
    skill = copy.deepcopy(SKILL) | {"category": "sorcery"}
    assert "unknown category 'sorcery'" in check_problems(write_tree(tmp_path, skill=skill))


def test_check_reports_a_duplicate_slug(tmp_path: Path) -> None:
    root = write_tree(tmp_path)
    shutil.copy(root / "lrb6/skills/dodge.toml", root / "lrb6/skills/dodge-copy.toml")
    message = check_problems(root)
    assert "duplicate skill slug 'dodge'" in message
    assert "does not match the file name" in message


def test_check_reports_broken_cross_references(tmp_path: Path) -> None:
    section = copy.deepcopy(SECTION)
    section["body"]["fr"] = "Voir [[skill:dodgy]].\n"
    section["parent"] = "nowhere"
    skill = copy.deepcopy(SKILL) | {"related": ["tackle"]}
    message = check_problems(write_tree(tmp_path, section=section, skill=skill))
    assert "broken cross-reference in body.fr: 'lrb6:skill:dodgy'" in message
    assert "broken cross-reference: parent section 'nowhere'" in message
    assert "broken cross-reference: related skill 'tackle'" in message


def test_check_reports_broken_team_and_team_rule_references(tmp_path: Path) -> None:
    section = copy.deepcopy(SECTION)
    section["body"]["es"] = "Ver [[team:nobody]] y [[bb2025:team-rule:no-such-rule]].\n"
    message = check_problems(write_tree(tmp_path, section=section))
    assert "broken cross-reference in body.es: 'lrb6:team:nobody'" in message
    assert "broken cross-reference in body.es: 'bb2025:team-rule:no-such-rule'" in message


def test_check_lists_every_problem_at_once(tmp_path: Path) -> None:
    chapter = copy.deepcopy(CHAPTER)
    chapter["title"]["en"] = ""
    term = copy.deepcopy(TERM) | {"original_language": "de"}
    message = check_problems(write_tree(tmp_path, chapter=chapter, term=term))
    assert "2 problem(s)" in message


def test_translator_note_and_aliases_load_and_dump_byte_identical(tmp_path: Path, empty_db: None) -> None:
    skill = copy.deepcopy(SKILL) | {"translator_note": "Italian coaches say Dodge.", "aliases": {"it": ["Dodge"]}}
    term = copy.deepcopy(TERM) | {
        "translator_note": "Chosen after the classic rulebook.",
        "aliases": {"es": ["ZD"], "it": ["Tackle zone", "TZ"]},
    }
    root = write_tree(tmp_path / "content", skill=skill, term=term)
    before = tree_bytes(root)
    load_content(root)
    loaded = Skill.objects.get(slug="dodge")
    assert (loaded.translator_note, loaded.aliases) == ("Italian coaches say Dodge.", {"it": ["Dodge"]})
    assert GlossaryTerm.objects.get(slug="tackle-zone").aliases == {"es": ["ZD"], "it": ["Tackle zone", "TZ"]}
    assert dump_content(root) == 0
    assert tree_bytes(root) == before


def test_check_reports_bad_aliases_and_a_translated_translator_note(tmp_path: Path) -> None:
    skill = copy.deepcopy(SKILL) | {"translator_note": {"en": "A note."}, "aliases": {"de": ["Ausweichen"]}}
    term = copy.deepcopy(TERM) | {"aliases": {"it": ["Zona di placcaggio"], "fr": [], "en": ["TZ", "TZ"]}}
    message = check_problems(write_tree(tmp_path, skill=skill, term=term))
    assert "translator_note must be a plain string" in message
    assert "aliases: unknown language 'de'" in message
    assert "aliases.it repeats a name or the item's own term" in message
    assert "aliases.fr must be a non-empty list of names" in message
    assert "aliases.en repeats a name or the item's own term" in message


def test_load_refuses_an_invalid_tree_and_writes_nothing(tmp_path: Path, empty_db: None) -> None:
    skill = copy.deepcopy(SKILL) | {"category": "sorcery"}
    with pytest.raises(CommandError):
        run("load_content", "--root", str(write_tree(tmp_path, skill=skill)))
    assert not Skill.objects.exists()


def test_real_content_is_valid() -> None:
    assert run("load_content", "--check").startswith("Content files are valid")


@pytest.mark.slow
def test_real_content_round_trips_byte_identical(tmp_path: Path) -> None:
    """The real tree is already loaded by the session fixture: dumping it changes no byte."""
    root = tmp_path / "content"
    shutil.copytree(settings.CONTENT_DIR, root)
    before = tree_bytes(root)
    assert not load_content(root).changed
    dump_content(root)
    assert tree_bytes(root) == before


# -- aliases of table rows (what players call a result: "BH", "SI") ---------------------------------


def test_row_aliases_load_and_dump_unchanged(tmp_path: Path, empty_db: None) -> None:
    rows = copy.deepcopy(TABLE["rows"])
    rows[0]["aliases"] = {"es": ["Seis"], "en": ["SIX"]}
    root = write_tree(tmp_path / "content", table=TABLE | {"rows": rows})
    before = tree_bytes(root)
    load_content(root)
    table = GameTable.objects.get(slug="agility")
    assert table.rows.get(position=1).aliases == {"es": ["Seis"], "en": ["SIX"]}
    assert table.rows.get(position=2).aliases == {}
    assert not load_content(root).changed
    assert dump_content(root) == 0
    assert tree_bytes(root) == before


def test_check_reports_bad_row_aliases(tmp_path: Path) -> None:
    rows = copy.deepcopy(TABLE["rows"])
    rows[0]["aliases"] = {"xx": ["SIX"]}
    rows[1]["aliases"] = {"en": ["Five", "Five"]}
    message = check_problems(write_tree(tmp_path, table=TABLE | {"rows": rows}))
    assert "rows.1.aliases: unknown language 'xx'" in message
    assert "rows.2.aliases.en repeats a name" in message
