"""Fog of war on the board (issue 12 item 3) and bots off the GUI thread (item 7)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from editor.play.board import Layer, looks
from editor.play.session import Player, PlayOptions, PlaySession, View
from editor.play.window import PlayWindow
from engine.bots.runner import make_bot
from engine.io.files import load_document
from engine.model.scenario import Side
from engine.rules.uo.ruleset import URBAN_OPERATIONS

SAMPLE = Path(__file__).resolve().parents[3] / "scenarios" / "harbour-crossing.yaml"


@pytest.fixture(scope="module")
def game():
    return URBAN_OPERATIONS.load(SAMPLE)


def open_window(qtbot, game, options: PlayOptions) -> PlayWindow:
    session = PlaySession(game, options)
    sheet = load_document(SAMPLE.parent / game.scenario.map.sheets[0].file).model
    window = PlayWindow(session, [Layer("Surface A", "surface", sheet, SAMPLE.parent)], SAMPLE)
    session.setParent(window)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: session.ready, timeout=60000)  # the LOS table, built on the worker
    return window


def test_a_sides_view_draws_its_observation_only(qtbot, game):
    """Red's hidden blocks are blank on green's board: no type, no id, no losses; the items
    drawn are exactly the observation's blocks."""
    window = open_window(qtbot, game, PlayOptions(Player.human, Player.random, 1, View.green, 0))
    qtbot.waitUntil(window.session.human_to_decide, timeout=30000)
    obs = window.session.observation(Side.green)
    drawn = [i.look for i in window.board.block_items]
    red = [look for look in drawn if look.side is Side.red]
    assert len(red) == len(obs.enemies)
    for look in red:
        enemy = next(e for e in obs.enemies if e.location == look.location)
        if not enemy.revealed:
            assert look.symbol is None and "hidden" in look.tip
            assert not any(bid in look.tip or bid in look.key for bid in game.blocks if bid.startswith("r"))
    green = [look for look in drawn if look.side is Side.green]
    assert {look.key for look in green} == {b.id for b in obs.own if b.on_map}
    assert not window.banner_action.isVisible()


def test_swapping_hidden_enemy_blocks_changes_nothing_drawn(game):
    """Two hidden red blocks swapped in the state: green's board is drawn the same."""
    play = URBAN_OPERATIONS.start(game, 1)
    while play.decision is not None and play.decision.kind.value == "setup":
        play.apply(play.legal_actions()[0])
    briefings = {side: URBAN_OPERATIONS.briefing(game, side) for side in Side}
    hidden = [
        bid
        for bid, b in play.state.blocks.items()
        if game.blocks[bid].side is Side.red and b.on_map and not b.revealed and not game.blocks[bid].dummy
    ]
    a, b = hidden[0], hidden[1]
    before = looks([play.observation(Side.green)], briefings)
    sa, sb = play.state.blocks[a], play.state.blocks[b]
    sa.location, sb.location = sb.location, sa.location
    after = looks([play.observation(Side.green)], briefings)
    assert before == after


def test_all_seeing_shows_both_sides_and_says_so(qtbot, game):
    window = open_window(qtbot, game, PlayOptions(Player.random, Player.random, 1, View.green, 0))
    window.run.trigger()  # the bots stop: the board stands still
    assert not window.banner_action.isVisible()
    window.all_seeing.trigger()  # the strip's toggle
    assert window.banner_action.isVisible()
    drawn = window.board.block_items
    assert all(i.look.symbol is not None for i in drawn), "every block shown for what it is"
    on_map = {bid for bid, b in window.session.play.state.blocks.items() if b.on_map}
    assert {i.look.key for i in drawn} == on_map


def test_hot_seat_covers_the_board_between_players(qtbot, game):
    window = open_window(qtbot, game, PlayOptions(Player.human, Player.human, 1, View.hot_seat, 0))
    session = window.session
    first = session.decider
    assert not window.cover.isVisible()
    # play the first side's decisions until the other side is to decide
    while session.decider == first:
        offers = window.current_offers()
        assert offers is not None
        window.pick(offers.items[0])
    assert window.cover.isVisible()
    assert session.decider.value.capitalize() in window.cover.label.text()
    assert window.current_offers() is None or window.viewer() == first, "nothing of the next side shown"
    # nor of the side leaving: its hand of event cards and its 3D plans are covered too
    assert not window.hand.isVisible() and not window.support.isVisible()
    qtbot.mouseClick(window.cover.button, Qt.MouseButton.LeftButton)
    assert not window.cover.isVisible()
    assert window.viewer() == session.decider
    assert window.hand.isVisible() and window.hand.frames.keys() == set(
        session.observation(window.viewer()).hand
    )


class ThreadNoting:
    """A bot that notes the thread it is asked on."""

    def __init__(self, bot):
        self.bot = bot
        self.name = bot.name
        self.threads: set[int] = set()

    def choose(self, observation, actions):
        self.threads.add(threading.get_ident())
        return self.bot.choose(observation, actions)


def test_bots_play_each_other_off_the_gui_thread(qtbot, game):
    window = open_window(qtbot, game, PlayOptions(Player.random, Player.heuristic, 2, View.all_seeing, 0))
    session = window.session
    session.set_running(False)
    noted = {side: ThreadNoting(make_bot(session.options.player(side).value, game, 2, side)) for side in Side}
    session.bots = noted
    session.set_running(True)
    qtbot.waitUntil(lambda: len(session.play.log) >= 60, timeout=60000)
    session.set_running(False)
    threads = noted[Side.green].threads | noted[Side.red].threads
    assert threads and threading.get_ident() not in threads
    assert window.log_list.count() >= 60


def test_8_1_10_a_side_without_the_insert_map_sees_nothing_of_it(qtbot, game):
    """Only red has the map of insert U in the sample: on green's board it is a closed panel."""
    session = PlaySession(game, PlayOptions(Player.human, Player.random, 1, View.green, 0))
    sheet = load_document(SAMPLE.parent / game.scenario.map.sheets[0].file).model
    insert = load_document(SAMPLE.parent / game.scenario.map.underground[0].file).model
    layers = [
        Layer("Surface A", "surface", sheet, SAMPLE.parent),
        Layer(f"Insert {insert.id}", insert.id, insert, SAMPLE.parent),
    ]
    window = PlayWindow(session, layers, SAMPLE)
    session.setParent(window)
    qtbot.addWidget(window)
    window.show()
    window.layer_box.setCurrentIndex(1)
    assert window.no_map.isVisible() and "no map" in window.no_map.text()
    assert not window.board.block_items
    window.all_seeing.trigger()  # the designer sees it
    assert not window.no_map.isVisible()
    window.layer_box.setCurrentIndex(0)
    assert not window.no_map.isVisible()
