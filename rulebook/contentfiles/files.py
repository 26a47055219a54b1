"""Reading and writing the content tree (``rulebook/content``): TOML files, one per item."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

from .schema import FIGURE, KINDS, Data, KindSpec, normalise, normalise_ruleset
from .teams import PARAMETERS_FILE, normalise_parameters

RULESET_FILE = "ruleset.toml"
EXCEPTIONS_FILE = "identical_exceptions.toml"


@dataclass(frozen=True)
class ItemFile:
    ruleset: str
    spec: KindSpec
    path: Path
    data: Data  # canonical dict

    @property
    def ref(self) -> str:
        return f"{self.spec.ref}:{self.data['slug']}"


@dataclass(frozen=True)
class RulesetFile:
    path: Path
    data: Data


@dataclass(frozen=True)
class ParametersFile:
    """A ruleset's skill-parameters.toml: {key: {lang: label}}."""

    ruleset: str
    path: Path
    data: Data


@dataclass(frozen=True)
class ContentTree:
    rulesets: list[RulesetFile]
    items: list[ItemFile]
    problems: list[str]  # files that could not be parsed at all
    parameters: list[ParametersFile] = field(default_factory=list)


def _parse(path: Path, problems: list[str]) -> Data | None:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        problems.append(f"{path}: not valid TOML ({error})")
        return None


def read_tree(root: Path) -> ContentTree:
    rulesets: list[RulesetFile] = []
    items: list[ItemFile] = []
    problems: list[str] = []
    parameters: list[ParametersFile] = []
    for ruleset_dir in sorted(p for p in root.iterdir() if p.is_dir()):
        ruleset_path = ruleset_dir / RULESET_FILE
        if ruleset_path.exists():
            raw = _parse(ruleset_path, problems)
            if raw is not None:
                rulesets.append(RulesetFile(ruleset_path, normalise_ruleset(raw)))
        else:
            problems.append(f"{ruleset_dir}: missing {RULESET_FILE}")
        parameters_path = ruleset_dir / PARAMETERS_FILE
        if parameters_path.exists():
            raw = _parse(parameters_path, problems)
            if raw is not None:
                parameters.append(ParametersFile(ruleset_dir.name, parameters_path, normalise_parameters(raw)))
        for spec in KINDS:
            for path in sorted((ruleset_dir / spec.folder).glob("*.toml")):
                raw = _parse(path, problems)
                if raw is None:
                    continue
                if spec is FIGURE:
                    raw["svg"] = _read_svg(path, problems)
                items.append(ItemFile(ruleset_dir.name, spec, path, normalise(spec, raw)))
    return ContentTree(rulesets, items, problems, parameters)


def _read_svg(path: Path, problems: list[str]) -> str:
    svg_path = path.with_suffix(".svg")
    if not svg_path.exists():
        problems.append(f"{path}: the figure has no {svg_path.name}")
        return ""
    return svg_path.read_text(encoding="utf-8")


def read_exceptions(root: Path) -> list[dict[str, Any]]:
    path = root / EXCEPTIONS_FILE
    if not path.exists():
        return []
    with path.open("rb") as handle:
        return list(tomllib.load(handle).get("exception", []))


def toml_text(data: Data) -> str:
    return tomli_w.dumps(data, multiline_strings=True)


def write_if_changed(path: Path, text: str) -> bool:
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return True


def write_item(root: Path, ruleset: str, spec: KindSpec, data: Data) -> bool:
    """Write one item in canonical form; returns whether any file changed."""
    data = dict(data)
    path = root / ruleset / spec.folder / f"{data['slug']}.toml"
    changed = False
    if spec is FIGURE:
        changed |= write_if_changed(path.with_suffix(".svg"), data.pop("svg"))
    changed |= write_if_changed(path, toml_text(data))
    return changed


def write_ruleset(root: Path, data: Data) -> bool:
    return write_if_changed(root / data["key"] / RULESET_FILE, toml_text(data))


def write_parameters(root: Path, ruleset: str, data: Data) -> bool:
    """Write a ruleset's skill parameters, or remove the file when it has none."""
    path = root / ruleset / PARAMETERS_FILE
    if not data:
        if path.exists():
            path.unlink()
            return True
        return False
    return write_if_changed(path, toml_text(data))
