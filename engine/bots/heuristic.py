"""A bot that plays by rules of thumb, seeing only what its side may see.

What it reads: `play.legal_actions()`; `play.observation(side)` (fog of war: enemy blocks
are upright blocks at their locations until revealed); the static map and scenario
(`knowledge.py`: MP and EP distances, LOS, victory conditions); its own blocks' unit
cards, and a revealed enemy block's card (its armament is shown when it fires, 8.2.7.1);
the last Fire, Assault or OpportunityFire entry of `play.log`, the public declaration of
the fight under way (8.2.7.1: firer, target and armament are shown). From the state it
reads only its own active block's MP spent, and the engine's weapons effect reckoning
(`effects.hits`) is asked about its own shots, which reach only its own blocks. It never
reads the state of an enemy block. Control (2.3) it keeps itself, from what it has seen.

Strategy:

- Posture: a side holding less than half of what it scores for at the start attacks; the
  other holds (its blocks keep their posts, and walk at most HOLD_REACH MP to a goal).
- Goals: the locations its side scores for holding, then those the enemy scores for (to
  deny them), roofs when the enemy is on them. A block heads for the nearest goal not yet
  its side's (MP fields cached per map; vehicles for the streets around a building);
  goals on the way are taken in passing (the last side through holds a location). A goal
  held by armour is left to blocks that can hurt it. Platoon leaders follow a few MP
  behind their blocks, the commander within command range of its own platoon leader
  (7 activations, 7.2.1); command posts, logistics and observers stay put.
- Moving: a Dijkstra over the block's MP (9 out of sight, 8.1.13), on MP plus the risk of
  opportunity fire (enemies who may still react and see the location; ten times as much
  for a block the enemy scores for destroying, such as armour); the end scoring
  best on progress, exposure and the goal's worth, then followed step by step (planned
  again if a step turns out illegal: a location found closed is avoided afterwards).
  Caution fades as the last turn nears.
- Fighting: the expected OSL exchange of a fire or an assault from both firepowers with
  their modifiers and the chance and critical hit tables (`knowledge.exchange`), weighted
  by what the blocks are worth (leaders, what the scenario wants destroyed, a block about
  to go) and what the location is worth (victory points), less the weapons effect on our
  own blocks. A hidden enemy is taken for the average of its side's order of battle (public
  in the scenario) less the blocks standing revealed elsewhere, dummies included, vehicles
  only where a vehicle can stand: the RPG and the tank as likely as the rifles. A fire at
  the holder of a goal is worth the chance of clearing it too: eliminated, or withdrawn
  (8.3.2), which a defender may choose whatever the odds. Fire only with a clear LOS (a
  blocked fire wastes the activation). A block near an enemy holding one of its goals
  closes in (3 MP on foot) and strikes; on the move it fires only at a very good target.
- Under fire: the best of return fire, covering fire, withdrawal (the table's losses, the
  location given up, and the rest of the move if it is the moving block) and losses.
- Impulses: start the force with the most to do, activate its blocks most useful first
  (leaders and commander when out of command), end the impulse when the rest have
  nothing to do, pass when no force has. On the last turn, a side that would win as
  things stand passes first and keeps its forces to answer.
"""

from __future__ import annotations

import heapq
import random
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..battlefield import Dynamic, StepKind
from ..battlefield.los import los
from ..battlefield.movement import Mover, Unit, step_cost
from ..model.cards import LONG_SCOUTING_TYPES, BlockType, Protection, Weapon
from ..model.scenario import CounterKind, Quality, Side
from ..rules.uo import effects
from ..rules.uo.combat import can_hit, weapon_firepower
from ..rules.uo.state import other
from .base import kind
from .knowledge import (
    UNREACHABLE,
    MapKnowledge,
    best_fp,
    knowledge,
)

if TYPE_CHECKING:
    from ..rules.uo.game import BlockInfo, Game
    from ..rules.uo.play import Play

#: MP of an activation (7.1.2): moving only, and with an action (before or after it)
MOVE_ONLY = {Unit.foot: 6, Unit.vehicle: 12}
OUT_OF_SIGHT = {Unit.foot: 9, Unit.vehicle: 18}
WITH_ACTION = {Unit.foot: 3, Unit.vehicle: 6}

REPLY_KINDS = frozenset({"ReturnFire", "CoverFire", "Withdraw", "TakeLosses"})
OPPORTUNITY_KINDS = frozenset({"OpportunityFire", "OpportunityScout", "HoldFire"})
IMPULSE_KINDS = frozenset({"Activate", "Enter", "EndImpulse"})
FIGHT_ENTRIES = ("Fire", "Assault", "OpportunityFire")

STAY = frozenset({BlockType.command_post, BlockType.logistics, BlockType.jfo})
LEADERS = frozenset({BlockType.platoon_leader, BlockType.commander})
#: MP the leaders keep behind the front
LEADER_LAG = 3
#: no goal left to head for
FAR = 99
#: a defender does not walk farther than this (MP) to a goal: it stays where it is
HOLD_REACH = 18
#: a deny goal (the enemy's objective) counts as this much farther than an own one
DENY_OFFSET = 4
#: MP of progress a point of enemy firepower on the destination is worth
EXPOSURE = {"attack": 0.05, "hold": 0.6, "leader": 0.3, "stay": 1.0}
#: expected value an action must bring to be taken: standing, and with a move to make
FIRE_THRESHOLD = 0.1
FIRE_ON_THE_MOVE = 1.5
#: OSL a victory point is worth
GOAL_WEIGHT = 4.0
#: MP that entering a location under the guns of enemies who may still react costs a mover,
#: per unit of risk (0-3: the firepower of the three strongest, by 5)
RISK = 0.05
#: what ending a move halfway costs, in OSL (a withdrawal under opportunity fire)
TEMPO = 0.5
#: EP within which an enemy block could walk into a goal this turn
THREAT_EP = 6
#: from this caution on (the last turns), an attacker on a threatened goal keeps it
GUARD_CAUTION = 0.5
#: MP a victory point at stake in a location is worth to a block heading there
GOAL_PULL = 3.0
#: a fire at the holder of a goal may clear it: the chance its holder withdraws whatever
#: the odds, and how much an expected elimination adds
EVICT_PRIOR = 0.25
EVICT_KILL = 0.5
#: OSL levels a block nobody has identified is assumed to have left
HIDDEN_LEVELS = 3
#: how much more than others a block the enemy scores for destroying keeps out of harm
PRECIOUS = 2.0
#: RISK for such a block: a critical hit may destroy it whatever the odds (8.2.7.5), so
#: it goes round the guns of enemies who may still react
RISK_PRECIOUS = 0.5
#: how much a block wants activating to move on, by role (vehicles less: they take nothing)
MOVE_INTENT = {"attack": 0.5, "hold": 0.3, "leader": 0.4, "stay": 0.0}


#: a search state: a location's index, and whether the move so far was out of sight
State = tuple[int, bool]


@dataclass
class Enemy:
    key: str
    location: str
    revealed: bool
    info: BlockInfo | None  # once revealed, its unit card is known (8.2.7.1)
    losses: int
    reacted: bool = False  # a revealed block's Reaction or Completed marker (4.3.3)


@dataclass
class Own:
    id: str
    info: BlockInfo
    location: str | None
    losses: int
    activated: bool
    reaction: bool
    completed: bool
    eliminated: bool
    mounted: bool

    @property
    def on_map(self) -> bool:
        return self.location is not None and not self.eliminated


class View:
    """One decision's picture of the game for `side`: its observation, indexed."""

    def __init__(self, play: Play, side: Side, know: MapKnowledge):
        self.play = play
        self.side = side
        self.know = know
        self.game: Game = play.game
        obs = play.observation(side)
        self.obs = obs
        self.turn: int = obs["turn"]
        self.night = self.turn in self.game.scenario.night_turns
        self.wrecks = frozenset(obs.get("wrecks") or ())
        self.own: dict[str, Own] = {}
        self.own_at: dict[str, str] = {}
        self.enemies: list[Enemy] = []
        self.enemy_at: dict[str, Enemy] = {}
        for key, b in obs["blocks"].items():
            if b["side"] == side.value:
                info = self.game.blocks[key]
                own = Own(
                    key,
                    info,
                    b["location"],
                    b.get("losses", 0),
                    bool(b.get("activated")),
                    bool(b.get("reaction")),
                    bool(b.get("completed")),
                    bool(b.get("eliminated")),
                    b.get("mounted_in") is not None,
                )
                self.own[key] = own
                if own.on_map and not info.dummy and own.location:
                    self.own_at.setdefault(own.location, key)
            elif b.get("location"):
                known = self.game.blocks.get(key) if b.get("revealed") else None
                enemy = Enemy(
                    key,
                    b["location"],
                    bool(b.get("revealed")),
                    known,
                    b.get("losses", 0),
                    bool(b.get("reaction") or b.get("completed")),
                )
                self.enemies.append(enemy)
                self.enemy_at.setdefault(enemy.location, enemy)
        act = obs.get("activation")
        self.own_active: str | None = act if act in self.own else None
        self.enemy_active_at: str | None = act if act is not None and act not in self.own else None
        objectives = know.objectives[side]
        self.goals: list[tuple[str, int]] = [(loc, 0) for loc in objectives.hold] + [
            (loc, DENY_OFFSET) for loc in objectives.deny
        ]
        #: roofs: of our buildings, to take back from the enemy; of theirs, to deny them
        self.roofs = frozenset(objectives.roofs)
        self.goals += [(loc, 0) for loc in objectives.roofs]
        self.goals += [(loc, DENY_OFFSET) for loc in objectives.enemy_roofs if loc not in self.roofs]
        self.goal_set = frozenset(loc for loc, _ in self.goals)
        #: how much safety still matters against the clock: 1 early, 0.25 on the last turn
        left = self.game.scenario.turns - self.turn
        self.caution = min(1.0, (left + 1) / 4)
        self._exposure: dict[tuple[str, Protection], float] = {}
        #: who holds each location as far as this side has seen (2.3): set by the bot
        self.control: dict[str, Side] = {}
        self._goal: dict[str, float] = {}
        self._targets: dict[str, set[str]] = {}
        self._goal_fields: dict[str, list[tuple[str, int, list[int]]]] = {}
        self._seen: dict[str, bool] = {}
        self._risk: dict[tuple[str, Protection], float] = {}
        self._search: dict[
            tuple[str, str], tuple[State, dict[State, float], dict[State, int], dict[State, State]]
        ] = {}
        self._prog: dict[str, Callable[[int], float]] = {}
        self._unknown_fp: dict[tuple[int, Protection, bool, bool, bool], float] = {}
        self._vehicle_places: int | None = None  # hidden enemy blocks where a vehicle can stand
        #: enemy blocks standing revealed: a hidden one is none of them
        self.identified = frozenset(e.key for e in self.enemies if e.info is not None)


def _role(info: BlockInfo, side_attacks: bool) -> str:
    if info.type in STAY:
        return "stay"
    if info.type in LEADERS:
        return "leader"
    return "attack" if side_attacks else "hold"


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self._know: MapKnowledge | None = None
        self._active: str | None = None  # own block this bot activated last
        self._plan: list[str] | None = None  # locations still to move through
        self._plan_block: str | None = None
        self._sees: dict[tuple[str, str, frozenset[str]], bool] = {}
        self._avoid: set[str] = set()  # locations found closed to us (hidden counters)
        self._adjacent: dict[str, frozenset[str]] = {}
        self._control: dict[str, Side] = {}
        self._play: Play | None = None
        self._signature: object = None
        self._attacks: bool | None = None
        self._exposure_cache: dict[tuple[str, Protection], float] = {}
        self._seen_cache: dict[str, bool] = {}
        self._risk_cache: dict[tuple[str, Protection], float] = {}

    # -- entry point -----------------------------------------------------------------------
    def choose(self, play: Play, side: Side) -> Any:
        actions = play.legal_actions()
        if not actions:
            raise ValueError(f"{side} has no legal action to choose from")
        if len(actions) == 1:
            return actions[0]
        if self._play is not play:  # a new game
            self._play = play
            self._know = knowledge(play.game)
            self._sees.clear()
            self._avoid.clear()
            self._control.clear()
            self._signature = None
            self._attacks = None
            self._active = self._plan = self._plan_block = None
        assert self._know is not None
        view = View(play, side, self._know)
        self._see_control(view)
        # what depends only on where the enemy stands is kept while it stays put
        signature = (view.night, tuple(sorted((e.location, e.key, e.reacted) for e in view.enemies)))
        if signature != self._signature:
            self._signature = signature
            self._exposure_cache = {}
            self._seen_cache = {}
            self._risk_cache = {}
        view._exposure = self._exposure_cache
        view._risk = self._risk_cache
        view._seen = self._seen_cache
        groups: dict[str, list[Any]] = defaultdict(list)
        for action in actions:
            groups[kind(action)].append(action)
        choice = self._decide(view, groups)
        return choice if choice is not None else self.rng.choice(actions)

    def _decide(self, view: View, groups: dict[str, list[Any]]) -> Any:
        names = groups.keys()
        if "Deploy" in names:
            return self._deploy(view, groups["Deploy"])
        if names & REPLY_KINDS:
            return self._under_fire(view, groups)
        if names & OPPORTUNITY_KINDS:
            return self._opportunity(view, groups)
        if "WithdrawTo" in names:
            return self._withdraw_to(view, groups["WithdrawTo"])
        if "Advance" in names or "StayPut" in names:
            return self._advance(view, groups)
        if "StartImpulse" in names or "Pass" in names:
            return self._start(view, groups)
        if names & IMPULSE_KINDS:
            return self._pick_block(view, groups)
        if names & {"Move", "EndActivation", "Fire", "Assault", "Scout"}:
            return self._activation(view, groups)
        return None

    def _see_control(self, view: View) -> None:
        """Control as this side sees it (2.3): a block present holds a location, and the
        last side seen there keeps it. Our blocks are seen at every step of their moves."""
        enemy = Side.red if view.side == Side.green else Side.green
        for loc in view.enemy_at:
            self._control[loc] = enemy
        for loc in view.own_at:
            self._control[loc] = view.side
        view.control = self._control

    # -- map helpers -----------------------------------------------------------------------
    @property
    def know(self) -> MapKnowledge:
        assert self._know is not None
        return self._know

    def sees(self, view: View, a: str, b: str) -> bool:
        bf = self.know.bf
        if not bf.los_table.clear(a, b):
            return False
        if not view.wrecks:
            return True
        key = (a, b, view.wrecks) if a < b else (b, a, view.wrecks)
        got = self._sees.get(key)
        if got is None:
            got = self._sees[key] = los(bf, a, b, Dynamic(wrecks=view.wrecks)).clear
        return got

    def adjacent(self, location: str) -> frozenset[str]:
        """Where an assault could go from `location` (8.2.8: a way to move between, never by
        a ladder between a roof and the street)."""
        got = self._adjacent.get(location)
        if got is None:
            bf = self.know.bf
            got = self._adjacent[location] = frozenset(
                bf.locations[s.dst].id
                for s in bf.out[bf.location(location).index]
                if s.kind not in (StepKind.climb, StepKind.effect)
            )
        return got

    def ep(self, a: str, b: str) -> int | None:
        return self.know.ep_from(a).get(b)

    def interior(self, location: str) -> bool:
        return self.know.bf.location(location).interior

    @staticmethod
    def mover(info: BlockInfo) -> Mover:
        return Mover(Unit.vehicle if info.vehicle else Unit.foot, info.profile.ladder)

    def side_attacks(self, view: View) -> bool:
        """A side attacks when most of what it scores for holding is not its own when the
        game begins; it keeps to that posture for the game."""
        if self._attacks is None:
            hold = self.know.objectives[view.side].hold
            held = sum(1 for loc in hold if view.control.get(loc) == view.side)
            self._attacks = held * 2 < len(hold)
        return self._attacks

    # -- values ----------------------------------------------------------------------------
    def worth(self, view: View, info: BlockInfo | None, losses: int, mine: bool) -> float:
        """What one OSL of a block is worth to `view.side`."""
        if info is None:
            return 1.0
        value = 1.5 if info.type in LEADERS else 1.0
        if mine:
            enemy = Side.red if view.side == Side.green else Side.green
            wanted = self.know.objectives[enemy]
        else:
            wanted = self.know.objectives[view.side]
        if info.id in wanted.targets or info.type.value in wanted.target_types:
            value += 1.5
        if info.levels - losses <= 1:
            value += 0.5  # an elimination: a block gone, +1 OSL to the winner (8.2.7.6)
        return value

    def precious(self, view: View, info: BlockInfo) -> float:
        """How much more than usual a block should keep out of harm: one the enemy
        scores for destroying (armour, a commander) doubly so."""
        enemy = Side.red if view.side == Side.green else Side.green
        wanted = self.know.objectives[enemy]
        return PRECIOUS if info.id in wanted.targets or info.type.value in wanted.target_types else 1.0

    def holding(self, view: View, location: str | None) -> float:
        """What holding `location` is worth: its share of the victory points at stake there
        (a goal no other location of ours secures weighs the full points), a little for
        ground anywhere else."""
        if location is None:
            return 0.0
        got = view._goal.get(location)
        if got is not None:
            return got
        total = 0.0
        enemy = Side.red if view.side == Side.green else Side.green
        for stake in self.know.stakes_at.get(location, ()):
            if location in stake.roofs:
                # a roof counts only against its building's holder (victory.py)
                if stake.side == view.side and view.control.get(location) == enemy:
                    total += stake.points
                elif stake.side != view.side:
                    total += stake.points * 0.5
                continue
            held = sum(1 for loc in stake.locations if view.control.get(loc) == view.side)
            if stake.side == view.side:
                missing = len(stake.locations) - held
                if view.control.get(location) == view.side:
                    total += stake.points if missing == 0 else stake.points / (missing + 1)
                else:
                    total += stake.points / max(1, missing)
            else:
                # the enemy needs every location: one other of ours already denies it
                others = held - (1 if view.control.get(location) == view.side else 0)
                if others == 0:
                    total += stake.points * 0.5
        got = view._goal[location] = max(total * GOAL_WEIGHT * (2.0 - view.caution), 0.2)
        return got

    def my_mods(self, view: View, bid: str, here: str, there: str, opportunity: bool) -> float:
        """Our firepower modifiers (the aid card's table, as fight.modifiers reads it)."""
        g = view.game
        info = g.blocks[bid]
        m = self.know.tables.modifiers
        total = 0.0
        if info.type not in LEADERS and info.force:
            leader = g.forces[info.force].leader
            own = view.own.get(leader) if leader else None
            if own is not None and own.on_map and own.location:
                ep = self.ep(here, own.location)
                if ep is not None and ep <= self.know.tables.command_range:
                    total += m.command
        total += self._ground(view, info.side, here, there)
        if opportunity:
            total += m.opportunity
        losses = view.own[bid].losses if bid in view.own else 0
        if losses > 0 and losses == info.levels - 1:
            total += m.poor_osl
        return total

    def their_mods(self, view: View, enemy: Enemy, there: str, here: str, opportunity: bool) -> float:
        m = self.know.tables.modifiers
        enemy_side = Side.red if view.side == Side.green else Side.green
        total = self._ground(view, enemy_side, there, here)
        info = enemy.info
        if info is None or (info.type not in LEADERS and info.force):
            total += m.command * 0.5  # its leader may be near: nobody knows
        if info is not None and enemy.losses > 0 and enemy.losses == info.levels - 1:
            total += m.poor_osl
        if opportunity:
            total += m.opportunity
        return total

    def _ground(self, view: View, side: Side, here: str, there: str) -> float:
        """Infrastructure: a roof, the sewers, a fortified location, firing out of a building."""
        from ..battlefield import LocKind

        bf = self.know.bf
        loc, opp = bf.location(here), bf.location(there)
        fortified = here in self.know.fortified_by[side]
        behind = loc.interior and opp.building != loc.building
        if loc.kind in (LocKind.roof, LocKind.underground) or fortified or behind:
            return self.know.tables.modifiers.infrastructure
        return 0.0

    def enemy_fp(self, view: View, enemy: Enemy, ep: int, target: Protection, assault: bool) -> float:
        if enemy.info is not None:
            return best_fp(
                enemy.info.profile,
                ep,
                target,
                assault,
                view.night,
                self.interior(enemy.location),
                tables=self.know.tables,
            )
        return self.unknown_fp(view, enemy.location, ep, target, assault)

    def unknown_fp(self, view: View, location: str, ep: int, target: Protection, assault: bool) -> float:
        """What a block nobody has identified brings, on average: any of the enemy's blocks
        not seen elsewhere (its order of battle is public, 4.3.2.2 hides which is which),
        dummies included. A vehicle stands only where a vehicle can, so the enemy's hidden
        vehicles are shared among the hidden blocks in such places: with as many vehicles
        as blocks there, each of those is a vehicle."""
        vehicle_ok = self.know.holds_vehicle(location)
        inside = self.interior(location)
        key = (ep, target, assault, vehicle_ok, inside)
        got = view._unknown_fp.get(key)
        if got is None:
            foot: list[int] = []
            vehicles: list[int] = []
            for bid, profile, vehicle in view.know.order_of_battle[other(view.side)]:
                if bid not in view.identified:
                    fp = best_fp(profile, ep, target, assault, view.night, inside, tables=self.know.tables)
                    (vehicles if vehicle else foot).append(fp)
            on_foot = sum(foot) / len(foot) if foot else 0.0
            if not vehicle_ok or not vehicles:
                got = on_foot
            else:
                share = self.vehicle_share(view, len(vehicles))
                got = share * sum(vehicles) / len(vehicles) + (1 - share) * on_foot
            view._unknown_fp[key] = got
        return got

    def vehicle_share(self, view: View, vehicles: int) -> float:
        """The chance a hidden enemy block where a vehicle can stand is one: the enemy's
        unidentified vehicles over its hidden blocks in such places (at least one)."""
        if view._vehicle_places is None:
            view._vehicle_places = sum(
                1 for e in view.enemies if e.info is None and self.know.holds_vehicle(e.location)
            )
        return min(1.0, vehicles / max(view._vehicle_places, 1))

    def fight_value(
        self,
        view: View,
        bid: str,
        here: str,
        weapon: Weapon,
        enemy: Enemy,
        assault: bool,
        opportunity: bool = False,
        friendly: bool = True,
    ) -> float:
        """Expected worth of our block `bid` firing (or assaulting) at `enemy` with `weapon`
        from `here`; `friendly`: less what its weapons effect costs our own blocks."""
        info = view.game.blocks[bid]
        there = enemy.location
        if assault:
            ep: int | None = 1
        else:
            ep = self.ep(here, there)
            if ep is None or not self.sees(view, here, there):
                return -5.0  # a blocked fire ends the activation for nothing (8.2.7.2)
        assert ep is not None
        fp = weapon_firepower(self.know.tables, weapon, ep, assault, view.night, info.profile.night_equipment)
        if not fp:
            return -5.0
        mine = view.own[bid].losses
        v_us = self.worth(view, info, mine, True)
        v_them = self.worth(view, enemy.info, enemy.losses, False)
        their_prot = enemy.info.profile.protection if enemy.info is not None else Protection.soft
        if enemy.info is not None and not can_hit(weapon.targets, their_prot):
            return -min(self.know.withdrawal_loss * v_us + 0.3, 2 * v_us)  # inadequate: withdraw (8.2.7.4)
        ours = fp + self.my_mods(view, bid, here, there, opportunity)
        theirs = self.enemy_fp(view, enemy, ep, info.profile.protection, assault)
        cost = self.friendly_fire(view, bid, weapon, there, assault, here) if friendly else 0.0
        if theirs <= 0:
            # it cannot reply: it withdraws or loses 2 OSL (8.2.7.4)
            return self.know.withdrawal_loss * v_them + (0.5 if there in view.goal_set else 0.2) - cost
        theirs += self.their_mods(view, enemy, there, here, False)
        sniper_long = info.type == BlockType.sniper and ep > self.know.tables.sniper_long_ep
        sniper_target = enemy.info is not None and enemy.info.type in LEADERS
        t, u = self.know.exchange(
            ours - theirs,
            assault,
            (their_prot, weapon.critical_bonus, sniper_long and sniper_target),
            (info.profile.protection, False, False),
        )
        value = t * v_them - u * v_us - cost
        if there in view.goal_set:
            # its holder weakened, and perhaps gone: eliminated, or withdrawn under fire
            # (8.3.2), which any defender may choose; the location is then for the taking
            left = enemy.info.levels - enemy.losses if enemy.info is not None else HIDDEN_LEVELS
            evict = 0.0 if assault else EVICT_PRIOR + EVICT_KILL * min(1.0, t / max(left, 1))
            value += (0.2 * t + evict) * self.holding(view, there)
        if assault:
            # the loser withdraws: a goal taken, or lost
            p_win = t / max(t + u, 1e-9)
            value += p_win * self.holding(view, there) - (1 - p_win) * self.holding(view, here) * 0.5
        return value

    def friendly_fire(
        self, view: View, bid: str, weapon: Weapon, target: str, assault: bool, origin: str | None = None
    ) -> float:
        """What the weapons effect of our shot costs our own blocks (8.2.1, 8.2.7.7): the
        engine's own reckoning, which looks at the shooter's side only."""
        found = effects.shot_hits(view.play, bid, weapon, target, assault, origin)
        return sum(
            hit.osl * self.worth(view, view.own[hit.block].info, view.own[hit.block].losses, True)
            for hit in found
            if hit.block in view.own
        )

    # -- where to go -----------------------------------------------------------------------
    def exposure(self, view: View, location: str, protection: Protection) -> float:
        """Firepower of the known enemy blocks that see `location`, at their range: the
        three strongest (a block entering draws one opportunity fire at a time)."""
        key = (location, protection)
        got = view._exposure.get(key)
        if got is None:
            threats = []
            clear = self.know.bf.los_table.clear  # wrecks only ever block more: an estimate
            for enemy in view.enemies:
                ep = self.ep(enemy.location, location)
                if ep is None or ep > 25 or not clear(enemy.location, location):
                    continue
                threats.append(self.enemy_fp(view, enemy, max(ep, 2), protection, False))
            got = view._exposure[key] = sum(sorted(threats, reverse=True)[:3])
        return got

    def risk(self, view: View, location: str, protection: Protection) -> float:
        """How likely entering `location` draws an opportunity fire, and how hard (8.3.1):
        the enemy blocks seeing it that may still react this turn, by firepower."""
        key = (location, protection)
        got = view._risk.get(key)
        if got is None:
            threats = []
            clear = self.know.bf.los_table.clear
            for enemy in view.enemies:
                if enemy.reacted:
                    continue
                ep = self.ep(enemy.location, location)
                if ep is None or ep > 25 or not clear(enemy.location, location):
                    continue
                threats.append(self.enemy_fp(view, enemy, max(ep, 2), protection, False))
            got = view._risk[key] = min(sum(sorted(threats, reverse=True)[:3]), 15.0) / 5.0
        return got

    def threatened(self, view: View, location: str) -> bool:
        """Whether an enemy block stands close enough to walk into `location` this turn."""
        return any(
            (ep := self.ep(enemy.location, location)) is not None and ep <= THREAT_EP
            for enemy in view.enemies
        )

    def can_take(self, view: View, info: BlockInfo, location: str) -> bool:
        """Whether a block has a weapon that hurts the enemy known to stand there (4.3.5):
        rifles do not take a location from an APC."""
        enemy = view.enemy_at.get(location)
        if enemy is None or enemy.info is None:
            return True
        protection = enemy.info.profile.protection
        return any(can_hit(w.targets, protection) for w in info.profile.weapons)

    def progress(self, view: View, bid: str) -> Callable[[int], float]:
        """MP from a location (by index) to the block's nearest goal no friend holds,
        leaders kept behind the front; a constant for blocks that stay."""
        got = view._prog.get(bid)
        if got is not None:
            return got
        info = view.game.blocks[bid]
        role = _role(info, self.side_attacks(view))
        if role == "stay" or (info.dummy and bid not in view.own):
            view._prog[bid] = _zero
            return _zero
        mover = self.mover(info)
        if info.type == BlockType.commander:
            follow = view._prog[bid] = self._follow_leader(view, bid, mover)
            return follow
        fields: list[tuple[list[int], int]] = []
        targets = view._targets[bid] = set()
        for loc, offset, field in self._goal_fields(view, bid):
            targets.add(loc)
            fields.append((field, offset))

        def prog(i: int) -> float:
            best = float(FAR)
            for field, offset in fields:
                d = field[i] + offset
                if d < best:
                    best = d
            return best

        fn: Callable[[int], float] = prog
        if role == "leader":
            front = self._front(view, info)
            if front is not None:
                behind = front + LEADER_LAG

                def fn(i: int) -> float:
                    # a few MP behind its blocks: neither out of command range nor ahead
                    return abs(prog(i) - behind)

        view._prog[bid] = fn
        return fn

    def _goal_fields(self, view: View, bid: str) -> list[tuple[str, int, list[int]]]:
        """The goals the block may head for, each with its offset and MP field."""
        got = view._goal_fields.get(bid)
        if got is not None:
            return got
        info = view.game.blocks[bid]
        role = _role(info, self.side_attacks(view))
        mover = self.mover(info)
        here = view.own[bid].location if bid in view.own else None
        start = self.know.bf.location(here).index if here else None
        out: list[tuple[str, int, list[int]]] = []
        for loc, offset in view.goals:
            holder = view.own_at.get(loc)
            if holder is not None and holder != bid:
                continue  # a friend holds it
            guard = view.caution <= GUARD_CAUTION and self.threatened(view, loc)
            if holder == bid and (role == "hold" or guard):
                pass  # a defender keeps its post; so does an attacker near the end, if need be
            elif loc not in view.enemy_at and view.control.get(loc) == view.side:
                continue  # ours, and control stays with the last side through (2.3)
            elif loc in view.roofs and view.control.get(loc) in (None, view.side):
                continue  # our own roof only matters when the enemy holds it
            if not self.can_take(view, info, loc):
                continue
            field = self.know.field(loc, mover, view.side)
            if role == "hold" and start is not None and field[start] > HOLD_REACH:
                continue
            if start is not None and field[start] >= UNREACHABLE:
                field = self._approach(loc, mover, view.side)
            out.append((loc, offset, field))
        view._goal_fields[bid] = out
        return out

    def commanded_leader(self, view: View) -> str | None:
        """Where the platoon leader of the commander's own force stands: with the
        commander within command range, that force's impulses activate 7 blocks (7.2.1)."""
        commander = view.game.commander.get(view.side)
        if commander is None or commander not in view.game.blocks:
            return None
        force = view.game.forces.get(view.game.blocks[commander].force)
        leader = view.own.get(force.leader or "") if force else None
        if leader is None or not leader.on_map:
            return None
        return leader.location

    def _follow_leader(self, view: View, bid: str, mover: Mover) -> Callable[[int], float]:
        there = self.commanded_leader(view)
        if there is None:
            return _zero
        field = self.know.field(there, mover, view.side)

        def near(i: int) -> float:
            return max(0.0, field[i] - 3.0)

        return near

    def _commander_wait(self, view: View) -> float:
        """The commander moves after the leader it follows has, when both are due."""
        commander = view.game.commander.get(view.side)
        force = view.game.forces.get(view.game.blocks[commander].force) if commander else None
        leader = view.own.get(force.leader or "") if force else None
        if leader is None or not leader.on_map or leader.activated:
            return 0.9
        if self.intent(view, leader.id) > 0.1:
            return 0.15
        return 0.9

    def out_of_command(self, view: View, bid: str) -> bool:
        """A commander beyond command range of its leader, a leader far behind the front."""
        own = view.own[bid]
        if own.location is None:
            return False
        if own.info.type == BlockType.commander:
            there = self.commanded_leader(view)
            if there is None:
                return False
            ep = self.ep(own.location, there)
            return ep is None or ep > self.know.tables.command_range
        if own.info.type == BlockType.platoon_leader:
            front = self._front(view, own.info)
            prog = self.progress(view, bid)(self.know.bf.location(own.location).index)
            return front is not None and prog > front + LEADER_LAG + 3
        return False

    def _front(self, view: View, leader: BlockInfo) -> float | None:
        """How near the blocks a leader commands are to their goals."""
        best: float | None = None
        for own in view.own.values():
            info = own.info
            if info.type in LEADERS or info.type in STAY or info.dummy or not own.on_map:
                continue
            if info.force != leader.force:
                continue
            assert own.location is not None
            d = self.progress(view, own.id)(self.know.bf.location(own.location).index)
            best = d if best is None else min(best, d)
        return best

    def _approach(self, goal: str, mover: Mover, side: Side) -> list[int]:
        """A field to the hexes within 2 EP of a goal the mover cannot enter."""
        from ..battlefield import LocKind

        bf = self.know.bf
        near = tuple(
            sorted(
                loc
                for loc, d in self.know.ep_from(goal).items()
                if d <= 2 and bf.location(loc).kind == LocKind.hex
            )
        )
        return self.know.field(near, mover, side) if near else [UNREACHABLE] * len(bf)

    def place_score(self, view: View, bid: str, location: str) -> float:
        info = view.game.blocks[bid]
        role = _role(info, self.side_attacks(view))
        index = self.know.bf.location(location).index
        score = self.progress(view, bid)(index)
        exposure = self.exposure(view, location, info.profile.protection)
        if location in view._targets.get(bid, ()):
            score -= GOAL_PULL * self.holding(view, location)
        return score + EXPOSURE[role] * exposure * view.caution * self.precious(view, info)

    def _dynamic(self, view: View) -> Dynamic:
        counters = view.game.scenario.no_mans_land
        helpers = frozenset(
            own.location
            for own in view.own.values()
            if own.on_map
            and own.location
            and not own.info.dummy
            and (own.info.type in (BlockType.apc, BlockType.mbt) or own.info.profile.ladder)
        )
        return Dynamic(
            helpers=helpers,
            barricades=frozenset(c.at for c in counters if c.kind == CounterKind.barricade and not c.hidden),
            impassable=frozenset(c.at for c in counters if c.kind == CounterKind.ied_uxo and not c.hidden),
        )

    def budget(self, view: View, bid: str) -> tuple[int, int, int, bool]:
        """Our own block's activation (7.1.2, 8.1.13): MP spent, the limit in sight, the
        limit out of every enemy's sight, and whether its move so far was out of sight."""
        info = view.game.blocks[bid]
        unit = self.mover(info).unit
        act = view.play.state.activation  # our own block's record only
        if act is None or act.block != bid:
            here = view.own[bid].location
            unseen = here is not None and not self.seen(view, here)
            return 0, MOVE_ONLY[unit], self._out_of_sight(view, unit), unseen
        acted_at = getattr(act, "acted_at", None)
        if acted_at is not None:
            armoured = info.vehicle and info.profile.protection != Protection.soft
            if acted_at > 0 and not armoured:
                return act.spent, act.spent, act.spent, False
            return act.spent, WITH_ACTION[unit], WITH_ACTION[unit], False
        return act.spent, MOVE_ONLY[unit], self._out_of_sight(view, unit), act.unseen

    def _out_of_sight(self, view: View, unit: Unit) -> int:
        return MOVE_ONLY[unit] if view.night else OUT_OF_SIGHT[unit]

    def seen(self, view: View, location: str) -> bool:
        """Whether a known enemy block sees `location` (8.1.13)."""
        got = view._seen.get(location)
        if got is None:
            clear = self.know.bf.los_table.clear  # wrecks only ever block more: an estimate
            got = view._seen[location] = any(clear(enemy.location, location) for enemy in view.enemies)
        return got

    def mp_left(self, view: View, bid: str) -> int:
        spent, limit, _, _ = self.budget(view, bid)
        return max(0, limit - spent)

    def plan(self, view: View, bid: str, here: str) -> list[str]:
        """The path to the best place within this activation's MP: 6 (12) in sight, 9 (18)
        for a move entirely out of sight (7.1.2, 8.1.13)."""
        start, best_prio, mp_at, prev = self._search(view, bid, here)
        locs = self.know.bf.locations
        self.progress(view, bid)
        targets = view._targets.get(bid, set())
        # goals on the way are taken in passing: the last side through holds them (2.3)
        passing = {
            locs[key[0]].id
            for key in best_prio
            if locs[key[0]].id in targets and locs[key[0]].id not in view.enemy_at
        }
        best, best_score = start, self.place_score(view, bid, here)
        for key, prio in best_prio.items():
            loc = locs[key[0]].id
            if key[0] == start[0] or view.own_at.get(loc, bid) != bid:
                continue
            mp = mp_at[key]
            score = self.place_score(view, bid, loc) + (prio - mp) + 0.01 * mp
            if passing:
                on_the_way = {locs[k[0]].id for k in self._states(start, key, prev)[:-1]} & passing
                score -= GOAL_PULL * sum(self.holding(view, g) for g in on_the_way)
            if score < best_score - 0.5:
                best, best_score = key, score
        return self._path(start, best, prev)

    def _states(self, start: State, end: State, prev: dict[State, State]) -> list[State]:
        out = []
        while end != start:
            out.append(end)
            end = prev[end]
        out.reverse()
        return out

    def _path(self, start: State, end: State, prev: dict[State, State]) -> list[str]:
        locs = self.know.bf.locations
        path: list[str] = []
        while end != start:
            path.append(locs[end[0]].id)
            end = prev[end]
        path.reverse()
        return path

    def strike_plan(self, view: View, bid: str, here: str) -> tuple[float, list[str]] | None:
        """The best strike at an enemy holding one of the block's goals from a place it can
        reach before acting (7.1.2: 3 MP on foot, 6 in a vehicle): an assault from next
        door, or a fire with a clear LOS; with the way there."""
        info = view.game.blocks[bid]
        self.progress(view, bid)
        held = [t for t in view._targets.get(bid, ()) if t in view.enemy_at]
        if not held:
            return None
        unit = self.mover(info).unit
        start, best_prio, mp_at, prev = self._search(view, bid, here)
        if mp_at[start] > WITH_ACTION[unit] or self.budget(view, bid)[1] == mp_at[start]:
            return None  # acted already, or too far gone to act
        locs = self.know.bf.locations
        reach = max((weapon_range(w) for w in info.profile.weapons), default=0)
        found: list[tuple[float, State, str, Weapon, bool]] = []
        for key, prio in best_prio.items():
            mp = mp_at[key]
            if mp > WITH_ACTION[unit]:
                continue
            place = locs[key[0]].id
            if view.own_at.get(place, bid) != bid:
                continue
            near = self.adjacent(place)
            penalty = (prio - mp) * 0.2 + 0.01 * mp
            for target in held:
                enemy = view.enemy_at[target]
                if target in near and self.may_storm(view, info, place, target):
                    assault = True
                else:
                    ep = self.ep(place, target)
                    if ep is None or ep < 2 or ep > reach:
                        continue
                    assault = False
                for w in info.profile.weapons:
                    value = self.fight_value(view, bid, place, w, enemy, assault, friendly=False)
                    if value > FIRE_THRESHOLD:
                        found.append((value - penalty, key, target, w, assault))
        if not found:
            return None
        best: tuple[float, list[str]] | None = None
        for value, key, target, w, assault in sorted(found, key=lambda f: -f[0])[:3]:
            place = locs[key[0]].id
            value -= self.friendly_fire(view, bid, w, target, assault, place)
            if best is None or value > best[0]:
                best = (value, self._path(start, key, prev))
        return best

    def may_storm(self, view: View, info: BlockInfo, place: str, target: str) -> bool:
        """8.2.8.1: into a building from outside, the platoon leader within 6 EP, unless
        the block is elite."""
        bf = self.know.bf
        if not bf.location(target).interior or bf.location(place).interior:
            return True
        if info.quality == Quality.elite or not info.force:
            return True
        leader = view.own.get(view.game.forces[info.force].leader or "")
        if leader is None or leader.location is None or not leader.on_map:
            return False
        if leader.id == info.id:
            return True
        ep = self.ep(place, leader.location)
        return ep is not None and ep <= self.know.tables.command_range

    def _search(
        self, view: View, bid: str, here: str
    ) -> tuple[State, dict[State, float], dict[State, int], dict[State, State]]:
        """Dijkstra from `here` on MP plus the risk of opportunity fire on the way (8.3.1),
        within the MP the activation has left; states are (location, out of sight so far)."""
        key_ = (bid, here)
        cached = view._search.get(key_)
        if cached is not None:
            return cached
        bf = self.know.bf
        locs = bf.locations
        info = view.game.blocks[bid]
        mover = self.mover(info)
        dyn = self._dynamic(view)
        spent, limit, hidden_limit, unseen = self.budget(view, bid)
        protection = info.profile.protection
        start = (bf.location(here).index, unseen)
        # Dijkstra on MP plus the risk of opportunity fire on the way (8.3.1), within MP
        best_prio: dict[State, float] = {start: float(spent)}
        mp_at = {start: spent}
        prev: dict[State, State] = {}
        frontier: list[tuple[float, int, int, bool]] = [(float(spent), spent, start[0], unseen)]
        closed = set(view.enemy_at) | self._avoid
        dark = self.know.closed_layers(view.side)
        top = max(limit, hidden_limit)
        precious = self.precious(view, info)
        care = (RISK if precious <= 1 else RISK_PRECIOUS) * view.caution * precious
        while frontier:
            prio, d, i, u = heapq.heappop(frontier)
            if prio > best_prio[(i, u)]:
                continue
            for step in bf.out[i]:
                cost = step_cost(bf, step, mover, dyn)
                if cost is None:
                    continue
                nd = d + cost
                if nd > top:
                    continue
                dest = locs[step.dst]
                if dest.id in closed or dest.layer in dark:
                    continue
                nu = u and dest.layer == "surface" and not self.seen(view, dest.id)
                if nd > (hidden_limit if nu else limit):
                    continue
                key = (step.dst, nu)
                nprio = prio + cost + care * self.risk(view, dest.id, protection)
                if nprio < best_prio.get(key, float("inf")):
                    best_prio[key] = nprio
                    mp_at[key] = nd
                    prev[key] = (i, u)
                    heapq.heappush(frontier, (nprio, nd, step.dst, nu))
        view._search[key_] = (start, best_prio, mp_at, prev)
        return start, best_prio, mp_at, prev

    # -- decisions -------------------------------------------------------------------------
    def _deploy(self, view: View, actions: list[Any]) -> Any:
        return min(actions, key=lambda a: (self.place_score(view, a.block, a.location), str(a)))

    def intent(self, view: View, bid: str) -> float:
        """How much a block has to do if activated now."""
        own = view.own[bid]
        if not own.on_map or own.activated or own.completed or own.mounted or own.info.dummy:
            return 0.0
        assert own.location is not None
        here = own.location
        info = own.info
        best = 0.0
        adjacent = self.adjacent(here)
        for enemy in view.enemies:
            assault = enemy.location in adjacent
            ep = self.ep(here, enemy.location)
            if not assault and (ep is None or ep > 25):
                continue
            for w in info.profile.weapons:
                best = max(best, self.fight_value(view, bid, here, w, enemy, assault, friendly=False))
        role = _role(info, self.side_attacks(view))
        if role != "stay":
            prog = self.progress(view, bid)(self.know.bf.location(here).index)
            if 0 < prog < FAR:
                base = MOVE_INTENT[role] - (0.2 if info.vehicle or info.type == BlockType.sniper else 0.0)
                best = max(best, base + 0.02 * min(prog, 15))
        if role == "leader" and self.out_of_command(view, bid):
            best = max(best, 0.95 if info.type == BlockType.platoon_leader else self._commander_wait(view))
        exposure = self.exposure(view, here, info.profile.protection)
        if exposure >= 8 and here not in view.goal_set:
            best = max(best, 0.3)  # get out of sight
        return best

    def winning(self, view: View) -> bool:
        """Whether the game would end in this side's victory now, as far as it sees control
        (victory conditions on destroying blocks left out): then, on the last turn, it
        lets the enemy move first and keeps its forces to answer (3.1.4: two passes in a row
        end the turn)."""
        points = {Side.green: 0, Side.red: 0}
        for stake in self.know.stakes:
            them = Side.red if stake.side == Side.green else Side.green
            held = all(
                view.control.get(loc) == stake.side
                and (loc not in view.enemy_at if stake.side == view.side else loc not in view.own_at)
                for loc in stake.locations
            )
            if held and not any(view.control.get(roof) == them for roof in stake.roofs):
                points[stake.side] += stake.points
        for level in view.game.scenario.victory.levels:
            if points[level.side] >= level.min_points:
                return level.side == view.side
        return False

    def _start(self, view: View, groups: dict[str, list[Any]]) -> Any:
        if "Pass" in groups and view.turn >= view.game.scenario.turns and self.winning(view):
            return groups["Pass"][0]
        best, best_value = None, 0.1
        for action in groups.get("StartImpulse", []):
            force = view.game.forces[action.force]
            values = []
            for bid in force.blocks:
                own = view.own.get(bid)
                if own is None or own.eliminated:
                    continue
                if not own.on_map and not own.mounted and force.entry is not None:
                    values.append(2.0)  # a reinforcement coming on
                else:
                    values.append(self.intent(view, bid))
            value = sum(sorted(values, reverse=True)[:5])
            if value > best_value:
                best, best_value = action, value
        if best is not None:
            return best
        return groups["Pass"][0] if "Pass" in groups else groups["StartImpulse"][0]

    def _pick_block(self, view: View, groups: dict[str, list[Any]]) -> Any:
        enter = groups.get("Enter")
        if enter:
            # the platoon leader first: without it on the map, 3 activations (7.1.1)
            choice = min(
                enter,
                key=lambda a: (
                    view.game.blocks[a.block].type != BlockType.platoon_leader,
                    self.place_score(view, a.block, a.location),
                    str(a),
                ),
            )
            self._begin(choice.block)
            return choice
        best, best_value = None, 0.1
        for action in groups.get("Activate", []):
            value = self.intent(view, action.block)
            if value > best_value:
                best, best_value = action, value
        if best is not None:
            self._begin(best.block)
            return best
        if "EndImpulse" in groups:
            return groups["EndImpulse"][0]
        return None

    def _begin(self, block: str) -> None:
        self._active = block
        self._plan = None
        self._plan_block = block

    def _activation(self, view: View, groups: dict[str, list[Any]]) -> Any:
        bid = view.own_active or self._active
        if bid is None or bid not in view.own or not view.own[bid].on_map:
            return groups["EndActivation"][0] if "EndActivation" in groups else None
        if bid != self._plan_block:
            self._begin(bid)
        own = view.own[bid]
        here = own.location
        assert here is not None
        info = own.info
        weapons = {w.id: w for w in info.profile.weapons}
        if self._plan is None:
            self._plan = self.plan(view, bid, here)
        moving = bool(self._plan) and _role(info, self.side_attacks(view)) in ("attack", "hold")
        best, best_value = None, FIRE_ON_THE_MOVE if moving else FIRE_THRESHOLD
        for action in groups.get("Fire", []) + groups.get("Assault", []):
            enemy = view.enemy_at.get(action.target)
            w = weapons.get(action.weapon)
            if enemy is None or w is None:
                continue
            assault = kind(action) == "Assault"
            value = self.fight_value(view, bid, here, w, enemy, assault)
            if value > best_value:
                best, best_value = action, value
        for action in groups.get("Scout", []):
            enemy = view.enemy_at.get(action.target)
            if enemy is None or enemy.revealed:
                continue
            # a hidden holder of a goal may be a dummy (removed) or a weak block: knowing
            # it lets the others assault it on exact odds (8.2.5)
            value = 0.3 if info.type in LONG_SCOUTING_TYPES else 0.05
            if action.target in view._targets.get(bid, ()):
                value += 0.15 * self.holding(view, action.target)
            if value > best_value:
                best, best_value = action, value
        if "Assault" not in groups or best is None or kind(best) != "Assault":
            storm = self.strike_plan(view, bid, here)
            if storm is not None and storm[1] and storm[0] > max(best_value, FIRE_THRESHOLD):
                self._plan = storm[1]  # close in, then assault (7.1.2)
                best = None
        if best is not None:
            self._plan = None  # the MP left change with an action
            return best
        return self._move(view, bid, here, groups)

    def _move(self, view: View, bid: str, here: str, groups: dict[str, list[Any]]) -> Any:
        moves = {a.location: a for a in groups.get("Move", [])}
        end = groups["EndActivation"][0] if "EndActivation" in groups else None
        if self._plan is None:
            self._plan = self.plan(view, bid, here)
        if self._plan and self._plan[0] in moves:
            return moves[self._plan.pop(0)]
        if self._plan:  # a step turned out illegal: plan again from here
            self._learn(view, bid, here, self._plan[0])
            self._plan = self.plan(view, bid, here)
            if self._plan and self._plan[0] in moves:
                return moves[self._plan.pop(0)]
            self._plan = []
        if not moves:
            return end
        score_here = self.place_score(view, bid, here)
        step = min(moves, key=lambda loc: (self.place_score(view, bid, loc), loc))
        if end is None or self.place_score(view, bid, step) < score_here - 1:
            return moves[step]
        return end

    def _learn(self, view: View, bid: str, here: str, there: str) -> None:
        """A free location next door, within the MP left, that the rules do not let us
        enter holds something we cannot see (an IED, a barricade): keep out of it."""
        if there in view.own_at or there in view.enemy_at:
            return
        bf = self.know.bf
        info = view.game.blocks[bid]
        mover, dyn = self.mover(info), self._dynamic(view)
        costs = [
            c
            for step in bf.out[bf.location(here).index]
            if bf.locations[step.dst].id == there and (c := step_cost(bf, step, mover, dyn)) is not None
        ]
        if costs and min(costs) <= self.mp_left(view, bid):
            self._avoid.add(there)

    # -- fights ------------------------------------------------------------------------------
    def _last_fight(self, view: View) -> dict[str, Any] | None:
        """The declaration of the fight under way (public: 8.2.7.1)."""
        for entry in reversed(view.play.log[-12:]):
            if entry.get("action") in FIGHT_ENTRIES:
                return entry
        return None

    def _fight_parties(self, view: View) -> tuple[str | None, Enemy | None, str, str | None]:
        """(our block under fire, the enemy firing, kind, the enemy's weapon)."""
        entry = self._last_fight(view)
        if entry is None:
            return view.own_active, None, "fire", None
        name = entry["action"]
        if name == "OpportunityFire":
            firer_key = entry.get("block", "")
            if firer_key in view.own:  # ours fired: the enemy mover is the target
                return None, view.enemy_at.get(view.enemy_active_at or ""), "opportunity", None
            enemy = next((e for e in view.enemies if e.key == firer_key), None)
            return view.own_active, enemy, "opportunity", entry.get("weapon")
        target = entry.get("target", "")
        kind_ = "assault" if name == "Assault" else "fire"
        if target in view.own_at and view.enemy_active_at is not None:
            return view.own_at[target], view.enemy_at.get(view.enemy_active_at), kind_, entry.get("weapon")
        # our own fire or assault: the decision is the firer's (inadequate armament)
        return view.own_active, view.enemy_at.get(target), kind_, None

    def _under_fire(self, view: View, groups: dict[str, list[Any]]) -> Any:
        target, firer, fight, firer_weapon = self._fight_parties(view)
        target_own = view.own.get(target or "")
        v_us = self.worth(
            view, target_own.info if target_own else None, target_own.losses if target_own else 0, True
        )
        remaining = target_own.info.levels - target_own.losses if target_own else 3
        here = target_own.location if target_own else None
        options: list[tuple[float, str, Any]] = []
        for action in groups.get("Withdraw", []):
            value = -self.know.withdrawal_loss * v_us - self.holding(view, here)
            if target is not None and target == view.own_active and self._plan:
                value -= TEMPO  # a withdrawal ends the move under way (8.3.2)
            options.append((value, str(action), action))
        for action in groups.get("TakeLosses", []):
            value = -min(2, remaining) * v_us - (1.0 if remaining <= 2 else 0.0)
            options.append((value, str(action), action))
        for action in groups.get("ReturnFire", []) + groups.get("CoverFire", []):
            shooter = getattr(action, "block", None) or target
            own = view.own.get(shooter or "")
            if own is None or own.location is None or target_own is None:
                options.append((-0.5, str(action), action))
                continue
            value = self.reply_value(view, own, target_own, action.weapon, firer, firer_weapon, fight)
            options.append((value, str(action), action))
        if not options:
            return None
        return max(options, key=lambda o: (o[0], o[1]))[2]

    def reply_value(
        self,
        view: View,
        shooter: Own,
        target: Own,
        weapon_id: str,
        firer: Enemy | None,
        firer_weapon: str | None,
        fight: str,
    ) -> float:
        """Expected worth of replying with `shooter`'s weapon to `firer`, losses on `target`."""
        assault = fight == "assault"
        info = shooter.info
        w = next((w for w in info.profile.weapons if w.id == weapon_id), None)
        if w is None or shooter.location is None or target.location is None:
            return -0.5
        there = firer.location if firer is not None else None
        ep: int | None = 1 if assault else (self.ep(shooter.location, there) if there else 3)
        if ep is None:
            ep = 3
        fp = weapon_firepower(self.know.tables, w, ep, assault, view.night, info.profile.night_equipment) or 0
        ours = fp + (self.my_mods(view, shooter.id, shooter.location, there, False) if there else 0)
        v_us = self.worth(view, target.info, target.losses, True)
        v_them = self.worth(view, firer.info if firer else None, firer.losses if firer else 0, False)
        target_prot = target.info.profile.protection
        firer_prot = firer.info.profile.protection if firer and firer.info else Protection.soft
        theirs: float
        firer_bonus = False
        firer_ep = 1 if assault else (self.ep(there, target.location) if there else 3) or 3
        if firer is not None and firer.info is not None and firer_weapon:
            fw = next((x for x in firer.info.profile.weapons if x.id == firer_weapon), None)
            equipped = firer.info.profile.night_equipment
            theirs = (
                (weapon_firepower(self.know.tables, fw, firer_ep, assault, view.night, equipped) or 0)
                if fw
                else 5
            )
            firer_bonus = bool(fw and fw.critical_bonus)
        elif firer is not None:
            theirs = self.enemy_fp(view, firer, firer_ep, target_prot, assault)
        else:
            theirs = 5
        if firer is not None and there is not None:
            theirs += self.their_mods(view, firer, there, target.location, fight == "opportunity")
        t, u = self.know.exchange(
            ours - theirs,
            assault,
            (firer_prot, w.critical_bonus, False),
            (target_prot, firer_bonus, False),
        )
        value = t * v_them - u * v_us
        if there is not None:
            value -= self.friendly_fire(view, shooter.id, w, there, assault)
        if assault:
            p_lose = u / max(t + u, 1e-9)
            value -= p_lose * self.holding(view, target.location)
        return value

    def _opportunity(self, view: View, groups: dict[str, list[Any]]) -> Any:
        mover_at = view.enemy_active_at
        enemy = view.enemy_at.get(mover_at or "")
        best, best_value = None, 0.2
        if enemy is not None:
            for action in groups.get("OpportunityFire", []):
                own = view.own.get(action.block)
                if own is None or own.location is None:
                    continue
                w = next((w for w in own.info.profile.weapons if w.id == action.weapon), None)
                if w is None:
                    continue
                value = self.fight_value(view, own.id, own.location, w, enemy, False, opportunity=True)
                if value > best_value:
                    best, best_value = action, value
            if best is None and not enemy.revealed:
                for action in groups.get("OpportunityScout", []):
                    own = view.own.get(action.block)
                    if own is not None and own.info.type in LONG_SCOUTING_TYPES:
                        best = action
                        break
        if best is not None:
            return best
        return groups["HoldFire"][0] if "HoldFire" in groups else None

    def _withdraw_to(self, view: View, actions: list[Any]) -> Any:
        target, _, _, _ = self._fight_parties(view)
        bid = target if target in view.own else view.own_active
        if bid is None:
            return actions[0]
        info = view.game.blocks[bid]
        return min(
            actions,
            key=lambda a: (
                self.progress(view, bid)(self.know.bf.location(a.location).index)
                + 2 * EXPOSURE["hold"] * self.exposure(view, a.location, info.profile.protection),
                a.location,
            ),
        )

    def _advance(self, view: View, groups: dict[str, list[Any]]) -> Any:
        entry = self._last_fight(view)
        if entry is not None and entry.get("action") == "Assault":
            target = entry.get("target", "")
            # we held against an assault: advancing would leave a goal for the street
            if target in view.own_at and target in view.goal_set and "StayPut" in groups:
                return groups["StayPut"][0]
        if "Advance" in groups:
            return groups["Advance"][0]
        return groups["StayPut"][0]


def weapon_range(w: Weapon) -> int:
    """The far end of a weapon's last firing band, by day (EP)."""
    last = max((i for i, fp in enumerate(w.firepower) if fp is not None), default=0)
    return 1 if last == 0 else 5 * last


def _zero(i: int) -> float:
    return 0.0
