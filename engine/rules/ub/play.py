"""An Urban Battle game being played (the interface's PlayState): Round Sequence, Unit
Activation, Movement, Terrain Specifics, Firing and the optional rules a mission switches on.

legal_actions() is the single source of truth: apply() refuses anything it does not offer.
Every die is rolled with the play's own seeded generator and recorded in the action's entry.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...model.scenario import Compass, Side
from ...model.square_board import SquareTerrain, parse_square, square_name
from ...model.ub_mission import FiringMode, GoalKind, OptionalRule
from ...model.ub_units import Drive, UnitType
from ..digest import state_digest, state_parts
from ..ruleset import Decision, DecisionKind, IllegalAction, Outcome, Result, VictoryLevel
from . import fire as F
from .actions import (
    Action,
    EndTurn,
    Fire,
    FireKind,
    Repair,
    SpeedRoll,
    Step,
    StepKind,
    Turret,
    action_to_json,
)
from .board import DIRECTIONS, Square, line
from .game import UbGame

#: Unit Activation: vehicles that may move a Turn by active vehicles (2-5, 6-10, ...)
MOVEMENT_BANDS = ((21, 6), (16, 5), (11, 4), (6, 3), (2, 2))
#: Random Speed: the speed die's faces (interpretation: two blanks, two +1, a +2, a -1)
SPEED_DIE = (0, 0, 1, 1, 2, -1)
COMPASS_INDEX = {c: i for i, c in enumerate(("N", "NE", "E", "SE", "S", "SW", "W", "NW"))}


def movements(active: int) -> int:
    """How many vehicles may move this Turn (the table under Unit Activation); a lone vehicle
    moves (interpretation: the table starts at 2)."""
    for least, n in MOVEMENT_BANDS:
        if active >= least:
            return n
    return active


@dataclass
class Piece:
    id: str
    side: Side
    type: str
    square: Square
    facing: int
    destroyed: bool = False
    turret: int = 0  # turret direction relative to the hull (Rotating Turrets)
    command: bool = False


@dataclass
class UbState:
    round: int
    active: Side
    pieces: dict[str, Piece]
    current: str | None = None  # the unit being activated
    allowance: int = 0  # its speed this round
    spent: int = 0
    last_rotation: bool = False
    reversed: bool = False
    moved: list[str] = field(default_factory=list)  # units moved this Turn, in order
    limited: int = 0  # of them, those counted against the movement limit
    fired: set[str] = field(default_factory=set)
    done: set[str] = field(default_factory=set)  # activation over for this Turn
    turned: set[str] = field(default_factory=set)  # turret rotated this Turn
    over: bool = False

    @property
    def turn(self) -> int:
        """The round, by the name the CLI's summaries use for a rule set's game turn."""
        return self.round


@dataclass(frozen=True)
class PieceView:
    id: str
    side: Side
    type: str
    square: str
    facing: str
    destroyed: bool
    turret: int

    # the names a balance record reads of any rule set's pieces (engine/bots/balance.py)
    @property
    def location(self) -> str:
        return self.square

    @property
    def eliminated(self) -> bool:
        return self.destroyed

    @property
    def mounted_in(self) -> None:
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "side": self.side.value,
            "type": self.type,
            "square": self.square,
            "facing": self.facing,
            "destroyed": self.destroyed,
            "turret": self.turret,
        }


@dataclass(frozen=True)
class UbObservation:
    """What a side knows: everything (Urban Battle has no hidden information)."""

    side: Side
    round: int
    active: Side
    pieces: tuple[PieceView, ...]
    current: str | None
    moved: tuple[str, ...]
    fired: tuple[str, ...]
    first: Side  # the side that plays first each round

    # what a balance record reads of any rule set's observation (engine/bots/balance.py)
    @property
    def own(self) -> tuple[PieceView, ...]:
        return tuple(p for p in self.pieces if p.side is self.side)

    @property
    def initiative(self) -> Side:
        return self.first

    @property
    def phase(self) -> DecisionKind:
        return DecisionKind.turn

    def to_json(self) -> dict[str, Any]:
        return {
            "side": self.side.value,
            "round": self.round,
            "active": self.active.value,
            "pieces": [p.to_json() for p in self.pieces],
            "current": self.current,
            "moved": list(self.moved),
            "fired": list(self.fired),
            "first": self.first.value,
        }


class UbPlay:
    def __init__(self, game: UbGame, seed: int):
        self.game = game
        self._seed = seed
        self.rng = random.Random(seed)
        m = game.mission
        self.mode = m.firing_mode
        self.realistic = m.firing_mode is FiringMode.realistic
        self.absolute = m.firing_mode is FiringMode.absolute
        self.optional = frozenset(m.optional_rules)
        pieces = {}
        for side in (Side.green, Side.red):
            for p in getattr(m.forces, side.value).units:
                pieces[p.id] = Piece(
                    p.id,
                    side,
                    p.type,
                    parse_square(p.square),
                    COMPASS_INDEX[p.facing.value],
                    command=p.command,
                )
        self.state = UbState(1, m.first, pieces)
        self._log: list[dict[str, Any]] = []
        self._rolls: list[int] = []

    # --- the interface ----------------------------------------------------------------------

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def log(self) -> Sequence[Mapping[str, Any]]:
        return self._log

    @property
    def decision(self) -> Decision | None:
        if self.state.over:
            return None
        return Decision(self.state.active, DecisionKind.turn, "move and fire (Unit Activation)")

    def digest(self) -> str:
        return state_digest(self.state)

    def digest_parts(self) -> dict[str, str]:
        return state_parts(self.state)

    def own_blocks(self, side: Side) -> tuple[Any, ...]:
        """The side's own pieces as its observation shows them (the whole observation is
        small here: nothing is saved by building them alone)."""
        return tuple(self.observation(side).own)

    def observation(self, side: Side) -> UbObservation:
        s = self.state
        views = tuple(
            PieceView(
                p.id,
                p.side,
                p.type,
                square_name(p.square),
                Compass(_COMPASS[p.facing]).value,
                p.destroyed,
                p.turret,
            )
            for p in s.pieces.values()
        )
        return UbObservation(
            side,
            s.round,
            s.active,
            views,
            s.current,
            tuple(s.moved),
            tuple(sorted(s.fired)),
            self.game.mission.first,
        )

    # --- helpers -----------------------------------------------------------------------------

    def kind(self, piece: Piece) -> UnitType:
        return self.game.types[piece.type]

    def alive(self, side: Side) -> list[Piece]:
        return [p for p in self.state.pieces.values() if p.side is side and not p.destroyed]

    def at(self, sq: Square) -> Piece | None:
        for p in self.state.pieces.values():
            if p.square == sq:
                return p
        return None

    def occupied(self) -> set[Square]:
        """Every square holding a vehicle, wrecks included (a destroyed unit stays in place)."""
        return {p.square for p in self.state.pieces.values()}

    def limit(self) -> int:
        """Vehicles that may move this Turn; +1 while the command tank lives (Command Tank)."""
        own = self.alive(self.state.active)
        n = movements(len(own))
        if OptionalRule.command_tank in self.optional and any(p.command for p in own):
            n += 1
        return n

    def _roll(self, sides: int = 6) -> int:
        value = self.rng.randint(1, sides) if sides != 8 else self.rng.randrange(8)
        self._rolls.append(value)
        return value

    # --- movement ------------------------------------------------------------------------------

    def _may_start(self, p: Piece) -> bool:
        s = self.state
        if p.destroyed or p.side is not s.active or p.id in s.done or p.id in s.fired:
            return False
        # a unit that only turned its turret is activated but has not moved: it starts its
        # movement like any other (Rotating Turrets forbids nothing but firing before turning)
        if p.id == s.current and p.id in s.moved:
            return True
        return p.id not in s.moved and (s.limited < self.limit() or OptionalRule.moving_all in self.optional)

    def _enter(self, p: Piece, direction: int, *, pushing: bool) -> tuple[Square, Square | None] | None:
        """Where a step in `direction` takes `p` and, when it pushes a wreck, where the wreck
        goes; None when the step is not possible (Terrain Specifics, Pushing)."""
        board = self.game.board
        kind = self.kind(p)
        dx, dy = DIRECTIONS[direction]
        to = (p.square[0] + dx, p.square[1] + dy)
        if not board.enterable(to, kind.amphibious):
            return None
        for sq in (p.square, to):  # straight into and along a narrow passage, never diagonally
            axis = board.passage_axis(sq)
            if axis is not None and direction not in axis:
                return None
        if (
            OptionalRule.rotating_turrets in self.optional
            and board.passage_axis(to) is not None
            and p.turret % 4 != 0
        ):
            return None
        other = self.at(to)
        if other is None:
            return to, None
        if not (pushing and other.destroyed):
            return None
        beyond = (to[0] + dx, to[1] + dy)
        if not board.enterable(beyond, False) or self.at(beyond) is not None:
            return None
        return to, beyond

    def _cost(self, p: Piece) -> int:
        """Two speed points for a Step that starts on water (amphibious vehicles excepted)."""
        on_water = self.game.board.terrain(p.square) in (SquareTerrain.water, SquareTerrain.deep)
        return 2 if on_water and not self.kind(p).amphibious else 1

    def _steps(self, p: Piece) -> list[Step | SpeedRoll]:
        s = self.state
        if not self._may_start(p):
            return []
        fresh = p.id not in s.moved
        if not fresh and s.reversed:
            return []
        if fresh:
            left = self._fresh_allowance(p)
            spent = 0
        else:
            left, spent = s.allowance, s.spent
        budget = left - spent
        out: list[Step | SpeedRoll] = []
        cost = self._cost(p)
        pushing = OptionalRule.pushing in self.optional and self.kind(p).dozer
        forward = self._enter(p, p.facing, pushing=pushing)
        if forward is not None:
            need = 2 if forward[1] is not None else cost  # Pushing: two steps a square
            if need <= budget or (fresh and self._single_step(p)):
                out.append(Step(p.id, StepKind.forward))
        rotate_ok = self.game.board.passage_axis(p.square) is None and not (
            self.kind(p).drive is Drive.wheels and not fresh and s.last_rotation
        )
        if rotate_ok and (cost <= budget or (fresh and self._single_step(p))):
            out += [Step(p.id, StepKind.left), Step(p.id, StepKind.right)]
        if (
            (fresh or spent == 0)
            and budget >= 1
            and self._enter(p, (p.facing + 4) % 8, pushing=False) is not None
        ):
            out.append(Step(p.id, StepKind.reverse))
        if out and fresh and self._rolls_speed(p):
            # Random Speed: 'roll a speed die' before moving; the steps come after the roll,
            # chosen with the speed it gave (offered here if the best face allows one)
            return [SpeedRoll(p.id)]
        return out

    def _rolls_speed(self, p: Piece) -> bool:
        return OptionalRule.random_speed in self.optional and not self._single_step(p)

    def _single_step(self, p: Piece) -> bool:
        """Moving All Vehicles: a vehicle beyond the limit makes a single Step, whatever it costs."""
        return self.state.limited >= self.limit()

    def _fresh_allowance(self, p: Piece) -> int:
        """The speed a vehicle not yet moving may count on: with Random Speed, before the roll,
        what the best face would give (whether to offer the roll at all)."""
        if self._single_step(p):
            return 1
        speed = self.kind(p).speed
        if OptionalRule.random_speed in self.optional:
            return speed + max(SPEED_DIE)  # before the roll: whatever the best face allows
        return speed

    # --- firing -----------------------------------------------------------------------------------

    def _may_fire(self, p: Piece) -> bool:
        s = self.state
        if p.destroyed or p.side is not s.active or p.id in s.fired:
            return False
        return p.id == s.current or p.id not in s.done

    def _in_passage(self, p: Piece) -> bool:
        return self.game.board.passage_axis(p.square) is not None

    def direct_ok(self, p: Piece, t: Piece) -> bool:
        kind = self.kind(p)
        if kind.direct is None or F.adjacent(p.square, t.square):
            return False
        turret = None
        if OptionalRule.rotating_turrets in self.optional and kind.mount.value == "turret":
            turret = (p.facing + p.turret) % 8
        if not F.may_aim(
            p.square,
            t.square,
            mount=kind.mount,
            facing=p.facing,
            realistic=self.realistic,
            passage=self._in_passage(p),
            turret=turret,
        ):
            return False
        squares = F.path(p.square, t.square, self.realistic)
        return squares is not None and F.clear(squares, self.game.board, self.occupied())

    def parabolic_ok(self, p: Piece, t: Piece) -> bool:
        kind = self.kind(p)
        par = kind.parabolic
        if par is None or not F.in_arc(p.square, t.square, p.facing, self.realistic):
            return False
        d = F.dist(p.square, t.square, self.realistic)
        if not F.in_range(par, d, self.absolute):
            return False
        passage = self._in_passage(p) or self._in_passage(t)
        if not F.trajectory_ok(self.game.board, p.square, t.square, par, self.realistic, passage):
            return False
        board = self.game.board
        return any(F.locates(board, s.square, t.square, self.realistic) for s in self.alive(p.side))

    def _fires(self, p: Piece) -> list[Fire]:
        if not self._may_fire(p):
            return []
        out = []
        for t in self.state.pieces.values():
            if t.side is p.side or t.destroyed:
                continue
            if self.direct_ok(p, t):
                out.append(Fire(p.id, t.id))
            if self.parabolic_ok(p, t):
                out.append(Fire(p.id, t.id, FireKind.parabolic))
        return out

    def _turrets(self, p: Piece) -> list[Turret]:
        s = self.state
        if (
            OptionalRule.rotating_turrets not in self.optional
            or self.kind(p).mount.value != "turret"
            or not self._may_fire(p)
            or p.id in s.turned
            or self._in_passage(p)
        ):
            return []
        most = 2 if self.realistic else 3
        return [Turret(p.id, n) for n in range(-most, most + 1) if n]

    def _repairs(self, p: Piece) -> list[Repair]:
        s = self.state
        if (
            OptionalRule.repairing not in self.optional
            or not self.kind(p).recovery
            or p.destroyed
            or p.side is not s.active
            or p.id in s.moved
            or p.id in s.fired
            or p.id in s.done
            or p.id in s.turned
        ):
            return []
        out = []
        for w in s.pieces.values():
            if (
                w.destroyed
                and w.side is p.side
                and F.adjacent(p.square, w.square)
                and line(p.square, w.square) == p.facing
            ):
                out.append(Repair(p.id, w.id))
        return out

    # --- legal actions and applying them --------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self.state.over:
            return []
        out: list[Action] = []
        for p in self.alive(self.state.active):
            out += self._steps(p)
            out += self._turrets(p)
            out += self._fires(p)
            out += self._repairs(p)
        out.append(EndTurn())
        return out

    def apply(self, action: Action) -> None:
        if action not in self.legal_actions():
            raise IllegalAction(f"{action_to_json(action)} is not legal now")
        self._rolls = []
        entry = action_to_json(action)
        if isinstance(action, Step):
            self._step(action)
        elif isinstance(action, Fire):
            self._fire(action)
        elif isinstance(action, Turret):
            self._turret(action)
        elif isinstance(action, Repair):
            self._repair(action)
        elif isinstance(action, SpeedRoll):
            self._speed_roll(action)
        else:
            self._end_turn()
        entry["rolls"] = list(self._rolls)
        self._log.append(entry)
        self._check_end()

    def _activate(self, p: Piece) -> None:
        """`p` becomes the unit being activated; the one before it is done for the Turn."""
        s = self.state
        if s.current is not None and s.current != p.id:
            s.done.add(s.current)
        if s.current != p.id:
            s.current = p.id
            s.spent = 0
            s.last_rotation = False
            s.reversed = False
            s.allowance = 0

    def _step(self, a: Step) -> None:
        s = self.state
        p = s.pieces[a.unit]
        if p.id not in s.moved:
            single = self._single_step(p)
            self._activate(p)
            s.moved.append(p.id)
            if single:
                s.allowance = 1
            else:
                s.limited += 1
                s.allowance = self.kind(p).speed
            single_any = single  # a single step is taken whatever it costs
        else:
            single_any = False
        cost = self._cost(p)
        if a.step is StepKind.reverse:
            to = self._enter(p, (p.facing + 4) % 8, pushing=False)
            assert to is not None
            p.square = to[0]
            s.reversed = True
            s.spent = s.allowance
            return
        if a.step is StepKind.forward:
            pushing = OptionalRule.pushing in self.optional and self.kind(p).dozer
            moved = self._enter(p, p.facing, pushing=pushing)
            assert moved is not None
            if moved[1] is not None:
                cost = 2
            if moved[1] is not None:
                wreck = self.at(moved[0])
                assert wreck is not None
                wreck.square = moved[1]
            p.square = moved[0]
            s.last_rotation = False
        else:
            p.facing = (p.facing + (1 if a.step is StepKind.right else -1)) % 8
            s.last_rotation = True
        s.spent = s.allowance if single_any else s.spent + cost

    def _fire(self, a: Fire) -> None:
        s = self.state
        p, t = s.pieces[a.unit], s.pieces[a.target]
        self._activate(p)
        kind = self.kind(p)
        d = F.dist(p.square, t.square, self.realistic)
        if a.kind is FireKind.direct:
            assert kind.direct is not None
            armour = F.armour_value(self.kind(t).armour, t.square, t.facing, p.square)
            if self.absolute:
                hit = F.absolute_result(kind.direct, armour, d)
            else:
                red = self._roll()
                purple = F.PURPLE[self._roll() - 1] if kind.direct.purple else None
                hit = F.direct_result(kind.direct, red, purple, armour, d)
            if hit:
                t.destroyed = True
        else:
            assert kind.parabolic is not None
            # Absolute Mode: in range and located, it is certainly destroyed
            hit = self.absolute or F.parabolic_result(kind.parabolic, self._roll(), d)
            if hit:
                t.destroyed = True
            elif self.realistic and OptionalRule.missed_shot in self.optional:
                self._missed(p, t)
        s.fired.add(p.id)
        s.done.add(p.id)
        s.current = None

    def _missed(self, p: Piece, t: Piece) -> None:
        """Missed Shot: the spinner names one of the eight squares round the target; a vehicle
        there (either side's) is destroyed, unless an obstacle stands between (a building on
        the trajectory to that square: interpretation)."""
        dx, dy = F.SPINNER[self._roll(8)]
        sq = (t.square[0] + dx, t.square[1] + dy)
        other = self.at(sq)
        if other is None or other.destroyed or not self.game.board.on(sq):
            return
        par = self.kind(p).parabolic
        assert par is not None
        if F.trajectory_ok(self.game.board, p.square, sq, par, True, False):
            other.destroyed = True

    def _speed_roll(self, a: SpeedRoll) -> None:
        """Random Speed: 'The die modifies the vehicle's speed in that Round' (never below 1)."""
        s = self.state
        p = s.pieces[a.unit]
        self._activate(p)
        s.moved.append(p.id)
        s.limited += 1
        s.allowance = max(1, self.kind(p).speed + SPEED_DIE[self._roll() - 1])

    def _turret(self, a: Turret) -> None:
        p = self.state.pieces[a.unit]
        self._activate(p)
        p.turret = (p.turret + a.turn) % 8
        self.state.turned.add(p.id)

    def _repair(self, a: Repair) -> None:
        s = self.state
        p, w = s.pieces[a.unit], s.pieces[a.wreck]
        if s.current is not None:
            s.done.add(s.current)
            s.current = None
        w.destroyed = False
        s.done |= {p.id, w.id}  # both move again from the following Round
        s.fired.add(w.id)

    def _end_turn(self) -> None:
        s = self.state
        s.current = None
        s.moved, s.limited = [], 0
        s.fired, s.done, s.turned = set(), set(), set()
        s.spent = s.allowance = 0
        s.last_rotation = s.reversed = False
        first = self.game.mission.first
        s.active = Side.red if s.active is Side.green else Side.green
        if s.active is first:
            if s.round >= self.game.mission.rounds:
                s.over = True  # the last round is over
            else:
                s.round += 1

    # --- the end ----------------------------------------------------------------------------------

    def _check_end(self) -> None:
        s = self.state
        if self._decided() is not None:
            s.over = True

    def _decided(self) -> tuple[Side, VictoryLevel] | None:
        """A side wins outright: the enemy has no vehicle left, or the attacker broke through."""
        for side in (Side.green, Side.red):
            other = Side.red if side is Side.green else Side.green
            if not self.alive(other):
                return side, VictoryLevel.total
        goal = self.game.mission.goal
        if goal.kind is GoalKind.break_through and goal.attacker is not None:
            targets = {parse_square(q) for q in goal.squares}
            if any(p.square in targets for p in self.alive(goal.attacker)):
                return goal.attacker, VictoryLevel.total
        return None

    def points(self) -> dict[Side, int]:
        """Effectiveness points of the enemy's vehicles each side has destroyed."""
        out = {Side.green: 0, Side.red: 0}
        for p in self.state.pieces.values():
            if p.destroyed:
                out[Side.red if p.side is Side.green else Side.green] += self.kind(p).effectiveness
        return out

    @property
    def outcome(self) -> Outcome:
        points = self.points()
        decided = self._decided()
        goal = self.game.mission.goal
        conditions = {
            "green_destroyed": not self.alive(Side.green),
            "red_destroyed": not self.alive(Side.red),
        }
        winner: Side | None
        level: VictoryLevel | None
        if decided is not None:
            winner, level = decided
        elif goal.kind is GoalKind.break_through and goal.attacker is not None:
            winner = Side.red if goal.attacker is Side.green else Side.green  # held, so far
            level = VictoryLevel.partial
        elif points[Side.green] != points[Side.red]:
            winner = Side.green if points[Side.green] > points[Side.red] else Side.red
            level = VictoryLevel.partial
        else:
            winner, level = None, None
        if goal.kind is GoalKind.break_through:
            conditions["broke_through"] = (
                decided is not None
                and decided[0] is goal.attacker
                and bool(self.alive(decided[0]))
                and bool(self.alive(Side.red if decided[0] is Side.green else Side.green))
            )
        if not self.state.over:
            result = Result.ongoing
        else:
            result = Result.undecided if winner is None else Result.victory
        return Outcome(result, winner, level, points, conditions)


_COMPASS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
