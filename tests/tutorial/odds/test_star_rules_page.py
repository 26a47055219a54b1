"""The odds page with a star's special rule (rulebook/engine/skills.py: Blind Rage)."""

from __future__ import annotations

import pytest


@pytest.mark.django_db
def test_the_odds_page_names_blind_rage_in_the_readers_language(client) -> None:
    # The Spanish name is the star's rule name in the content ("Ira ciega"), not the slug.
    html = client.get("/es/odds/", {"c": "bb2025;rr0;p=blind-rage;dauntless:5,block:-2d"}).content.decode()
    assert "Ira ciega: se usa el 33,3" in html  # the failed 1/3 of Dauntless rolls re-rolled
