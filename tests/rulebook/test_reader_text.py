"""What readers see: no editors' notes on a page. What another language's readers call an item is
shown in that language only (``aliases``: "Also called"), and ``translator_note`` never at all.

The sweeps read every reference page of a language; each page is rendered once per language and
worker (the `pages` fixture), and every sweep reads that HTML."""

from __future__ import annotations

import re
from collections.abc import Callable
from html import unescape

import pytest
from django.test import Client

from rulebook.models import GameTable, GlossaryTerm, RuleSection, Ruleset, Skill
from rulebook.selectors import has_differences

pytestmark = pytest.mark.django_db

# Italian, Italians, Italy in the four languages ("italiano", "italienne", "Italia", "italians").
ITALIAN_RE = re.compile(r"\bital(?:ia|ie|y\b)\w*", re.IGNORECASE)
# Parts of a page that name languages or sources by design (interface text, not content): the
# glossary's concordance table (a column per language), the source label of a variant ("an Italian
# tutorial for newcomers") and the differences page's introduction to the variants.
BY_DESIGN_RE = re.compile(
    r'<table class="concordance[^"]*">.*?</table>|<(span|p) class="source">.*?</\1>|<h2 id="h-variants">.*?</p>',
    re.DOTALL,
)


def page_html(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return str(response.content.decode())


def text_of_main(html: str) -> str:
    """The readable text of the page's <main>, without the parts that name languages by design."""
    main = html[html.index("<main") : html.index("</main>")]
    return unescape(re.sub(r"<[^>]+>", " ", BY_DESIGN_RE.sub(" ", main)))


def main_text(client: Client, url: str) -> str:
    return text_of_main(page_html(client, url))


def reader_urls(lang: str) -> list[str]:
    urls = [f"/{lang}/{s.ruleset.key}/skills/{s.slug}/" for s in Skill.objects.select_related("ruleset")]
    return urls + [f"/{lang}/{key}/glossary/" for key in Ruleset.objects.values_list("key", flat=True)]


Pages = Callable[[str], dict[str, str]]  # language → {url: HTML} of every_page(language)


@pytest.fixture(scope="session")
def pages() -> Pages:
    """Every reference page of a language, rendered once (on first use, inside that test's
    database access) for all the sweeps that read it. Pages of the real content, which no test
    leaves changed (database tests roll back, browser tests put it back); session-wide because
    the sweeps need not run next to each other (tests/conftest.py orders the slow ones first)."""
    rendered: dict[str, dict[str, str]] = {}

    def of(lang: str) -> dict[str, str]:
        if lang not in rendered:
            client = Client()
            rendered[lang] = {url: page_html(client, url) for url in every_page(lang)}
        return rendered[lang]

    return of


def test_the_sweeps_read_every_skill_and_glossary_page() -> None:
    """The Italian-names check of every skill and glossary page outside Italian is part of the one
    sweep per language below (it reads every page once); here, that those pages are all in it."""
    urls = reader_urls("fr")
    assert len(urls) == Skill.objects.count() + Ruleset.objects.count()
    assert set(urls) <= set(every_page("fr"))


# Talk about where a text comes from: seeds, numbered source texts, "the source text" in four languages.
SOURCE_TALK_RE = re.compile(
    r"\bseeds?\b|\btext[oe]? 0\d\d|\btesto 0\d\d|source text|texto de (?:origen|partida)|testo di partenza"
    r"|texte (?:source|d'origine)|\bguía (?:española|italiana)|\bguida (?:spagnola|italiana)|\bguide (?:espagnol|italien)"
    r"|Spanish guide|Italian (?:guide|tutorial)",
    re.IGNORECASE,
)


def every_page(lang: str) -> list[str]:
    """Every reference page of every ruleset: home, chapters, skills, tables, glossary, differences."""
    urls = reader_urls(lang)
    for ruleset in Ruleset.objects.all():
        key = ruleset.key
        urls += [f"/{lang}/{key}/", f"/{lang}/{key}/skills/", f"/{lang}/{key}/tables/"]
        if has_differences(ruleset):  # DreadBall has none: its page answers 404
            urls.append(f"/{lang}/{key}/differences/")
    urls += [
        f"/{lang}/{s.ruleset.key}/rules/{s.slug}/"
        for s in RuleSection.objects.filter(parent=None).select_related("ruleset")
    ]
    urls += [f"/{lang}/{t.ruleset.key}/tables/{t.slug}/" for t in GameTable.objects.select_related("ruleset")]
    return urls


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["es", "it", "fr", "en"])
def test_no_page_talks_about_sources_or_other_languages_names(pages: Pages, lang: str) -> None:
    found = {}
    for url, html in pages(lang).items():
        text = text_of_main(html)
        match = SOURCE_TALK_RE.search(text) or (lang != "it" and ITALIAN_RE.search(text))
        if match:
            found[url] = match.group(0)
    assert not found, f"{len(found)} page(s): " + ", ".join(f"{url} «{m}»" for url, m in list(found.items())[:10])


def test_the_checker_of_italian_mentions_can_fail(client: Client) -> None:
    skill = Skill.objects.get(ruleset__key="lrb6", slug="dodge")
    skill.text_fr += "\n\nLes coachs italiens disent Dodge."
    skill.save()  # rolled back with the test's transaction
    assert ITALIAN_RE.search(main_text(client, "/fr/lrb6/skills/dodge/"))
    section = RuleSection.objects.get(ruleset__key="lrb6", slug="dodging")
    section.body_es += "\n\nLa guía española (texto 000) lo explica de otro modo."
    section.save()
    assert SOURCE_TALK_RE.search(main_text(client, f"/es/lrb6/rules/{section.parent.slug}/"))


def test_an_italian_page_shows_the_alias_and_other_languages_do_not(client: Client) -> None:
    skill = Skill.objects.get(ruleset__key="lrb6", slug="dodge")
    assert skill.name_it == "Schivare" and skill.aliases == {"it": ["Dodge"]}
    assert re.search(r"Si dice anche:\s*Dodge", main_text(client, "/it/lrb6/skills/dodge/"))
    for lang in ("es", "fr", "en"):
        html = client.get(f"/{lang}/lrb6/skills/dodge/").content.decode()
        assert 'class="aliases"' not in html, lang


@pytest.mark.slow
def test_every_alias_is_shown_on_its_language_page(pages: Pages) -> None:
    skills = [s for s in Skill.objects.select_related("ruleset") if s.aliases]
    assert skills, "the real content has skills with aliases"
    for skill in skills:
        for lang, names in skill.aliases.items():
            text = text_of_main(pages(lang)[f"/{lang}/{skill.ruleset.key}/skills/{skill.slug}/"])
            for name in names:
                assert name in text, (skill.slug, lang, name)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["es", "it", "fr", "en"])
def test_translator_notes_never_appear_on_a_page(pages: Pages, lang: str) -> None:
    skills = [s for s in Skill.objects.select_related("ruleset") if s.translator_note]
    terms = [t for t in GlossaryTerm.objects.select_related("ruleset") if t.translator_note]
    assert len(skills) == Skill.objects.count(), "every skill's name choice is explained"
    html = pages(lang)
    for skill in skills:
        assert skill.translator_note not in unescape(html[f"/{lang}/{skill.ruleset.key}/skills/{skill.slug}/"]), (
            skill.slug
        )
    glossaries = {
        key: unescape(html[f"/{lang}/{key}/glossary/"]) for key in Ruleset.objects.values_list("key", flat=True)
    }
    for term in terms:
        assert term.translator_note not in glossaries[term.ruleset.key], term.slug


def test_an_alias_finds_the_item_in_search() -> None:
    from rulebook.search.results import search

    term = GlossaryTerm.objects.filter(ruleset__key="lrb6").first()
    term.aliases = {"it": ["Quisquilia"]}
    term.save()  # bumps the content version: the index is rebuilt
    assert [(r.ruleset, r.slug) for r in search("quisquilia", "it")][:1] == [("lrb6", term.slug)]
