"""A coach's own play on one roll of a turn: which re-roll he allows himself there, and which
results he keeps rather than re-roll. The best play stays the default; a fixed play is the same
decision tree with some alternatives taken away, so the solver (engine/sequence.py) then finds the
best plan left, and the turn's odds say what the fixed play costs against the best one.

  reroll  ""        the best play (every re-roll the rules allow)
          "none"    no re-roll of any kind on this roll
          "no-team" no team re-roll here (his skill and Pro still may)
          "team"    only a team re-roll
          "skill"   only his own skill re-roll (Dodge, Sure Hands, 2025 Brawler, Hatred...)
          "pro"     only Pro (classic: a failed Pro roll is then not team re-rolled either)
  keep    results of the roll he takes as they fall: a block's "push" (a push that leaves the
          defender standing) or "both-down", a pass's "inaccurate" throw, a Throw Team-Mate's
          "subpar" one. A result kept is never re-rolled, by any source.

Break Tackle is not a re-roll: no choice takes it away.
"""

from __future__ import annotations

from .trees import Chance, Leaf, Spend, Tree, chance, decide

REROLL_CHOICES = ("none", "no-team", "team", "skill", "pro")
_REROLL_KINDS = ("team", "skill", "free", "pro")  # free: a skill re-rolling one block die
_ALLOWED = {
    "": frozenset(_REROLL_KINDS),
    "none": frozenset(),
    "no-team": frozenset({"skill", "free", "pro"}),
    "team": frozenset({"team"}),
    "skill": frozenset({"skill", "free"}),
    "pro": frozenset({"pro"}),
}
# The results a coach may keep, by kind of roll: the share code's word → the engine's tag.
KEEPABLE = {
    "block": {"push": "defender_pushed", "both-down": "both_down"},
    "pass": {"inaccurate": "inaccurate"},
    "ttm": {"subpar": "subpar"},
}


def sources_allowed(reroll: str) -> frozenset[str]:
    """The kinds of re-roll resources a choice leaves (tree.Resource.kind)."""
    return _ALLOWED[reroll]


def restricted(tree: Tree, reroll: str, keep: frozenset[str]) -> Tree:
    """The tree with only the coach's play left: the re-roll alternatives he refuses removed,
    and no alternative but "take it" where the result standing is one he keeps."""
    if not reroll and not keep:
        return tree
    allowed = sources_allowed(reroll)
    memo: dict[int, Tree] = {}

    def visit(node: Tree) -> Tree:
        found = memo.get(id(node))
        if found is not None:
            return found
        if isinstance(node, Leaf):
            found = node
        elif isinstance(node, Chance):
            found = chance([(p, visit(sub)) for p, sub in node.branches])
        elif isinstance(node, Spend):
            found = Spend(node.resource, visit(node.then))
        else:
            stands, *others = node.alternatives
            if keep and _shows(stands, keep):
                others = []
            kept = [alt for alt in others if not _refused(alt, allowed)]
            found = decide([visit(stands), *(visit(alt) for alt in kept)])
        memo[id(node)] = found
        return found

    return visit(tree)


def _refused(alternative: Tree, allowed: frozenset[str]) -> bool:
    if not isinstance(alternative, Spend):
        return False
    kind = alternative.resource.kind
    return kind in _REROLL_KINDS and kind not in allowed


def _shows(stands: Tree, keep: frozenset[str]) -> bool:
    """Whether the result standing is a kept one (itself, or the throw before its interception)."""
    if isinstance(stands, Leaf):
        return stands.tag in keep
    if isinstance(stands, Chance):
        return any(isinstance(sub, Leaf) and sub.tag in keep for _, sub in stands.branches)
    return False


__all__ = ["KEEPABLE", "REROLL_CHOICES", "restricted", "sources_allowed"]
