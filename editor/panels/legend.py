"""View > Legend: what the canvas' colours and symbols mean.

Each swatch is a tiny map sheet drawn by the canvas itself (SheetScene, the same items,
layers and style.py), so the legend can never disagree with the map: change a colour or a
symbol there and the legend follows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPixmap
from PySide6.QtWidgets import QGridLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from engine.model.sheet import (
    Aperture,
    ApertureKind,
    Building,
    FireArc,
    Grid,
    Manhole,
    MapSheet,
    RoofAccess,
    Room,
    Terrain,
    Wall,
    WallKind,
)

from ..canvas.layers import Layer, apply_layers
from ..canvas.sheet_scene import SheetScene

#: Hex size of the swatch sheets, mm (centre to corner); swatches are SWATCH_PX wide
HEX = 10.0
SWATCH_PX = (48, 42)
#: entries side by side in each section
COLUMNS = 2
H = HEX * math.sqrt(3) / 2  # half the height of a flat-topped hex


@dataclass(frozen=True)
class Entry:
    section: str
    name: str
    meaning: str
    sheet: MapSheet


def _sheet(**content: object) -> MapSheet:
    """One flat-topped hex, centred, on a sheet just larger than it."""
    grid = Grid(size=HEX, origin=(HEX * 1.1, H * 1.1), columns=1, rows=1)
    return MapSheet(id="L", size=(HEX * 2.2, H * 2.2), grid=grid, **content)  # type: ignore[arg-type]


def _centre() -> tuple[float, float]:
    return HEX * 1.1, H * 1.1


TERRAIN_MEANING = {
    Terrain.clear: "Streets, open ground",
    Terrain.woods: "Woods, parks",
    Terrain.water: "Water",
    Terrain.hillock: "Hillock",
    Terrain.open_sewer: "Open sewer, canal",
    Terrain.narrows: "Yellow dot: narrows",
    Terrain.vehicle_impassable: "Yellow dot: no vehicles",
    Terrain.sewer: "Insert: sewer",
    Terrain.passage: "Insert: passage",
    Terrain.solid: "Insert: solid rock",
}
WALL_MEANING = {
    WallKind.facade: "Building front",
    WallKind.outer_wall: "Garden, yard wall",
    WallKind.partition: "Between rooms",
    WallKind.zone_limit: "Inside a room",
}
APERTURE_MEANING = {
    ApertureKind.door: "Red arrow, fire arc",
    ApertureKind.window: "Slim arrow, fire arc",
    ApertureKind.breach: "Orange arrow, fire arc",
}


def entries() -> list[Entry]:
    cx, cy = _centre()
    out = [
        Entry(
            "Terrain",
            t.value.replace("_", " ").capitalize(),
            TERRAIN_MEANING.get(t, ""),
            _sheet(default_terrain=t),
        )
        for t in Terrain
    ]
    for kind in WallKind:
        wall = Wall(id="w", kind=kind, points=[(cx - HEX, cy), (cx + HEX, cy)])
        out.append(
            Entry(
                "Walls", kind.value.replace("_", " ").capitalize(), WALL_MEANING[kind], _sheet(walls=[wall])
            )
        )
    for kind in ApertureKind:
        aperture = Aperture(id="a", kind=kind, at=(cx, cy - H * 0.45), arc=FireArc(start=135, end=225))
        wall = Wall(
            id="w", kind=WallKind.facade, points=[(cx - HEX, cy - H * 0.45), (cx + HEX, cy - H * 0.45)]
        )
        wall = wall.model_copy(update={"apertures": [aperture]})
        out.append(Entry("Apertures", kind.value.capitalize(), APERTURE_MEANING[kind], _sheet(walls=[wall])))
    square = [(cx - HEX * 0.8, cy - H * 0.8), (cx + HEX * 0.8, cy - H * 0.8), (cx + HEX * 0.8, cy + H * 0.8)]
    square.append((cx - HEX * 0.8, cy + H * 0.8))
    room = Room(id="7.1", outline=square)
    building = Building(id="7", outline=square, rooms=[room])
    out.append(
        Entry(
            "Buildings",
            "Building and room",
            "Number tag, room id",
            _sheet(buildings=[building]),
        )
    )
    access = RoofAccess(id="r", at=(cx - HEX * 0.3, cy + H * 0.3), direction=45)
    roofed = building.model_copy(update={"roof_accesses": [access], "rooms": []})
    out.append(
        Entry(
            "Buildings",
            "Roof access",
            "Blue dot, arrow to roof",
            _sheet(buildings=[roofed]),
        )
    )
    out.append(
        Entry(
            "Sewers",
            "Manhole",
            "Letter of its zone below",
            _sheet(manholes=[Manhole(id="m", hex="0101", letter="A")]),
        )
    )
    out.append(
        Entry(
            "Sewers",
            "Dummy manhole",
            "Leads nowhere",
            _sheet(manholes=[Manhole(id="m", hex="0101", dummy=True)]),
        )
    )
    return out


def render_swatch(sheet: MapSheet, size: tuple[int, int] = SWATCH_PX) -> QPixmap:
    """The sheet drawn by the canvas' own scene, without hex numbers."""
    scene = SheetScene()
    scene.set_sheet(sheet)
    apply_layers(scene.items(), {Layer.labels})
    image = QImage(size[0], size[1], QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor(0, 0, 0, 0))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    width, height = sheet.size
    scene.render(painter, QRectF(0, 0, size[0], size[1]), QRectF(0, 0, width, height))
    painter.end()
    scene.set_sheet(None)
    return QPixmap.fromImage(image)


class LegendPanel(QScrollArea):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("legend")
        self.setWidgetResizable(True)
        body = QWidget()
        column = QVBoxLayout(body)
        column.setContentsMargins(6, 6, 6, 6)
        self.entries = entries()
        #: entry name -> its swatch label, for tests and screenshots
        self.swatches: dict[str, QLabel] = {}
        grid: QGridLayout | None = None
        section = ""
        for entry in self.entries:
            if entry.section != section:
                section = entry.section
                heading = QLabel(section)
                heading.setStyleSheet("font-weight: bold; margin-top: 6px;")
                column.addWidget(heading)
                holder = QWidget()
                grid = QGridLayout(holder)
                grid.setContentsMargins(0, 0, 0, 0)
                for c in range(COLUMNS):
                    grid.setColumnStretch(2 * c + 1, 1)
                column.addWidget(holder)
            assert grid is not None
            swatch = QLabel()
            swatch.setPixmap(render_swatch(entry.sheet))
            swatch.setToolTip(entry.meaning)
            text = QLabel(f"<b>{entry.name}</b><br><small>{entry.meaning}</small>")
            text.setWordWrap(True)
            text.setTextFormat(Qt.TextFormat.RichText)
            text.setToolTip(entry.meaning)
            n = grid.count() // 2
            row, col = divmod(n, COLUMNS)
            grid.addWidget(swatch, row, 2 * col)
            grid.addWidget(text, row, 2 * col + 1)
            self.swatches[entry.name] = swatch
        column.addStretch(1)
        self.setWidget(body)
