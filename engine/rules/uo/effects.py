"""Weapons effect on the shooter's own side (8.2.1, 8.2.7.7): friendly fire.

A block that fires or assaults hurts the friendly blocks in its weapon's area of effect,
itself excepted (8.2.1.1): along the fire lane (light and heavy weapons), around the firer
and around the target (heavy weapons), and around the firer underground (light weapons'
echo, 8.2.1.4). Enemy blocks other than the target are never affected by a fire (8.2.1.1);
population and No Man's Land counters are the next rules issue's. The numbers are the aid
card's, in `data/weapons_effect.yaml`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Literal

import yaml
from pydantic import Field

from ...battlefield import Battlefield, Location, LocKind
from ...battlefield.movement import ep_from
from ...model.cards import EffectClass, Protection, Weapon
from ...model.common import Strict

if TYPE_CHECKING:
    from .play import Play

DATA_FILE = "engine/rules/uo/data/weapons_effect.yaml"


class _ByClass(Strict):
    soft: int = Field(0, ge=0, le=3)
    armoured: int = Field(0, ge=0, le=3)
    mbt: int = Field(0, ge=0, le=3)

    def of(self, protection: Protection) -> int:
        return int(getattr(self, protection.value))


class _Light(Strict):
    lane: _ByClass
    underground_echo: _ByClass


class _Heavy(Strict):
    around_firer: _ByClass
    lane: _ByClass
    around_target: _ByClass


class _Losses(Strict):
    light: _Light
    heavy: _Heavy


class WeaponsEffectTable(Strict):
    schema_: Literal["uo-weapons-effect/1"] = Field(alias="schema")
    lane_beyond_range: int = Field(ge=0, le=25)
    lane_beyond_obstacle: int = Field(ge=0, le=10)
    underground_echo: int = Field(ge=0, le=10)
    losses: _Losses


@cache
def table() -> WeaponsEffectTable:
    text = resources.files("engine.rules.uo").joinpath("data/weapons_effect.yaml").read_text("utf-8")
    try:
        return WeaponsEffectTable.model_validate(yaml.safe_load(text))
    except ValueError as exc:
        raise ValueError(f"{DATA_FILE}: {exc}") from None


@dataclass(frozen=True)
class Hit:
    block: str
    osl: int
    zone: str


def max_range(w: Weapon) -> int:
    """The far end of the weapon's last firing band, by daylight (9.2: the weapons effect
    keeps daylight ranges at night)."""
    last = max((i for i, fp in enumerate(w.firepower) if fp is not None), default=0)
    return 1 if last == 0 else 5 * last


def hits(
    play: Play, shooter: str, w: Weapon, target_location: str, assault: bool, origin: str | None = None
) -> list[Hit]:
    """The friendly blocks a shot from `shooter` at `target_location` reaches, with the OSL
    each loses (the worst zone it stands in; zones do not add up). `origin`: where the
    shooter fired from, if it has since left (eliminated in the same exchange)."""
    g, s = play.game, play.state
    info = g.blocks[shooter]
    if assault and info.vehicle:
        return []  # 8.2.8: vehicles overrun or ram, they do not fire
    t = table()
    bf = g.battlefield
    here = origin or s.blocks[shooter].location or ""
    start, aim = bf.location(here), bf.location(target_location)
    heavy = w.area_of_effect.effect == EffectClass.heavy
    losses = t.losses
    lane_reach = max_range(w) + t.lane_beyond_range
    out = []
    for bid, b in s.blocks.items():
        friend = g.blocks[bid]
        if bid == shooter or friend.side != info.side or friend.dummy or not b.on_map or not b.location:
            continue
        where = bf.location(b.location)
        protection = friend.profile.protection
        found: list[tuple[int, str]] = []
        if heavy:
            if (
                w.area_of_effect.around_firer
                and play.ep(here, where.id, w.area_of_effect.around_firer) is not None
            ):
                found.append((losses.heavy.around_firer.of(protection), "around the firer"))
            if w.area_of_effect.around_target and (
                play.ep(target_location, where.id, w.area_of_effect.around_target) is not None
            ):
                found.append((losses.heavy.around_target.of(protection), "around the target"))
        elif start.kind == LocKind.underground and play.ep(here, where.id, t.underground_echo) is not None:
            found.append((losses.light.underground_echo.of(protection), "echo underground"))
        if in_lane(play, start.id, aim.id, where.id, lane_reach):
            lane = losses.heavy.lane if heavy else losses.light.lane
            found.append((lane.of(protection), "fire lane"))
        osl, zone = max(found, default=(0, ""))
        if osl:
            out.append(Hit(bid, osl, zone))
    return out


def in_lane(play: Play, origin: str, aim: str, spot: str, reach: int) -> bool:
    """8.2.1.2: on the line from the firer through its target, within `reach` EP of the
    firer; where an obstacle stops the firer's LOS, the lane goes on 2 EP beyond it
    (8.2.1.4): a spot the firer does not see is in the lane if it is within that many EP of
    a spot of the lane, nearer the firer, that the firer sees."""
    bf = play.game.battlefield
    a, b, p = bf.location(origin), bf.location(aim), bf.location(spot)
    if not (a.layer == b.layer == p.layer) or a.index == b.index:
        return False
    along = _along_line(bf, a, b, p)
    if along is None or play.ep(origin, spot, reach) is None:
        return False
    if play.sees(origin, spot):
        return True
    beyond = table().lane_beyond_obstacle
    for near, d in ep_from(bf, spot).items():
        if d > beyond or near == spot:
            continue
        x = bf.location(near)
        if x.layer != a.layer or x.index == a.index:
            continue
        near_along = _along_line(bf, a, b, x)
        if near_along is not None and near_along < along and play.sees(origin, near):
            return True
    return False


def _along_line(bf: Battlefield, a: Location, b: Location, p: Location) -> float | None:
    """How far along the line from `a` through `b` the point `p` lies, if the line passes
    through its hex (within the hex's inner radius) on `b`'s side of `a`; else None."""
    (ax, ay), (bx, by), (px, py) = a.centre, b.centre, p.centre
    dx, dy = bx - ax, by - ay
    length = math.hypot(dx, dy)
    along = ((px - ax) * dx + (py - ay) * dy) / length
    if along <= 0:
        return None
    across = abs((px - ax) * dy - (py - ay) * dx) / length
    if across > bf.hex_size.get(a.layer, 10.0) * math.sqrt(3) / 2:
        return None
    return along


def apply(
    play: Play,
    shooter: str,
    weapon_id: str,
    target_location: str,
    assault: bool = False,
    origin: str | None = None,
) -> list[Hit]:
    """Apply the weapons effect of a shot: losses, and an Activated marker on every block
    hit (8.2.1.3, and the card: "activates the block"). An armoured or MBT block never
    goes below its operational level this way (8.2.1.3)."""
    from .fight import eliminate, mark_activated, weapon

    s = play.state
    found = hits(play, shooter, weapon(play, shooter, weapon_id), target_location, assault, origin)
    for hit in found:
        b = s.blocks[hit.block]
        info = play.game.blocks[hit.block]
        n = hit.osl
        if info.profile.protection != Protection.soft:
            n = min(n, max(0, 1 - b.losses))
        b.losses += n
        if b.losses >= info.levels:
            eliminate(play, hit.block, by=None)
            continue
        active = s.activation.block if s.activation is not None else None
        if hit.block != active:  # the moving block is marked when its activation ends
            mark_activated(play, hit.block)
    return found
