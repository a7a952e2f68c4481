"""What the outliner lists, as plain data (no Qt) so it is easy to test and to extend.

Each node names a model object by the file it lives in and its JSON pointer there: the
same address a validation problem carries, so both panels reveal things the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from engine.model.cards import CardLibrary
from engine.model.scenario import Scenario
from engine.model.sheet import MapSheet


@dataclass
class OutlineNode:
    text: str
    source: Path | None = None
    pointer: str = ""
    kind: str = ""
    children: list[OutlineNode] = field(default_factory=list)

    def add(self, text: str, pointer: str, kind: str) -> OutlineNode:
        node = OutlineNode(text, self.source, pointer, kind)
        self.children.append(node)
        return node

    def walk(self) -> list[OutlineNode]:
        out = [self]
        for child in self.children:
            out.extend(child.walk())
        return out


def sheet_outline(sheet: MapSheet, source: Path | None) -> OutlineNode:
    kind = "insert" if sheet.kind == "underground" else "sheet"
    title = f" — {sheet.title}" if sheet.title else ""
    root = OutlineNode(f"{kind.capitalize()} {sheet.id}{title}", source, "", kind)
    if sheet.buildings:
        group = root.add(f"Buildings ({len(sheet.buildings)})", "/buildings", "group")
        for b, building in enumerate(sheet.buildings):
            bp = f"/buildings/{b}"
            name = f" — {building.name}" if building.name else ""
            node = group.add(f"Building {building.id}{name}", bp, "building")
            for r, room in enumerate(building.rooms):
                rp = f"{bp}/rooms/{r}"
                room_node = node.add(f"Room {room.id}", rp, "room")
                for z, zone in enumerate(room.zones):
                    room_node.add(f"Zone {zone.id}", f"{rp}/zones/{z}", "zone")
            for a, access in enumerate(building.roof_accesses):
                node.add(f"Roof access {access.id}", f"{bp}/roof_accesses/{a}", "roof_access")
    if sheet.walls:
        group = root.add(f"Walls ({len(sheet.walls)})", "/walls", "group")
        for w, wall in enumerate(sheet.walls):
            group.add(f"{wall.kind.replace('_', ' ').capitalize()} {wall.id}", f"/walls/{w}", "wall")
    apertures = [(w, a, ap) for w, wall in enumerate(sheet.walls) for a, ap in enumerate(wall.apertures)]
    if apertures:
        group = root.add(f"Apertures ({len(apertures)})", "", "group")
        for w, a, ap in apertures:
            where = f" → {ap.interior}" if ap.interior else ""
            group.add(f"{ap.kind.capitalize()} {ap.id}{where}", f"/walls/{w}/apertures/{a}", "aperture")
    if sheet.manholes:
        group = root.add(f"Manholes ({len(sheet.manholes)})", "/manholes", "group")
        for m, manhole in enumerate(sheet.manholes):
            letter = "dummy" if manhole.dummy else (manhole.letter or "no letter")
            group.add(f"Manhole {manhole.id} in {manhole.hex} ({letter})", f"/manholes/{m}", "manhole")
    if sheet.underground_zones:
        group = root.add(f"Underground zones ({len(sheet.underground_zones)})", "/underground_zones", "group")
        for z, zone in enumerate(sheet.underground_zones):
            group.add(
                f"Zone {zone.letter} ({len(zone.hexes)} hexes)", f"/underground_zones/{z}", "underground_zone"
            )
    if sheet.terrain:
        group = root.add(f"Terrain ({len(sheet.terrain)} hexes)", "/terrain", "group")
        for label, terrain in sorted(sheet.terrain.items()):
            group.add(f"{sheet.id}{label} {terrain.replace('_', ' ')}", f"/terrain/{label}", "terrain")
    return root


def cards_outline(library: CardLibrary, source: Path | None) -> OutlineNode:
    title = f" — {library.title}" if library.title else ""
    root = OutlineNode(f"Cards {library.id}{title}", source, "", "cards")
    groups = (
        ("Unit cards", "unit_cards", library.unit_cards),
        ("Support cards", "support_cards", library.support_cards),
        ("Event cards", "event_cards", library.event_cards),
    )
    for label, key, cards in groups:
        if not cards:
            continue
        group = root.add(f"{label} ({len(cards)})", f"/{key}", "group")
        for i, card in enumerate(cards):
            name = getattr(card, "name", None) or getattr(card, "title", "")
            group.add(f"{card.id} — {name}", f"/{key}/{i}", "card")
    return root


@dataclass
class Reference:
    """A file a scenario uses, with its model when it could be loaded."""

    path: Path
    model: MapSheet | CardLibrary | None
    error: str = ""


def scenario_outline(
    scenario: Scenario,
    source: Path | None,
    sheets: list[Reference],
    inserts: list[Reference],
    libraries: list[Reference],
) -> OutlineNode:
    root = OutlineNode(f"Scenario {scenario.id} — {scenario.title}", source, "", "scenario")
    for label, refs in (("Sheets", sheets), ("Underground inserts", inserts), ("Card libraries", libraries)):
        if not refs:
            continue
        group = root.add(label, "", "group")
        for ref in refs:
            if isinstance(ref.model, MapSheet):
                node = sheet_outline(ref.model, ref.path)
            elif isinstance(ref.model, CardLibrary):
                node = cards_outline(ref.model, ref.path)
            else:
                node = OutlineNode(f"{ref.path.name} (unusable: {ref.error})", ref.path, "", "missing")
            group.children.append(node)
    for side_name in ("green", "red"):
        side = getattr(scenario.sides, side_name)
        group = root.add(f"{side_name.capitalize()}: {side.name}", f"/sides/{side_name}", "side")
        for f, force in enumerate(side.impulse_forces):
            fp = f"/sides/{side_name}/impulse_forces/{f}"
            fnode = group.add(
                f"Impulse force {force.id}" + (f" — {force.name}" if force.name else ""), fp, "force"
            )
            for b, block in enumerate(force.blocks):
                at = f" at {block.at}" if block.at else ""
                fnode.add(f"{block.id} ({block.type.replace('_', ' ')}){at}", f"{fp}/blocks/{b}", "block")
    return root
