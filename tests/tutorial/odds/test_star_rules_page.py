"""The odds page with a star's special rule (rulebook/engine/skills.py: Blind Rage)."""

from __future__ import annotations

import re

import pytest


@pytest.mark.django_db
def test_the_odds_page_names_blind_rage_in_the_readers_language(client) -> None:
    # The Spanish name is the star's rule name in the content ("Ira ciega"), not the slug.
    html = client.get("/es/odds/", {"c": "bb2025;rr0;p=blind-rage;dauntless:5,block:-2d"}).content.decode()
    assert "Ira ciega: se usa el 33,3" in html  # the failed 1/3 of Dauntless rolls re-rolled


@pytest.mark.django_db
def test_the_unchannelled_fury_roll_is_offered_in_2025_only_and_starts_at_2_plus(client) -> None:
    # 2025's Unchannelled Fury is a D6 roll, +2 before a Block or a Blitz: the natural 2+ is the
    # usual value. The classic trait has no roll, so its form hides the kind (the script offers it
    # again when 2025 is chosen) and its builder has no card for it.
    modern = client.get("/en/odds/", {"c": "bb2025;rr1;block:2d"}).content.decode()
    assert re.search(r'<option value="fury" data-default="2\+" data-editions="bb2025">Unchannelled Fury<', modern)
    assert "bb2025;rr1;block:2d,fury:2" in modern  # the card that adds it
    classic = client.get("/en/odds/", {"c": "lrb6;rr1;block:2d"}).content.decode()
    assert re.search(r'<option value="fury" data-default="2\+" data-editions="bb2025" hidden>', classic)
    assert "fury:" not in classic.replace('value="fury"', "")
    refused = client.get("/en/odds/", {"c": "lrb6;rr1;fury:2,block:2d"})
    assert refused.status_code == 400


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("lang", "label"),
    [
        ("en", "Only if Fury of the Blood God turns his 1 into two Block actions"),
        ("es", "Solo si Furia del Dios de la Sangre convierte su 1 en dos acciones de Placaje"),
        ("fr", "Seulement si Fureur du Dieu du Sang change son 1 en deux Actions de Blocage"),
        ("it", "Solo se Fury of the Blood God trasforma il suo 1 in due azioni di Blocco"),
    ],
)
def test_scylas_failed_fury_roll_offers_the_second_block_as_a_branch(client, lang: str, label: str) -> None:
    # Fury of the Blood God turns his failed fury:2 (a 1) into two Block actions: the step after
    # it may be marked "?", his second Block, with the star rule's name in the reader's language.
    scyla = f"/{lang}/odds/"
    html = client.get(scyla, {"c": "bb2025;rr1;p=fury-of-the-blood-god;fury:2,block:2d,block:2d"}).content.decode()
    assert label in html and "fury:2,?block:2d,block:2d" in html
    plain = client.get(scyla, {"c": "bb2025;rr1;fury:2,block:2d,block:2d"}).content.decode()
    assert label not in plain and "?block" not in plain  # without the rule a failed roll only misses


@pytest.mark.django_db
@pytest.mark.parametrize(
    "steps",
    [
        "fury:4,block:2d,block:2d",  # a Move action's fury roll (no +2): the rule needs a 1 on a Block
        "fury:2,block:2d/blitz,block:2d",  # a Blitz: the rule turns only a Block action into two
    ],
)
def test_the_branch_mark_follows_a_fury_roll_only_where_the_engine_branches(client, steps: str) -> None:
    # The builder asks the engine's own condition (turn_stars.fury_branches): a "?" it offered
    # where the engine never branches would mark a step that is then never made.
    html = client.get("/en/odds/", {"c": f"bb2025;rr1;p=fury-of-the-blood-god;{steps}"}).content.decode()
    assert "turns his 1 into two Block actions" not in html


@pytest.mark.django_db
def test_fungus_s_ball_and_chain_squares_with_whirling_dervish_in_two_languages(client) -> None:
    # Two squares, one way of three each, the D6 re-rolled once: 1/3 * 5/9 + 2/3 * 1/3 * 1/3 = 7/27
    # (tests/engine/test_engine_ball_and_chain.py); the team re-roll cannot be used on a direction.
    code = "bb2025;rr1;f=whirling-dervish;f.chain:1,chain:1"
    spanish = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", client.get("/es/odds/", {"c": code}).content.decode()))
    assert "25,9 % (7/27)" in spanish and "el mejor plan prevé gastar 0" in spanish
    assert "Bola con cadena: 1 de las 3 direcciones de la plantilla" in spanish  # the 2025 trait's Spanish name
    # His star page opens the calculator on the same kind of turn, with his own profile.
    star = client.get("/fr/bb2025/stars/fungus-the-loon/").content.decode()
    assert "whirling-dervish,st:7;chain:1,chain:1" in star
    refused = client.get("/fr/odds/", {"c": "lrb6;rr1;chain:3"})
    assert refused.status_code == 400
    assert "une étape chain indique combien des 3 directions du gabarit" in refused.content.decode()
