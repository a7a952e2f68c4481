"""The game state the advanced rules of movement, command and environment (11-13) add: plain
data, held by `State.advanced` and left out of the digest while it is empty (a game without
these rules keeps the digests it had). The rules that change it live in their own modules
(superstructure.py, wall_crossing.py, reorganisation.py, cohesion.py, underground_blocking.py,
traps.py, population_choice.py, rubble.py); `advanced.py` asks them and hands over.

This module imports only the model, so `state.py` can hold these values.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...model.scenario import Side


@dataclass
class PopulationChoice:
    """13.3: a revealed Population counter whose d10 gave 8 (red) or 9 (green): `side`
    moves it 1 MP in the direction of its choice."""

    counter: str
    side: Side


@dataclass
class Advanced:
    #: 11.1: blocks riding on a vehicle's superstructure (mounted, `mounted_in` their vehicle)
    riders: set[str] = field(default_factory=set)
    #: 11.2: (foot block, location) it has just entered by crossing an outer wall (not by a
    #: breach): an opportunity fire on it there earns +3, its withdrawal -1 on the table
    wall_crossing: tuple[str, str] | None = None
    #: 12.1: block -> the impulse force it is attached to now (detached from its own)
    attached: dict[str, str] = field(default_factory=dict)
    #: 12.1: sides still in this turn's order of battle reorganisation sequence, the first
    #: deciding
    reorganising: list[Side] = field(default_factory=list)
    #: 12.1: impulse forces a block left or joined this turn: no fire or assault this turn
    reorganised: set[str] = field(default_factory=set)
    #: 12.1: blocks transferred this turn (once each a sequence)
    transferred: set[str] = field(default_factory=set)
    #: 12.2.1: sides whose commander was eliminated this turn
    commander_fallen: set[Side] = field(default_factory=set)
    #: 13.3: population moves waiting for their player's choice, the first deciding
    population: list[PopulationChoice] = field(default_factory=list)
    #: 13.4: rooms and zones a heavy fire or 3D fire was aimed at in the action under way,
    #: rolled for once it is over
    collapses: list[str] = field(default_factory=list)
    #: 13.4: locations where a collapse left a Fortified marker
    fortified: set[str] = field(default_factory=set)
