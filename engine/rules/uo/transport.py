"""Mounting and dismounting (8.2.4): transport capacity and block weight, boarding a vehicle
next to the block, setting a passenger down next to the vehicle, and passengers sharing
their vehicle's fate (8.2.4.5, 4.3.2.3).

A mounted block is off the map (`BlockState.location` None, `mounted_in` its vehicle): it
moves with its vehicle wherever the vehicle goes, cannot act and cannot be targeted.
Mounting and dismounting are actions of both blocks, taken one after the other (8.2.4.3,
8.2.4.4: "the first action must terminate the activation of the first block, and the second
one must start the activation of the second block"): the active block's activation ends with
the action and the other block's activation starts with its action already done, so both
count against the impulse's command limit (8.2.4.5: "Each block performing a dismounting
action is nevertheless activated").
"""

from __future__ import annotations

from ...battlefield import LocKind
from ...battlefield.movement import step_cost
from . import obstructions, reorganisation
from .actions import Dismount, Mount
from .situation import Situation
from .state import Activation


def passengers(sit: Situation, vehicle: str) -> list[str]:
    """Blocks mounted in `vehicle` now (4.3.2.3)."""
    return sorted(bid for bid, b in sit.state.blocks.items() if b.mounted_in == vehicle and not b.eliminated)


def load(sit: Situation, vehicle: str) -> int:
    """Weight carried by `vehicle` (8.2.4.2: each foot block's weight on its card)."""
    return sum(sit.game.blocks[b].profile.weight for b in passengers(sit, vehicle))


def room_left(sit: Situation, vehicle: str) -> int:
    """Transport capacity not yet used (8.2.4.1, 8.2.4.3: "This transport capacity may be
    lowered if the vehicle block already transports a unit")."""
    return sit.game.blocks[vehicle].profile.capacity - load(sit, vehicle)


def next_in_impulse(sit: Situation, block: str) -> bool:
    """Whether `block` may be the next block activated in the impulse under way: of its
    impulse force, not activated yet this impulse nor marked Activated or Completed this
    turn, and the command limit leaves room for one more (7.1.1)."""
    s = sit.state
    imp = s.impulse
    if imp is None or block not in reorganisation.force_blocks(sit, imp.force):  # 12.1
        return False
    b = s.blocks[block]
    if block in imp.activated or b.activated or b.completed or b.eliminated:
        return False
    return len(imp.activated) < imp.limit


def _adjacent_hexes(sit: Situation, location: str) -> tuple[str, ...]:
    bf = sit.game.battlefield
    if bf.location(location).kind != LocKind.hex:
        return ()
    return obstructions.hex_neighbours(bf, location)


def mount_choices(sit: Situation, block: str) -> list[Mount]:
    """8.2.4.3 for the active `block`: a foot block in a hex, next to a vehicle of its impulse
    force in an adjacent hex that could be activated next and has room for its weight."""
    g, s = sit.game, sit.state
    info = g.blocks[block]
    here = s.blocks[block].location
    if info.vehicle or info.dummy or here is None:
        return []
    near = set(_adjacent_hexes(sit, here))
    out = []
    for vid, v in s.blocks.items():
        vinfo = g.blocks[vid]
        if not vinfo.vehicle or vinfo.side != info.side or not v.on_map or v.location not in near:
            continue
        if info.profile.weight <= room_left(sit, vid) and next_in_impulse(sit, vid):
            out.append(Mount(vid))
    return out


def dismount_places(sit: Situation, vehicle: str, block: str) -> list[str]:
    """Free hexes next to the vehicle that the passenger could step into from it (8.2.4.4:
    "placed on the map, in a hexagon adjacent to the transporting vehicle"): the foot move
    must be possible (not into water's impassable neighbours, an IED/UXO, a barricade...)."""
    g, s = sit.game, sit.state
    bf = g.battlefield
    here = s.blocks[vehicle].location
    if here is None:
        return []
    mover, dyn = sit.mover(block), sit.dynamic(g.blocks[block].side)
    taken = sit.occupied()
    near = set(_adjacent_hexes(sit, here))
    out = set()
    for step in bf.out[bf.location(here).index]:
        dest = bf.locations[step.dst]
        if dest.kind != LocKind.hex or dest.id in taken:
            continue
        if near and dest.id not in near:
            continue
        if step_cost(bf, step, mover, dyn) is not None:
            out.add(dest.id)
    return sorted(out)


def dismount_choices(sit: Situation, vehicle: str) -> list[Dismount]:
    """8.2.4.4 for the active `vehicle`: each passenger that could be activated next, at
    each place it could be set down."""
    return [
        Dismount(p, loc)
        for p in passengers(sit, vehicle)
        if next_in_impulse(sit, p)
        for loc in dismount_places(sit, vehicle, p)
    ]


def choices(sit: Situation, block: str) -> list[Mount | Dismount]:
    """Mounting or dismounting open to the active block that may still act."""
    if sit.game.blocks[block].vehicle:
        return list(dismount_choices(sit, block))
    return list(mount_choices(sit, block))


def start_activation(sit: Situation, block: str, *, acted: bool) -> None:
    """The second block of a two-block action (8.2.2, 8.2.4): activated next in the impulse,
    its action already done when `acted`."""
    s = sit.state
    assert s.impulse is not None
    s.impulse.activated.append(block)
    here = s.blocks[block].location or ""
    side = sit.side_of(block)
    s.activation = Activation(block, 0, not sit.seen_by_enemy(side, here), [here], 0 if acted else None)


def mount(sit: Situation, action: Mount) -> None:
    """8.2.4.3: the foot block leaves the map into the vehicle (its activation ends with
    this action) and the vehicle's activation starts with the boarding as its action."""
    s = sit.state
    act = s.activation
    assert act is not None
    block = act.block
    act.acted_at = act.spent
    sit.end_activation()
    b = s.blocks[block]
    # 4.3.2.3: "placed standing upright, on the vehicle illustration": hidden again
    b.location, b.mounted_in, b.revealed = None, action.vehicle, False
    start_activation(sit, action.vehicle, acted=True)


def dismount(sit: Situation, action: Dismount) -> str:
    """8.2.4.4: the vehicle's activation ends with this action; the passenger is placed next
    to it and its activation starts, the dismounting its action. Returns where it is set
    down: the caller then treats it as entering that location (control, contact,
    opportunity fire)."""
    s = sit.state
    act = s.activation
    assert act is not None
    act.acted_at = act.spent
    sit.end_activation()
    b = s.blocks[action.block]
    b.mounted_in, b.location = None, action.location
    s.advanced.riders.discard(action.block)  # off a superstructure too (11.1)
    start_activation(sit, action.block, acted=True)
    return action.location


def share_losses(sit: Situation, vehicle: str, n: int) -> None:
    """8.2.4.5: "A mounted Foot unit block shares the fate of its transporting vehicle. It
    suffers the same OSL losses" (the vehicle's, after its quality die; no die of its own).
    A passenger losing its last level is eliminated; no one earns the +1 OSL of 8.2.7.6 for
    it (the winner eliminated no block it fought)."""
    if n <= 0:
        return
    for p in passengers(sit, vehicle):
        if p in sit.state.advanced.riders:
            continue  # 11.1: a rider on the superstructure suffers only the area of effect
        b = sit.state.blocks[p]
        b.losses += n
        if b.losses >= sit.game.blocks[p].levels:
            sit.eliminate(p, by=None)
            b.mounted_in = None


def check(sit: Situation) -> list[str]:
    """Invariants of transport: a mounted block is off the map in a vehicle of its side that
    is in the game, and no vehicle carries more than its capacity (8.2.4.1-8.2.4.3)."""
    g, s = sit.game, sit.state
    problems = []
    for bid, b in s.blocks.items():
        if b.mounted_in is None:
            continue
        v = s.blocks.get(b.mounted_in)
        vinfo = g.blocks.get(b.mounted_in)
        if v is None or vinfo is None or not vinfo.vehicle or vinfo.side != g.blocks[bid].side:
            problems.append(f"{bid} mounted in {b.mounted_in}, no vehicle of its side (8.2.4)")
        elif v.eliminated or b.eliminated:
            problems.append(f"{bid} mounted in {b.mounted_in}, but one of them is eliminated (8.2.4.5)")
        if b.location is not None:
            problems.append(f"{bid} mounted in {b.mounted_in} but on the map (4.3.2.3)")
    for vid, info in g.blocks.items():
        if info.vehicle and passengers(sit, vid) and load(sit, vid) > info.profile.capacity:
            problems.append(f"{vid} carries {load(sit, vid)} > capacity {info.profile.capacity} (8.2.4.1)")
    return problems
