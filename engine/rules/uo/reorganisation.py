"""Order of battle modification (12.1, an advanced rule): in the order of battle
reorganisation sequence of the initial phase (3.1.1, from turn 2), each side may move blocks
between two of its impulse forces already in play, or between two coming into play at the
same time (3.1.1); the forces involved may not fire or assault for the rest of the turn.

Which force a block belongs to is the scenario's unless a transfer attached it elsewhere
(`Advanced.attached`): `force_of` and `force_blocks` are the home of that question for the
impulses (7.1.1), the two-block actions (8.2.2, 8.2.4) and the command chain (7.2); and
`entry_turn` of when a reinforcement force comes into play (7.1.1, an event's, 6).
"""

from __future__ import annotations

from collections import Counter

from ...model.cards import BlockType
from ...model.scenario import AdvancedRule, Side
from .actions import EndReorganisation, Transfer
from .situation import Situation
from .state import other

#: 12.1: "The number of markers provided in the box is a design limit": the box's count is
#: not in our texts; a side has this many numbered markers, one on each block detached from
#: its own force (docs/rules.md)
MARKERS = 3
#: blocks that stay with their force: its leader, and the side's command blocks
STAYING = frozenset({BlockType.platoon_leader, BlockType.commander, BlockType.command_post})


def on(sit: Situation) -> bool:
    return AdvancedRule.order_of_battle_changes in sit.game.scenario.advanced_rules


def force_of(sit: Situation, block: str) -> str:
    """The impulse force `block` belongs to now."""
    return sit.state.advanced.attached.get(block) or sit.game.blocks[block].force


def force_blocks(sit: Situation, force: str) -> tuple[str, ...]:
    """The blocks of `force` now: its own not detached, then those attached to it."""
    g = sit.game
    attached = sit.state.advanced.attached
    if not attached:
        return g.forces[force].blocks
    own = tuple(b for b in g.forces[force].blocks if attached.get(b, force) == force)
    joined = tuple(b for b, f in sorted(attached.items()) if f == force and g.blocks[b].force != force)
    return own + joined


def in_play(sit: Situation, force: str) -> bool:
    """12.1: an impulse force "already in play": a block of it on the map (a reinforcement
    still to enter has none)."""
    return any(sit.state.blocks[b].on_map for b in force_blocks(sit, force))


def entry_turn(sit: Situation, force: str) -> int | None:
    """The turn a reinforcement force enters: its scenario entry turn, or now if an event
    brought it forward (6; None: it starts on the map)."""
    entry = sit.game.forces[force].entry
    if entry is None:
        return None
    if force in sit.state.events.early:
        return min(entry.turn, sit.state.turn)
    return entry.turn


def entering(sit: Situation, force: str) -> bool:
    """3.1.1: an impulse force "coming into play" this turn: a reinforcement due now (its
    entry turn, or an event's, 6) with no block on the map yet and one still to enter."""
    entry = entry_turn(sit, force)
    if entry is None or entry > sit.state.turn or in_play(sit, force):
        return False
    return any(not sit.state.blocks[b].eliminated for b in force_blocks(sit, force))


def markers_used(sit: Situation, side: Side) -> int:
    g = sit.game
    return sum(
        1
        for b, f in sit.state.advanced.attached.items()
        if g.blocks[b].side == side and f != g.blocks[b].force
    )


def _pair(sit: Situation, side: Side) -> frozenset[str] | None:
    """The two forces this sequence's transfers of `side` are between, once one is made
    ("between two Impulse Forces")."""
    g = sit.game
    forces = {f for f in sit.state.advanced.reorganised if g.forces[f].side == side}
    return frozenset(forces) if len(forces) == 2 else None


def choices(sit: Situation, side: Side) -> list[Transfer]:
    """Transfers open to `side` now (3.1.1: "between two Impulse Forces already in play, or
    between two Impulse Forces coming into play at the same time"): a block (not its force's
    leader nor a command block) to another force of the side in the same group, on the map
    between forces in play, off it between forces entering this turn; a marker is needed
    unless the block goes back to its own force."""
    g, s = sit.game, sit.state
    forces = [f.id for f in g.side_forces(side)]
    groups = ([f for f in forces if in_play(sit, f)], [f for f in forces if entering(sit, f)])
    pair = _pair(sit, side)
    markers = MARKERS - markers_used(sit, side)
    # blocks that stay with the block beside them: a vehicle's passengers (8.2.4) and an
    # armour cover pair sharing a hex (10.4) go where their force goes
    carrying = {b.mounted_in for b in s.blocks.values() if b.mounted_in and not b.eliminated}
    shared = Counter(b.location for b in s.blocks.values() if b.on_map)
    out = []
    for on_map, group in zip((True, False), groups, strict=True):
        for src in group:
            for bid in force_blocks(sit, src):
                info, b = g.blocks[bid], s.blocks[bid]
                if info.dummy or info.type in STAYING or g.forces[src].leader == bid:
                    continue
                if b.eliminated or b.mounted_in is not None or b.on_map != on_map:
                    continue  # (an entering force's passengers enter with their vehicle)
                if bid in s.advanced.transferred or bid in carrying or (on_map and shared[b.location] > 1):
                    continue  # once a sequence (the markers are moved once); pairs stay together
                for dst in group:
                    if dst == src or (pair is not None and {src, dst} != pair):
                        continue
                    if dst != info.force and markers <= 0 and info.force == src:
                        continue  # a new detachment needs a marker
                    out.append(Transfer(bid, dst))
    return out


def begin(sit: Situation, first: Side) -> None:
    """3.1.1: the order of battle reorganisation sequence, `first` side first; a side with no
    transfer open is skipped."""
    if not on(sit):
        return
    sit.state.advanced.reorganising = [side for side in (first, other(first)) if choices(sit, side)]


def decider(sit: Situation) -> Side | None:
    seq = sit.state.advanced.reorganising
    return seq[0] if seq else None


def actions(sit: Situation) -> list[Transfer | EndReorganisation]:
    side = decider(sit)
    assert side is not None
    # no change first: a bot that does not weigh transfers takes the first it is offered
    return [EndReorganisation(), *choices(sit, side)]


def apply(sit: Situation, action: Transfer | EndReorganisation) -> None:
    adv = sit.state.advanced
    if isinstance(action, EndReorganisation):
        adv.reorganising.pop(0)
        return
    src = force_of(sit, action.block)
    if action.force == sit.game.blocks[action.block].force:
        adv.attached.pop(action.block, None)  # back home: its marker is free again
    else:
        adv.attached[action.block] = action.force
    adv.reorganised |= {src, action.force}  # 12.1: no fire or assault for the turn
    adv.transferred.add(action.block)
    side = adv.reorganising[0]
    if not choices(sit, side):
        adv.reorganising.pop(0)


def may_fire(sit: Situation, block: str) -> bool:
    """12.1: a block of a force involved in this turn's reorganisation may not fire or
    assault ("won't be able to perform a firing or assaulting action for the rest of the
    turn")."""
    adv = sit.state.advanced
    return not adv.reorganised or force_of(sit, block) not in adv.reorganised


def end_turn(sit: Situation) -> None:
    sit.state.advanced.reorganised.clear()
    sit.state.advanced.transferred.clear()


def check(sit: Situation) -> list[str]:
    """Invariants: attached blocks are in a force of their side; no more markers in use than
    the side has."""
    g = sit.game
    problems = []
    for bid, force in sit.state.advanced.attached.items():
        if force not in g.forces or g.forces[force].side != g.blocks[bid].side:
            problems.append(f"{bid} attached to {force}, not a force of its side (12.1)")
        if force == g.blocks[bid].force:
            problems.append(f"{bid} attached to its own force {force} (12.1)")
    for side in Side:
        if markers_used(sit, side) > MARKERS:
            problems.append(f"{side.value} uses more than {MARKERS} order of battle markers (12.1)")
    return problems
