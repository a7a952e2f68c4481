"""Helpers for the No Man's Land tests: loaded dice, moving a block without the enemy's
opportunity fire getting in the way, counters put on the map by hand."""

from __future__ import annotations

from collections.abc import Iterable

from engine.model.scenario import Side
from engine.rules.uo.actions import Activate, HoldFire, Move, StartImpulse
from engine.rules.uo.counters import CounterState, Kind
from engine.rules.uo.game import Game
from engine.rules.uo.play import Play
from engine.rules.uo.state import Opportunity


class Dice:
    """A die that gives these results in order, then fails loudly: a test says every roll."""

    def __init__(self, results: Iterable[int]):
        self.results = list(results)

    def randrange(self, n: int) -> int:
        assert n == 10
        if not self.results:
            raise AssertionError("a die was rolled that the test did not expect")
        return self.results.pop(0)


def load(play: Play, *results: int) -> None:
    play.rng = Dice(results)  # type: ignore[assignment]


def hold_fire(play: Play) -> None:
    while play.state.pending and isinstance(play.state.pending[-1], Opportunity):
        play.apply(HoldFire())


def activate(play: Play, block: str) -> None:
    force = play.game.blocks[block].force
    if play.state.impulse is None:
        play.apply(StartImpulse(force))
    play.apply(Activate(block))


def move(play: Play, *locations: str) -> None:
    for loc in locations:
        play.apply(Move(loc))
        hold_fire(play)


def put(
    play: Play, cid: str, kind: Kind, at: str, *, owner: Side | None = None, revealed: bool = False
) -> None:
    play.state.nml.counters[cid] = CounterState(kind, at, revealed=revealed, owner=owner)


def with_allotments(game: Game, side: Side, **allotments: dict[str, object]) -> Game:
    """The game with `side`'s environment allotments replaced (at_mines, barricades...)."""
    data = game.scenario.model_dump(mode="json", by_alias=True)
    data["sides"][side.value]["environment"].update(allotments)
    scenario = type(game.scenario).model_validate(data)
    return Game(scenario, game.battlefield, game.cards)
