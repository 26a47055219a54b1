"""Scenario data: TOML files in tutorial/scenarios/, loaded into plain frozen dataclasses.

A scenario is a cast of players and a list of steps. Each step may move, change or remove
players (its `players` overrides); the board of step n is the cast with the overrides of
steps 1..n applied in order, so a scenario reads like a short match report. What the engine
computes for a step is never stored: the step only names the action and its parameters.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from rulebook.vocab import GAMES, LANGS

SCENARIO_DIR = Path(__file__).resolve().parent.parent / "scenarios"


class ScenarioError(ValueError):
    """A scenario file that does not follow the format (raised at load time)."""


Localized = dict[str, str]


@dataclass(frozen=True)
class TeamSpec:
    key: str
    colour: str  # "a" or "b": the CSS variable --team-a / --team-b
    name: Localized
    side: str = "left"


@dataclass(frozen=True)
class PlayerSpec:
    id: str
    team: str
    number: int
    name: str  # a proper name ("Rufus Splatter") or "" for an anonymous player
    role: Localized
    square: tuple[int, int] | None
    ma: int = 6
    st: int = 3
    ag: int = 3
    pa: int | None = None
    av: int = 8
    skills: tuple[str, ...] = ()
    status: str = "standing"
    facing: str | None = None  # DreadBall: EAST, SOUTH_EAST, ...
    added: bool = False  # put on the board by the reader's try-it inputs (never in a scenario file)

    def label(self, lang: str) -> str:
        role = self.role.get(lang, "")
        if self.name:
            return f"{self.name} ({role})" if role else self.name
        return f"{role} #{self.number}" if role else f"#{self.number}"


@dataclass(frozen=True)
class StepSpec:
    number: int
    title: Localized
    text: Localized
    action: dict[str, Any]
    overrides: dict[str, dict[str, Any]]
    ball: Any  # [x, y], a player id (carried), "none", or None (unchanged)
    focus: tuple[tuple[int, int], tuple[int, int]] | None
    links: tuple[str, ...]
    inputs: tuple[str, ...] | None  # try-it fields shown (None: the action's defaults)
    edition: str | None
    # the numbers the step states, derived by hand ([steps.expect]): value name -> "n/d", "4+", 3…
    expect: dict[str, Any] = field(default_factory=dict)
    why: str = ""  # the one-line derivation of those numbers
    disputed: tuple[str, ...] = ()  # expected values the engine gets wrong (a reported defect)


@dataclass(frozen=True)
class Scenario:
    slug: str
    order: int
    ruleset: str
    game: str
    title: Localized
    summary: Localized
    teams: dict[str, TeamSpec]
    players: dict[str, PlayerSpec]
    steps: tuple[StepSpec, ...]
    source: str = ""

    def step(self, number: int) -> StepSpec:
        if not 1 <= number <= len(self.steps):
            raise KeyError(number)
        return self.steps[number - 1]

    def cast_at(self, number: int) -> dict[str, PlayerSpec]:
        """The players as they stand at step `number` (overrides of steps 1..number applied)."""
        cast = dict(self.players)
        for step in self.steps[:number]:
            cast = apply_overrides(cast, step.overrides)
        return cast

    def ball_at(self, number: int) -> Any:
        ball: Any = "none"
        for step in self.steps[:number]:
            if step.ball is not None:
                ball = step.ball
        return ball


_PLAYER_FIELDS = {
    "team",
    "number",
    "name",
    "role",
    "square",
    "ma",
    "st",
    "ag",
    "pa",
    "av",
    "skills",
    "status",
    "facing",
}


def apply_overrides(cast: dict[str, PlayerSpec], overrides: dict[str, dict[str, Any]]) -> dict[str, PlayerSpec]:
    """A new cast with each override applied: changed fields, `remove = true`, or a new player."""
    result = dict(cast)
    for player_id, changes in overrides.items():
        if changes.get("remove"):
            result.pop(player_id, None)
            continue
        if player_id in result:
            result[player_id] = replace(result[player_id], **_player_kwargs(changes))
        else:
            result[player_id] = _new_player(player_id, changes)
    return result


def _player_kwargs(raw: dict[str, Any]) -> dict[str, Any]:
    unknown = set(raw) - _PLAYER_FIELDS
    if unknown:
        raise ScenarioError(f"unknown player fields {sorted(unknown)}")
    kwargs = dict(raw)
    if "square" in kwargs:
        kwargs["square"] = tuple(kwargs["square"]) if kwargs["square"] else None
    if "skills" in kwargs:
        kwargs["skills"] = tuple(kwargs["skills"])
    return kwargs


def _new_player(player_id: str, raw: dict[str, Any]) -> PlayerSpec:
    if "team" not in raw or "number" not in raw:
        raise ScenarioError(f"player {player_id!r} needs a team and a number")
    kwargs = _player_kwargs(raw)
    kwargs.setdefault("name", "")
    kwargs.setdefault("role", {})
    kwargs.setdefault("square", None)
    return PlayerSpec(id=player_id, **kwargs)


def _localized(raw: Any, where: str) -> Localized:
    if (
        not isinstance(raw, dict)
        or set(raw) != set(LANGS)
        or not all(isinstance(v, str) and v.strip() for v in raw.values())
    ):
        raise ScenarioError(f"{where}: needs non-empty es, it, fr and en")
    return dict(raw)


def _focus(raw: Any) -> tuple[tuple[int, int], tuple[int, int]] | None:
    if raw is None:
        return None
    (x0, y0), (x1, y1) = raw
    return (int(x0), int(y0)), (int(x1), int(y1))


def parse_scenario(data: dict[str, Any], slug: str) -> Scenario:
    where = f"scenario {slug}"
    if data.get("slug") != slug:
        raise ScenarioError(f"{where}: slug must equal the file name")
    game = data.get("game", "bloodbowl")
    if game not in GAMES:
        raise ScenarioError(f"{where}: unknown game {game!r}")
    teams = {
        key: TeamSpec(
            key, raw.get("colour", "a"), _localized(raw["name"], f"{where} team {key}"), raw.get("side", "left")
        )
        for key, raw in data.get("teams", {}).items()
    }
    players = {pid: _new_player(pid, raw) for pid, raw in data.get("players", {}).items()}
    for player in players.values():
        if player.team not in teams:
            raise ScenarioError(f"{where}: player {player.id} has unknown team {player.team}")
    steps: list[StepSpec] = []
    for number, raw in enumerate(data.get("steps", []), start=1):
        action = dict(raw.get("action", {"kind": "none"}))
        if action.pop("inherit", False) and steps:  # repeat the previous action, changing a few keys
            action = _merged(steps[-1].action, action)
        steps.append(
            StepSpec(
                number=number,
                title=_localized(raw.get("title"), f"{where} step {number} title"),
                text=_localized(raw.get("text"), f"{where} step {number} text"),
                action=action,
                overrides=raw.get("players", {}),
                ball=raw.get("ball"),
                focus=_focus(raw.get("focus")),
                links=tuple(raw.get("links", ())),
                inputs=tuple(raw["inputs"]) if "inputs" in raw else None,
                edition=raw.get("edition"),
                **_expectations(raw.get("expect"), f"{where} step {number}"),
            )
        )
    if not steps:
        raise ScenarioError(f"{where}: no steps")
    scenario = Scenario(
        slug=slug,
        order=int(data.get("order", 0)),
        ruleset=data.get("ruleset", "lrb6"),
        game=game,
        title=_localized(data.get("title"), f"{where} title"),
        summary=_localized(data.get("summary"), f"{where} summary"),
        teams=teams,
        players=players,
        steps=tuple(steps),
        source=data.get("source", ""),
    )
    for step in scenario.steps:  # every step's board must be buildable
        scenario.cast_at(step.number)
    return scenario


EXPECTED_TYPES = (str, int, float, bool)


def _expectations(raw: Any, where: str) -> dict[str, Any]:
    """A step's [steps.expect] table: the values it states, its derivation (`why`) and the values
    the engine is known to get wrong (`disputed`, each also declared)."""
    if raw is None:
        return {}
    table = dict(raw)
    why, disputed = table.pop("why", ""), tuple(table.pop("disputed", ()))
    if not table or not isinstance(why, str) or not why.strip():
        raise ScenarioError(f"{where}: [steps.expect] needs values and a one-line `why`")
    if "\n" in why.strip():
        raise ScenarioError(f"{where}: the derivation `why` is one line")
    wrong = [k for k, v in table.items() if not isinstance(v, EXPECTED_TYPES)]
    if wrong or not set(disputed) <= set(table):
        raise ScenarioError(f"{where}: expected values must be text, numbers or true/false; disputed ones declared")
    return {"expect": table, "why": why.strip(), "disputed": disputed}


def _merged(base: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in changes.items():
        merged[key] = {**base[key], **value} if isinstance(value, dict) and isinstance(base.get(key), dict) else value
    return merged


def load_file(path: Path) -> Scenario:
    with path.open("rb") as handle:
        return parse_scenario(tomllib.load(handle), path.stem)


@lru_cache(maxsize=1)
def _load_all(directory: str) -> tuple[Scenario, ...]:
    found = [load_file(path) for path in sorted(Path(directory).glob("*.toml"))]
    return tuple(sorted(found, key=lambda s: (s.order, s.slug)))


def all_scenarios(directory: Path = SCENARIO_DIR) -> tuple[Scenario, ...]:
    return _load_all(str(directory))


def get_scenario(slug: str, directory: Path = SCENARIO_DIR) -> Scenario | None:
    return next((s for s in all_scenarios(directory) if s.slug == slug), None)


def clear_cache() -> None:
    _load_all.cache_clear()


__all__ = [
    "LANGS",
    "PlayerSpec",
    "Scenario",
    "ScenarioError",
    "StepSpec",
    "TeamSpec",
    "all_scenarios",
    "apply_overrides",
    "clear_cache",
    "get_scenario",
    "load_file",
    "parse_scenario",
]
