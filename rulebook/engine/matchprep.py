"""A side's shopping before a match: what its inducements and star players cost, and which rules
the choice breaks (the purse comes from Edition.match_purse, the prices and limits from hiring.py).

Rules checked, both editions: an inducement's own limit (0: none of its own); a star plays only for
the teams he names (hiring_routes) and is hired at most once; at most `star_limit` stars (the
"Star Players" inducement's limit, 0-2 in both books); at most `mercenary_limit` mercenaries (0-3
in 2025; 0: none of its own, classic); the total within the purse. A mercenary costs his
positional's price plus the inducement's extra cost, plus its skill cost for one extra skill
(mercenary_cost). The gold beyond
the petty cash comes from the treasury (Purse.from_treasury: in 2025 only what is beyond it; in the
classic rules all of it). Petty cash not spent is lost.
"""

from __future__ import annotations

from dataclasses import dataclass

from .purse import Purse

STAR = "star"
INDUCEMENT = "inducement"
MERCENARY = "mercenary"

# Problem codes
OVER_LIMIT = "over-limit"  # more of one inducement than its limit
NOT_ALLOWED = "not-allowed"  # a star who does not play for this team, an inducement it may not take
TOO_MANY_STARS = "too-many-stars"
TOO_MANY_MERCENARIES = "too-many-mercenaries"
OVER_PURSE = "over-purse"


@dataclass(frozen=True, slots=True)
class MatchLine:
    key: str  # the inducement's or star's slug
    kind: str  # STAR or INDUCEMENT
    cost: int  # for this team (hiring.inducement_terms)
    maximum: int  # 0: no limit of its own
    count: int
    allowed: bool = True


@dataclass(frozen=True, slots=True)
class MatchProblem:
    code: str
    key: str = ""
    limit: int = 0


@dataclass(frozen=True, slots=True)
class MatchSheet:
    purse: Purse
    spent: int
    from_treasury: int  # the part of `spent` beyond the petty cash
    left: int  # purse.total - spent (negative when over)
    problems: tuple[MatchProblem, ...]

    @property
    def legal(self) -> bool:
        return not self.problems


def _line_problems(line: MatchLine) -> list[MatchProblem]:
    if line.count and not line.allowed:
        return [MatchProblem(NOT_ALLOWED, line.key)]
    maximum = 1 if line.kind == STAR else line.maximum
    if maximum and line.count > maximum:
        return [MatchProblem(OVER_LIMIT, line.key, maximum)]
    return []


def mercenary_cost(positional_cost: int, extra_cost: int, skill_cost: int, extra_skill: bool) -> int:
    """Classic and 2025 alike: positional + 30,000, and + 50,000 for one extra skill (the content's
    extra_cost and skill_cost; two sources each in the inducements' SOURCES.md)."""
    return positional_cost + extra_cost + (skill_cost if extra_skill else 0)


def _counted(lines: tuple[MatchLine, ...], kind: str) -> int:
    return sum(line.count for line in lines if line.kind == kind)


def price_match(purse: Purse, lines: tuple[MatchLine, ...], star_limit: int, mercenary_limit: int = 0) -> MatchSheet:
    problems = [problem for line in lines for problem in _line_problems(line)]
    if _counted(lines, STAR) > star_limit:
        problems.append(MatchProblem(TOO_MANY_STARS, limit=star_limit))
    if mercenary_limit and _counted(lines, MERCENARY) > mercenary_limit:
        problems.append(MatchProblem(TOO_MANY_MERCENARIES, limit=mercenary_limit))
    spent = sum(line.cost * line.count for line in lines)
    if spent > purse.total:
        problems.append(MatchProblem(OVER_PURSE, limit=purse.total))
    from_treasury = purse.from_treasury(spent)
    return MatchSheet(purse, spent, from_treasury, purse.total - spent, tuple(problems))
