"""The search documents: one per skill, section, table, table row and glossary term, with their
names, aliases and plain text in every language, built from the content rows."""

from __future__ import annotations

from ..links import chapter_of, positional_anchor
from ..models import GameTable, GlossaryTerm, RuleSection, Skill, Team
from ..rendering.markup import plain_text
from ..vocab import LANGS
from .index import Document


def _langs(obj: object, field: str) -> dict[str, str]:
    return {lang: getattr(obj, f"{field}_{lang}") or "" for lang in LANGS}


def _plain(obj: object, field: str) -> dict[str, str]:
    return {lang: plain_text(text) for lang, text in _langs(obj, field).items()}


TABLE_WORDS = {"es": "tabla", "it": "tabella", "fr": "tableau", "en": "table"}


def _add_aliases(document: Document, names: dict[str, str]) -> None:
    for lang, name in names.items():
        if name and name != document.names.get(lang):
            document.aliases.setdefault(lang, []).append(name)


def _add_own_aliases(document: Document, obj: Skill | GlossaryTerm) -> None:
    """The other names readers of each language use for the item (``aliases``), in that language."""
    for lang, names in (obj.aliases or {}).items():
        for name in names:
            _add_aliases(document, {lang: name})


def build_documents() -> list[Document]:
    documents: list[Document] = []
    skill_documents: dict[int, Document] = {}
    skills = list(Skill.objects.select_related("ruleset"))
    for skill in skills:
        document = Document(skill.kind, skill.ruleset.key, skill.slug, _langs(skill, "name"), _plain(skill, "text"))
        _add_own_aliases(document, skill)
        skill_documents[skill.pk] = document
        documents.append(document)
    # A skill is also found by the names of its counterpart in the other edition (Italian players on
    # the bb2025 pages, whose names stay in English, still type "Testa Dura"), and the other way round.
    for skill in skills:
        if skill.counterpart_id in skill_documents:
            document, counterpart = skill_documents[skill.pk], skill_documents[skill.counterpart_id]
            _add_aliases(document, counterpart.names)
            _add_aliases(counterpart, document.names)
    sections = RuleSection.objects.select_related("ruleset", "parent__parent")
    for section in sections:
        chapter = chapter_of(section)
        documents.append(
            Document(
                "section",
                section.ruleset.key,
                section.slug,
                _langs(section, "title"),
                _plain(section, "body"),
                parent_slug=chapter.slug,
            )
        )
    for table in GameTable.objects.select_related("ruleset").prefetch_related("rows"):
        document = Document(
            "table", table.ruleset.key, table.slug, _langs(table, "title"), _plain(table, "description")
        )
        # "tabella popolarità", "tableau météo": the word for a table finds tables whose title lacks it.
        for lang, title in document.names.items():
            if TABLE_WORDS[lang] not in title.casefold():
                document.aliases.setdefault(lang, []).append(f"{TABLE_WORDS[lang]} {title}")
        documents.append(document)
        for row in table.rows.all():
            names = _langs(row, "name")
            titles = {
                lang: f"{getattr(table, f'title_{lang}')} {row.range_text}: {names[lang]}".rstrip(": ")
                for lang in LANGS
            }
            documents.append(
                Document(
                    "row",
                    table.ruleset.key,
                    f"{table.slug}-{row.position}",
                    titles,
                    _plain(row, "effect"),
                    anchor=f"row-{row.position}",
                    parent_slug=table.slug,
                )
            )
    documents += _team_documents()
    # Glossary terms of the same concept in the other rulesets of the same game are aliases too.
    concepts: dict[tuple[str, str], list[Document]] = {}
    for term in GlossaryTerm.objects.select_related("ruleset"):
        document = Document("term", term.ruleset.key, term.slug, _langs(term, "term"), _plain(term, "definition"))
        _add_own_aliases(document, term)
        documents.append(document)
        concepts.setdefault((term.ruleset.game, term.concept or term.slug), []).append(document)
    for group in concepts.values():
        for document in group:
            for other in group:
                if other is not document:
                    _add_aliases(document, other.names)
    return documents


def _team_documents() -> list[Document]:
    """A team (its name, found with its description and positionals) and each positional, named with
    its team ("Blitzer · Humanos"), so "blitzer humano" or "goblin" finds the player and the team."""
    documents: list[Document] = []
    teams = Team.objects.select_related("ruleset").prefetch_related(
        "positionals__starting_skills__skill", "positionals__starting_skills__parameter"
    )
    for team in teams:
        names = _langs(team, "name")
        positionals = list(team.positionals.all())
        texts = {
            lang: " ".join(
                [plain_text(getattr(team, f"description_{lang}") or "")]
                + [getattr(p, f"name_{lang}") for p in positionals]
            )
            for lang in LANGS
        }
        document = Document("team", team.ruleset.key, team.slug, names, texts)
        _add_aliases(document, dict.fromkeys(LANGS, names["en"]))  # Italian players type the English name
        documents.append(document)
        for positional in positionals:
            titles = {lang: f"{getattr(positional, f'name_{lang}')} · {names[lang]}" for lang in LANGS}
            skills = {
                lang: ", ".join(getattr(s.skill, f"name_{lang}") for s in positional.starting_skills.all())
                for lang in LANGS
            }
            positional_document = Document(
                "positional",
                team.ruleset.key,
                f"{team.slug}-{positional.slug}",
                titles,
                skills,
                anchor=positional_anchor(positional.slug),
                parent_slug=team.slug,
            )
            _add_aliases(positional_document, dict.fromkeys(LANGS, titles["en"]))
            documents.append(positional_document)
    return documents
