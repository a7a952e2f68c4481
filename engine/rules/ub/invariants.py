"""What must hold after every action of an Urban Battle game (`uo play --check`)."""

from __future__ import annotations

from typing import Any

from .play import UbPlay


def check(play: Any) -> None:
    """One vehicle a square (wrecks included), every vehicle on ground it may stand on,
    firing once a Turn and ending its activation."""
    assert isinstance(play, UbPlay)
    s = play.state
    squares = [p.square for p in s.pieces.values()]
    assert len(squares) == len(set(squares)), f"two vehicles share a square: {sorted(squares)}"
    board = play.game.board
    for p in s.pieces.values():
        assert board.enterable(p.square, play.kind(p).amphibious), (
            f"{p.id} stands on {board.terrain(p.square)}"
        )
    assert s.limited <= len(s.moved), "more vehicles counted against the limit than moved"
    assert s.fired <= s.done, "a unit fired and is still being activated"
