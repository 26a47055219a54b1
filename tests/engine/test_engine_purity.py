"""The engine is a pure standard-library package: no Django, no third-party imports."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "rulebook" / "engine"


def _imports(path: Path) -> list[tuple[str, int]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[tuple[str, int]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, 0) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.module or "", node.level))
        elif isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in (
            "__import__",
            "import_module",
        ):
            found += [
                (arg.value, 0) for arg in node.args if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
            ]
    return found


def engine_files() -> list[Path]:
    return sorted(ENGINE.rglob("*.py"))


def test_engine_has_python_files() -> None:
    assert len(engine_files()) >= 15


def test_no_django_anywhere_in_the_engine() -> None:
    offenders = [
        f"{path.relative_to(ENGINE)}: {name}"
        for path in engine_files()
        for name, level in _imports(path)
        if level == 0 and (name == "django" or name.startswith(("django.", "rest_framework")))
    ]
    assert offenders == []


def test_only_standard_library_or_relative_imports() -> None:
    allowed = set(sys.stdlib_module_names) | {"__future__", "rulebook"}
    offenders = [
        f"{path.relative_to(ENGINE)}: {name}"
        for path in engine_files()
        if "dreadball" not in path.parts
        for name, level in _imports(path)
        if level == 0 and name.split(".")[0] not in allowed
    ]
    assert offenders == []


EDITION_KEYS = ("lrb6", "bb2025")
# Where an edition's facts live: its class in editions/ (and the content vocabularies that name
# each ruleset's categories and labels, which are not rules).
EDITION_HOMES = ("rulebook/engine/editions/", "rulebook/engine/dreadball/", "rulebook/migrations/")


def edition_key_comparisons(paths: list[Path], root: Path) -> list[str]:
    """`edition == "lrb6"`-style branching (or isinstance on an edition class) outside the editions."""
    offenders = []
    for path in paths:
        relative = path.relative_to(root).as_posix()
        if relative.startswith(EDITION_HOMES):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                consts = [n for n in [node.left, *node.comparators] if isinstance(n, ast.Constant)]
                if any(c.value in EDITION_KEYS for c in consts):
                    offenders.append(f"{relative}:{node.lineno}")
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", "") == "isinstance"
                and any(getattr(a, "id", "") in ("Lrb6", "Bb2025") for a in ast.walk(node))
            ):
                offenders.append(f"{relative}:{node.lineno}")
    return offenders


def test_generic_modules_never_compare_edition_keys() -> None:
    """Edition differences live in editions/: no `edition == "lrb6"`-style branching elsewhere in the
    engine, nor in the apps (rulebook/, tutorial/), which ask the Edition object instead."""
    root = ENGINE.parents[1]
    paths = [p for folder in ("rulebook", "tutorial") for p in sorted((root / folder).rglob("*.py"))]
    assert edition_key_comparisons(paths, root) == []


def test_the_edition_key_check_catches_a_comparison(tmp_path: Path) -> None:
    (tmp_path / "tutorial").mkdir()
    probe = tmp_path / "tutorial" / "probe.py"
    probe.write_text('def f(edition):\n    return 1 if edition == "bb2025" else 0\n', encoding="utf-8")
    assert edition_key_comparisons([probe], tmp_path) == ["tutorial/probe.py:2"]
