"""The search documents: one per ruleset, skill, section, table, table row, glossary term, team,
positional, league and team special rule, with their names, aliases, abbreviations and plain text in
every language, built from the content rows."""

from __future__ import annotations

import re
from collections.abc import Callable

from ..links import chapter_of, positional_anchor, team_rule_anchor
from ..models import (
    Figure,
    GameTable,
    GlossaryTerm,
    Inducement,
    RuleSection,
    Ruleset,
    RuleVariant,
    Skill,
    StarPlayer,
    Team,
    TeamRule,
)
from ..rendering.markup import Reference, plain_text
from ..selectors import team_rule_homes
from ..translated import all_languages, in_language
from ..vocab import LANGS
from .index import Document

Labels = dict[tuple[str, str, str], dict[str, str]]  # (ruleset, kind, slug) → language → name


def _langs(obj: object, field: str) -> dict[str, str]:
    return all_languages(obj, field)


def _labels(
    skills: list[Skill], sections: list[RuleSection], tables: list[GameTable], terms: list[GlossaryTerm]
) -> Labels:
    """The name of every item a text can refer to, so that "[[section:armour-rolls]]" reads
    "Tiradas de armadura" in a Spanish snippet, not the slug."""
    labels: Labels = {}
    for kind, items, field in (
        ("skill", skills, "name"),
        ("section", sections, "title"),
        ("table", tables, "title"),
        ("term", terms, "term"),
        ("variant", list(RuleVariant.objects.select_related("ruleset")), "title"),
        ("figure", list(Figure.objects.select_related("ruleset")), "caption"),
        ("team", list(Team.objects.select_related("ruleset")), "name"),
        ("team-rule", list(TeamRule.objects.select_related("ruleset")), "name"),
    ):
        for item in items:
            labels[(item.ruleset.key, kind, item.slug)] = _langs(item, field)
    return labels


def _plain_with(labels: Labels) -> Callable[[object, str, str], dict[str, str]]:
    def plain(obj: object, field: str, ruleset: str) -> dict[str, str]:
        texts = {}
        for lang, text in _langs(obj, field).items():

            def label_for(ref: Reference, lang: str = lang) -> str:
                names = labels.get((ref.ruleset or ruleset, ref.kind, ref.slug), {})
                return names.get(lang) or ref.slug.replace("-", " ")

            texts[lang] = plain_text(text, label_for)
        return texts

    return plain


TABLE_WORDS = {"es": "tabla", "it": "tabella", "fr": "tableau", "en": "table"}
# What players add to a player's name when they ask its price ("coste del matatrolls").
COST_WORDS = {"es": "coste precio", "it": "costo prezzo", "fr": "coût prix", "en": "cost price"}
# "regla especial enjambre", "necromancer special rule": what a team rule is called finds it too.
TEAM_RULE_WORDS = {
    "league": {"es": "liga", "it": "lega", "fr": "ligue", "en": "league"},
    "special-rule": {"es": "regla especial", "it": "regola speciale", "fr": "règle spéciale", "en": "special rule"},
}


# "Agilidad (AG)", "Movement Allowance (MA)": a term's name may carry its abbreviation.
NAME_ABBREVIATION_RE = re.compile(r"\((?P<abbreviation>[A-Z][A-Za-z.]{0,5})\)\s*$")
# Among the other names readers use (``aliases`` in the content), the abbreviations players write:
# one short token with a capital ("MB", "TZ", "NoS", "LoS", "K.O."), matched whole and strongly.
ABBREVIATION_RE = re.compile(r"^(?=[^a-z]*[A-Z])[A-Za-z][A-Za-z.']{0,4}$")


def is_abbreviation(name: str) -> bool:
    return bool(ABBREVIATION_RE.match(name)) and not name.istitle()


def _add_own_aliases(document: Document, obj: object) -> None:
    """The other names readers of each language use for the item (its ``aliases``), in that
    language; abbreviations among them, and the one in the item's name, as abbreviations."""
    for lang, names in (getattr(obj, "aliases", None) or {}).items():
        for name in names:
            if is_abbreviation(name):
                document.abbreviations.setdefault(lang, []).append(name)
            else:
                _add_aliases(document, {lang: name})
    for lang, name in document.names.items():
        in_name = NAME_ABBREVIATION_RE.search(name or "")
        if in_name and in_name["abbreviation"] not in document.abbreviations.get(lang, []):
            document.abbreviations.setdefault(lang, []).append(in_name["abbreviation"])


def _add_aliases(document: Document, names: dict[str, str]) -> None:
    for lang, name in names.items():
        if name and name != document.names.get(lang):
            document.aliases.setdefault(lang, []).append(name)


def build_documents() -> list[Document]:
    skills = list(Skill.objects.select_related("ruleset"))
    sections = list(RuleSection.objects.select_related("ruleset", "parent__parent"))
    tables = list(GameTable.objects.select_related("ruleset").prefetch_related("rows"))
    terms = list(GlossaryTerm.objects.select_related("ruleset"))
    plain = _plain_with(_labels(skills, sections, tables, terms))
    # The rulesets themselves: "dreadball", "règles classiques" or "2025" alone find the ruleset's page.
    documents: list[Document] = [
        Document(
            "ruleset", ruleset.key, ruleset.key, _langs(ruleset, "name"), plain(ruleset, "description", ruleset.key)
        )
        for ruleset in Ruleset.objects.all()
    ]
    skill_documents: dict[int, Document] = {}
    for skill in skills:
        key = skill.ruleset.key
        document = Document(skill.kind, key, skill.slug, _langs(skill, "name"), plain(skill, "text", key))
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
    for section in sections:
        chapter = chapter_of(section)
        documents.append(
            Document(
                "section",
                section.ruleset.key,
                section.slug,
                _langs(section, "title"),
                plain(section, "body", section.ruleset.key),
                parent_slug=chapter.slug,
            )
        )
    for table in tables:
        key = table.ruleset.key
        document = Document("table", key, table.slug, _langs(table, "title"), plain(table, "description", key))
        # "tabella popolarità", "tableau météo": the word for a table finds tables whose title lacks it.
        for lang, title in document.names.items():
            if TABLE_WORDS[lang] not in title.casefold():
                document.aliases.setdefault(lang, []).append(f"{TABLE_WORDS[lang]} {title}")
        documents.append(document)
        for row in table.rows.all():
            names = _langs(row, "name")
            titles = {
                lang: f"{in_language(table, 'title', lang)} {row.range_text}: {names[lang]}".rstrip(": ")
                for lang in LANGS
            }
            row_document = Document(
                "row",
                key,
                f"{table.slug}-{row.position}",
                titles,
                plain(row, "effect", key),
                anchor=f"row-{row.position}",
                parent_slug=table.slug,
            )
            _add_own_aliases(row_document, row)  # "BH", "SI": what players call the result
            documents.append(row_document)
    documents += _team_documents()
    documents += _team_rule_documents(plain)
    documents += _star_documents(plain)
    documents += [
        Document("inducement", i.ruleset.key, i.slug, _langs(i, "name"), plain(i, "text", i.ruleset.key))
        for i in Inducement.objects.select_related("ruleset")
    ]
    # Glossary terms of the same concept in the other rulesets of the same game are aliases too.
    concepts: dict[tuple[str, str], list[Document]] = {}
    for term in terms:
        document = Document(
            "term", term.ruleset.key, term.slug, _langs(term, "term"), plain(term, "definition", term.ruleset.key)
        )
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
                [plain_text(in_language(team, "description", lang))]
                + [in_language(p, "name", lang) for p in positionals]
            )
            for lang in LANGS
        }
        document = Document("team", team.ruleset.key, team.slug, names, texts)
        _add_aliases(document, {"it": names["en"]})  # Italian players type the English name
        _add_own_aliases(document, team)  # a former or community name ("Morts-Vivants Titubants")
        documents.append(document)
        for positional in positionals:
            titles = {lang: f"{in_language(positional, 'name', lang)} · {names[lang]}" for lang in LANGS}
            skills = {
                lang: ", ".join(in_language(s.skill, "name", lang) for s in positional.starting_skills.all())
                + f". {COST_WORDS[lang]} {positional.cost}"  # "bull centaur cost" finds the player
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
            _add_aliases(positional_document, {"it": titles["en"]})
            _add_own_aliases(positional_document, positional)  # "Rouleau Compresseur", the Deathroller
            documents.append(positional_document)
    return documents


def _star_documents(plain: Callable[[object, str, str], dict[str, str]]) -> list[Document]:
    """A star player (one hire: a pair is one document), found by his name, each of his players'
    names ("Grak" finds Grak and Crumbleberry) and the English ones; its text is his special rule
    and his players' skills."""
    documents: list[Document] = []
    stars = StarPlayer.objects.select_related("ruleset").prefetch_related("players__starting_skills__skill")
    for star in stars:
        key = star.ruleset.key
        rule = plain(star, "rule_text", key)
        players = list(star.players.all())
        texts = {
            lang: " ".join(
                [in_language(star, "rule_name", lang), rule[lang]]
                + [in_language(s.skill, "name", lang) for p in players for s in p.starting_skills.all()]
            ).strip()
            for lang in LANGS
        }
        document = Document("star", key, star.slug, _langs(star, "name"), texts)
        for player in players if len(players) > 1 else []:
            _add_aliases(document, _langs(player, "name"))
        _add_aliases(document, {lang: in_language(star, "name", "en") for lang in LANGS})
        documents.append(document)
    return documents


def _team_rule_documents(plain: Callable[[object, str, str], dict[str, str]]) -> list[Document]:
    """Each league and team special rule, on the page of the first team (by slug) that plays under it,
    found by its name, its text and the names of the teams that have it ("swarming snotling")."""
    documents: list[Document] = []
    homes = team_rule_homes()
    for rule in TeamRule.objects.select_related("ruleset").prefetch_related("team_links__team"):
        if rule.pk not in homes:
            continue
        key = rule.ruleset.key
        teams = [link.team for link in rule.team_links.all()]
        words = TEAM_RULE_WORDS.get(rule.kind, {})
        texts = {
            lang: " ".join([text, words.get(lang, ""), *(in_language(team, "name", lang) for team in teams)])
            for lang, text in plain(rule, "text", key).items()
        }
        document = Document(
            rule.kind,
            key,
            rule.slug,
            _langs(rule, "name"),
            texts,
            anchor=team_rule_anchor(rule.slug),
            parent_slug=homes[rule.pk],
        )
        _add_aliases(document, {"it": document.names["en"]})  # Italian players type the English name
        _add_own_aliases(document, rule)  # a former French name ("Pots-de-vin et Corruption")
        documents.append(document)
    return documents
