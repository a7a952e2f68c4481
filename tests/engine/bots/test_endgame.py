"""The heuristic bot against the clock (endgame.py, errands.py): a draw is worth nothing to the
side that must take ground, so near the end it assaults the last rooms of a building it needs
even at poor odds, and sends a block into each empty location of its stakes it does not hold
(a roof the enemy crossed). Each test builds a position on the sample and checks the choice."""

from __future__ import annotations

import pytest

from engine.bots import HeuristicBot
from engine.bots.endgame import LAST_PUSH, push, same_stake, winning
from engine.bots.errands import errands
from engine.bots.view import Memory, View
from engine.model.scenario import Side
from engine.rules.uo.actions import Activate, Assault, StartImpulse
from engine.rules.uo.game import Game
from engine.rules.uo.play import Play

from .positions import SCENARIO, green_bot, green_turn, walk

#: the town hall's rooms but the first, and the hangar's: Green's stake of 4 points
HELD = ["36.3", "36.4", "36.5", "36.6"]


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.load(SCENARIO)


def _put(play: Play, block: str, location: str | None, losses: int = 0) -> None:
    b = play.state.blocks[block]
    b.location, b.mounted_in, b.losses, b.eliminated = location, None, losses, location is None


def _clear_red(play: Play, keep: tuple[str, ...] = ()) -> None:
    for bid, b in play.state.blocks.items():
        if play.game.blocks[bid].side == Side.red and bid not in keep:
            b.eliminated = True


def _town_hall(game: Game, turn: int, block: str) -> tuple[Play, HeuristicBot]:
    """Red's veteran infantry fortified in 36.1, Green holding the rest of the town hall
    but 36.2, where `block` stands activated; the hangar not taken yet."""
    play = green_turn(game)
    _clear_red(play, keep=("r1-inf1",))
    _put(play, "r1-inf1", "36.1")
    play.state.blocks["r1-inf1"].revealed = True
    _put(play, block, "36.2")
    control = {loc: Side.green for loc in HELD} | {"36.1": Side.red}
    play.state.control.update(control)
    play.state.turn = turn
    force = game.blocks[block].force
    assert force is not None
    play.apply(StartImpulse(force))
    play.apply(Activate(block))
    return play, green_bot(game, control)


def test_1_3_the_commander_assaults_the_last_room_on_the_last_turn_only(game: Game) -> None:
    """At poor odds (carbines against a fortified veteran) the commander keeps out of the
    assault while turns remain; on the last, with nothing won as things stand, it goes in."""
    for turn, assaults in ((4, False), (7, False), (game.scenario.turns, True)):
        play, bot = _town_hall(game, turn, "g-cmd")
        choice = bot.choose(play.observation(Side.green), play.legal_actions())
        assert isinstance(choice, Assault) == assaults, (turn, choice)
        if assaults:
            assert isinstance(choice, Assault) and choice.target == "36.1"


def test_1_3_no_push_when_winning_or_for_ground_of_no_stake(game: Game) -> None:
    play, bot = _town_hall(game, game.scenario.turns, "g-cmd")
    view = View(bot.know, play.observation(Side.green), bot.memory)
    assert not winning(view)
    assert push(view, "36.1") == LAST_PUSH
    assert push(view, "A1209") == 0.0  # a street: no stake of Green's
    assert same_stake(view, "36.2", "36.1") and not same_stake(view, "A1209", "36.1")
    play.state.blocks["r1-inf1"].eliminated = True
    stakes = [stake for stake in bot.know.stakes if stake.side == Side.green]
    ours = {loc: Side.green for stake in stakes for loc in stake.locations}
    won = View(bot.know, play.observation(Side.green), Memory(control=ours))
    assert winning(won) and push(won, "36.1") == 0.0


def test_2_3_an_empty_roof_the_enemy_held_gets_the_nearest_block_near_the_end(game: Game) -> None:
    """The hangar's roof, crossed by Red, denies Green the building (victory: a roof held by
    the enemy): near the end the nearest foot block walks there, not to the rooms."""
    play = green_turn(game)
    _clear_red(play)
    _put(play, "g1-inf1", "A1116")  # next to the hangar's 39.1, the roof two MP away
    _put(play, "g1-inf2", "A1512")  # by the town hall
    rooms = [f"36.{n}" for n in range(1, 7)] + [f"39.{n}" for n in range(1, 6)]
    control = {loc: Side.green for loc in rooms} | {"39.R": Side.red}
    play.state.control.update(control)
    play.state.turn = game.scenario.turns
    bot = green_bot(game, control)
    view = View(bot.know, play.observation(Side.green), bot.memory)
    sent = errands(view)
    assert sent.get("g1-inf1") == "39.R"
    assert "39.R" not in [loc for bid, loc in sent.items() if bid != "g1-inf1"]
    play.apply(StartImpulse("g-if1"))
    assert bot.choose(play.observation(Side.green), play.legal_actions()) == Activate("g1-inf1")
    play.apply(Activate("g1-inf1"))
    moves = walk(bot, play)
    assert moves[-1] == "39.R", moves
    # early on, the same position sends nobody on an errand
    play.state.turn = 3
    early = View(bot.know, play.observation(Side.green), Memory(control=dict(control)))
    assert errands(early) == {}
