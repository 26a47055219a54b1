"""Search: the relevance set, accents, typos, cross-language queries, the page and the API."""

from __future__ import annotations

from collections import Counter

import pytest
from django.test import Client

from rulebook.search.relevance import (
    PLAYERS_FILE,
    PREFIX_CLASS,
    PREFIX_LANGUAGE_TARGET,
    RELEVANCE_FILE,
    RelevanceQuery,
    evaluate,
    load_relevance_set,
    report,
    result_key,
    target,
)
from rulebook.search.results import Result, search

pytestmark = pytest.mark.django_db


def keys(query: str, lang: str, **options: str) -> list[str]:
    return [result_key(r) for r in search(query, lang, **options)]


def run_query(query: RelevanceQuery) -> list[Result]:
    return search(query.q, query.lang, current=query.current, limit=3)


@pytest.mark.slow
def test_relevance_set_per_class_top1_and_top3() -> None:
    """The report per class is printed (pytest -s, or below a failure): questions at least 90 % in
    the top 3, every other class 97 %, and a typed three-letter prefix's first suggestion matches in
    the reader's language 95 % of the time."""
    queries = load_relevance_set()
    assert {q.lang for q in queries} == {"es", "it", "fr", "en"}
    scores = evaluate(queries, run_query)
    text = report(scores)
    print(text)
    failures = [
        f"{name}: {score.rate(score.top3):.1%} in the top 3\n  " + "\n  ".join(score.misses)
        for name, score in scores.items()
        if name != "all" and score.rate(score.top3) < target(name)
    ]
    prefixes = scores[PREFIX_CLASS]
    if prefixes.rate(prefixes.in_language) < PREFIX_LANGUAGE_TARGET:
        failures.append(
            f"{PREFIX_CLASS}: first suggestion in the reader's language {prefixes.rate(prefixes.in_language):.1%}"
        )
    assert not failures, text + "\n" + "\n".join(failures)


def test_the_players_set_is_written_for_each_class_and_language() -> None:
    players = load_relevance_set([PLAYERS_FILE])
    assert len(players) >= 150
    questions = Counter(q.lang for q in players if q.klass == "question")
    assert min(questions[lang] for lang in ("es", "it", "fr", "en")) >= 30, questions
    classes = Counter(q.klass for q in players)
    assert {"question", "edition", "abbreviation", PREFIX_CLASS} <= set(classes), classes
    assert all(len(q.q) == 3 for q in players if q.klass == PREFIX_CLASS)
    # issue 27: glossary terms, the names players use, verbs, editions in words, ranking, in four languages
    for klass in ("glossary", "alias", "phrasing", "edition", "ranking"):
        assert {q.lang for q in players if q.klass == klass} == {"es", "it", "fr", "en"}, klass


@pytest.mark.slow
def test_the_first_set_keeps_its_score() -> None:
    """337 queries of issue 11, 336 in the top 3 then (99.7 %): no fewer now."""
    first = load_relevance_set([RELEVANCE_FILE])
    assert len(first) == 337
    assert evaluate(first, run_query)["all"].top3 >= 336


def test_cross_language_query_shows_the_item_in_the_current_language() -> None:
    results = search("sure hands", "es")
    assert results[0].slug == "sure-hands"
    assert results[0].title == "Manos Seguras"
    assert results[0].url == "/es/lrb6/skills/sure-hands/"


def test_case_accents_and_typos_do_not_matter() -> None:
    for query in ("MANOS SEGURAS", "manos seguras", "manos segruas", "prise sure", "prise sûre"):
        assert keys(query, "es", current="lrb6")[0] == "lrb6:skill:sure-hands", query


def test_three_letters_find_a_skill_as_you_type() -> None:
    assert "lrb6:skill:sure-hands" in keys("man", "es", current="lrb6")[:5]


def test_current_ruleset_comes_first_and_ruleset_filter_restricts() -> None:
    assert keys("dodge", "en", current="bb2025")[0].startswith("bb2025:")
    assert keys("dodge", "en", current="lrb6")[0].startswith("lrb6:")
    assert all(k.startswith("dreadball2:") for k in keys("dodge", "en", ruleset="dreadball2"))


def test_matches_are_highlighted() -> None:
    result = search("manos seguras", "es", current="lrb6")[0]
    assert "<mark>Manos</mark>" in result.title_html


def test_search_page_without_javascript(client: Client) -> None:
    response = client.get("/it/search/", {"q": "esquivar"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "/it/lrb6/skills/dodge/" in html


@pytest.mark.slow
def test_search_results_follow_an_admin_edit_without_restart(client: Client) -> None:
    from rulebook.models import Skill

    skill = Skill.objects.get(ruleset__key="lrb6", slug="sure-hands")
    skill.name_es = "Manos de Mantequilla"
    skill.save()
    assert keys("mantequilla", "es")[0] == "lrb6:skill:sure-hands"


def test_malformed_queries_do_not_fail(client: Client) -> None:
    for query in ("", "   ", "%%%", "<script>", "a" * 500, "'; DROP TABLE x; --", "\x00"):
        response = client.get("/en/search/", {"q": query})
        assert response.status_code == 200
    assert "&lt;script&gt;" in client.get("/en/search/", {"q": "<script>"}).content.decode()


def test_names_written_apart_or_together_match_each_other() -> None:
    assert keys("side step", "en", current="bb2025")[0] == "bb2025:skill:sidestep"
    assert keys("sidestep", "en", current="lrb6")[0] == "lrb6:skill:side-step"


def test_one_letter_after_a_word_completes_a_name() -> None:
    assert keys("sure h", "en", current="lrb6")[0] == "lrb6:skill:sure-hands"
    assert keys("esq", "es", current="lrb6")[0] == "lrb6:skill:dodge"  # "Esquivar" before "Esquive en Force"


def test_the_classic_name_finds_the_bb2025_counterpart() -> None:
    # Italian bb2025 names stay in English; players still type the classic Italian name.
    assert keys("testa dura", "it", current="bb2025")[0] == "bb2025:skill:thick-skull"
    assert keys("nurgle's rot", "en", current="bb2025")[0] == "bb2025:trait:plague-ridden"


def test_stopwords_and_question_words_do_not_drown_the_real_word() -> None:
    for query, lang, word in (
        ("how to dodge", "en", "dodg"),
        ("cómo esquivar", "es", "esquiv"),
        ("come schivare", "it", "schiv"),
    ):
        results = search(query, lang, current="lrb6")[:3]
        # A question: the rules section that explains it, or the skill of that name, comes first.
        assert result_key(results[0]) in ("lrb6:section:dodging", "lrb6:skill:dodge"), query
        assert "lrb6:skill:dodge" in [result_key(r) for r in results], query
        # No result ranks high for a name that only shares "how", "cómo" or "come" with the query.
        for result in results:
            title = (result.title + " " + result.title_en).casefold()
            assert word in title or word in result.snippet_text.casefold() or "dodg" in result_key(result), (
                query,
                result_key(result),
            )
            assert not title.startswith(query.split()[0]) or word in title, (query, result_key(result))
    assert keys("what is a touchback", "en", current="lrb6")[0] == "lrb6:term:touchback"
    assert keys("On the Ball", "en")[0] == "bb2025:skill:on-the-ball"


def test_punctuation_and_the_word_table_in_queries() -> None:
    assert keys("kick-off table", "en", current="lrb6")[0] == "lrb6:table:kick-off"
    assert keys("tabella popolarità", "it", current="lrb6")[0] == "lrb6:table:popularity"
    assert keys("tableau météo", "fr", current="lrb6")[0] == "lrb6:table:weather"


def test_repeated_letters_count_as_one_typo() -> None:
    assert keys("timber", "en")[0] == "bb2025:trait:timmm-ber"
    assert keys("essquivar", "es", current="lrb6")[0] == "lrb6:skill:dodge"


def test_rules_sections_come_before_glossary_entries_of_the_same_name() -> None:
    assert keys("apothecary", "en", current="lrb6")[:2] == ["lrb6:section:apothecary", "lrb6:term:apothecary"]


def test_prefixes_are_highlighted_in_titles_and_snippets() -> None:
    result = search("tentac", "en", current="lrb6")[0]
    assert result.title_html == "<mark>Tentacles</mark>"
    assert "<mark>" in result.snippet_html


# -- the suggestions fragment of the search box (htmx) ----------------------------------------------


def test_suggestions_fragment_is_small_with_the_true_count(client: Client) -> None:
    response = client.get("/en/search/suggest/", {"q": "block"}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html and "<header" not in html  # a fragment, not the page
    assert len(response.content) < 8_000
    assert html.count('class="result"') <= 8
    total = len(search("block", "en", limit=1000))
    assert total > 8
    assert f"See all {total} results" in html
    assert "HX-Request" in response["Vary"]


def test_suggestions_url_without_htmx_answers_the_full_page(client: Client) -> None:
    response = client.get("/es/search/suggest/", {"q": "esquivar"})
    assert response.status_code == 200
    assert "<html" in response.content.decode() and "HX-Request" in response["Vary"]


def test_search_page_counts_every_match_not_just_those_shown(client: Client) -> None:
    html = client.get("/en/search/", {"q": "a"}).content.decode()
    total = len(search("a", "en", limit=10_000))
    assert f"{total} results" in html


def test_read_only_pages_refuse_unsafe_methods(client: Client) -> None:
    assert client.post("/en/search/", {"q": "dodge"}).status_code == 405
    assert client.post("/en/lrb6/skills/").status_code == 405
