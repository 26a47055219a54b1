"""Search that reads the query (questions, edition words, abbreviations), prefers the reader's
language, names what matched, and follows the ruleset being browsed."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from rulebook.search.documents import build_documents
from rulebook.search.index import Document, SearchIndex
from rulebook.search.query import plan_query
from rulebook.search.ranking import rank
from rulebook.search.relevance import result_key
from rulebook.search.results import search, url_for

pytestmark = pytest.mark.django_db


def keys(query: str, lang: str, **options: str) -> list[str]:
    return [result_key(r) for r in search(query, lang, **options)]


# -- reading the query -----------------------------------------------------------------------------


def test_question_words_are_optional_per_language() -> None:
    plan = plan_query("cómo funciona la intercepción", "es")
    assert plan.required == (False, False, False, True)
    assert plan.question == "how"
    # "come" is the Italian "how", not an English word to ignore; "si" is the Spanish "if".
    assert plan_query("come schivare", "it").required == (False, True)
    assert plan_query("qué pasa si fallo", "es").required == (False, False, False, True)
    # French "passe" is a pass, unless it is "se passe" (happens).
    assert plan_query("passe longue", "fr").required == (True, True)
    assert any(plan_query("que se passe-t-il", "fr").required)  # nothing else to decide: not all optional
    assert plan_query("que se passe-t-il si je rate", "fr").required[-1] is True
    assert plan_query("qu'est-ce qu'un touchback", "fr").question == "definition"


def test_edition_and_game_words_name_a_ruleset_and_are_not_required() -> None:
    assert plan_query("blocage 2025", "fr").rulesets == {"bb2025"}
    assert plan_query("blocage 2025", "fr").required == (True, False)
    assert plan_query("esquivar clásico", "es").rulesets == {"lrb6"}
    assert plan_query("placar lrb 6", "es").rulesets == {"lrb6"}
    assert plan_query("criticos dreadball", "es").rulesets == {"dreadball2"}
    assert plan_query("blood bowl 2025", "en").rulesets == {"bb2025"}
    assert plan_query("blood bowl block", "en").rulesets == {"lrb6", "bb2025"}
    # Nothing but helper and edition words: they are what is searched for.
    assert plan_query("règles classiques", "fr").required == (True, True)


def test_dotted_abbreviations_are_one_word() -> None:
    assert plan_query("que devient un joueur K.O.", "fr").words[-1] == "ko"


# -- questions -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "lang", "first"),
    [
        ("how does interception work", "en", "lrb6:section:interceptions-and-fumbles"),
        ("cómo funciona la intercepción", "es", "lrb6:section:interceptions-and-fumbles"),
        ("comment faire une agression", "fr", "bb2025:section:fouls"),
        ("come funziona il blitz", "it", "lrb6:section:blitz-action"),
        ("qué pasa si fallo un esquive", "es", "lrb6:section:dodging"),
    ],
)
def test_a_question_puts_the_rules_section_first(query: str, lang: str, first: str) -> None:
    assert keys(query, lang)[0] == first


def test_a_question_answered_by_a_section_shows_the_matching_sentence() -> None:
    result = search("qué pasa si fallo un esquive", "es", current="lrb6")[0]
    assert result_key(result) == "lrb6:section:dodging"
    # The sentence about the failed dodge, not the first mention of a dodge.
    assert result.snippet_text.lstrip("… ").startswith("Fallo:")
    assert "<mark>" in result.snippet_html


def test_a_definition_question_puts_the_glossary_entry_first() -> None:
    assert keys("what is a blitz", "en")[0] == "lrb6:term:blitz"
    assert keys("qu'est-ce qu'un touchback", "fr")[0] == "lrb6:term:touchback"


def test_question_words_do_not_rank_a_title_that_contains_them() -> None:
    # "Cómo funciona un chequeo" is not the answer to every question that starts with "cómo".
    assert "bb2025:section:tests" not in keys("cómo funciona la intercepción", "es")[:5]


# -- edition words, same language first, abbreviations ---------------------------------------------


def test_edition_words_rank_that_ruleset_first() -> None:
    assert keys("blocage 2025", "fr")[0] == "bb2025:skill:block"
    assert keys("esquivar lrb6", "es", current="bb2025")[0] == "lrb6:skill:dodge"
    assert keys("criticos dreadball", "es")[0].startswith("dreadball2:")
    # A name that mentions the edition still counts: the 2025 page about what changed since LRB6.
    assert keys("what changed since lrb6", "en")[0] == "bb2025:section:changes-since-lrb6"


def test_edition_words_alone_find_the_ruleset() -> None:
    results = search("règles classiques", "fr")
    assert result_key(results[0]) == "lrb6:ruleset:lrb6"
    assert results[0].url == "/fr/lrb6/"


def test_the_readers_language_comes_first_and_other_languages_say_which_name_matched() -> None:
    with translation.override("fr"):
        results = search("gar", "fr")
    assert results[0].title == "Garde" and not results[0].via_name
    claw = next(r for r in results if r.slug == "claw")
    assert (claw.title, claw.via_name, claw.via_lang, claw.via_label) == ("Griffes", "Garra", "es", "Nom espagnol")
    assert search("apo", "en")[0].title.endswith("Apothecary")


def test_an_english_name_still_finds_the_skill_in_spanish() -> None:
    with translation.override("es"):
        result = search("sure hands", "es", current="lrb6")[0]
    assert result_key(result) == "lrb6:skill:sure-hands"
    assert (result.title, result.via_name, result.via_lang) == ("Manos Seguras", "Sure Hands", "en")
    # Italian players call the classic skill by its 2025 Italian name, which is English: no "via".
    assert not search("sure hands", "it", current="lrb6")[0].via_name


def test_abbreviations_players_write() -> None:
    for query, expected in (
        ("MB", "skill:mighty-blow"),
        ("ttm", "skill:throw-team-mate"),
        ("TZ", "term:tackle-zone"),
        ("GFI", "term:go-for-it"),
        ("MNG", "term:miss-next-game"),
        ("TRR", "term:team-reroll"),
    ):
        assert keys(query, "en", current="lrb6")[0] == f"lrb6:{expected}", query
    assert keys("SI", "en", current="bb2025")[0] == "bb2025:row:casualty-3"
    # Abbreviations in a term's name count too: "Fuerza (FU)".
    assert keys("FU", "es", current="lrb6")[0] == "lrb6:term:strength"
    with translation.override("es"):
        result = search("MB", "es", current="lrb6")[0]
    assert (result.title, result.via_name, result.via_label) == ("Golpe Mortífero", "MB", "Abreviatura en inglés")


def test_a_spanish_si_is_not_the_abbreviation_si() -> None:
    assert not any("casualty" in key for key in keys("qué pasa si fallo un esquive", "es")[:5])


def test_short_words_get_a_typo_among_the_names_the_other_words_found() -> None:
    assert keys("cerveau lan", "fr", current="lrb6")[0] == "lrb6:skill:bone-head"
    assert keys("sure hnd", "en", current="lrb6")[0] == "lrb6:skill:sure-hands"
    # No flood: the typo is tried only among the names the other word found, so every result holds
    # "cerveau" (the skill, and the players and teams that start with it), none a mere "lan" typo.
    holding = {
        (d.ruleset, d.slug) for d in build_documents() if "cerveau" in f"{d.names['fr']} {d.texts['fr']}".casefold()
    }
    found = search("cerveau lan", "fr", limit=100)
    assert found and {(r.ruleset, r.slug) for r in found} <= holding


def test_words_that_used_to_rank_poorly() -> None:
    assert keys("tiempo atmosférico", "es")[0] == "lrb6:table:weather"
    assert keys("calcio", "it")[0] == "lrb6:section:kick-off"
    assert not keys("turno", "es")[0].startswith("dreadball2:")
    # DreadBall's own words stay DreadBall's.
    assert keys("velocita", "it")[0] == "dreadball2:term:speed"


# -- kinds of documents ----------------------------------------------------------------------------


def test_every_kind_of_document_has_a_label_and_a_page() -> None:
    from rulebook.labels import KIND_LABELS

    documents = build_documents()
    for kind in {d.kind for d in documents}:
        assert kind in KIND_LABELS, kind
    for document in documents:
        assert url_for(document, "es").startswith("/es/"), document


def test_a_new_kind_of_document_ranks_with_the_others() -> None:
    coach = Document(
        "coach",  # a kind the ranking does not list (no such page on the site)
        "bb2025",
        "tobias-quillwhistle",
        dict.fromkeys(("es", "it", "fr", "en"), "Tobias Quillwhistle"),
        {"es": "Entrenador.", "it": "Allenatore.", "fr": "Entraîneur.", "en": "A coach."},
    )
    index = SearchIndex([*build_documents(), coach])
    found = rank(index, plan_query("quillw", "fr"), "fr")
    assert found[0].document is coach


def test_star_players_rank_first_for_their_name_in_every_language() -> None:
    for lang in ("es", "it", "fr", "en"):
        assert keys("oberw", lang)[0].endswith(":star:griff-oberwald"), lang
        assert keys("crumbleberry", lang)[0] == "bb2025:star:grak-and-crumbleberry", lang


def test_teams_rank_first_for_their_name() -> None:
    assert keys("amaz", "fr")[0].endswith(":team:amazon")
    assert "lrb6:positional:dwarf-blocker" in keys("bloqueur nain", "fr")[:3]


# -- the search box on a ruleset's pages ----------------------------------------------------------


def suggest(client: Client, lang: str, **params: str) -> str:
    response = client.get(f"/{lang}/search/suggest/", params, headers={"HX-Request": "true"})
    assert response.status_code == 200
    return response.content.decode()


def test_on_a_ruleset_page_the_box_ranks_it_first_and_leaves_the_switch_to_the_search_page(client: Client) -> None:
    """Issue 25: the note and the switch took two lines of every ruleset page's first screen; the
    box still sends the ruleset being read, and the search page says so and offers the switch."""
    html = client.get("/en/bb2025/skills/").content.decode()
    assert '<input type="hidden" name="current" value="bb2025">' in html
    assert 'name="all"' not in html and "Search everything equally" not in html
    assert "Results from Blood Bowl — 2025 edition first." not in html
    assert 'name="current"' not in client.get("/en/").content.decode()


def test_suggestions_rank_the_ruleset_being_browsed_first_and_name_editions_in_words(client: Client) -> None:
    html = suggest(client, "en", q="dodge", current="bb2025")
    first = html.split('class="result"')[1]
    assert "/en/bb2025/skills/dodge/" in first
    assert "Blood Bowl — 2025 edition" in first and "· bb2025" not in html
    html = suggest(client, "en", q="dodge", current="bb2025", all="1")
    assert "/en/lrb6/skills/dodge/" in html.split('class="result"')[1]
    assert "all=1" in suggest(client, "en", q="block", current="bb2025", all="1")


def test_the_search_page_says_which_ruleset_comes_first_and_links_to_everything(client: Client) -> None:
    html = client.get("/en/search/", {"q": "dodge", "current": "bb2025"}).content.decode()
    assert "Results from Blood Bowl — 2025 edition first." in html
    assert 'href="/en/search/?q=dodge&amp;current=bb2025&amp;all=1"' in html
    html = client.get("/en/search/", {"q": "dodge", "current": "bb2025", "all": "1"}).content.decode()
    assert "Searching every ruleset equally." in html
    assert 'href="/en/search/?q=dodge&amp;current=bb2025"' in html


def test_the_search_page_says_when_the_query_names_an_edition(client: Client) -> None:
    html = client.get("/fr/search/", {"q": "blocage 2025"}).content.decode()
    assert "Blood Bowl — édition 2025" in html.split('class="count"')[0]


def test_bad_context_values_are_ignored_not_errors(client: Client) -> None:
    for params in ({"q": "dodge", "current": "bb2099"}, {"q": "dodge", "all": "yes"}, {"q": "dodge", "ruleset": "x"}):
        assert client.get("/en/search/", params).status_code == 200


def test_results_say_which_other_language_name_matched(client: Client) -> None:
    html = suggest(client, "es", q="sure hands", current="lrb6")
    assert '<span lang="en">Sure Hands</span> — Nombre en inglés' in html


def test_the_pages_show_the_abbreviations_players_write(client: Client) -> None:
    html = client.get("/en/lrb6/glossary/").content.decode()
    assert "Also called: TZ" in html and "Also called: GFI" in html
    assert "También se dice: TD" in client.get("/es/lrb6/glossary/").content.decode()
    assert "Also called: MB" in client.get("/en/lrb6/skills/mighty-blow/").content.decode()
    # French typography: a non-breaking space before the colon ("On dit aussi: …" had none)
    assert "On dit aussi\u00a0: CAS" in client.get("/fr/lrb6/glossary/").content.decode()
    assert '<span class="row-aliases">(SI)</span>' in client.get("/en/bb2025/tables/casualty/").content.decode()


def test_short_capitalised_aliases_are_matched_as_abbreviations() -> None:
    from rulebook.search.documents import is_abbreviation

    assert all(is_abbreviation(a) for a in ("MB", "TZ", "NoS", "LoS", "KO'd", "GFI"))
    assert not any(is_abbreviation(a) for a in ("Dodge", "Reroll", "Tackle zone", "gfi", "Blitz"))
