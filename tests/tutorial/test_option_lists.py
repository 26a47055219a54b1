"""The forms' option lists written in Python (tutorial/shared/options.py): the same markup as the
template loops they replace, kept per content version where they come from the content (a new
version writes them again), and pages alike whether the lists were kept or not."""

from __future__ import annotations

import pytest
from django.template import engines
from django.test import Client
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy, override

from rulebook.models import Positional
from rulebook.serving.store import pages
from tutorial.board import rosters
from tutorial.odds.page import kind_options
from tutorial.shared.options import option, option_groups, option_list

# Labels an escaping slip would show: markup, quotes, an ampersand, a lazy translation, safe text.
CHOICES = [
    ("a&b", 'Tom "Thumb" <i>'),
    ("o'k", "L'Orco & co"),
    ("2", gettext_lazy("Team")),
    ("3", mark_safe("<b>kept</b>")),
    ("", "(none)"),
]
LOOP = (
    '{% for value, label in choices %}<option value="{{ value }}"{% if value == chosen %} selected{% endif %}>'
    "{{ label }}</option>{% endfor %}"
)
GROUP_LOOP = (
    '{% for group, options in groups %}<optgroup label="{{ group }}">{% for value, label in options %}'
    '<option value="{{ value }}">{{ label }}</option>{% endfor %}</optgroup>{% endfor %}'
)


def template_loop(source: str, **context: object) -> str:
    return engines["django"].from_string(source).render(context)


@pytest.mark.parametrize("chosen", ["a&b", "o'k", "2", "", "missing", None])
def test_an_option_list_is_the_template_loop_byte_for_byte(chosen: str | None) -> None:
    with override("fr"):
        assert option_list(CHOICES).html(chosen) == template_loop(LOOP, choices=CHOICES, chosen=chosen)


def test_option_groups_are_the_template_loop_byte_for_byte() -> None:
    groups = [("Orcs & <Goblins>", CHOICES[:2]), ('"Elves"', CHOICES[2:])]
    assert option_groups(groups) == template_loop(GROUP_LOOP, groups=groups)


def test_data_attributes_are_escaped_and_come_before_selected() -> None:
    kept = option("gfi", "Rush", [("default", "2+"), ("label-lrb6", 'Go "For" It')])
    assert kept.head + " selected" + kept.tail == (
        '<option value="gfi" data-default="2+" data-label-lrb6="Go &quot;For&quot; It" selected>Rush</option>'
    )


def test_a_hidden_option_says_so_after_its_data() -> None:
    fury = option("fury", "Unchannelled Fury", [("editions", "bb2025")], hidden=True)
    assert fury.head + fury.tail == '<option value="fury" data-editions="bb2025" hidden>Unchannelled Fury</option>'


def test_the_filters_write_the_same_as_the_helpers() -> None:
    source = "{% load form_options %}{{ choices|options:chosen }}|{{ groups|optgroups }}|{{ kept|optgroups }}"
    groups = [("G", CHOICES[:2])]
    written = template_loop(source, choices=CHOICES, chosen="2", groups=groups, kept=option_groups(groups))
    assert written == f"{option_list(CHOICES).html('2')}|{option_groups(groups)}|{option_groups(groups)}"


@pytest.mark.django_db
def test_the_positionals_are_written_again_for_a_new_content_version() -> None:
    before = rosters.choice_options("lrb6", "es")
    assert rosters.choice_options("lrb6", "es") is before  # kept
    positional = Positional.objects.filter(team__ruleset__key="lrb6").order_by("pk").first()
    assert positional is not None and positional.name_es in before
    positional.name_es = "Bloqueador de prueba"
    positional.save()  # an edit gives a new content version (rulebook/signals.py)
    after = rosters.choice_options("lrb6", "es")
    assert "Bloqueador de prueba" in after and after != before


@pytest.mark.django_db
def test_the_roll_kinds_are_kept_per_language_and_written_again_for_a_new_version() -> None:
    from rulebook.rendering.version import bump_content_version

    with override("it"):
        kinds = kind_options("lrb6", "it")
        assert kind_options("lrb6", "it") is kinds
        assert kind_options("lrb6", "en") is not kinds
        bump_content_version()
        again = kind_options("lrb6", "it")
    assert again is not kinds and again == kinds  # computed again, the same content


@pytest.mark.django_db
def test_the_roll_kinds_are_in_the_asked_language_whatever_language_is_active() -> None:
    # Kept per (edition, language): a list first written while another language was active must
    # still be in the asked one ("Atterraggio", not the Spanish "Aterrizaje", on an Italian page).
    kind_options.cache_clear()
    with override("es"):
        written_in_spanish = kind_options("lrb6", "it").html("land")
    kind_options.cache_clear()
    with override("it"):
        written_in_italian = kind_options("lrb6", "it").html("land")
    assert written_in_spanish == written_in_italian
    assert "Aterrizaje" not in written_in_spanish


BOARD = "1_r10_A4k8.7338.block_A5m10_A6n9_B7l8.6237"
PAGES = [
    f"/es/lrb6/board/?b={BOARD}&p=A4&t=c3",
    f"/fr/lrb6/board/?b={BOARD}&p=B7&show=pass",
    "/it/bb2025/board/",
    "/en/odds/?edition=lrb6&steps=dodge:3,gfi:2,pickup:3&team_reroll=1",
    "/es/odds/?k1=gfi&v1=2&k2=block&v2=-2D&w2=1&g2=down&ps1=block&pl1=4",
]


@pytest.mark.django_db
def test_pages_are_the_same_whether_their_lists_were_kept_or_not(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pages, "get", lambda key: None)  # every request renders
    client = Client()

    def forget() -> None:
        rosters.choice_options.cache_clear()
        rosters.choices.cache_clear()
        kind_options.cache_clear()

    for address in PAGES:
        forget()
        cold = client.get(address)
        warm = client.get(address)
        assert cold.status_code == warm.status_code == 200, address
        assert cold.content == warm.content, address


# The odds builder's chips and cards (tutorial/templatetags/chips.py) against the loops they replace.
CHIPS = [
    {"label": "3+", "url": "/es/odds/?c=bb2025;dodge:3&x=1", "current": True, "aria": "3+"},
    {"label": 'L\'Orco "2"', "url": "/es/odds/?c=a<b>", "current": False, "aria": "Dos & más"},
    {"label": mark_safe("<b>4+</b>"), "url": "/es/odds/", "current": False, "aria": mark_safe("<b>4+</b>")},
    {"label": gettext_lazy("Team"), "url": "/fr/odds/?c=x", "current": True, "aria": "Équipe"},
]
CHIP_LOOP = (
    '{% for c in chips %}<a class="chip-link" data-key="s{{ n }}-o{{ forloop.counter }}" href="{{ c.url }}" '
    'hx-get="{{ c.url }}"{% if c.current %} aria-current="true"{% endif %}{% if c.aria != c.label %} '
    'aria-label="{{ c.aria }}"{% endif %}>{% if c.current %}✓ {% endif %}{{ c.label }}</a>{% endfor %}'
)
PLAIN_CHIP_LOOP = (
    '{% for c in chips %}<a class="chip-link" data-key="s{{ n }}-g{{ forloop.counter }}" href="{{ c.url }}" '
    'hx-get="{{ c.url }}"{% if c.current %} aria-current="true"{% endif %}>{{ c.label }}</a>{% endfor %}'
)
CARD_LOOP = (
    '{% for c in cards %}<li><a class="odds-card" data-key="card-{{ c.kind }}" href="{{ c.url }}" '
    'hx-get="{{ c.url }}"><span aria-hidden="true">+ </span>{{ c.label }}</a></li>{% endfor %}'
)


def test_the_builders_chips_and_cards_are_the_template_loops_byte_for_byte() -> None:
    with override("fr"):
        tagged = template_loop(
            '{% load chips %}{% chip_links chips "s" n "-o" aria=True check=True %}|{% chip_links chips "s" n "-g" %}',
            chips=CHIPS,
            n=2,
        )
        looped = template_loop(CHIP_LOOP, chips=CHIPS, n=2) + "|" + template_loop(PLAIN_CHIP_LOOP, chips=CHIPS, n=2)
        assert tagged == looped
        cards = [{"kind": "dodge", "label": "Esquive & co", "url": "/fr/odds/?c=a&b"}, {**CHIPS[3], "kind": 'x"y'}]
        assert template_loop("{% load chips %}{% card_links cards %}", cards=cards) == template_loop(
            CARD_LOOP, cards=cards
        )
