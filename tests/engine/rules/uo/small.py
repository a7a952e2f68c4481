"""Small scenarios built in memory for rule tests: no files, one small sheet, a handful of
unit cards, and `small_game()` to put blocks exactly where a test needs them.

The map: sheet "S", flat-topped hexes of 10 mm, 14 columns x 10 rows printed from S0101,
even columns half a hex lower (`stagger: even`, as `tests/engine/battlefield/mapkit.py`).
All clear terrain but one woods hex and one water hex. Odd columns on the first line of
each row, even columns half a hex lower on the second::

  0101      0301      0501      0701      0901      1101      1301
       0201      0401      0601      0801      1001      1201      1401
  0102      0302      0502      0702      0902      1102      1302
       0202      0402     (0602)     0802      1002      1202      1402
  0103      0303      0503      0703      0903      1103      1303
       0203      0403      0603      0803      1003      1203      1403
  0104     (0304)     0504     [1.1]D    0904      TTTT      1304
       0204      0404     [1.1]     <0804      1004      1204      1404
  0105      0305      0505     [1.2]W    0905      1105      1305
       0205      0405     [1.2]R    <0805      1005      1205      1405
  0106      0306      0506      0706      0906      1106      1306
       0206      0406      0606      0806      1006      1206      1406
  0107      0307      0507      0707      0907      1107      1307
       0207      0407     (0607)     0807      1007      1207      1407
  0108      0308      0508      0708      0908      1108      1308
       0208      0408      0608      0808      1008      1208      1408
  0109      ~~~~      0509      0709      0909      1109      1309
       0209      0409      0609      0809      1009      1209      1409
  0110      0310      0510      0710      0910      1110      1310
       0210      0410      0610      0810      1010      1210      1410

- Building "1" covers S0604, S0704 (room 1.1, north) and S0605, S0705 (room 1.2, south):
  those four hexes are not locations (5.1.1), the rooms are. A partition divides the
  rooms; it is crossed anywhere (8.1.3: partitions have no doors in the model). Facade
  door `D1` (the `D`, on the south-east side of S0704) joins 1.1 and DOOR_HEX S0804;
  facade window `W1` (south-east side of S0705) joins 1.2 and WINDOW_HEX S0805; both
  with 120 degree fire arcs facing the street. An access-to-roof symbol in 1.2 (`R`, at
  the centre of S0605) makes the roof `1.R`: stairs from 1.2 (8.1.8), climbing from the
  hexes around the building (8.1.7).
- The street: column 08 (STREET, S0801-S0810), clear from end to end; lines of sight
  along it run through the column's centres and touch nothing.
- NORTH_YARD S0602 and SOUTH_YARD S0607: the line between them runs down column 06
  through the building: blocked (5.1.7). WEST_YARD S0304 -> DOOR_HEX S0804 is blocked by
  the building too; DOOR_HEX sees into 1.1 through the door, not into 1.2.
- WOODS S1104 (`TTTT`), WATER S0309 (`~~~~`).
- Green's side is the west: GREEN_EDGE (column 01) for reinforcements, GREEN_ZONE
  (columns 01-02) to deploy in, GREEN_HOME (S0101, S0102, ...) for the blocks the builder
  adds itself. Red's is the east: RED_EDGE (column 14), RED_ZONE (13-14), RED_HOME
  (S1410, S1409, ...).

Blocks: `B(id, type, at)`; `at=None` means a reinforcement (its force is in `entries`),
mounted (`mounted_in`), or deployed by its player in the side's deployment area.
A side's blocks form the impulse force `g1` / `r1` unless `B.force` names another one.
With `leaders=True` a force without a platoon leader block gets one, `<force>-pl`, at the
side's next HOME hex (with its force if the force enters or deploys): mind that on the
open map it sees most hexes, so pass `leaders=False` (command limit 3) or place your own
leader when a test must not have extra eyes. `commander=True` adds `<g|r>-cmd` and
`<g|r>-cp` the same way; a commander or command post block given explicitly is the side's
whatever the flag.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engine.battlefield import Battlefield, Placement, compile_sheets
from engine.model.cards import VEHICLE_TYPES, BlockType, UnitCard
from engine.model.scenario import AdvancedRule, ControlLocations, Quality, Scenario, Side, Victory
from engine.model.sheet import MapSheet
from engine.rules.uo.game import Game

from ...battlefield.mapkit import MapKit

# --- the map ------------------------------------------------------------------------------
SHEET = "S"
COLUMNS, ROWS = 14, 10
BUILDING = "1"
ROOM_N = "1.1"  # north room, door D1 onto DOOR_HEX
ROOM_S = "1.2"  # south room, window W1 onto WINDOW_HEX, stairs to the roof
ROOF = "1.R"
DOOR, WINDOW = "D1", "W1"  # aperture ids
DOOR_HEX = "S0804"
WINDOW_HEX = "S0805"
STREET = tuple(f"S08{r:02d}" for r in range(1, ROWS + 1))
STREET_N, STREET_S = STREET[0], STREET[-1]
NORTH_YARD, SOUTH_YARD = "S0602", "S0607"  # LOS between them crosses the building
WEST_YARD = "S0304"  # LOS to DOOR_HEX crosses the building
WOODS = "S1104"
WATER = "S0309"
BUILDING_HEXES = ("S0604", "S0704", "S0605", "S0705")  # under the building: no locations

GREEN_EDGE = tuple(f"S01{r:02d}" for r in range(1, ROWS + 1))
RED_EDGE = tuple(f"S14{r:02d}" for r in range(1, ROWS + 1))
GREEN_ZONE = tuple(f"S{c:02d}{r:02d}" for c in (1, 2) for r in range(1, ROWS + 1))
RED_ZONE = tuple(f"S{c:02d}{r:02d}" for c in (13, 14) for r in range(1, ROWS + 1))
GREEN_HOME = GREEN_EDGE
RED_HOME = tuple(reversed(RED_EDGE))
EDGE = {Side.green: GREEN_EDGE, Side.red: RED_EDGE}
ZONE = {Side.green: GREEN_ZONE, Side.red: RED_ZONE}
HOME = {Side.green: GREEN_HOME, Side.red: RED_HOME}


def _label(loc: str) -> str:
    return loc.removeprefix(SHEET)


@cache
def small_sheet() -> MapSheet:
    kit = MapKit(SHEET, columns=COLUMNS, rows=ROWS)
    kit.set_terrain("woods", _label(WOODS))
    kit.set_terrain("water", _label(WATER))
    kit.building(
        BUILDING,
        {ROOM_N: ["0604", "0704"], ROOM_S: ["0605", "0705"]},
        roof=[("0605", "R1", 180.0)],
    )
    kit.aperture(DOOR, "0704", _label(DOOR_HEX), kind="door", interior=ROOM_N)
    kit.aperture(WINDOW, "0705", _label(WINDOW_HEX), kind="window", interior=ROOM_S)
    return kit.sheet()


@cache
def small_battlefield() -> Battlefield:
    """Compiled once: a battlefield is immutable, every game may share it."""
    return compile_sheets([(small_sheet(), Placement())], [])


# --- unit cards (our own numbers) ---------------------------------------------------------
# Firepower bands: 1 EP (assault), 2-5, 6-10, 11-15, 16-20, 21-25 EP.
_CARDS: list[dict[str, Any]] = [
    {
        "id": "rifles",
        "name": "Rifle platoon",
        "blocks": [
            {
                "type": "platoon_leader",
                "name": "Platoon HQ",
                "weapons": [{"id": "carbines", "name": "Carbines", "firepower": [4, 4, 3, None, None, None]}],
            },
            {
                "type": "infantry",
                "name": "Rifle squad",
                "count": 4,
                "weapons": [
                    {"id": "rifles", "name": "Rifles", "firepower": [6, 5, 3, None, None, None]},
                    {
                        "id": "mg",
                        "name": "Light machine gun",
                        "firepower": [5, 6, 5, 3, None, None],
                        "area_of_effect": {"effect": "light"},
                    },
                ],
            },
        ],
    },
    {
        "id": "engineers",
        "name": "Engineer section",
        "blocks": [
            {
                "type": "engineer",
                "name": "Sapper squad",
                "count": 2,
                "ladder": True,
                "weapons": [
                    {"id": "rifles", "name": "Rifles", "firepower": [6, 5, 3, None, None, None]},
                    {
                        "id": "charges",
                        "name": "Breaching charges",
                        "firepower": [7, None, None, None, None, None],
                        "breach": "contact",
                        "area_of_effect": {"effect": "heavy", "around_target": 1},
                    },
                ],
            }
        ],
    },
    {
        "id": "hq",
        "name": "Company headquarters",
        "blocks": [
            {
                "type": "commander",
                "name": "Company commander",
                "osl_levels": 2,
                "weapons": [
                    {"id": "pistols", "name": "Pistols", "firepower": [3, 2, None, None, None, None]}
                ],
            },
            {"type": "command_post", "name": "Command post", "osl_levels": 2, "weight": 2},
        ],
    },
    {
        "id": "services",
        "name": "Support and logistics",
        "blocks": [
            {
                "type": "platoon_support",
                "name": "Platoon support",
                "weapons": [{"id": "rifles", "name": "Rifles", "firepower": [4, 3, None, None, None, None]}],
            },
            {"type": "logistics", "name": "Logistics", "osl_levels": 2, "weight": 2},
        ],
    },
    {
        "id": "sniper",
        "name": "Sniper team",
        "blocks": [
            {
                "type": "sniper",
                "name": "Sniper pair",
                "osl_levels": 2,
                # long range only: nothing below 11 EP
                "weapons": [
                    {"id": "rifle", "name": "Long-range rifle", "firepower": [None, None, None, 6, 6, 5]}
                ],
            }
        ],
    },
    {
        "id": "apc",
        "name": "Wheeled APC",
        "kind": "vehicle",
        "blocks": [
            {
                "type": "apc",
                "name": "APC",
                "count": 2,
                "protection": "armoured",
                "capacity": 2,
                "weapons": [
                    {
                        "id": "hmg",
                        "name": "Heavy machine gun",
                        "firepower": [5, 5, 5, 4, 3, None],
                        "area_of_effect": {"effect": "light"},
                    }
                ],
            }
        ],
    },
    {
        "id": "mbt",
        "name": "Tank section",
        "kind": "vehicle",
        "blocks": [
            {
                "type": "mbt",
                "name": "Main battle tank",
                "count": 2,
                "protection": "mbt",
                "weapons": [
                    {
                        "id": "gun",
                        "name": "Tank gun",
                        "firepower": [7, 8, 8, 9, 8, 7],
                        "min_range": 2,
                        "targets": "all",
                        "critical_bonus": True,
                        "breach": "remote",
                        "smoke": True,
                        "area_of_effect": {"effect": "heavy", "around_firer": 1, "around_target": 1},
                    },
                    {"id": "coax", "name": "Coaxial MG", "firepower": [5, 5, 6, 5, None, None]},
                ],
            }
        ],
    },
    {
        "id": "atgm",
        "name": "Anti-tank section",
        "blocks": [
            {
                "type": "support_weapons",
                "name": "ATGM team",
                "weight": 2,
                "weapons": [
                    {
                        "id": "atgm",
                        "name": "Anti-tank guided missile",
                        "firepower": [None, 8, 9, 9, 8, None],
                        "min_range": 2,
                        "targets": "all",
                        "critical_bonus": True,
                        "no_fire_from_building": True,
                        "area_of_effect": {"effect": "heavy", "around_firer": 1},
                    }
                ],
            }
        ],
    },
]
CARDS: dict[str, UnitCard] = {c["id"]: UnitCard.model_validate(c) for c in _CARDS}
#: the card a block of each type comes from unless `B.card` says otherwise
DEFAULT_CARD: dict[BlockType, str] = {p.type: card.id for card in CARDS.values() for p in card.blocks}


# --- blocks and games ---------------------------------------------------------------------
@dataclass(frozen=True)
class B:
    """A block of a small scenario. `card=None`: the card of DEFAULT_CARD for its type;
    `force=""`: its side's first force (`g1` / `r1`)."""

    id: str
    type: BlockType = BlockType.infantry
    at: str | None = None
    card: str | None = None
    quality: Quality | None = None
    hidden: bool = True
    mounted_in: str | None = None
    force: str = ""


@dataclass
class _Force:
    id: str
    blocks: list[B] = field(default_factory=list)


def _default_victory() -> dict[str, Any]:
    """Each side scores a point for holding the whole building; 1 point wins."""
    return {
        "conditions": [
            {"kind": "control_buildings", "id": "green-building", "side": "green", "buildings": [BUILDING]},
            {"kind": "control_buildings", "id": "red-building", "side": "red", "buildings": [BUILDING]},
        ],
        "levels": [
            {"side": "green", "level": "total", "min_points": 1},
            {"side": "red", "level": "total", "min_points": 1},
        ],
    }


def small_game(
    *,
    green: Sequence[B],
    red: Sequence[B],
    turns: int = 3,
    night_turns: Sequence[int] = (),
    initiative: Side | Mapping[int, Side] = Side.green,
    victory: Victory | Mapping[str, Any] | None = None,
    green_quality: Quality = Quality.veteran,
    red_quality: Quality = Quality.veteran,
    leaders: bool = True,
    commander: bool = False,
    entries: Mapping[str, int | tuple[int, Sequence[str]]] | None = None,
    deployment: Mapping[Side, Sequence[str]] | None = None,
    advanced_rules: Sequence[AdvancedRule | str] = (),
    no_mans_land: Sequence[Mapping[str, Any]] = (),
    hidden_setup: bool = True,
) -> Game:
    """A game on the small map with these blocks.

    `entries`: force id -> entry turn (entering at the side's EDGE hexes) or (turn, hexes):
    that force is a reinforcement (7.1.1). `deployment`: the area each side's blocks with
    no `at` are set up in (default its ZONE). `initiative`: the side for every turn, or
    turn -> side (turns left out keep the last one, `Game.initiative`). `victory`: the
    scenario's victory model (default: each side 1 point for building 1, 1 point wins).
    Raises ValueError for a block or location the small map or cards do not have."""
    entries = dict(entries or {})
    bf = small_battlefield()
    quality = {Side.green: green_quality, Side.red: red_quality}
    sides: dict[str, Any] = {}
    all_ids: set[str] = set()
    vehicles: dict[str, Side] = {}
    for side, given in ((Side.green, green), (Side.red, red)):
        prefix = side.value[0]
        first = f"{prefix}1"
        forces: dict[str, _Force] = {first: _Force(first)}
        for b in given:
            fid = b.force or first
            forces.setdefault(fid, _Force(fid)).blocks.append(b)
            if b.type in VEHICLE_TYPES:
                vehicles[b.id] = side
        if not forces[first].blocks and len(forces) > 1:
            del forces[first]  # every block went to a named force
        home = iter(h for h in HOME[side] if h not in {b.at for b in given})

        def auto(bid: str, btype: BlockType, force: _Force, home: Any = home) -> B:
            """A block the builder adds: placed as its force is (entering, deploying or
            on the map at the next home hex)."""
            entering = force.id in entries
            deploying = bool(force.blocks) and all(
                b.at is None and b.mounted_in is None for b in force.blocks
            )
            return B(bid, btype, None if entering or deploying else next(home))

        for force in forces.values():
            if leaders and not any(b.type == BlockType.platoon_leader for b in force.blocks):
                force.blocks.insert(0, auto(f"{force.id}-pl", BlockType.platoon_leader, force))
        if commander:
            head = next(iter(forces.values()))
            everyone = [b for f in forces.values() for b in f.blocks]
            if not any(b.type == BlockType.commander for b in everyone):
                head.blocks.append(auto(f"{prefix}-cmd", BlockType.commander, head))
            if not any(b.type == BlockType.command_post for b in everyone):
                head.blocks.append(auto(f"{prefix}-cp", BlockType.command_post, head))

        area = list(deployment[side]) if deployment and side in deployment else list(ZONE[side])
        needs_area = False
        impulse_forces = []
        cmd = post = None
        for force in forces.values():
            blocks = []
            for b in force.blocks:
                if b.id in all_ids:
                    raise ValueError(f"block {b.id!r} given twice")
                all_ids.add(b.id)
                card = b.card or DEFAULT_CARD.get(b.type)
                if card not in CARDS or not any(p.type == b.type for p in CARDS[card].blocks):
                    raise ValueError(f"block {b.id!r}: no card fields a {b.type.value} ({card!r})")
                if b.at is not None and b.at not in bf.by_id:
                    raise ValueError(f"block {b.id!r}: no location {b.at!r} on the small map")
                if b.at is not None and b.mounted_in is not None:
                    raise ValueError(f"block {b.id!r}: mounted blocks have no location of their own")
                if b.type == BlockType.commander:
                    cmd = b.id
                if b.type == BlockType.command_post:
                    post = b.id
                entry: dict[str, Any] = {"id": b.id, "card": card, "type": b.type.value, "at": b.at}
                entry.update(hidden=b.hidden, quality=b.quality, mounted_in=b.mounted_in)
                blocks.append(entry)
            leader = next((b.id for b in force.blocks if b.type == BlockType.platoon_leader), None)
            spec: dict[str, Any] = {
                "id": force.id,
                "name": f"{side.value} {force.id}",
                "platoon_leader": leader,
                "quality": quality[side].value,
                "blocks": blocks,
            }
            if force.id in entries:
                when = entries.pop(force.id)
                turn, hexes = (when, EDGE[side]) if isinstance(when, int) else when
                spec["entry"] = {"turn": turn, "hexes": list(hexes)}
            elif any(b.at is None and b.mounted_in is None for b in force.blocks):
                spec["deployment"] = f"{prefix}-area"
                needs_area = True
            impulse_forces.append(spec)
        sides[side.value] = {
            "name": f"{side.value.capitalize()} side",
            "impulse_forces": impulse_forces,
            "commander": cmd,
            "command_post": post,
            "hidden_setup": hidden_setup,
            "deployment": [{"id": f"{prefix}-area", "locations": area}] if needs_area else [],
        }
    if entries:
        raise ValueError(f"entries for unknown forces: {sorted(entries)}")
    for side, given in ((Side.green, green), (Side.red, red)):
        for b in given:
            if b.mounted_in is not None and vehicles.get(b.mounted_in) != side:
                raise ValueError(f"block {b.id!r}: {b.mounted_in!r} is no vehicle of its side")

    if isinstance(initiative, Side):
        table = [{"turn": 1, "side": initiative.value}]
    else:
        table = [{"turn": t, "side": s.value} for t, s in sorted(initiative.items())]
    scenario = Scenario.model_validate(
        {
            "schema": "uo-scenario/1",
            "id": "small",
            "title": "Small test scenario",
            "map": {"sheets": [{"file": "S-small.yaml"}]},
            "turns": turns,
            "night_turns": list(night_turns),
            "initiative": table,
            "advanced_rules": [str(r) for r in advanced_rules],
            "sides": sides,
            "no_mans_land": [dict(c) for c in no_mans_land],
            "victory": (
                victory.model_dump(mode="json", by_alias=True)
                if isinstance(victory, Victory)
                else dict(victory or _default_victory())
            ),
        }
    )
    for loc in _locations_named(scenario):
        if loc not in bf.by_id:
            raise ValueError(f"no location {loc!r} on the small map")
    return Game(scenario, bf, dict(CARDS))


def _locations_named(s: Scenario) -> list[str]:
    out: list[str] = [c.at for c in s.no_mans_land]
    for setup in (s.sides.green, s.sides.red):
        out += [loc for area in setup.deployment for loc in area.locations]
        out += [h for f in setup.impulse_forces if f.entry for h in f.entry.hexes]
    for cond in s.victory.conditions:
        if isinstance(cond, ControlLocations):
            out += cond.locations
    return out
