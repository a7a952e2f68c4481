"""Flares against the night (7.3.3.4, 9): a location lit by a flare this turn is seen at night
as by day. The sight rules of 9 are the range bands of a fire at a location (9.2: "weapon
accuracy") and the scouting range towards it (9.3); a fire or a scouting at a lit location
uses the day's, whoever fires and from wherever (the flare lights the target, not the
firer). Movement out of the enemy's sight (9.1) is the mover's and stays forbidden at night
(docs/rules.md)."""

from __future__ import annotations

from .situation import Situation


def dark(sit: Situation, location: str | None) -> bool:
    """Whether the night rules of 9 apply to a look at `location`: a night turn, and the
    location not under this turn's flares (None: no location in particular)."""
    return sit.night() and (location is None or location not in sit.state.third.lit)


def any_lit(sit: Situation) -> bool:
    """Some location is lit by flares this turn (a day's range may reach it)."""
    return bool(sit.state.third.lit)
