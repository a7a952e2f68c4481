"""Breaching (8.2.9) and the Breach markers it leaves (5.2.4.1).

A breach symbol of the map (an aperture of kind `breach`) is a wall until a Breach marker
opens it: the scenario may place markers at set-up (`Environment.breach_markers.locations`:
the hex, room or zone the breach opens into), and a block with a breaching weapon opens one
during play with one of its side's markers left (`Environment.breach_markers.count`).

- In contact: from the room or zone of the breach symbol, or from a hex in its fire arc next
  to the wall (the locations the breach joins, as the compiled steps through it say). The
  block then moves 2 MP (free) and the charge goes off: 1 OSL to the breacher's own blocks
  within 2 EP of the breach, the breacher excepted, and a weapons effect on No Man's Land
  counters there (the aid card: "Breach -1 OSL (radius of 2 EP)"; 8.2.1.1).
- Remotely: from a hex in the breach's fire arc at least 2 EP from it, with LOS to the
  breach's outside location and a weapon in range; the weapons effect is the weapon's, as
  for a fire at the breach.

Once opened a breach stays open to the end of the game: 2 MP to cross (vehicles only through
outer walls, 5.2.4.1) and LOS into the room through it (`Dynamic.opened_breaches`).
"""

from __future__ import annotations

from ...battlefield import Battlefield, LocKind
from ...battlefield.movement import EP_HORIZON, ep_within
from ...geometry.polygons import bearing, in_arc
from ...model.cards import BreachCapability, Weapon
from ...model.scenario import Side
from ...model.sheet import ApertureKind
from . import antitank, effects, fight, harm, no_mans_land
from .actions import Breach
from .obstructions import breach_sides, opened_breaches
from .situation import Situation

#: the charge of a contact breach: 1 OSL within 2 EP (the aid card's breach row)
BLAST_OSL, BLAST_EP = 1, 2


def markers_left(sit: Situation, side: Side) -> int:
    """Breach markers `side` may still place in play (5.2.4: "The number of environment
    counters is given for each side"): its allotment, less the scenario's fixed ones and
    those already used."""
    allot = getattr(sit.game.scenario.sides, side.value).environment.breach_markers
    return allot.count - len(allot.locations) - sit.state.breach_markers_used.get(side, 0)


def _outside(bf: Battlefield, aperture: str) -> list[str]:
    return [loc for loc in breach_sides(bf, aperture) if bf.location(loc).kind == LocKind.hex]


def contact_ok(sit: Situation, block: str, aperture: str) -> bool:
    """In the room or zone of the breach, or next to it in its fire arc (8.2.9)."""
    return (sit.state.blocks[block].location or "") in breach_sides(sit.game.battlefield, aperture)


def remote_ep(sit: Situation, block: str, aperture: str, w: Weapon) -> int | None:
    """EP from the block to the breach when it may breach it remotely with `w` (8.2.9): in
    its fire arc, at least 2 EP away, seeing the hex next to it, the weapon in range."""
    bf = sit.game.battlefield
    here = sit.state.blocks[block].location or ""
    outside = _remote_sides(bf, here, aperture)
    if outside is None:
        return None
    best = None
    for side_hex in outside:
        if not sit.sees(here, side_hex):
            continue
        ep = sit.ep(here, side_hex, EP_HORIZON)
        if ep is not None and (best is None or ep + 1 < best):
            best = ep + 1  # the breach is on that hex's side: one more
    if best is None or best < 2:
        return None
    return best if fight.firepower(sit, block, w, best, False) is not None else None


def _remote_sides(bf: Battlefield, here: str, aperture: str) -> tuple[str, ...] | None:
    """The breach's hexes (`_outside`) if a block at `here` may breach it remotely as far as
    the map goes: from a hex not next to it, in its fire arc (8.2.9); else None. The map
    never changes: kept with the battlefield (a tank asks of every breach at every step)."""
    kept: dict[tuple[str, str], tuple[str, ...] | None] = bf.derived(_remote_sides, dict)
    key = (here, aperture)
    if key in kept:
        return kept[key]
    loc = bf.location(here)
    ap = bf.apertures[aperture]
    found: tuple[str, ...] | None = None
    near = loc.kind != LocKind.hex or here in breach_sides(bf, aperture)
    if not near and in_arc(bearing(ap.at, loc.centre), *ap.arc):
        found = tuple(_outside(bf, aperture))
    kept[key] = found
    return found


def choices(sit: Situation, block: str) -> list[Breach]:
    """Breaches the active block may open now, with each place it may move to after a
    contact breach (2 MP, as after a destruction, 8.2.9)."""
    g, s = sit.game, sit.state
    info = g.blocks[block]
    side = info.side
    # 10.6: a Foot unit block's antitank weapon may breach remotely
    capability = {w.id: antitank.breach_capability(sit, block, w) for w in info.profile.weapons}
    breaching = [w for w in info.profile.weapons if capability[w.id] != BreachCapability.none]
    if not breaching or markers_left(sit, side) <= 0:
        return []
    here = s.blocks[block].location or ""
    bf = g.battlefield
    is_open = opened_breaches(g, s)
    out: list[Breach] = []
    for ap in bf.apertures.values():
        if ap.kind != ApertureKind.breach or ap.id in is_open or not breach_sides(bf, ap.id):
            continue
        for w in breaching:
            if capability[w.id] == BreachCapability.contact and contact_ok(sit, block, ap.id):
                moves = fight.withdrawal_options(sit, block) or [here]
                out.extend(Breach(ap.id, w.id, to) for to in moves)
            elif capability[w.id] == BreachCapability.remote and remote_ep(sit, block, ap.id, w) is not None:
                out.append(Breach(ap.id, w.id, here))
    return out


def target_of(bf: Battlefield, aperture: str) -> str:
    """Where a breach's charge or shot lands: its room or zone, else its first hex."""
    sides = breach_sides(bf, aperture)
    inside = [loc for loc in sides if bf.location(loc).interior]
    return (inside or list(sides))[0]


def apply(sit: Situation, action: Breach) -> str | None:
    """Open the breach (8.2.9). A contact breach first moves the block to `action.to`
    (returned, for the caller to treat as entering it), then the charge goes off; a remote
    one is the weapon's effect at the breach."""
    s = sit.state
    act = s.activation
    assert act is not None
    block = act.block
    act.acted_at = act.spent
    side = sit.side_of(block)
    w = sit.weapon(block, action.weapon)
    bf = sit.game.battlefield
    where = target_of(bf, action.aperture)
    s.blocks[block].revealed = True  # a fire-like action gives the block away (8.2.7.1)
    s.breaches.add(action.aperture)
    s.breach_markers_used[side] = s.breach_markers_used.get(side, 0) + 1
    if antitank.breach_capability(sit, block, w) == BreachCapability.remote:
        effects.apply(sit, block, w.id, where)
        if antitank.breaching_costs(sit, block, w):
            fight.lose(sit, block, antitank.AMMUNITION_OSL, by=None, quality=False)  # 10.6
        return None
    moved = None
    here = s.blocks[block].location
    if action.to != here:
        s.blocks[block].location = action.to
        act.path.append(action.to)
        moved = action.to
    blast(sit, action.aperture, side, exclude=block)
    return moved


def blast(sit: Situation, aperture: str, side: Side, exclude: str) -> None:
    """The charge of a contact breach (8.2.9, aid card "Breach -1 OSL (radius of 2 EP)"):
    1 OSL to `side`'s blocks within 2 EP of the breach but the breacher (the weapons effect
    falls on the acting side's own blocks, 8.2.1), and a weapons effect on the No Man's Land
    counters there. The breach lies in a wall: a location is within 2 EP of it when it is
    within 2 EP of a location the breach joins."""
    g, s = sit.game, sit.state
    bf = g.battlefield
    sides = breach_sides(bf, aperture)

    def near(location: str) -> bool:
        return any(ep_within(bf, at, location, BLAST_EP) is not None for at in sides)

    for bid, b in list(s.blocks.items()):
        if bid != exclude and b.on_map and b.location and sit.side_of(bid) == side and near(b.location):
            harm.suffer(sit, bid, BLAST_OSL)
    for cid, c in sorted(s.nml.counters.items()):
        if c.location is not None and near(c.location):
            no_mans_land.reveal_by_weapon(sit, cid, side)


def check(sit: Situation) -> list[str]:
    """Invariants: no side opens more breaches than its Breach markers allow (5.2.4), and
    every breach opened is a breach symbol of the map (8.2.9)."""
    problems = [
        f"{side.value} used {sit.state.breach_markers_used.get(side, 0)} Breach markers beyond its allotment"
        for side in Side
        if markers_left(sit, side) < 0
    ]
    bf = sit.game.battlefield
    for ap in sorted(sit.state.breaches):
        if ap not in bf.apertures or bf.apertures[ap].kind != ApertureKind.breach:
            problems.append(f"breach {ap} opened where the map has no breach symbol")
    return problems
