"""Playing a game: legal actions, applying them, the log, replay.

`legal_actions()` is the single source of truth; `apply()` raises `IllegalAction` for
anything else. Chance is one seeded RNG per game; the log holds every action (and, as
the rules that roll dice arrive, every roll), so replaying it from the scenario gives the
same state.

Implemented so far (issue 5, in progress): set-up of the blocks the scenario leaves to the
players, the sequence of play of impulses (3.1.3-3.1.5), the command limit of an impulse
(7.1.1, 7.2.1), activating blocks and moving them (8.1: budgets, out-of-sight moves,
crossing rules through the battlefield, one block per location, contact and reveal,
reinforcements entering), the final phase and the hiding of revealed blocks (3.1.1).
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass
from typing import Any

from ...battlefield import Dynamic, LocKind
from ...battlefield.los import sees
from ...battlefield.movement import Mover, Unit, ep_distance, step_cost
from ...model.cards import BlockType
from ...model.scenario import CounterKind, Side
from .game import Game
from .state import Activation, BlockState, Impulse, Phase, State

COMMAND_RANGE_EP = 6  # 7.2
CONTACT_EP = 3  # 2.3, 8.1.12
#: MP of an activation (7.1.2, 8.1): moving only, and entirely out of enemy sight
MOVE_ONLY = {Unit.foot: 6, Unit.vehicle: 12}
OUT_OF_SIGHT = {Unit.foot: 9, Unit.vehicle: 18}
#: blocks a foot block climbs over to cross an outer wall or reach a roof (8.1.6, 8.1.7)
CLIMBABLE = frozenset({BlockType.apc, BlockType.mbt})


class IllegalAction(Exception):
    """An action `legal_actions()` does not offer, with the reason."""


# --- actions ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Deploy:
    """Set up a block the scenario leaves to its player, in its force's deployment area."""

    block: str
    location: str


@dataclass(frozen=True)
class StartImpulse:
    """Activate an impulse force for this impulse (3.2)."""

    force: str


@dataclass(frozen=True)
class EndImpulse:
    pass


@dataclass(frozen=True)
class Activate:
    """Activate a block of the impulse force (7.1.2)."""

    block: str


@dataclass(frozen=True)
class Enter:
    """Bring a reinforcement block onto the map at one of its entry hexes (7.1.1, 8.1)."""

    block: str
    location: str


@dataclass(frozen=True)
class Move:
    """Move the active block into an adjacent location (8.1)."""

    location: str


@dataclass(frozen=True)
class EndActivation:
    pass


@dataclass(frozen=True)
class Pass:
    """Pass the impulse (3.1.3): two passes in a row end the turn."""


Action = Deploy | StartImpulse | EndImpulse | Pass | Activate | Enter | Move | EndActivation
ACTIONS: dict[str, type[Action]] = {
    cls.__name__: cls
    for cls in (Deploy, StartImpulse, EndImpulse, Pass, Activate, Enter, Move, EndActivation)
}


def action_to_json(action: Action) -> dict[str, Any]:
    return {"action": type(action).__name__, **asdict(action)}


def action_from_json(data: dict[str, Any]) -> Action:
    fields = {k: v for k, v in data.items() if k != "action"}
    return ACTIONS[data["action"]](**fields)


# --- the game under way ---------------------------------------------------------------------


def other(side: Side) -> Side:
    return Side.red if side == Side.green else Side.green


class Play:
    def __init__(self, game: Game, seed: int):
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)
        self.log: list[dict[str, Any]] = []
        blocks = {}
        for info in game.blocks.values():
            entering = game.forces[info.force].entry is not None
            blocks[info.id] = BlockState(
                location=None if entering or info.mounted_in else info.start,
                revealed=not info.hidden,
                mounted_in=info.mounted_in,
            )
        first = game.initiative(1)
        self.state = State(turn=1, phase=Phase.setup, active=Side.green, initiative=first, blocks=blocks)
        self._advance_setup()

    # -- queries -------------------------------------------------------------------------
    @property
    def decider(self) -> Side | None:
        return None if self.state.phase == Phase.over else self.state.active

    def to_deploy(self, side: Side) -> list[str]:
        """Blocks of `side` the scenario leaves to be set up by their player."""
        g, s = self.game, self.state
        return [
            b.id
            for b in g.blocks.values()
            if b.side == side
            and b.start is None
            and b.mounted_in is None
            and g.forces[b.force].entry is None
            and s.blocks[b.id].location is None
            and not s.blocks[b.id].eliminated
        ]

    def occupied(self) -> set[str]:
        return {b.location for b in self.state.blocks.values() if b.on_map and b.location}

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
            d = ep_distance(
                g.battlefield, s.blocks[leader].location or "", s.blocks[commander].location or ""
            )
            if d is not None and d <= COMMAND_RANGE_EP:
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
                    "type": info.type.value,
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
                    seen.update(type=info.type.value, losses=b.losses)
                # hidden enemy blocks are anonymous: their ids would tell what they are (two
                # may share a location while one passes over the other, 8.1.1)
                key = bid if b.revealed else f"hidden@{b.location}"
                while key in blocks:
                    key += "+"
                blocks[key] = seen
        return {
            "turn": s.turn,
            "phase": s.phase.value,
            "active": s.active.value,
            "initiative": s.initiative.value,
            "impulse": None if s.impulse is None else {"force": s.impulse.force, "limit": s.impulse.limit},
            "blocks": blocks,
        }

    def _visible_layer(self, side: Side, location: str) -> bool:
        layer = self.game.battlefield.location(location).layer
        return layer == "surface" or side in self.game.insert_known_by.get(layer, frozenset())

    def legal_actions(self) -> list[Action]:
        s = self.state
        if s.phase == Phase.over:
            return []
        if s.phase == Phase.setup:
            taken = self.occupied()
            actions: list[Action] = []
            for block in self.to_deploy(s.active):
                area = self.game.forces[self.game.blocks[block].force].deployment
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

    def _dynamic(self, side: Side) -> Dynamic:
        """What the battlefield needs to know of the situation for `side`'s moves: friendly
        vehicles and ladder blocks to climb over (8.1.6, 8.1.7), barricades and IED/UXO
        counters (5.2.3)."""
        g, s = self.game, self.state
        helpers = frozenset(
            b.location
            for bid, b in s.blocks.items()
            if b.on_map
            and b.location
            and g.blocks[bid].side == side
            and (g.blocks[bid].type in CLIMBABLE or g.blocks[bid].profile.ladder)
        )
        counters = g.scenario.no_mans_land
        return Dynamic(
            helpers=helpers,
            barricades=frozenset(c.at for c in counters if c.kind == CounterKind.barricade),
            impassable=frozenset(c.at for c in counters if c.kind == CounterKind.ied_uxo),
        )

    def _budget(self, block: str, unseen: bool, underground: bool) -> int:
        """6 / 12 MP moving only; 9 / 18 if the whole move stays out of enemy sight, except
        at night and underground (8.1, 8.1.13, 9.1)."""
        unit = self.mover(block).unit
        night = self.state.turn in self.game.scenario.night_turns
        if unseen and not night and not underground:
            return OUT_OF_SIGHT[unit]
        return MOVE_ONLY[unit]

    def seen_by_enemy(self, side: Side, location: str) -> bool:
        """Whether any enemy block on the map has `location` in its line of sight."""
        g, s = self.game, self.state
        return any(
            g.blocks[bid].side != side and b.location and sees(g.battlefield, location, b.location)
            for bid, b in s.blocks.items()
            if b.on_map
        )

    def _activation_actions(self) -> list[Action]:
        g, s = self.game, self.state
        act = s.activation
        assert act is not None
        block = s.blocks[act.block]
        side = g.blocks[act.block].side
        here = block.location or ""
        bf = g.battlefield
        mover = self.mover(act.block)
        dyn = self._dynamic(side)
        enemy_at = {b.location for bid, b in s.blocks.items() if b.on_map and g.blocks[bid].side != side}
        actions: list[Action] = []
        for step in bf.out[bf.location(here).index]:
            cost = step_cost(bf, step, mover, dyn)
            if cost is None:
                continue
            dest = bf.locations[step.dst]
            if dest.id in enemy_at:
                continue  # an enemy's location is taken by assault, not by moving (8.2.8)
            unseen = act.unseen and not self.seen_by_enemy(side, dest.id)
            underground = dest.kind == LocKind.underground or any(
                bf.location(p).kind == LocKind.underground for p in act.path
            )
            budget = self._budget(act.block, unseen, underground)
            if act.spent + cost > budget:
                continue
            if dest.id in self._others_at(act.block) and not self._can_leave(
                act.block, dest.index, act.spent + cost, budget, unseen
            ):
                continue  # it could not end its move: no stacking at the end (8.1.1)
            actions.append(Move(dest.id))
        if here not in self._others_at(act.block):
            actions.append(EndActivation())  # one block per location (8.1.1)
        return sorted(set(actions), key=lambda a: str(a))

    def _can_leave(self, block: str, start: int, spent: int, budget: int, unseen: bool) -> bool:
        """Whether a block passing over a friendly one (8.1.1) can still reach a free
        location with the MP it has left. A move that needs the out-of-sight budget must
        stay out of sight; beyond the move-only budget, it may not be seen again."""
        g, s = self.game, self.state
        bf = g.battlefield
        side = g.blocks[block].side
        mover, dyn = self.mover(block), self._dynamic(side)
        taken = self._others_at(block)
        enemy_at = {b.location for bid, b in s.blocks.items() if b.on_map and g.blocks[bid].side != side}
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

    def _contact(self, block: str) -> None:
        """8.1.12: a block within 3 EP of an enemy block and in its line of sight, or in the
        same room, is in contact: both are revealed."""
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
            close = sees(bf, here.id, there.id) and (ep_distance(bf, here.id, there.id) or 99) <= CONTACT_EP
            if same_room or close:
                me.revealed = other_block.revealed = True

    # -- applying ------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        if action not in self.legal_actions():
            raise IllegalAction(
                f"{action} is not legal now ({self.state.phase}, {self.state.active} to decide)"
            )
        self.log.append(action_to_json(action))
        s = self.state
        if isinstance(action, Deploy):
            s.blocks[action.block].location = action.location
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
            side = self.game.blocks[action.block].side
            s.activation = Activation(action.block, 0, not self.seen_by_enemy(side, here), [here])
        elif isinstance(action, Enter):
            # 8.1: a block entering the map begins its move in the first hex it enters
            assert s.impulse is not None
            s.impulse.activated.append(action.block)
            block = s.blocks[action.block]
            block.location = action.location
            terrain = self.game.battlefield.location(action.location).terrain
            mover = self.mover(action.block)
            cost = self.game.battlefield.chart.hexes[terrain].foot if terrain else 1
            if mover.unit == Unit.vehicle and terrain:
                cost = self.game.battlefield.chart.hexes[terrain].vehicle
            side = self.game.blocks[action.block].side
            s.activation = Activation(
                action.block, cost or 1, not self.seen_by_enemy(side, action.location), [action.location]
            )
            self._contact(action.block)
        elif isinstance(action, Move):
            act = s.activation
            assert act is not None
            bf = self.game.battlefield
            side = self.game.blocks[act.block].side
            here = s.blocks[act.block].location or ""
            mover, dyn = self.mover(act.block), self._dynamic(side)
            costs = [
                c
                for st in bf.out[bf.location(here).index]
                if bf.locations[st.dst].id == action.location
                and (c := step_cost(bf, st, mover, dyn)) is not None
            ]
            cost = min(costs)  # several ways across (a door, a wall): the cheapest
            act.spent += cost
            act.unseen = act.unseen and not self.seen_by_enemy(side, action.location)
            act.path.append(action.location)
            s.blocks[act.block].location = action.location
            self._contact(act.block)
        elif isinstance(action, EndActivation):
            act = s.activation
            assert act is not None
            s.blocks[act.block].activated = True
            s.activation = None
        elif isinstance(action, Pass):
            s.passes += 1
            if s.passes >= 2:
                self._end_turn()
            else:
                s.active = other(s.active)

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
            loc not in taken
            for block in self.to_deploy(side)
            for loc in self.game.forces[self.game.blocks[block].force].deployment
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
        bf = g.battlefield
        on_map = {bid: b for bid, b in s.blocks.items() if b.on_map}
        for bid, block in on_map.items():
            if not block.revealed:
                continue
            side = g.blocks[bid].side
            here = block.location or ""
            in_contact = any(
                g.blocks[eid].side != side
                and sees(bf, here, enemy.location or "")
                and (ep_distance(bf, here, enemy.location or "") or CONTACT_EP + 1) <= CONTACT_EP
                for eid, enemy in on_map.items()
            )
            if not in_contact:
                block.revealed = False


def replay(game: Game, seed: int, log: list[dict[str, Any]]) -> Play:
    """Re-run a log from the scenario: the same seed and actions give the same state."""
    play = Play(game, seed)
    for entry in log:
        play.apply(action_from_json(entry))
    return play
