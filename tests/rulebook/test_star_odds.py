"""A star's page opens the odds calculator on a turn his special rule changes (rulebook/starodds.py):
the code reads, his rule changes its chance, and no rule the engine counts is left without one."""

from __future__ import annotations

import re
from urllib.parse import unquote

import pytest
from django.test import Client

from rulebook import starodds
from rulebook.engine import OPPONENT_SKILLS, PLAYER_SKILLS, get_edition
from rulebook.engine.turn import TurnError, solve_turn
from rulebook.models import StarPlayer
from tutorial.odds.code import parse_code

pytestmark = pytest.mark.django_db
REFUSED_WITHOUT = frozenset({"reliable"})  # Reliable: "!" steps after a fumbled throw, a turnover without it


def chance(code: str) -> object:
    return solve_turn(get_edition(code.split(";")[0]), parse_code(code).turn()).probability


def test_every_star_rule_the_engine_counts_opens_a_turn_it_changes() -> None:
    stars = [s for s in StarPlayer.objects.all() if s.rule and s.rule in PLAYER_SKILLS | OPPONENT_SKILLS]
    assert {s.rule for s in stars} == set(starodds.EXAMPLE_TURNS)  # none forgotten, none made up
    for star in stars:
        code = starodds.odds_code(star)
        assert code is not None
        if star.rule in OPPONENT_SKILLS:  # the victim's rule, on his opponent's step: it lowers the chance
            assert chance(code) < chance(code.replace(f"/{star.rule}", "")), code
            continue
        without = code.replace(f",{star.rule},", ",")
        if star.rule in REFUSED_WITHOUT:  # what his rule allows: refused without it
            with pytest.raises(TurnError):
                chance(without)
            continue
        assert chance(code) > chance(without), code  # his rule is what the example shows


def test_his_own_skills_come_with_it_but_not_hatred() -> None:
    # Puggy: Block, Dodge, Loner (3+), and the rule; Morg's Hatred (Undead) needs an Undead opponent.
    puggy = starodds.odds_code(StarPlayer.objects.get(ruleset__key="bb2025", slug="puggy-baconbreath"))
    assert puggy == "bb2025;rr1;puggy=block,dodge,loner:3,halfling-luck,st:3;dodge:3,dodge:3"
    morg = starodds.odds_code(StarPlayer.objects.get(ruleset__key="bb2025", slug="morg-n-thorg"))
    assert morg is not None and "hatred" not in morg and "loner:4" in morg


def test_the_page_links_the_calculator_in_the_readers_language(client: Client) -> None:
    html = client.get("/es/bb2025/stars/puggy-baconbreath/").content.decode()
    found = re.search(r'href="(/es/odds/\?c=[^"]+)">Calcular las probabilidades con Suerte halfling<', html)
    assert found, html[:200]
    assert client.get(unquote(found[1])).status_code == 200
    assert "/odds/?c=" not in client.get("/es/bb2025/stars/scrappa-sorehead/").content.decode()  # Yoink!: no roll
