"""The heuristic bot's goals from `destroy` conditions (knowledge._must_destroy,
View._hunt_goals): a side that wins only by eliminating enemy blocks takes their locations
as goals, attacks, and plays the game to a decision. The sample's victory conditions are
replaced by a destroy-only one for Green (the scenario's text overridden, as the editor
does)."""

from __future__ import annotations

import pytest
import yaml

from engine.bots import HeuristicBot, RandomBot
from engine.bots.runner import bot_seed
from engine.bots.view import View
from engine.model.scenario import Side
from engine.rules.uo.actions import Assault, Fire, Move
from engine.rules.uo.briefing import briefing
from engine.rules.uo.game import Game
from engine.rules.uo.play import Play

from .positions import SCENARIO, green_turn


def _destroy_only() -> Game:
    doc = yaml.safe_load(SCENARIO.read_text(encoding="utf-8"))
    doc["victory"] = {
        "conditions": [
            {
                "kind": "destroy",
                "id": "kill",
                "side": "green",
                "block_types": ["infantry", "support_weapons"],
                "count": 2,
                "points": 1,
            }
        ],
        "levels": [{"side": "green", "level": "total", "min_points": 1}],
    }
    return Game.load(SCENARIO, {SCENARIO: yaml.safe_dump(doc, sort_keys=False)})


@pytest.fixture(scope="module")
def game() -> Game:
    return _destroy_only()


def test_a_side_that_wins_only_by_destroying_hunts_and_one_that_holds_does_not(game: Game) -> None:
    assert HeuristicBot(briefing(game, Side.green)).know.hunts
    assert not HeuristicBot(briefing(game, Side.red)).know.hunts  # it scores for nothing
    sample = Game.load(SCENARIO)
    # the sample's holding stakes reach each side's lowest level: they are what it plays for
    assert not any(HeuristicBot(briefing(sample, s)).know.hunts for s in Side)


def test_the_enemy_blocks_that_may_score_are_goals_and_the_side_attacks(game: Game) -> None:
    play = green_turn(game)
    bot = HeuristicBot(briefing(game, Side.green), bot_seed(7, Side.green))
    view = View(bot.know, play.observation(Side.green), bot.memory)
    try:
        hidden = {e.location for e in view.enemies if e.info is None}
        assert hidden  # the enemy is set up hidden: every hidden block may be a rifle
        assert hidden <= view.goal_set
        assert view.side_attacks()
    finally:
        view.release()


def test_an_elimination_only_game_is_played_to_a_decision_by_moving_and_firing(game: Game) -> None:
    """Without goals from its destroy condition the bot never moved (every distance the far
    value) and the game ended undecided."""
    seed = 1000
    play = Play(game, seed)
    bots = {
        Side.green: HeuristicBot(briefing(game, Side.green), bot_seed(seed, Side.green)),
        Side.red: RandomBot(None, bot_seed(seed, Side.red)),
    }
    chosen: list[object] = []
    while (d := play.decision) is not None:
        action = bots[d.side].choose(play.observation(d.side), play.legal_actions())
        if d.side == Side.green:
            chosen.append(action)
        play.apply(action)
    assert any(isinstance(a, Move) for a in chosen)
    assert any(isinstance(a, Fire | Assault) for a in chosen)
    assert play.outcome.winner == Side.green


def test_the_bot_reads_its_parameters_from_its_profile(game: Game) -> None:
    """A profile made through make_bot's spec reaches the bot's modules: a hold reach of 0
    keeps a holding side's blocks off every goal they do not stand on."""
    from engine.bots.routes import goal_fields
    from engine.model.bot_profile import BotProfile

    sample = Game.load(SCENARIO)
    play = green_turn(sample)
    fields = {}
    for reach in (18, 0):
        bot = HeuristicBot(briefing(sample, Side.red), 3, BotProfile(hold_reach=reach))
        assert bot.know.profile.hold_reach == reach
        view = View(bot.know, play.observation(Side.red), bot.memory)
        try:
            fields[reach] = sum(len(goal_fields(view, bid)) for bid in view.own if bid in view.brief.own)
        finally:
            view.release()
    assert fields[0] < fields[18]
