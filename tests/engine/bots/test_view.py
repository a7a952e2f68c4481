"""What the heuristic bot's view keeps while the enemy stays put (engine/bots/view.py): when
some enemy blocks move or are found, the exposure and risks it keeps for the places none of
them sees (before or after; every hidden one when what a hidden block may be changes) are
those a view without memory works out."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from engine.bots import RandomBot
from engine.bots.estimates import exposure, risk
from engine.bots.knowledge import Knowledge
from engine.bots.runner import bot_seed
from engine.bots.view import Memory, View
from engine.model.cards import Protection
from engine.model.scenario import Side
from engine.rules.uo.briefing import briefing
from engine.rules.uo.game import Game
from engine.rules.uo.observation import Observation
from engine.rules.uo.play import Play

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.load(SCENARIO)


@pytest.fixture(scope="module")
def mid_game(game: Game) -> Observation:
    """Green's observation some way into a random game, enemy blocks hidden and revealed."""
    play = Play(game, 11)
    bots = {side: RandomBot(None, bot_seed(11, side)) for side in Side}
    while (decision := play.decision) is not None:
        if len(play.log) % 10 == 0:
            obs = play.observation(Side.green)
            if any(e.revealed for e in obs.enemies) and any(not e.revealed for e in obs.enemies):
                return obs
        play.apply(bots[decision.side].choose(None, play.legal_actions()))
    raise AssertionError("no such observation")


@pytest.mark.parametrize("change", ["hidden moves", "revealed moves", "hidden found"])
def test_values_kept_when_an_enemy_moves_are_a_fresh_views(
    game: Game, mid_game: Observation, change: str
) -> None:
    know = Knowledge(briefing(game, Side.green))
    obs = mid_game
    mem = Memory()
    view = View(know, obs, mem)
    places = [loc.id for loc in game.battlefield.locations]
    for loc in places:
        for protection in (Protection.soft, Protection.armoured):
            exposure(view, loc, protection)
            risk(view, loc, protection)
    k = next(i for i, e in enumerate(obs.enemies) if e.revealed == (change == "revealed moves"))
    enemy = obs.enemies[k]
    if change == "hidden found":
        # a hidden block shows what it is: what the other hidden ones may be changes too
        identity = next(i for i, e in enumerate(know.brief.enemy) if i not in view.identified)
        entry = know.brief.enemy[identity]
        now = dataclasses.replace(enemy, revealed=True, identity=identity, type=entry.type, losses=0)
    else:  # it steps next door
        taken = {e.location for e in obs.enemies}
        there = next(n for n in game.battlefield.neighbours(enemy.location) if n not in taken)
        now = dataclasses.replace(enemy, location=there)
    enemies = list(obs.enemies)
    enemies[k] = now
    changed = dataclasses.replace(obs, enemies=enemies)
    View(know, changed, mem)
    kept = [
        (estimate, loc, protection, value)
        for estimate, known in ((exposure, mem.exposure), (risk, mem.risk))
        for protection, values in known.items()
        for loc, value in values.items()
    ]
    assert len(kept) < 4 * len(places)  # the places the blocks see forgotten
    if change != "hidden found":  # (every hidden block's: perhaps most of the map, then all)
        assert kept  # not all
    fresh = View(know, changed, Memory())
    for estimate, loc, protection, value in kept:
        assert estimate(fresh, loc, protection) == value, (estimate.__name__, loc)
