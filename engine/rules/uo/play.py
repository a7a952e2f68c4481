"""Playing a game: legal actions, applying them, the log, replay.

`legal_actions()` is the single source of truth; `apply()` raises `IllegalAction` for
anything else. Chance is one seeded RNG per game and every d10 rolled while applying an
action is written into that action's log entry, so replaying the log from the scenario
gives the same state and can check it rolled the same dice.

This module holds set-up, the sequence of play (3.1, 3.2), command (7.1, 7.2) and movement
(8.1); `fight.py` holds fire, assault, scouting and the reactions (8.2.5, 8.2.7, 8.2.8,
8.3); `victory.py` the score.
"""

from __future__ import annotations

import random
from typing import Any, cast

from ...battlefield import Dynamic, LocKind
from ...battlefield.los import los
from ...battlefield.movement import Mover, Unit, ep_within, step_cost
from ...model.cards import BlockType, Protection
from ...model.scenario import CounterKind, Side
from . import fight, tables
from .actions import (
    ACTIONS,
    Action,
    Activate,
    Advance,
    Assault,
    CoverFire,
    Deploy,
    EndActivation,
    EndImpulse,
    Enter,
    Fire,
    HoldFire,
    IllegalAction,
    Move,
    OpportunityFire,
    OpportunityScout,
    Pass,
    ReturnFire,
    Scout,
    StartImpulse,
    StayPut,
    TakeLosses,
    Withdraw,
    WithdrawTo,
    action_from_json,
    action_to_json,
)
from .game import Game
from .state import (
    Activation,
    AdvanceChoice,
    BlockState,
    Fight,
    Impulse,
    Opportunity,
    Phase,
    State,
    Withdrawal,
    other,
)

__all__ = [
    "ACTIONS",
    "Action",
    "Activate",
    "Advance",
    "Assault",
    "CoverFire",
    "Deploy",
    "EndActivation",
    "EndImpulse",
    "Enter",
    "Fire",
    "HoldFire",
    "IllegalAction",
    "Move",
    "OpportunityFire",
    "OpportunityScout",
    "Pass",
    "Play",
    "ReplayMismatch",
    "ReturnFire",
    "Scout",
    "StartImpulse",
    "StayPut",
    "TakeLosses",
    "Withdraw",
    "WithdrawTo",
    "action_from_json",
    "action_to_json",
    "other",
    "replay",
]

COMMAND_RANGE_EP = tables.COMMAND_RANGE_EP  # 7.2
CONTACT_EP = tables.CONTACT_EP  # 2.3, 8.1.12
#: MP of an activation (7.1.2, 8.1): with an action, moving only, and entirely out of sight
WITH_ACTION = {Unit.foot: 3, Unit.vehicle: 6}
MOVE_ONLY = {Unit.foot: 6, Unit.vehicle: 12}
OUT_OF_SIGHT = {Unit.foot: 9, Unit.vehicle: 18}
#: blocks a foot block climbs over to cross an outer wall or reach a roof (8.1.6, 8.1.7)
CLIMBABLE = frozenset({BlockType.apc, BlockType.mbt})


class ReplayMismatch(Exception):
    """A log replayed to different dice than it recorded: not the same game."""


class Play:
    def __init__(self, game: Game, seed: int):
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)
        self.log: list[dict[str, Any]] = []
        self._rolls: list[int] = []
        self._memo: dict[tuple[str, Side], object] | None = None
        self._wreck_los: dict[tuple[str, str], bool] = {}
        self._wreck_los_count = 0
        self._legal: tuple[tuple[object, ...], list[Action]] | None = None
        # the scenario's counters stay where they are set up until the next rules issue
        # places and removes them: read once, not on every move
        counters = game.scenario.no_mans_land
        self._barricades = frozenset(c.at for c in counters if c.kind == CounterKind.barricade)
        self._impassable = frozenset(c.at for c in counters if c.kind == CounterKind.ied_uxo)
        blocks = {}
        for info in game.blocks.values():
            entering = not info.dummy and game.forces[info.force].entry is not None
            blocks[info.id] = BlockState(
                location=None if entering or info.mounted_in else info.start,
                revealed=not info.hidden,
                mounted_in=info.mounted_in,
            )
        first = game.initiative(1)
        self.state = State(turn=1, phase=Phase.setup, active=Side.green, initiative=first, blocks=blocks)
        for bid, b in blocks.items():
            if b.location and not game.blocks[bid].dummy:  # a dummy holds nothing (2.3)
                self.state.control[b.location] = game.blocks[bid].side
        self._advance_setup()

    # -- queries -------------------------------------------------------------------------
    @property
    def decider(self) -> Side | None:
        """The side whose decision it is: the active side, or the other at a reaction point
        (DESIGN.md, "Engine shape")."""
        s = self.state
        if s.phase == Phase.over:
            return None
        if s.pending:
            return self.pending_decider(s.pending[-1])
        return s.active

    def pending_decider(self, p: Fight | Opportunity | Withdrawal | AdvanceChoice) -> Side:
        blocks = self.game.blocks
        if isinstance(p, Fight):
            return blocks[p.target if p.stage == "reaction" else p.firer].side
        if isinstance(p, Opportunity):
            return other(blocks[p.mover].side)
        return blocks[p.block].side

    @property
    def outcome(self) -> Any:
        """The score so far and, once the last turn is over, the result (victory.py)."""
        from .victory import score

        return score(self.game, self.state)

    def to_deploy(self, side: Side) -> list[str]:
        """Blocks of `side` the scenario leaves to be set up by their player."""
        g, s = self.game, self.state
        return [
            b.id
            for b in g.blocks.values()
            if b.side == side
            and b.start is None
            and b.mounted_in is None
            and (b.dummy or g.forces[b.force].entry is None)
            and s.blocks[b.id].location is None
            and not s.blocks[b.id].eliminated
        ]

    def occupied(self) -> set[str]:
        return {b.location for b in self.state.blocks.values() if b.on_map and b.location}

    def side_of(self, block: str) -> Side:
        return self.game.blocks[block].side

    def block_at(self, location: str, side: Side) -> str | None:
        """The block of `side` at `location` (the one moving, when two share it in passing)."""
        s = self.state
        found = None
        for bid, b in s.blocks.items():
            if b.on_map and b.location == location and self.game.blocks[bid].side == side:
                if s.activation is not None and bid == s.activation.block:
                    return bid
                found = bid
        return found

    def available_forces(self, side: Side) -> list[str]:
        """Forces that may still start an impulse this turn: not used, on the map or
        entering now (7.1.1), and with a block left."""
        g, s = self.game, self.state
        out = []
        for force in g.side_forces(side):
            if force.id in s.used_forces:
                continue
            if force.entry is not None and force.entry.turn > s.turn:
                continue
            if all(s.blocks[b].eliminated for b in force.blocks):
                continue
            out.append(force.id)
        return out

    def command_limit(self, force: str) -> int:
        """Blocks an impulse may activate (7.1.1, 7.2.1): 3 without its platoon leader on
        the map, 7 with the leader within 6 EP of the commander and the command post
        deployed, else 5."""
        g, s = self.game, self.state
        info = g.forces[force]
        leader = info.leader
        if leader is None or force in s.eliminated_leaders or not s.blocks[leader].on_map:
            return 3
        commander, post = g.commander[info.side], g.command_post[info.side]
        if commander and post and s.blocks[commander].on_map and s.blocks[post].on_map:
            d = ep_within(
                g.battlefield,
                s.blocks[leader].location or "",
                s.blocks[commander].location or "",
                COMMAND_RANGE_EP,
            )
            if d is not None:
                return 7
        return 5

    def observation(self, side: Side) -> dict[str, Any]:
        """What `side` knows (4.3.2.2, fog of war): its own blocks in full; enemy blocks on
        the map as upright blocks at their locations, with what they are only once revealed;
        enemy blocks off the map (mounted, reinforcements to come) not at all. An enemy in an
        underground insert `side` does not have is not shown (8.1.10)."""
        g, s = self.game, self.state
        blocks: dict[str, dict[str, Any]] = {}
        for bid, b in s.blocks.items():
            info = g.blocks[bid]
            if info.side == side:
                blocks[bid] = {
                    "side": side.value,
                    "type": "dummy" if info.dummy else info.type.value,
                    "location": b.location,
                    "losses": b.losses,
                    "revealed": b.revealed,
                    "activated": b.activated,
                    "reaction": b.reaction,
                    "completed": b.completed,
                    "mounted_in": b.mounted_in,
                    "eliminated": b.eliminated,
                }
            elif b.on_map and b.location and self._visible_layer(side, b.location):
                seen: dict[str, Any] = {
                    "side": info.side.value,
                    "location": b.location,
                    "revealed": b.revealed,
                }
                if b.revealed:
                    seen.update(
                        type=info.type.value,
                        losses=b.losses,
                        activated=b.activated,
                        reaction=b.reaction,
                        completed=b.completed,
                    )
                # hidden enemy blocks are anonymous: their ids would tell what they are (two
                # may share a location while one passes over the other, 8.1.1)
                key = bid if b.revealed else f"hidden@{b.location}"
                while key in blocks:
                    key += "+"
                blocks[key] = seen
        pending = None
        if s.pending:
            p = s.pending[-1]
            pending = {"kind": type(p).__name__, "decider": self.pending_decider(p).value}
        return {
            "turn": s.turn,
            "phase": s.phase.value,
            "active": s.active.value,
            "decider": None if self.decider is None else self.decider.value,
            "initiative": s.initiative.value,
            "impulse": None if s.impulse is None else {"force": s.impulse.force, "limit": s.impulse.limit},
            "activation": None
            if s.activation is None
            else s.activation.block
            if self.game.blocks[s.activation.block].side == side
            else (s.blocks[s.activation.block].location),
            "pending": pending,
            "wrecks": sorted(s.wrecks),
            "blocks": blocks,
        }

    def _visible_layer(self, side: Side, location: str) -> bool:
        layer = self.game.battlefield.location(location).layer
        return layer == "surface" or side in self.game.insert_known_by.get(layer, frozenset())

    def sees(self, a: str, b: str) -> bool:
        """LOS now: the static table, then wrecks, which only ever add obstacles (5.2.4.5)."""
        bf = self.game.battlefield
        if not bf.los_table.clear(a, b):
            return False
        wrecks = self.state.wrecks
        if not wrecks or not self._wreck_near(a, b):
            return True
        # wrecks only ever appear: the exact answers hold until the next one does
        if self._wreck_los_count != len(wrecks):
            self._wreck_los, self._wreck_los_count = {}, len(wrecks)
        key = (a, b)
        seen = self._wreck_los.get(key)
        if seen is None:
            seen = self._wreck_los[key] = los(bf, a, b, Dynamic(wrecks=frozenset(wrecks))).clear
        return seen

    def _wreck_near(self, a: str, b: str) -> bool:
        """Whether a wreck stands within a hex of the line a-b: only then can it block it."""
        bf = self.game.battlefield
        la, lb = bf.location(a), bf.location(b)
        if la.layer != lb.layer:
            return False
        (ax, ay), (bx, by) = la.centre, lb.centre
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy or 1e-9
        reach = bf.hex_size.get(la.layer, 10.0) * 2
        for w in self.state.wrecks:
            lw = bf.location(w)
            if lw.layer != la.layer:
                continue
            wx, wy = lw.centre
            t = max(0.0, min(1.0, ((wx - ax) * dx + (wy - ay) * dy) / length2))
            px, py = ax + t * dx - wx, ay + t * dy - wy
            if px * px + py * py <= reach * reach:
                return True
        return False

    def ep(self, a: str, b: str, limit: int) -> int | None:
        return ep_within(self.game.battlefield, a, b, limit)

    # -- legal actions -------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Everything the decider may do now. While it is worked out the state stands still,
        so situation summaries (enemy locations, climbing helpers) are worked out once."""
        key = self._fingerprint()
        if self._legal is not None and self._legal[0] == key:
            return list(self._legal[1])
        self._memo = {}
        try:
            actions = self._legal_actions()
        finally:
            self._memo = None
        self._legal = (key, actions)
        return list(actions)

    def _fingerprint(self) -> tuple[object, ...]:
        """Everything legal actions depend on, as values: a bot asks for them, then `apply`
        checks its choice against them; the second time is a lookup. Built from the state
        itself, not a counter, so tests that place blocks by hand stay correct."""
        s = self.state
        act, imp = s.activation, s.impulse
        return (
            s.turn,
            s.phase,
            s.active,
            s.passes,
            None if imp is None else (imp.force, imp.limit, len(imp.activated)),
            None if act is None else (act.block, act.spent, act.unseen, act.acted_at, len(act.path)),
            repr(s.pending) if s.pending else None,
            len(s.used_forces),
            len(s.wrecks),
            tuple(
                (b.location, b.losses, b.revealed, b.activated, b.reaction, b.completed, b.eliminated)
                for b in s.blocks.values()
            ),
        )

    def _legal_actions(self) -> list[Action]:
        s = self.state
        if s.phase == Phase.over:
            return []
        if s.pending:
            return self.pending_actions(s.pending[-1])
        if s.phase == Phase.setup:
            taken = self.occupied()
            actions: list[Action] = []
            for block in self.to_deploy(s.active):
                area = self.game.deployment_area(block)
                actions.extend(Deploy(block, loc) for loc in area if loc not in taken)
            return actions
        if s.activation is not None:
            return self._activation_actions()
        if s.impulse is not None:
            return self._impulse_actions()
        starts: list[Action] = [StartImpulse(f) for f in self.available_forces(s.active)]
        return [*starts, Pass()]

    def _impulse_actions(self) -> list[Action]:
        """Activate another block of the force while the limit allows (7.1.1), bring on a
        reinforcement, or end the impulse."""
        g, s = self.game, self.state
        assert s.impulse is not None
        actions: list[Action] = []
        force = g.forces[s.impulse.force]
        if len(s.impulse.activated) < s.impulse.limit:
            taken = self.occupied()
            for bid in force.blocks:
                blk = s.blocks[bid]
                if bid in s.impulse.activated or blk.activated or blk.completed or blk.eliminated:
                    continue
                if blk.on_map:
                    actions.append(Activate(bid))
                elif force.entry is not None and blk.mounted_in is None:
                    actions.extend(Enter(bid, hex_) for hex_ in force.entry.hexes if hex_ not in taken)
        actions.append(EndImpulse())
        return actions

    def mover(self, block: str) -> Mover:
        profile = self.game.blocks[block].profile
        return Mover(Unit.vehicle if self.game.blocks[block].vehicle else Unit.foot, profile.ladder)

    def dynamic(self, side: Side) -> Dynamic:
        """What the battlefield needs to know of the situation for `side`'s moves: friendly
        vehicles and ladder blocks to climb over (8.1.6, 8.1.7), barricades and IED/UXO
        counters (5.2.3)."""
        memo = self._memo
        if memo is not None:
            if ("dynamic", side) not in memo:
                memo[("dynamic", side)] = self._dynamic(side)
            return cast(Dynamic, memo[("dynamic", side)])
        return self._dynamic(side)

    def _dynamic(self, side: Side) -> Dynamic:
        g, s = self.game, self.state
        helpers = frozenset(
            b.location
            for bid, b in s.blocks.items()
            if b.on_map
            and b.location
            and g.blocks[bid].side == side
            and not g.blocks[bid].dummy
            and (g.blocks[bid].type in CLIMBABLE or g.blocks[bid].profile.ladder)
        )
        return Dynamic(helpers=helpers, barricades=self._barricades, impassable=self._impassable)

    def fire_and_move(self, block: str) -> bool:
        """Armoured vehicles and tanks may move, fire, then move on within 6 MP (8.1.15)."""
        info = self.game.blocks[block]
        return info.vehicle and info.profile.protection != Protection.soft

    def _budget(self, act: Activation, unseen: bool, underground: bool) -> int:
        """3 / 6 MP with an action (before or after it: a foot block that has moved and then
        acted moves no more); 6 / 12 moving only; 9 / 18 if the whole move stays out of
        enemy sight, except at night and underground (7.1.2, 8.1, 8.1.13, 9.1)."""
        unit = self.mover(act.block).unit
        if act.acted_at is not None:
            if act.acted_at > 0 and not self.fire_and_move(act.block):
                return act.spent
            return WITH_ACTION[unit]
        night = self.state.turn in self.game.scenario.night_turns
        if unseen and not night and not underground:
            return OUT_OF_SIGHT[unit]
        return MOVE_ONLY[unit]

    def seen_by_enemy(self, side: Side, location: str) -> bool:
        """Whether any enemy block on the map has `location` in its line of sight."""
        return any(self.sees(location, there) for there in self.enemy_locations(side))

    def enemy_locations(self, side: Side) -> set[str]:
        memo = self._memo
        if memo is not None and ("enemies", side) in memo:
            return cast(set[str], memo[("enemies", side)])
        g = self.game
        found = {
            b.location
            for bid, b in self.state.blocks.items()
            if b.on_map and b.location and g.blocks[bid].side != side
        }
        if memo is not None:
            memo[("enemies", side)] = found
        return found

    def _activation_actions(self) -> list[Action]:
        g, s = self.game, self.state
        act = s.activation
        assert act is not None
        block = s.blocks[act.block]
        side = g.blocks[act.block].side
        here = block.location or ""
        bf = g.battlefield
        mover = self.mover(act.block)
        dyn = self.dynamic(side)
        enemy_at = self.enemy_locations(side)
        others = self._others_at(act.block)
        actions: list[Action] = []
        seen_cache: dict[str, bool] = {}
        for step in bf.out[bf.location(here).index]:
            cost = step_cost(bf, step, mover, dyn)
            if cost is None:
                continue
            dest = bf.locations[step.dst]
            if dest.id in enemy_at:
                continue  # an enemy's location is taken by assault, not by moving (8.2.8)
            if act.unseen:
                if dest.id not in seen_cache:
                    seen_cache[dest.id] = self.seen_by_enemy(side, dest.id)
                unseen = not seen_cache[dest.id]
            else:
                unseen = False
            underground = dest.kind == LocKind.underground or any(
                bf.location(p).kind == LocKind.underground for p in act.path
            )
            budget = self._budget(act, unseen, underground)
            if act.spent + cost > budget:
                continue
            if dest.id in others and not self._can_leave(
                act.block, dest.index, act.spent + cost, budget, unseen
            ):
                continue  # it could not end its move: no stacking at the end (8.1.1)
            actions.append(Move(dest.id))
        if act.acted_at is None and act.spent <= WITH_ACTION[mover.unit] and here not in others:
            actions.extend(self.action_choices(act.block))
        if here not in others:
            actions.append(EndActivation())  # one block per location (8.1.1)
        return sorted(set(actions), key=lambda a: str(a))

    def _can_leave(self, block: str, start: int, spent: int, budget: int, unseen: bool) -> bool:
        """Whether a block passing over a friendly one (8.1.1) can still reach a free
        location with the MP it has left. A move that needs the out-of-sight budget must
        stay out of sight; beyond the move-only budget, it may not be seen again."""
        g = self.game
        bf = g.battlefield
        side = g.blocks[block].side
        mover, dyn = self.mover(block), self.dynamic(side)
        taken = self._others_at(block)
        enemy_at = self.enemy_locations(side)
        move_only = MOVE_ONLY[mover.unit]
        best = {start: spent}
        frontier = [start]
        while frontier:
            i = frontier.pop()
            for step in bf.out[i]:
                cost = step_cost(bf, step, mover, dyn)
                if cost is None:
                    continue
                total = best[i] + cost
                dest = bf.locations[step.dst]
                if total > budget or dest.id in enemy_at:
                    continue
                if total > move_only and not (unseen and not self.seen_by_enemy(side, dest.id)):
                    continue
                if dest.id not in taken:
                    return True
                if total < best.get(step.dst, budget + 1):
                    best[step.dst] = total
                    frontier.append(step.dst)
        return False

    def _others_at(self, block: str) -> set[str]:
        return {
            b.location for bid, b in self.state.blocks.items() if b.on_map and bid != block and b.location
        }

    def close(self, a: str, b: str) -> bool:
        """Within 3 EP and in line of sight: in contact (2.3, 3.1.1, 8.1.12)."""
        return self.ep(a, b, CONTACT_EP) is not None and self.sees(a, b)

    def _contact(self, block: str) -> None:
        """8.1.12: a block within 3 EP of an enemy block and in its line of sight, or in the
        same room, is in contact: both are revealed. A dummy revealed is removed (5.2.1)."""
        g, s = self.game, self.state
        bf = g.battlefield
        me = s.blocks[block]
        here = bf.location(me.location or "")
        side = g.blocks[block].side
        for bid, other_block in s.blocks.items():
            if not other_block.on_map or g.blocks[bid].side == side or other_block.location is None:
                continue
            there = bf.location(other_block.location)
            same_room = (
                here.interior
                and there.interior
                and here.room == there.room
                and here.building == there.building
            )
            if same_room or self.close(here.id, there.id):
                me.revealed = True
                self.reveal(bid)

    # -- fights (fight.py) -----------------------------------------------------------------
    def action_choices(self, block: str) -> list[Action]:
        return fight.action_choices(self, block)

    def pending_actions(self, p: Fight | Opportunity | Withdrawal | AdvanceChoice) -> list[Action]:
        return fight.pending_actions(self, p)

    def apply_action(self, action: Fire | Assault | Scout) -> None:
        fight.apply_action(self, action)

    def apply_pending(self, action: Action) -> None:
        fight.apply_pending(self, action)

    def offer_opportunity(self, block: str, location: str) -> None:
        fight.offer_opportunity(self, block, location)

    def reveal(self, block: str) -> None:
        """Lay a block flat (4.3.2.2); a dummy revealed is removed from the game (5.2.1)."""
        if self.game.blocks[block].dummy:
            fight.remove(self, block)
        else:
            self.state.blocks[block].revealed = True

    # -- applying ------------------------------------------------------------------------
    def roll(self) -> int:
        """A d10, 0-9, written into the log entry of the action being applied."""
        r = self.rng.randrange(10)
        self._rolls.append(r)
        return r

    def apply(self, action: Action) -> None:
        if action not in self.legal_actions():
            raise IllegalAction(f"{action} is not legal now ({self.state.phase}, {self.decider} to decide)")
        entry = action_to_json(action)
        self.log.append(entry)
        self._rolls = []
        self._apply(action)
        if self._rolls:
            entry["rolls"] = self._rolls

    def _apply(self, action: Action) -> None:
        s = self.state
        if s.pending:
            self.apply_pending(action)
        elif isinstance(action, Deploy):
            s.blocks[action.block].location = action.location
            if not self.game.blocks[action.block].dummy:
                s.control[action.location] = self.side_of(action.block)
            self._advance_setup()
        elif isinstance(action, StartImpulse):
            s.passes = 0
            s.used_forces.add(action.force)
            s.impulse = Impulse(action.force, self.command_limit(action.force))
        elif isinstance(action, EndImpulse):
            s.impulse = None
            s.active = other(s.active)
        elif isinstance(action, Activate):
            assert s.impulse is not None
            s.impulse.activated.append(action.block)
            here = s.blocks[action.block].location or ""
            side = self.side_of(action.block)
            s.activation = Activation(action.block, 0, not self.seen_by_enemy(side, here), [here])
        elif isinstance(action, Enter):
            self._enter(action)
        elif isinstance(action, Move):
            self._move(action.location)
        elif isinstance(action, (Fire, Assault, Scout)):
            self.apply_action(action)
        elif isinstance(action, EndActivation):
            self.end_activation()
        elif isinstance(action, Pass):
            s.passes += 1
            if s.passes >= 2:
                self._end_turn()
            else:
                s.active = other(s.active)

    def _enter(self, action: Enter) -> None:
        """8.1: a block entering the map begins its move in the first hex it enters (and so
        may draw an opportunity fire there)."""
        s = self.state
        assert s.impulse is not None
        s.impulse.activated.append(action.block)
        block = s.blocks[action.block]
        block.location = action.location
        bf = self.game.battlefield
        terrain = bf.location(action.location).terrain
        cost = 1
        if terrain:
            row = bf.chart.hexes[terrain]
            cost = (row.vehicle if self.mover(action.block).unit == Unit.vehicle else row.foot) or 1
        side = self.side_of(action.block)
        s.activation = Activation(
            action.block, cost, not self.seen_by_enemy(side, action.location), [action.location]
        )
        self._entered(action.block, action.location)

    def _move(self, location: str) -> None:
        s = self.state
        act = s.activation
        assert act is not None
        bf = self.game.battlefield
        side = self.side_of(act.block)
        here = s.blocks[act.block].location or ""
        mover, dyn = self.mover(act.block), self.dynamic(side)
        costs = [
            c
            for st in bf.out[bf.location(here).index]
            if bf.locations[st.dst].id == location and (c := step_cost(bf, st, mover, dyn)) is not None
        ]
        act.spent += min(costs)  # several ways across (a door, a wall): the cheapest
        act.unseen = act.unseen and not self.seen_by_enemy(side, location)
        act.path.append(location)
        s.blocks[act.block].location = location
        self._entered(act.block, location)

    def _entered(self, block: str, location: str) -> None:
        """A block has entered a location: it controls it (2.3), contact reveals (8.1.12),
        and the enemy may fire on it there (8.3.1)."""
        self.state.control[location] = self.side_of(block)
        self._contact(block)
        self.offer_opportunity(block, location)

    def end_activation(self) -> None:
        """Activated marker, or Completed if it has reacted already (4.3.3)."""
        s = self.state
        act = s.activation
        assert act is not None
        if not s.blocks[act.block].eliminated:
            fight.mark_activated(self, act.block)
        s.activation = None

    def _advance_setup(self) -> None:
        """Green deploys, then red; then the first turn's impulses begin."""
        s = self.state
        if s.phase != Phase.setup:
            return
        for side in (Side.green, Side.red):
            if self.to_deploy(side) and self._can_deploy(side):
                s.active = side
                return
        s.phase = Phase.impulses
        s.active = s.initiative

    def _can_deploy(self, side: Side) -> bool:
        taken = self.occupied()
        return any(
            loc not in taken for block in self.to_deploy(side) for loc in self.game.deployment_area(block)
        )

    def _end_turn(self) -> None:
        """Final phase (3.1.5), then the next turn's initial phase (3.1.1)."""
        s = self.state
        for block in s.blocks.values():
            block.activated = block.reaction = block.completed = False
        s.used_forces.clear()
        s.impulse = None
        s.passes = 0
        if s.turn >= self.game.scenario.turns:
            s.phase = Phase.over
            return
        s.turn += 1
        self._initial_phase()

    def _initial_phase(self) -> None:
        """3.1.1 in order. Population movement, IED/UXO and wreck checks, events, 3D actions
        and order-of-battle reorganisation are the next rules issue's; they slot in here,
        between hiding blocks and determining the initiative."""
        self._hide_revealed_blocks()
        s = self.state
        s.initiative = self.game.initiative(s.turn)
        s.active = s.initiative

    def _hide_revealed_blocks(self) -> None:
        """3.1.1: revealed blocks are turned up again, except those in contact: within the
        LOS of an enemy block 1 to 3 EP away."""
        g, s = self.game, self.state
        on_map = {bid: b for bid, b in s.blocks.items() if b.on_map}
        for bid, block in on_map.items():
            if not block.revealed:
                continue
            here = block.location or ""
            if not any(self.close(here, there) for there in self.enemy_locations(g.blocks[bid].side)):
                block.revealed = False


def replay(game: Game, seed: int, log: list[dict[str, Any]]) -> Play:
    """Re-run a log from the scenario: the same seed and actions give the same state.
    IllegalAction or ValueError name the entry that does not fit; ReplayMismatch says the
    dice differ from those recorded."""
    play = Play(game, seed)
    for i, entry in enumerate(log):
        try:
            action = action_from_json(entry)
        except ValueError as exc:
            raise ValueError(f"action {i}: {exc}") from None
        try:
            play.apply(action)
        except IllegalAction as exc:
            raise IllegalAction(f"action {i}: {exc}") from None
        if "rolls" in entry and play.log[-1].get("rolls", []) != entry["rolls"]:
            raise ReplayMismatch(
                f"action {i}: rolled {play.log[-1].get('rolls', [])}, the log says {entry['rolls']}"
            )
    return play
