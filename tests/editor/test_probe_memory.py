"""The editor's probes stop leaking memory (issue 10 item 4): every edit recompiles the
sheet for the open probe, and the module caches that kept every compiled battlefield's
step graphs grew for a whole session. Counted in objects (gc), never in time."""

from __future__ import annotations

import gc
from pathlib import Path

from editor.commands.paint_terrain import PaintTerrain
from editor.tools.probe_tools import LosProbeTool, ReachTool, battlefield_of
from engine.battlefield import Battlefield
from engine.battlefield.compile import CACHE_SIZE
from engine.battlefield.movement import _Graph
from engine.io.files import save_document
from engine.model.sheet import Terrain

from ..engine.battlefield.mapkit import MapKit
from .canvas_input import click, use_tool, zoom_on

EDITS = 150


def _live(kind: type, earlier: list | None = None) -> int:
    """Objects of `kind` alive now, not counting `earlier` (those other tests of this process
    keep, e.g. in module fixtures: held here so that their ids stay theirs)."""
    gc.collect()
    old = {id(o) for o in earlier or ()}
    return sum(1 for o in gc.get_objects() if isinstance(o, kind) and id(o) not in old)


def _all(kind: type) -> list:
    gc.collect()
    return [o for o in gc.get_objects() if isinstance(o, kind)]


def _paint(window, k: int, hexes: list[str]) -> None:
    """Edit k: paint one more hex woods (each edit a new map, so a new battlefield)."""
    doc = window.document
    old = dict(doc.model.terrain)
    terrain = [Terrain.woods, Terrain.clear, Terrain.hillock][(k // len(hexes)) % 3]
    new = {**old, hexes[k % len(hexes)]: terrain}
    doc.undo_stack.push(PaintTerrain(doc, "Paint terrain", [("/terrain", old, new)]))


def _small_sheet(folder: Path) -> Path:
    """A small town (12 x 8 hexes, two buildings), so that many edits stay quick."""
    kit = MapKit(columns=12, rows=8)
    kit.building("1", {"1.1": ["0303", "0304"], "1.2": ["0403"]}, roof=[("0303", "r", 0.0)])
    kit.building("2", {"2.1": ["0806", "0906"]})
    kit.side_wall("outer_wall", ("0601", "0602"))
    path = folder / "town.yaml"
    save_document(kit.sheet(), path)
    return path


def test_many_edits_under_the_los_and_reach_probes_keep_battlefields_bounded(
    qtbot, window, tmp_path: Path
) -> None:
    earlier, earlier_graphs = _all(Battlefield), _all(_Graph)
    assert window.open_file(_small_sheet(tmp_path))
    bf = battlefield_of(window.scene.sheet)
    hexes = [loc.id[1:] for loc in bf.locations if loc.kind == "hex" and loc.id not in ("A0101", "A1108")]
    del bf

    use_tool(qtbot, window, "I")
    los_tool = window.editing.tools.current
    assert isinstance(los_tool, LosProbeTool)
    a, b = (battlefield_of(window.scene.sheet).location(i) for i in ("A0101", "A1108"))
    zoom_on(window, ((a.centre[0] + b.centre[0]) / 2, (a.centre[1] + b.centre[1]) / 2), 4.0)
    click(qtbot, window, a.centre)
    click(qtbot, window, b.centre)
    assert los_tool.pair == ("A0101", "A1108")
    results = set()
    for k in range(EDITS):
        _paint(window, k, hexes)
        results.add(los_tool.result)
    assert len(results) > 1  # the probe asked again after the edits (woods block sight)
    assert _live(Battlefield, earlier) <= CACHE_SIZE + 1

    use_tool(qtbot, window, "N")
    reach_tool = window.editing.tools.current
    assert isinstance(reach_tool, ReachTool)
    click(qtbot, window, battlefield_of(window.scene.sheet).location("A0101").centre)
    assert reach_tool.origin == "A0101"
    for k in range(EDITS, 2 * EDITS):
        _paint(window, k, hexes)
    # each battlefield keeps its own per-mover graphs; none outlives its battlefield
    assert _live(Battlefield, earlier) <= CACHE_SIZE + 1
    assert _live(_Graph, earlier_graphs) <= CACHE_SIZE + 1
