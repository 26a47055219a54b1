"""The scenarios as worked examples of the rules: a chapter of the rules lists the scenarios whose
steps link to its sections (rulebook.examples asks, this module answers)."""

from __future__ import annotations

from rulebook.examples import Example
from rulebook.links import page_url

from .shared.scenario import all_scenarios


def scenarios_showing(ruleset: str, sections: frozenset[str], lang: str) -> list[Example]:
    """The scenarios of the ruleset with a step linking to one of the sections, in tutorial order."""
    found = []
    for scenario in all_scenarios():
        if scenario.ruleset != ruleset:
            continue
        linked = {
            link.split(":", 1)[1] for step in scenario.steps for link in step.links if link.startswith("section:")
        }
        if linked & sections:
            url = page_url("tutorial:scenario", lang, scenario.slug)
            found.append(Example(scenario.title[lang], scenario.summary[lang], url))
    return found
