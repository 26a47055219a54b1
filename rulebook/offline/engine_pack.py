"""The tools' offline pack: the engine and the apps' Django-free modules that the phone runs under
Pyodide (static/js/engine.js), packed from their own source files, never rewritten.

- `engine_zip()`: a zip of every module the phone's entry (tutorial/phone.py, named here as a
  string: the rulebook imports nothing of the tutorial) imports, followed through the imports of
  the site's own packages, with the data files they read (the tutorial's phrases). An import of
  anything but the standard library or another packed module is refused (PackError), so Django,
  Babel or the models can never slip into the pack.
- `engine_words(lang)`: the language's answers to the portable doors (rulebook/serverwords.py),
  the teams' rosters for the builder, and the compiled catalogue's path.

`manage.py build_offline_engine` writes both to a folder; the offline views serve the same bytes.
"""

from __future__ import annotations

import ast
import io
import sys
import zipfile
from functools import lru_cache
from pathlib import Path
from typing import Any

from django.conf import settings

ENTRY = "tutorial.phone"
PACKAGES = ("rulebook", "tutorial")  # the site's own packages (everything else must be stdlib)
DATA_GLOBS = ("tutorial/shared/phrases.toml", "tutorial/scenarios/*.toml")  # the phrases, the steps' scenarios
STDLIB = frozenset(sys.stdlib_module_names) | {"__future__"}
ZIP_DATE = (2020, 1, 1, 0, 0, 0)  # fixed, so the same sources give the same bytes (and cache key)


class PackError(RuntimeError):
    """A packed module imports something the phone does not have."""


def _base() -> Path:
    return Path(settings.BASE_DIR)


def _source(module: str) -> Path | None:
    path = _base().joinpath(*module.split("."))
    if (path / "__init__.py").is_file():
        return path / "__init__.py"
    if path.with_suffix(".py").is_file():
        return path.with_suffix(".py")
    return None


def _under_type_checking(tree: ast.AST) -> set[int]:
    blocks = [n for n in ast.walk(tree) if isinstance(n, ast.If) and "TYPE_CHECKING" in ast.unparse(n.test)]
    return {id(child) for block in blocks for child in ast.walk(block)}


def imported_names(module: str, path: Path) -> set[str]:
    """Absolute names a module imports (relative ones resolved; type-checking-only ones left out)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = _under_type_checking(tree)
    names: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            names.add(base)
            names |= {f"{base}.{alias.name}" for alias in node.names}
    return names


def closure(entry: str = ENTRY) -> dict[str, Path]:
    """Every module of the site's packages that `entry` needs, with its source file."""
    found: dict[str, Path] = {}
    todo = [entry]
    while todo:
        module = todo.pop()
        if module in found:
            continue
        path = _source(module)
        if path is None:
            continue  # a name imported from a module (from x import name), not a module
        found[module] = path
        parts = module.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts))]  # the packages above it
        for name in imported_names(module, path):
            top = name.split(".")[0]
            if top in PACKAGES:
                todo.append(name)
            elif top not in STDLIB:
                raise PackError(f"{module} imports {name}: the phone has only the standard library")
    return found


@lru_cache(maxsize=1)
def engine_zip() -> bytes:
    """The packed sources (read once per process: they change only with a deploy)."""
    files = {path.relative_to(_base()).as_posix(): path for path in closure().values()}
    files |= {path.relative_to(_base()).as_posix(): path for pattern in DATA_GLOBS for path in _base().glob(pattern)}
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, files[name].read_bytes())
    return out.getvalue()


def catalogue(lang: str) -> bytes:
    """The language's compiled catalogue (none for English: the source strings are English)."""
    path = _base() / "locale" / lang / "LC_MESSAGES" / "django.mo"
    return path.read_bytes() if path.is_file() else b""


def engine_words(lang: str) -> dict[str, Any]:
    """The language's words for the phone: the doors' answers and every Blood Bowl team's roster."""
    from .. import rosters, selectors, serverwords
    from ..vocab import BLOOD_BOWL_EDITIONS, RULESET_KEYS

    words = serverwords.export(lang, RULESET_KEYS)  # DreadBall too: the tutorial's steps name its terms
    words["teams"] = {
        key: {team.slug: _team(rosters.team_data(team, lang)) for team in selectors.teams_with_rosters(ruleset)}
        for key in BLOOD_BOWL_EDITIONS
        if (ruleset := selectors.find_ruleset(key)) is not None
    }
    return words


def _team(data: Any) -> dict[str, Any]:
    return {
        "reroll_cost": data.reroll_cost,
        "apothecary": data.apothecary,
        "big_guys_max": data.big_guys_max,
        "positionals": [[p.slug, p.name, p.cost, p.max_quantity, p.big_guy] for p in data.positionals],
        "captain_rule": data.captain_rule,
        "captain_skill": data.captain_skill,
    }
