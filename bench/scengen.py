"""Generated Urban Operations scenarios, deterministic from a seed, for benches, soaks and
bot tuning: scenarios no bot was ever tuned on.

Use from the shell:

    .venv/bin/python -m bench.scengen --seed 7 --out /tmp/s7            # one scenario
    .venv/bin/python -m bench.scengen --seed 7 --out /tmp/gen --count 5 # seeds 7..11, one folder each
    .venv/bin/uo play /tmp/s7/scenario.yaml --green heuristic --red random

or from Python:

    from bench.scengen import write_scenario, write_scenarios, info, BENCH_SEEDS, SOAK_SEEDS
    path = write_scenario(seed, out_dir)   # -> out_dir/scenario.yaml (and its files)
    paths = write_scenarios(SOAK_SEEDS, folder)  # -> folder/gen-<seed>/scenario.yaml each
    meta = info(seed)                      # ScenarioInfo: what the generator chose

A scenario folder holds `scenario.yaml`, its sheets `sheet-A.yaml` ... (1-4 generated towns
of bench/mapgen.py's `make_sheet`, 14-20 x 10-14 hexes each, so a scenario compiles and loads
in a second or two), optionally an underground insert `insert-U.yaml` reached by two manholes,
a copy of the repository's card files under `cards/` (so the folder is self-contained), and
optionally house-rule tables under `house-rules/` (terrain chart or combat tables with values
changed within the model's ranges). The same seed always writes the same bytes.

What the seed chooses (all recorded in the scenario's briefing and in `info(seed)`):
- the victory *kind* (`ScenarioInfo.kind`): "control" (locations), "buildings"
  (`control_buildings`), "destroy" (elimination only: only `destroy` conditions, for both
  sides), "collateral" (control plus population penalties), "mixed" (every kind);
  every condition carries points, and victory levels (total / partial) have thresholds;
- the attacker (the side that must take the objectives; the other holds or counter-attacks),
  turns 4-12, night turns, initiative each turn, wind, advanced rules;
- the orders of battle: 1-3 impulse forces a side from the sample cards
  (scenarios/cards/units.yaml), quality, support points, hidden blocks, dummies, vehicles with
  troops mounted, a reinforcement force entering from its map edge;
- No Man's Land counters (population ones whenever a `collateral` condition exists).

Objectives are reachable by construction and checked: every location a side must control is
within REACH_MP_PER_TURN x turns movement points (foot, through the compiled battlefield's
`reach`) of one of that side's blocks set up on the map; `ScenarioInfo.reachable[side]`
says whether the side can reach enough of its scoring objectives to win (a `destroy`
condition counts when an enemy block is within that reach).

`BENCH_SEEDS` (the bench's generated scenarios) cover every kind, night, sewers, one and
several sheets and house rules; `SOAK_SEEDS` are 24 more for the soak.
"""

from __future__ import annotations

import argparse
import math
import random
import shutil
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from engine.battlefield import LocKind, Placement, compile_sheets
from engine.battlefield.movement import FOOT, reach
from engine.io.files import dumps
from engine.model.scenario import Scenario
from engine.model.sheet import Grid, Manhole, MapSheet, SheetKind, Terrain, UndergroundZone
from engine.model.terrain_chart import TerrainChart

from .mapgen import SIZE, make_sheet

REPO = Path(__file__).resolve().parent.parent
CARD_FILES = ("units.yaml", "support.yaml")

#: movement points a side is counted on to spend towards an objective each turn: well under
#: a foot block's allowance, since a block is not activated for movement every impulse
REACH_MP_PER_TURN = 3

KINDS = ("control", "buildings", "destroy", "collateral", "mixed")

#: sheets across x down for 1-4 sheets: the grids continue across every seam
LAYOUTS = {1: (1, 1), 2: (2, 1), 3: (3, 1), 4: (2, 2)}

#: impulse-force templates per side: (card of the leader, [(card, type, how many)])
GREEN_FORCES = {
    "mech": (
        "co-mech",
        [("co-mech", "infantry", 3), ("co-mech", "platoon_support", 1), ("co-apc", "apc", 1)],
    ),
    "assault": ("co-eng", [("co-eng", "engineer", 2), ("co-tank", "mbt", 1), ("co-recon", "scout", 1)]),
    "guard": ("co-guard", [("co-guard", "infantry", 3), ("co-guard", "support_weapons", 1)]),
}
RED_FORCES = {
    "fighters": ("mil-fighters", [("mil-fighters", "infantry", 3), ("mil-fighters", "support_weapons", 1)]),
    "cell": (
        "mil-cell",
        [("mil-cell", "infantry", 3), ("mil-cell", "engineer", 1), ("mil-cell", "scout", 1)],
    ),
    "volunteers": (
        "mil-volunteers",
        [
            ("mil-volunteers", "infantry", 1),
            ("mil-volunteers", "platoon_support", 1),
            ("mil-armour", "armoured_vehicle", 1),
        ],
    ),
}
VEHICLES = {"apc", "mbt", "armoured_vehicle", "unarmoured_vehicle"}
HQ = {"green": "co-hq", "red": "mil-hq"}
SIDE_NAMES = {"green": "Generated coalition company", "red": "Generated militia"}
ADVANCED = [
    "supporting_fire",
    "armor_cover",
    "antitank_breaching",
    "crossing_walls",
    "blocking_underground",
    "population_movement",
]


@dataclass
class ScenarioInfo:
    """What the generator chose for a seed (also written in the scenario's briefing)."""

    seed: int
    kind: str  # one of KINDS
    sheets: int
    columns: int
    rows: int
    turns: int
    night_turns: list[int]
    attacker: str  # "green" or "red"
    sewers: bool  # an underground insert reached by manholes
    house_rules: list[str]  # "terrain", "combat"
    victory_kinds: list[str]  # the condition kinds of the format used
    elimination_only: bool
    reachable: dict[str, bool] = field(default_factory=dict)  # side -> can reach a win
    entry: bool = False  # a force enters as reinforcement
    title: str = ""

    def summary(self) -> str:
        night = f", night turns {self.night_turns}" if self.night_turns else ", day"
        extra = (", sewers" if self.sewers else "") + (
            f", house rules: {' and '.join(self.house_rules)}" if self.house_rules else ""
        )
        return (
            f"Generated by bench/scengen.py, seed {self.seed}: {self.kind} victory "
            f"({', '.join(self.victory_kinds)}), attacker {self.attacker}, {self.sheets} sheet(s) of "
            f"{self.columns} x {self.rows} hexes, {self.turns} turns{night}{extra}; "
            f"reachable objectives: {', '.join(s for s, ok in self.reachable.items() if ok) or 'none'}."
        )


# --- maps --------------------------------------------------------------------------------


def _sheets(
    rng: random.Random, seed: int, n: int, columns: int, rows: int
) -> list[tuple[MapSheet, Placement]]:
    across, _ = LAYOUTS[n]
    dx, dy = columns * 1.5 * SIZE, rows * math.sqrt(3) * SIZE
    out = []
    for k in range(n):
        sheet = make_sheet(chr(ord("A") + k), seed * 16 + k, columns, rows)
        out.append((sheet, Placement(position=((k % across) * dx, (k // across) * dy))))
    return out


def _insert(length: int) -> MapSheet:
    """An underground insert: a sewer of `length` hexes along row 2 with a passage at each
    end (zones A and B, reached from the manholes with those letters, 8.1.10)."""
    terrain = {f"{c:02d}02": Terrain.sewer for c in range(1, length + 1)}
    terrain["0101"] = Terrain.passage
    terrain[f"{length:02d}01"] = Terrain.passage
    return MapSheet(
        id="U",
        kind=SheetKind.underground,
        title="Generated sewer",
        description="Underground insert of a generated scenario: zone A at its west end, B at its east end.",
        size=((length - 1) * 1.5 * SIZE + 2 * SIZE, 3 * math.sqrt(3) * SIZE + SIZE),
        grid=Grid(size=SIZE, origin=(SIZE, SIZE), columns=length, rows=3),
        default_terrain=Terrain.solid,
        terrain=terrain,
        underground_zones=[
            UndergroundZone(letter="A", hexes=["0101"]),
            UndergroundZone(letter="B", hexes=[f"{length:02d}01"]),
        ],
    )


# --- house rules -------------------------------------------------------------------------


def _terrain_variant(rng: random.Random) -> tuple[str, str]:
    path = REPO / "engine" / "battlefield" / "data" / "terrain.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    hexes = data["hexes"]
    choice = rng.choice(["mud", "thick-woods", "deep-water", "hard-walls"])
    if choice == "mud":  # open ground is mud: 2 MP to enter, on foot and in a vehicle
        hexes["clear"]["foot"] = 2
        hexes["clear"]["vehicle"] = 2
    elif choice == "thick-woods":
        hexes["woods"]["foot"] = 2
        hexes["woods"]["vehicle"] = 3
        hexes["woods"]["obstacle"] = 4
    elif choice == "deep-water":
        hexes["water"]["foot"] = 3
        hexes["water"]["vehicle"] = None
    else:  # thicker garden walls
        data["walls"]["outer_wall"]["foot"] = 6
        data["walls"]["outer_wall"]["obstacle"] = 2
    text = f"# Generated house rule '{choice}' (bench/scengen.py): the shipped chart with one change.\n"
    return choice, text + yaml.safe_dump(data, sort_keys=False)


def _combat_variant(rng: random.Random) -> tuple[str, str]:
    path = REPO / "engine" / "rules" / "uo" / "data" / "combat.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    bonus = rng.choice([0, 2])
    data["chance_bonus"] = bonus
    text = f"# Generated house rule (bench/scengen.py): chance bonus {bonus} FP instead of 1.\n"
    return f"chance-{bonus}", text + yaml.safe_dump(data, sort_keys=False)


# --- the scenario ------------------------------------------------------------------------


class _Gen:
    def __init__(self, seed: int):
        self.seed = seed
        self.rng = random.Random(seed)
        rng = self.rng
        self.kind = KINDS[seed % len(KINDS)] if seed < 0 else rng.choice(KINDS)
        self.n_sheets = rng.choice([1, 1, 2, 2, 3, 4])
        self.columns = rng.choice([14, 16, 18, 20])
        self.rows = rng.choice([10, 12, 14])
        self.turns = rng.randint(4, 12)
        self.attacker = rng.choice(["green", "red"])
        self.sewers = rng.random() < 0.35
        self.files: dict[str, str] = {}

    def build(self) -> tuple[dict[str, str], ScenarioInfo]:
        rng = self.rng
        placed = _sheets(rng, self.seed, self.n_sheets, self.columns, self.rows)
        insert = _insert(rng.randint(6, 10)) if self.sewers else None
        # house rules first, from their own stream of the seed: the reach of the objectives
        # is measured with the terrain chart the game will use
        hrng = random.Random(f"house-rules-{self.seed}")
        house: dict[str, str] = {}
        house_rules: list[str] = []
        chart = None
        if hrng.random() < 0.3:
            name, text = _terrain_variant(hrng)
            self.files["house-rules/terrain.yaml"] = text
            house["terrain"] = "house-rules/terrain.yaml"
            house_rules.append(f"terrain ({name})")
            chart = TerrainChart.model_validate(yaml.safe_load(text))
        if hrng.random() < 0.25:
            name, text = _combat_variant(hrng)
            self.files["house-rules/combat.yaml"] = text
            house["combat"] = "house-rules/combat.yaml"
            house_rules.append(f"combat ({name})")
        bf = compile_sheets(placed, chart=chart)
        xs = [loc.centre[0] for loc in bf.locations if loc.layer == "surface"]
        x0, x1 = min(xs), max(xs)
        width = x1 - x0
        # the sides' set-up bands: each a fifth of the width in from its edge, green west
        band = 0.22 * width
        usable = [
            loc
            for loc in bf.locations
            if loc.layer == "surface"
            and loc.kind in (LocKind.hex, LocKind.room)
            and loc.terrain not in (Terrain.water,)
        ]
        west = [loc.id for loc in usable if loc.centre[0] <= x0 + band]
        east = [loc.id for loc in usable if loc.centre[0] >= x1 - band]
        middle = [loc.id for loc in usable if x0 + band < loc.centre[0] < x1 - band]
        hexes = [loc for loc in usable if loc.kind == LocKind.hex]
        edge_w = sorted((loc for loc in hexes), key=lambda loc: (loc.centre[0], loc.id))[:12]
        edge_e = sorted((loc for loc in hexes), key=lambda loc: (-loc.centre[0], loc.id))[:12]
        rng.shuffle(west)
        rng.shuffle(east)
        rng.shuffle(middle)
        self.band = {"green": west, "red": east}
        self.edge = {"green": [loc.id for loc in edge_w], "red": [loc.id for loc in edge_e]}
        self.used: set[str] = set()

        sheets_out = []
        manhole_hexes: list[str] = []
        if insert is not None:
            # a manhole near each side's band, so either side may use the sewer
            for side in ("green", "red"):
                cands = sorted(
                    (h for h in hexes if h.id in set(self.band[side]) and h.sheet == h.id[0]),
                    key=lambda h: h.id,
                )
                manhole_hexes.append(rng.choice(cands).id)
        for sheet, place in placed:
            manholes = [
                Manhole(id=f"MH-{letter}", hex=h[1:], letter=letter)
                for letter, h in zip("AB", manhole_hexes, strict=False)
                if h[0] == sheet.id
            ]
            if manholes:
                sheet = sheet.model_copy(update={"manholes": manholes})
            name = f"sheet-{sheet.id}.yaml"
            self.files[name] = dumps(sheet, header="# Generated by bench/scengen.py")
            sheets_out.append({"file": name, "position": [place.position[0], place.position[1]]})
        self.used.update(manhole_hexes)
        mp = REACH_MP_PER_TURN * self.turns
        sides = {s: self._side(s) for s in ("green", "red")}
        starts = {
            s: [b["at"] for f in sides[s]["impulse_forces"] for b in f["blocks"] if "at" in b]
            for s in ("green", "red")
        }
        reachable_from: dict[str, set[str]] = {}
        for s in ("green", "red"):
            got: set[str] = set()
            for at in starts[s]:
                got.update(reach(bf, at, FOOT, mp))
            reachable_from[s] = got
        conditions, levels, reachable, nml = self._victory(bf, middle, reachable_from, starts)
        night: list[int] = []
        if rng.random() < 0.35:
            k = rng.randint(1, min(3, self.turns - 1))
            night = (
                list(range(1, k + 1))
                if rng.random() < 0.4
                else list(range(self.turns - k + 1, self.turns + 1))
            )
        kinds = sorted({c["kind"] for c in conditions})
        meta = ScenarioInfo(
            seed=self.seed,
            kind=self.kind,
            sheets=self.n_sheets,
            columns=self.columns,
            rows=self.rows,
            turns=self.turns,
            night_turns=night,
            attacker=self.attacker,
            sewers=insert is not None,
            house_rules=house_rules,
            victory_kinds=kinds,
            elimination_only=kinds == ["destroy"],
            reachable=reachable,
            entry=any("entry" in f for s in sides.values() for f in s["impulse_forces"]),
            title=f"Generated {self.kind} {self.seed}",
        )
        doc: dict[str, Any] = {
            "schema": "uo-scenario/1",
            "id": f"gen-{self.seed}",
            "title": meta.title,
            "designer": "bench/scengen.py",
            "briefing": meta.summary() + "\n" + self._briefing(conditions),
            "cards": [f"cards/{n}" for n in CARD_FILES],
        }
        if house:
            doc["house_rules"] = house
        doc["map"] = {"sheets": sheets_out}
        if insert is not None:
            self.files["insert-U.yaml"] = dumps(insert, header="# Generated by bench/scengen.py")
            known = rng.choice([["green", "red"], ["green"], ["red"]])
            doc["map"]["underground"] = [{"file": "insert-U.yaml", "known_by": known}]
        doc["turns"] = self.turns
        if night:
            doc["night_turns"] = night
        doc["wind"] = rng.choice(["N", "NE", "E", "SE", "S", "SW", "W", "NW"])
        doc["initiative"] = [
            {"turn": t, "side": rng.choice(["green", "red"])} for t in range(1, self.turns + 1)
        ]
        doc["advanced_rules"] = sorted(rng.sample(ADVANCED, rng.randint(0, 3)))
        doc["sides"] = sides
        if nml:
            doc["no_mans_land"] = nml
        doc["victory"] = {"conditions": conditions, "levels": levels}
        # through the model: the file is what the format says (a slip here fails at once,
        # naming the field), written as the studio saves scenarios
        scenario = Scenario.model_validate(doc)
        self.files["scenario.yaml"] = dumps(scenario, header="# Generated by bench/scengen.py")
        return self.files, meta

    def _take(self, side: str, vehicle: bool = False) -> str:
        for loc in self.band[side]:
            # vehicles stand in hexes: the generated buildings are closed to them (8.1.4)
            if loc not in self.used and (not vehicle or loc[1:].isdigit()):
                self.used.add(loc)
                return loc
        raise RuntimeError(f"no free set-up location left for {side}")

    def _side(self, side: str) -> dict[str, Any]:
        rng = self.rng
        templates = GREEN_FORCES if side == "green" else RED_FORCES
        names = sorted(templates)
        rng.shuffle(names)
        chosen = names[: rng.randint(1, 3)]
        prefix = side[0]
        forces = []
        hidden_setup = rng.random() < 0.5
        for n, name in enumerate(chosen, start=1):
            leader_card, parts = templates[name]
            fid = f"{prefix}-if{n}"
            pl = f"{prefix}{n}-pl"
            blocks: list[dict[str, Any]] = [{"id": pl, "card": leader_card, "type": "platoon_leader"}]
            vehicle = None
            for card, btype, most in parts:
                for k in range(rng.randint(1, most)):
                    bid = f"{prefix}{n}-{btype.replace('_', '')}{k + 1}"
                    blocks.append({"id": bid, "card": card, "type": btype})
                    if btype == "apc":
                        vehicle = bid
            # reinforcements: a later force may enter from its side's map edge (7.1.1)
            entering = n > 1 and rng.random() < 0.3
            force: dict[str, Any] = {
                "id": fid,
                "name": f"{name.capitalize()} platoon",
                "platoon_leader": pl,
                "quality": rng.choice(["elite", "veteran", "veteran", "recruit"]),
                "support_points": rng.randint(0, 3),
            }
            if entering:
                force["entry"] = {
                    "turn": rng.randint(2, max(2, self.turns // 2)),
                    "hexes": sorted(rng.sample(self.edge[side], 2)),
                }
            else:
                mounted = False
                for b in blocks:
                    if vehicle and not mounted and b["type"] == "infantry" and rng.random() < 0.5:
                        b["mounted_in"] = vehicle
                        mounted = True
                        continue
                    b["at"] = self._take(side, b["type"] in VEHICLES)
                    if not rng.random() < 0.6:
                        b["hidden"] = False
            force["blocks"] = blocks
            forces.append(force)
        if all("entry" in f for f in forces):  # somebody starts on the map
            del forces[0]["entry"]
        out: dict[str, Any] = {"name": SIDE_NAMES[side], "impulse_forces": forces}
        if rng.random() < 0.5:
            hq = HQ[side]
            blocks = [
                {"id": f"{prefix}-cmd", "card": hq, "type": "commander", "at": self._take(side)},
                {"id": f"{prefix}-cp", "card": hq, "type": "command_post", "at": self._take(side)},
                {"id": f"{prefix}-log", "card": hq, "type": "logistics", "at": self._take(side)},
            ]
            first = next(f for f in forces if "entry" not in f)
            first["blocks"].extend(blocks)
            out["commander"] = f"{prefix}-cmd"
            out["command_post"] = f"{prefix}-cp"
            out["logistics"] = {"block": f"{prefix}-log", "reserve": rng.randint(0, 3)}
        out["hidden_setup"] = hidden_setup
        dummies = rng.randint(0, 3)
        if dummies:
            out["environment"] = {
                "dummies": {
                    "count": dummies,
                    "locations": [self._take(side) for _ in range(rng.randint(0, dummies))],
                }
            }
        out["support"] = {
            "actions": [
                {
                    "support": "sup-mortar" if side == "green" else "sup-militia-mortar",
                    "missions": rng.randint(1, 3),
                    "per_turn": 1,
                    "U": [0, 1],
                    "T+1": [2, 3, 4, 5],
                    "T": [6, 7, 8, 9],
                }
            ]
        }
        return out

    def _victory(
        self,
        bf: Any,
        middle: list[str],
        reachable_from: dict[str, set[str]],
        starts: dict[str, list[str]],
    ) -> tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, bool], list[dict[str, Any]]]:
        rng = self.rng
        att = self.attacker
        dfd = "red" if att == "green" else "green"
        conditions: list[dict[str, Any]] = []
        points: dict[str, int] = {"green": 0, "red": 0}
        reachable = {"green": False, "red": False}
        kind = self.kind
        # objectives: in the middle and the defender's band, within the attacker's reach
        near = [loc for loc in middle + self.band[dfd] if loc in reachable_from[att] and loc not in self.used]
        if kind in ("control", "collateral", "mixed"):
            k = rng.randint(1, 3)
            locs = sorted(near[:k]) if near else []
            if locs:
                pts = rng.randint(2, 4)
                conditions.append(
                    {
                        "kind": "control",
                        "id": "take-objectives",
                        "side": att,
                        "locations": locs,
                        "points": pts,
                        "description": f"{att.capitalize()} controls {', '.join(locs)}.",
                    }
                )
                points[att] += pts
                reachable[att] = True
                # the defender scores by holding them (it can reach them too, or it cannot win)
                held = [loc for loc in locs if loc in reachable_from[dfd]]
                if held:
                    conditions.append(
                        {
                            "kind": "control",
                            "id": "hold-objectives",
                            "side": dfd,
                            "locations": held,
                            "points": pts,
                            "description": f"{dfd.capitalize()} holds {', '.join(held)}.",
                        }
                    )
                    points[dfd] += pts
                    reachable[dfd] = True
        if kind in ("buildings", "mixed"):
            buildings = sorted(
                {
                    bf.location(loc).building
                    for loc in near
                    if bf.location(loc).building is not None
                    and all(r in reachable_from[att] for r in _rooms(bf, bf.location(loc).building))
                }
            )
            if buildings:
                chosen = sorted(rng.sample(buildings, min(len(buildings), rng.randint(1, 2))))
                pts = rng.randint(2, 4)
                conditions.append(
                    {
                        "kind": "control_buildings",
                        "id": "take-buildings",
                        "side": att,
                        "buildings": chosen,
                        "points": pts,
                        "description": f"{att.capitalize()} controls every room of {', '.join(chosen)}.",
                    }
                )
                points[att] += pts
                reachable[att] = True
                if all(r in reachable_from[dfd] for b in chosen for r in _rooms(bf, b)):
                    conditions.append(
                        {
                            "kind": "control_buildings",
                            "id": "hold-buildings",
                            "side": dfd,
                            "buildings": chosen,
                            "points": pts - 1 if pts > 2 else pts,
                            "description": f"{dfd.capitalize()} still holds building(s) {', '.join(chosen)}.",
                        }
                    )
                    points[dfd] += pts - 1 if pts > 2 else pts
                    reachable[dfd] = True
        if kind in ("destroy", "mixed") or not conditions:
            for side in (att, dfd):
                enemy = "red" if side == "green" else "green"
                count = rng.randint(1, 3)
                pts = rng.randint(2, 4)
                conditions.append(
                    {
                        "kind": "destroy",
                        "id": f"{side}-eliminates",
                        "side": side,
                        "block_types": [
                            "infantry",
                            "engineer",
                            "support_weapons",
                            "platoon_support",
                            "scout",
                        ],
                        "count": count,
                        "points": pts,
                        "description": f"{side.capitalize()} eliminates {count} enemy fighting blocks.",
                    }
                )
                points[side] += pts
                if any(loc in reachable_from[side] for loc in starts[enemy]):
                    reachable[side] = True
        nml: list[dict[str, Any]] = []
        free = [loc for loc in middle if loc not in self.used and bf.location(loc).kind == LocKind.hex]
        wants_population = kind in ("collateral", "mixed")
        n = rng.randint(2, 4) if wants_population else rng.randint(0, 3)
        kinds = ["population"] * (2 if wants_population else 0) + [
            rng.choice(["ied_uxo", "toxic", "population", "vehicles", "wreck", "barricade"]) for _ in range(n)
        ]
        for i, (ck, loc) in enumerate(zip(kinds, free, strict=False)):
            nml.append({"id": f"nml-{i + 1}", "kind": ck, "at": loc, "hidden": rng.random() < 0.5})
            self.used.add(loc)
        if wants_population and any(c["kind"] == "population" for c in nml):
            for side in (att, dfd):
                conditions.append(
                    {
                        "kind": "collateral",
                        "id": f"{side}-collateral",
                        "side": side,
                        "per_population": -rng.randint(1, 2),
                        "description": f"{side.capitalize()} loses points per Population counter it kills.",
                    }
                )
        levels = []
        order = [att, dfd] if rng.random() < 0.5 else [dfd, att]
        for side in order:
            if points[side] > 0:
                levels.append({"side": side, "level": "total", "min_points": points[side]})
        for side in order:
            if points[side] > 2:
                levels.append({"side": side, "level": "partial", "min_points": max(1, points[side] // 2)})
        return conditions, levels, reachable, nml

    def _briefing(self, conditions: list[dict[str, Any]]) -> str:
        return "\n".join(f"- {c['side']}: {c['description']}" for c in conditions) + "\n"


def _rooms(bf: Any, building: str) -> list[str]:
    return [
        loc.id
        for loc in bf.locations
        if loc.building == building and loc.kind in (LocKind.room, LocKind.zone)
    ]


def generate(seed: int) -> tuple[dict[str, str], ScenarioInfo]:
    """The files of seed's scenario (relative path -> text, cards excluded) and its metadata."""
    return _Gen(seed).build()


_INFO: dict[int, ScenarioInfo] = {}


def info(seed: int) -> ScenarioInfo:
    """What the generator chose for `seed` (kind, sheets, turns, reachable objectives...)."""
    if seed not in _INFO:
        _INFO[seed] = generate(seed)[1]
    return _INFO[seed]


def write_scenario(seed: int, out: Path | str) -> Path:
    """Write seed's scenario into folder `out` (created); returns out/scenario.yaml."""
    out = Path(out)
    files, meta = generate(seed)
    _INFO[seed] = meta
    (out / "cards").mkdir(parents=True, exist_ok=True)
    for name in CARD_FILES:
        shutil.copyfile(REPO / "scenarios" / "cards" / name, out / "cards" / name)
    for name, text in files.items():
        path = out / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return out / "scenario.yaml"


def write_scenarios(seeds: Iterable[int], out: Path | str) -> list[Path]:
    """Write each seed's scenario into out/gen-<seed>/; returns their scenario.yaml paths."""
    return [write_scenario(seed, Path(out) / f"gen-{seed}") for seed in seeds]


#: the bench's generated scenarios, chosen so that together they cover every victory kind
#: (2 control, 4 buildings, 7/13/47 elimination only with either side attacking, 27
#: collateral, 29 mixed), night (13, 29, 47), sewers (2, 4, 27, 47), one sheet (2, 7, 29,
#: 47) and several (4, 13: 2; 27: 4), and house rules (2, 13, 29: combat; 7, 47: terrain);
#: `info(seed)` says what each holds
BENCH_SEEDS: list[int] = [2, 4, 7, 13, 27, 29, 47]
#: the soak's generated scenarios: the bench's and seeds drawn afresh
SOAK_SEEDS: list[int] = BENCH_SEEDS + list(range(101, 118))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.scengen", description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--out", type=Path, required=True, help="folder (with --count: one subfolder per seed)")
    p.add_argument("--count", type=int, default=1)
    a = p.parse_args(argv)
    for seed in range(a.seed, a.seed + a.count):
        path = write_scenario(seed, a.out) if a.count == 1 else write_scenarios([seed], a.out)[0]
        print(f"{path}: {info(seed).summary()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
