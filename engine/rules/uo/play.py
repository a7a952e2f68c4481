"""Playing a game: legal actions, applying them, the log, replay.

`legal_actions()` is the single source of truth; `apply()` raises `IllegalAction` for
anything else. Chance is one seeded RNG per game; the log holds every action (and, as
the rules that roll dice arrive, every roll), so replaying it from the scenario gives the
same state.

Implemented so far (issue 5, in progress): set-up of the blocks the scenario leaves to the
players, the sequence of play of impulses (3.1.3-3.1.5), the command limit of an impulse
(7.1.1, 7.2.1), the final phase and the hiding of revealed blocks (3.1.1).
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass
from typing import Any

from ...battlefield.los import sees
from ...battlefield.movement import ep_distance
from ...model.scenario import Side
from .game import Game
from .state import BlockState, Impulse, Phase, State

COMMAND_RANGE_EP = 6  # 7.2
CONTACT_EP = 3  # 2.3, 8.1.12


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
class Pass:
    """Pass the impulse (3.1.3): two passes in a row end the turn."""


Action = Deploy | StartImpulse | EndImpulse | Pass
ACTIONS: dict[str, type[Action]] = {cls.__name__: cls for cls in (Deploy, StartImpulse, EndImpulse, Pass)}


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
        if s.impulse is not None:
            return [EndImpulse()]
        starts: list[Action] = [StartImpulse(f) for f in self.available_forces(s.active)]
        return [*starts, Pass()]

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
