"""Reach map: for one player, the best chance of reaching every square this turn, and the path.

Search: a label is one path prefix, carried as a vector "probability of having got this far
with re-roll state r" over the few re-roll states the player can be in (team re-rolls left,
Dodge / Sure Feet / Pro / Break Tackle unused). Labels spread breadth-first by moves used;
a label is dropped when another on the same square used no more moves and is at least as
likely in every re-roll state (then every continuation of it does at least as well).

Exactness without Fraction churn: masses are integers over one common denominator B**K
(B = 36, or 216 when Loner/Pro add a die), so each roll is an integer multiply and an
exact division; Fractions are built once per square at the end.

Re-roll policy inside the search: on a failure, use the roll's own skill first, then the
team re-roll or Pro (the one more likely to work), Break Tackle is tried both ways at every
dodge. movement.path_probability optimises every decision by dynamic programming; the two
agree whenever Loner and Pro are absent (tested), and the search never overstates.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product
from operator import ge
from typing import Iterator

from .editions.base import Edition
from .movement import resources_for, stand_up
from .probability import success_sixths
from .types import NEIGHBOURS, Board, Player, Square, Status, Weather

# A label: (moves used, mass vector, total mass, square, parent label or None, up-set masses)
Label = tuple


@dataclass(frozen=True, slots=True)
class ReachEntry:
    square: Square
    probability: Fraction
    path: tuple[Square, ...]
    moves: int  # movement used on arrival (standing up included)
    rushes: int


class ReachMap:
    """Square -> best chance of getting there this turn (path on request)."""

    def __init__(self, start: Square, best: dict[Square, Label], denominator: int, ma: int) -> None:
        self.start = start
        self._best = best
        self._denominator = denominator
        self._ma = ma
        self._probabilities: dict[Square, Fraction] | None = None

    def __contains__(self, square: object) -> bool:
        return square in self._best

    def __len__(self) -> int:
        return len(self._best)

    def __iter__(self) -> Iterator[Square]:
        return iter(self._best)

    def squares(self) -> list[Square]:
        return list(self._best)

    def probability(self, square: Square) -> Fraction:
        label = self._best.get(square)
        return Fraction(label[2], self._denominator) if label else Fraction(0)

    def probabilities(self) -> dict[Square, Fraction]:
        if self._probabilities is None:
            den = self._denominator
            self._probabilities = {sq: Fraction(lab[2], den) for sq, lab in self._best.items()}
        return self._probabilities

    def path(self, square: Square) -> tuple[Square, ...]:
        label = self._best[square]
        steps: list[Square] = []
        while label is not None and label[4] is not None:
            steps.append(label[3])
            label = label[4]
        return tuple(reversed(steps))

    def entry(self, square: Square) -> ReachEntry:
        label = self._best[square]
        return ReachEntry(square, self.probability(square), self.path(square), label[0], max(0, label[0] - self._ma))


class _Context:
    """Everything about the board and the player the search looks up in its hot loop."""

    def __init__(self, edition: Edition, player: Player, board: Board, team_rerolls: int, weather: Weather) -> None:
        assert player.square is not None
        self.edition, self.player, self.board = edition, player, board
        res = resources_for(player, edition, team_rerolls)
        dodge_skill = edition.skill_reroll_for("dodge")
        rush_skill = edition.skill_reroll_for("rush")
        self.skills = tuple(s for s in (dodge_skill, rush_skill) if s and s in res.skills)
        self.loner_sixths = success_sixths(res.loner_target) if res.loner_target is not None else 6
        self.pro_sixths = success_sixths(res.pro_target)
        self.has_pro = res.pro
        self.has_bt = res.break_tackle
        self.base = 216 if (res.loner_target is not None or res.pro) else 36
        # Re-roll states: (team left, skills left as a tuple of flags, pro left, bt left).
        states = list(product(
            range(res.team + 1),
            product((False, True), repeat=len(self.skills)),
            (False, True) if res.pro else (False,),
            (False, True) if res.break_tackle else (False,),
        ))
        self.states = states
        self.index = {s: i for i, s in enumerate(states)}
        self.upsets = _upsets(tuple(states))
        self.initial_state = self.index[(res.team, tuple(True for _ in self.skills), res.pro, res.break_tackle)]
        self.dodge_skill_pos = self.skills.index(dodge_skill) if dodge_skill in self.skills else None
        self.rush_skill_pos = self.skills.index(rush_skill) if rush_skill in self.skills else None
        self._transitions: dict[tuple, tuple[tuple[int, int, int], ...]] = {}
        self._dodge_targets: dict[tuple, tuple[int, int | None]] = {}
        self.rush_target = edition.rush_test(player, weather).result

        # Tackle-zone facts per square, from the opponents' side (cheaper than per square).
        self.zones: dict[Square, int] = {}
        self.tails: dict[Square, int] = {}
        self.diving: set[Square] = set()
        self.tackle: set[Square] = set()
        for opp in board.players:
            if opp.team == player.team or opp.square is None or not opp.exerts_tackle_zone:
                continue
            for sq in NEIGHBOURS.get(opp.square, ()):
                self.zones[sq] = self.zones.get(sq, 0) + 1
                if opp.has("prehensile-tail"):
                    self.tails[sq] = self.tails.get(sq, 0) + 1
                if opp.has("diving-tackle"):
                    self.diving.add(sq)
                if opp.has("tackle"):
                    self.tackle.add(sq)
        self.blocked = {p.square for p in board.players if p.square is not None and p.id != player.id}

    def dodge_targets(self, start: Square, destination: Square) -> tuple[int, int | None]:
        """(target, target with Break Tackle) - the edition's dodge target depends only on
        the counts in the key, so each distinct key asks the edition once."""
        key = (self.tails.get(start, 0), start in self.diving, self.zones.get(destination, 0))
        found = self._dodge_targets.get(key)
        if found is None:
            normal = self.edition.dodge_test(self.player, self.board, start, destination).result
            bt = self.edition.dodge_test(self.player, self.board, start, destination, True).result if self.has_bt else None
            found = self._dodge_targets[key] = (normal, bt)
        return found

    def transitions(self, target: int, skill_pos: int | None, use_bt_target: int | None) -> tuple[tuple[int, int, int], ...]:
        """(from state, to state, weight over `base`) for one roll under the fixed policy."""
        key = (target, skill_pos, use_bt_target)
        found = self._transitions.get(key)
        if found is not None:
            return found
        base = self.base
        rows: list[tuple[int, int, int]] = []
        for i, (team, flags, pro, bt) in enumerate(self.states):
            tgt, bt_after = target, bt
            if use_bt_target is not None and bt:
                tgt, bt_after = use_bt_target, False
            k = success_sixths(tgt)
            fail = 6 - k
            same = self.index[(team, flags, pro, bt_after)]
            rows.append((i, same, k * base // 6))
            if not fail:
                continue
            if skill_pos is not None and flags[skill_pos]:
                left = flags[:skill_pos] + (False,) + flags[skill_pos + 1:]
                rows.append((i, self.index[(team, left, pro, bt_after)], fail * k * base // 36))
                continue
            options = []
            if team:
                options.append((self.loner_sixths, (team - 1, flags, pro, bt_after)))
            if pro:
                options.append((self.pro_sixths, (team, flags, False, bt_after)))
            if options:
                works, state = max(options, key=lambda o: o[0])
                rows.append((i, self.index[state], fail * works * k * base // 216))
        found = self._transitions[key] = tuple(rows)
        return found


def _upsets(states: tuple[tuple, ...], cap: int = 256) -> tuple[tuple[int, ...], ...]:
    """Every non-empty up-set of the re-roll states (more re-rolls left = higher), as index
    tuples. Comparing the mass on every up-set is exactly "at least as good for every
    continuation" because a continuation's chance never drops when re-rolls are added.
    Large lattices fall back to the singletons (plain pointwise comparison, still sound)."""
    return _upsets_cached(states, cap)


@lru_cache(maxsize=64)
def _upsets_cached(states: tuple[tuple, ...], cap: int) -> tuple[tuple[int, ...], ...]:
    def key(state: tuple) -> tuple[int, ...]:
        team, flags, pro, bt = state
        return (team, *flags, pro, bt)

    keys = [key(s) for s in states]
    above = [
        frozenset(j for j, other in enumerate(keys) if all(a >= b for a, b in zip(other, mine)))
        for mine in keys
    ]
    found: set[frozenset[int]] = {frozenset()}
    for up in above:
        found |= {u | up for u in found}
        if len(found) > cap:
            return tuple((i,) for i in range(len(states)))
    return tuple(tuple(sorted(u)) for u in sorted(found, key=len) if u)


@lru_cache(maxsize=64)
def _profile_plan(upsets: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """For each up-set (sorted by size): the largest earlier up-set inside it (or -1) and
    the states it adds, so all up-set sums cost about one addition each."""
    plan: list[tuple[int, tuple[int, ...]]] = []
    for k, up in enumerate(upsets):
        members = set(up)
        best, best_size = -1, 0
        for j in range(k):
            if len(upsets[j]) > best_size and members.issuperset(upsets[j]):
                best, best_size = j, len(upsets[j])
        extra = tuple(sorted(members - set(upsets[best]))) if best >= 0 else tuple(sorted(members))
        plan.append((best, extra))
    return tuple(plan)


def _apply(vec: tuple[int, ...], rows: tuple[tuple[int, int, int], ...], base: int, size: int) -> tuple[int, ...]:
    out = [0] * size
    for i, j, w in rows:
        m = vec[i]
        if m:
            out[j] += m // base * w
    return tuple(out)


def reach_map(
    edition: Edition,
    player: Player,
    board: Board,
    team_rerolls: int = 1,
    weather: Weather = Weather.NICE,
) -> ReachMap:
    """Best chance (exact) of reaching each square this turn, with the path that gives it."""
    if player.square is None:
        raise ValueError("player is not on the pitch")
    ctx = _Context(edition, player, board, team_rerolls, weather)
    ma = player.ma
    limit = ma + edition.rushes_allowed(player)
    size = len(ctx.states)
    base = ctx.base
    # Enough factors of `base` for every roll a path can contain (two per step + standing).
    denominator = base ** (2 * limit + 2)

    vec = [0] * size
    vec[ctx.initial_state] = denominator
    start_vec = tuple(vec)
    used = 0
    if player.status is Status.STUNNED:
        return ReachMap(player.square, {}, denominator, ma)
    if player.status is Status.PRONE:
        used, roll = stand_up(edition, player)
        if roll is not None:
            start_vec = _apply(start_vec, ctx.transitions(roll.target, None, None), base, size)

    upsets = ctx.upsets

    plan = _profile_plan(upsets)

    def profile(vec: tuple[int, ...]) -> tuple[int, ...]:
        """Mass on every up-set; each up-set sum reuses a smaller one (plan)."""
        sums: list[int] = []
        append = sums.append
        for parent, extra in plan:
            append((sums[parent] if parent >= 0 else 0) + sum(map(vec.__getitem__, extra)))
        return tuple(sums)

    # Many labels share one mass vector (free moves copy it), so each roll is applied to a
    # given vector once: (id(vector), id(rows)) -> (new vector, its profile).
    applied: dict[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...]]] = {}

    def roll(vec: tuple[int, ...], rows: tuple[tuple[int, int, int], ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        key = (id(vec), id(rows))
        found = applied.get(key)
        if found is None:
            new_vec = _apply(vec, rows, base, size)
            found = applied[key] = (new_vec, profile(new_vec))
        return found

    start_profile = profile(start_vec)
    start: Label = (used, start_vec, start_profile[-1], player.square, None, start_profile)
    labels: dict[Square, list[Label]] = {player.square: [start]}
    layer = [start]
    zones, blocked, tackle = ctx.zones, ctx.blocked, ctx.tackle
    rush_rows = ctx.transitions(ctx.rush_target, ctx.rush_skill_pos, None)
    dodge_pos = ctx.dodge_skill_pos
    while layer and layer[0][0] < limit:
        moves = layer[0][0] + 1
        rushing = moves > ma
        next_layer: list[Label] = []
        for label in layer:
            here, vec_here, total, prof = label[3], label[1], label[2], label[5]
            if rushing:
                vec_here, prof = roll(vec_here, rush_rows)
                total = prof[-1]
                if not total:
                    continue
            if here in zones:
                skill_pos = dodge_pos if here not in tackle else None
                by_zones: dict[int, list[tuple]] = {}
                for sq in NEIGHBOURS[here]:
                    if sq in blocked:
                        continue
                    count = zones.get(sq, 0)
                    options = by_zones.get(count)
                    if options is None:
                        options = by_zones[count] = []
                        target, bt_target = ctx.dodge_targets(here, sq)
                        rows = [ctx.transitions(target, skill_pos, None)]
                        if bt_target is not None and bt_target < target:
                            rows.append(ctx.transitions(target, skill_pos, bt_target))
                        for r in rows:
                            options.append(roll(vec_here, r))
                    existing = labels.get(sq)
                    for v, pf in options:
                        if existing is not None:
                            t = pf[-1]
                            for old in existing:
                                if old[5] is pf or (old[2] >= t and _covers(old[5], pf)):
                                    break
                            else:
                                _offer(labels, next_layer, moves, v, pf, sq, label)
                                existing = labels.get(sq)
                        else:
                            _offer(labels, next_layer, moves, v, pf, sq, label)
                            existing = labels.get(sq)
            else:
                for sq in NEIGHBOURS[here]:
                    if sq in blocked:
                        continue
                    # Fast rejection (the common case in open field): a label already on
                    # the square, from this layer or an earlier one, is at least as good.
                    existing = labels.get(sq)
                    if existing is not None:
                        for old in existing:
                            if old[5] is prof or (old[2] >= total and _covers(old[5], prof)):
                                break
                        else:
                            _offer(labels, next_layer, moves, vec_here, prof, sq, label)
                        continue
                    new_label = (moves, vec_here, total, sq, label, prof)
                    labels[sq] = [new_label]
                    next_layer.append(new_label)
        layer = next_layer

    best: dict[Square, Label] = {}
    for sq, found in labels.items():
        if sq == player.square:
            continue
        top = max(found, key=lambda lab: (lab[2], -lab[0]))
        if top[2]:
            best[sq] = top
    return ReachMap(player.square, best, denominator, ma)


def _offer(
    labels: dict[Square, list[Label]], next_layer: list[Label], moves: int, vec: tuple[int, ...],
    prof: tuple[int, ...], square: Square, parent: Label,
) -> None:
    """Keep a new label unless one already on the square is at least as good in every
    up-set (labels there never used more moves: layers are processed in order); drop the
    same-layer labels it beats."""
    total = prof[-1]
    if not total:
        return
    existing = labels.get(square)
    new = (moves, vec, total, square, parent, prof)
    if existing is None:
        labels[square] = [new]
        next_layer.append(new)
        return
    for old in existing:
        if old[5] is prof or (old[2] >= total and _covers(old[5], prof)):
            return
    beaten = [old for old in existing if old[0] == moves and total >= old[2] and _covers(prof, old[5])]
    if beaten:
        gone = {id(old) for old in beaten}
        existing = [old for old in existing if id(old) not in gone]
        next_layer[:] = [lab for lab in next_layer if id(lab) not in gone]
    existing.append(new)
    labels[square] = existing
    next_layer.append(new)


def _covers(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    """a >= b in every component."""
    return all(map(ge, a, b))
