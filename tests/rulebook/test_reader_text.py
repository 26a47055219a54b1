"""What readers see: no editors' notes on a page. What another language's readers call an item is
shown in that language only (``aliases``: "Also called"), and ``translator_note`` never at all.

One sweep per language reads every reference page of that language once and makes every check of
it (four tests, which the workers share: no language is rendered twice)."""

from __future__ import annotations

import re
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


def rendered(lang: str) -> dict[str, str]:
    """Every reference page of a language ({url: HTML}), rendered once for all the checks of that
    language's sweep below (one test per language, so the workers share the four)."""
    client = Client()
    return {url: page_html(client, url) for url in every_page(lang)}


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
@pytest.mark.content_sweep
@pytest.mark.parametrize("lang", ["es", "it", "fr", "en"])
def test_every_page_reads_as_a_page_for_readers(lang: str) -> None:
    """Every reference page of the language, read once: no talk about sources or (outside Italian)
    of Italian names, every alias of the language shown on its skill page, no translator note."""
    pages = rendered(lang)
    assert_no_source_talk(pages, lang)
    assert_aliases_shown(pages, lang)
    assert_no_translator_note(pages, lang)


def assert_no_source_talk(pages: dict[str, str], lang: str) -> None:
    found = {}
    for url, html in pages.items():
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


def assert_aliases_shown(pages: dict[str, str], lang: str) -> None:
    skills = [s for s in Skill.objects.select_related("ruleset") if s.aliases]
    assert skills, "the real content has skills with aliases"
    for skill in skills:
        text = text_of_main(pages[f"/{lang}/{skill.ruleset.key}/skills/{skill.slug}/"])
        for name in skill.aliases.get(lang, []):
            assert name in text, (skill.slug, lang, name)


def assert_no_translator_note(pages: dict[str, str], lang: str) -> None:
    skills = [s for s in Skill.objects.select_related("ruleset") if s.translator_note]
    terms = [t for t in GlossaryTerm.objects.select_related("ruleset") if t.translator_note]
    assert len(skills) == Skill.objects.count(), "every skill's name choice is explained"
    for skill in skills:
        assert skill.translator_note not in unescape(pages[f"/{lang}/{skill.ruleset.key}/skills/{skill.slug}/"]), (
            skill.slug
        )
    glossaries = {
        key: unescape(pages[f"/{lang}/{key}/glossary/"]) for key in Ruleset.objects.values_list("key", flat=True)
    }
    for term in terms:
        assert term.translator_note not in glossaries[term.ruleset.key], term.slug


def test_an_alias_finds_the_item_in_search() -> None:
    from rulebook.search.results import search

    term = GlossaryTerm.objects.filter(ruleset__key="lrb6").first()
    term.aliases = {"it": ["Quisquilia"]}
    term.save()  # bumps the content version: the index is rebuilt
    assert [(r.ruleset, r.slug) for r in search("quisquilia", "it")][:1] == [("lrb6", term.slug)]
