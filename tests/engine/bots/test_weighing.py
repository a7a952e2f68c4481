"""The heuristic bot's actions priced as the rules make them: an engineer's destruction hurts
the friends round the target (8.2.3.2), a supported fire adds the supporter's +2 (10.2), a
smoke fire shelters each block once and never outweighs taking a goal's room, and of two
weapons worth the same against a hidden block the one that hurts armour too. Each test builds
a position on the sample and checks the bot's choice."""

from __future__ import annotations

import pytest

from engine.battlefield import LocKind
from engine.battlefield.movement import ep_within
from engine.bots import RandomBot
from engine.bots.map_tables import sight_table
from engine.bots.runner import bot_seed
from engine.bots.support_3d import LOST_TURN, REQUEST_THRESHOLD, strike_value
from engine.bots.view import Memory, View
from engine.model.scenario import Side
from engine.rules.uo.actions import Activate, Assault, Destroy, Fire, Request3D, StartImpulse, SupportedFire
from engine.rules.uo.counters import CounterState, Kind
from engine.rules.uo.game import Game
from engine.rules.uo.play import Play

from .positions import SCENARIO, SEED, green_bot, green_turn
from .test_endgame import _clear_red, _put


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.load(SCENARIO)


def test_8_2_3_2_an_engineer_does_not_blow_a_barricade_among_its_friends(game: Game) -> None:
    """The destruction's weapons effect costs every friend within 2 EP of the target an OSL:
    with six friends round the bridgehead (more than the bridgehead is worth) the engineer
    waits for them to move on; alone, it destroys."""
    choices = []
    for friends in ((), ("g1-inf1", "g1-inf2", "g1-sup", "g2-scout", "g1-pl", "g2-recon")):
        play = green_turn(game)
        _clear_red(play)
        for c in play.state.nml.counters.values():
            if c.location in ("A2108", "A2208", "A2209", "A2109"):
                c.location = None
        play.state.nml.counters["red-barricade-9"] = CounterState(
            Kind.barricade, "A2108", revealed=True, owner=Side.red
        )
        _put(play, "g2-eng1", "A2208")
        for block, loc in zip(friends, ("A2308", "A2307", "A2309", "A2209", "A2206", "A2110"), strict=False):
            _put(play, block, loc)
        play.apply(StartImpulse("g-if2"))
        play.apply(Activate("g2-eng1"))
        assert any(isinstance(a, Destroy) for a in play.legal_actions())
        choices.append(green_bot(game, {}).choose(play.observation(Side.green), play.legal_actions()))
    alone, crowded = choices
    assert isinstance(alone, Destroy) and alone.location == "A2108"
    assert not isinstance(crowded, Destroy)


def test_10_2_a_supported_fire_is_taken_when_the_supporter_has_little_else_to_do(game: Game) -> None:
    """The firer takes the +2 of a friend of its force that sees the target (10.2) when the
    friend's own activation is worth less than the bonus (the logistics block); a friend
    with a fire of its own to make is left to make it."""
    choices = {}
    for friend in ("g-log", "g1-inf2"):
        play = green_turn(game)
        _clear_red(play, keep=("r1-inf4",))
        for c in play.state.nml.counters.values():
            c.location = None  # no counter to scout or scatter instead
        _put(play, "r1-inf4", "A2108")
        play.state.blocks["r1-inf4"].revealed = True
        _put(play, "g1-inf1", "A2608")
        _put(play, friend, "A2609")
        play.apply(StartImpulse("g-if1"))
        play.apply(Activate("g1-inf1"))
        activation = play.state.activation
        assert activation is not None
        activation.spent = 3  # moved its 3 MP (7.1.2): it acts here or not at all
        actions = play.legal_actions()
        assert Fire("A2108", "rifles") in actions
        assert SupportedFire("A2108", "rifles", friend) in actions
        choices[friend] = green_bot(game, {}).choose(play.observation(Side.green), actions)
    assert choices["g-log"] == SupportedFire("A2108", "rifles", "g-log")
    assert choices["g1-inf2"] == Fire("A2108", "rifles")


def test_8_2_8_a_tank_assaults_a_hidden_holder_of_a_hangar_room_with_its_gun(game: Game) -> None:
    """A tank in the hangar next to a room held by a hidden block: the assault (a goal's room)
    rather than a smoke, and with the gun, not the coax a hidden APC shrugs off (8.2.7.4)."""
    play = green_turn(game)
    _clear_red(play, keep=("r3-apc", "r3-mbt", "r3-car"))
    _put(play, "r3-apc", "39.3")
    play.state.blocks["r3-apc"].revealed = False
    _put(play, "r3-mbt", "A1616")
    _put(play, "r3-car", "A0915")
    _put(play, "g2-mbt1", "39.1")
    # every other location Green scores for is its own: the room is all there is to do
    rooms = [f"36.{n}" for n in range(1, 7)] + ["39.2", "39.4", "39.5", "36.R", "A2108", "A2115"]
    ours = {loc: Side.green for loc in rooms}
    play.state.control.update(ours)
    play.apply(StartImpulse("g-if2"))
    play.apply(Activate("g2-mbt1"))
    actions = play.legal_actions()
    assert Assault("39.3", "coax") in actions and Assault("39.3", "gun120") in actions
    choice = green_bot(game, ours).choose(play.observation(Side.green), actions)
    assert choice == Assault("39.3", "gun120")


def test_8_2_1_3_a_strike_beside_a_friend_costs_the_friend_its_turn(game: Game) -> None:
    """A mortar strike (red symbol: both sides) at a revealed enemy leader in the next hex to
    a Green block is worth less by the ring's OSL on the block and by the block's turn: a
    weapons effect Activates it (8.2.1.3), in the initial phase, before it has acted."""
    bf = game.battlefield
    values = []
    for beside in (False, True):
        play = Play(game, SEED)
        bots = {s: RandomBot(None, bot_seed(SEED, s)) for s in Side}
        while (d := play.decision) is not None and not (
            d.side == Side.green and any(isinstance(a, Request3D) for a in play.legal_actions())
        ):
            play.apply(bots[d.side].choose(play.observation(d.side), play.legal_actions()))
        _clear_red(play, keep=("r1-pl",))
        # a street hex the requester sees, with a free street hex next to it
        taken = {b.location for b in play.state.blocks.values() if b.on_map}
        sight = sight_table(bf).row(play.state.blocks["g1-pl"].location or "")
        target, near = next(
            (loc, n)
            for loc, ep in sorted(sight.items())
            if 3 <= ep <= 10 and bf.location(loc).kind == LocKind.hex and loc not in taken
            for n in sorted(bf.neighbours(loc))
            if n not in taken and bf.location(n).kind == LocKind.hex and ep_within(bf, loc, n, 1)
        )
        _put(play, "r1-pl", target)
        play.state.blocks["r1-pl"].revealed = True
        if beside:
            _put(play, "g1-inf1", near)
        bot = green_bot(game, {})
        view = View(bot.know, play.observation(Side.green), Memory())
        values.append(strike_value(view, "sup-mortar", target))
    alone, crowded = values
    # the mortar's ring at 1 EP takes 1 OSL from the rifles (worth 1 an OSL), and their turn
    assert crowded == pytest.approx(alone - 1.0 - LOST_TURN)
    assert alone > REQUEST_THRESHOLD >= crowded
