"""Third-dimension actions (7.3): the request sequence of the initial phase (turn 1's too,
3.1.1's note), the matrix's d10 (U / T+1 / T, 7.3.3.1), air defence (7.3.3.5), the
resolution of T actions at once and of T+1 actions in the next turn's resolution sequence
(7.3.3.3), smoke and flares (7.3.3.4) and 3D scouting (7.3.4).

- Who requests (7.3.2): a Platoon Leader (mortar, artillery, smoke or flare only; target
  within 15 EP) or a JFO (any; 20 EP), one request each a turn; no LOS needed.
- What may be requested: a row of the side's matrix with missions left (the scenario's, plus
  extra missions events gave, 6) and requests left this turn (`per_turn`); a U counts as a
  request of the turn but no mission.
- Targets offered (`targetable`): the locations of enemy blocks the side sees (a room, zone or
  hex, never a roof, 7.3.3.1); a scouting mission's outside buildings only, roofs allowed
  (hexes, roofs, 7.3.4). Where the scenario allows it (`SupportMatrix.any_position`,
  `on_paper`), any such position within the requester's reach, as written on paper.
- Air defence (7.3.3.5): an aircraft (plane or helicopter, no drone) announced, the enemy's
  first air-defence row with missions left rolls at once; T intercepts (both missions
  spent), U lets it through (no air-defence mission spent).
- Resolution: blocks at the target are revealed (3.1.1); the card's rings hit blocks by EP
  distance, of the kinds it affects, of both sides (red symbol) or the requester's enemy
  only (blue symbol); fortified locations take 1 OSL less (5.2.4.2). Smoke puts a Smoke
  counter on a targeted hex; flares light the card's area for the turn (no weapons effect);
  a scouting mission reveals the blocks within its area outside buildings (roofs included).
- Adjusting (7.3.3.2), in the resolution sequence, each T+1 action in turn: a ground-to-
  ground one may be cancelled if its requester sees the target, never adjusted; an
  air-to-ground one may always be cancelled, and adjusted up to 10 EP (to a location of
  an enemy block the side sees) if the requester sees the target. The owner decides only
  when it has such a choice.
- The weapons effect reaches No Man's Land counters in its rings (population eliminated,
  8.2.1.1), smoke's included (7.3.3.4).
- Flares light their area for the turn: at night a lit location is fired at and scouted as
  by day (flares.py).
"""

from __future__ import annotations

from ...battlefield import Battlefield, LocKind
from ...battlefield.movement import ep_from, ep_within
from ...model.cards import AffectedSides, BlockType, Protection, SupportCard, SupportDomain, SupportKind
from ...model.scenario import Side, SupportRow
from . import combat, harm, no_mans_land, rubble, superstructure
from .actions import Action, Adjust3D, Cancel3D, Carry3D, EndRequests, Request3D
from .situation import Situation
from .state import Mission, Phase, other

#: what a Platoon Leader may request (7.3.2); a JFO requests anything
SHELLING = frozenset({SupportKind.mortar, SupportKind.artillery, SupportKind.smoke, SupportKind.flare})
#: the EP a requester reaches (7.3.2)
REACH = {BlockType.jfo: 20, BlockType.platoon_leader: 15}
#: aircraft an air defence may intercept (7.3.3.5: plane or helicopter, no drone)
AIRCRAFT = frozenset(
    {SupportKind.close_air_support, SupportKind.helicopter_attack, SupportKind.helicopter_recon}
)
SCOUTING = frozenset({SupportKind.helicopter_recon, SupportKind.drone_recon})
#: how far an air-to-ground action may be adjusted (7.3.3.2)
ADJUST = 10


def key(side: Side, support: str) -> str:
    return f"{side.value}:{support}"


def matrix(sit: Situation, side: Side) -> list[SupportRow]:
    return list(getattr(sit.game.scenario.sides, side.value).support.actions)


def air_defence(sit: Situation, side: Side) -> list[SupportRow]:
    return list(getattr(sit.game.scenario.sides, side.value).support.air_defense)


def missions_left(sit: Situation, side: Side, row: SupportRow) -> int:
    """The scenario's missions plus those events added (6), less those used."""
    third = sit.state.third
    extra = sit.state.events.extra_missions.get(row.support, 0)
    return row.missions + extra - third.used.get(key(side, row.support), 0)


def requests_left(sit: Situation, side: Side, row: SupportRow) -> int:
    """The requests `side` may still make of `row` this turn (7.3.1: the matrix's second
    number), as the request sequence counts them."""
    return row.per_turn - sit.state.third.requested.get(key(side, row.support), 0)


def counted(sit: Situation) -> tuple[object, ...]:
    """Everything of the state `missions_left` and `requests_left` read: equal values, equal
    counts (an observation shows them at every decision, and they change a few times a
    game)."""
    s = sit.state
    return (
        tuple(s.events.extra_missions.items()),
        tuple(s.third.used.items()),
        tuple(s.third.requested.items()),
    )


def card(sit: Situation, support: str) -> SupportCard | None:
    return sit.game.support_cards.get(support)


# --- the request sequence ------------------------------------------------------------------
def start_requests(sit: Situation, first: Side) -> None:
    """3.1.1: the 3D actions request sequence of this turn, `first` (the initiative) first;
    a side with nothing it may request is skipped."""
    third = sit.state.third
    third.requested.clear()
    third.requesters.clear()
    third.requesting = [first, other(first)]
    settle(sit)


def settle(sit: Situation) -> None:
    third = sit.state.third
    while third.requesting and not requests(sit, third.requesting[0]):
        third.requesting.pop(0)


def requester(sit: Situation) -> Side | None:
    """The side in its request sequence, if one is."""
    third = sit.state.third
    return third.requesting[0] if third.requesting else None


def requests(sit: Situation, side: Side) -> list[Request3D]:
    """Every request `side` may make now (7.3.2, 7.3.3)."""
    g, s = sit.game, sit.state
    third = s.third
    rows = [
        r
        for r in matrix(sit, side)
        if missions_left(sit, side, r) > 0
        and requests_left(sit, side, r) > 0
        and card(sit, r.support) is not None
    ]
    if not rows:
        return []
    askers = [
        (bid, b.location)
        for bid, b in s.blocks.items()
        if b.on_map
        and b.location
        and bid not in third.requesters
        and g.blocks[bid].side == side
        and not g.blocks[bid].dummy
        and g.blocks[bid].type in REACH
    ]
    if not askers:
        return []
    bf = g.battlefield
    if on_paper(sit, side):
        # 7.3.3.1: "the player writes out on a sheet of paper the positions targeted"
        aims = None
    else:
        seen_by = sit.enemy_sight(other(side))  # (`seen_by_enemy`, the state standing still)
        aims = sorted(loc for loc in sit.enemy_locations(side) if seen_by(loc))
    out = []
    for row in rows:
        c = card(sit, row.support)
        assert c is not None
        for bid, here in askers:
            btype = g.blocks[bid].type
            if btype == BlockType.platoon_leader and c.kind not in SHELLING:
                continue
            reach = REACH[btype]
            near = ep_from(bf, here)
            for target in sorted(loc for loc, d in near.items() if d <= reach) if aims is None else aims:
                if not targetable(c, bf.location(target).kind):
                    continue
                if ep_within(bf, here, target, reach) is not None:
                    out.append(Request3D(row.support, bid, target))
    return out


def on_paper(sit: Situation, side: Side) -> bool:
    """Whether the scenario lets `side` write any position within reach (7.3.3.1) rather than
    be offered the locations of the enemy blocks it sees (`SupportMatrix.any_position`)."""
    return getattr(sit.game.scenario.sides, side.value).support.any_position


def targetable(c: SupportCard, kind: LocKind) -> bool:
    """Where a 3D action may be aimed. 7.3.3.1: "Where a building is targeted, only a room or
    an area can be targeted, but no roof"; 7.3.4: "A 3D scouting action is allowed anywhere
    except for buildings (exception roofs) and underground": a scouting mission's target is
    a hex or a roof, the others' a hex, room or zone."""
    if c.kind in SCOUTING:
        return kind in (LocKind.hex, LocKind.roof)
    return kind != LocKind.roof


def actions(sit: Situation) -> list[Action]:
    third = sit.state.third
    if third.resolving:
        return [Carry3D(), *adjustments(sit, third.resolving[0])]
    side = requester(sit)
    if side is None:
        return []
    return [*requests(sit, side), EndRequests()]


def apply(sit: Situation, action: Request3D | EndRequests) -> None:
    s = sit.state
    third = s.third
    side = third.requesting[0]
    if isinstance(action, EndRequests):
        third.requesting.pop(0)
        settle(sit)
        return
    row = next(r for r in matrix(sit, side) if r.support == action.support)
    k = key(side, action.support)
    third.requested[k] = third.requested.get(k, 0) + 1
    third.requesters.add(action.requester)
    roll = sit.roll()
    if roll in row.unavailable:
        sit.read_on(f"3d.{action.support}", -1, row="U")
    elif roll in row.next_turn or roll in row.this_turn:
        now = roll in row.this_turn
        sit.read_on(f"3d.{action.support}", -1, row="T" if now else "T+1")
        third.used[k] = third.used.get(k, 0) + 1
        if not intercepted(sit, side, action.support):
            if now:
                resolve(sit, Mission(side, action.support, action.requester, action.target, s.turn))
            else:
                third.planned.append(
                    Mission(side, action.support, action.requester, action.target, s.turn + 1)
                )
    settle(sit)


def intercepted(sit: Situation, side: Side, support: str) -> bool:
    """7.3.3.5: an aircraft announced, the enemy's air defence rolls (its first row with
    missions left); T intercepts, and its mission is spent too."""
    c = card(sit, support)
    if c is None or c.kind not in AIRCRAFT or c.drone:
        return False
    enemy = other(side)
    row = next((r for r in air_defence(sit, enemy) if missions_left(sit, enemy, r) > 0), None)
    if row is None:
        return False
    roll = sit.roll()
    if roll in row.this_turn:
        sit.read_on(f"3d.{row.support}", -1, row="T")
        third = sit.state.third
        k = key(enemy, row.support)
        third.used[k] = third.used.get(k, 0) + 1
        return True
    sit.read_on(f"3d.{row.support}", -1, row="U")
    return False


# --- the resolution sequence ---------------------------------------------------------------
def begin(sit: Situation, first: Side) -> None:
    """3.1.1: the resolution sequence (this turn's T+1 actions, in the order they were
    obtained, each carried, cancelled or adjusted, 7.3.3.2), then the request sequence."""
    third = sit.state.third
    third.lit.clear()  # flares light until the end of the turn they fell in
    third.resolving = [m for m in third.planned if m.turn <= sit.state.turn]
    third.planned = [m for m in third.planned if m.turn > sit.state.turn]
    third.first = first
    advance(sit)


def advance(sit: Situation) -> None:
    """Resolve the planned actions whose owner has no choice; at the first with a choice,
    wait for it; once none is left, the request sequence begins."""
    third = sit.state.third
    while third.resolving:
        m = third.resolving[0]
        if adjustments(sit, m):
            return
        third.resolving.pop(0)
        resolve(sit, m)
    if third.first is not None:
        first, third.first = third.first, None
        start_requests(sit, first)


def _sees_target(sit: Situation, m: Mission) -> bool:
    b = sit.state.blocks[m.requester]
    return b.on_map and b.location is not None and sit.sees(b.location, m.target)


def adjustments(sit: Situation, m: Mission) -> list[Action]:
    """7.3.3.2: what the owner may do with a planned action instead of letting it fall;
    empty when nothing (it then takes place)."""
    c = card(sit, m.support)
    if c is None:
        return []
    sees = _sees_target(sit, m)
    if c.domain == SupportDomain.terrestrial:
        return [Cancel3D()] if sees else []
    out: list[Action] = [Cancel3D()]
    if sees:
        bf, enemy = sit.game.battlefield, other(m.side)
        paper = on_paper(sit, m.side)
        near = ep_from(bf, m.target)
        aims = (loc for loc, d in near.items() if d <= ADJUST) if paper else sit.enemy_locations(m.side)
        for loc in sorted(aims):
            if loc == m.target or not targetable(c, bf.location(loc).kind):
                continue
            if not paper and not sit.seen_by_enemy(enemy, loc):
                continue
            if ep_within(bf, m.target, loc, ADJUST) is not None:
                out.append(Adjust3D(loc))
    return out


def resolving(sit: Situation) -> Side | None:
    third = sit.state.third
    return third.resolving[0].side if third.resolving else None


def apply_adjustment(sit: Situation, action: Carry3D | Cancel3D | Adjust3D) -> None:
    m = sit.state.third.resolving.pop(0)
    if isinstance(action, Adjust3D):
        resolve(sit, Mission(m.side, m.support, m.requester, action.target, m.turn))
    elif isinstance(action, Carry3D):
        resolve(sit, m)
    advance(sit)


def resolve(sit: Situation, m: Mission) -> None:
    """7.3.3.3, 7.3.3.4, 7.3.4: the card's effect at the target."""
    c = card(sit, m.support)
    if c is None:
        return
    g, s = sit.game, sit.state
    sit.strikes.append((s.turn, m.side, m.support, m.target))
    bf = g.battlefield
    if c.kind == SupportKind.flare:
        s.third.lit |= within(sit, m.target, c.area)
        return
    if c.kind == SupportKind.smoke and bf.location(m.target).kind == LocKind.hex:
        s.smoke.add(m.target)  # Smoke counters cover hexes (smoke.py)
    if c.reveals or c.kind in SCOUTING:
        for bid in blocks_within(sit, m.target, c.area):
            if bf.location(s.blocks[bid].location or "").kind in (LocKind.hex, LocKind.roof):
                sit.reveal(bid)
    rings = {r.radius: r.osl for r in c.effect}
    if not rings:
        return
    for bid in blocks_within(sit, m.target, 0):
        sit.reveal(bid)  # 3.1.1: blocks on the target location of a strike are revealed
    reach = max(rings)
    struck = struck_within(g.battlefield, m.target, reach)
    for bid, b in list(s.blocks.items()):
        if not b.on_map or b.location not in struck:
            continue
        info = g.blocks[bid]
        if info.dummy:
            continue
        if c.sides == AffectedSides.friendly and info.side == m.side:
            continue
        osl = rings.get(struck[b.location], 0)
        if info.vehicle and s.advanced.riders and combat.can_hit(c.targets, Protection.soft):
            # 11.1: the riders on its superstructure suffer the ring as soft blocks
            superstructure.struck_from_above(sit, bid, osl)
        if not combat.can_hit(c.targets, info.profile.protection):
            continue
        harm.suffer(sit, bid, osl, from_above=True)
    if any(rings.values()):
        rubble.aimed(sit, m.target)  # 13.4: a 3D fire at a room or zone may bring it down
    # 7.3.3.3: population counters too, and every No Man's Land counter as a weapons
    # effect affects them (8.2.1.1: population eliminated, counted to the requester)
    farthest = max((r for r, osl in rings.items() if osl > 0), default=-1)
    hit = {loc for loc, d in struck.items() if d <= farthest}
    for cid in sorted(s.nml.counters):
        if s.nml.counters[cid].location in hit:
            no_mans_land.reveal_by_weapon(sit, cid, by=m.side)


def struck_within(bf: Battlefield, target: str, radius: int) -> dict[str, int]:
    """The locations a 3D action's weapons effect at `target` reaches within `radius` rings,
    with the ring each is in (EP from the target). 7.3.3.3: "a block located on the roof of
    a building is treated for weapons effect as if it were in one of the rooms/areas (of
    this building) targeted by the 3D action. If the targeted position is not within the
    building, no weapons effect is to be applied on the roof": a roof is in the target's own
    ring when a room or zone of its building is targeted, in none otherwise, whatever its
    EP distance. A function of the map: the play's resolution and a bot's estimate alike."""
    aim = bf.location(target)
    by_id = bf.by_id
    roof = LocKind.roof
    out = {loc: d for loc, d in ep_from(bf, target).items() if d <= radius and by_id[loc].kind != roof}
    if aim.interior and aim.building is not None and radius >= 0:
        for over in _roofs(bf).get(aim.building, ()):
            out[over] = 0
    return out


def _roofs(bf: Battlefield) -> dict[str, tuple[str, ...]]:
    """Building -> its roof locations, kept with the battlefield."""

    def build() -> dict[str, tuple[str, ...]]:
        found: dict[str, list[str]] = {}
        for loc in bf.locations:
            if loc.kind == LocKind.roof and loc.building is not None:
                found.setdefault(loc.building, []).append(loc.id)
        return {b: tuple(ids) for b, ids in found.items()}

    return bf.derived(_roofs, build)


def within(sit: Situation, target: str, radius: int) -> set[str]:
    """The locations within `radius` EP of the target (none for a negative radius)."""
    return {loc for loc, d in ep_from(sit.game.battlefield, target).items() if d <= radius}


def blocks_within(sit: Situation, target: str, radius: int) -> list[str]:
    area = within(sit, target, radius) | {target}
    return [bid for bid, b in sit.state.blocks.items() if b.on_map and b.location in area]


def pending_view(sit: Situation, side: Side) -> tuple[tuple[str, str, int], ...]:
    """The side's own T+1 missions to come: (support, target, turn) (observation)."""
    return tuple((m.support, m.target, m.turn) for m in sit.state.third.planned if m.side == side)


def enemy_pending_view(sit: Situation, side: Side) -> tuple[tuple[str | None, str | None, int], ...]:
    """What `side` knows of the enemy's T+1 missions to come: (support, target, turn). The
    request's d10 is rolled in the open, so each mission obtained is known, with its turn;
    its support and target are written on the requester's sheet (7.3.3.1) and stay hidden,
    but for a plane or helicopter, announced on its position so that the side may try an
    interception (7.3.3.5)."""
    out = []
    for m in sit.state.third.planned:
        if m.side == side:
            continue
        c = card(sit, m.support)
        announced = c is not None and c.kind in AIRCRAFT and not c.drone
        out.append((m.support if announced else None, m.target if announced else None, m.turn))
    return tuple(out)


def rings(sit: Situation, support: str, target: str) -> tuple[tuple[int, int, tuple[str, ...]], ...]:
    """The effect rings of a 3D action at `target` (7.3.3.3): (EP from the target, OSL, the
    locations that far), nearest first; none for a card without a weapons effect."""
    c = card(sit, support)
    if c is None or not c.effect:
        return ()
    by_radius = {r.radius: r.osl for r in c.effect}
    found: dict[int, list[str]] = {}
    for loc, d in struck_within(sit.game.battlefield, target, max(by_radius)).items():
        if d in by_radius:
            found.setdefault(d, []).append(loc)
    return tuple((d, by_radius[d], tuple(sorted(found.get(d, ())))) for d in sorted(by_radius))


def deciding_view(sit: Situation, side: Side) -> tuple[str, str] | None:
    """The side's own T+1 mission whose carrying, cancelling or adjusting it decides now:
    (support, target) (7.3.3.2, observation)."""
    resolving = sit.state.third.resolving
    if resolving and resolving[0].side == side:
        return (resolving[0].support, resolving[0].target)
    return None


def fingerprint(sit: Situation) -> tuple[object, ...]:
    third = sit.state.third
    return (
        len(third.resolving),
        tuple(third.requesting),
        tuple(sorted(third.requested.items())),
        tuple(sorted(third.used.items())),
        len(third.requesters),
        tuple(sorted(third.requesters)),
        tuple(sorted(third.lit)),  # a lit target is fired at and scouted as by day (flares.py)
    )


def check(sit: Situation) -> list[str]:
    """Invariants: no support used beyond its missions (7.3.3.1, 7.3.3.5)."""
    problems = []
    for side in Side:
        for row in [*matrix(sit, side), *air_defence(sit, side)]:
            if missions_left(sit, side, row) < 0:
                problems.append(f"{side.value} used {row.support} beyond its missions (7.3.3)")
    if (sit.state.third.requesting or sit.state.third.resolving) and sit.state.phase != Phase.impulses:
        problems.append("a 3D request sequence outside the turn")
    return problems
