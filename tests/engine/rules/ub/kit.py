"""Small Urban Battle games for the rule tests: a board from rows, pieces by square."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from engine.rules.ub.game import UbGame
from engine.rules.ub.play import UbPlay

#: the sample chart's own types plus test ones
UNITS: list[dict[str, Any]] = [
    {
        "id": "tank",
        "name": "Tank",
        "speed": 4,
        "mount": "turret",
        "direct": {"purple": True, "fixed": 5, "absolute": 11},
        "armour": {"front": 6, "side": 4, "rear": 3},
        "effectiveness": 4,
    },
    {
        "id": "slow",
        "name": "Slow tank (speed 2)",
        "speed": 2,
        "mount": "turret",
        "direct": {"purple": True, "fixed": 5, "absolute": 11},
        "armour": {"front": 6, "side": 4, "rear": 3},
        "effectiveness": 4,
    },
    {
        "id": "wheeled",
        "name": "Wheeled",
        "speed": 5,
        "drive": "wheels",
        "mount": "turret",
        "direct": {"purple": False, "fixed": 3, "absolute": 6},
        "armour": {"front": 2, "side": 2, "rear": 1},
        "effectiveness": 2,
    },
    {
        "id": "amphibious",
        "name": "Amphibious",
        "speed": 4,
        "mount": "turret",
        "amphibious": True,
        "direct": {"purple": False, "fixed": 4, "absolute": 7},
        "armour": {"front": 3, "side": 2, "rear": 2},
        "effectiveness": 2,
    },
    {
        "id": "hull",
        "name": "Destroyer",
        "speed": 4,
        "mount": "hull",
        "direct": {"purple": True, "fixed": 8, "absolute": 14},
        "armour": {"front": 7, "side": 4, "rear": 3},
        "effectiveness": 5,
    },
    {
        "id": "howitzer",
        "name": "Howitzer",
        "speed": 3,
        "mount": "hull",
        "parabolic": {
            "min_range": 3,
            "max_range": 16,
            "multiplier": 3,
            "absolute_min": 3,
            "absolute_max": 12,
        },
        "armour": {"front": 4, "side": 3, "rear": 2},
        "effectiveness": 5,
    },
    {
        "id": "mortar",
        "name": "Mortar",
        "speed": 3,
        "mount": "hull",
        "parabolic": {
            "min_range": 2,
            "max_range": 10,
            "multiplier": 2,
            "absolute_min": 2,
            "absolute_max": 8,
            "mortar": True,
        },
        "armour": {"front": 4, "side": 3, "rear": 2},
        "effectiveness": 4,
    },
    {
        "id": "dozer",
        "name": "Dozer",
        "speed": 4,
        "mount": "turret",
        "dozer": True,
        "direct": {"purple": True, "fixed": 5, "absolute": 11},
        "armour": {"front": 6, "side": 4, "rear": 3},
        "effectiveness": 5,
    },
    {
        "id": "arv",
        "name": "ARV",
        "speed": 4,
        "mount": "hull",
        "recovery": True,
        "armour": {"front": 6, "side": 4, "rear": 3},
        "effectiveness": 3,
    },
]


def write_game(
    folder: Path,
    rows: Iterable[str],
    green: Iterable[tuple[str, str, str, str]],
    red: Iterable[tuple[str, str, str, str]],
    **mission: Any,
) -> Path:
    """Files for a one-segment board, the test chart and a mission; pieces are
    (id, type, square, facing). Returns the mission's path."""
    (folder / "board.json").write_text(
        json.dumps(
            {"schema": "ub-board/1", "id": "b", "title": "B", "segments": [{"id": "S1", "rows": list(rows)}]}
        )
    )
    (folder / "units.json").write_text(
        json.dumps({"schema": "ub-units/1", "id": "u", "title": "U", "units": UNITS})
    )

    def force(units: Iterable[tuple[str, str, str, str]]) -> dict[str, Any]:
        return {"units": [{"id": i, "type": t, "square": s, "facing": f} for i, t, s, f in units]}

    data = {
        "schema": "ub-mission/1",
        "rules": "urban-battle",
        "id": "m",
        "title": "M",
        "board": "board.json",
        "units": ["units.json"],
        "rounds": 10,
        "unequal": True,
        "forces": {"green": force(green), "red": force(red)},
        "goal": {"kind": "destroy"},
    }
    data.update(mission)
    path = folder / "mission.json"
    path.write_text(json.dumps(data))
    return path


def start(folder: Path, rows: Iterable[str], green: Any, red: Any, seed: int = 1, **mission: Any) -> UbPlay:
    return UbPlay(UbGame.load(write_game(folder, rows, green, red, **mission)), seed)


class Dice:
    """A stand-in for the play's generator: the given results in order."""

    def __init__(self, *values: int):
        self.values = list(values)

    def randint(self, low: int, high: int) -> int:
        return self.values.pop(0)

    def randrange(self, n: int) -> int:
        return self.values.pop(0)


OPEN = ["." * 10] * 10
