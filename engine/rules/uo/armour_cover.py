"""Armour cover (10.4, an advanced rule): a Foot unit block sheltering behind a friendly tank
or armoured vehicle, the two forming a pair in the vehicle's hex.

- 10.4.1 Creating a pair: the active Foot unit block enters the hex of a friendly vehicle of
  its impulse force that is armoured (square) or a tank (triangle), paying the MP of that
  step (`JoinCover`, offered where a `Move` there could be made but for the stacking rule).
  No action for either; the foot block's activation is over and the vehicle gets an
  Activated marker (it "cannot be activated for this turn"). While paired the foot block
  cannot be targeted or scouted and performs no action or reaction (it is left out of
  `fight.fighters` and of covering fire), but stands in the vehicle's hex for every area
  weapons effect (its own side's heavy weapons, the enemy's heavy weapons (`exposed`,
  `effects.covered_hits`), 3D rings).
- 10.4.2 Activating a pair (`ActivatePair`): two activations of the impulse; the pair moves
  up to 6 MP in all, the foot block following the vehicle; the vehicle may only fire; its
  only reaction while paired is an opportunity fire (no withdrawal; covering fire is no
  reaction in these rules, 8.2.7.3, so it stays open to the vehicle).
- 10.4.2 Splitting a pair: activating one of its blocks alone (`Activate`) splits it; the
  block must leave the hex before doing anything else (the play already asks it to: a
  block may neither act nor end its move where another stands, 8.1.1), so it is offered
  only when it has somewhere to go. A pair is split at once when one block is eliminated,
  and when the vehicle is moved other than by the pair's activation (a withdrawal).

Only blocks of one impulse force pair up (as reorganised, 12.1): the pair's activation counts
as two of that force's impulse. Should a reorganisation put its blocks in two forces, the
pair holds (it is still one hex, 8.1.1) but is activated only one block at a time, which
splits it.
"""

from __future__ import annotations

import dataclasses

from ...battlefield import LocKind
from ...battlefield.movement import reach, step_cost
from ...model.cards import Protection
from ...model.scenario import AdvancedRule, Side
from . import reorganisation
from .actions import Action, Activate, ActivatePair, EndActivation, Fire, JoinCover, Move
from .activation import WITH_ACTION
from .situation import Situation
from .state import Activation

#: MP a pair's activation may spend in all (10.4.2)
PAIR_MP = 6


def enabled(sit: Situation) -> bool:
    return AdvancedRule.armor_cover in sit.game.scenario.advanced_rules


def shelters(sit: Situation, vehicle: str) -> bool:
    """A tank or an armoured vehicle (10.4): a vehicle whose protection is not soft."""
    info = sit.game.blocks[vehicle]
    return info.vehicle and not info.dummy and info.profile.protection != Protection.soft


def paired(sit: Situation, block: str) -> bool:
    """In a pair, foot block or vehicle."""
    s = sit.state
    return block in s.pairs or block in s.pairs.values()


def covers(sit: Situation, block: str) -> dict[str, str]:
    """Hex -> vehicle for the friendly vehicles the active `block` may pair with (10.4.1):
    it a Foot unit block, they shelters of its impulse force, in a hex, not in a pair."""
    if not enabled(sit):
        return {}
    g, s = sit.game, sit.state
    info = g.blocks[block]
    if info.vehicle or info.dummy or paired(sit, block) or not info.force:
        return {}
    bf = g.battlefield
    out = {}
    for vid in reorganisation.force_blocks(sit, reorganisation.force_of(sit, block)):  # as reorganised (12.1)
        v = s.blocks[vid]
        if vid == block or not v.on_map or v.location is None or not shelters(sit, vid) or paired(sit, vid):
            continue
        if bf.location(v.location).kind == LocKind.hex:
            out[v.location] = vid
    return out


def join(sit: Situation, action: JoinCover) -> None:
    """10.4.1: the foot block steps into the vehicle's hex (its MP), the pair is formed, the
    foot block's activation ends and the vehicle is marked Activated."""
    s = sit.state
    act = s.activation
    assert act is not None
    block = act.block
    g = sit.game
    bf = g.battlefield
    here = s.blocks[block].location or ""
    there = s.blocks[action.vehicle].location or ""
    mover, dyn = sit.mover(block), sit.dynamic(sit.side_of(block))
    costs = [
        c
        for st in bf.out[bf.location(here).index]
        if bf.locations[st.dst].id == there and (c := step_cost(bf, st, mover, dyn)) is not None
    ]
    act.spent += min(costs)
    act.path.append(there)
    s.blocks[block].location = there
    s.pairs[block] = action.vehicle
    sit.contact(block)
    sit.mark_activated(action.vehicle)
    sit.end_activation()


def impulse_actions(sit: Situation, actions: list[Action]) -> list[Action]:
    """The impulse's choices with pairs: a pair activated as one (two activations), a
    block of a pair alone only where it can leave the hex (10.4.2)."""
    s = sit.state
    if not s.pairs or s.impulse is None:
        return actions
    imp = s.impulse
    out = [
        a
        for a in actions
        if not (isinstance(a, Activate) and paired(sit, a.block) and not can_leave(sit, a.block))
    ]
    members = reorganisation.force_blocks(sit, imp.force)
    if len(imp.activated) + 2 <= imp.limit:
        for foot, vehicle in sorted(s.pairs.items()):
            if foot not in members or vehicle not in members:
                continue
            if any(b in imp.activated or _marked(sit, b) for b in (foot, vehicle)):
                continue
            out.append(ActivatePair(vehicle))
    return out


def _marked(sit: Situation, block: str) -> bool:
    b = sit.state.blocks[block]
    return b.activated or b.completed or b.eliminated


def can_leave(sit: Situation, block: str) -> bool:
    """Whether a block of a pair activated alone has a free location within the MP of a
    move with an action (3 foot, 6 vehicle), never through an enemy's location."""
    g, s = sit.game, sit.state
    here = s.blocks[block].location
    if here is None:
        return False
    side = sit.side_of(block)
    mover = sit.mover(block)
    dyn = sit.dynamic(side)
    closed = dataclasses.replace(dyn, impassable=dyn.impassable | sit.enemy_locations(side))
    taken = sit.occupied()
    return any(
        loc != here and loc not in taken
        for loc in reach(g.battlefield, here, mover, WITH_ACTION[mover.unit], closed)
    )


def activate_pair(sit: Situation, action: ActivatePair) -> None:
    s = sit.state
    assert s.impulse is not None
    foot = partner(sit, action.vehicle)
    assert foot is not None
    s.impulse.activated.extend([action.vehicle, foot])
    sit.mark_activated(foot)  # it performs nothing (10.4.2)
    here = s.blocks[action.vehicle].location or ""
    unseen = not sit.seen_by_enemy(sit.side_of(action.vehicle), here)
    s.activation = Activation(action.vehicle, 0, unseen, [here], pair=True)


def exposed(sit: Situation, side: Side) -> dict[str, tuple[str, Protection]]:
    """`side`'s Foot unit blocks under armour cover, as `effects.hits` takes friends: id ->
    (location, protection). 10.4.1: "it suffers all the area weapons effect"."""
    s = sit.state
    out = {}
    for foot in sorted(s.pairs):
        b = s.blocks[foot]
        if b.on_map and b.location and sit.side_of(foot) == side:
            out[foot] = (b.location, sit.game.blocks[foot].profile.protection)
    return out


def split_on_activation(sit: Situation, block: str) -> None:
    """10.4.2: a block of a pair activated alone splits it (it must leave the hex first)."""
    s = sit.state
    if block in s.pairs:
        del s.pairs[block]
    else:
        foot = partner(sit, block)
        if foot is not None:
            del s.pairs[foot]


def partner(sit: Situation, block: str) -> str | None:
    s = sit.state
    if block in s.pairs:
        return s.pairs[block]
    return next((foot for foot, v in s.pairs.items() if v == block), None)


def budget_cap(sit: Situation) -> int | None:
    """A pair's activation: 6 MP in all (10.4.2)."""
    act = sit.state.activation
    return PAIR_MP if act is not None and act.pair else None


def activation_actions(sit: Situation, actions: list[Action]) -> list[Action]:
    """During a pair's activation the vehicle moves, fires or stops (10.4.2); no action of
    any block names a paired block (it acts only as the pair, or alone once split)."""
    s = sit.state
    act = s.activation
    if act is not None and act.pair:
        return [a for a in actions if isinstance(a, (Move, Fire, EndActivation))]
    if not s.pairs:
        return actions
    return [a for a in actions if not _names_paired(sit, a)]


def _names_paired(sit: Situation, action: Action) -> bool:
    """An action asking something of another block (mounting, support, dismounting) that is
    in a pair."""
    if isinstance(action, (Move, Fire, EndActivation, JoinCover)):
        return False
    for name in ("block", "vehicle"):
        other = getattr(action, name, None)
        if isinstance(other, str) and other in sit.game.blocks and paired(sit, other):
            return True
    return False


def settle(sit: Situation) -> None:
    """After every action: a pair whose block was eliminated is split (10.4.2); the foot
    block follows its vehicle during the pair's activation, and a vehicle moved otherwise
    (a withdrawal) leaves the pair split."""
    s = sit.state
    if not s.pairs:
        return
    act = s.activation
    for foot, vehicle in sorted(s.pairs.items()):
        f, v = s.blocks[foot], s.blocks[vehicle]
        if not (f.on_map and v.on_map):
            del s.pairs[foot]
        elif f.location != v.location:
            if act is not None and act.pair and act.block == vehicle:
                f.location = v.location
            else:
                del s.pairs[foot]


def check(sit: Situation) -> list[str]:
    """Invariants: each pair a Foot unit block and a friendly shelter of its force, both on
    the map in one hex; no block in two pairs."""
    g, s = sit.game, sit.state
    problems = []
    seen: set[str] = set()
    for foot, vehicle in sorted(s.pairs.items()):
        f, v = s.blocks[foot], s.blocks[vehicle]
        if vehicle in seen or foot in seen:
            problems.append(f"{foot}/{vehicle}: a block in two pairs (10.4)")
        seen |= {foot, vehicle}
        if g.blocks[foot].vehicle or not shelters(sit, vehicle):
            problems.append(f"{foot}/{vehicle}: not a foot block with a tank or armoured vehicle (10.4)")
        if not (f.on_map and v.on_map) or f.location != v.location:
            problems.append(f"{foot}/{vehicle}: a pair not together on the map (10.4.1)")
    return problems
