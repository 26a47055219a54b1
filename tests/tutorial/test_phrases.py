"""The engine phrases (tutorial/shared/phrases.toml): every language, and skill names taken from each
edition's content, so a phrase cannot drift from the skill pages."""

from __future__ import annotations

import pytest

from rulebook.vocab import BLOOD_BOWL_EDITIONS, LANGS
from tutorial.shared import phrases

pytestmark = pytest.mark.django_db


def test_every_phrase_has_the_four_languages() -> None:
    for section, table in phrases.load().items():
        for key, texts in table.items():
            assert list(texts) == list(LANGS), f"{section}.{key}: languages in the order {LANGS}"


def test_skill_names_come_from_the_edition_being_shown() -> None:
    assert phrases.phrase("break_tackle_strength", "it", "lrb6", st=4).startswith("Sfondamento")
    assert phrases.phrase("break_tackle_bonus", "it", "bb2025", st=4).startswith("Break Tackle")
    assert phrases.phrase("chainsaw", "es", "lrb6").startswith("Sierra Mecánica")
    assert phrases.phrase("chainsaw", "es", "bb2025").startswith("Motosierra")
    # the classic slug names the 2025 skill through its counterpart (side-step → Sidestep)
    assert phrases.phrase("side_step", "en", "bb2025").startswith("Sidestep")


def test_every_skill_token_names_a_skill_of_each_edition() -> None:
    from rulebook import selectors

    for edition in BLOOD_BOWL_EDITIONS:
        for lang in LANGS:
            names = selectors.edition_skill_names(edition, lang)
            for section, table in phrases.load().items():
                for key, texts in table.items():
                    if key.partition("@")[2] not in ("", edition):
                        continue
                    for slug in phrases.SKILL_TOKEN_RE.findall(texts[lang]):
                        assert slug in names, f"{section}.{key} [{lang}] names {slug!r}, not a {edition} skill"
