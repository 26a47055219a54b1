"""Every description of seed 002 (French, names lost) lives in the French text of exactly one
bb2025 item, with the activation its label gives."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.conf import settings

from rulebook.models import Skill
from tests.content_files import item_files

SEED = "002_6d5f8c947b83297b.txt"
SEED_BLOCKS = 104  # descriptions in the seed file (a fixed file: this is a fact about it)
# Each description is followed by its label line.
LABELS = {
    "Compétence Active": ("skill", "active"),
    "Compétence Passive": ("skill", "passive"),
    "Actif": ("trait", "active"),
    "Passif": ("trait", "passive"),
}


@dataclass(frozen=True)
class SeedBlock:
    number: int
    kind: str
    activation: str
    text: str


def normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def seed_blocks(path: Path) -> list[SeedBlock]:
    blocks: list[SeedBlock] = []
    pending: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        label = LABELS.get(line.strip())
        if label is None:
            pending.append(line)
            continue
        blocks.append(SeedBlock(len(blocks) + 1, *label, normalise("\n".join(pending))))
        pending = []
    assert not normalise("\n".join(pending)), "text after the last label"
    return blocks


@pytest.fixture(scope="module")
def blocks() -> list[SeedBlock]:
    path = settings.SEEDS_DIR / SEED
    if not path.exists():
        pytest.skip(f"seed file not found at {path}")
    return seed_blocks(path)


def test_the_seed_has_104_blocks(blocks: list[SeedBlock]) -> None:
    assert len(blocks) == SEED_BLOCKS
    assert all(block.text for block in blocks)


@pytest.mark.django_db
def test_every_block_is_inside_exactly_one_french_text(blocks: list[SeedBlock]) -> None:
    items = [(s.slug, s.kind, s.activation, normalise(s.text_fr)) for s in Skill.objects.filter(ruleset__key="bb2025")]
    problems = []
    for block in blocks:
        holders = [item for item in items if block.text in item[3]]
        if len(holders) != 1:
            problems.append(f"block {block.number}: found in {[h[0] for h in holders]}: {block.text[:60]}…")
        elif holders[0][1:3] != (block.kind, block.activation):
            problems.append(
                f"block {block.number}: {holders[0][0]} is {holders[0][1:3]}, label says {block.kind, block.activation}"
            )
    assert not problems, "\n".join(problems)


@pytest.mark.django_db
def test_the_edition_list_is_complete() -> None:
    skills = Skill.objects.filter(ruleset__key="bb2025")
    # Every description of the seed is an item; the items from elsewhere name their source (the
    # elite skills below), and every file on disk is loaded.
    assert skills.filter(source=SEED).count() == SEED_BLOCKS
    assert skills.count() == item_files("bb2025", "skills")
    elite = set(skills.filter(elite=True).values_list("slug", flat=True))
    assert elite == {"block", "dodge", "guard", "mighty-blow"}
    assert set(skills.filter(source="published-rules").values_list("slug", flat=True)) == elite


@pytest.mark.django_db
def test_every_item_with_a_classic_counterpart_says_what_changed() -> None:
    linked = (
        Skill.objects.filter(ruleset__key="bb2025").exclude(counterpart=None).select_related("counterpart__ruleset")
    )
    assert linked.count() >= 60
    for skill in linked:
        assert skill.counterpart.ruleset.key == "lrb6"
        for lang in ("es", "it", "fr", "en"):
            assert getattr(skill, f"change_note_{lang}").strip(), (skill.slug, lang)


@pytest.mark.django_db
def test_skills_with_the_same_name_in_both_editions_are_linked() -> None:
    classic = set(Skill.objects.filter(ruleset__key="lrb6").values_list("slug", flat=True))
    for skill in Skill.objects.filter(ruleset__key="bb2025", slug__in=classic).select_related("counterpart"):
        assert skill.counterpart is not None and skill.counterpart.slug == skill.slug, skill.slug
