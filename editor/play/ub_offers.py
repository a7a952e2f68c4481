"""What an Urban Battle decider may click: the legal actions (the rule set's single source of
truth) sorted by the vehicle they belong to, each with the words the board and the report use.

Nothing here decides what is legal: a vehicle is offered only because `legal_actions()` holds
an action of it, a square only because a Step goes there, a target only because a Fire aims at
it. The firing figures (firepower against armour plus distance, and the chance) are read with
the rule set's own fire functions (engine/rules/ub/fire.py) from the briefing's unit charts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.model.square_board import parse_square
from engine.model.ub_mission import FiringMode
from engine.rules.ub import fire as F
from engine.rules.ub.actions import EndTurn, Fire, FireKind, Repair, SpeedRoll, Step, StepKind, Turret
from engine.rules.ub.board import COMPASS, DIRECTIONS, Square, square_name

STEP_WORDS = {
    StepKind.forward: "forward",
    StepKind.reverse: "reverse",
    StepKind.left: "turn left 45°",
    StepKind.right: "turn right 45°",
}


@dataclass(frozen=True)
class Shot:
    """A fire offered: who at whom, and what the dice face (Firing: RF against A + D)."""

    action: Fire
    shooter: Square
    target: Square
    text: str  # e.g. "direct: 1d6+1d4+5 vs armour side 4 + distance 6 = 10 (58%)"
    chance: float


def compass(facing: str | int) -> int:
    return COMPASS.index(facing) if isinstance(facing, str) else facing


def armour_face(target: Square, facing: int, shooter: Square) -> str:
    """Which armour a shot from `shooter` meets (the same angles as fire.armour_value)."""
    angle = F.off_axis(target, shooter, facing)
    if angle < 45 - 1e-9:
        return "front"
    if angle > 135 + 1e-9:
        return "rear"
    return "side"


def fire_figures(action: Fire, observation: Any, game: Any) -> tuple[str, float]:
    """The shot's figures from the charts and the pieces where they stand: direct fire's
    firepower against the target's armour (front, side or rear by the shooter's position) plus
    the distance, or parabolic fire's roll times the multiplier against the distance."""
    pieces = {p.id: p for p in observation.pieces}
    shooter, target = pieces[action.unit], pieces[action.target]
    kind, tkind = game.types[shooter.type], game.types[target.type]
    a, b = parse_square(shooter.square), parse_square(target.square)
    mode = game.mission.firing_mode
    d = F.dist(a, b, mode is FiringMode.realistic)
    if action.kind is FireKind.direct:
        fire = kind.direct
        armour = F.armour_value(tkind.armour, b, compass(target.facing), a)
        face = armour_face(b, compass(target.facing), a)
        need = f"armour {face} {armour} + distance {d} = {armour + d}"
        if mode is FiringMode.absolute:
            sure = F.absolute_result(fire, armour, d)
            return f"direct: firepower {fire.absolute} vs {need}", 1.0 if sure else 0.0
        dice = "1d6" + ("+1d4" if fire.purple else "") + (f"+{fire.fixed}" if fire.fixed else "")
        chance = F.direct_chance(fire, armour, d)
        return f"direct: {dice} vs {need} ({chance:.0%})", chance
    par = kind.parabolic
    if mode is FiringMode.absolute:
        return f"parabolic: in range at distance {d}, located (sure)", 1.0
    chance = sum(F.parabolic_result(par, r, d) for r in range(1, 7)) / 6
    return f"parabolic: 1d6×{par.multiplier} vs distance {d} ({chance:.0%})", chance


class UbOffers:
    """The decider's legal actions, by vehicle."""

    def __init__(self, actions: Sequence[Any], observation: Any, game: Any):
        self.actions = list(actions)
        self.observation = observation
        self.game = game
        self.pieces = {p.id: p for p in observation.pieces}

    def vehicles(self) -> set[str]:
        """Own vehicles with something to do now (a step, a shot, a turret turn, a repair)."""
        return {a.unit for a in self.actions if not isinstance(a, EndTurn)}

    def steps(self, unit: str) -> list[Step]:
        return [a for a in self.actions if isinstance(a, Step) and a.unit == unit]

    def shots(self, unit: str) -> list[Shot]:
        out = []
        for a in self.actions:
            if isinstance(a, Fire) and a.unit == unit:
                text, chance = fire_figures(a, self.observation, self.game)
                shooter, target = self.pieces[a.unit], self.pieces[a.target]
                out.append(Shot(a, parse_square(shooter.square), parse_square(target.square), text, chance))
        return out

    def speed_rolls(self, unit: str) -> list[SpeedRoll]:
        """Random Speed: the die rolled before the vehicle's Steps are offered."""
        return [a for a in self.actions if isinstance(a, SpeedRoll) and a.unit == unit]

    def turrets(self, unit: str) -> list[Turret]:
        return [a for a in self.actions if isinstance(a, Turret) and a.unit == unit]

    def repairs(self, unit: str) -> list[Repair]:
        return [a for a in self.actions if isinstance(a, Repair) and a.unit == unit]

    def end_turn(self) -> EndTurn | None:
        return next((a for a in self.actions if isinstance(a, EndTurn)), None)

    def step_square(self, step: Step) -> Square:
        """Where a Step leaves the vehicle (a rotation: where it stands)."""
        p = self.pieces[step.unit]
        sq, facing = parse_square(p.square), compass(p.facing)
        if step.step is StepKind.forward:
            dx, dy = DIRECTIONS[facing]
        elif step.step is StepKind.reverse:
            dx, dy = DIRECTIONS[(facing + 4) % 8]
        else:
            return sq
        return sq[0] + dx, sq[1] + dy


def label(action: Any) -> str:
    """An action in a button's or a menu's words."""
    if isinstance(action, Step):
        return f"{action.unit}: {STEP_WORDS[action.step]}"
    if isinstance(action, Fire):
        return f"{action.unit}: fire {action.kind.value} at {action.target}"
    if isinstance(action, Turret):
        side = "right" if action.turn > 0 else "left"
        return f"{action.unit}: turret {abs(action.turn) * 45}° {side}"
    if isinstance(action, Repair):
        return f"{action.unit}: repair {action.wreck}"
    if isinstance(action, SpeedRoll):
        return f"{action.unit}: roll the speed die"
    return "End turn"


__all__ = ["STEP_WORDS", "Shot", "UbOffers", "fire_figures", "label", "square_name"]
