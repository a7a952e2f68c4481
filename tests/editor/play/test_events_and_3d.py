"""The play mode shows events and 3D actions (issue 13, "Bots, observation, editor"), with
real clicks: an event card played from the hand in the Events dock (6.2.1), a T+1 mission
requested in the 3D request dock and on its target (7.3.3.1), falling next turn with its
rings on the board (7.3.3.3); a face-down counter turned face up when the observation says
so (5.2.3). Everything drawn comes from the observation and the legal actions."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from editor.play.board import Layer
from editor.play.hand_panel import CardFrame
from editor.play.items import ChipItem, RingItem
from editor.play.offers import Offer, Where
from editor.play.session import Player, PlayOptions, PlaySession, View
from editor.play.support_panel import SupportPanel
from editor.play.window import PlayWindow
from engine.io.files import load_document
from engine.model.scenario import Side
from engine.rules.uo import third_dimension
from engine.rules.uo.game import Game
from engine.rules.uo.observation import SupportLeft
from engine.rules.uo.play import Play
from engine.rules.uo.ruleset import URBAN_OPERATIONS

from .test_play_window import click_offer

SAMPLE = Path(__file__).resolve().parents[3] / "scenarios" / "harbour-crossing.yaml"
LEFT = Qt.MouseButton.LeftButton


@pytest.fixture(scope="module")
def game() -> Game:
    return URBAN_OPERATIONS.load(SAMPLE)


def mortar_always_t_plus_1(game: Game) -> Game:
    """The sample with green's mortar row giving T+1 on every die (a designer's edit)."""
    sc = game.scenario
    green = sc.sides.green
    rows = [
        r.model_copy(update={"unavailable": [], "next_turn": list(range(10)), "this_turn": []})
        if r.support == "sup-mortar"
        else r
        for r in green.support.actions
    ]
    green = green.model_copy(update={"support": green.support.model_copy(update={"actions": rows})})
    sc = sc.model_copy(update={"sides": sc.sides.model_copy(update={"green": green})})
    return Game(
        sc,
        game.battlefield,
        game.cards,
        game.insert_known_by,
        game.tables,
        game.sources,
        game.event_cards,
        game.support_cards,
    )


def open_window(qtbot, game: Game, seed: int) -> PlayWindow:
    session = PlaySession(game, PlayOptions(Player.human, Player.random, seed, View.green, 0))
    sheet = load_document(SAMPLE.parent / game.scenario.map.sheets[0].file).model
    window = PlayWindow(session, [Layer("Surface A", "surface", sheet, SAMPLE.parent)], SAMPLE)
    session.setParent(window)
    qtbot.addWidget(window)
    window.resize(1500, 950)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: session.ready, timeout=60000)
    return window


def wait_for_green(qtbot, play: PlayWindow) -> None:
    s = play.session
    qtbot.waitUntil(lambda: s.play.decision is None or s.human_to_decide(), timeout=60000)


def kind(offer: Offer) -> str:
    return type(offer.action).__name__


def click(qtbot, play: PlayWindow, offer: Offer) -> None:
    """A player's click for any offer: a card's Play button, a 3D mission then its target,
    else where the board or the prompt shows it."""
    before = len(play.session.play.log)
    if offer.where is Where.hand:
        play.hand_dock.raise_()
        button = play.hand.play_button(offer.anchor)
        assert button is not None and button.isEnabled()
        qtbot.mouseClick(button, LEFT)
    elif kind(offer) == "Request3D":
        pick_request(qtbot, play, offer.subject or "")
        point = play.board.point_of(offer.anchor)
        assert point is not None
        assert play.board.offers_at(play.board.mapToScene(point)) == [offer]
        qtbot.mouseClick(play.board.viewport(), LEFT, pos=point)
    else:
        click_offer(qtbot, play, offer)
        return
    assert len(play.session.play.log) == before + 1


def pick_request(qtbot, play: PlayWindow, key: str) -> None:
    """Click the mission and requester `key` in the 3D request dock's list."""
    play.support_dock.raise_()
    box = play.support.requests
    item = next(box.item(i) for i in range(box.count()) if box.item(i).data(Qt.ItemDataRole.UserRole) == key)
    box.scrollToItem(item)
    qtbot.mouseClick(box.viewport(), LEFT, pos=box.visualItemRect(item).center())
    assert play.support.selected_key == key


def matrix_cells(panel: SupportPanel, name: str) -> list[str]:
    """The cells of the 3D dock's matrix row of support `name`, as text: name, missions,
    left, a turn, left this turn, U, T+1, T."""
    for row in re.findall(r"<tr>(.*?)</tr>", panel.matrix.text()):
        cells = [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        if cells and cells[0] == name:
            return cells
    raise AssertionError(f"no row of {name} in the 3D dock's matrix")


def step(qtbot, play: PlayWindow, rng: random.Random, prefer: tuple[str, ...]) -> None:
    """One green decision by a click: the first preferred kind offered, else any offer but
    a card or a 3D request (those the test asks for itself)."""
    offers = play.current_offers()
    assert offers is not None
    items = list(offers.reachable())
    for want in prefer:
        found = [o for o in items if kind(o) == want]
        if found:
            click(qtbot, play, found[0])
            return
    rest = [o for o in items if kind(o) not in ("PlayEvent", "Request3D")] or items
    click(qtbot, play, rng.choice(rest))


def test_6_7_3_a_card_played_and_a_t_plus_1_mission_falling_next_turn_with_its_rings(qtbot, game):
    play = open_window(qtbot, mortar_always_t_plus_1(game), 2)
    s = play.session
    rng = random.Random(2)
    wait_for_green(qtbot, play)
    # set-up by clicks until the turn's 3D request sequence offers green its missions
    while not any(kind(o) == "Request3D" for o in play.current_offers().items):
        step(qtbot, play, rng, ())
        wait_for_green(qtbot, play)
    assert play.support_dock.isVisible() and not play.support.requests.isHidden()
    offers = play.current_offers()
    request = next(o for o in offers.items if kind(o) == "Request3D" and o.action.support == "sup-mortar")
    key = request.subject
    pick_request(qtbot, play, key)
    # the picked mission's targets are the places the board highlights, nothing else
    assert set(play.board.offers.places(key)) == {o.anchor for o in offers.items if o.subject == key}
    assert "T+1 on 0-9" in play.support.details.text()
    # what is left of each row, as green's observation counts it: the sample's 4 mortar
    # missions, 1 request a turn (7.3.1); its own matrix only, not red's (7.3.3)
    assert "Left: 4 mission(s) this game, 1 request(s) this turn" in play.support.details.text()
    assert matrix_cells(play.support, "81mm mortar section")[1:5] == ["4", "4", "1", "1"]
    assert "Red's" not in play.support.matrix.text()
    target = request.anchor
    click(qtbot, play, request)
    # the T+1 spent a mission and the turn's request: the dock says so at once
    assert s.observation(Side.green).support_left[0] == SupportLeft("sup-mortar", 3, 0)
    assert matrix_cells(play.support, "81mm mortar section")[1:5] == ["4", "3", "1", "0"]
    entry = s.play.log[-1]
    assert entry["action"] == "Request3D" and entry["target"] == target
    assert {"table": "3d.sup-mortar", "row": "T+1", "dice": [0]} in entry["rows"]
    green = s.observation(Side.green)
    assert ("sup-mortar", target, 2) in green.missions
    assert any(k[0] == "planned" and k[1] == target for k in play.board._drawn)  # its target marked
    assert "falls in turn 2 (T+1)" in play.support.missions.text()
    report = play.log_list.text(play.log_list.count() - 1)
    assert "3D matrix (sup-mortar) T+1" in report and "T+1: 81mm mortar section on" in report

    # green's turn decision: a card of its hand played with its Play button (6.2.1)
    wait_for_green(qtbot, play)
    while not any(o.where is Where.hand for o in play.current_offers().items):
        step(qtbot, play, rng, ("EndRequests",))
        wait_for_green(qtbot, play)
    hand = s.observation(Side.green).hand
    assert set(play.hand.frames) == set(hand)
    assert "holds" in play.hand.enemy_label.text()
    card = next(o for o in play.current_offers().items if o.where is Where.hand)
    title = s.game.event_cards[card.anchor].title
    click(qtbot, play, card)
    assert s.play.log[-1]["action"] == "PlayEvent" and s.play.log[-1]["card"] == card.anchor
    assert card.anchor in s.observation(Side.green).events_played
    assert card.anchor not in play.hand.frames and title in play.hand.played_label.text()
    # the cards shown are the hand's, no card left over from before
    body = play.hand.body
    current = set(play.hand.frames.values())
    assert not [f for f in body.findChildren(CardFrame) if f not in current and f.isVisibleTo(body)]
    qtbot.waitUntil(lambda: all(f.isVisibleTo(body) for f in play.hand.frames.values()))  # shown queued
    shown = [f for f in body.findChildren(CardFrame) if f.isVisibleTo(body)]
    assert sorted(f.objectName() for f in shown) == sorted(f.objectName() for f in play.hand.frames.values())
    assert f"event played: {title}" in play.log_list.text(play.log_list.count() - 1)

    # green passes on; next turn the mission falls (carried with a click where it has the
    # choice, 7.3.3.2) and its rings are drawn on the board
    def fell() -> bool:
        return any(k.target == target for k in s.observation(Side.green).strikes)

    for _ in range(400):
        if fell() or s.play.decision is None:
            break
        step(qtbot, play, rng, ("Carry3D", "EndRequests", "Pass", "EndActivation", "EndImpulse", "HoldFire"))
        wait_for_green(qtbot, play)
    assert fell() and s.observation(Side.green).turn == 2
    drawn = {k[1]: v for k, v in play.board._drawn.items() if k[0] == "strike"}
    assert len(drawn) == 1
    strike, ring = next(iter(drawn.items()))
    assert (
        isinstance(ring, RingItem)
        and ring.label.startswith("81mm mortar section: -")
        and strike.target == target
    )
    # the card's rings by EP distance (walls add theirs, 8.2.1.4; a roof only under its own
    # building's target, 7.3.3.3): 2 OSL on the target, 1 at 1 EP, 1 less where fortified
    ep = third_dimension.struck_within(s.game.battlefield, target, 1)
    assert {(c.location, c.distance, c.osl) for c in strike.cells} == {
        (loc, d, {0: 2, 1: 1}[d]) for loc, d in ep.items() if d <= 1
    }
    assert all(c.taken == c.osl - (1 if c.fortified else 0) for c in strike.cells)
    assert len(ring.cells) == len(strike.cells)  # every location reached is filled
    assert "Fell this turn: green's 81mm mortar section on " + target in play.support.missions.text()
    assert not any(k[0] == "planned" for k in play.board._drawn)  # no longer to come


def test_7_3_3_5_the_3d_dock_shows_the_air_defence_left_never_requested(qtbot, game):
    """Red's own matrix and air defence with what is left of them, from its observation."""
    obs = Play(game, 0).observation(Side.red)
    assert SupportLeft("sup-manpads", 2, None) in obs.support_left
    panel = SupportPanel()
    qtbot.addWidget(panel)
    red = game.scenario.sides.red.support
    panel.show_support([obs], None, game.support_cards, {"red": red.actions}, {"red": red.air_defense})
    manpads = game.support_cards["sup-manpads"].name
    assert matrix_cells(panel, manpads)[1:5] == ["2", "2", "-", "-"]
    mortar = game.support_cards["sup-militia-mortar"].name
    assert matrix_cells(panel, mortar)[1:5] == ["3", "3", "1", "1"]
    assert "Green's" not in panel.matrix.text()


def test_5_2_3_a_face_down_counter_turns_face_up_when_the_observation_says(qtbot, game):
    play = open_window(qtbot, game, 3)
    s = play.session
    rng = random.Random(3)
    wait_for_green(qtbot, play)

    def chips() -> dict[str, set[str]]:
        out: dict[str, set[str]] = {}
        for item in play.board._drawn.values():
            if isinstance(item, ChipItem):
                loc = next(k[1].location for k, v in play.board._drawn.items() if v is item)
                out.setdefault(loc, set()).add(item.text)
        return out

    down = {c.location for c in s.observation(Side.green).counters if c.kind is None}
    assert down and all("?" in chips()[loc] for loc in down)
    # hidden from green: the enemy's secret AT mines (5.2.2) are never drawn for it
    assert "MINE" not in {t for texts in chips().values() for t in texts}
    for _ in range(400):
        up = {c.location: c.kind for c in s.observation(Side.green).counters if c.kind is not None}
        if set(up) & down or s.play.decision is None:
            break
        step(qtbot, play, rng, ())
        wait_for_green(qtbot, play)
    turned = set(up) & down
    assert turned, "a counter was revealed"
    loc = sorted(turned)[0]
    shown = chips()[loc]
    assert "?" not in shown and shown  # face up: its kind on the chip


def cas_always_t_plus_1(game: Game) -> Game:
    """The sample with green's close air support on T+1 for every die, red without air
    defence and green's JFO set up beside the platoon leader, within reach of the enemy it
    sees (a designer's edits): the jets always come next turn."""
    sc = game.scenario
    green, red = sc.sides.green, sc.sides.red
    forces = [
        f.model_copy(
            update={
                "blocks": [b.model_copy(update={"at": "A3010"}) if b.id == "g-jfo" else b for b in f.blocks]
            }
        )
        for f in green.impulse_forces
    ]
    green = green.model_copy(update={"impulse_forces": forces})
    rows = [
        r.model_copy(update={"unavailable": [], "next_turn": list(range(10)), "this_turn": []})
        if r.support == "sup-cas"
        else r
        for r in green.support.actions
    ]
    green = green.model_copy(update={"support": green.support.model_copy(update={"actions": rows})})
    red = red.model_copy(update={"support": red.support.model_copy(update={"air_defense": []})})
    sc = sc.model_copy(update={"sides": sc.sides.model_copy(update={"green": green, "red": red})})
    return Game(
        sc,
        game.battlefield,
        game.cards,
        game.insert_known_by,
        game.tables,
        game.sources,
        game.event_cards,
        game.support_cards,
    )


def test_7_3_3_2_an_air_action_is_cancelled_with_a_click_and_falls_nowhere(qtbot, game):
    play = open_window(qtbot, cas_always_t_plus_1(game), 2)
    s = play.session
    rng = random.Random(2)
    wait_for_green(qtbot, play)
    while not any(kind(o) == "Request3D" for o in play.current_offers().items):
        step(qtbot, play, rng, ())
        wait_for_green(qtbot, play)
    request = next(
        o for o in play.current_offers().items if kind(o) == "Request3D" and o.action.support == "sup-cas"
    )
    click(qtbot, play, request)
    assert {"table": "3d.sup-cas", "row": "T+1", "dice": [0]} in s.play.log[-1]["rows"]
    wait_for_green(qtbot, play)
    for _ in range(400):  # on to next turn's resolution sequence, where green decides
        if any(kind(o) == "Cancel3D" for o in play.current_offers().items) or s.play.decision is None:
            break
        step(qtbot, play, rng, ("EndRequests", "Pass", "EndActivation", "EndImpulse", "HoldFire"))
        wait_for_green(qtbot, play)
    green = s.observation(Side.green)
    assert green.turn == 2 and green.deciding == ("sup-cas", request.anchor)
    # the 3D dock names the planned action being decided; the prompt offers carry and cancel
    assert "Close air support pair on " + request.anchor in play.support.status.text()
    cancel = next(o for o in play.current_offers().items if kind(o) == "Cancel3D")
    click(qtbot, play, cancel)
    assert s.play.log[-1]["action"] == "Cancel3D"
    assert not s.observation(Side.green).strikes and not s.observation(Side.green).missions
    assert not any(k[0] in ("strike", "planned") for k in play.board._drawn)
