"""What File > New scenario starts from: the smallest scenario the validator accepts on a
sheet the designer picked (there is no scenario wizard yet). Both sides get one impulse
force of a single platoon leader, from the project's sample unit cards, at opposite
corners of the sheet; green scores for holding the centre hex. Everything is meant to be
edited: it is a start, not a design."""

from __future__ import annotations

import os
from pathlib import Path

from engine.geometry.hexgrid import HexGrid
from engine.io.files import load_document
from engine.model.cards import CardLibrary
from engine.model.scenario import Scenario
from engine.model.sheet import MapSheet

from .start_page import ROOT

SAMPLE_UNITS = ROOT / "scenarios" / "cards" / "units.yaml"


def reference(target: Path, scenario_path: Path) -> str:
    """`target` as the scenario file names it: relative to the scenario's folder (so the
    two can move together), absolute when no relative path exists (another drive)."""
    try:
        return Path(os.path.relpath(target.resolve(), scenario_path.resolve().parent)).as_posix()
    except ValueError:
        return target.resolve().as_posix()


def _leader_card(cards: CardLibrary) -> str:
    for card in cards.unit_cards:
        if any(block.type == "platoon_leader" for block in card.blocks):
            return card.id
    raise ValueError("the sample unit cards have no platoon leader")


def _open_hexes(sheet: MapSheet) -> list[str]:
    """Playable hexes outside every building, in printed order."""
    grid = HexGrid(sheet.grid)
    width, height = sheet.size
    taken = set()
    for building in sheet.buildings:
        xs = [p[0] for p in building.outline]
        ys = [p[1] for p in building.outline]
        for label in grid.labels():
            x, y = grid.centre(label)
            if min(xs) <= x <= max(xs) and min(ys) <= y <= max(ys):
                taken.add(label)
    return [label for label in grid.playable_labels(width, height) if label not in taken]


def starter_scenario(sheet_path: Path, scenario_path: Path, cards_path: Path = SAMPLE_UNITS) -> Scenario:
    """The starter scenario on the sheet at `sheet_path`, to be saved at `scenario_path`.
    Raises LoadError if the sheet or the cards cannot be read, ValueError if the sheet is
    not a surface sheet or has too few open hexes."""
    sheet = load_document(sheet_path).model
    cards = load_document(cards_path).model
    if not isinstance(sheet, MapSheet) or sheet.kind != "surface":
        raise ValueError(f"{sheet_path.name} is not a surface map sheet")
    assert isinstance(cards, CardLibrary)
    hexes = _open_hexes(sheet)
    if len(hexes) < 3:
        raise ValueError(f"{sheet_path.name} has fewer than three open hexes")
    card = _leader_card(cards)
    first, centre, last = hexes[0], hexes[len(hexes) // 2], hexes[-1]

    def side(name: str, force: str, leader: str, at: str) -> dict[str, object]:
        block = {"id": leader, "card": card, "type": "platoon_leader", "at": f"{sheet.id}{at}"}
        return {
            "name": name,
            "impulse_forces": [{"id": force, "platoon_leader": leader, "blocks": [block]}],
        }

    stem = scenario_path.stem.lower().replace(" ", "-") or "scenario"
    data = {
        "schema": "uo-scenario/1",
        "id": "".join(c for c in stem if c.isalnum() or c in "-_") or "scenario",
        "title": f"New scenario on {sheet.title or sheet.id}",
        "cards": [reference(cards_path, scenario_path)],
        "map": {"sheets": [{"file": reference(sheet_path, scenario_path)}]},
        "turns": 6,
        "sides": {
            "green": side("Green", "g1", "g1-pl", first),
            "red": side("Red", "r1", "r1-pl", last),
        },
        "victory": {
            "conditions": [
                {"kind": "control", "id": "v1", "side": "green", "locations": [f"{sheet.id}{centre}"]}
            ]
        },
    }
    return Scenario.model_validate(data)
