"""The odds language of a whole turn, and its short share code (grammar and examples in README.md).

    bb2025;rr2;runner=dodge,sure-feet;ogre=loner:4,mighty-blow;runner.dodge:3,gfi,ogre.block:2d/dodge,armour:9/ko

Parts separated by ";": the edition (lrb6, bb2025), the team re-rolls (rr2), each player
(name=skill,skill,loner:4,st:4) and the steps (comma-separated, in order). A step is
[?|!][player.]kind[:value][/option...]: "?" runs it only after the previous roll's branch result,
"!" only after it missed its goal without a turnover;
without a player it is made by the previous step's player. Values are what coaches type ("4+",
"2D", "-2D", "AV8", "8+"). This module only reads and writes the language: the engine computes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from rulebook.engine import (
    CHAIN_KINDS,
    D6_KINDS,
    OPPONENT_SKILLS,
    PLAYER_SKILLS,
    ST_KINDS,
    Turn,
    TurnPlayer,
    TurnStep,
    get_edition,
)
from rulebook.engine import SKILL_ALIASES as ALIASES
from rulebook.engine import (
    TURN_REROLL_CHOICES as REROLL_CHOICES,
)
from rulebook.portable.i18n import gettext_noop
from rulebook.vocab import BLOOD_BOWL_EDITIONS

from .classic import (
    ARMOUR_RANGE,
    BLOCK_DICE,
    BLOCK_DICE_PAGE,
    D6_RANGE,
    MAX_STEPS,
    NO_STEPS,
    NO_STEPS_PAGE,
    NO_VALUE,
    NOT_A_NUMBER,
    ONE_DIE,
    ONE_DIE_PAGE,
    TOO_MANY_STEPS,
    OddsError,
)

MAX_PLAYERS = 3
MAX_TEAM_REROLLS = 8
DEFAULT_PLAYER = "player"
KIND_ALIASES = {
    "gfi": "rush",
    "go-for-it": "rush",
    "armor": "armour",
    "av": "armour",
    "hand-off": "handoff",
    "hmp": "hailmary",
    "hail-mary": "hailmary",
    "landing": "land",
    "jump": "leap",
    "d6": "roll",
    "pick-up": "pickup",
    "hypnotic-gaze": "gaze",
    "ball-and-chain": "chain",
}
CODE_KIND = {"rush": "gfi"}  # the classic short name stays the share code's
DEFAULT_VALUE = {"rush": 2, "hailmary": 2, "chain": 1, "block": 1, "armour": 8, "foul": 8, "chainsaw": 8, "stab": 8}
GOALS = {"block": ("down", "push", "safe"), **dict.fromkeys(CHAIN_KINDS, ("break", "ko", "cas"))}
FLAGS, FOUL_FLAGS, STAB_FLAGS = ("blitz", "crowd", "pair"), ("bribe", "argue", "pair"), ("pair",)  # pair: a star pair
VICTIM_KEYWORDS = ("big-guy", "dwarf")  # an armour step's victim, for a star's help (2025 Slayer, Dwarven Scourge)
# A number option: the step's attribute it sets, its bounds, the kinds of roll it belongs to.
NUMBER_OPTIONS = {
    "f": ("fumble", 1, 5, ("pass", "hailmary", "ttm", "bomb")),
    "int": ("intercept", 2, 9, ("pass", "bomb")),
    "catch": ("catcher", 2, 9, ("bomb",)),  # the player in the bomb's square, who tries to catch it
    "tentacles": ("tentacles", 1, 8, ("dodge", "leap")),
    "shadow": ("shadowing", 1, 9, ("dodge",)),
    "a": ("assists", -6, 6, ("foul",)),
    "neg": ("negatives", 0, 6, ("leap",)),  # 2025 Bounding Leap ignores them
}
VALUED_SKILLS = ("mighty-blow", "dirty-player")  # a player's `mighty-blow:2` (the edition says which values)
D6_LIMITS = (1, 9)  # before the roller's own modifiers: 7+ is reached with Break Tackle, 1 always fails
ST_LIMITS = (1, 10)
WAYS = (1, 2)  # a Ball & Chain square: how many of the throw-in template's three ways will do
SHORTCUTS = {"dt": "diving-tackle"}
NAME_RE = re.compile(r"^[a-z][a-z0-9-]{0,11}$")
VALUE_RE = re.compile(r"^(?P<sign>[-−+]?)\s*(?P<av>av|ar)?\s*(?P<n>\d{1,2})\s*(?P<suffix>\+|d)?$")  # AR: es, fr

# Messages (English for the API; translated on the page through calculator.page_error).
UNKNOWN_KIND = gettext_noop(
    "unknown step (use dodge, gfi, pickup, catch, handoff, pass, hailmary, ttm, land, leap, gaze, roll, "
    "fury, bomb, chain, dauntless, tentacles, block, armour, foul, chainsaw, stab)"
)
# "chain": the share code's word, typed the same in every language (no edition's term for the template)
CHAIN_WAYS = gettext_noop("a chain step says how many of the template's 3 ways will do: 1 or 2")
ST_RANGE = gettext_noop("a Strength must be between 1 and 10")
UNKNOWN_KIND_PAGE = gettext_noop("unknown kind of roll")
UNKNOWN_OPTION = gettext_noop("“%(option)s” is not an option of this roll")
BOTH_MARKS = gettext_noop("a roll follows either the branch result (“?”) or a miss (“!”), not both")
BAD_CHOICE = gettext_noop("“%(choice)s” is not a re-roll choice (choose %(choices)s)")
BAD_GOAL = gettext_noop("“%(goal)s” is not a goal of this roll (choose %(goals)s)")
NUMBER_RANGE = gettext_noop("%(option)s must be a whole number from %(lo)s to %(hi)s")
BAD_PLAYER_NAME = gettext_noop("a player's name is 1 to 12 lower-case letters, digits or hyphens")
UNKNOWN_SKILL = gettext_noop("the odds do not know the skill “%(skill)s”")
TOO_MANY_PLAYERS = gettext_noop("at most %(max)s players")
TWICE = gettext_noop("the player “%(name)s” is described twice")
BAD_SETTING = gettext_noop("“%(text)s” is neither an edition, nor rrN, nor a player, nor a list of steps")
TEAM_RANGE = gettext_noop("must be between 0 and %(max)s")
ARMOUR_PLUS_RANGE = gettext_noop("the roll to break armour must be between 3 and 12")


@dataclass(frozen=True)
class Sequence:
    """A whole turn as the language says it."""

    edition: str
    team_rerolls: int
    players: tuple[TurnPlayer, ...]
    steps: tuple[TurnStep, ...]

    def turn(self) -> Turn:
        return Turn(self.steps, self.players, self.team_rerolls)

    def code(self) -> str:
        """The canonical share code (what the page puts in its URL)."""
        return format_code(self)


def _int(text: str, subject: str) -> int:
    if not text.strip():
        raise OddsError(subject, NO_VALUE)
    cleaned = text.strip()
    digits = cleaned.lstrip("+-−")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 3:
        raise OddsError(subject, NOT_A_NUMBER, text=text[:12])
    return -int(digits) if cleaned[:1] in "-−" else int(digits)


def parse_value(kind: str, text: str, edition: str, subject: str) -> tuple[int, bool]:
    """(value, the defender chooses) from what a coach types: "4+", "2D", "-2D", "AV8", "8+"."""
    raw = text.strip().lower().replace(" ", "")
    if not raw:
        if kind in DEFAULT_VALUE:
            return DEFAULT_VALUE[kind], False
        raise OddsError(subject, NO_VALUE)
    match = VALUE_RE.match(raw)
    if match is None:
        raise OddsError(subject, NOT_A_NUMBER, text=text[:12])
    n, negative, suffix = int(match["n"]), match["sign"] in ("-", "−"), match["suffix"]
    if kind == "block":
        if not 1 <= n <= 3 or match["av"] or suffix == "+":
            raise OddsError(subject, BLOCK_DICE, BLOCK_DICE_PAGE)
        if negative and n == 1:
            raise OddsError(subject, ONE_DIE, ONE_DIE_PAGE)
        return n, negative
    if negative or suffix == "d":
        raise OddsError(subject, NOT_A_NUMBER, text=text[:12])
    if kind in CHAIN_KINDS:
        if suffix == "+" and not match["av"]:  # the roll needed: the armour value below it in the classic notation
            if not 3 <= n <= 12:
                raise OddsError(subject, ARMOUR_PLUS_RANGE)
            n = n if get_edition(edition).av_is_target else n - 1
        if not 2 <= n <= 12:
            raise OddsError(subject, ARMOUR_RANGE)
        return n, False
    if kind in (*ST_KINDS, "chain"):  # a Strength, or how many of the template's ways will do
        low, high, message = (*WAYS, CHAIN_WAYS) if kind == "chain" else (*ST_LIMITS, ST_RANGE)
        if match["av"] or suffix or not low <= n <= high:
            raise OddsError(subject, message)
        return n, False
    if match["av"] or not D6_LIMITS[0] <= n <= D6_LIMITS[1]:
        raise OddsError(subject, D6_RANGE)
    return n, False


def parse_step(token: str, edition: str, who: str) -> TurnStep:
    """One step of the language (`who` rolls it unless it names its player)."""
    subject = token.strip()
    text = subject.lower()
    if text[:2] in ("?!", "!?"):
        raise OddsError(subject, BOTH_MARKS)
    conditional, on_miss = text.startswith("?"), text.startswith("!")
    text = text[1:].strip() if conditional or on_miss else text
    head, *options = [part.strip() for part in text.split("/")]
    first_colon = head.find(":")
    dot = head.find(".")
    if dot != -1 and (first_colon == -1 or dot < first_colon):
        who, head = head[:dot], head[dot + 1 :]
        if not NAME_RE.match(who):
            raise OddsError(subject, BAD_PLAYER_NAME)
    kind_text, _, value_text = head.partition(":")
    kind = KIND_ALIASES.get(kind_text.strip(), kind_text.strip())
    if kind not in (*D6_KINDS, *ST_KINDS, "block", *CHAIN_KINDS):
        raise OddsError(subject, UNKNOWN_KIND, UNKNOWN_KIND_PAGE)
    value, defender_chooses = parse_value(kind, value_text, edition, subject)
    step = TurnStep(kind, value, who, conditional, defender_chooses, on_miss=on_miss)
    return parse_options(step, [o for o in options if o], edition, subject)


def option_tokens(text: str) -> list[str]:
    """The options typed in a form's box: separated by spaces, commas or slashes."""
    return [t for t in re.split(r"[\s,/]+", text.strip().lower()) if t]


def parse_options(step: TurnStep, options: list[str], edition: str, subject: str) -> TurnStep:
    against = set(step.against)
    keywords = set(step.keywords)
    changes: dict[str, object] = {}
    for option in options:
        name, _, arg = option.partition(":")
        name = SHORTCUTS.get(name, ALIASES.get(name, name))
        if name in GOALS.get(step.kind, ()):
            changes["goal"] = name
        elif name in ("down", "push", "safe", "break", "ko", "cas"):
            raise OddsError(subject, BAD_GOAL, goal=name, goals=", ".join(GOALS.get(step.kind, ("—",))))
        elif not arg and name in {"block": FLAGS, "foul": FOUL_FLAGS, "stab": STAB_FLAGS}.get(step.kind, ()):
            changes[name] = True
        elif not arg and name in VICTIM_KEYWORDS and step.kind == "armour":
            keywords.add(name)
        elif name == "rr" and arg:
            if arg not in REROLL_CHOICES:
                raise OddsError(subject, BAD_CHOICE, choice=arg[:12], choices=", ".join(REROLL_CHOICES))
            changes["reroll"] = arg
        elif name == "keep" and arg:
            changes["keep"] = frozenset(word for word in re.split(r"[.+]", arg) if word)
        elif name == "dauntless" and step.kind == "block" and arg:
            dice, defender_chooses = parse_value("block", arg, edition, subject)
            changes["dauntless"] = -dice if defender_chooses else dice
        elif name == "vs" and arg:
            for skill in re.split(r"[.+]", arg):
                skill = SHORTCUTS.get(skill, ALIASES.get(skill, skill))
                if skill not in OPPONENT_SKILLS:
                    raise OddsError(subject, UNKNOWN_SKILL, skill=skill[:24])
                against.add(skill)
        elif name in OPPONENT_SKILLS and not arg:
            against.add(name)
        elif name in NUMBER_OPTIONS and step.kind in NUMBER_OPTIONS[name][3]:
            key, lo, hi, _ = NUMBER_OPTIONS[name]
            number = _int(arg, subject) if arg or name != "shadow" else 6
            if not lo <= number <= hi:
                raise OddsError(subject, NUMBER_RANGE, option=name, lo=lo, hi=hi)
            changes[key] = number
        else:
            raise OddsError(subject, UNKNOWN_OPTION, option=option[:24])
    return replace(step, against=frozenset(against), keywords=frozenset(keywords), **changes)  # type: ignore[arg-type]


def parse_player(text: str, edition: str) -> TurnPlayer:
    name, _, rest = text.partition("=")
    name = name.strip().lower()
    subject = name or text[:12]
    if not NAME_RE.match(name):
        raise OddsError(subject, BAD_PLAYER_NAME)
    skills: set[str] = set()
    numbers: dict[str, int] = {}
    loner: int | None = None
    values: dict[str, int] = {}
    for attr in [a.strip().lower() for a in re.split(r"[,/]", rest) if a.strip()]:
        key, _, arg = attr.partition(":")
        key = ALIASES.get(key, key)
        if key in ("st", "ag", "ma"):
            numbers[key] = _bounded(arg, subject, key, 1, 10)
        elif key == "loner":
            loner = _bounded(arg, subject, key, 2, 6) if arg else None
            skills.add("loner")
        elif key in PLAYER_SKILLS and not arg:
            skills.add(key)
        elif key in VALUED_SKILLS and arg:
            values[key] = _bounded(arg.lstrip("+"), subject, key, 1, 3)
            skills.add(key)
        else:
            raise OddsError(subject, UNKNOWN_SKILL, skill=attr[:24])
    return TurnPlayer(name, frozenset(skills), loner, **numbers, values=tuple(sorted(values.items())))


def _bounded(arg: str, subject: str, option: str, lo: int, hi: int) -> int:
    number = _int(arg, subject)
    if not lo <= number <= hi:
        raise OddsError(subject, NUMBER_RANGE, option=option, lo=lo, hi=hi)
    return number


def parse_code(text: str, edition: str = "lrb6", team_rerolls: int = 1) -> Sequence:
    """The whole code; raises OddsError for the first problem (error.index: the faulty step)."""
    players: list[TurnPlayer] = []
    step_tokens: list[str] = []
    for part in [p.strip() for p in (text or "").split(";") if p.strip()]:
        lowered = part.lower()
        if lowered in BLOOD_BOWL_EDITIONS:
            edition = lowered
        elif re.fullmatch(r"rr:?[0-9]{1,2}", lowered):
            team_rerolls = int(lowered.lstrip("r:"))
            if not 0 <= team_rerolls <= MAX_TEAM_REROLLS:
                raise OddsError("team_reroll", TEAM_RANGE, max=MAX_TEAM_REROLLS)
        elif re.match(r"^[a-z][a-z0-9-]*\s*=", lowered):
            players.append(parse_player(part, edition))
        elif step_tokens:
            raise OddsError(part[:24], BAD_SETTING, text=part[:24])
        else:
            step_tokens = [t for t in part.split(",") if t.strip()]
    names = [p.name for p in players]
    if len(players) > MAX_PLAYERS:
        raise OddsError("players", TOO_MANY_PLAYERS, max=MAX_PLAYERS)
    if len(set(names)) != len(names):
        twice = next(n for n in names if names.count(n) > 1)
        raise OddsError(twice, TWICE, name=twice)
    return Sequence(edition, team_rerolls, tuple(players), parse_steps(step_tokens, edition, players))


def parse_steps(tokens: list[str], edition: str, players: list[TurnPlayer]) -> tuple[TurnStep, ...]:
    if not tokens:
        raise OddsError("steps", NO_STEPS, NO_STEPS_PAGE)
    if len(tokens) > MAX_STEPS:
        raise OddsError("steps", TOO_MANY_STEPS, max=MAX_STEPS)
    who = players[0].name if players else DEFAULT_PLAYER
    steps = []
    for index, token in enumerate(tokens, start=1):
        try:
            step = parse_step(token, edition, who)
        except OddsError as error:
            error.index = index
            raise
        steps.append(step)
        who = step.player
    return tuple(steps)


def step_code(step: TurnStep, previous: str | None) -> str:
    """One step written back; its player is named when he changes."""
    head = "?" if step.conditional else "!" if step.on_miss else ""
    if step.player != previous:
        head += f"{step.player}."
    kind = CODE_KIND.get(step.kind, step.kind)
    if step.kind == "block":
        value = f"{'-' if step.defender_chooses else ''}{step.value}d"
    else:
        value = str(step.value)
    parts = [f"{head}{kind}:{value}"]
    if step.goal and step.goal != GOALS.get(step.kind, ("",))[0]:
        parts.append(step.goal)
    if step.against:
        parts.append("vs:" + ".".join(sorted(step.against)))
    parts += [flag for flag in dict.fromkeys((*FLAGS, *FOUL_FLAGS)) if getattr(step, flag)]
    parts += sorted(step.keywords)
    if step.dauntless is not None:
        parts.append(f"dauntless:{'-' if step.dauntless < 0 else ''}{abs(step.dauntless)}d")
    for option, (attr, *_) in NUMBER_OPTIONS.items():
        number = getattr(step, attr)
        if number not in (None, 0) and not (option == "f" and number == 1):
            parts.append(f"{option}:{number}")
    return "/".join(parts + choice_options(step))


def choice_options(step: TurnStep) -> list[str]:
    """The coach's own play on the step, as options (rr:pro, keep:push)."""
    found = [f"rr:{step.reroll}"] if step.reroll else []
    return found + ([f"keep:{'.'.join(sorted(step.keep))}"] if step.keep else [])


def player_code(player: TurnPlayer) -> str:
    valued = dict(player.values)
    attrs = sorted(f"{s}:{valued[s]}" if s in valued else s for s in player.skills if s != "loner")
    if "loner" in player.skills or player.loner is not None:
        attrs.append(f"loner:{player.loner}" if player.loner is not None else "loner")
    attrs += [f"{key}:{getattr(player, key)}" for key in ("st", "ag", "ma") if getattr(player, key) != _DEFAULTS[key]]
    return f"{player.name}=" + ",".join(attrs)


_DEFAULTS = {"st": 3, "ag": 3, "ma": 6}


def format_code(sequence: Sequence) -> str:
    parts = [sequence.edition, f"rr{sequence.team_rerolls}"]
    described = [p for p in sequence.players if p != TurnPlayer(p.name)]  # a player with nothing to say is left out
    parts += [player_code(p) for p in described]
    previous = described[0].name if described else DEFAULT_PLAYER
    tokens = []
    for step in sequence.steps:
        tokens.append(step_code(step, previous))
        previous = step.player
    parts.append(",".join(tokens))
    return ";".join(parts)


__all__ = [
    "MAX_PLAYERS",
    "Sequence",
    "format_code",
    "option_tokens",
    "parse_code",
    "parse_options",
    "parse_player",
    "parse_step",
    "parse_value",
    "step_code",
]
