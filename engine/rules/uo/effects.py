"""Weapons effect on the shooter's own side (8.2.1, 8.2.7.7): friendly fire.

A block that fires or assaults hurts the friendly blocks in its weapon's area of effect,
itself excepted (8.2.1.1): along the fire lane (light and heavy weapons), around the firer
and around the target (heavy weapons), and around the firer underground (light weapons'
echo, 8.2.1.4). Enemy blocks other than the target are never affected by a fire (8.2.1.1),
but for a Foot unit block under armour cover, which suffers a heavy weapon's zones (10.4.1,
`covered_hits`); a heavy weapon always reaches the locations neighbouring its target
(4.3.7.2, `AreaOfEffect.target_radius`). No Man's Land counters, population included,
always are (`counters_struck`, in the same zones; what it does to them is
no_mans_land.py's). The numbers are the aid card's, in `data/weapons_effect.yaml`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ...battlefield import Battlefield, Location, LocKind
from ...battlefield.movement import ep_from
from ...model.cards import EffectClass, Protection, Weapon
from ...model.rule_tables import WeaponsEffectTable
from . import armour_cover, harm, no_mans_land, rubble, superstructure
from .situation import Situation
from .state import other

#: whether the shooter sees from one location to another: the battlefield's static LOS
#: table, or the play's, which knows the wrecks (5.2.4.5)
Sees = Callable[[str, str], bool]


@dataclass(frozen=True)
class Hit:
    block: str
    osl: int
    zone: str


def max_range(w: Weapon) -> int:
    """The far end of the weapon's last firing band, by daylight (9.2: the weapons effect
    keeps daylight ranges at night)."""
    last = max((i for i, fp in enumerate(w.firepower) if fp is not None), default=0)
    return 1 if last == 0 else 5 * last


def hits(
    bf: Battlefield,
    table: WeaponsEffectTable,
    w: Weapon,
    origin: str,
    target_location: str,
    friends: Mapping[str, tuple[str, Protection]],
    *,
    sees: Sees | None = None,
    assault: bool = False,
    vehicle: bool = False,
) -> list[Hit]:
    """The friendly blocks a shot with `w` from `origin` at `target_location` reaches, with
    the OSL each loses (the worst zone it stands in; zones do not add up). `friends`: the
    shooter side's own blocks on the map other than the shooter, id -> (location,
    protection); `sees`: LOS now (default: the battlefield's static table); `vehicle`: the
    shooter is a vehicle (an assault by a vehicle overruns, it does not fire, 8.2.8). A
    function over values: the play applies it, a bot estimates its own shots with it."""
    if assault and vehicle:
        return []
    look = sees or bf.los_table.clear
    start, aim = bf.location(origin), bf.location(target_location)
    aoe = w.area_of_effect
    heavy = aoe.effect == EffectClass.heavy
    losses = table.losses
    # what every friend is measured against, looked up once a shot rather than once a
    # friend (a bot weighs some thousand shots a game): the EP rows from the firer and the
    # target, which `ep_within` reads, and the fire lane's line
    from_origin = ep_from(bf, origin)
    radius = aoe.target_radius()  # 4.3.7.2: a heavy weapon always reaches the neighbours
    from_target = ep_from(bf, target_location) if radius else None
    # 8.2.8.4: no fire lane between the underground and the surface (at an exit)
    lane = (
        _Lane(bf, table, look, start, aim, max_range(w) + table.lane_beyond_range)
        if start.layer == aim.layer and start.index != aim.index
        else None
    )
    out = []
    for bid, (there, protection) in friends.items():
        where = bf.location(there)
        found: list[tuple[int, str]] = []
        if heavy:
            if aoe.around_firer and _within(from_origin, where.id, aoe.around_firer):
                found.append((losses.heavy.around_firer.of(protection), "around the firer"))
            if from_target is not None and _within(from_target, where.id, radius):
                found.append((losses.heavy.around_target.of(protection), "around the target"))
        elif start.kind == LocKind.underground and _within(from_origin, where.id, table.underground_echo):
            found.append((losses.light.underground_echo.of(protection), "echo underground"))
        if lane is not None and lane.holds(where):
            lane_losses = losses.heavy.lane if heavy else losses.light.lane
            found.append((lane_losses.of(protection), "fire lane"))
        if not found:
            continue  # (most friends: out of every zone)
        osl, zone = max(found)
        if osl:
            out.append(Hit(bid, osl, zone))
    return out


def _within(row: dict[str, int], there: str, limit: int) -> bool:
    """`movement.ep_within(bf, a, there, limit) is not None`, given `ep_from(bf, a)` (`row`)."""
    d = row.get(there)
    return d is not None and d <= limit


def friends_of(sit: Situation, shooter: str) -> dict[str, tuple[str, Protection]]:
    """The shooter side's blocks on the map, the shooter and dummies excepted (8.2.1.1), in
    the state's order: id -> (location, protection)."""
    g, s = sit.game, sit.state
    side = g.blocks[shooter].side
    return {
        bid: (b.location, g.blocks[bid].profile.protection)
        for bid, b in s.blocks.items()
        if bid != shooter
        and g.blocks[bid].side == side
        and not g.blocks[bid].dummy
        and b.on_map
        and b.location
    }


def shot_hits(
    sit: Situation, shooter: str, w: Weapon, target_location: str, assault: bool, origin: str | None = None
) -> list[Hit]:
    """`hits` for a shot in play: from where the shooter stands (or fired from, `origin`,
    if it has since left: eliminated in the same exchange), with the LOS of now."""
    g = sit.game
    here = origin or sit.state.blocks[shooter].location or ""
    return hits(
        g.battlefield,
        g.tables.weapons_effect,
        w,
        here,
        target_location,
        friends_of(sit, shooter),
        sees=sit.sees,
        assault=assault,
        vehicle=g.blocks[shooter].vehicle,
    )


def in_lane(
    bf: Battlefield, table: WeaponsEffectTable, sees: Sees, origin: str, aim: str, spot: str, reach: int
) -> bool:
    """8.2.1.2: on the line from the firer through its target, within `reach` EP of the
    firer; where an obstacle stops the firer's LOS, the lane goes on 2 EP beyond it
    (8.2.1.4): a spot the firer does not see is in the lane if it is within that many EP of
    a spot of the lane, nearer the firer, that the firer sees."""
    a, b = bf.location(origin), bf.location(aim)
    if a.layer != b.layer or a.index == b.index:
        return False
    return _Lane(bf, table, sees, a, b, reach).holds(bf.location(spot))


class _Lane:
    """`in_lane` for one shot: the line from the firer `a` through its target `b` (in one
    layer, two locations) and the EP row from the firer, worked out once for every spot
    `hits` looks at (some 10,000 a game)."""

    __slots__ = ("a", "ax", "ay", "b", "bf", "dx", "dy", "half", "length", "reach", "row", "sees", "table")

    def __init__(
        self, bf: Battlefield, table: WeaponsEffectTable, sees: Sees, a: Location, b: Location, reach: int
    ):
        self.bf, self.table, self.sees, self.a, self.b, self.reach = bf, table, sees, a, b, reach
        self.row = ep_from(bf, a.id)
        (ax, ay), (bx, by) = a.centre, b.centre
        self.ax, self.ay, self.dx, self.dy = ax, ay, bx - ax, by - ay
        self.length = math.hypot(self.dx, self.dy)
        self.half = bf.hex_size.get(a.layer, 10.0) * math.sqrt(3) / 2

    def along(self, p: Location) -> float | None:
        """How far along the line from `a` through `b` the point `p` lies, if the line passes
        through its hex (within the hex's inner radius) on `b`'s side of `a`; else None."""
        px, py = p.centre
        ax, ay, dx, dy, length = self.ax, self.ay, self.dx, self.dy, self.length
        along = ((px - ax) * dx + (py - ay) * dy) / length
        if along <= 0:
            return None
        across = abs((px - ax) * dy - (py - ay) * dx) / length
        if across > self.half:
            return None
        return along

    def holds(self, p: Location) -> bool:
        """Whether the spot `p` is in the lane (`in_lane`)."""
        a = self.a
        if p.layer != a.layer or not _within(self.row, p.id, self.reach):
            return False
        along = self.along(p)
        if along is None:
            return False
        origin, spot = a.id, p.id
        sees = self.sees
        if sees(origin, spot):
            return True
        by_id = self.bf.by_id
        for near in _close_to(self.bf, spot, self.table.lane_beyond_obstacle):
            x = by_id[near]  # (an id of the EP row: there)
            if x.layer != a.layer or x.index == a.index:
                continue
            near_along = self.along(x)
            if near_along is not None and near_along < along and sees(origin, near):
                return True
        return False


def _close_to(bf: Battlefield, spot: str, beyond: int) -> tuple[str, ...]:
    """The other locations within `beyond` EP of `spot`, in its EP row's order (`ep_from`):
    kept with the battlefield, as the rows are, rather than picked out of the whole row
    (every location within 30 EP) at each look."""
    kept: dict[tuple[str, int], tuple[str, ...]] = bf.derived(_close_to, dict)
    found = kept.get((spot, beyond))
    if found is None:
        found = kept[(spot, beyond)] = tuple(
            near for near, d in ep_from(bf, spot).items() if d <= beyond and near != spot
        )
    return found


def apply(
    sit: Situation,
    shooter: str,
    weapon_id: str,
    target_location: str,
    assault: bool = False,
    origin: str | None = None,
) -> list[Hit]:
    """Apply the weapons effect of a shot: losses, and an Activated marker on every block
    hit (8.2.1.3, and the card: "activates the block"). An armoured or MBT block never
    goes below its operational level this way (8.2.1.3)."""
    w = sit.weapon(shooter, weapon_id)
    # one shot, from one place, reaching friends and counters alike: both found before any
    # loss applies, since a loss may take the shooter off the map (friendly fire that fells
    # its platoon leader, and 12.2's morale roll eliminates the shooter)
    origin = origin or sit.state.blocks[shooter].location or ""
    found = shot_hits(sit, shooter, w, target_location, assault, origin)
    found += covered_hits(sit, shooter, w, target_location, assault, origin)
    struck = counters_struck(sit, shooter, w, target_location, assault, origin)
    for hit in found:
        harm.suffer(sit, hit.block, hit.osl)
    side = sit.game.blocks[shooter].side
    for cid in struck:
        no_mans_land.reveal_by_weapon(sit, cid, by=side)
    if not assault:
        superstructure.fired_at(sit, w, target_location)  # 11.1: riders of a vehicle fired at
        rubble.fired(sit, w, target_location)  # 13.4: the building may collapse
    return found


def covered_hits(
    sit: Situation, shooter: str, w: Weapon, target_location: str, assault: bool, origin: str | None = None
) -> list[Hit]:
    """10.4.1: the enemy's Foot unit blocks under armour cover "cannot be targeted or
    scouted. However, [each] suffers all the area weapons effect (heavy weapons effect ...)":
    an exception to 8.2.1.1's "never the other enemy blocks". A heavy weapon's zones (around
    the firer, around the target, its fire lane) reach them as they reach the shooter's own
    blocks; a light weapon's fire lane does not (the cover is against small-arms fire)."""
    if w.area_of_effect.effect != EffectClass.heavy:
        return []
    exposed = armour_cover.exposed(sit, other(sit.side_of(shooter)))
    if not exposed:
        return []
    g = sit.game
    here = origin or sit.state.blocks[shooter].location or ""
    return hits(
        g.battlefield,
        g.tables.weapons_effect,
        w,
        here,
        target_location,
        exposed,
        sees=sit.sees,
        assault=assault,
        vehicle=g.blocks[shooter].vehicle,
    )


def counters_struck(
    sit: Situation, shooter: str, w: Weapon, target_location: str, assault: bool, origin: str | None = None
) -> list[str]:
    """The No Man's Land counters in the shot's area of effect: a weapons effect always
    affects them (8.2.1.1), in the same zones as the shooter's friends (`hits`)."""
    g, s = sit.game, sit.state
    counters = {
        cid: (c.location, Protection.soft)
        for cid, c in s.nml.counters.items()
        if c.location is not None and c.owner is None
    }
    if not counters:
        return []
    here = origin or s.blocks[shooter].location or ""
    found = hits(
        g.battlefield,
        g.tables.weapons_effect,
        w,
        here,
        target_location,
        counters,
        sees=sit.sees,
        assault=assault,
        vehicle=g.blocks[shooter].vehicle,
    )
    return [h.block for h in found]
