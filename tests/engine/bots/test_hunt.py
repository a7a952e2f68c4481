"""The heuristic bot's hunt (hunt.py): an enemy vehicle in a location of a stake Green misses
(the APC in a hangar zone of building 39) gets the nearest block with a weapon that hurts
it, which wants activating and strikes it rather than walking past. Each test builds a
position on the sample and checks the choice."""

from __future__ import annotations

import pytest

from engine.bots import HeuristicBot
from engine.bots.decisions import intent
from engine.bots.hunt import hunters, quarry
from engine.bots.view import View
from engine.model.bot_profile import DEFAULT_PROFILE
from engine.model.cards import Protection
from engine.model.scenario import Side
from engine.rules.uo.actions import Activate, Assault, Fire, HoldFire, Move, StartImpulse
from engine.rules.uo.combat import can_hit
from engine.rules.uo.game import Game
from engine.rules.uo.play import Play

from .positions import SCENARIO, green_bot, green_turn

#: the first turn of the profile's `hunt_from` share of the sample's 8 turns
HUNT_FROM = DEFAULT_PROFILE.first_turn(DEFAULT_PROFILE.hunt_from, 8)


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.load(SCENARIO)


def _put(play: Play, block: str, location: str | None) -> None:
    b = play.state.blocks[block]
    b.location, b.mounted_in, b.losses, b.eliminated = location, None, 0, location is None


def _hangar(game: Game, turn: int, apc_at: str = "39.4") -> tuple[Play, HeuristicBot]:
    """Red's APC alone on the map, hidden in `apc_at`; the rest of the hangar and the town
    hall Green's. Green's first tank south of the hangar next to 39.4, the second still on
    the east bank; rifles (g3-inf1) as near as the tank."""
    play = green_turn(game)
    for bid, b in play.state.blocks.items():
        if game.blocks[bid].side == Side.red and bid != "r3-apc":
            b.eliminated = True
    _put(play, "r3-apc", apc_at)
    play.state.blocks["r3-apc"].revealed = False
    _put(play, "g2-mbt1", "A1221")
    _put(play, "g3-inf1", "A1321")
    rooms = [f"36.{n}" for n in range(1, 7)] + [f"39.{n}" for n in range(1, 6)]
    control = {loc: Side.green for loc in rooms} | {apc_at: Side.red}
    play.state.control.update(control)
    play.state.turn = turn
    return play, green_bot(game, control)


def test_4_3_5_a_hidden_block_in_a_hangar_zone_is_hunted_with_a_weapon_that_hurts_armour(game: Game) -> None:
    play, bot = _hangar(game, HUNT_FROM)
    view = View(bot.know, play.observation(Side.green), bot.memory)
    assert view.enemy_at["39.4"].info is None  # Green does not know it is the APC
    assert quarry(view) == {"39.4": Protection.armoured}
    sent = hunters(view)
    assert sent["g2-mbt1"] == "39.4"
    assert "g3-inf1" not in sent  # rifles do not hurt an APC (4.3.5), however near
    assert sum(1 for loc in sent.values() if loc == "39.4") == DEFAULT_PROFILE.hunters
    for bid in sent:
        assert any(can_hit(w.targets, Protection.armoured) for w in game.blocks[bid].profile.weapons)
    assert intent(view, "g2-mbt1") >= DEFAULT_PROFILE.hunt_intent


def test_2_3_no_hunt_before_its_turn_nor_for_a_block_in_a_room(game: Game) -> None:
    play, bot = _hangar(game, HUNT_FROM - 1)
    assert quarry(View(bot.know, play.observation(Side.green), bot.memory)) == {}
    # a hidden block in the town hall's room is no vehicle: left to the goals as before
    play, bot = _hangar(game, HUNT_FROM, apc_at="36.1")
    assert quarry(View(bot.know, play.observation(Side.green), bot.memory)) == {}


def test_8_2_8_the_hunting_tank_strikes_the_hangar_zone_with_its_gun(game: Game) -> None:
    """Near the zone, the tank closes in to its door and strikes with its gun (the coax does
    not hurt an APC, 8.2.7.4) instead of walking on toward the town hall."""
    play, bot = _hangar(game, HUNT_FROM)
    play.apply(StartImpulse("g-if2"))
    play.apply(Activate("g2-mbt1"))
    for _ in range(4):  # the few steps of closing in (7.1.2), then the strike
        while (d := play.decision) is not None and d.side == Side.red:
            play.apply(HoldFire())  # the APC lets it come (no opportunity fire, 8.3.1)
        choice = bot.choose(play.observation(Side.green), play.legal_actions())
        if not isinstance(choice, Move):
            break
        play.apply(choice)
    assert isinstance(choice, Fire | Assault), choice
    assert choice.target == "39.4" and choice.weapon == "gun120"


def test_7_1_1_the_hunting_tank_is_activated_first(game: Game) -> None:
    """In its force's impulse the tank hunting the hangar zone's holder goes before the
    platoon leader and the engineers (it waited behind them turn after turn)."""
    play, bot = _hangar(game, HUNT_FROM)
    _put(play, "g2-mbt1", "A2013")  # across the canal, eight MP from the hangar
    play.apply(StartImpulse("g-if2"))
    assert bot.choose(play.observation(Side.green), play.legal_actions()) == Activate("g2-mbt1")
