"""No Man's Land counters in play (5.2.1, 5.2.3, 5.2.4.4, 8.2.1, 8.2.3, 8.2.5.4-8.2.5.5, 8.2.6).

A counter is revealed (turned face up) when it is scouted, when a block comes in contact
with it, or when it is caught in a weapons effect (5.2.3); what happens then depends on the
cause and the kind:

- IED/UXO: met or scouted, a d10 of 0-3 explodes it (5.2.3.1, 8.2.5.5) and it leaves the
  game; else, like one revealed by a weapon, it is unstable and checked in each following
  initial phase (3.1.1, `initial_phase.py`);
- Toxic waste: a Toxic cloud 3 hexes downwind, 1 OSL to every block in it (5.2.3.2, 5.2.4.4,
  8.2.5.4), and 1 OSL to a block crossing it later;
- Population: met, it flees 3 MP from the block (5.2.3.3); caught in a weapons effect it is
  eliminated, counted against the side whose weapon it was (collateral, 8.2.1.3);
- Vehicles and barricades: only turned over.

An explosion (IED/UXO, AT mine, a destruction) is a weapons effect of 1 OSL within 2 EP of
it (the card's "No man's land (IED/wreck/AT mine): -1 OSL (radius of 2 EP)"). Who it hurts
is 8.2.1.1's: the triggering side's blocks, the block itself included, for an involuntary
action; the acting side's blocks but the actor for a voluntary one; every block in the
initial phase; No Man's Land counters always.

Functions over the play's `Situation`; the state they change is `state.nml` (counters.py).
"""

from __future__ import annotations

import dataclasses
import heapq

from ...battlefield import Dynamic, LocKind
from ...battlefield.movement import FOOT, ep_within, reach, step_cost
from ...model.cards import BlockType
from ...model.scenario import Side
from . import harm, obstructions
from .counters import CounterState, Kind, NoMansLand, of_side
from .situation import Situation

#: the card: IED/UXO, wreck and AT mine explosions, and 8.2.3.2's destruction
EXPLOSION_RADIUS = 2
EXPLOSION_OSL = 1
#: 5.2.3.1, 3.1.1 and the card: "0-3 IED/UXO/Wreck explodes"
EXPLODES_UNDER = 4
#: 5.2.3.3: a Population counter met flees this many MP; 8.2.6: scattered up to this many
FLEE_MP = 3
SCATTER_MP = 6
#: 5.2.4.4: a toxic cloud covers this many hexes downwind
CLOUD_HEXES = 3
#: 5.2.3.2: OSL lost in a toxic cloud
CLOUD_OSL = 1
#: blocks that may place and destroy (8.2.3)
ENGINEERS = frozenset({BlockType.engineer})


def nml(sit: Situation) -> NoMansLand:
    return sit.state.nml


def seen_by(c: CounterState, side: Side) -> bool:
    """Whether `side` knows what the counter is: face up, its own (5.2.1, 5.2.2), or put
    down by its engineer (8.2.3.1)."""
    return c.revealed or c.owner == side or c.placed_by == side


def hidden_to(c: CounterState, side: Side) -> bool:
    """A counter `side` may reveal: on the map, face down to it, and not a mine (only a
    mine scouting reveals mines, 5.2.2.3)."""
    return c.on_map and c.kind not in (Kind.at_mine, Kind.ap_mine) and not seen_by(c, side)


# --- revealing ------------------------------------------------------------------------------


def reveal_by_block(sit: Situation, cid: str, block: str, *, scouting: bool) -> None:
    """A block scouts a counter or comes in contact with it (5.2.3, 8.2.5)."""
    c = nml(sit).counters[cid]
    c.revealed = True
    where = c.location or ""
    if c.kind == Kind.ied_uxo:
        # 5.2.3.1, 8.2.5.5: the block's side rolls; an involuntary weapons effect (8.2.1.1)
        if sit.roll() < EXPLODES_UNDER:
            explode(sit, cid, sides={sit.side_of(block)}, exclude=None, by=sit.side_of(block))
        else:
            c.unstable = True  # revealed by a close movement (3.1.1)
    elif c.kind == Kind.toxic:
        toxic_cloud(sit, where)
    elif c.kind == Kind.population and not scouting:
        flee(sit, cid, block)


def reveal_by_weapon(sit: Situation, cid: str, by: Side | None) -> None:
    """A weapons effect always affects No Man's Land counters (8.2.1.1, 8.2.1.3, 5.2.3):
    population is eliminated, toxic waste pierced, an IED/UXO revealed without exploding
    (it becomes unstable), any other counter only turned over. `by`: the side whose action
    it was (collateral), None in the initial phase."""
    c = nml(sit).counters[cid]
    if c.location is None or c.owner is not None:
        return  # the sides' barricade blocks and mines are not No Man's Land counters
    was_hidden = not c.revealed
    c.revealed = True
    if c.kind == Kind.population:
        c.location = None
        if by is not None:
            coll = nml(sit).collateral
            coll[by] = coll.get(by, 0) + 1
    elif c.kind == Kind.toxic and was_hidden:
        toxic_cloud(sit, c.location)
    elif c.kind == Kind.ied_uxo:
        c.unstable = True


def contact_locations(sit: Situation, here: str) -> set[str]:
    """8.1.12 for a counter: "A block is in contact with a No Man's Land counter ... if the
    block becomes adjacent to the counter location during its movement" (8.2.6: "contact
    (adjacent)"). Adjacent is a neighbour on the battlefield's step graph, as for every
    other adjacency of the rules (8.2.3, 8.2.6); the block's own location counts too.
    Block-to-block contact (3 EP in LOS, the same room) is not a counter's."""
    return {here, *sit.game.battlefield.neighbours(here)}


def meet(sit: Situation, block: str) -> None:
    """A block has come to a location: the counters face down to its side that it is now in
    contact with (adjacent, 8.1.12) are revealed (5.2.3), in id order."""
    s = sit.state
    side = sit.side_of(block)
    near = contact_locations(sit, s.blocks[block].location or "")
    for cid, c in sorted(nml(sit).counters.items()):
        if not s.blocks[block].on_map:
            return  # an explosion took it
        if hidden_to(c, side) and c.location in near:
            reveal_by_block(sit, cid, block, scouting=False)


def hidden_locations(sit: Situation, side: Side) -> list[str]:
    """Locations holding a counter face down to `side`, which it may scout (8.2.5, 5.2.3)."""
    return sorted({c.location for c in nml(sit).counters.values() if c.location and hidden_to(c, side)})


def scout(sit: Situation, block: str, location: str) -> None:
    """8.2.5: the block scouts the counters at `location` (8.2.5.4 a toxic cloud, 8.2.5.5 an
    IED/UXO may go off)."""
    side = sit.side_of(block)
    for cid in nml(sit).at(location):
        c = nml(sit).counters[cid]
        if hidden_to(c, side) and sit.state.blocks[block].on_map:
            reveal_by_block(sit, cid, block, scouting=True)


# --- explosions and clouds --------------------------------------------------------------------


def explode(
    sit: Situation,
    cid: str | None,
    *,
    sides: set[Side] | None,
    exclude: str | None,
    by: Side | None,
    at: str | None = None,
    remove: bool = True,
) -> None:
    """An explosion at counter `cid` (or at location `at`): 1 OSL to the blocks of `sides`
    (None: all) within 2 EP but `exclude`, and a weapons effect on the No Man's Land
    counters there (8.2.1.1). The counter leaves the game unless `remove` is False (a
    wreck stays, 5.2.4.5)."""
    counters = nml(sit).counters
    where = at if cid is None else counters[cid].location
    if where is None:
        return
    if cid is not None and remove:
        counters[cid].location = None
    bf = sit.game.battlefield
    s = sit.state
    for bid, b in list(s.blocks.items()):
        if bid == exclude or not b.on_map or b.location is None:
            continue
        if sides is not None and sit.side_of(bid) not in sides:
            continue
        if ep_within(bf, where, b.location, EXPLOSION_RADIUS) is not None:
            harm.suffer(sit, bid, EXPLOSION_OSL)
    for other, c in sorted(counters.items()):
        if other == cid or c.location is None:
            continue
        if ep_within(bf, where, c.location, EXPLOSION_RADIUS) is not None:
            reveal_by_weapon(sit, other, by)


def toxic_cloud(sit: Situation, location: str) -> None:
    """5.2.4.4: a Toxic cloud from the Toxic counter's hex 3 hexes downwind; every block in
    it loses 1 OSL (5.2.3.2). A counter in a room or zone clouds its own location only."""
    bf = sit.game.battlefield
    if bf.location(location).kind == LocKind.hex:
        cells = obstructions.drift(bf, location, sit.game.scenario.wind, CLOUD_HEXES)
    else:
        cells = [location]
    clouds = nml(sit).toxic_clouds
    new = [c for c in cells if c not in clouds]
    clouds.update(cells)
    for bid, b in list(sit.state.blocks.items()):
        if b.on_map and b.location in new:
            harm.poisoned(sit, bid, CLOUD_OSL)


def crossed_cloud(sit: Situation, block: str, came_from: str | None, location: str) -> None:
    """5.2.3.2: a block entering a toxic cloud (from outside it) loses 1 OSL."""
    clouds = nml(sit).toxic_clouds
    if location in clouds and came_from not in clouds:
        harm.poisoned(sit, block, CLOUD_OSL)


# --- population (5.2.3.3, 8.2.6) ----------------------------------------------------------------


def _closed_to_population(sit: Situation) -> Dynamic:
    """How a Population counter moves: as a foot unit, never through a block or a counter
    closed to movement (no friendly block to climb over)."""
    dyn = sit.dynamic(Side.green)
    return dataclasses.replace(dyn, helpers=frozenset(), impassable=dyn.impassable | sit.occupied())


def _counter_spots(sit: Situation) -> set[str]:
    """Locations a counter may not end on: another counter is there (mines are secret)."""
    return {c.location for c in nml(sit).counters.values() if c.location and c.kind != Kind.at_mine}


def _free_spots(sit: Situation, start: str, mp: int) -> dict[str, int]:
    """Where a Population counter at `start` can go within `mp` MP, never onto another
    counter."""
    found = reach(sit.game.battlefield, start, FOOT, mp, _closed_to_population(sit))
    taken = _counter_spots(sit)
    return {loc: n for loc, n in found.items() if loc != start and loc not in taken}


def _next_to_block(sit: Situation, location: str, blocks: set[str] | None = None) -> bool:
    """In contact (adjacent) with a block (8.2.6), among `blocks` (default: every block)."""
    occupied = sit.occupied() if blocks is None else blocks
    return location in occupied or any(n in occupied for n in sit.game.battlefield.neighbours(location))


def _flight(sit: Situation, start: str, met_at: str) -> dict[str, int]:
    """5.2.3.3: where a Population counter met by the block at `met_at` can run within 3 MP:
    it stops on coming into contact with another block, so it goes no further from there."""
    bf = sit.game.battlefield
    dyn = _closed_to_population(sit)
    others = sit.occupied() - {met_at}
    src = bf.location(start).index
    best = {src: 0}
    heap = [(0, src)]
    while heap:
        d, i = heapq.heappop(heap)
        if d > best[i] or (i != src and _next_to_block(sit, bf.locations[i].id, others)):
            continue
        for step in bf.out[i]:
            cost = step_cost(bf, step, FOOT, dyn)
            if cost is None or d + cost > FLEE_MP or d + cost >= best.get(step.dst, FLEE_MP + 1):
                continue
            best[step.dst] = d + cost
            heapq.heappush(heap, (d + cost, step.dst))
    taken = _counter_spots(sit)
    spots = {bf.locations[i].id: d for i, d in best.items() if i != src}
    return {loc: d for loc, d in spots.items() if loc not in taken}


def flee(sit: Situation, cid: str, block: str) -> None:
    """5.2.3.3: the Population counter moves up to 3 MP as far as possible from the block
    that met it, stopping if it comes into contact with another block; it stays if it
    cannot get further away (docs/rules.md: the farthest place in EP, fewest MP, then id)."""
    c = nml(sit).counters[cid]
    here = c.location or ""
    bf = sit.game.battlefield
    origin = sit.state.blocks[block].location or here
    far = 99

    def distance(loc: str) -> int:
        d = ep_within(bf, origin, loc, far)
        return far if d is None else d

    best: tuple[int, int, str] | None = None
    for loc, mp in _flight(sit, here, origin).items():
        key = (-distance(loc), mp, loc)
        if best is None or key < best:
            best = key
    if best is not None and -best[0] > distance(here):
        c.location = best[2]


def scatter_options(sit: Situation, block: str) -> list[tuple[str, str]]:
    """8.2.6: (population location, where to) for each revealed Population counter adjacent
    to `block`: anywhere within 6 MP not in contact with any block."""
    s = sit.state
    here = s.blocks[block].location or ""
    near = set(sit.game.battlefield.neighbours(here))
    out = []
    for c in nml(sit).counters.values():
        if c.kind == Kind.population and c.revealed and c.location in near:
            for to in sorted(_free_spots(sit, c.location, SCATTER_MP)):
                if not _next_to_block(sit, to):
                    out.append((c.location, to))
    return out


def scatter(sit: Situation, location: str, to: str) -> None:
    for cid in nml(sit).at(location):
        c = nml(sit).counters[cid]
        if c.kind == Kind.population:
            c.location = to
            return


# --- placing and destroying (8.2.3) ---------------------------------------------------------------


def destroy_targets(sit: Situation, block: str) -> list[str]:
    """8.2.3.2: adjacent locations holding what an engineer may destroy: a barricade (face up,
    or its own side's), a revealed IED/UXO, a revealed AT mine or one of its own side's."""
    if sit.game.blocks[block].type not in ENGINEERS:
        return []
    side = sit.side_of(block)
    near = set(sit.game.battlefield.neighbours(sit.state.blocks[block].location or ""))
    out = set()
    for c in nml(sit).counters.values():
        if c.location in near and c.kind in (Kind.barricade, Kind.ied_uxo, Kind.at_mine) and seen_by(c, side):
            out.add(c.location)
    return sorted(out)


def destroy(sit: Situation, block: str, location: str) -> None:
    """8.2.3.2: the counters an engineer may destroy at `location` leave the map; a weapons
    effect 2 EP around the target on the engineer's side but itself (a voluntary action,
    8.2.1.1) and on No Man's Land counters."""
    side = sit.side_of(block)
    for cid in nml(sit).at(location):
        c = nml(sit).counters[cid]
        if c.kind in (Kind.barricade, Kind.ied_uxo, Kind.at_mine) and seen_by(c, side):
            c.location = None
    explode(sit, None, sides={side}, exclude=block, by=side, at=location)


def placeable(sit: Situation, kind: Kind, location: str) -> bool:
    """Where a barricade, AT mine or IED/UXO may go (8.2.3.1): an AT mine in a hex, a
    barricade or an IED/UXO in a hex, room or zone without a block (no block stands where
    an IED/UXO is, 5.2.3.1); none where a counter is already."""
    bf = sit.game.battlefield
    if kind == Kind.at_mine and bf.location(location).kind != LocKind.hex:
        return False
    if bf.location(location).kind in (LocKind.roof, LocKind.underground):
        return False
    if any(c.location == location for c in nml(sit).counters.values()):
        return False
    return not (kind in (Kind.barricade, Kind.ied_uxo) and location in sit.occupied())


def place(sit: Situation, side: Side, kind: Kind, location: str, reserve: str) -> None:
    """Put one counter of `side`'s reserve down, face down to the enemy (5.2.1, 5.2.2.1,
    8.2.3.1)."""
    n = nml(sit)
    n.reserve[reserve] -= 1
    if n.reserve[reserve] <= 0:
        del n.reserve[reserve]
    number = sum(1 for c in n.counters.values() if side in (c.owner, c.placed_by) and c.kind == kind) + 1
    cid = f"{side.value}-{kind.value}-{number}"
    while cid in n.counters:
        number += 1
        cid = f"{side.value}-{kind.value}-{number}"
    n.counters[cid] = of_side(kind, location, side)
