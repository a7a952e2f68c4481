"""Traps and antipersonnel mines (13.2, an advanced rule).

A side may spend its AT mine allotment on AP traps, two AT mines a trap, set like its AT
mines: at set-up in its deployment areas, or by an engineer in an adjacent location (5.2.2.1,
8.2.3.1), but in a room or a zone (underground hexes included), never a street hex. A trap
is secret like a mine (its owner's observation only). Scouting for mines (5.2.2.3) finds
the enemy's traps as it finds its mines; a trap found becomes a face-up IED/UXO counter
(No Man's Land's from then on: closed to movement, destroyed by engineers). A block
entering a trapped location, whichever side set it, loses 2 OSL, and the blast takes 1 OSL
from its side's other blocks within 1 EP (an involuntary weapons effect, 8.2.1.1); the trap
leaves the game.
"""

from __future__ import annotations

from ...battlefield import LocKind, StepKind
from ...battlefield.movement import ep_within
from ...model.scenario import AdvancedRule, Side
from . import harm, no_mans_land
from .counters import CounterState, Kind, reserve_key
from .situation import Situation

#: 13.2: "Each AP mine needs two AT mines of the initial allotment"
AT_MINES_A_TRAP = 2
#: 13.2: "A block entering a trapped location suffers -2 OSL. The weapon effect is -1 OSL
#: within a 1 EP range"
TRAP_OSL = 2
BLAST_OSL, BLAST_EP = 1, 1
#: 13.2: "An AP trap can be set in a room or a zone (including undergrounds)"
TRAP_KINDS = frozenset({LocKind.room, LocKind.zone, LocKind.underground})


def on(sit: Situation) -> bool:
    return AdvancedRule.antipersonnel_mines in sit.game.scenario.advanced_rules


def _reserve(side: Side) -> str:
    return reserve_key(side, "at_mines")


def affordable(sit: Situation, side: Side) -> bool:
    return on(sit) and sit.state.nml.reserve.get(_reserve(side), 0) >= AT_MINES_A_TRAP


def placeable(sit: Situation, location: str) -> bool:
    bf = sit.game.battlefield
    if bf.location(location).kind not in TRAP_KINDS:
        return False
    if location in sit.occupied():
        return False
    return not any(c.location == location for c in sit.state.nml.counters.values())


def setup_places(sit: Situation, side: Side) -> list[str]:
    """At set-up: the rooms and zones of `side`'s deployment areas (where its AT mines go)."""
    if side not in sit.state.nml.placing or not affordable(sit, side):
        return []
    return [loc for loc in sit.game.dummy_area[side] if placeable(sit, loc)]


def engineer_places(sit: Situation, block: str) -> list[str]:
    """8.2.3.1: the active engineer sets a trap in an adjacent room or zone: one it could step
    into (a door, a partition, a passage), not one merely behind a wall."""
    if sit.game.blocks[block].type not in no_mans_land.ENGINEERS or not affordable(sit, sit.side_of(block)):
        return []
    bf = sit.game.battlefield
    here = bf.location(sit.state.blocks[block].location or "")
    near = {bf.locations[st.dst].id for st in bf.out[here.index] if st.kind != StepKind.effect}
    return [loc for loc in sorted(near) if placeable(sit, loc)]


def place(sit: Situation, side: Side, location: str) -> None:
    """Set one trap, face down to the enemy, for two AT mines of the reserve."""
    n = sit.state.nml
    key = _reserve(side)
    n.reserve[key] -= AT_MINES_A_TRAP
    if n.reserve[key] <= 0:
        del n.reserve[key]
    number = 1
    while f"{side.value}-ap_mine-{number}" in n.counters:
        number += 1
    n.counters[f"{side.value}-ap_mine-{number}"] = CounterState(Kind.ap_mine, location, owner=side)


def found(sit: Situation, block: str) -> None:
    """5.2.2.3 for traps: the enemy's traps within 2 EP of the scouting block, in its LOS,
    become face-up IED/UXO counters (13.2: "an IED/UXO counter is placed instead")."""
    if not on(sit):
        return
    s = sit.state
    here = s.blocks[block].location or ""
    side = sit.side_of(block)
    bf = sit.game.battlefield
    for cid, c in sorted(s.nml.counters.items()):
        if c.kind != Kind.ap_mine or c.location is None or c.owner == side:
            continue
        if ep_within(bf, here, c.location, 2) is not None and sit.sees(here, c.location):
            s.nml.counters[cid] = CounterState(Kind.ied_uxo, c.location, revealed=True)


def triggered(sit: Situation, block: str, location: str) -> None:
    """A block has entered `location`: each trap there goes off (13.2)."""
    s = sit.state
    if not on(sit) or sit.game.blocks[block].dummy:
        return
    side = sit.side_of(block)
    for cid in s.nml.at(location):
        c = s.nml.counters[cid]
        if c.kind != Kind.ap_mine or not s.blocks[block].on_map:
            continue
        c.location = None
        harm.suffer(sit, block, TRAP_OSL)
        bf = sit.game.battlefield
        for bid, b in list(s.blocks.items()):
            if bid == block or not b.on_map or b.location is None or sit.side_of(bid) != side:
                continue
            if ep_within(bf, location, b.location, BLAST_EP) is not None:
                harm.suffer(sit, bid, BLAST_OSL)
        for other, oc in sorted(s.nml.counters.items()):
            if oc.location is not None and ep_within(bf, location, oc.location, BLAST_EP) is not None:
                no_mans_land.reveal_by_weapon(sit, other, side)


def check(sit: Situation) -> list[str]:
    """Invariants: a trap stands in a room, zone or underground hex, and is a side's."""
    bf = sit.game.battlefield
    problems = []
    for cid, c in sit.state.nml.counters.items():
        if c.kind != Kind.ap_mine or c.location is None:
            continue
        if bf.location(c.location).kind not in TRAP_KINDS:
            problems.append(f"AP trap {cid} at {c.location}, not a room, zone or underground hex (13.2)")
        if c.owner is None:
            problems.append(f"AP trap {cid} belongs to no side (13.2)")
    return problems
