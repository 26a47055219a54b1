"""A star's page opens the odds calculator on a turn his special rule changes (rulebook/starodds.py):
the code reads, his rule changes its chance, and no rule the engine counts is left without one."""

from __future__ import annotations

import re
from fractions import Fraction as F
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
    assert "/odds/?c=" not in client.get("/es/bb2025/stars/zolcath-the-zoat/").content.decode()  # Distracted: no roll
    # Yoink!'s turn is the passer's: the step names the interceptor's 2+ (the glossary's term).
    yoink = client.get("/es/odds/", {"c": "bb2025;rr1;pass:3/int:2"}).content.decode()
    assert "Pase 3+ · Intercepción 2+" in yoink


def test_every_star_rule_is_counted_written_with_plain_steps_or_said_to_change_no_roll() -> None:
    rules = {s.rule for s in StarPlayer.objects.all() if s.rule}
    groups = [starodds.EXAMPLE_TURNS, starodds.PLAIN_TURNS, starodds.NO_ROLL]
    assert sum(map(len, groups)) == len(set().union(*groups))  # each rule in one group only
    assert set().union(*groups) == rules  # every star rule, none made up
    assert len(rules) == 63 and len(starodds.EXAMPLE_TURNS) == 37 and len(starodds.PLAIN_TURNS) == 18
    assert len(starodds.NO_ROLL) == 8  # the last one without a step, Whirling Dervish, has the Ball & Chain's


def star(slug: str) -> StarPlayer:
    return StarPlayer.objects.get(ruleset__key="bb2025", slug=slug)


def test_a_rule_written_with_plain_steps_opens_the_turn_it_allows() -> None:
    for found in StarPlayer.objects.filter(rule__in=starodds.PLAIN_TURNS):
        code = starodds.odds_code(found)
        assert code and f",{found.rule}," not in code and f"={found.rule}," not in code  # no word of its own
        assert 0 < chance(code) <= 1, code  # the engine reads it
    # Yoink!, in the passer's turn: Scrappa intercepts on a 2+ (5/6) before the pass, which is
    # accurate on a 3+ with the team re-roll 8/9 otherwise: 1/6 * 8/9 = 4/27.
    assert starodds.odds_code(star("scrappa-sorehead")) == "bb2025;rr1;pass:3/int:2"
    assert chance("bb2025;rr1;pass:3/int:2") == F(1, 6) * F(8, 9) == F(4, 27)
    # Look Into My Eyes: a 2+ (5/6); Boa is a Loner (4+), so the team re-roll of a 1 counts on a
    # 4+ only: 5/6 + 1/6 * 1/2 * 5/6 = 65/72.
    boa = starodds.odds_code(star("boa-konssstriktr")) or ""
    assert boa.endswith(";roll:2") and "loner:4" in boa
    assert chance(boa) == F(5, 6) + F(1, 6) * F(1, 2) * F(5, 6) == F(65, 72)
    # Putrid Regurgitation: a Projectile Vomit, 2+ with Bilerot's Loner (4+) on the team re-roll
    # (65/72, as Boa's), then an armour roll of 9+ that nothing modifies, 10/36 (his Dirty Player
    # and Lone Fouler are a foul's): 65/72 * 10/36 = 325/1296.
    assert chance(starodds.odds_code(star("bilerot-vomitflesh")) or "") == F(65, 72) * F(10, 36) == F(325, 1296)
    # I'll Carry You!: carrying Crumbleberry, Grak dodges with Dodge and Break Tackle.
    grak = starodds.odds_code(star("grak-and-crumbleberry")) or ""
    assert grak.startswith("bb2025;rr1;grak=") and "break-tackle" in grak and "dodge" in grak
    assert chance(grak) > chance(grak.replace(",break-tackle", "").replace(",dodge,", ","))
