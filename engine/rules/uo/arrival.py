"""What happens to a block entering a location, whatever brought it there (a move, an entry,
a withdrawal, an advance after an assault, the move after a destruction): it crosses a toxic
cloud (5.2.3.2), meets the counters it is now in contact with (5.2.3), triggers the AT mines
there if it is a vehicle (5.2.2.2), and finds mines if it is scouting for them (5.2.2.3)."""

from __future__ import annotations

from . import mines, no_mans_land, traps
from .situation import Situation


def entered(sit: Situation, block: str, location: str, *, came_from: str | None) -> None:
    """`came_from`: where it was before (None: it entered the map)."""
    s = sit.state
    no_mans_land.crossed_cloud(sit, block, came_from, location)
    if s.blocks[block].on_map:
        no_mans_land.meet(sit, block)
    if s.blocks[block].on_map:
        mines.triggered(sit, block, location)
    if s.blocks[block].on_map:
        traps.triggered(sit, block, location)  # 13.2
    act = s.activation
    if s.blocks[block].on_map and act is not None and act.block == block and act.scouting_mines:
        mines.found(sit, block)
