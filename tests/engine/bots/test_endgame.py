"""The heuristic bot against the clock (endgame.py, errands.py): a draw is worth nothing to the
side that must take ground, so near the end it assaults the last rooms of a building it needs
even at poor odds, and sends a block into each empty location of its stakes it does not hold
(a roof the enemy crossed). Each test builds a position on the sample and checks the choice."""

from __future__ import annotations

import pytest

from engine.bots import HeuristicBot
from engine.bots.endgame import push, same_stake, winning
from engine.bots.errands import attach, errands, unseen
from engine.bots.estimates import friendly_fire
from engine.bots.view import Memory, View
from engine.model.bot_profile import DEFAULT_PROFILE
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
    assert push(view, "36.1") == DEFAULT_PROFILE.last_push
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


def test_2_3_a_block_in_the_town_hall_walks_on_through_the_rooms_red_left(game: Game) -> None:
    """Last turn: Red left 36.1 and 36.6 empty, still its own (the last side through, 2.3).
    The rifles in 36.2 take 36.1 next door, then walk on into 36.6 with the MP left (1 + 3
    of 6, 7.1.2), instead of stopping in the first room."""
    play = green_turn(game)
    _clear_red(play)
    _put(play, "g1-inf1", "36.2")
    rooms = [f"36.{n}" for n in range(1, 7)] + [f"39.{n}" for n in range(1, 6)]
    control = {loc: Side.green for loc in rooms} | {"36.1": Side.red, "36.6": Side.red}
    play.state.control.update(control)
    play.state.turn = game.scenario.turns
    bot = green_bot(game, control)
    assert errands(View(bot.know, play.observation(Side.green), bot.memory)) == {"g1-inf1": "36.1"}
    play.apply(StartImpulse("g-if1"))
    assert bot.choose(play.observation(Side.green), play.legal_actions()) == Activate("g1-inf1")
    play.apply(Activate("g1-inf1"))
    moves = walk(bot, play, steps=4)
    assert moves[0] == "36.1" and moves[-1] == "36.6", moves


def test_8_2_1_3_a_shot_that_would_mark_a_block_on_an_errand_costs_its_walk(game: Game) -> None:
    """Turn 6: the rifles in 36.2 have an errand to the hangar's roof. The platoon leader's
    carbines from A1807 at Red in 36.3 would reach them in the fire lane: besides the OSL,
    the Activated marker (8.2.1.3) costs their walk this turn (errands.held_up); once they
    have walked, only the OSL."""
    play = green_turn(game)
    _clear_red(play, keep=("r1-inf1",))
    _put(play, "r1-inf1", "36.3")
    _put(play, "g1-inf1", "36.2")
    _put(play, "g2-pl", "A1807")
    rooms = [f"36.{n}" for n in range(1, 7)] + [f"39.{n}" for n in range(1, 6)]
    control = {loc: Side.green for loc in rooms} | {"36.3": Side.red, "39.R": Side.red}
    play.state.control.update(control)
    play.state.turn = game.scenario.turns - 2
    bot = green_bot(game, control)
    carbines = next(w for w in game.blocks["g2-pl"].profile.weapons if w.id == "carbines")

    def cost() -> float:
        view = attach(View(bot.know, play.observation(Side.green), bot.memory))  # as decide does
        return friendly_fire(view, "g2-pl", carbines, "36.3", False)

    assert errands(View(bot.know, play.observation(Side.green), bot.memory)).get("g1-inf1") == "39.R"
    before = cost()
    play.state.blocks["g1-inf1"].activated = True  # walked already (its errand goes to another)
    assert before == pytest.approx(cost() + DEFAULT_PROFILE.errand_intent)
    assert cost() > 0  # the OSL


def test_2_3_winning_on_the_last_turn_it_walks_through_the_rooms_it_holds_by_memory(game: Game) -> None:
    """Last turn, Green winning as far as it has seen (every room of 36 and 39 and both
    bridgeheads its own by memory). Red may have crossed an empty hangar room unseen (2.3:
    the last side through holds it), so rather than passing first (keeping its forces to
    answer) Green walks a block through each, the nearest first: the sniper in 39.3 into
    39.4 next door; the roofs too (2 MP from a room, 8.1.8)."""
    play = green_turn(game)
    _clear_red(play)
    rooms = [f"36.{n}" for n in range(1, 7)] + [f"39.{n}" for n in range(1, 6)]
    holders = dict(zip(["g1-pl", "g1-inf2", "g1-inf3", "g1-sup", "g2-pl", "g2-eng1"], rooms[:6], strict=True))
    holders |= {"g2-eng2": "A2108", "g2-scout": "A2115", "g2-recon": "39.1", "g2-sniper": "39.3"}
    holders |= {"g3-inf1": "39.5", "g1-inf1": "39.2"}  # 39.4 is empty
    for bid, where in holders.items():
        _put(play, bid, where)
    control = {loc: Side.green for loc in [*rooms, "A2108", "A2115"]}
    play.state.control.update(control)
    play.state.turn = game.scenario.turns
    bot = green_bot(game, control)
    view = View(bot.know, play.observation(Side.green), bot.memory)
    assert winning(view)
    assert unseen(view) == ["36.R", "39.4", "39.R"]
    sent = errands(view)
    assert sent == {"g2-sniper": "39.4", "g1-inf3": "36.R", "g2-recon": "39.R"}  # the nearest
    # not the pass of a side winning on the last turn
    assert isinstance(bot.choose(play.observation(Side.green), play.legal_actions()), StartImpulse)
    play.apply(StartImpulse("g-if2"))
    assert bot.choose(play.observation(Side.green), play.legal_actions()) == Activate("g2-sniper")
    play.apply(Activate("g2-sniper"))
    assert walk(bot, play, steps=1) == ["39.4"]
    # 39.4 walked through: it stays Green's; the roofs are left (no block within a walk)
    assert "39.4" not in unseen(View(bot.know, play.observation(Side.green), bot.memory))
