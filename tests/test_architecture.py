"""Dependencies point one way: tutorial → rulebook → engine (the engine imports no Django)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def imported_modules(package: Path) -> dict[Path, set[str]]:
    found: dict[Path, set[str]] = {}
    for path in package.rglob("*.py"):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module)
        found[path] = names
    return found


def offenders(package: Path, forbidden: tuple[str, ...], skip: Path | None = None) -> list[str]:
    return [
        f"{path.relative_to(ROOT)} imports {name}"
        for path, names in imported_modules(package).items()
        if skip is None or not path.is_relative_to(skip)
        for name in sorted(names)
        if name.split(".")[0] in forbidden or any(name.startswith(f + ".") for f in forbidden)
    ]


def test_engine_imports_neither_django_nor_the_apps() -> None:
    engine = ROOT / "rulebook" / "engine"
    assert offenders(engine, ("django", "tutorial")) == []
    outside = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path, names in imported_modules(engine).items()
        for name in names
        if name.startswith("rulebook") and not name.startswith("rulebook.engine")
    ]
    assert outside == []


def test_rulebook_does_not_depend_on_the_tutorial() -> None:
    assert offenders(ROOT / "rulebook", ("tutorial",)) == []
