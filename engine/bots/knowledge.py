"""What a bot may know without looking at the other side's blocks: the map (MP distances to
its objectives, EP ranges, line of sight), the scenario's victory conditions, its own unit
cards, and the odds of a fire combat.

Everything here is static for a battlefield and shared by every bot of the process
(keyed by the battlefield's digest), so a long series of games pays for it once.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from ..battlefield import Battlefield, LocKind
from ..battlefield.movement import FOOT, VEHICLE, Mover, ep_from, step_cost
from ..model.cards import BlockProfile, Protection
from ..model.scenario import ControlBuildings, ControlLocations, Destroy, Side
from ..rules.uo.combat import Strike, can_hit, expected_losses, weapon_firepower
from ..rules.uo.game import Game
from ..rules.uo.tables import CombatTables

UNREACHABLE = 1 << 20


def best_fp(
    profile: BlockProfile,
    ep: int,
    protection: Protection | None,
    assault: bool = False,
    night: bool = False,
    in_building: bool = False,
    *,
    tables: CombatTables,
) -> int:
    """The best firepower `profile` brings at `ep` against a target of `protection` (None:
    unknown, any weapon), 0 if none."""
    best = 0
    for w in profile.weapons:
        if in_building and w.no_fire_from_building:
            continue
        if protection is not None and not can_hit(w.targets, protection):
            continue
        fp = weapon_firepower(tables, w, ep, assault, night, profile.night_equipment)
        if fp:
            best = max(best, fp)
    return best


@dataclass(frozen=True)
class Stake:
    """A control condition: the side scoring it, its points and its locations."""

    side: Side
    points: int
    locations: frozenset[str]
    roofs: frozenset[str] = frozenset()  # held by the enemy, they deny it


@dataclass(frozen=True)
class Objectives:
    """A side's stakes in the scenario's victory conditions."""

    hold: tuple[str, ...]  # locations it scores for controlling
    deny: tuple[str, ...]  # locations the enemy scores for controlling
    roofs: tuple[str, ...]  # roofs of its buildings: an enemy there denies them (victory.py)
    enemy_roofs: tuple[str, ...]  # roofs of the enemy's buildings: holding one denies them
    targets: frozenset[str]  # enemy block ids it scores for destroying
    target_types: frozenset[str]  # enemy block types it scores for destroying


class MapKnowledge:
    """Static knowledge of one game's map and scenario, with cached distance fields."""

    def __init__(self, game: Game):
        self.game = game
        self.bf: Battlefield = game.battlefield
        #: the combat tables the game plays with
        self.tables: CombatTables = game.tables.combat
        #: OSL a withdrawal is expected to cost (8.3.2: the card's withdrawal table)
        self.withdrawal_loss = sum(self.tables.withdrawal_loss(r) for r in range(10)) / 10
        self._exchanges: dict[tuple[int, bool, Strike, Strike], tuple[float, float]] = {}
        # distances depend on the map only: shared by every game on it
        self._reverse = _REVERSE.setdefault(self.bf.digest, {})
        self._fields = _FIELDS.setdefault(self.bf.digest, {})
        self.objectives = {side: self._objectives(side) for side in Side}
        self.stakes = [
            Stake(
                cond.side,
                cond.points,
                frozenset(self._condition_locations(cond)),
                frozenset(self._roofs(cond)) if isinstance(cond, ControlBuildings) else frozenset(),
            )
            for cond in game.scenario.victory.conditions
            if isinstance(cond, ControlLocations | ControlBuildings) and cond.points > 0
        ]
        #: location -> the stakes it is part of
        self.stakes_at: dict[str, list[Stake]] = {}
        for stake in self.stakes:
            for loc in stake.locations | stake.roofs:
                self.stakes_at.setdefault(loc, []).append(stake)
        #: each side's order of battle, public in the scenario (its blocks' whereabouts
        #: are not read): what a block nobody has identified may be
        self.order_of_battle = {
            side: tuple(
                (bid, info.profile, info.vehicle) for bid, info in game.blocks.items() if info.side == side
            )
            for side in Side
        }
        #: each side's Fortified markers the scenario places (+1 FP there, 5.2.4.2)
        self.fortified_by = {
            side: frozenset(
                str(loc) for loc in getattr(game.scenario.sides, side.value).environment.fortified.locations
            )
            for side in Side
        }

    def exchange(
        self,
        diff: float,
        assault: bool = False,
        ours: tuple[Protection, bool, bool] = (Protection.soft, False, False),
        theirs: tuple[Protection, bool, bool] = (Protection.soft, False, False),
    ) -> tuple[float, float]:
        """Expected OSL lost by (them, us) in a fight (8.2.7.5-8.2.7.6) where our modified
        firepower is `diff` above theirs (the rules' `combat.expected_losses`). `ours` is what
        our dice hit: the target's protection, our weapon's critical bonus, a sniper's long
        shot at a leader; `theirs` the same for their reply. Quality is left out. A
        fractional `diff` (an expected modifier) is interpolated."""
        low = int(diff // 1)
        t0, u0 = self._exchange(low, assault, Strike(*ours), Strike(*theirs))
        frac = diff - low
        if frac == 0:
            return t0, u0
        t1, u1 = self._exchange(low + 1, assault, Strike(*ours), Strike(*theirs))
        return t0 + (t1 - t0) * frac, u0 + (u1 - u0) * frac

    def _exchange(self, diff: int, assault: bool, ours: Strike, theirs: Strike) -> tuple[float, float]:
        key = (diff, assault, ours, theirs)
        got = self._exchanges.get(key)
        if got is None:
            got = self._exchanges[key] = expected_losses(self.tables, diff, assault, ours, theirs)
        return got

    def holds_vehicle(self, location: str) -> bool:
        """Whether a vehicle block can stand in `location` (a street, a hangar's zone; no
        room): a hidden block there may be one. Some step into it is open to vehicles."""
        return bool(self._reverse_graph(VEHICLE, frozenset())[self.bf.location(location).index])

    def _objectives(self, side: Side) -> Objectives:
        hold: list[str] = []
        deny: list[str] = []
        roofs: list[str] = []
        enemy_roofs: list[str] = []
        targets: set[str] = set()
        types: set[str] = set()
        for cond in self.game.scenario.victory.conditions:
            if isinstance(cond, ControlLocations | ControlBuildings):
                locs = self._condition_locations(cond)
                if cond.points > 0:
                    (hold if cond.side == side else deny).extend(locs)
                    if isinstance(cond, ControlBuildings):
                        (roofs if cond.side == side else enemy_roofs).extend(self._roofs(cond))
            elif isinstance(cond, Destroy) and cond.side == side and cond.points > 0:
                targets.update(cond.blocks)
                types.update(t.value for t in cond.block_types)
        hold = list(dict.fromkeys(hold))
        deny = [loc for loc in dict.fromkeys(deny) if loc not in hold]
        return Objectives(
            tuple(hold),
            tuple(deny),
            tuple(dict.fromkeys(roofs)),
            tuple(dict.fromkeys(enemy_roofs)),
            frozenset(targets),
            frozenset(types),
        )

    def _roofs(self, cond: ControlBuildings) -> list[str]:
        wanted = {str(b) for b in cond.buildings}
        return [loc.id for loc in self.bf.locations if loc.building in wanted and loc.kind == LocKind.roof]

    def _condition_locations(self, cond: ControlLocations | ControlBuildings) -> list[str]:
        if isinstance(cond, ControlLocations):
            return [self.bf.location(str(loc)).id for loc in cond.locations]
        # rooms and zones: a roof only counts against its building's holder (victory.py)
        wanted = {str(b) for b in cond.buildings}
        return [loc.id for loc in self.bf.locations if loc.building in wanted and loc.interior]

    # -- distances ---------------------------------------------------------------------------
    def closed_layers(self, side: Side | None) -> frozenset[str]:
        """Underground inserts `side` has no map of (8.1.10): it plans no route through them."""
        if side is None:
            return frozenset()
        return frozenset(layer for layer, sides in self.game.insert_known_by.items() if side not in sides)

    def _reverse_graph(self, mover: Mover, closed: frozenset[str]) -> list[list[tuple[int, int]]]:
        graph = self._reverse.get((mover, closed))
        if graph is None:
            graph = [[] for _ in self.bf.locations]
            locs = self.bf.locations
            for step in self.bf.steps:
                if locs[step.src].layer in closed or locs[step.dst].layer in closed:
                    continue
                cost = step_cost(self.bf, step, mover)
                if cost is not None:
                    graph[step.dst].append((step.src, cost))
            self._reverse[(mover, closed)] = graph
        return graph

    def field(
        self, target: str | tuple[str, ...], mover: Mover = FOOT, side: Side | None = None
    ) -> list[int]:
        """MP from every location (by index) to `target` (the nearest of several) on the
        empty map, through what `side` knows of it."""
        closed = self.closed_layers(side)
        key = (mover, closed, target)
        got = self._fields.get(key)
        if got is None:
            graph = self._reverse_graph(mover, closed)
            got = [UNREACHABLE] * len(self.bf)
            heap = []
            for ident in (target,) if isinstance(target, str) else target:
                src = self.bf.location(ident).index
                got[src] = 0
                heap.append((0, src))
            while heap:
                d, i = heapq.heappop(heap)
                if d > got[i]:
                    continue
                for j, c in graph[i]:
                    nd = d + c
                    if nd < got[j]:
                        got[j] = nd
                        heapq.heappush(heap, (nd, j))
            self._fields[key] = got
        return got

    def ep_from(self, location: str) -> dict[str, int]:
        """EP distances from `location` up to the longest weapon range and more (the
        battlefield's own cache, shared with the rules engine)."""
        return ep_from(self.bf, location)

    def ep(self, a: str, b: str) -> int | None:
        return self.ep_from(a).get(b)


_REVERSE: dict[str, dict[tuple[Mover, frozenset[str]], list[list[tuple[int, int]]]]] = {}
_FIELDS: dict[str, dict[tuple[Mover, frozenset[str], str | tuple[str, ...]], list[int]]] = {}
_KNOWLEDGE: dict[int, MapKnowledge] = {}


def knowledge(game: Game) -> MapKnowledge:
    """The knowledge of `game`'s map and scenario, built once per game object."""
    got = _KNOWLEDGE.get(id(game))
    if got is None or got.game is not game:
        if len(_KNOWLEDGE) > 16:
            _KNOWLEDGE.clear()
        got = _KNOWLEDGE[id(game)] = MapKnowledge(game)
    return got
