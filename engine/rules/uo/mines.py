"""AT mines (5.2.2) and the sides' own No Man's Land blocks set up from their allotments
(5.2.1 barricades): placing them at set-up or by an engineer (8.2.3.1, with its IED/UXO), a vehicle triggering
a mine (5.2.2.2), and the scouting that finds mines (5.2.2.3, 8.2.5.6).

A side's mines are secret: only its own observation shows them until they are scouted
(observation.py). Functions over the play's `Situation`, changing `state.nml`.
"""

from __future__ import annotations

from ...battlefield import LocKind
from ...battlefield.movement import ep_within
from ...model.cards import BlockType
from ...model.scenario import Side
from . import no_mans_land, obstructions, traps
from .counters import AT_SETUP, PLACED, Kind, reserve_key
from .situation import Situation

#: 5.2.2.2 and the card: "0-7 vehicle destroyed (place wreck) + weapons effect; 8-9
#: technical problem, nothing happens"
DESTROYED_UNDER = 8
#: 5.2.2.3: mines are found up to this many EP of the hexes the scouting block crosses
SCOUTING_EP = 2
#: 5.2.2.3: "its movement is limited to 3 MPs"
SCOUTING_MP = 3
#: 5.2.2.3, 8.2.5.6: the blocks able to detect mines
MINE_SCOUTS = frozenset({BlockType.scout, BlockType.engineer})


# --- placing (5.2.1, 5.2.2.1, 8.2.3.1) --------------------------------------------------------


def reserves(sit: Situation, side: Side) -> dict[Kind, str]:
    """The kinds `side` still has counters of in reserve -> the reserve's key."""
    left = sit.state.nml.reserve
    return {
        kind: reserve_key(side, allotment)
        for allotment, kind in PLACED.items()
        if left.get(reserve_key(side, allotment), 0) > 0
    }


def setup_reserves(sit: Situation, side: Side) -> dict[Kind, str]:
    """`reserves` its player may place at set-up (not an IED/UXO allotment, 8.2.3.1)."""
    at_setup = {PLACED[a] for a in AT_SETUP}
    return {kind: key for kind, key in reserves(sit, side).items() if kind in at_setup}


def setup_places(sit: Situation, side: Side) -> list[tuple[Kind, str]]:
    """At set-up, where `side` may put its mines and barricades: the locations of its
    deployment areas (docs/rules.md: like its dummies), mines in hexes only."""
    if side not in sit.state.nml.placing:
        return []
    out = []
    for kind in setup_reserves(sit, side):
        for loc in sit.game.dummy_area[side]:
            if no_mans_land.placeable(sit, kind, loc):
                out.append((kind, loc))
    return out


def engineer_places(sit: Situation, block: str) -> list[tuple[Kind, str]]:
    """8.2.3.1: an engineer places a counter of its side's reserve in an adjacent location
    ("if this is specified in the scenario instructions": the allotment not placed at
    set-up, and the IED/UXO allotment)."""
    if sit.game.blocks[block].type not in no_mans_land.ENGINEERS:
        return []
    side = sit.side_of(block)
    kinds = reserves(sit, side)
    near = sit.game.battlefield.neighbours(sit.state.blocks[block].location or "")
    return [(kind, loc) for kind in kinds for loc in near if no_mans_land.placeable(sit, kind, loc)]


def place(sit: Situation, side: Side, kind: Kind, location: str) -> None:
    no_mans_land.place(sit, side, kind, location, reserves(sit, side)[kind])
    if sit.state.phase.value == "setup" and not setup_reserves(sit, side):
        sit.state.nml.placing.discard(side)


def keep_in_reserve(sit: Situation, side: Side) -> None:
    """The side places no more at set-up: what is left is its engineers' (8.2.3.1)."""
    sit.state.nml.placing.discard(side)


# --- triggering (5.2.2.2) ------------------------------------------------------------------------


def triggered(sit: Situation, block: str, location: str) -> None:
    """A vehicle has moved into `location`: each AT mine there goes off (5.2.2.2), whichever
    side laid it. The vehicle's side rolls: 0-7, the vehicle is destroyed, a Wreck and a
    Smoke counter are placed on the mine's location and the mine's weapons effect applies
    (an involuntary action: the vehicle's side, 8.2.1.1); 8-9, nothing. Either way the
    mine leaves the game. (The mine's owner announces it at the end of the move, 5.2.2.2;
    the vehicle is stopped on the mine's hex then, so it is resolved as it enters it:
    docs/rules.md.)"""
    s = sit.state
    if not sit.game.blocks[block].vehicle:
        return
    side = sit.side_of(block)
    for cid in s.nml.at(location):
        c = s.nml.counters[cid]
        if c.kind != Kind.at_mine or not s.blocks[block].on_map:
            continue
        c.location = None
        if sit.roll() < DESTROYED_UNDER:
            sit.eliminate(block, by=None)
            s.wrecks.add(location)
            bf, wind = sit.game.battlefield, sit.game.scenario.wind
            # down wind, "until the end of the game" (5.2.2.2: smoke.lift keeps it)
            plume = obstructions.plume(bf, location, wind, obstructions.SMOKE_HEXES)
            s.smoke |= plume
            s.lasting_smoke |= plume
            no_mans_land.explode(sit, None, sides={side}, exclude=None, by=side, at=location)


# --- scouting (5.2.2.3, 8.2.5.6) -------------------------------------------------------------------


def may_scout_mines(sit: Situation, block: str) -> bool:
    """A Scout or Engineer block that has neither moved nor acted in this activation may
    announce "I am scouting" (5.2.2.3)."""
    act = sit.state.activation
    return (
        act is not None
        and act.block == block
        and act.spent == 0
        and act.acted_at is None
        and not act.scouting_mines
        and sit.game.blocks[block].type in MINE_SCOUTS
    )


def start_scouting(sit: Situation, block: str) -> None:
    """The block is revealed and its move limited to 3 MP; mines around it are found at once."""
    act = sit.state.activation
    assert act is not None
    act.scouting_mines = True
    sit.state.blocks[block].revealed = True
    found(sit, block)


def found(sit: Situation, block: str) -> None:
    """5.2.2.3: enemy AT mines within 2 EP of the scouting block, in its LOS, are revealed
    (they do not explode). Called where it starts and at each location it crosses."""
    s = sit.state
    here = s.blocks[block].location or ""
    side = sit.side_of(block)
    bf = sit.game.battlefield
    for c in s.nml.counters.values():
        if c.kind != Kind.at_mine or c.location is None or c.revealed or c.owner == side:
            continue
        if bf.location(c.location).kind != LocKind.hex:
            continue
        if ep_within(bf, here, c.location, SCOUTING_EP) is not None and sit.sees(here, c.location):
            c.revealed = True
    traps.found(sit, block)  # 13.2: the enemy's AP traps, found the same way

def budget_cap(sit: Situation) -> int | None:
    """The MP an activation scouting for mines may spend in all (5.2.2.3), None otherwise."""
    act = sit.state.activation
    return SCOUTING_MP if act is not None and act.scouting_mines else None
