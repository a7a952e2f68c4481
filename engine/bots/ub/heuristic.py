"""A heuristic Urban Battle player: it fires the shot most likely to destroy the most
effectiveness, and moves, one Step at a time, the vehicle whose Step most improves its
position (what it could destroy from there, less what could destroy it, nearer the enemy or
the goal). It reads the board and the unit charts from its briefing, the pieces from its
observation, and chooses only among the legal actions (engine/rules/ub/fire.py's rules)."""

from __future__ import annotations

import heapq
import random
from dataclasses import dataclass
from typing import Any

from ...model.scenario import Side
from ...model.square_board import parse_square
from ...model.ub_mission import FiringMode, GoalKind
from ...model.ub_units import Mount, UnitType
from ...rules.ub import fire as F
from ...rules.ub.actions import EndTurn, Fire, FireKind, SpeedRoll, Step, StepKind
from ...rules.ub.board import DIRECTIONS, Square

COMPASS = {c: i for i, c in enumerate(("N", "NE", "E", "SE", "S", "SW", "W", "NW"))}
#: how much a threat to itself weighs against a chance to destroy
CAUTION = 0.6
#: score a square nearer the enemy (or the goal) gains
APPROACH = 0.3
#: what going on with the vehicle being moved is worth (another vehicle costs one of the Turn's movements)
CONTINUE = 1.0
#: the least chance worth a shot
SHOT = 0.05


@dataclass(frozen=True)
class Unit:
    id: str
    side: Side
    kind: UnitType
    square: Square
    facing: int
    destroyed: bool


class UbHeuristicBot:
    name = "heuristic"

    def __init__(self, briefing: Any, seed: int = 0):
        self.side: Side = briefing.side
        game = briefing.game
        self.board = game.board
        self.types: dict[str, UnitType] = dict(game.types)
        mission = game.mission
        self.realistic = mission.firing_mode is FiringMode.realistic
        self.absolute = mission.firing_mode is FiringMode.absolute
        goal = mission.goal
        self.goal: list[Square] = []
        if goal.kind is GoalKind.break_through and goal.attacker is self.side:
            self.goal = [parse_square(q) for q in goal.squares]
        self.rng = random.Random(seed)
        self._fields: dict[
            tuple[tuple[Square, ...], bool, frozenset[Square]], dict[tuple[Square, int], int]
        ] = {}
        self._wrecks: frozenset[Square] = frozenset()

    # --- the decision -------------------------------------------------------------------------------

    def choose(self, observation: Any, actions: list[Any]) -> Any:
        units = {
            p.id: Unit(
                p.id, p.side, self.types[p.type], parse_square(p.square), COMPASS[p.facing], p.destroyed
            )
            for p in observation.pieces
        }
        occupied = {u.square for u in units.values()}
        enemies = [u for u in units.values() if u.side is not self.side and not u.destroyed]
        friends = [u for u in units.values() if u.side is self.side and not u.destroyed]
        # wrecks stay where they were destroyed and block the way (Destruction)
        self._wrecks = frozenset(u.square for u in units.values() if u.destroyed)
        best_fire, fire_value = None, 0.0
        for a in actions:
            if isinstance(a, Fire):
                shooter, target = units[a.unit], units[a.target]
                p = self._chance(shooter, shooter.square, shooter.facing, target, occupied, friends, a.kind)
                value = p * target.kind.effectiveness
                if p >= SHOT and value > fire_value:
                    best_fire, fire_value = a, value
        # the vehicle being activated fires when it has a shot and no better Step
        best_step, step_gain = None, 1e-6
        for a in actions:
            if not isinstance(a, Step | SpeedRoll):
                continue
            u = units[a.unit]
            if a.unit != observation.current and best_fire is not None and best_fire.unit == a.unit:
                continue  # a vehicle with a shot where it stands takes it
            # Random Speed: the roll comes before the Steps, so it is worth the best first Step
            # the vehicle could take once rolled (the die only limits how far it goes on)
            kinds = [a.step] if isinstance(a, Step) else self._first_steps(u, occupied)
            gains = [self._gain(u, k, enemies, occupied, friends) for k in kinds]
            known = [g for g in gains if g is not None]
            if not known:
                continue
            gain = max(known)
            gain += self.rng.random() * 1e-3  # break ties without a fixed order
            if gain > 0 and a.unit == observation.current:
                gain += CONTINUE  # a vehicle goes on rather than spend another movement on one Step
            if gain > step_gain:
                best_step, step_gain = a, gain
        current = observation.current
        if best_fire is not None and (
            best_step is None or best_fire.unit == current or step_gain < fire_value
        ):
            return best_fire
        if best_step is not None:
            return best_step
        return next((a for a in actions if isinstance(a, EndTurn)), actions[0])

    def _gain(
        self, u: Unit, step: StepKind, enemies: list[Unit], occupied: set[Square], friends: list[Unit]
    ) -> float | None:
        after = self._after(u, step)
        if after is None:
            return None
        others = occupied - {u.square}
        return self._score(u, *after, enemies, others | {after[0]}, friends) - self._score(
            u, u.square, u.facing, enemies, occupied, friends
        )

    def _first_steps(self, u: Unit, occupied: set[Square]) -> list[StepKind]:
        """The Steps a vehicle about to roll its speed die might take first: rotations unless
        on a passage, forward or back onto a free square it may enter."""
        out = []
        if self.board.passage_axis(u.square) is None:
            out += [StepKind.left, StepKind.right]
        for kind, d in ((StepKind.forward, u.facing), (StepKind.reverse, (u.facing + 4) % 8)):
            dx, dy = DIRECTIONS[d]
            to = (u.square[0] + dx, u.square[1] + dy)
            if self.board.enterable(to, u.kind.amphibious) and to not in occupied:
                out.append(kind)
        return out

    # --- what a position is worth --------------------------------------------------------------------

    def _after(self, u: Unit, step: StepKind) -> tuple[Square, int] | None:
        if step is StepKind.left:
            return u.square, (u.facing - 1) % 8
        if step is StepKind.right:
            return u.square, (u.facing + 1) % 8
        d = u.facing if step is StepKind.forward else (u.facing + 4) % 8
        dx, dy = DIRECTIONS[d]
        return (u.square[0] + dx, u.square[1] + dy), u.facing

    def _score(
        self,
        u: Unit,
        square: Square,
        facing: int,
        enemies: list[Unit],
        occupied: set[Square],
        friends: list[Unit],
    ) -> float:
        attack = 0.0
        threat = 0.0
        nearest = 99
        for e in enemies:
            kind = FireKind.parabolic if u.kind.parabolic is not None else FireKind.direct
            attack = max(
                attack, self._chance(u, square, facing, e, occupied, friends, kind) * e.kind.effectiveness
            )
            moved = Unit(u.id, u.side, u.kind, square, facing, False)
            ekind = FireKind.parabolic if e.kind.parabolic is not None else FireKind.direct
            threat += self._chance(e, e.square, e.facing, moved, occupied, enemies, ekind, any_way=True)
            nearest = min(nearest, F.distance(square, e.square))
        targets = tuple(self.goal) if self.goal else tuple(sorted(e.square for e in enemies))
        field = self._field(targets, u.kind.amphibious, self._wrecks)
        nearest = field.get((square, facing), nearest + 30)
        weight = 3 * APPROACH if self.goal else APPROACH
        return attack - CAUTION * threat * u.kind.effectiveness - weight * nearest

    def _field(
        self, targets: tuple[Square, ...], amphibious: bool, wrecks: frozenset[Square] = frozenset()
    ) -> dict[tuple[Square, int], int]:
        """Speed points from every square and facing to the nearest of `targets`: steps
        forward (two from water), 45-degree rotations, along narrow passages only, never
        rotating on one (Movement, Terrain Specifics). With the facing counted, a vehicle
        facing a wall sees that turning towards the open street brings it nearer, so it does
        not sit behind an obstacle a one-step look cannot get round. Wrecks block like
        buildings: a vehicle goes round one rather than wait behind it."""
        key = (targets, amphibious, wrecks)
        found = self._fields.get(key)
        if found is not None:
            return found
        board = self.board

        def cost(sq: Square) -> int:
            return 2 if board.terrain(sq).value in "~x" and not amphibious else 1

        dist: dict[tuple[Square, int], int] = {}
        heap: list[tuple[int, Square, int]] = []
        for t in targets:
            for f in range(8):
                dist[(t, f)] = 0
                heap.append((0, t, f))
        heapq.heapify(heap)
        while heap:
            d, sq, f = heapq.heappop(heap)
            if d > dist.get((sq, f), 1 << 30):
                continue
            before: list[tuple[Square, int, int]] = []
            if board.passage_axis(sq) is None:  # turned into facing f where it stands
                before += [(sq, (f + 1) % 8, cost(sq)), (sq, (f - 1) % 8, cost(sq))]
            dx, dy = DIRECTIONS[f]
            prev = (sq[0] - dx, sq[1] - dy)  # stepped forward into sq, facing f
            if (
                prev not in wrecks
                and board.enterable(prev, amphibious)
                and all((axis := board.passage_axis(x)) is None or f in axis for x in (prev, sq))
            ):
                before.append((prev, f, cost(prev)))
            for b, bf, c in before:
                if d + c < dist.get((b, bf), 1 << 30):
                    dist[(b, bf)] = d + c
                    heapq.heappush(heap, (d + c, b, bf))
        if len(self._fields) > 64:
            self._fields.clear()
        self._fields[key] = dist
        return dist

    def _chance(
        self,
        shooter: Unit,
        square: Square,
        facing: int,
        target: Unit,
        occupied: set[Square],
        spotters: list[Unit],
        kind: FireKind,
        any_way: bool = False,
    ) -> float:
        """The chance `shooter` at `square` facing `facing` destroys `target` (`any_way`: as
        if it could turn first, for the enemy's coming Turn)."""
        board, realistic = self.board, self.realistic
        d = F.dist(square, target.square, realistic)
        if kind is FireKind.direct:
            fire = shooter.kind.direct
            if fire is None or F.adjacent(square, target.square):
                return 0.0
            mount = Mount.turret if any_way else shooter.kind.mount
            if not F.may_aim(
                square, target.square, mount=mount, facing=facing, realistic=realistic, passage=False
            ):
                return 0.0
            path = F.path(square, target.square, realistic)
            if path is None or not F.clear(path, board, occupied - {square, target.square}):
                return 0.0
            armour = F.armour_value(target.kind.armour, target.square, target.facing, square)
            if self.absolute:
                return 1.0 if F.absolute_result(fire, armour, d) else 0.0
            return F.direct_chance(fire, armour, d)
        par = shooter.kind.parabolic
        if par is None or not F.in_range(par, d, self.absolute):
            return 0.0
        if not any_way and not F.in_arc(square, target.square, facing, realistic):
            return 0.0
        if not F.trajectory_ok(board, square, target.square, par, realistic, False):
            return 0.0
        if not any(F.locates(board, s.square, target.square, realistic) for s in spotters):
            return 0.0
        if self.absolute:
            return 1.0
        return sum(F.parabolic_result(par, r, d) for r in range(1, 7)) / 6
