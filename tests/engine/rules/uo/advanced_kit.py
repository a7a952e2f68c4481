"""The small map (small.py) with what the advanced rules of movement and environment (11,
13) need: an outer wall between WALL_OUT and WALL_IN (8.1.6: 5 MP for a foot block) and a
manhole at MANHOLE leading to zone A of an underground insert "U" (UNDER_A, UNDER_B), known to
both sides. `advanced_game` is `small_game` on that map."""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

from engine.battlefield import Battlefield, Placement, compile_sheets
from engine.model.scenario import Side
from engine.rules.uo.game import Game

from ...battlefield.mapkit import MapKit
from .small import (
    BUILDING,
    COLUMNS,
    DOOR,
    DOOR_HEX,
    ROOM_N,
    ROOM_S,
    ROWS,
    SHEET,
    WATER,
    WINDOW,
    WINDOW_HEX,
    WOODS,
)
from .small import small_game as _small_game

WALL_OUT, WALL_IN = "S1006", "S1106"  # an outer wall along their shared side
MANHOLE = "S1008"
UNDER_A, UNDER_B = "U0101", "U0102"  # zone A below the manhole


def _label(loc: str) -> str:
    return loc[1:]


@cache
def advanced_battlefield() -> Battlefield:
    kit = MapKit(SHEET, columns=COLUMNS, rows=ROWS)
    kit.set_terrain("woods", _label(WOODS))
    kit.set_terrain("water", _label(WATER))
    kit.building(BUILDING, {ROOM_N: ["0604", "0704"], ROOM_S: ["0605", "0705"]}, roof=[("0605", "R1", 180.0)])
    kit.aperture(DOOR, "0704", _label(DOOR_HEX), kind="door", interior=ROOM_N)
    kit.aperture(WINDOW, "0705", _label(WINDOW_HEX), kind="window", interior=ROOM_S)
    kit.side_wall("outer_wall", (_label(WALL_OUT), _label(WALL_IN)))
    kit.manhole(_label(MANHOLE), "A")
    under = MapKit("U", columns=3, rows=2, kind="underground")
    under.set_terrain("passage", "0101", "0102", "0201")
    under.underground_zone("A", "0101", "0102")
    return compile_sheets([(kit.sheet(), Placement())], [under.sheet()])


#: surface hexes standing in for underground set-up locations while `small_game` (which
#: knows only the small map) builds the scenario
_STAND_INS = ("S0110", "S0210", "S0310", "S0410")


def advanced_game(**options: Any) -> Game:
    """`small_game(**options)` on the advanced map, the insert known to both sides; blocks
    may be set up underground (`at` on "U")."""
    options.setdefault("leaders", False)
    stand_ins = iter(_STAND_INS)
    below: dict[str, str] = {}
    for side in ("green", "red"):
        blocks = []
        for b in options.get(side, ()):
            if b.at is not None and b.at.startswith("U"):
                below[b.id] = b.at
                b = dataclasses.replace(b, at=next(stand_ins))
            blocks.append(b)
        options[side] = blocks
    game = _small_game(**options)
    scenario = game.scenario
    if below:
        data = scenario.model_dump(mode="json", by_alias=True)
        for side in ("green", "red"):
            for force in data["sides"][side]["impulse_forces"]:
                for block in force["blocks"]:
                    block["at"] = below.get(block["id"], block["at"])
        scenario = type(scenario).model_validate(data)
    return Game(
        scenario,
        advanced_battlefield(),
        game.cards,
        insert_known_by={"U": frozenset({Side.green, Side.red})},
    )
