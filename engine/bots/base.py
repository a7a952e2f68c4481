"""What a bot is: a name and a choice among the legal actions of a play."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ..model.scenario import Side
    from ..rules.uo.play import Play


class Bot(Protocol):
    """A player: `choose` returns one of `play.legal_actions()` for `side`, whose decision
    it is. A bot keeps its own random generator: the game's RNG is for the dice only, so
    a bot's choices never change the rolls a replay expects."""

    name: str

    def choose(self, play: Play, side: Side) -> Any: ...


def kind(action: object) -> str:
    """An action's class name: bots recognise actions by name, so they keep working while
    the rules engine gains action classes."""
    return type(action).__name__
