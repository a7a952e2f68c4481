"""Invariants of a game state, checked after every action in the random-games test and by
`uo play --check`: whatever the players do, these hold (issue 5's acceptance list)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from . import advanced, advanced_combat, breaching, events, support, third_dimension, transport
from .counters import Kind
from .state import Phase

if TYPE_CHECKING:
    from .play import Play


class BrokenInvariant(AssertionError):
    """The state broke a rule that no sequence of legal actions may break."""


def check(play: Play) -> None:
    g, s = play.game, play.state
    problems: list[str] = []
    settled = s.activation is None and not s.pending and s.phase != Phase.setup
    # a Foot unit block covered by a vehicle shares its hex (10.4.1)
    at = Counter(b.location for bid, b in s.blocks.items() if b.on_map and bid not in s.pairs)
    if settled:
        stacked = [loc for loc, n in at.items() if n > 1]
        if stacked:  # 8.1.1: one block per location once no block is moving
            problems.append(f"more than one block in {', '.join(sorted(str(x) for x in stacked))}")
    for bid, b in s.blocks.items():
        info = g.blocks[bid]
        if not 0 <= b.losses <= info.levels:
            problems.append(f"{bid}: losses {b.losses} outside 0..{info.levels} (4.3.2.1)")
        if b.on_map and b.losses >= info.levels:
            problems.append(f"{bid}: on the map below its last OSL level (4.3.2.1)")
        if sum((b.activated, b.reaction, b.completed)) > 1:
            problems.append(f"{bid}: more than one of Activated / Reaction / Completed (4.3.3)")
        if b.eliminated and (b.location is not None or b.activated or b.reaction or b.completed):
            problems.append(f"{bid}: eliminated but on the map or marked")
        if b.mounted_in is not None and b.location is not None:
            problems.append(f"{bid}: both mounted in {b.mounted_in} and on the map at {b.location} (4.3.2.3)")
        if b.location is not None:
            play.game.battlefield.location(b.location)  # a real location, or KeyError
    if s.activation is not None:
        act = s.activation
        blk = s.blocks[act.block]
        if not blk.on_map:
            problems.append(f"activation of {act.block}, which is not on the map")
        if blk.activated or blk.completed:
            problems.append(f"{act.block} activated twice in a turn (8)")
        if s.impulse is None or act.block not in s.impulse.activated:
            problems.append(f"{act.block} activated outside its impulse (7.1.1)")
    if s.impulse is not None and len(s.impulse.activated) > s.impulse.limit:
        n = len(s.impulse.activated)
        problems.append(f"impulse of {s.impulse.force} activated {n} blocks > {s.impulse.limit}")
    if not s.lasting_smoke <= s.smoke:  # a mine's lasting smoke is smoke (5.2.2.2)
        problems.append(f"lasting smoke {sorted(s.lasting_smoke - s.smoke)} not among the Smoke counters")
    problems.extend(_no_mans_land(play))
    problems.extend(transport.check(play))  # mounted blocks and capacity (8.2.4)
    problems.extend(support.check(play))  # support points never negative (8.2.2)
    problems.extend(breaching.check(play))  # Breach markers within the allotment (5.2.4)
    problems.extend(events.check(play))  # event cards dealt once, choices open (6)
    problems.extend(third_dimension.check(play))  # 3D missions within the matrix (7.3)
    problems.extend(advanced.check(play))  # advanced rules 11-13
    problems.extend(advanced_combat.check(play))  # pairs, supported and suppressing fire (10)
    if s.phase != Phase.over and not play.legal_actions():
        problems.append("no legal action while the game is not over")
    if problems:
        raise BrokenInvariant(f"turn {s.turn}, after {len(play.log)} actions: " + "; ".join(problems))


def _no_mans_land(play: Play) -> list[str]:
    """5.2: each counter at one real location or out of the game; no block in an IED/UXO or
    Population counter's location (5.2.3.1, 5.2.3.3) or a barricade's (5.2.3.5); allotments
    never below zero; population eliminated by the sides counted once (collateral never
    more than the Population counters gone)."""
    g, s = play.game, play.state
    n = s.nml
    problems = []
    closed: dict[str, str] = {}
    for cid, c in n.counters.items():
        if c.location is None:
            continue
        g.battlefield.location(c.location)  # a real location, or KeyError
        if c.kind in (Kind.ied_uxo, Kind.population, Kind.barricade):
            closed[c.location] = cid
    for bid, b in s.blocks.items():
        if b.on_map and b.location in closed:
            problems.append(f"{bid} stands in {b.location} with counter {closed[b.location]} (5.2.3)")
    for key, left in n.reserve.items():
        if left < 0:
            problems.append(f"allotment {key} below zero: {left}")
    gone = sum(1 for c in n.counters.values() if c.kind == Kind.population and c.location is None)
    counted = sum(n.collateral.values())
    if counted > gone:
        problems.append(f"collateral {counted} > {gone} population counters eliminated (5.2.3.3)")
    return problems
