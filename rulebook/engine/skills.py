"""Every skill the engine understands, per edition, in one table: where it counts (the odds of a
turn, for the player who rolls or for the opponent against him; the board's answers), which roll
it re-rolls, and its slug in each edition's content where that differs from the engine's name
(the engine says "claw", the 2025 content "claws").

The lists the apps need derive from this table: which skill re-rolls which roll, the skills a
player of the odds may have, the opponent's skills by the roll they act on, the odds page's order,
the short forms' choices, and what a board's answer leaves out ("not counted"). A skill missing
here changes no number the engine gives; tests/content/test_engine_skills.py checks that every
slug exists in its edition's content, and that every skill of each edition's content is either
counted by the board, or listed below as one it leaves out, or as one that changes no roll it answers.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache

BOTH = ("lrb6", "bb2025")


@dataclass(frozen=True)
class SkillUse:
    """What the engine does with one skill."""

    slug: str  # the engine's name: the classic rules' content slug
    roller: bool = False  # the odds count it for the player who makes the rolls
    against: str = ""  # the odds count it for the opponent: on a "block", a "dodge" or the "armour" roll
    board: bool = False  # the board's answers count it (reach, blocks, push-backs, passes)
    rerolls: str = ""  # the kind of roll whose failure it re-rolls
    nudges: tuple[str, ...] = ()  # the kinds of roll it adds +1 to, once, after they are seen
    offered: bool = False  # the odds page's skill box offers it (Loner and Grab are asked apart)
    basic: bool = False  # the short forms offer it (the classic odds form, the tutorial's sequence step)
    editions: tuple[str, ...] = BOTH
    content: dict[str, str] = field(default_factory=dict)  # edition → its content slug, where it differs


SKILLS: tuple[SkillUse, ...] = (
    # In the order the odds page offers the roller's skills.
    SkillUse("dodge", roller=True, against="block", board=True, rerolls="dodge", offered=True, basic=True),
    SkillUse("sure-feet", roller=True, board=True, rerolls="rush", offered=True, basic=True),
    SkillUse("sure-hands", roller=True, board=True, rerolls="pickup", offered=True, basic=True),
    SkillUse("catch", roller=True, board=True, rerolls="catch", offered=True, basic=True),
    SkillUse("pass", roller=True, board=True, rerolls="pass", offered=True, basic=True),
    SkillUse("pro", roller=True, board=True, offered=True, basic=True),
    SkillUse("break-tackle", roller=True, board=True, offered=True),
    SkillUse("block", roller=True, against="block", board=True, offered=True, basic=True),
    SkillUse("tackle", roller=True, against="dodge", board=True, offered=True),
    SkillUse("wrestle", roller=True, against="block", board=True, offered=True),
    SkillUse("juggernaut", roller=True, board=True, offered=True),
    SkillUse("frenzy", roller=True, board=True, offered=True),
    SkillUse("brawler", roller=True, offered=True, editions=("bb2025",)),
    SkillUse("hatred", roller=True, offered=True, editions=("bb2025",)),
    SkillUse("mighty-blow", roller=True, offered=True, basic=True),
    SkillUse("claw", roller=True, offered=True, content={"bb2025": "claws"}),
    SkillUse("dirty-player", roller=True, offered=True),
    SkillUse("sneaky-git", roller=True, offered=True),
    SkillUse("chainsaw", roller=True, offered=True),
    SkillUse("diving-catch", roller=True, board=True, offered=True),
    SkillUse("lone-fouler", roller=True, offered=True, editions=("bb2025",)),
    SkillUse("cloud-burster", roller=True, board=True, offered=True, editions=("bb2025",)),
    # Star players' special rules (content: the star's `rule`, not a skill file; tests/content checks both).
    # Blind Rage (Akhorne): re-roll the Dauntless D6 (BBBase's star page; FFB skill/mixed/special/BlindRage).
    SkillUse("blind-rage", roller=True, rerolls="dauntless", editions=("bb2025",)),
    # Mesmerising Dance (Eldril Sidewinder): once per half, the Hypnotic Gaze die (BBBase; FFB MesmerisingDance).
    SkillUse("mesmerising-dance", roller=True, rerolls="gaze", editions=("bb2025",)),
    # The Ballista (Morg 'n' Thorg): once per game, re-roll the Passing Ability test of a Throw
    # Team-mate action (BBBase's star page). FFB's TheBallista (ONCE_PER_GAME) also re-rolls a Pass
    # action's test, as the 2020 rule did; the 2025 text names the Throw Team-mate only, so that is all.
    SkillUse("the-ballista", roller=True, rerolls="ttm", editions=("bb2025",)),
    SkillUse("whirling-dervish", roller=True, rerolls="chain", editions=("bb2025",)),  # Fungus: his B&C way (FFB)
    # Unstoppable Momentum (H'thark), Woodland Fury (Willow Rosebark), Lord of Chaos (Lord Borak):
    # one block die re-rolled (Edition.block_any_die_rerolls; BBBase's star pages and FFB).
    SkillUse("unstoppable-momentum", roller=True, editions=("bb2025",)),
    SkillUse("woodland-fury", roller=True, editions=("bb2025",)),
    SkillUse("lord-of-chaos", roller=True, editions=("bb2025",)),
    SkillUse("savage-blow", roller=True, editions=("bb2025",)),  # Anqi Panqi: once, any of the block dice
    SkillUse("working-in-tandem", roller=True, editions=("bb2025",)),  # Lucien Swift: one die when Valen Marks too
    # Strong Passing Game (Skrull Halfheight): once per game, after seeing a Pass action's test, his ST
    # added to the roll, up to 6 (BBBase; FFB's StrongPassingGame: "modify the dice roll", ONCE_PER_GAME).
    SkillUse("strong-passing-game", roller=True, editions=("bb2025",)),
    # Bounding Leap (Rowana Forestfoot): once per game, declared before the jump's Agility test: the
    # test without its negative modifiers (`/neg:N`), and re-rolled (BBBase; FFB's BoundingLeap,
    # ONCE_PER_GAME): turn._bounding_leap.
    SkillUse("bounding-leap", roller=True, editions=("bb2025",)),
    # Swift as the Breeze (Jordell Freshbreeze): once per game, a Dodge, Leap or Rush test passed on
    # 2+ whatever the modifiers (BBBase), chosen after seeing the roll as FFB's SwiftAsTheBreeze
    # (ONCE_PER_GAME, canChooseToIgnore…AfterRoll) offers it: turn_stars.swift_as_the_breeze.
    SkillUse("swift-as-the-breeze", roller=True, editions=("bb2025",)),
    # Slashing Nails (Roxanna Darknail): once per half, Claws from declaring a Blitz to the end of her activation
    # (BBBase; FFB's SlashingNails, ONCE_PER_HALF): the armour step after her `/blitz` block (turn_stars).
    SkillUse("slashing-nails", roller=True, editions=("bb2025",)),
    SkillUse("pump-up-the-crowd", roller=True, editions=("bb2025",)),  # Skrorg: his block's casualty, a team re-roll
    SkillUse("fury-of-the-blood-god", roller=True, editions=("bb2025",)),  # Scyla: a failed `fury` (turn_stars)
    # Gored by the Bull (Grashnak Blackhoof): once per game, one more block die on his Blitz's Block,
    # up to three, Frenzy's second Block too (BBBase; FFB's GoredByTheBull, canAddBlockDie: one or
    # two dice of his choosing only): turn_stars.gored_by_the_bull.
    SkillUse("gored-by-the-bull", roller=True, editions=("bb2025",)),
    # Frenzied Rush (Glart Smashrip): once per half, when he declares a Blitz, Frenzy until the end of
    # his activation, and no Grab (BBBase; FFB's bb2025 FrenziedRush, canGainFrenzyForBlitz, chosen
    # in the action menu): a choice before the block of his `/blitz` (turn_stars.frenzied_rush).
    SkillUse("frenzied-rush", roller=True, editions=("bb2025",)),
    # Incorporeal (Gretchen Wachter): once per game, chosen when she is activated, no Dodge roll for
    # leaving a tackle zone until the end of that activation (BBBase; FFB's bb2025 Incorporeal,
    # ignoreTacklezonesWhenMoving): her dodges certain, Shadowing may still follow (turn_stars.incorporeal).
    SkillUse("incorporeal", roller=True, editions=("bb2025",)),
    # Reliable (Deeproot Strongbranch): his fumbled Throw Team-mate bounces the thrown player, who always lands
    # safely (BBBase; FFB's Reliable, fumbledPlayerLandsSafely): no turnover, a "miss" (turn_stars.reliable).
    SkillUse("reliable", roller=True, editions=("bb2025",)),
    SkillUse("kaboom", roller=True, editions=("bb2025",)),  # Bomber: a caught bomb explodes (turn_stars.bomb_blast)
    # Blast It! (Barik Farblast): his Hail Mary's scatter rolls re-rolled as he likes, and +1 to a
    # team-mate's catch of it (BBBase; FFB's bb2025 BlastIt, canReRollHmpScatter and
    # grantsCatchBonusToReceiver): turn_stars.blast_it_catch.
    SkillUse("blast-it", roller=True, editions=("bb2025",)),
    # Indomitable (Karla Von Kill): once per game, after a Dauntless roll that worked, her ST twice
    # the defender's (BBBase; FFB's Indomitable, ONCE_PER_GAME): turn._dauntless_won.
    SkillUse("indomitable", roller=True, editions=("bb2025",)),
    # Krump and Smash (Varag Ghoul-Chewer): once per game, a block's armour roll that held rolled again (turn_armour).
    SkillUse("krump-and-smash", roller=True, editions=("bb2025",)),
    # Master Assassin (Skitter Stab-Stab): the same on a stab's armour roll (FFB's bb2025 MasterAssassinModification).
    SkillUse("master-assassin", roller=True, editions=("bb2025",)),
    # Halfling Luck (Puggy Baconbreath) and Thinking Man's Troll (Ripper Bolgrot): once, one die of
    # any roll of his but armour, injury and casualty rolls (Edition.any_roll_rerolls).
    SkillUse("halfling-luck", roller=True, editions=("bb2025",)),
    SkillUse("thinking-mans-troll", roller=True, editions=("bb2025",)),
    # Once per game, on an armour chain of his, after the dice are seen (Edition.armour_chain_helps):
    # +1 on the armour roll (Crushing Blow), on it or the injury roll (Ram; Slayer against a Big Guy;
    # Dwarven Scourge, +2 against a Dwarf), on a stab's injury roll (Toxin Connoisseur); the injury
    # roll again (Savage Mauling); one armour die again through Pro (Old Pro).
    SkillUse("crushing-blow", roller=True, editions=("bb2025",)),
    SkillUse("ram", roller=True, editions=("bb2025",)),
    SkillUse("slayer", roller=True, editions=("bb2025",)),
    SkillUse("dwarven-scourge", roller=True, editions=("bb2025",)),
    SkillUse("toxin-connoisseur", roller=True, editions=("bb2025",)),
    SkillUse("savage-mauling", roller=True, editions=("bb2025",)),
    # A Sneaky Pair (Dribl and Drull): +1 to armour or injury on a foul or a stab against a victim
    # Marked by both (`/pair`; BBBase "+1 to the roll", FFB's ASneakyPair either roll, as Mighty Blow).
    SkillUse("a-sneaky-pair", roller=True, editions=("bb2025",)),
    SkillUse("old-pro", roller=True, editions=("bb2025",)),
    # Consummate Professional (Griff Oberwald): once per game, +1 to an Agility test after seeing
    # it (BBBase). FFB's class gives it to dodges only; the 2025 text says any Agility test.
    SkillUse(
        "consummate-professional",
        roller=True,
        nudges=("dodge", "leap", "pickup", "catch", "handoff", "land"),
        editions=("bb2025",),
    ),
    SkillUse("loner", roller=True, board=True, basic=True),
    SkillUse("grab", roller=True, board=True),
    # The opponent's skills.
    SkillUse("stand-firm", against="block", board=True),
    # Watch Out! (Withergrasp Doubledrool, the defender's): Dodge the first time he is the target of a
    # block (each drive, BBBase; each half, FFB's WatchOut): the turn's first `/watch-out` block.
    SkillUse("watch-out", against="block", editions=("bb2025",)),
    SkillUse("side-step", against="block", board=True, content={"bb2025": "sidestep"}),
    SkillUse("diving-tackle", against="dodge", board=True),
    SkillUse("thick-skull", against="armour"),
    SkillUse("stunty", against="armour", board=True),
    SkillUse("iron-hard-skin", against="armour", editions=("bb2025",)),
    # Dwarfen Grit (Josef Bugman, the victim's): once per game, an armour roll that broke his armour
    # rolled again (BBBase; FFB's DwarfenGritModification, a defender's RerollArmourModification):
    # injury.py, turn_armour_help.py.
    SkillUse("dwarfen-grit", against="armour", editions=("bb2025",)),
    # What only the board's answers count.
    SkillUse("accurate", board=True),
    SkillUse("big-hand", board=True),
    SkillUse("cannoneer", board=True, editions=("bb2025",)),
    SkillUse("dauntless", board=True),
    SkillUse("defensive", board=True, editions=("bb2025",)),
    SkillUse("disturbing-presence", board=True),
    SkillUse("drunkard", board=True, editions=("bb2025",)),
    SkillUse("extra-arms", board=True),
    SkillUse("foul-appearance", board=True),
    SkillUse("guard", board=True),
    SkillUse("horns", board=True),
    SkillUse("jump-up", board=True),
    SkillUse("my-ball", board=True, editions=("bb2025",)),
    SkillUse("nerves-of-steel", board=True),
    SkillUse("no-hands", board=True, content={"bb2025": "no-ball"}),
    SkillUse("prehensile-tail", board=True),
    SkillUse("safe-pass", board=True, editions=("bb2025",)),
    SkillUse("safe-throw", board=True, editions=("lrb6",)),
    SkillUse("sprint", board=True),
    SkillUse("strong-arm", board=True),
    SkillUse("timmm-ber", board=True, editions=("bb2025",)),
    SkillUse("titchy", board=True),
    SkillUse("two-heads", board=True),
    SkillUse("very-long-legs", board=True),
)

# What the board's answers leave out, by content slug (both editions' slugs in one set): skills
# that change one of its numbers and that it does not model. The board lists them next to its
# answer ("not counted").
# - The chosen player's own: a roll before the action goes ahead (Bone-head, Really Stupid, Wild
#   Animal, Take Root, Blood Lust and Bloodlust, Animal Savagery, Unchannelled Fury); moves the
#   reach map does not make (Leap, Pogo, Ball & Chain); a pass beyond the ruler (Hail Mary Pass);
#   a pass to a team-mate of another race or keyword (Animosity); the classic chainsaw that must
#   replace the block; a block die re-rolled (Brawler, Hatred, which also needs keywords); a 6 that
#   saves a fall (Steady Footing).
BOARD_LEAVES_OUT_OWN = frozenset(
    {
        "animal-savagery",
        "animosity",
        "ball-and-chain",
        "blood-lust",
        "bloodlust",
        "bone-head",
        "brawler",
        "hail-mary-pass",
        "hatred",
        "leap",
        "pogo",
        "really-stupid",
        "steady-footing",
        "take-root",
        "unchannelled-fury",
        "wild-animal",
    }
)
# The classic chainsaw must be used instead of a block (the 2025 one is an action he may choose).
BOARD_LEAVES_OUT_OWN_BY_EDITION = {"lrb6": frozenset({"chainsaw"}), "bb2025": frozenset()}
# - His opponents': a roll against his move (Tentacles) or a follower who keeps marking him
#   (Shadowing); a move under the ruler before the pass (Pass Block, On the Ball); a defender who
#   steps aside before the dice (Trickster), knocks the attacker down with him (Saboteur) or
#   stays up on a 6 (Steady Footing).
BOARD_LEAVES_OUT_OPPONENT = frozenset(
    {"on-the-ball", "pass-block", "saboteur", "shadowing", "steady-footing", "tentacles", "trickster"}
)
# Skills that change no roll the board answers (reach, route, blocks, push-backs, passes,
# interceptions, the catch), so its answers never mention them:
BOARD_MOOT = frozenset(
    {
        # armour, injury and casualty rolls, fouls, and what follows a knock-down
        "arm-bar",
        "claw",
        "claws",
        "decay",
        "dirty-player",
        "iron-hard-skin",
        "lone-fouler",
        "mighty-blow",
        "nurgles-rot",
        "pile-driver",
        "piling-on",
        "plague-ridden",
        "put-the-boot-in",
        "quick-foul",
        "regeneration",
        "sneaky-git",
        "stakes",
        "thick-skull",
        "violent-innovator",
        # what happens after the block's result: the follow-up, the ball, a free step, assists later
        "eye-gouge",
        "fend",
        "hit-and-run",
        "safe-pair-of-hands",
        "strip-ball",
        "taunt",
        # other actions he may choose instead (the board answers a move, a block and a pass)
        "bombardier",
        "breathe-fire",
        "dump-off",
        "fumblerooskie",
        "give-and-go",
        "hypnotic-gaze",
        "monstrous-mouth",
        "multiple-block",
        "projectile-vomit",
        "punt",
        "stab",
        "always-hungry",
        "bullseye",
        "kick-team-mate",
        "lethal-flight",
        "right-stuff",
        "swoop",
        "throw-team-mate",
        # the 2025 chainsaw: a Special action he may choose (its +3 armour is an armour roll)
        "chainsaw",
        # kick-offs, the draft, the team's re-rolls (the board code sets them), the referee
        "fan-favourite",
        "insignificant",
        "kick",
        "kick-off-return",
        "leader",
        "pick-me-up",
        "secret-weapon",
        "unsteady",
    }
)
BY_SLUG = {use.slug: use for use in SKILLS}
# Other editions' content slugs, read as the engine's names ("claws", "sidestep" → "claw", "side-step").
ALIASES: dict[str, str] = {other: use.slug for use in SKILLS for other in use.content.values()}

# Which skill gives a once-per-turn re-roll of which kind of roll.
SKILL_REROLLS: dict[str, str] = {use.rerolls: use.slug for use in SKILLS if use.rerolls}
# Which skills add +1 once to a roll of each kind after it is seen.
SKILL_NUDGES: dict[str, tuple[str, ...]] = {}
for _use in SKILLS:
    for _kind in _use.nudges:
        SKILL_NUDGES[_kind] = (*SKILL_NUDGES.get(_kind, ()), _use.slug)


def _all(uses: Iterable[SkillUse]) -> frozenset[str]:
    return frozenset(use.slug for use in uses)


# What the odds of a turn know, in every edition (check() refuses a skill its edition lacks).
PLAYER_SKILLS = _all(use for use in SKILLS if use.roller)
OPPONENT_SKILLS = _all(use for use in SKILLS if use.against)
OFFERED = tuple(use.slug for use in SKILLS if use.offered)
BASIC = tuple(use.slug for use in SKILLS if use.basic)


def opponent_skills(on: str) -> tuple[str, ...]:
    """The opponent's skills that act on a "block", a "dodge" or the "armour" roll, in order."""
    return tuple(use.slug for use in SKILLS if use.against == on)


def in_edition(edition: str, slugs: Iterable[str]) -> tuple[str, ...]:
    """Those of the slugs (in their order) that the edition has."""
    return tuple(s for s in slugs if s not in BY_SLUG or edition in BY_SLUG[s].editions)


def edition_only(edition: str) -> frozenset[str]:
    """The skills the engine knows that this edition does not have."""
    return _all(use for use in SKILLS if edition not in use.editions)


def content_slug(edition: str, slug: str) -> str:
    """A skill's slug in the edition's content ("claws" for the engine's "claw" in 2025)."""
    use = BY_SLUG.get(slug)
    return use.content.get(edition, slug) if use else slug


@cache
def _engine_slugs(edition: str) -> dict[str, str]:
    return {use.content[edition]: use.slug for use in SKILLS if edition in use.content}


def engine_slug(edition: str, slug: str) -> str:
    """The engine's name of a content slug ("claws" in 2025 is the engine's "claw")."""
    return _engine_slugs(edition).get(slug, slug)


@cache
def board_skills(edition: str) -> frozenset[str]:
    """The content slugs of the skills the board's answers count in this edition."""
    return frozenset(content_slug(edition, use.slug) for use in SKILLS if use.board and edition in use.editions)


def board_leaves_out(edition: str, slug: str, own: bool) -> bool:
    """Whether a skill (content slug) changes the board's answer for a player and is not counted:
    `own`, one of his skills, else an opponent's. A skill of no list counts as left out."""
    if slug in board_skills(edition) or (slug in BOARD_MOOT and slug not in BOARD_LEAVES_OUT_OWN_BY_EDITION[edition]):
        return False
    own_list = BOARD_LEAVES_OUT_OWN | BOARD_LEAVES_OUT_OWN_BY_EDITION[edition]
    listed = slug in own_list or slug in BOARD_LEAVES_OUT_OPPONENT
    return not listed or slug in (own_list if own else BOARD_LEAVES_OUT_OPPONENT)


def not_counted(
    edition: str, slugs: Iterable[str], where: str = "board", opponents: Iterable[str] = ()
) -> tuple[str, ...]:
    """Those of a player's skills (content slugs), and of his opponents' on the board, that change
    a number of `where` ("board" or "odds") and that it does not take into account, sorted."""
    if where == "odds":
        known = frozenset(content_slug(edition, s) for s in PLAYER_SKILLS | OPPONENT_SKILLS)
        return tuple(sorted(s for s in set(slugs) if s not in known))
    found = {s for s in slugs if board_leaves_out(edition, s, own=True)}
    found |= {s for s in opponents if board_leaves_out(edition, s, own=False)}
    return tuple(sorted(found))


__all__ = [
    "ALIASES",
    "BASIC",
    "BOARD_LEAVES_OUT_OPPONENT",
    "BOARD_LEAVES_OUT_OWN",
    "BOARD_LEAVES_OUT_OWN_BY_EDITION",
    "BOARD_MOOT",
    "BY_SLUG",
    "OFFERED",
    "OPPONENT_SKILLS",
    "PLAYER_SKILLS",
    "SKILLS",
    "SKILL_NUDGES",
    "SKILL_REROLLS",
    "SkillUse",
    "board_leaves_out",
    "board_skills",
    "content_slug",
    "edition_only",
    "engine_slug",
    "in_edition",
    "not_counted",
    "opponent_skills",
]
