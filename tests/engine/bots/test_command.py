"""The heuristic bot and the chain of command (7.2.1, command.py): an impulse activates 7
blocks while the commander is within 6 EP of the force's platoon leader, else 5. Positions on
the sample; each test checks the bot's choice."""

from __future__ import annotations

import pytest

from engine.model.scenario import Side
from engine.rules.uo.actions import Activate, StartImpulse
from engine.rules.uo.game import Game

from .positions import SCENARIO, green_bot, green_turn, walk


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.load(SCENARIO)


def test_7_2_1_the_commander_catches_up_when_the_impulse_will_not_activate_its_leader(game: Game) -> None:
    """Turn 1: Green's commander starts 12 EP behind its platoon leader, so the rifles'
    impulse activates 5, and those 5 go to blocks wanting it more than the leader. The
    commander no longer waits for a leader that will not move: it goes first and walks
    within command range, and the platoon's next impulse may activate 7."""
    play = green_turn(game)
    assert play.command_limit("g-if1") == 5
    bot = green_bot(game, {})
    play.apply(StartImpulse("g-if1"))
    choice = bot.choose(play.observation(Side.green), play.legal_actions())
    assert choice == Activate("g-cmd")
    play.apply(choice)
    assert walk(bot, play, steps=12)
    assert play.command_limit("g-if1") == 7
