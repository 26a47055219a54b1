"""Star players and inducements in the content files: their canonical form, how they map onto rows,
and their checks (the format is in rulebook/content/README.md).

A star file is one hire: his price, who he plays for, his special rule and his players (two for a
pair hired together), each with a profile and starting skills written as in team files. An
inducement file holds its price and limit, who may take it, and the teams or team rules that change
the price and limit.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..engine import FOR_SPECIAL_RULE as SPECIAL_RULE
from ..engine import INDUCEMENT_AVAILABILITY as AVAILABILITY
from ..engine import get_edition
from ..models import (
    Inducement,
    InducementModifier,
    Skill,
    SkillParameter,
    StarPlayer,
    StarProfile,
    StarSkill,
    Team,
    TeamRule,
)
from ..vocab import LANGS
from .manylinks import LinkBatch
from .teams import (
    KEY_RE,
    PROFILE,
    Data,
    _languages,
    _translated,
    assign,
    is_neutral,
    resolve_skill,
    skill_text,
    split_skill,
)

STAR_DISPUTABLE = ("cost", "plays_for", "rule")
PLAYER_DISPUTABLE = (*PROFILE, "skills")
RULE_TEXTS = ("rule_name", "rule_text")


def _has_text(value: Any) -> bool:
    return isinstance(value, dict) and any(str(v).strip() for v in value.values())


# --- canonical dicts from files -------------------------------------------------------------


def normalise_star(data: Data) -> Data:
    out: Data = {"slug": data.get("slug", ""), "cost": data.get("cost", 0)}
    out["plays_for"] = sorted(data.get("plays_for", []))
    out["any_team"] = data.get("any_team", False)
    out["excluded"] = sorted(data.get("excluded", []))
    out["rule"] = data.get("rule", "")
    for key in ("source", "original_language", "translator_note"):
        out[key] = data.get(key, "")
    if data.get("disputed"):
        out["disputed"] = list(data["disputed"])
    out["name"] = _languages(data.get("name"))
    for key in RULE_TEXTS:
        if _has_text(data.get(key)):
            out[key] = _languages(data.get(key))
    out["players"] = [_normalise_player(p) for p in data.get("players", [])]
    return out


def _normalise_player(data: Data) -> Data:
    out: Data = {"slug": data.get("slug", "")}
    for key in PROFILE:
        out[key] = data.get(key, 0)
    out["skills"] = list(data.get("skills", []))
    if data.get("big_guy"):
        out["big_guy"] = True
    if data.get("disputed"):
        out["disputed"] = list(data["disputed"])
    out["name"] = _languages(data.get("name"))
    return out


def normalise_inducement(data: Data) -> Data:
    out: Data = {"slug": data.get("slug", "")}
    for key, default in (("order", 0), ("max", 0), ("cost", 0), ("price_varies", False), ("available", "any")):
        out[key] = data.get(key, default)
    out["requires"] = sorted(data.get("requires", []))
    if data.get("extra_cost"):
        out["extra_cost"] = data["extra_cost"]
        out["skill_cost"] = data.get("skill_cost", 0)
        out["skills"] = list(data.get("skills", []))
    for key in ("source", "original_language", "translator_note"):
        out[key] = data.get(key, "")
    out["name"] = _languages(data.get("name"))
    out["text"] = _languages(data.get("text"))
    modifiers = [_normalise_modifier(m) for m in data.get("modifiers", [])]
    if modifiers:
        out["modifiers"] = modifiers
    return out


def _normalise_modifier(data: Data) -> Data:
    return {
        "team": data.get("team", ""),
        "rule": data.get("rule", ""),
        "cost": data.get("cost", 0),
        "max": data.get("max", 0),
    }


# --- canonical dicts from the database ------------------------------------------------------


def star_to_dict(star: StarPlayer) -> Data:
    plays_for = [t.slug for t in star.teams.all()] + [r.slug for r in star.rules.all()]
    data: Data = {
        "slug": star.slug,
        "cost": star.cost,
        "plays_for": sorted(plays_for),
        "any_team": star.any_team,
        "excluded": sorted(r.slug for r in star.excluded_rules.all()),
        "rule": star.rule,
        "source": star.source,
        "original_language": star.original_language,
        "translator_note": star.translator_note,
    }
    if star.disputed:
        data["disputed"] = list(star.disputed)
    data["name"] = _translated(star, "name")
    for key in RULE_TEXTS:
        values = _translated(star, key)
        if any(v.strip() for v in values.values()):
            data[key] = values
    data["players"] = [_player_to_dict(p) for p in star.players.all()]
    return data


def _player_to_dict(player: StarProfile) -> Data:
    data: Data = {"slug": player.slug}
    for key in PROFILE:
        data[key] = getattr(player, key)
    data["skills"] = [skill_text(s) for s in player.starting_skills.all()]  # type: ignore[arg-type]
    if player.big_guy:
        data["big_guy"] = True
    if player.disputed:
        data["disputed"] = list(player.disputed)
    data["name"] = _translated(player, "name")
    return data


def inducement_to_dict(inducement: Inducement) -> Data:
    data: Data = {"slug": inducement.slug, "order": inducement.order, "max": inducement.max_quantity}
    data["cost"] = inducement.cost
    data["price_varies"] = inducement.price_varies
    data["available"] = inducement.available
    data["requires"] = sorted(r.slug for r in inducement.requires.all())
    if inducement.extra_cost:
        data["extra_cost"] = inducement.extra_cost
        data["skill_cost"] = inducement.skill_cost
        data["skills"] = list(inducement.skills)
    data["source"] = inducement.source
    data["original_language"] = inducement.original_language
    data["translator_note"] = inducement.translator_note
    data["name"] = _translated(inducement, "name")
    data["text"] = _translated(inducement, "text")
    modifiers = [
        {
            "team": m.team.slug if m.team else "",
            "rule": m.rule.slug if m.rule else "",
            "cost": m.cost,
            "max": m.max_quantity,
        }
        for m in inducement.modifiers.all()
    ]
    if modifiers:
        data["modifiers"] = modifiers
    return data


# --- rows from canonical dicts --------------------------------------------------------------


def apply_star(star: StarPlayer, data: Data) -> None:
    star.cost = data["cost"]
    star.any_team = data["any_team"]
    star.rule = data["rule"]
    star.disputed = list(data.get("disputed", []))
    star.translator_note = data["translator_note"]
    assign(star, "name", data["name"])
    for key in RULE_TEXTS:
        assign(star, key, data.get(key))


def profiles_from_dict(star: StarPlayer, data: Data) -> list[tuple[StarProfile, list[str]]]:
    """Unsaved players of a star, each with his starting skills as written in the file."""
    found = []
    for position, item in enumerate(data["players"], start=1):
        player = StarProfile(
            star=star,
            position=position,
            slug=item["slug"],
            big_guy=bool(item.get("big_guy")),
            disputed=list(item.get("disputed", [])),
            **{key: item[key] for key in PROFILE},
        )
        assign(player, "name", item["name"])
        found.append((player, list(item["skills"])))
    return found


def apply_inducement(inducement: Inducement, data: Data) -> None:
    inducement.order = data["order"]
    inducement.max_quantity = data["max"]
    inducement.cost = data["cost"]
    inducement.price_varies = data["price_varies"]
    inducement.available = data["available"]
    inducement.extra_cost = data.get("extra_cost", 0)
    inducement.skill_cost = data.get("skill_cost", 0)
    inducement.skills = list(data.get("skills", []))
    inducement.translator_note = data["translator_note"]
    assign(inducement, "name", data["name"])
    assign(inducement, "text", data["text"])


def modifiers_from_dict(
    inducement: Inducement, data: Data, teams: dict[str, Team], rules: dict[str, TeamRule]
) -> list[InducementModifier]:
    """Unsaved modifiers of an inducement (`teams` and `rules` of its ruleset, by slug)."""
    return [
        InducementModifier(
            inducement=inducement,
            position=position,
            team=teams.get(item["team"]) if item["team"] else None,
            rule=rules.get(item["rule"]) if item["rule"] else None,
            cost=item["cost"],
            max_quantity=item["max"],
        )
        for position, item in enumerate(data.get("modifiers", []), start=1)
    ]


Key = tuple[str, str]  # (ruleset, slug or key)


def set_star_relations(
    ruleset: str,
    star: StarPlayer,
    data: Data,
    skills: dict[Key, Skill],
    teams: dict[Key, Team],
    rules: dict[Key, TeamRule],
    parameters: dict[Key, SkillParameter],
    links: LinkBatch,
) -> None:
    """Who the star plays for (classic teams or 2025 team rules), and his players with their
    starting skills, rebuilt from his file (the links once `links` is applied)."""
    links.set(star, "teams", [teams[(ruleset, s)] for s in data["plays_for"] if (ruleset, s) in teams])
    links.set(star, "rules", [rules[(ruleset, s)] for s in data["plays_for"] if (ruleset, s) in rules])
    links.set(star, "excluded_rules", [rules[(ruleset, s)] for s in data["excluded"]])
    star.players.all().delete()
    starting: list[StarSkill] = []
    for player, texts in profiles_from_dict(star, data):
        player.save()
        for position, text in enumerate(texts, start=1):
            skill, value, parameter = resolve_skill(ruleset, text, skills, parameters)
            starting.append(StarSkill(player=player, position=position, skill=skill, value=value, parameter=parameter))
    StarSkill.objects.bulk_create(starting)


def set_inducement_relations(
    ruleset: str,
    inducement: Inducement,
    data: Data,
    teams: dict[Key, Team],
    rules: dict[Key, TeamRule],
    links: LinkBatch,
) -> None:
    """The special rules the inducement requires and its price modifiers, rebuilt from its file."""
    links.set(inducement, "requires", [rules[(ruleset, s)] for s in data["requires"]])
    inducement.modifiers.all().delete()
    own_teams = {slug: team for (key, slug), team in teams.items() if key == ruleset}
    own_rules = {slug: rule for (key, slug), rule in rules.items() if key == ruleset}
    InducementModifier.objects.bulk_create(modifiers_from_dict(inducement, data, own_teams, own_rules))


# --- checks -----------------------------------------------------------------------------------


def _check_skills(ruleset: str, texts: list[Any], skills: set[str], parameters: set[str]) -> Iterator[str]:
    for text in texts:
        parsed = split_skill(str(text))
        if parsed is None:
            yield f"starting skill {text!r} is not '<skill-slug>' or '<skill-slug> (<parameter>)'"
            continue
        slug, parameter = parsed
        if slug not in skills:
            yield f"broken cross-reference: unknown skill {slug!r} (no {ruleset} skill has that slug)"
        if parameter and not is_neutral(parameter) and parameter not in parameters:
            yield f"skill {slug!r}: unknown parameter {parameter!r} (not in {ruleset}/skill-parameters.toml)"


def check_star(
    ruleset: str, data: Data, skills: set[str], teams: set[str], rules: dict[str, str], parameters: set[str]
) -> Iterator[str]:
    """Problems of one star: who he plays for (classic: team slugs; 2025: team rules), his players'
    profiles and skills, the disputed fields and the special rule's texts."""
    if not isinstance(data["cost"], int) or data["cost"] <= 0:
        yield f"cost must be a positive whole number of gold pieces, not {data['cost']!r}"
    if not isinstance(data["any_team"], bool):
        yield "any_team must be true or false"
    by_teams = get_edition(ruleset).stars_play_for_teams
    for slug in data["plays_for"]:
        if by_teams and slug not in teams:
            yield f"broken cross-reference: plays_for team {slug!r} (no team file)"
        elif not by_teams and slug not in rules:
            yield f"broken cross-reference: plays_for {slug!r} (no team-rules file)"
    for slug in data["excluded"]:
        if slug not in rules:
            yield f"broken cross-reference: excluded {slug!r} (no team-rules file)"
    if data["excluded"] and not data["any_team"]:
        yield "excluded needs any_team = true (a star for any team but some)"
    if not data["plays_for"] and not data["any_team"]:
        yield "a star plays for some teams: plays_for or any_team"
    if data["rule"] and not KEY_RE.match(data["rule"]):
        yield f"invalid rule slug {data['rule']!r}"
    if bool(data["rule"]) != all(key in data for key in RULE_TEXTS):
        yield "a special rule needs its slug, rule_name and rule_text (or none of them)"
    for key in data.get("disputed", []):
        if key not in STAR_DISPUTABLE:
            yield f"disputed names {key!r}, not one of {', '.join(STAR_DISPUTABLE)}"
    if not data["players"]:
        yield "a star needs players"
    seen: set[str] = set()
    for number, player in enumerate(data["players"], start=1):
        label = f"player {number} ({player['slug'] or 'no slug'})"
        if not KEY_RE.match(player["slug"] or "") or player["slug"] in seen:
            yield f"{label}: invalid or duplicate slug"
        seen.add(player["slug"])
        for key in PROFILE:
            low = 0 if key == "pa" else 1
            if not isinstance(player[key], int) or not low <= player[key] <= 12:
                yield f"{label}: {key} must be a whole number from {low} to 12, not {player[key]!r}"
        yield from (f"{label}: {m}" for m in _check_skills(ruleset, player["skills"], skills, parameters))
        for key in player.get("disputed", []):
            if key not in PLAYER_DISPUTABLE:
                yield f"{label}: disputed names {key!r}, not one of {', '.join(PLAYER_DISPUTABLE)}"
        for lang in LANGS:
            if not player["name"][lang].strip():
                yield f"{label}: missing language {lang!r} in name"


def check_inducement(
    ruleset: str, data: Data, skills: set[str], teams: set[str], rules: dict[str, str], parameters: set[str]
) -> Iterator[str]:
    for key in ("order", "max", "cost"):
        if not isinstance(data[key], int) or data[key] < 0:
            yield f"{key} must be a whole number of 0 or more, not {data[key]!r}"
    if data["available"] not in AVAILABILITY:
        yield f"unknown available {data['available']!r} (one of {', '.join(AVAILABILITY)})"
    if (data["available"] == SPECIAL_RULE) != bool(data["requires"]):
        yield f"requires names the special rules when available is {SPECIAL_RULE!r}, and only then"
    for slug in data["requires"]:
        if slug not in rules:
            yield f"broken cross-reference: requires {slug!r} (no team-rules file)"
    if not data["price_varies"] and not data["cost"]:
        yield "a fixed-price inducement needs its cost"
    yield from _check_skills(ruleset, data.get("skills", []), skills, parameters)
    for number, modifier in enumerate(data.get("modifiers", []), start=1):
        label = f"modifier {number}"
        if bool(modifier["team"]) == bool(modifier["rule"]):
            yield f"{label}: name either a team or a team rule"
        if modifier["team"] and modifier["team"] not in teams:
            yield f"{label}: broken cross-reference: team {modifier['team']!r}"
        if modifier["rule"] and modifier["rule"] not in rules:
            yield f"{label}: broken cross-reference: team rule {modifier['rule']!r}"
