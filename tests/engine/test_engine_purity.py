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


def test_generic_modules_never_compare_edition_keys() -> None:
    """Edition differences live in editions/: no `edition == "lrb6"`-style branching elsewhere."""
    offenders = []
    for path in engine_files():
        if "editions" in path.parts or "dreadball" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                consts = [n for n in [node.left, *node.comparators] if isinstance(n, ast.Constant)]
                if any(c.value in ("lrb6", "bb2025") for c in consts):
                    offenders.append(f"{path.name}:{node.lineno}")
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", "") == "isinstance"
                and any(getattr(a, "id", "") in ("Lrb6", "Bb2025") for a in ast.walk(node))
            ):
                offenders.append(f"{path.name}:{node.lineno}")
    assert offenders == []
