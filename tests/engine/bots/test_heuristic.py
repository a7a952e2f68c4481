"""The heuristic bot's turn at a decision (engine/bots/heuristic.py)."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

import pytest

from engine.bots import HeuristicBot, RandomBot, heuristic
from engine.bots.runner import play_game
from engine.bots.view import View
from engine.model.scenario import Side
from engine.rules.uo.briefing import briefing
from engine.rules.uo.game import Game
from engine.rules.uo.state import Phase

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"


def test_each_view_is_freed_once_its_decision_is_made(monkeypatch: pytest.MonkeyPatch) -> None:
    """View.release: with the cyclic collector off, no view outlives its decision (the
    errands' pricing of our shots, a function of the view, made each a reference cycle:
    all of them and what they built were left to the collector)."""
    game = Game.load(SCENARIO)
    views: list[weakref.ref[View]] = []
    decide = heuristic.decide

    def deciding(view: View, groups: object) -> object:
        views.append(weakref.ref(view))
        return decide(view, groups)  # type: ignore[arg-type]

    monkeypatch.setattr(heuristic, "decide", deciding)
    bot = HeuristicBot(briefing(game, Side.green), 7)
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        play = play_game(game, bot, RandomBot(None, 8), seed=7)
        alive = [ref for ref in views if ref() is not None]
    finally:
        if was_enabled:
            gc.enable()
    assert play.state.phase == Phase.over
    assert len(views) > 100
    assert alive == []
