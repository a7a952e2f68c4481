"""Where the heuristic bot's blocks go: the goals each heads for and the MP fields to them
(leaders a few MP behind their blocks, the commander near its platoon leader), how good a
place is (progress, exposure, a goal's worth), the activation's MP budget (the rules'
`activation_budget`), and the search over MP plus the risk of opportunity fire that plans
a move.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable

from ..battlefield import Dynamic
from ..battlefield.movement import Mover
from ..model.cards import BlockType
from ..rules.uo.activation import activation_budget, fire_and_move, helps_climb, unit_of
from ..rules.uo.combat import LEADERS
from ..rules.uo.game import BlockInfo
from ..rules.uo.no_mans_land import ENGINEERS
from .estimates import can_take, exposure, holding, precious, risk_of, risk_row, threatened
from .knowledge import UNREACHABLE
from .view import STAY, Search, SearchState, View, mover, role

#: MP the leaders keep behind the front
LEADER_LAG = 3
#: no goal left to head for
FAR = 99
#: MP of progress a point of enemy firepower on the destination is worth
EXPOSURE = {"attack": 0.05, "hold": 0.6, "leader": 0.3, "stay": 1.0}
#: from this caution on (the last turns), an attacker on a threatened goal keeps it
GUARD_CAUTION = 0.5
#: MP a victory point at stake in a location is worth to a block heading there
GOAL_PULL = 3.0
#: MP that entering a location under the guns of enemies who may still react costs a mover,
#: per unit of risk (0-3: the firepower of the three strongest, by 5)
RISK = 0.05
#: RISK for a block the enemy scores for destroying: a critical hit may destroy it whatever
#: the odds (8.2.7.5), so it goes round the guns of enemies who may still react
RISK_PRECIOUS = 0.5


def _zero(i: int) -> float:
    return 0.0


def idle(view: View, bid: str, info: BlockInfo, kind: str) -> bool:
    """Whether the block heads for no place at all: one whose role is to stay, or a dummy
    off our list (progress is a constant; it has no goals)."""
    return kind == "stay" or (info.dummy and bid not in view.own)


def progress(view: View, bid: str) -> Callable[[int], float]:
    """MP from a location (by index) to the block's nearest goal no friend holds,
    leaders kept behind the front; a constant for blocks that stay."""
    got = view.prog.get(bid)
    if got is not None:
        return got
    info = view.brief.own[bid]
    kind = role(view, info)
    if idle(view, bid, info, kind):
        view.prog[bid] = _zero
        return _zero
    if info.type == BlockType.commander:
        follow = view.prog[bid] = _follow_leader(view, mover(info))
        return follow
    fields: list[tuple[list[int], int]] = []
    targets = view.targets[bid] = set()
    for loc, offset, field in goal_fields(view, bid):
        targets.add(loc)
        fields.append((field, offset))

    def prog(i: int) -> float:
        best = float(FAR)
        for field, offset in fields:
            d = field[i] + offset
            if d < best:
                best = d
        return best

    fn: Callable[[int], float] = prog
    if kind == "leader":
        front_ = front(view, info)
        if front_ is not None:
            behind = front_ + LEADER_LAG

            def fn(i: int) -> float:
                # a few MP behind its blocks: neither out of command range nor ahead
                return abs(prog(i) - behind)

    view.prog[bid] = fn
    return fn


def goal_fields(view: View, bid: str) -> list[tuple[str, int, list[int]]]:
    """The goals the block may head for, each with its offset and MP field."""
    got = view.goal_fields.get(bid)
    if got is not None:
        return got
    info = view.brief.own[bid]
    kind = role(view, info)
    how = mover(info)
    here = view.own[bid].location if bid in view.own else None
    start = view.know.bf.location(here).index if here else None
    out: list[tuple[str, int, list[int]]] = []
    opens = [loc for loc, engineer in engineer_goals(view).items() if engineer == bid]
    if opens:
        # its barricade first: the goals behind it wait for it (8.2.3.2)
        view.goal_fields[bid] = out = [(loc, 0, _approach(view, loc, how)) for loc in opens[:1]]
        return out
    for loc, offset in view.goals:
        holder = view.own_at.get(loc)
        if holder is not None and holder != bid:
            continue  # a friend holds it
        guard = view.caution <= GUARD_CAUTION and threatened(view, loc)
        if holder == bid and (kind == "hold" or guard):
            pass  # a defender keeps its post; so does an attacker near the end, if need be
        elif loc not in view.enemy_at and view.control.get(loc) == view.side:
            continue  # ours, and control stays with the last side through (2.3)
        elif loc in view.roofs and view.control.get(loc) in (None, view.side):
            continue  # our own roof only matters when the enemy holds it
        if not can_take(view, info, loc):
            continue
        if loc in view.impassable or (loc in view.barricades and info.type not in ENGINEERS):
            continue  # closed: only an engineer opens a barricade (8.2.3.2); the others go elsewhere
        if loc in view.barricades and engineer_goals(view).get(loc, bid) != bid:
            continue  # another engineer is nearer: each opens its own
        field = view.know.field(loc, how)
        if kind == "hold" and start is not None and field[start] > view.know.profile.hold_reach:
            continue
        if start is not None and field[start] >= UNREACHABLE:
            field = _approach(view, loc, how)
        out.append((loc, offset, field))
    view.goal_fields[bid] = out
    return out


def engineer_goals(view: View) -> dict[str, str]:
    """Which engineer opens each goal a barricade closes (8.2.3.2): the nearest pairs first,
    one barricade an engineer while there are engineers enough, so that two bridgeheads
    open at once rather than one after the other."""
    got = view.engineers
    if got is not None:
        return got
    got = view.engineers = {}
    closed = sorted(loc for loc, _ in view.goals if loc in view.barricades)
    engineers = sorted(
        own.id
        for own in view.own.values()
        if own.on_map and own.info.type in ENGINEERS and not own.info.dummy
    )
    pairs = []
    bf = view.know.bf
    for loc in closed:
        near = view.know.hexes_near(loc)
        if not near:
            continue
        for bid in engineers:
            field = view.know.field(near, mover(view.brief.own[bid]))
            here = view.own[bid].location
            assert here is not None
            pairs.append((field[bf.location(here).index], loc, bid))
    busy: set[str] = set()
    for _, loc, bid in sorted(pairs):
        if loc in got or (bid in busy and len(busy) < len(engineers)):
            continue
        got[loc] = bid
        busy.add(bid)
    return got


def commanded_leader(view: View) -> str | None:
    """Where the platoon leader of the commander's own force stands: with the
    commander within command range, that force's impulses activate 7 blocks (7.2.1)."""
    commander = view.brief.commander
    if commander is None or commander not in view.brief.own:
        return None
    force = view.brief.forces.get(view.brief.own[commander].force)
    leader = view.own.get(force.leader or "") if force else None
    if leader is None or not leader.on_map:
        return None
    return leader.location


def _follow_leader(view: View, how: Mover) -> Callable[[int], float]:
    there = commanded_leader(view)
    if there is None:
        return _zero
    field = view.know.field(there, how)

    def near(i: int) -> float:
        return max(0.0, field[i] - 3.0)

    return near


def front(view: View, leader: BlockInfo) -> float | None:
    """How near the blocks a leader commands are to their goals."""
    if leader.force in view.fronts:
        return view.fronts[leader.force]
    best: float | None = None
    for own in view.own.values():
        info = own.info
        if info.type in LEADERS or info.type in STAY or info.dummy or not own.on_map:
            continue
        if info.force != leader.force:
            continue
        assert own.location is not None
        d = progress(view, own.id)(view.know.bf.location(own.location).index)
        best = d if best is None else min(best, d)
    view.fronts[leader.force] = best
    return best


def _approach(view: View, goal: str, how: Mover) -> list[int]:
    """A field to the hexes within 2 EP of a goal the mover cannot enter."""
    near = view.know.hexes_near(goal)
    return view.know.field(near, how) if near else [UNREACHABLE] * len(view.know.bf)


def place_score(view: View, bid: str, location: str) -> float:
    """How good a place is for the block, lower better: MP still to go, less the pull of
    a goal there, plus its exposure to the enemy's guns as the block's role weighs it."""
    return place_scorer(view, bid)(location, view.know.bf.location(location).index)


def place_scorer(view: View, bid: str) -> Callable[[str, int], float]:
    """`place_score` for the block as a function of a location (its id and index), what
    depends on the block alone looked up once (a plan scores a hundred places): MP still to
    go, less the pull of a goal there, plus the exposure the block's role weighs."""
    base, exposed = place_parts(view, bid)

    def score(location: str, index: int) -> float:
        return base(location, index) + exposed(location)

    return score


def place_parts(view: View, bid: str) -> tuple[Callable[[str, int], float], Callable[[str], float]]:
    """`place_scorer`'s two terms, whose sum is the score: (MP still to go less the pull of
    a goal there, by location id and index; the exposure the block's role weighs, by
    location id). The second is never negative (firepower, weighed by a role's weight, the
    caution and the care, none negative), so the first alone is a floor under the score
    that skips the exposure's look-up for a place that cannot be the best (`plan`)."""
    info = view.brief.own[bid]
    weight = EXPOSURE[role(view, info)]
    prog = progress(view, bid)
    protection = info.profile.protection
    targets = view.targets.get(bid, ())
    caution = view.caution
    care = precious(view, info)

    def base(location: str, index: int) -> float:
        got = prog(index)
        if location in targets:
            got -= GOAL_PULL * holding(view, location)
        return got

    def exposed(location: str) -> float:
        return weight * exposure(view, location, protection) * caution * care

    return base, exposed


def dynamic(view: View) -> Dynamic:
    """What movement needs to know of the situation for our moves: our blocks to climb over
    (8.1.6, 8.1.7) and the No Man's Land counters as the observation shows them now
    (`closed_to_movement`: those placed at set-up, a destroyed one gone) besides the
    scenario's face-up ones. With the briefing's alone, a barricade the enemy put on a
    bridgehead was a free way and the hexes next to it cost 1 MP instead of 2 (5.2.3.5): an
    engineer planned to reach it with its action left and arrived with none."""
    got = view.dynamic
    if got is None:
        helpers = frozenset(
            own.location
            for own in view.own.values()
            if own.on_map and own.location and not own.info.dummy and helps_climb(own.info.profile)
        )
        got = view.dynamic = Dynamic(
            helpers=helpers,
            barricades=view.barricades,
            impassable=view.impassable,
            opened_breaches=view.breaches,
        )
    return got


def budget(view: View, bid: str) -> tuple[int, int, int, bool]:
    """Our own block's activation (7.1.2, 8.1.13), by the rules' `activation_budget`: MP
    spent, the limit in sight, the limit out of every enemy's sight, and whether its move
    so far was out of sight."""
    info = view.brief.own[bid]
    unit = unit_of(info.profile)
    act = view.obs.activation
    if act is None or act.block != bid:
        here = view.own[bid].location
        spent, acted_at, unseen = 0, None, here is not None and not seen(view, here)
    else:
        spent, acted_at, unseen = act.spent, act.acted_at, act.unseen and act.acted_at is None

    def limit(out_of_sight: bool) -> int:
        return activation_budget(
            unit,
            spent=spent,
            acted_at=acted_at,
            fire_and_move=fire_and_move(info.profile),
            unseen=out_of_sight,
            night=view.night,
            underground=False,  # the search keeps an underground move in sight itself
        )

    return spent, limit(False), limit(True), unseen


def seen(view: View, location: str) -> bool:
    """Whether a known enemy block sees `location` (8.1.13)."""
    got = view.mem.seen.get(location)
    if got is None:
        table = view.know.bf.los_table  # wrecks only ever block more: an estimate
        row = table.built_row(location)
        if row is not None:
            # the location's row of the table against every enemy's bit at once (`clear`,
            # pair by pair, reads the same bits)
            got = bool(row & view.enemy_bits())
        else:
            clear = table.clear
            got = any(clear(enemy.location, location) for enemy in view.enemies)
        view.mem.seen[location] = got
    return got


def mp_left(view: View, bid: str) -> int:
    spent, limit, _, _ = budget(view, bid)
    return max(0, limit - spent)


def plan(view: View, bid: str, here: str) -> list[str]:
    """The path to the best place within this activation's MP: 6 (12) in sight, 9 (18)
    for a move entirely out of sight (7.1.2, 8.1.13)."""
    start, best_prio, mp_at, prev = search(view, bid, here)
    locs = view.know.bf.locations
    progress(view, bid)
    targets = view.targets.get(bid, set())
    # goals on the way are taken in passing: the last side through holds them (2.3)
    passing = {
        locs[key[0]].id
        for key in best_prio
        if locs[key[0]].id in targets and locs[key[0]].id not in view.enemy_at
    }
    base_at, exposed_at = place_parts(view, bid)
    best, best_score = start, base_at(here, start[0]) + exposed_at(here)
    # place_score by location (both states of one place share it), and its first term
    scores: dict[int, float] = {}
    bases: dict[int, float] = {}
    #: goals in passing strictly between the start and each state, by the search's tree
    between: dict[SearchState, frozenset[str]] = {start: frozenset()}
    ids = view.know.ids
    for key, prio in best_prio.items():
        i = key[0]
        loc = ids[i]
        if i == start[0] or view.own_at.get(loc, bid) != bid:
            continue
        mp = mp_at[key]
        pull = 0.0
        if passing:
            on_the_way = _between(key, start, prev, between, passing, ids)
            pull = GOAL_PULL * sum(holding(view, g) for g in on_the_way)
        score = scores.get(i)
        if score is None:
            base = bases.get(i)
            if base is None:
                base = bases[i] = base_at(loc, i)
            # the score with the exposure left out, in the same order of operations: as
            # the exposure is never negative and rounding keeps order, never above the
            # score; a place whose floor does not beat the best is passed by unexposed
            floor = base + (prio - mp) + 0.01 * mp
            if passing:
                floor -= pull
            if not floor < best_score - 0.5:
                continue
            score = scores[i] = base + exposed_at(loc)
        score = score + (prio - mp) + 0.01 * mp
        if passing:
            score -= pull
        if score < best_score - 0.5:
            best, best_score = key, score
    return path(view, start, best, prev)


def _between(
    key: SearchState,
    start: SearchState,
    prev: dict[SearchState, SearchState],
    memo: dict[SearchState, frozenset[str]],
    passing: set[str],
    ids: list[str],
) -> frozenset[str]:
    """The goals of `passing` a state's path goes through, its ends left out: its
    predecessor's, and the predecessor itself."""
    chain = []
    state = key
    while state not in memo:
        chain.append(state)
        state = prev[state]
    for state in reversed(chain):
        parent = prev[state]
        got = memo[parent]
        if parent != start and ids[parent[0]] in passing:
            got = got | {ids[parent[0]]}
        memo[state] = got
    return memo[key]


def states(start: SearchState, end: SearchState, prev: dict[SearchState, SearchState]) -> list[SearchState]:
    out = []
    while end != start:
        out.append(end)
        end = prev[end]
    out.reverse()
    return out


def path(view: View, start: SearchState, end: SearchState, prev: dict[SearchState, SearchState]) -> list[str]:
    locs = view.know.bf.locations
    return [locs[s[0]].id for s in states(start, end, prev)]


def search(view: View, bid: str, here: str) -> Search:
    """Dijkstra from `here` on MP plus the risk of opportunity fire on the way (8.3.1),
    within the MP the activation has left; states are (location, out of sight so far)."""
    key_ = (bid, here)
    cached = view.search.get(key_)
    if cached is not None:
        return cached
    know = view.know
    bf = know.bf
    info = view.brief.own[bid]
    how = mover(info)
    graph = know.moves(how, dynamic(view))
    spent, limit, hidden_limit, unseen = budget(view, bid)
    protection = info.profile.protection
    start = (bf.location(here).index, unseen)
    # states as integers (2 * location + out of sight) in flat lists; the dictionaries
    # returned list them in the order they were first reached, as the choices expect
    n2 = 2 * len(bf)
    inf = float("inf")
    prio_of = [inf] * n2
    mp_of = [0] * n2
    prev_of = [-1] * n2
    s0 = 2 * start[0] + unseen
    prio_of[s0] = float(spent)
    mp_of[s0] = spent
    order = [s0]
    # the frontier holds (priority, MP, state): the state's order is (location, out of
    # sight)'s, so ties pop as they would by the pair
    frontier: list[tuple[float, int, int]] = [(float(spent), spent, s0)]
    by_id = bf.by_id
    closed = view.enemy_at.keys() | view.mem.avoid
    blocked = know.dark | {by_id[loc].index for loc in closed}
    surface, ids = know.surface, know.ids
    top = max(limit, hidden_limit)
    careful = precious(view, info)
    if bid in engineer_goals(view).values():
        careful = max(careful, view.know.profile.precious)  # the way to a goal opens only by its hands
    care = (RISK if careful <= 1 else RISK_PRECIOUS) * view.caution * careful
    risks = risk_row(view, protection)
    risk_at = risk_of(view, protection)
    seen_at = view.mem.seen_at
    if seen_at is None:
        seen_at = view.mem.seen_at = [None] * len(bf)
    pop, push = heapq.heappop, heapq.heappush
    while frontier:
        prio, d, here_state = pop(frontier)
        if prio > prio_of[here_state]:
            continue
        i = here_state >> 1
        if here_state & 1:
            # out of sight so far: a step onto the surface stays so if no enemy sees it
            for j, cost in graph[i]:
                nd = d + cost
                if nd > top or j in blocked:
                    continue
                if surface[j]:
                    s = seen_at[j]
                    if s is None:
                        s = seen_at[j] = seen(view, ids[j])
                    nu = not s
                else:
                    nu = False
                if nd > (hidden_limit if nu else limit):
                    continue
                state = 2 * j + nu
                if prio_of[state] <= prio:
                    continue  # (as below: it could not do better)
                r = risks[j]
                if r is None:
                    r = risks[j] = risk_at(ids[j])
                nprio = prio + cost + care * r
                if nprio < prio_of[state]:
                    if prio_of[state] == inf:
                        order.append(state)
                    prio_of[state] = nprio
                    mp_of[state] = nd
                    prev_of[state] = here_state
                    push(frontier, (nprio, nd, state))
        else:
            # in sight: every step stays in sight, within the in-sight limit (<= top); a state
            # already at or below this priority is passed by (a step adds MP and a risk,
            # neither negative: it could not do better), before its risk is looked up
            for j, cost in graph[i]:
                nd = d + cost
                state = 2 * j
                if nd > limit or prio_of[state] <= prio or j in blocked:
                    continue
                r = risks[j]
                if r is None:
                    r = risks[j] = risk_at(ids[j])
                nprio = prio + cost + care * r
                if nprio < prio_of[state]:
                    if prio_of[state] == inf:
                        order.append(state)
                    prio_of[state] = nprio
                    mp_of[state] = nd
                    prev_of[state] = here_state
                    push(frontier, (nprio, nd, state))
    # (the start is the first reached, and has no predecessor)
    keys = know.search_states
    best_prio = {keys[state]: prio_of[state] for state in order}
    mp_at = {keys[state]: mp_of[state] for state in order}
    prev = {keys[state]: keys[prev_of[state]] for state in order[1:]}
    view.search[key_] = (start, best_prio, mp_at, prev)
    return start, best_prio, mp_at, prev
