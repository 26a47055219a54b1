"""Read-side queries for the pages, the API and the tutorial: what to show. Reads only: URLs are
built by links.py, HTML by rendering/, and nothing here caches. One module on purpose: it is the
house's only door to the content's tables (views and wings never query), so a reader of any page
finds every query it makes here, grouped by kind of item."""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet
from django.http import Http404
from django.utils.translation import gettext as _

from .formatting import collation_key
from .models import (
    GameTable,
    GlossaryTerm,
    Inducement,
    Positional,
    RuleSection,
    Ruleset,
    RuleVariant,
    Skill,
    StarPlayer,
    StartingSkill,
    TableRow,
    Team,
    TeamRule,
    TeamRuleLink,
)
from .search.text import fold
from .translated import all_languages, column, in_language
from .vocab import OLDER_RULESET


def rulesets() -> list[Ruleset]:
    return list(Ruleset.objects.all())


def find_ruleset(key: str) -> Ruleset | None:
    return Ruleset.objects.filter(key=key).first()


def ruleset_or_404(key: str) -> Ruleset:
    found = find_ruleset(key)
    if found is None:
        raise Http404(_("There is no ruleset called “%(key)s”.") % {"key": key})
    return found


# --- page data --------------------------------------------------------------------------------


def chapters(ruleset: Ruleset) -> list[RuleSection]:
    children = Prefetch("children", queryset=RuleSection.objects.order_by("order", "slug"))
    return list(
        RuleSection.objects.filter(ruleset=ruleset, parent=None).order_by("order", "slug").prefetch_related(children)
    )


def section_slugs(ruleset: Ruleset) -> list[str]:
    return list(RuleSection.objects.filter(ruleset=ruleset).values_list("slug", flat=True))


def chapter_or_404(ruleset: Ruleset, slug: str) -> RuleSection:
    try:
        return RuleSection.objects.select_related("ruleset").get(ruleset=ruleset, slug=slug, parent=None)
    except RuleSection.DoesNotExist:
        raise Http404(_("There is no chapter called “%(slug)s”.") % {"slug": slug}) from None


def chapter_sections(chapter: RuleSection) -> list[RuleSection]:
    return list(chapter.children.order_by("order", "slug").select_related("ruleset"))


def sorted_skills(ruleset: Ruleset, lang: str, **filters: str) -> list[Skill]:
    qs = Skill.objects.filter(ruleset=ruleset, **{k: v for k, v in filters.items() if v})
    return sorted(qs.select_related("ruleset"), key=lambda s: collation_key(in_language(s, "name", lang), lang))


def skill_kinds(ruleset: Ruleset) -> list[str]:
    """The kinds (skill, trait) the ruleset has, for the list's filter."""
    return sorted(set(Skill.objects.filter(ruleset=ruleset).values_list("kind", flat=True)))


def find_skill(ruleset: Ruleset, slug: str) -> Skill | None:
    return (
        Skill.objects.select_related("ruleset", "counterpart__ruleset")
        .prefetch_related("related", "counterparts_of__ruleset")
        .filter(ruleset=ruleset, slug=slug)
        .first()
    )


def skill_or_404(ruleset: Ruleset, slug: str) -> Skill:
    found = find_skill(ruleset, slug)
    if found is None:
        raise Http404(_("There is no skill or trait called “%(slug)s”.") % {"slug": slug})
    return found


def related_skills(skill: Skill, lang: str) -> list[Skill]:
    return sorted(skill.related.all(), key=lambda s: collation_key(in_language(s, "name", lang), lang))


def edition_skill_names(ruleset: str, lang: str) -> dict[str, str]:
    """Every skill name of a ruleset in a language, by slug, also under the slug of its counterpart
    in the other edition (so "side-step" names the 2025 Sidestep), in one query."""
    names: dict[str, str] = {}
    aliases: dict[str, str] = {}
    rows = Skill.objects.filter(ruleset__key=ruleset).values_list("slug", column("name", lang), "counterpart__slug")
    for slug, name, counterpart in rows:
        names[slug] = name
        if counterpart:
            aliases[counterpart] = name
    counterparts_of = Skill.objects.filter(ruleset__key=ruleset, counterparts_of__isnull=False).values_list(
        column("name", lang), "counterparts_of__slug"
    )
    for name, other in counterparts_of:
        aliases.setdefault(other, name)
    return {**aliases, **names}


def edition_term_names(ruleset: str, lang: str) -> dict[str, str]:
    """Every glossary term of a ruleset in a language, by slug, in one query."""
    return dict(GlossaryTerm.objects.filter(ruleset__key=ruleset).values_list("slug", column("term", lang)))


def skill_names(ruleset: str, slugs: list[str] | tuple[str, ...], lang: str) -> dict[str, str]:
    """Names of several skills in one query. A 2025 step may name a classic-only skill: the
    classic name is used then. A slug found nowhere is spelt out from the slug."""
    rulesets = [ruleset, *([OLDER_RULESET[ruleset]] if ruleset in OLDER_RULESET else [])]
    found: dict[str, str] = {}
    rows = Skill.objects.filter(ruleset__key__in=rulesets, slug__in=list(slugs)).values_list(
        "ruleset__key", "slug", column("name", lang)
    )
    for _key, slug, name in sorted(rows, key=lambda row: rulesets.index(row[0]), reverse=True):
        if name:
            found[slug] = name
    return {slug: found.get(slug) or slug.replace("-", " ").title() for slug in slugs}


def skill_choices(ruleset: str, lang: str) -> list[tuple[str, str, str]]:
    """(slug, name, category) of every skill and trait of a ruleset, in the language's alphabetical
    order, in one query (the board's skill picker and the check of a position's skills)."""
    rows = Skill.objects.filter(ruleset__key=ruleset).values_list("slug", column("name", lang), "category")
    return sorted(
        ((slug, name or slug, category) for slug, name, category in rows), key=lambda r: collation_key(r[1], lang)
    )


def counterparts(skill: Skill) -> list[Skill]:
    found = [skill.counterpart] if skill.counterpart is not None else []
    found += [s for s in skill.counterparts_of.all() if s not in found]
    return found


def variants_for(ruleset: Ruleset, target: str) -> list[RuleVariant]:
    return [v for v in RuleVariant.objects.filter(ruleset=ruleset) if target in v.applies_to]


def tables(ruleset: Ruleset) -> list[GameTable]:
    return list(GameTable.objects.filter(ruleset=ruleset).order_by("order", "slug"))


def tables_with_rows(ruleset: Ruleset) -> list[GameTable]:
    items = GameTable.objects.filter(ruleset=ruleset).select_related("ruleset", "counterpart__ruleset")
    items = items.prefetch_related("rows")
    return list(items.order_by("order", "slug"))


def tables_for_pages(ruleset: Ruleset) -> QuerySet[GameTable]:
    """The ruleset's tables with the rows their pages read (rulebook/keptrows.py keeps them all)."""
    related = GameTable.objects.select_related("ruleset", "counterpart__ruleset")
    return related.prefetch_related("rows", "counterparts_of__ruleset").filter(ruleset=ruleset)


def find_table(ruleset: Ruleset, slug: str) -> GameTable | None:
    return tables_for_pages(ruleset).filter(slug=slug).first()


def table_counterparts(table: GameTable) -> list[GameTable]:
    """The same table in the other edition (a 2025 table names its classic one; the classic one is
    named by it)."""
    found = [table.counterpart] if table.counterpart is not None else []
    return found + [t for t in table.counterparts_of.all() if t not in found]


def table_or_404(ruleset: Ruleset, slug: str) -> GameTable:
    found = find_table(ruleset, slug)
    if found is None:
        raise Http404(_("There is no table called “%(slug)s”.") % {"slug": slug})
    return found


Concordance = list[tuple[GlossaryTerm, list[tuple[GlossaryTerm, list[tuple[str, str]]]]]]


def glossary_concordance(ruleset: Ruleset, lang: str) -> Concordance:
    """Each term of the ruleset (in the language's order) with its concept's term in every
    language, for this ruleset and the others that name the same concept."""
    terms = sorted(
        GlossaryTerm.objects.filter(ruleset=ruleset).select_related("ruleset"),
        key=lambda t: collation_key(in_language(t, "term", lang), lang),
    )
    others: dict[str, list[GlossaryTerm]] = {}
    for term in GlossaryTerm.objects.exclude(ruleset=ruleset).select_related("ruleset"):
        others.setdefault(term.concept, []).append(term)

    def rows(term: GlossaryTerm) -> list[tuple[GlossaryTerm, list[tuple[str, str]]]]:
        group = [term, *others.get(term.concept, [])]
        return [(t, list(all_languages(t, "term").items())) for t in group]

    return [(term, rows(term)) for term in terms]


def has_differences(ruleset: Ruleset) -> bool:
    """Whether the ruleset's differences page has anything to show: the changes between the Blood
    Bowl editions, or variants of its rules (DreadBall, with one edition and none, has neither)."""
    return ruleset.game == "bloodbowl" or RuleVariant.objects.filter(ruleset=ruleset).exists()


def variants_of(ruleset: Ruleset) -> list[RuleVariant]:
    return list(RuleVariant.objects.filter(ruleset=ruleset).order_by("slug"))


def edition_changes(ruleset: Ruleset, lang: str) -> list[Skill]:
    """Skills of the same game linked to their counterpart in the other edition."""
    linked = (
        Skill.objects.filter(ruleset__game=ruleset.game)
        .exclude(counterpart=None)
        .select_related("ruleset", "counterpart__ruleset")
    )
    return sorted(linked, key=lambda s: collation_key(in_language(s, "name", lang), lang))


ITEM_MODELS = {"skill": Skill, "table": GameTable, "term": GlossaryTerm, "variant": RuleVariant}
LABEL_FIELDS = {"section": "title", "skill": "name", "table": "title", "term": "term", "variant": "title"}


def find_item(
    ruleset: str, kind: str, slug: str
) -> RuleSection | Skill | GameTable | GlossaryTerm | RuleVariant | None:
    """A section, skill, table, term or variant by its ruleset key and slug (None if missing)."""
    if kind == "section":
        return (
            RuleSection.objects.select_related("ruleset", "parent__parent")
            .filter(ruleset__key=ruleset, slug=slug)
            .first()
        )
    model = ITEM_MODELS.get(kind)
    return model.objects.filter(ruleset__key=ruleset, slug=slug).first() if model else None  # type: ignore[attr-defined]


def table_row_names(ruleset: str, table: str, lang: str) -> dict[int, str]:
    """The names of a table's rows in a language, by the lowest roll of each row (one query)."""
    rows = TableRow.objects.filter(table__ruleset__key=ruleset, table__slug=table, range_low__isnull=False)
    return {low: name for low, name in rows.values_list("range_low", column("name", lang)) if name}


def glossary_terms(ruleset: str, slugs: list[str] | tuple[str, ...], lang: str) -> dict[str, str]:
    """Several glossary terms of a ruleset in a language, by slug, in one query (missing ones left out)."""
    rows = GlossaryTerm.objects.filter(ruleset__key=ruleset, slug__in=list(slugs)).values_list(
        "slug", column("term", lang)
    )
    return {slug: term for slug, term in rows if term}


def glossary_term(ruleset: str, slug: str) -> GlossaryTerm | None:
    return GlossaryTerm.objects.filter(ruleset__key=ruleset, slug=slug).first()


# --- teams ------------------------------------------------------------------------------------

TEAM_PREFETCH = (
    "rule_links__rule",
    "positionals__starting_skills__skill__ruleset",
    "positionals__starting_skills__parameter",
)


def teams(ruleset: Ruleset, lang: str, name: str = "", league: str = "", tier: int | None = None) -> list[Team]:
    """The ruleset's teams in the language's alphabetical order, optionally only those whose name
    (in the language or in English) contains `name`, that play in a league, or of a tier."""
    qs = Team.objects.filter(ruleset=ruleset).select_related("ruleset").prefetch_related("rule_links__rule")
    if league:
        qs = qs.filter(rule_links__rule__slug=league, rule_links__rule__kind="league")
    if tier is not None:
        qs = qs.filter(tier=tier)
    wanted = fold(name.strip())

    def matches(team: Team) -> bool:
        english = in_language(team, "name", "en")
        return not wanted or wanted in fold(in_language(team, "name", lang)) or wanted in fold(english)

    found = [team for team in qs.distinct() if matches(team)]
    return sorted(found, key=lambda t: collation_key(in_language(t, "name", lang), lang))


def leagues(ruleset: Ruleset, lang: str) -> list[TeamRule]:
    """The leagues teams of the ruleset play in (2025), for the list's filter."""
    found = TeamRule.objects.filter(ruleset=ruleset, kind="league")
    return sorted(found, key=lambda r: collation_key(in_language(r, "name", lang), lang))


def team_tiers(ruleset: Ruleset) -> list[int]:
    return sorted(set(Team.objects.filter(ruleset=ruleset, tier__gt=0).values_list("tier", flat=True)))


def teams_for_pages(ruleset: Ruleset) -> QuerySet[Team]:
    """The ruleset's teams with the rows their pages read (rulebook/keptrows.py keeps them all)."""
    return Team.objects.select_related("ruleset").prefetch_related(*TEAM_PREFETCH).filter(ruleset=ruleset)


def find_team(ruleset: Ruleset, slug: str) -> Team | None:
    return teams_for_pages(ruleset).filter(slug=slug).first()


def team_or_404(ruleset: Ruleset, slug: str) -> Team:
    found = find_team(ruleset, slug)
    if found is None:
        raise Http404(_("There is no team called “%(slug)s”.") % {"slug": slug})
    return found


def positional_slugs(ruleset_key: str, team_slug: str) -> list[str]:
    """The slugs of a team's positionals (none for an unknown team), without loading the team."""
    rows = Positional.objects.filter(team__ruleset__key=ruleset_key, team__slug=team_slug)
    return list(rows.values_list("slug", flat=True))


def teams_with_rosters(ruleset: Ruleset) -> list[Team]:
    return list(Team.objects.filter(ruleset=ruleset).select_related("ruleset").prefetch_related(*TEAM_PREFETCH))


def team_rule_homes() -> dict[int, str]:
    """The page that stands for each league and team special rule: the team, first by slug, that
    plays under it (rule id → team slug). Every team page shows the rule with the same anchor; a rule
    no team names has no page."""
    homes: dict[int, str] = {}
    for rule_id, team_slug in TeamRuleLink.objects.order_by("team__slug").values_list("rule_id", "team__slug"):
        homes.setdefault(rule_id, team_slug)
    return homes


def team_rules(team: Team) -> list[TeamRule]:
    """The team's leagues, then its special rules, as its roster lists them."""
    return [link.rule for link in team.rule_links.all()]


def positionals_starting_with(skill: Skill, lang: str) -> list[tuple[Team, Positional, StartingSkill]]:
    """Every positional that starts with the skill: (team, positional, the starting skill with its
    parameter), by team name in the language, then roster order."""
    rows = StartingSkill.objects.filter(skill=skill).select_related(
        "positional__team__ruleset", "parameter", "skill__ruleset"
    )
    found = [(row.positional.team, row.positional, row) for row in rows]
    return sorted(found, key=lambda item: (collation_key(in_language(item[0], "name", lang), lang), item[1].position))


def roster_positionals(ruleset_key: str) -> list[Positional]:
    """Every positional of the edition's teams with its team and starting skills (slugs and
    parameters), in roster order: what the board offers to put on the pitch (three queries)."""
    rows = Positional.objects.filter(team__ruleset__key=ruleset_key).select_related("team__ruleset")
    return list(rows.order_by("team__slug", "position").prefetch_related("starting_skills__skill"))


# --- star players and inducements --------------------------------------------------------------

STAR_PREFETCH = (
    "teams",
    "rules",
    "excluded_rules",
    "players__starting_skills__skill__ruleset",
    "players__starting_skills__parameter",
)


def stars(ruleset: Ruleset, lang: str) -> list[StarPlayer]:
    """The ruleset's star players (each hire: a pair is one) in the language's alphabetical order,
    with who they play for and their players."""
    return stars_by_name(star_rows(ruleset), lang)


def star_rows(ruleset: Ruleset) -> list[StarPlayer]:
    """The ruleset's star players with who they play for and their players, in no order."""
    return list(StarPlayer.objects.filter(ruleset=ruleset).select_related("ruleset").prefetch_related(*STAR_PREFETCH))


def stars_by_name(found: list[StarPlayer], lang: str) -> list[StarPlayer]:
    return sorted(found, key=lambda s: collation_key(in_language(s, "name", lang), lang))


def star_or_404(ruleset: Ruleset, slug: str) -> StarPlayer:
    found = (
        StarPlayer.objects.select_related("ruleset")
        .prefetch_related(*STAR_PREFETCH)
        .filter(ruleset=ruleset, slug=slug)
        .first()
    )
    if found is None:
        raise Http404(_("There is no star player called “%(slug)s”.") % {"slug": slug})
    return found


def inducements(ruleset: Ruleset) -> list[Inducement]:
    """The ruleset's inducements in the rulebook's order, with the rules and teams they name."""
    found = Inducement.objects.filter(ruleset=ruleset).select_related("ruleset")
    return list(found.prefetch_related("requires", "modifiers__team", "modifiers__rule"))


def team_rule_names(ruleset: Ruleset, lang: str) -> dict[str, str]:
    """Every league and special rule of the ruleset by slug, in the language."""
    return {rule.slug: in_language(rule, "name", lang) for rule in TeamRule.objects.filter(ruleset=ruleset)}
