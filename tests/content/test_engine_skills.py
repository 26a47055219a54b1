"""The engine's skills registry (rulebook/engine/skills.py) names skills that exist: each slug, in
each edition the registry gives it, is a skill of that edition's content, or a star player's special
rule there (a star's `rule`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulebook.engine import skills as registry

CONTENT = Path(__file__).resolve().parents[2] / "rulebook" / "content"


def content_skills(edition: str) -> set[str]:
    return {path.stem for path in (CONTENT / edition / "skills").glob("*.toml")}


def star_rules(edition: str) -> set[str]:
    found = set()
    for path in (CONTENT / edition / "stars").glob("*.toml"):
        found |= set(re.findall(r'^rule = "([a-z0-9-]+)"$', path.read_text(encoding="utf-8"), re.MULTILINE))
    return found


@pytest.mark.parametrize("edition", ["lrb6", "bb2025"])
def test_every_skill_the_engine_counts_is_a_skill_of_its_edition(edition: str) -> None:
    known = content_skills(edition) | star_rules(edition)
    missing = [
        f"{use.slug} → {registry.content_slug(edition, use.slug)}: add rulebook/content/{edition}/skills/"
        f"{registry.content_slug(edition, use.slug)}.toml, or take {edition!r} out of its editions in "
        "rulebook/engine/skills.py"
        for use in registry.SKILLS
        if edition in use.editions and registry.content_slug(edition, use.slug) not in known
    ]
    assert missing == []


def test_a_skill_the_edition_lacks_is_marked_so() -> None:
    """Brawler, Hatred and Iron Hard Skin are 2025 skills: the classic content has none of them."""
    classic = content_skills("lrb6")
    for use in registry.SKILLS:
        if "lrb6" not in use.editions:
            assert use.slug not in classic, use.slug


def test_the_derived_lists_come_from_the_registry() -> None:
    assert registry.SKILL_REROLLS == {
        "dodge": "dodge",
        "rush": "sure-feet",
        "pickup": "sure-hands",
        "catch": "catch",
        "pass": "pass",
        "dauntless": "blind-rage",
        "gaze": "mesmerising-dance",
        "ttm": "the-ballista",
        "chain": "whirling-dervish",
    }
    assert registry.opponent_skills("dodge") == ("tackle", "diving-tackle")
    assert registry.engine_slug("bb2025", "claws") == "claw" and registry.content_slug("bb2025", "claw") == "claws"
    # Leader changes no roll the board answers (moot); an unknown slug is reported, never hidden.
    assert registry.not_counted("bb2025", ["dodge", "sidestep", "pogo-stick", "leader", "pogo"]) == (
        "pogo",
        "pogo-stick",
    )


@pytest.mark.parametrize("edition", ["lrb6", "bb2025"])
def test_every_skill_of_the_edition_is_sorted_for_the_board(edition: str) -> None:
    """Each skill of the content is counted by the board, named as one it leaves out (on the
    player's side or his opponents'), or listed as changing no roll it answers: never forgotten."""
    counted = registry.board_skills(edition)
    left_out = (
        registry.BOARD_LEAVES_OUT_OWN
        | registry.BOARD_LEAVES_OUT_OWN_BY_EDITION[edition]
        | registry.BOARD_LEAVES_OUT_OPPONENT
    )
    unsorted = sorted(s for s in content_skills(edition) if s not in counted | left_out | registry.BOARD_MOOT)
    assert unsorted == [], f"sort them in rulebook/engine/skills.py: {unsorted}"
    twice = sorted(s for s in content_skills(edition) if s in counted and s in left_out)
    assert twice == []
    every = (
        registry.BOARD_MOOT
        | registry.BOARD_LEAVES_OUT_OWN
        | registry.BOARD_LEAVES_OUT_OPPONENT
        | frozenset().union(*registry.BOARD_LEAVES_OUT_OWN_BY_EDITION.values())
    )
    strays = sorted(s for s in every if s not in content_skills("lrb6") | content_skills("bb2025"))
    assert strays == []
