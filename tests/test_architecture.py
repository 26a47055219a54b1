"""Dependencies point one way, through narrow doors: tutorial → rulebook (its selectors, links,
worked-example registry, formatting, translated fields, notation, the content version's cache,
sitemaps, vocabulary, query readers, serving decorators, the portable doors) → engine (standard
library only), and views read no models."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

from rulebook.offline.engine_pack import imported_names

pytestmark = pytest.mark.database_free  # no database, cache or server: runs once in CI

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL_DOORS = (
    "rulebook.selectors",
    "rulebook.links",
    "rulebook.examples",
    "rulebook.offline.toolpages",  # where the tutorial registers the pages the tools' pack keeps
    "rulebook.formatting",
    "rulebook.sitemaps",
    "rulebook.vocab",
    "rulebook.translated",
    "rulebook.notation",
    "rulebook.rendering.version",
    "rulebook.http",
    "rulebook.serving",
    "rulebook.engine",
    "rulebook.builder",  # the team builder's reading and pricing (Django-free: the phone runs it)
    "rulebook.portable",  # the Django-free doors (words, numbers, content names, query readers)
)
MAX_MODULE_LINES = 400


def imports_of(path: Path, root: Path = ROOT) -> set[str]:
    """Absolute names of the modules a file imports (relative imports resolved); imports made only
    for type annotations (under `if TYPE_CHECKING:`) do not count. The offline pack's reader, which
    follows the same imports to pack what the phone needs."""
    parts = path.relative_to(root).with_suffix("").parts
    module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
    return imported_names(module, path)


def python_files(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.py"))


def test_the_engine_imports_only_the_standard_library() -> None:
    allowed = set(sys.stdlib_module_names) | {"__future__"}
    found = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in python_files(ROOT / "rulebook" / "engine")
        for name in imports_of(path)
        if not name.startswith("rulebook.engine") and name.split(".")[0] not in allowed
    ]
    assert found == []


def test_the_tutorial_uses_only_the_rulebooks_narrow_doors() -> None:
    found = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in python_files(ROOT / "tutorial")
        for name in imports_of(path)
        if name.startswith("rulebook") and name != "rulebook" and not name.startswith(TUTORIAL_DOORS)
    ]
    assert found == []


def test_views_read_through_selectors_not_models() -> None:
    views = [*python_files(ROOT / "rulebook" / "views"), ROOT / "tutorial" / "views.py"]
    found = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in views
        for name in imports_of(path)
        if name.startswith("rulebook.models") or name.endswith(".models") or "django.db" in name
    ]
    assert found == []


def test_the_rulebook_does_not_depend_on_the_tutorial() -> None:
    found = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in python_files(ROOT / "rulebook")
        for name in imports_of(path)
        if name.split(".")[0] == "tutorial"
    ]
    assert found == []


def test_the_contracts_catch_a_forbidden_import(tmp_path: Path) -> None:
    """The checks above would see a violation (they read the real import statements). The probe
    is a module of `tutorial` under tmp_path, never in the source tree (where parallel workers
    walking the tree would find it)."""
    (tmp_path / "tutorial").mkdir()
    module = tmp_path / "tutorial" / "_architecture_probe.py"
    module.write_text("from rulebook.models import Skill\nfrom ..rulebook import templatetags\n", encoding="utf-8")
    names = imports_of(module, tmp_path)
    assert "rulebook.models" in names
    assert "rulebook.templatetags" in names  # the relative import, resolved from tutorial
    assert any(n.startswith("rulebook") and not n.startswith(TUTORIAL_DOORS) for n in names)


def test_modules_stay_small_or_say_why() -> None:
    """No module over about 400 lines unless its docstring says why it is one piece."""
    long = []
    for folder in ("config", "rulebook", "tutorial"):
        for path in python_files(ROOT / folder):
            if "migrations" in path.parts:
                continue
            lines = path.read_text(encoding="utf-8").count("\n")
            doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
            if lines > MAX_MODULE_LINES and "one module" not in doc.casefold():
                long.append(f"{path.relative_to(ROOT)}: {lines} lines")
    assert long == []


# The tutorial's three wings on a shared floor, in one order: a module may import its own wing and
# the wings before it, never one after it. The app's roof (URLs, sitemaps, app config) joins them.
TUTORIAL_WINGS = ("tutorial.shared", "tutorial.odds", "tutorial.board", "tutorial")
TUTORIAL_ROOF = frozenset({"tutorial", "tutorial.urls", "tutorial.api_urls", "tutorial.sitemaps", "tutorial.apps"})


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def wing_of(module: str) -> int | None:
    """The rank of a tutorial module's wing (the steps are everything not in another wing)."""
    if module in TUTORIAL_ROOF or not (module == "tutorial" or module.startswith("tutorial.")):
        return None
    return next(i for i, wing in enumerate(TUTORIAL_WINGS) if module == wing or module.startswith(wing + "."))


def wing_violations(paths: list[Path], root: Path = ROOT) -> list[str]:
    found = []
    for path in paths:
        own = wing_of(module_name(path, root))
        if own is None:
            continue
        for name in imports_of(path, root):
            target = wing_of(name)
            if target is not None and target > own and name not in TUTORIAL_ROOF:
                found.append(f"{path.relative_to(root)} ({TUTORIAL_WINGS[own]}) imports {name}")
    return found


def test_the_tutorials_wings_import_only_their_floor_and_the_wings_before_them() -> None:
    assert wing_violations(python_files(ROOT / "tutorial")) == []


def test_the_wing_order_catches_a_board_that_imports_the_steps(tmp_path: Path) -> None:
    board = tmp_path / "tutorial" / "board"
    board.mkdir(parents=True)
    probe = board / "probe.py"
    probe.write_text("from ..stepping import compute\nfrom ..shared.values import Pct\n", encoding="utf-8")
    found = wing_violations([probe], tmp_path)
    assert "tutorial/board/probe.py (tutorial.board) imports tutorial.stepping" in found
    assert not any("shared" in line for line in found)


# The engine's one face: the apps import from rulebook.engine (and DreadBall from
# rulebook.engine.dreadball) only names those packages export, never a module inside.
ENGINE_FACES = ("rulebook.engine", "rulebook.engine.dreadball")


def _absolute(node: ast.ImportFrom, path: Path, root: Path) -> str:
    if not node.level:
        return node.module or ""
    package = path.relative_to(root).with_suffix("").parts[:-1]
    base = list(package[: len(package) - node.level + 1])
    return ".".join([*base, node.module] if node.module else base)


def engine_face_violations(paths: list[Path], root: Path = ROOT) -> list[str]:
    import importlib

    exported = {face: set(importlib.import_module(face).__all__) for face in ENGINE_FACES}
    found = []
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names if a.name.startswith("rulebook.engine")]
                found += [f"{path.relative_to(root)} imports {name}" for name in names]
            elif isinstance(node, ast.ImportFrom) and _absolute(node, path, root).startswith("rulebook.engine"):
                module = _absolute(node, path, root)
                if module not in exported:
                    found.append(f"{path.relative_to(root)} imports from {module}")
                    continue
                found += [
                    f"{path.relative_to(root)} imports {module}.{a.name}, which the face does not export"
                    for a in node.names
                    if a.name not in exported[module]
                ]
    return found


def test_the_apps_use_only_the_engines_public_face() -> None:
    app_files = [
        p for p in python_files(ROOT / "tutorial") + python_files(ROOT / "rulebook") if "engine" not in p.parts
    ]
    assert engine_face_violations(app_files) == []


def test_the_face_check_catches_an_import_from_inside_the_engine(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from rulebook.engine.turn import solve_turn\nfrom rulebook.engine import movement\n"
        "from rulebook.engine import solve_turn, get_edition\n",
        encoding="utf-8",
    )
    assert engine_face_violations([probe], tmp_path) == [
        "probe.py imports from rulebook.engine.turn",
        "probe.py imports rulebook.engine.movement, which the face does not export",
    ]


def test_everything_the_face_exports_exists() -> None:
    import importlib

    for face in ENGINE_FACES:
        module = importlib.import_module(face)
        assert [name for name in module.__all__ if not hasattr(module, name)] == []


def test_no_translated_word_hides_inside_an_f_string() -> None:
    """makemessages (xgettext) reads no f-string: `f"({_('one die')})"` was never extracted, so
    every language showed the English words."""
    inside = re.compile(r"""f(["']).*\{\s*(?:_|gettext|pgettext|ngettext)\(""")
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for package in ("rulebook", "tutorial", "config")
        for path in sorted((ROOT / package).rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if inside.search(line)
    ]
    assert found == []
