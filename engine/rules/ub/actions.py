"""Urban Battle's actions: small frozen values, written to and read from log entries."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from enum import StrEnum
from typing import Any


class StepKind(StrEnum):
    forward = "forward"  # to the square in front (pushing a wreck, with the optional rule)
    left = "left"  # a 45-degree rotation in place, anticlockwise
    right = "right"  # clockwise
    reverse = "reverse"  # straight back one square: the whole movement of the round


class FireKind(StrEnum):
    direct = "direct"
    parabolic = "parabolic"


@dataclass(frozen=True)
class Step:
    """One movement Step of `unit` (Movement); its first step activates it (with Random
    Speed, the SpeedRoll before it does)."""

    unit: str
    step: StepKind


@dataclass(frozen=True)
class Fire:
    """`unit` fires at `target` (after any movement; once a round)."""

    unit: str
    target: str
    kind: FireKind = FireKind.direct


@dataclass(frozen=True)
class Turret:
    """Optional rule Rotating Turrets: turn `unit`'s turret by `turn` 45-degree steps
    (clockwise positive), before it fires."""

    unit: str
    turn: int


@dataclass(frozen=True)
class Repair:
    """Optional rule Repairing: the recovery vehicle `unit` removes the black marker of the
    adjacent wreck `wreck` it faces."""

    unit: str
    wreck: str


@dataclass(frozen=True)
class SpeedRoll:
    """Optional rule Random Speed: `unit` is about to move, so its speed die is rolled (by the
    game's dice, recorded in the log) before it chooses any Step; the roll starts its
    movement and counts against the movement limit."""

    unit: str


@dataclass(frozen=True)
class EndTurn:
    """The side ends its Turn."""


Action = Step | Fire | Turret | Repair | SpeedRoll | EndTurn
_KINDS: dict[str, type[Any]] = {cls.__name__: cls for cls in (Step, Fire, Turret, Repair, SpeedRoll, EndTurn)}


def action_to_json(action: Action) -> dict[str, Any]:
    data = {k: (v.value if isinstance(v, StrEnum) else v) for k, v in asdict(action).items()}
    return {"action": type(action).__name__, **data}


def action_from_json(data: Mapping[str, Any]) -> Action:
    """The action a log entry holds; ValueError says what is wrong."""
    name = data.get("action")
    cls = _KINDS.get(name) if isinstance(name, str) else None
    if cls is None:
        raise ValueError(f"unknown action {name!r}; Urban Battle has {', '.join(_KINDS)}")
    given = {k: v for k, v in data.items() if k not in ("action", "rolls", "rows")}
    names = {f.name for f in fields(cls)}
    if set(given) - names:
        raise ValueError(f"{name}: unknown field(s) {', '.join(sorted(set(given) - names))}")
    try:
        if cls is Step:
            return Step(str(given["unit"]), StepKind(given["step"]))
        if cls is Fire:
            return Fire(str(given["unit"]), str(given["target"]), FireKind(given.get("kind", "direct")))
        if cls is Turret:
            turn = given["turn"]
            if not isinstance(turn, int) or isinstance(turn, bool):
                raise ValueError("turn must be a whole number")
            return Turret(str(given["unit"]), turn)
        if cls is Repair:
            return Repair(str(given["unit"]), str(given["wreck"]))
        if cls is SpeedRoll:
            return SpeedRoll(str(given["unit"]))
    except KeyError as exc:
        raise ValueError(f"{name}: missing field {exc.args[0]}") from None
    return EndTurn()
