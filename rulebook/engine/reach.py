"""Reach map: for one player, the best chance of reaching every square this turn, and the path.

Search: a label is one path prefix, carried as a vector "probability of having got this far
with re-roll state r" over the few re-roll states the player can be in (team re-rolls left,
Dodge / Sure Feet / Pro / Break Tackle unused). Labels spread breadth-first by moves used;
a label is dropped when another on the same square used no more moves and is at least as
likely in every re-roll state (then every continuation of it does at least as well).

Exactness without Fraction churn: masses are integers over one common denominator B**K
(B = 36, or 216 when Loner/Pro add a die), so each roll is an integer multiply and an
exact division; Fractions are built once per distinct mass at the end.

The ball: moving into the square where it lies adds the pick-up roll (after the rush and the
dodge into it); squares beyond it, on a path through it, carry that roll too, and the ball's own
square means "there with the ball". A path picks the ball up at most once, so Sure Hands needs
no re-roll state: its re-roll is always there for that one roll. The ball's square is left out
of the fast neighbour loops (it starts settled for every mass) and entered by one explicit step
from the labels next to it.

Re-roll policy inside the search: on a failure, use the roll's own skill first, then the
team re-roll or Pro (the one more likely to work), Break Tackle is tried both ways at every
dodge. movement.path_probability optimises every decision by dynamic programming; the two
agree whenever Loner and Pro are absent (tested), and the search never overstates.

Speed (a mid-game map has a few hundred labels, a few thousand neighbour visits and only
some 50 distinct mass vectors): squares are ints x * 15 + y into flat per-board lists; a
mass vector is an interned _Mass shared by every label carrying it, which memoises the
masses each roll leads to, remembers the squares where it was already placed or turned
away (most visits end on that one byte), and packs its up-set sums into one int so a
dominance test is a subtraction and a mask.

Kept as one module: the labels, the interned masses and the search share one packed
representation, and splitting them would put the hot loop's helpers behind module lookups.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product
from operator import mul

from .editions.base import Edition
from .movement import Resources, ball_to_pick_up, path_rolls, resources_for, sequence_success, stand_up
from .probability import success_sixths
from .types import ALL_SQUARES, NEIGHBOURS, PITCH_WIDTH, Board, Player, Square, Status, Weather

# Squares as ints: index = x * PITCH_WIDTH + y, the order of ALL_SQUARES.
SQUARE_AT: tuple[Square, ...] = ALL_SQUARES
NEIGHBOUR_INDEX: tuple[tuple[int, ...], ...] = tuple(
    tuple(n.x * PITCH_WIDTH + n.y for n in NEIGHBOURS[sq]) for sq in ALL_SQUARES
)
assert all(sq.x * PITCH_WIDTH + sq.y == i for i, sq in enumerate(ALL_SQUARES))
# skill_pos of a roll whose skill re-roll is always at hand (it happens at most once a path).
ONCE_PER_PATH = -1


class _Mass:
    """One mass vector over the re-roll states, shared by every label carrying it (free
    moves copy it; equal vectors are interned), with what the search keeps asking of it."""

    __slots__ = ("after", "fraction", "high", "low", "settled", "total", "vec")

    def __init__(self, vec: tuple[int, ...], total: int, low: int, guard: int, settled: bytearray) -> None:
        self.vec = vec
        self.total = total  # the mass on the last up-set (see reach_map)
        # The mass on every up-set packed into one int (see _packing): `high - other.low`
        # keeps every guard bit exactly when this mass is at least the other's everywhere.
        self.low = low
        self.high = low + guard
        self.after: dict[int, _Mass] = {}  # transition table key -> mass after that roll
        # settled[square]: a label with this mass there would be turned away, as one that
        # covers it is there (or was: a label is removed only for one that covers it, and
        # covering is transitive). Set where the mass arrives or is turned away; starts as
        # a copy of the occupied squares (so the hot loop needs no blocked test), or of a
        # covering mass's own settled squares (see reach_map.roll).
        self.settled = bytearray(settled)
        self.fraction: Fraction | None = None


# A label: (moves used, mass, square index, parent label or None).
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

    def __init__(
        self,
        start: Square,
        best: dict[Square, Label],
        denominator: int,
        ma: int,
        exact: dict[Square, Fraction] | None = None,
    ) -> None:
        self.start = start
        self._best = best
        self._denominator = denominator
        self._ma = ma
        # When the search's fixed re-roll policy may fall short of the best one (Pro, Loner): each
        # square's chance along its path with every decision optimised, as the route reports it.
        self._exact = exact
        self._probabilities: dict[Square, Fraction] | None = dict(exact) if exact is not None else None

    def __contains__(self, square: object) -> bool:
        return square in self._best

    def __len__(self) -> int:
        return len(self._best)

    def __iter__(self) -> Iterator[Square]:
        return iter(self._best)

    def squares(self) -> list[Square]:
        return list(self._best)

    def _fraction(self, mass: _Mass) -> Fraction:
        # Many squares share a mass: build (and reduce) each Fraction once.
        found = mass.fraction
        if found is None:
            found = mass.fraction = Fraction(mass.total, self._denominator)
        return found

    def probability(self, square: Square) -> Fraction:
        if self._exact is not None:
            return self._exact.get(square, Fraction(0))
        label = self._best.get(square)
        return self._fraction(label[1]) if label else Fraction(0)

    def probabilities(self) -> dict[Square, Fraction]:
        if self._probabilities is None:
            # _fraction inlined: this runs once per square of the map.
            found: dict[Square, Fraction] = {}
            den = self._denominator
            for sq, label in self._best.items():
                mass = label[1]
                p = mass.fraction
                if p is None:
                    p = mass.fraction = Fraction(mass.total, den)
                found[sq] = p
            self._probabilities = found
        return self._probabilities

    def path(self, square: Square) -> tuple[Square, ...]:
        label = self._best[square]
        steps: list[Square] = []
        while label is not None and label[3] is not None:
            steps.append(SQUARE_AT[label[2]])
            label = label[3]
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
        self.has_bt = res.break_tackle
        self.base = 216 if (res.loner_target is not None or res.pro) else 36
        # Re-roll states: (team left, skills left as a tuple of flags, pro left, bt left).
        self.space = (res.team, len(self.skills), res.pro, res.break_tackle)
        self.states, self.index, self.upsets = _state_space(*self.space)
        self.initial_state = self.index[(res.team, tuple(True for _ in self.skills), res.pro, res.break_tackle)]
        self.dodge_skill_pos = self.skills.index(dodge_skill) if dodge_skill in self.skills else None
        self.rush_skill_pos = self.skills.index(rush_skill) if rush_skill in self.skills else None
        # Transition tables, each under a small int key (masses memoise per key).
        self.tables: list[tuple[tuple[int, int, int], ...]] = []
        self._table_keys: dict[tuple, int] = {}
        self._dodge_targets: dict[tuple, tuple[int, int | None]] = {}
        self.rush_target = edition.rush_test(player, weather).result

        # Tackle-zone facts per square index, from the opponents' side (cheaper than per square).
        size = len(SQUARE_AT)
        self.zones = zones = [0] * size
        # The zones that make a dodge into the square harder: a Titchy player's count for nothing.
        self.marks = marks = [0] * size
        self.tails = tails = [0] * size
        self.diving = diving = bytearray(size)
        self.tackle = tackle = bytearray(size)
        for opp in board.players:
            if opp.team == player.team or opp.square is None or not opp.exerts_tackle_zone:
                continue
            has_tail, has_diving, has_tackle = opp.has("prehensile-tail"), opp.has("diving-tackle"), opp.has("tackle")
            marking = 0 if opp.has("titchy") else 1
            for n in _neighbour_indices(opp.square):
                zones[n] += 1
                marks[n] += marking
                if has_tail:
                    tails[n] += 1
                if has_diving:
                    diving[n] = 1
                if has_tackle:
                    tackle[n] = 1
        self.blocked = blocked = bytearray(size)
        for p in board.players:
            sq = p.square
            if sq is not None and p.id != player.id and sq.on_pitch():
                blocked[sq.x * PITCH_WIDTH + sq.y] = 1
        # The loose ball: its square is closed to the neighbour loops (see the module docstring);
        # near_ball marks the squares a step away from it. A player who may not pick it up
        # (No Hands) never enters it: the attempt fails for sure and ends his move.
        self.ball = -1
        self.near_ball = bytearray(size)
        self.pickup_target, self.pickup_skill = 0, None
        ball = ball_to_pick_up(player, board)
        if ball is not None:
            index = ball.x * PITCH_WIDTH + ball.y
            blocked[index] = 1
            if edition.can_pick_up(player):
                self.ball = index
                for n in NEIGHBOUR_INDEX[index]:
                    self.near_ball[n] = 1
                pickup_skill = edition.skill_reroll_for("pickup")
                self.pickup_target = edition.pickup_test(player, board, ball, weather).result
                self.pickup_skill = ONCE_PER_PATH if pickup_skill and pickup_skill in res.skills else None
        self._ball_dodges: dict[int, tuple[int, ...]] = {}
        # (tails, diving, tackle) at the start square -> zone count -> table keys.
        self._dodge_keys: dict[tuple[int, int, int], dict[int, tuple[int, ...]]] = {}

    def dodge_targets(self, start: int, destination: int) -> tuple[int, int | None]:
        """(target, target with Break Tackle) - the edition's dodge target depends only on
        the counts in the key, so each distinct key asks the edition once."""
        key = (self.tails[start], self.diving[start], self.marks[destination])
        found = self._dodge_targets.get(key)
        if found is None:
            a, b = SQUARE_AT[start], SQUARE_AT[destination]
            normal = self.edition.dodge_test(self.player, self.board, a, b).result
            bt = self.edition.dodge_test(self.player, self.board, a, b, True).result if self.has_bt else None
            found = self._dodge_targets[key] = (normal, bt)
        return found

    def dodge_plan(self, here: int) -> tuple[list[tuple[int, ...]], list[tuple[int, int]]]:
        """For a dodge out of `here`: the distinct table-key lists (normal roll, then Break
        Tackle if it helps) and, per free neighbour in order, which of them applies."""
        marks, blocked = self.marks, self.blocked
        # The rolls depend on the destination only through its zone count (dodge_targets).
        start_key = (self.tails[here], self.diving[here], self.tackle[here])
        by_count = self._dodge_keys.get(start_key)
        if by_count is None:
            by_count = self._dodge_keys[start_key] = {}
        groups: list[tuple[int, ...]] = []
        group_of: dict[int, int] = {}
        steps: list[tuple[int, int]] = []
        for n in NEIGHBOUR_INDEX[here]:
            if blocked[n]:
                continue
            count = marks[n]
            g = group_of.get(count)
            if g is None:
                keys = by_count.get(count)
                if keys is None:
                    keys = by_count[count] = self._dodge_keys_for(here, n)
                g = group_of[count] = len(groups)
                groups.append(keys)
            steps.append((n, g))
        return groups, steps

    def ball_dodge_keys(self, here: int) -> tuple[int, ...]:
        """The table keys of a dodge from `here` into the ball's square (as in dodge_plan)."""
        found = self._ball_dodges.get(here)
        if found is None:
            found = self._ball_dodges[here] = self._dodge_keys_for(here, self.ball)
        return found

    def _dodge_keys_for(self, here: int, destination: int) -> tuple[int, ...]:
        skill_pos = self.dodge_skill_pos if not self.tackle[here] else None
        target, bt_target = self.dodge_targets(here, destination)
        keys: tuple[int, ...] = (self.table_key(target, skill_pos, None),)
        if bt_target is not None and bt_target < target:
            keys += (self.table_key(target, skill_pos, bt_target),)
        return keys

    def table_key(self, target: int, skill_pos: int | None, use_bt_target: int | None) -> int:
        key = (target, skill_pos, use_bt_target)
        found = self._table_keys.get(key)
        if found is None:
            found = self._table_keys[key] = len(self.tables)
            self.tables.append(
                _transitions(
                    self.space, self.base, self.loner_sixths, self.pro_sixths, target, skill_pos, use_bt_target
                )
            )
        return found


def _neighbour_indices(square: Square) -> tuple[int, ...]:
    return NEIGHBOUR_INDEX[square.x * PITCH_WIDTH + square.y] if square.on_pitch() else ()


@lru_cache(maxsize=1024)
def _transitions(
    space: tuple[int, int, bool, bool],
    base: int,
    loner_sixths: int,
    pro_sixths: int,
    target: int,
    skill_pos: int | None,
    use_bt_target: int | None,
) -> tuple[tuple[int, int, int], ...]:
    """(from state, to state, weight over `base`) for one roll under the fixed policy.
    A pure function of its arguments, so shared by every map (building one costs more
    than a typical map spends on it)."""
    states, index, _ = _state_space(*space)
    rows: list[tuple[int, int, int]] = []
    for i, (team, flags, pro, bt) in enumerate(states):
        tgt, bt_after = target, bt
        if use_bt_target is not None and bt:
            tgt, bt_after = use_bt_target, False
        k = success_sixths(tgt)
        fail = 6 - k
        same = index[(team, flags, pro, bt_after)]
        rows.append((i, same, k * base // 6))
        if not fail:
            continue
        if skill_pos == ONCE_PER_PATH:
            rows.append((i, same, fail * k * base // 36))
            continue
        if skill_pos is not None and flags[skill_pos]:
            left = flags[:skill_pos] + (False,) + flags[skill_pos + 1 :]
            rows.append((i, index[(team, left, pro, bt_after)], fail * k * base // 36))
            continue
        options = []
        if team:
            options.append((loner_sixths, (team - 1, flags, pro, bt_after)))
        if pro:
            options.append((pro_sixths, (team, flags, False, bt_after)))
        if options:
            works, state = max(options, key=lambda o: o[0])
            rows.append((i, index[state], fail * works * k * base // 216))
    return tuple(rows)


@lru_cache(maxsize=64)
def _state_space(
    team: int, skills: int, pro: bool, break_tackle: bool
) -> tuple[tuple[tuple, ...], dict[tuple, int], tuple[tuple[int, ...], ...]]:
    """Re-roll states, their index, and their up-sets (the same for every call with these
    resources, so built once)."""
    states = tuple(
        product(
            range(team + 1),
            product((False, True), repeat=skills),
            (False, True) if pro else (False,),
            (False, True) if break_tackle else (False,),
        )
    )
    return states, {s: i for i, s in enumerate(states)}, _upsets(states)


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
        frozenset(j for j, other in enumerate(keys) if all(a >= b for a, b in zip(other, mine, strict=False)))
        for mine in keys
    ]
    found: set[frozenset[int]] = {frozenset()}
    for up in above:
        found |= {u | up for u in found}
        if len(found) > cap:
            return tuple((i,) for i in range(len(states)))
    return tuple(tuple(sorted(u)) for u in sorted(found, key=len) if u)


@lru_cache(maxsize=64)
def _packing(upsets: tuple[tuple[int, ...], ...], size: int, bound_bits: int) -> tuple[tuple[int, ...], int]:
    """Per-state multipliers and the guard mask that pack a vector's up-set sums into one
    int, one field of bound_bits + 1 bits per up-set. packed = sum(vec[s] * mult[s]) puts the
    up-set sum in each field; every sum is below 2**bound_bits, so (a + guard) - b never
    borrows across fields and keeps a field's top bit exactly when a's sum >= b's."""
    width = bound_bits + 1
    mults = [0] * size
    guard = 0
    for u, members in enumerate(upsets):
        for s in members:
            mults[s] += 1 << (u * width)
        guard |= 1 << (u * width + bound_bits)
    return tuple(mults), guard


def _apply(vec: tuple[int, ...], rows: tuple[tuple[int, int, int], ...], base: int, size: int) -> tuple[int, ...]:
    out = [0] * size
    for i, j, w in rows:
        m = vec[i]
        if m:
            out[j] += m // base * w
    return tuple(out)


REACH_MAPS = 128  # maps kept per process: the same board asked again is answered from memory


@lru_cache(maxsize=REACH_MAPS)
def reach_map(
    edition: Edition,
    player: Player,
    board: Board,
    team_rerolls: int = 1,
    weather: Weather = Weather.NICE,
) -> ReachMap:
    """Best chance (exact) of reaching each square this turn, with the path that gives it.
    Memoised by its inputs (all immutable); the map itself is never changed once built."""
    if player.square is None:
        raise ValueError("player is not on the pitch")
    ctx = _Context(edition, player, board, team_rerolls, weather)
    ma = player.ma
    limit = ma + edition.rushes_allowed(player)
    size = len(ctx.states)
    base = ctx.base
    tables = ctx.tables
    # Enough factors of `base` for every roll a path can contain: standing up, a dodge per
    # step, a rush per rush and the pick-up (1 + limit + rushes + 1 <= 2 * limit + 2).
    denominator = base ** (2 * limit + 2)
    if player.status is Status.STUNNED:
        return ReachMap(player.square, {}, denominator, ma)

    # No up-set sum exceeds the starting mass, `denominator`.
    mults, guard = _packing(ctx.upsets, size, denominator.bit_length())
    interned: dict[tuple[int, ...], _Mass] = {}
    blocked = ctx.blocked
    # A label's total is the probability of being there at all: the mass summed over every
    # re-roll state (also when a large lattice fell back to comparing state by state).

    def mass_of(vec: tuple[int, ...], before: _Mass | None = None) -> _Mass:
        """The shared _Mass for this vector (`before`: the mass it was rolled from)."""
        found = interned.get(vec)
        if found is None:
            total = sum(vec)
            low = sum(map(mul, vec, mults))
            # A roll only spends re-rolls and loses mass, so the mass before it normally
            # covers the result, which is then turned away wherever that one already is.
            # Tested, not assumed (with the singleton fallback it need not hold).
            covered = before is not None and before.total >= total and (before.high - low) & guard == guard
            settled = before.settled if before is not None and covered else blocked
            found = interned[vec] = _Mass(vec, total, low, guard, settled)
        return found

    def roll(mass: _Mass, key: int) -> _Mass:
        found = mass.after.get(key)
        if found is None:
            found = mass.after[key] = mass_of(_apply(mass.vec, tables[key], base, size), mass)
        return found

    vec = [0] * size
    vec[ctx.initial_state] = denominator
    start_mass = mass_of(tuple(vec))
    used = 0
    if player.status is Status.PRONE:
        used, stand_roll = stand_up(edition, player, board)
        if stand_roll is not None:
            start_mass = roll(start_mass, ctx.table_key(stand_roll.target, None, None))

    if not player.square.on_pitch():
        raise KeyError(player.square)
    start_index = player.square.x * PITCH_WIDTH + player.square.y
    start: Label = (used, start_mass, start_index, None)
    # labels[square]: the labels kept there (None: none yet); order: squares by first label.
    labels: list[list[Label] | None] = [None] * len(SQUARE_AT)
    labels[start_index] = [start]
    order = [start_index]
    layer = [start]
    zones = ctx.zones
    plans: dict[int, tuple[list[tuple[int, ...]], list[tuple[int, int]]]] = {}
    rush_key = ctx.table_key(ctx.rush_target, ctx.rush_skill_pos, None)
    ball, near_ball = ctx.ball, ctx.near_ball
    pickup_key = ctx.table_key(ctx.pickup_target, ctx.pickup_skill, None) if ball >= 0 else -1
    moves = used
    # Labels beaten by a later one of their own layer are skipped when that layer is
    # expanded rather than removed from it (ids stay unique: the layer keeps them alive).
    dead: set[int] = set()
    while layer and moves < limit:
        moves += 1
        rushing = moves > ma
        next_layer: list[Label] = []
        skip, dead = dead, set()

        # offer() is called only inside this iteration, so it reading this layer's moves, dead and
        # next_layer (B023) is what it must do.
        def offer(mass: _Mass, square: int, parent: Label) -> None:
            """Keep a label the caller found undominated; drop the same-layer ones it beats
            (labels there never used more moves: layers are processed in order)."""
            total = mass.total
            if not total:
                return
            new = (moves, mass, square, parent)  # noqa: B023
            existing = labels[square]
            if existing is None:
                labels[square] = [new]
                order.append(square)
            else:
                high = mass.high
                gone = {
                    id(old)
                    for old in existing
                    if old[0] == moves and total >= old[1].total and (high - old[1].low) & guard == guard  # noqa: B023
                }
                if gone:
                    dead.update(gone)  # noqa: B023
                    existing[:] = [old for old in existing if id(old) not in gone]
                existing.append(new)
            next_layer.append(new)  # noqa: B023

        for label in layer:
            if skip and id(label) in skip:
                continue
            here, mass = label[2], label[1]
            if rushing:
                mass = mass.after.get(rush_key) or roll(mass, rush_key)
                if not mass.total:
                    continue
            if zones[here]:
                found_plan = plans.get(here)
                if found_plan is None:
                    found_plan = plans[here] = ctx.dodge_plan(here)
                groups, steps = found_plan
                after = mass.after
                options = [[after.get(k) or roll(mass, k) for k in keys] for keys in groups]
                for sq, g in steps:
                    for new_mass in options[g]:
                        settled = new_mass.settled
                        if settled[sq]:
                            continue
                        settled[sq] = 1
                        existing = labels[sq]
                        if existing is not None:
                            total, low = new_mass.total, new_mass.low
                            for old in existing:
                                m = old[1]
                                if m is new_mass or (m.total >= total and (m.high - low) & guard == guard):
                                    break
                            else:
                                offer(new_mass, sq, label)
                        elif new_mass.total:
                            new_label = (moves, new_mass, sq, label)
                            labels[sq] = [new_label]
                            order.append(sq)
                            next_layer.append(new_label)
            else:
                settled = mass.settled
                total, low = mass.total, mass.low
                for sq in NEIGHBOUR_INDEX[here]:
                    # Fast rejection (the common case in open field): this mass already
                    # reached the square or was turned away there.
                    if settled[sq]:
                        continue
                    settled[sq] = 1
                    existing = labels[sq]
                    if existing is None:
                        new_label = (moves, mass, sq, label)
                        labels[sq] = [new_label]
                        order.append(sq)
                        next_layer.append(new_label)
                        continue
                    # A label already there, from this layer or an earlier one, at least
                    # as good in every up-set?
                    for old in existing:
                        m = old[1]
                        if m is mass or (m.total >= total and (m.high - low) & guard == guard):
                            break
                    else:
                        offer(mass, sq, label)
            if near_ball[here]:
                # Into the ball's square: the dodge (if any), then the pick-up.
                entering = [roll(mass, k) for k in ctx.ball_dodge_keys(here)] if zones[here] else [mass]
                for arrived in entering:
                    picked = arrived.after.get(pickup_key) or roll(arrived, pickup_key)
                    if not picked.total:
                        continue
                    total, low = picked.total, picked.low
                    for old in labels[ball] or ():
                        m = old[1]
                        if m is picked or (m.total >= total and (m.high - low) & guard == guard):
                            break
                    else:
                        offer(picked, ball, label)
        layer = next_layer

    best: dict[Square, Label] = {}
    for sq in order:
        if sq == start_index:
            continue
        found = labels[sq]
        assert found is not None
        top = found[0] if len(found) == 1 else max(found, key=lambda lab: (lab[1].total, -lab[0]))
        if top[1].total:
            best[SQUARE_AT[sq]] = top
    searched = ReachMap(player.square, best, denominator, ma)
    res = resources_for(player, edition, team_rerolls)
    if res.pro or res.loner_target is not None:
        exact = _exact_chances(edition, player, board, searched, weather, res)
        return ReachMap(player.square, best, denominator, ma, exact)
    return searched


def _exact_chances(
    edition: Edition, player: Player, board: Board, found: ReachMap, weather: Weather, res: Resources
) -> dict[Square, Fraction]:
    """Each square's chance along the search's path with re-rolls spent by the exact solver (which
    weighs Pro against a team re-roll, a Loner's roll and the classic Pro roll's own re-roll, where
    the search follows a fixed order)."""
    return {
        square: sequence_success(path_rolls(edition, player, board, found.path(square), weather), res)
        for square in found
    }
