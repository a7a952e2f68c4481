"""Games without their scenario's events (6) and 3D actions (7.3): for tests of other rules
scripted on the sample scenario, whose event cards, tables and 3D matrix would put event
and request decisions in their way."""

from __future__ import annotations

from engine.model.scenario import Events, SupportMatrix
from engine.rules.uo.game import Game


def without_events(game: Game) -> Game:
    """The same game with no event deck, hand or table and no 3D matrix on either side."""
    scenario = game.scenario
    sides = scenario.sides
    update = {
        side: getattr(sides, side).model_copy(update={"events": Events(), "support": SupportMatrix()})
        for side in ("green", "red")
    }
    scenario = scenario.model_copy(update={"sides": sides.model_copy(update=update)})
    return Game(scenario, game.battlefield, game.cards, game.insert_known_by, game.tables, game.sources)
