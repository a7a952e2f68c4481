"""The plots of a balance run (matplotlib figures, no pyplot: `uo balance --plots` writes them
with the Agg canvas, the editor shows the same figures on its Qt canvas).

- points: how many games ended with each number of points, per side;
- heat map: the surface of the map (locations outlined, buildings shaded) with where blocks
  were eliminated (a red disc per location, its area the count) and the victory locations
  that changed hands (a ring in the colour of the side that took them most, its width the
  count). Underground locations are drawn at their own insert's place in the assembly frame.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from matplotlib.collections import LineCollection, PolyCollection
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from ..battlefield.battlefield import Battlefield
from .balance import SIDES, BalanceReport

COLOURS = {"green": "#2e7d32", "red": "#c62828"}


def points_figure(report: BalanceReport) -> Figure:
    fig = Figure(figsize=(6, 4), dpi=100, layout="constrained")
    ax = fig.add_subplot()
    values = {s: [r.points.get(s, 0) for r in report.records if r.error is None] for s in SIDES}
    top = max((max(v) for v in values.values() if v), default=0)
    bins = [x - 0.5 for x in range(top + 2)]
    for offset, side in ((-0.2, "green"), (0.2, "red")):
        counts = [values[side].count(x) for x in range(top + 1)]
        ax.bar(
            [x + offset for x in range(top + 1)],
            counts,
            width=0.4,
            color=COLOURS[side],
            label=f"{side} ({report.green if side == 'green' else report.red}), "
            f"mean {report.average_points()[side]:.2f}",
        )
    ax.set_xticks(range(top + 1))
    ax.set_xlim(bins[0], bins[-1])
    ax.set_xlabel("victory points at the end")
    ax.set_ylabel("games")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_title(f"{report.scenario}: points per side, {report.games} games")
    ax.legend(loc="upper right")
    return fig


def heatmap_figure(report: BalanceReport, battlefield: Battlefield) -> Figure:
    fig = Figure(figsize=(8, 7), dpi=100, layout="constrained")
    ax = fig.add_subplot()
    ax.set_aspect("equal")
    ax.invert_yaxis()  # sheet millimetres: y runs down
    outlines = [loc.outline for loc in battlefield.locations if loc.layer == "surface" and loc.outline]
    ax.add_collection(LineCollection(outlines, colors="#bbbbbb", linewidths=0.3))
    ax.add_collection(
        PolyCollection(list(battlefield.buildings.values()), facecolors="#e0dccf", edgecolors="#777777")
    )
    centre = {loc.id: loc.centre for loc in battlefield.locations}
    falls = report.eliminations()
    _discs(ax, falls, centre)
    taken = report.captures()
    most = max((sum(v.values()) for v in taken.values()), default=1)
    for location, by_side in taken.items():
        if location not in centre:
            continue
        x, y = centre[location]
        side = max(SIDES, key=lambda s: (by_side[s], s == "green"))
        total = sum(by_side.values())
        ax.scatter(
            [x], [y], s=260, facecolors="none", edgecolors=COLOURS[side], linewidths=1 + 4 * total / most
        )
    xs = [p[0] for o in outlines for p in o]
    ys = [p[1] for o in outlines for p in o]
    if xs:
        ax.set_xlim(min(xs), max(xs))
        ax.set_ylim(max(ys), min(ys))
    ax.set_title(
        f"{report.scenario}, {report.games} games: {sum(falls.values())} blocks eliminated (red discs), "
        f"victory locations taken {sum(sum(v.values()) for v in taken.values())} times (rings)",
        fontsize=9,
    )
    ax.set_xlabel("mm")
    return fig


def _discs(ax: object, counts: Mapping[str, int], centre: Mapping[str, tuple[float, float]]) -> None:
    placed = [(centre[loc], n) for loc, n in counts.items() if loc in centre]
    if not placed:
        return
    most = max(n for _, n in placed)
    ax.scatter(  # type: ignore[attr-defined]
        [p[0] for p, _ in placed],
        [p[1] for p, _ in placed],
        s=[30 + 400 * n / most for _, n in placed],
        c=[n for _, n in placed],
        cmap="Reds",
        vmin=0,
        vmax=most,
        alpha=0.75,
        edgecolors="#7f0000",
        linewidths=0.5,
    )


def write_plots(report: BalanceReport, battlefield: Battlefield, folder: Path) -> list[Path]:
    """The two plots as PNG files in `folder` (made if missing); their paths."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, fig in (
        ("balance-points.png", points_figure(report)),
        ("balance-heatmap.png", heatmap_figure(report, battlefield)),
    ):
        FigureCanvasAgg(fig)
        path = folder / name
        fig.savefig(path)
        written.append(path)
    return written
