"""What a glossary term's own page shows: the term, its concordance (the same concept in every
language and ruleset) and the skill and rules sections it names, each with its page.

A term names the skill of its ruleset with the same slug (the term Block, es "Placaje", and the
skill Block, es "Placar"), and the rules sections whose English title holds every word of its
English name in some form ("Block" → "Blocking", "Block results"); when no title does, the
sections whose text refers to the term ([[term:…]]) stand in for them.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404
from django.utils.translation import gettext as _

from .links import item_url, section_url
from .models import GlossaryTerm, RuleSection, Ruleset, Skill
from .search.text import stem, words
from .translated import all_languages, in_language

MAX_SECTIONS = 4
ENGLISH_STOPWORDS = frozenset({"a", "an", "the", "of", "to", "on", "in", "and", "for"})


@dataclass(frozen=True)
class Link:
    label: str
    url: str


@dataclass(frozen=True)
class TermPage:
    term: GlossaryTerm
    rows: list[tuple[GlossaryTerm, list[tuple[str, str]]]]  # the concept in each ruleset, per language
    skills: list[Link]
    sections: list[Link]


def term_or_404(ruleset: Ruleset, slug: str) -> GlossaryTerm:
    found = GlossaryTerm.objects.filter(ruleset=ruleset, slug=slug).select_related("ruleset").first()
    if found is None:
        raise Http404(_("There is no glossary term called “%(slug)s”.") % {"slug": slug})
    return found


def term_page(term: GlossaryTerm, lang: str) -> TermPage:
    others = GlossaryTerm.objects.filter(concept=term.concept).exclude(pk=term.pk).select_related("ruleset")
    others = others.filter(ruleset__game=term.ruleset.game).order_by("ruleset__order")
    rows = [(t, list(all_languages(t, "term").items())) for t in [term, *others]]
    return TermPage(term, rows, _named_skills(term, lang), _named_sections(term, lang))


def _named_skills(term: GlossaryTerm, lang: str) -> list[Link]:
    skills = Skill.objects.filter(ruleset=term.ruleset, slug=term.slug)
    return [Link(in_language(s, "name", lang), item_url(s.kind, term.ruleset.key, s.slug, lang)) for s in skills]


def _stems(text: str) -> set[str]:
    return {stem(w, "en") for w in words(text) if w not in ENGLISH_STOPWORDS}


def _named_sections(term: GlossaryTerm, lang: str) -> list[Link]:
    wanted = _stems(in_language(term, "term", "en").split("(")[0])
    sections = list(RuleSection.objects.filter(ruleset=term.ruleset).select_related("parent__parent"))
    titled = [s for s in sections if wanted and wanted <= _stems(in_language(s, "title", "en"))]
    if not titled:
        reference = f"[[term:{term.slug}"
        titled = [s for s in sections if reference in in_language(s, "body", "en")]
    titled.sort(key=lambda s: (len(in_language(s, "title", "en")), s.order))
    return [Link(in_language(s, "title", lang), section_url(term.ruleset.key, s, lang)) for s in titled[:MAX_SECTIONS]]
