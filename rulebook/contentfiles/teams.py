"""Teams, team rules and skill parameters in the content files: their canonical form, how they map
onto rows, and their checks (the format is in rulebook/content/README.md).

A team file holds the team and its positionals; a positional's starting skills are written
"<skill-slug>" or "<skill-slug> (<parameter>)". A parameter is a value written the same in every
language ("4+", "+1") or the key of a word parameter translated in `<ruleset>/skill-parameters.toml`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ..models import Positional, Skill, SkillParameter, StartingSkill, Team, TeamRule
from ..translated import all_languages, set_in_language
from ..vocab import ACCESS_CATEGORIES, FAVOURED_GODS, LANGS, TEAM_RULE_KINDS
from .aliases import check_aliases, ordered_aliases, stored_aliases

Data = dict[str, Any]

STARTING_SKILL_RE = re.compile(r"^(?P<slug>[a-z0-9]+(?:-[a-z0-9]+)*)(?: \((?P<param>[^()]+)\))?$")
# A parameter that reads the same in every language: 4+, +1, 2.
NEUTRAL_PARAMETER_RE = re.compile(r"^[+-]?\d+\+?$")
KEY_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
PROFILE = ("ma", "st", "ag", "pa", "av")
# The positional fields a file may mark as disputed (two sources disagree, neither confirmed).
DISPUTABLE = ("max", "cost", *PROFILE, "skills", "primary", "secondary")
PARAMETERS_FILE = "skill-parameters.toml"


def _languages(value: Any) -> dict[str, str]:
    value = value if isinstance(value, dict) else {}
    return {lang: str(value.get(lang, "")) for lang in LANGS}


def _translated(instance: Any, name: str) -> dict[str, str]:
    return all_languages(instance, name)


def assign(instance: Any, name: str, values: dict[str, str] | None) -> None:
    for lang in LANGS:
        set_in_language(instance, name, lang, (values or {}).get(lang, ""))


def split_skill(text: str) -> tuple[str, str] | None:
    """ "loner (4+)" → ("loner", "4+"); "block" → ("block", ""); None if malformed."""
    match = STARTING_SKILL_RE.match(text)
    return (match["slug"], match["param"] or "") if match else None


def is_neutral(parameter: str) -> bool:
    return bool(NEUTRAL_PARAMETER_RE.match(parameter))


def resolve_skill(
    ruleset: str,
    text: str,
    skills: dict[tuple[str, str], Skill],
    parameters: dict[tuple[str, str], SkillParameter],
) -> tuple[Skill, str, SkillParameter | None]:
    """The skill, neutral value and word parameter of a starting skill as a checked file writes it
    ("loner (4+)", "animosity (all-team-mates)"), looked up by (ruleset, slug or key)."""
    parsed = split_skill(text)
    assert parsed is not None  # checked before loading
    slug, value = parsed
    parameter = parameters.get((ruleset, value)) if value else None
    return skills[(ruleset, slug)], "" if parameter else value, parameter


# --- canonical dicts from files -------------------------------------------------------------


def normalise_team(data: Data) -> Data:
    out: Data = {"slug": data.get("slug", "")}
    for key, default in (("reroll_cost", 0), ("apothecary", True), ("leagues", []), ("special_rules", [])):
        out[key] = data.get(key, default)
    out["tier"] = data.get("tier", 0)
    if data.get("big_guys_max"):
        out["big_guys_max"] = data["big_guys_max"]
    if data.get("favoured_of"):
        out["favoured_of"] = list(data["favoured_of"])
    for key in ("source", "original_language", "translator_note"):
        out[key] = data.get(key, "")
    out["name"] = _languages(data.get("name"))
    out["description"] = _languages(data.get("description"))
    if data.get("aliases"):  # the other names readers use (a former or community name)
        out["aliases"] = ordered_aliases(data["aliases"])
    out["positionals"] = [_normalise_positional(p) for p in data.get("positionals", [])]
    return out


def _normalise_positional(data: Data) -> Data:
    out: Data = {"slug": data.get("slug", ""), "max": data.get("max", 0), "cost": data.get("cost", 0)}
    for key in PROFILE:
        out[key] = data.get(key, 0)
    out["skills"] = list(data.get("skills", []))
    out["primary"] = list(data.get("primary", []))
    out["secondary"] = list(data.get("secondary", []))
    if data.get("big_guy"):
        out["big_guy"] = True
    if data.get("disputed"):
        out["disputed"] = list(data["disputed"])
    out["name"] = _languages(data.get("name"))
    if data.get("aliases"):
        out["aliases"] = ordered_aliases(data["aliases"])
    return out


def normalise_team_rule(data: Data) -> Data:
    out: Data = {
        "slug": data.get("slug", ""),
        "kind": data.get("kind", ""),
        "source": data.get("source", ""),
        "original_language": data.get("original_language", ""),
        "name": _languages(data.get("name")),
        "text": _languages(data.get("text")),
    }
    if data.get("aliases"):
        out["aliases"] = ordered_aliases(data["aliases"])
    return out


def normalise_parameters(data: Data) -> Data:
    return {key: _languages(values) for key, values in sorted(data.items())}


# --- canonical dicts from the database ------------------------------------------------------


def team_to_dict(team: Team) -> Data:
    links = list(team.rule_links.all())
    data: Data = {
        "slug": team.slug,
        "reroll_cost": team.reroll_cost,
        "apothecary": team.apothecary,
        "leagues": [link.rule.slug for link in links if link.rule.kind == "league"],
        "special_rules": [link.rule.slug for link in links if link.rule.kind != "league"],
        "tier": team.tier,
    }
    if team.big_guys_max:
        data["big_guys_max"] = team.big_guys_max
    if team.favoured_of:
        data["favoured_of"] = list(team.favoured_of)
    data["source"] = team.source
    data["original_language"] = team.original_language
    data["translator_note"] = team.translator_note
    data["name"] = _translated(team, "name")
    data["description"] = _translated(team, "description")
    if team.aliases:
        data["aliases"] = stored_aliases(team.aliases)
    data["positionals"] = [_positional_to_dict(p) for p in team.positionals.all()]
    return data


def skill_text(starting: StartingSkill) -> str:
    parameter = starting.parameter.key if starting.parameter is not None else starting.value
    return f"{starting.skill.slug} ({parameter})" if parameter else starting.skill.slug


def _positional_to_dict(positional: Positional) -> Data:
    data: Data = {"slug": positional.slug, "max": positional.max_quantity, "cost": positional.cost}
    for key in PROFILE:
        data[key] = getattr(positional, key)
    data["skills"] = [skill_text(s) for s in positional.starting_skills.all()]
    data["primary"] = list(positional.primary)
    data["secondary"] = list(positional.secondary)
    if positional.big_guy:
        data["big_guy"] = True
    if positional.disputed:
        data["disputed"] = list(positional.disputed)
    data["name"] = _translated(positional, "name")
    if positional.aliases:
        data["aliases"] = stored_aliases(positional.aliases)
    return data


def team_rule_to_dict(rule: TeamRule) -> Data:
    data: Data = {
        "slug": rule.slug,
        "kind": rule.kind,
        "source": rule.source,
        "original_language": rule.original_language,
        "name": _translated(rule, "name"),
        "text": _translated(rule, "text"),
    }
    if rule.aliases:
        data["aliases"] = stored_aliases(rule.aliases)
    return data


def parameter_to_dict(parameter: SkillParameter) -> dict[str, str]:
    return _translated(parameter, "label")


# --- rows from canonical dicts --------------------------------------------------------------


def apply_team(team: Team, data: Data) -> None:
    team.reroll_cost = data["reroll_cost"]
    team.apothecary = data["apothecary"]
    team.tier = data["tier"]
    team.big_guys_max = data.get("big_guys_max")
    team.favoured_of = list(data.get("favoured_of", []))
    team.translator_note = data["translator_note"]
    assign(team, "name", data["name"])
    assign(team, "description", data["description"])
    team.aliases = data.get("aliases", {})


def apply_team_rule(rule: TeamRule, data: Data) -> None:
    rule.kind = data["kind"]
    assign(rule, "name", data["name"])
    assign(rule, "text", data["text"])
    rule.aliases = data.get("aliases", {})


def positionals_from_dict(team: Team, data: Data) -> list[tuple[Positional, list[str]]]:
    """Unsaved positionals of a team, each with its starting skills as written in the file."""
    found = []
    for position, item in enumerate(data["positionals"], start=1):
        positional = Positional(
            team=team,
            position=position,
            slug=item["slug"],
            max_quantity=item["max"],
            cost=item["cost"],
            primary=list(item["primary"]),
            secondary=list(item["secondary"]),
            big_guy=bool(item.get("big_guy")),
            disputed=list(item.get("disputed", [])),
            aliases=dict(item.get("aliases", {})),
            **{key: item[key] for key in PROFILE},
        )
        assign(positional, "name", item["name"])
        found.append((positional, list(item["skills"])))
    return found


# --- checks -----------------------------------------------------------------------------------


def check_team(
    ruleset: str, data: Data, skills: set[str], rules: dict[str, str], parameters: set[str]
) -> Iterator[str]:
    """Problems of one team: skills, skill parameters and team rules are looked up in the ruleset
    (skills and rules by slug, rules with their kind, parameters by key)."""
    if not isinstance(data["reroll_cost"], int) or data["reroll_cost"] <= 0:
        yield f"reroll_cost must be a positive whole number of gold pieces, not {data['reroll_cost']!r}"
    if not isinstance(data["apothecary"], bool):
        yield "apothecary must be true or false"
    if not isinstance(data["tier"], int) or data["tier"] < 0:
        yield f"tier must be 0 or more, not {data['tier']!r}"
    for key, kind in (("leagues", "league"), ("special_rules", "special-rule")):
        for slug in data[key]:
            if slug not in rules:
                yield f"broken cross-reference: {key} {slug!r} (no team-rules file)"
            elif rules[slug] != kind:
                yield f"{key} {slug!r} is a team rule of kind {rules[slug]!r}, not {kind!r}"
    yield from check_aliases(data.get("aliases", {}), data["name"], "name")
    if not data["positionals"]:
        yield "a team needs positionals"
    seen: set[str] = set()
    for number, positional in enumerate(data["positionals"], start=1):
        label = f"positional {number} ({positional['slug'] or 'no slug'})"
        if not KEY_RE.match(positional["slug"] or ""):
            yield f"{label}: invalid slug"
        if positional["slug"] in seen:
            yield f"{label}: duplicate positional slug"
        seen.add(positional["slug"])
        yield from (f"{label}: {message}" for message in _check_positional(ruleset, positional, skills, parameters))
    for god in data.get("favoured_of", []):
        if god not in FAVOURED_GODS:
            yield f"unknown god {god!r} in favoured_of (one of {', '.join(FAVOURED_GODS)})"
    if data.get("favoured_of") and "favoured-of" not in data["special_rules"]:
        yield "favoured_of lists the gods of a team with the favoured-of special rule"
    big_guys = [p for p in data["positionals"] if p.get("big_guy")]
    if data.get("big_guys_max") and not big_guys:
        yield "big_guys_max is set but no positional is a big_guy"


def _check_positional(ruleset: str, data: Data, skills: set[str], parameters: set[str]) -> Iterator[str]:
    if not isinstance(data["max"], int) or data["max"] < 1:
        yield f"max must be 1 or more, not {data['max']!r}"
    if not isinstance(data["cost"], int) or data["cost"] < 0:
        yield f"cost must be a whole number of gold pieces, not {data['cost']!r}"
    for key in PROFILE:
        value = data[key]
        low = 0 if key == "pa" else 1
        if not isinstance(value, int) or not low <= value <= 12:
            yield f"{key} must be a whole number from {low} to 12, not {value!r}"
    for text in data["skills"]:
        parsed = split_skill(str(text))
        if parsed is None:
            yield f"starting skill {text!r} is not '<skill-slug>' or '<skill-slug> (<parameter>)'"
            continue
        slug, parameter = parsed
        if slug not in skills:
            yield f"broken cross-reference: unknown skill {slug!r} (no {ruleset} skill has that slug)"
        if parameter and not is_neutral(parameter) and parameter not in parameters:
            yield f"skill {slug!r}: unknown parameter {parameter!r} (not in {ruleset}/{PARAMETERS_FILE})"
    allowed = ACCESS_CATEGORIES.get(ruleset, ())
    for key in ("primary", "secondary"):
        for category in data[key]:
            if category not in allowed:
                yield f"unknown {key} skill category {category!r} for {ruleset}"
    for key in data.get("disputed", []):
        if key not in DISPUTABLE:
            yield f"disputed names {key!r}, not one of {', '.join(DISPUTABLE)}"
    overlap = sorted(set(data["primary"]) & set(data["secondary"]))
    if overlap:
        yield f"categories both primary and secondary: {overlap}"
    for lang in LANGS:
        if not data["name"][lang].strip():
            yield f"missing language {lang!r} in name"
    yield from check_aliases(data.get("aliases", {}), data["name"], "name")


def check_team_rule(data: Data) -> Iterator[str]:
    if data["kind"] not in TEAM_RULE_KINDS:
        yield f"unknown team rule kind {data['kind']!r} ({' or '.join(TEAM_RULE_KINDS)})"
    yield from check_aliases(data.get("aliases", {}), data["name"], "name")


def check_parameters(data: Data) -> Iterator[str]:
    for key, values in data.items():
        if not KEY_RE.match(key):
            yield f"invalid parameter key {key!r}"
        for lang in LANGS:
            if not values[lang].strip():
                yield f"missing language {lang!r} in {key}"
