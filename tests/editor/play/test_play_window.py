"""The play mode with real clicks (issue 12 items 1-5, 7): F5 plays the scenario as edited,
green plays against the heuristic bot by clicking blocks, places, targets and the prompt's
buttons, the log saved replays with `uo replay`."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QMessageBox

from editor.commands.set_property import SetProperty
from editor.play import launch
from editor.play.offers import Offer, Where
from editor.play.session import Player, PlayOptions, View
from editor.play.window import PlayWindow
from engine.model.scenario import Side
from engine.rules.ruleset import DecisionKind

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = ROOT / "scenarios" / "harbour-crossing.yaml"


def block_pointer(model, block_id: str) -> str:
    for side in ("green", "red"):
        for f, force in enumerate(getattr(model.sides, side).impulse_forces):
            for b, block in enumerate(force.blocks):
                if block.id == block_id:
                    return f"/sides/{side}/impulse_forces/{f}/blocks/{b}"
    raise KeyError(block_id)


def open_play(window, qtbot, monkeypatch, options: PlayOptions) -> PlayWindow:
    """Press F5 (the dialog answered by `options`), wait for the play window."""
    monkeypatch.setattr(launch, "ask_options", lambda _w: options)
    qtbot.keyClick(window, Qt.Key.Key_F5)
    play = window.play_windows[-1]
    qtbot.addWidget(play)
    qtbot.waitExposed(play)
    return play


def test_f5_plays_the_unsaved_edit(window, qtbot, monkeypatch):
    window.load(SAMPLE)
    doc = window.document
    pointer = block_pointer(doc.model, "g1-pl") + "/at"
    before = "A3009"
    doc.undo_stack.push(SetProperty(doc, "Move the leader", [(pointer, before, "A3010")]))
    assert doc.is_dirty  # not saved
    play = open_play(window, qtbot, monkeypatch, PlayOptions(Player.human, Player.random, 1, View.green, 0))
    assert play.session.game.blocks["g1-pl"].start == "A3010"
    assert play.session.play.state.blocks["g1-pl"].location == "A3010"
    # the board shows the leader where the edit put it
    assert any(i.look.key == "g1-pl" and i.look.location == "A3010" for i in play.board.block_items)
    # the editor is as it was: same document, still dirty, its undo history kept
    assert window.document is doc and doc.is_dirty and doc.undo_stack.count() == 1
    qtbot.keyClick(play, Qt.Key.Key_Escape)  # back to the editor
    assert not play.isVisible()


def test_f5_refuses_a_scenario_that_does_not_validate(window, qtbot, monkeypatch):
    window.load(SAMPLE)
    doc = window.document
    pointer = block_pointer(doc.model, "g1-pl") + "/at"
    doc.undo_stack.push(SetProperty(doc, "Move the leader", [(pointer, "A3009", "Z9999")]))
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text: shown.append(text))
    monkeypatch.setattr(launch, "ask_options", lambda _w: pytest.fail("no dialog for an invalid scenario"))
    qtbot.keyClick(window, Qt.Key.Key_F5)
    assert shown and "harbour-crossing.yaml:" in shown[0] and "Z9999" in shown[0]
    assert not getattr(window, "play_windows", [])


# -- a game with clicks ---------------------------------------------------------------------


def click_offer(qtbot, play: PlayWindow, offer: Offer) -> None:
    """Do what a player does to take `offer`: click where it is shown, then the menu entry
    or the button naming it."""
    board = play.board
    if offer.where is Where.prompt:
        button = next(b for b in play.prompt.button_list if b.text() == offer.label)
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        return
    if offer.subject is not None:
        box = play.prompt.subjects
        box.setCurrentText(offer.subject)  # the block picked from the off-map list
    point = board.point_of_block(offer.anchor) if offer.where is Where.block else board.point_of(offer.anchor)
    assert point is not None, offer
    found = board.offers_at(board.mapToScene(point))
    assert offer in found, "a click where the offer is shown finds it"
    before = len(play.session.play.log)
    qtbot.mouseClick(board.viewport(), Qt.MouseButton.LeftButton, pos=point)
    if len(found) > 1:
        menu = board.menu
        assert menu is not None
        qtbot.waitExposed(menu)
        action = next(a for a in menu.actions() if a.text() == offer.label)
        qtbot.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(action).center())
    assert len(play.session.play.log) == before + 1
    assert play.session.play.log[-1]["action"] == type(offer.action).__name__


def choose(play: PlayWindow, rng: random.Random, done: set[str], moves: int) -> Offer:
    """Green's plan: answer a fire by withdrawing once, then by returning fire; fire when it
    can; otherwise move a few steps, then end."""
    offers = play.current_offers()
    assert offers is not None
    by_kind: dict[str, list[Offer]] = {}
    for o in offers.items:
        by_kind.setdefault(type(o.action).__name__, []).append(o)
    decision = play.session.play.decision
    assert decision is not None
    if decision.kind is DecisionKind.reaction:
        for kind in (["Withdraw"] if "Withdraw" not in done else []) + [
            "ReturnFire",
            "OpportunityFire",
            "CoverFire",
        ]:
            if kind in by_kind:
                return by_kind[kind][0]
    for kind in ("WithdrawTo", "Fire", "Assault"):
        if kind in by_kind:
            return rng.choice(by_kind[kind])
    if "Move" in by_kind and moves < 4:
        return rng.choice(by_kind["Move"])
    for kind in ("EndActivation", "Activate", "StartImpulse", "EndImpulse"):
        if kind in by_kind:
            return rng.choice(by_kind[kind]) if kind == "Activate" else by_kind[kind][0]
    return rng.choice(offers.items)


def test_green_plays_the_heuristic_bot_with_clicks(window, qtbot, monkeypatch, tmp_path):
    window.load(SAMPLE)
    play = open_play(
        window, qtbot, monkeypatch, PlayOptions(Player.human, Player.heuristic, 4, View.green, 0)
    )
    session = play.session
    rng = random.Random(4)
    done: set[str] = set()
    reactions: set[str] = set()
    moves = 0
    tips: list[str] = []
    for _ in range(600):
        qtbot.waitUntil(lambda: session.human_to_decide() or session.play.decision is None, timeout=60000)
        if session.play.decision is None:
            break
        assert session.decider is Side.green
        offer = choose(play, rng, done, moves)
        if offer.where is Where.target:
            tips.append(play.board.target_tip(offer.anchor))
        kind = type(offer.action).__name__
        moves = moves + 1 if kind == "Move" else 0 if kind == "Activate" else moves
        if session.play.decision.kind is DecisionKind.reaction:
            reactions.add(kind)
        click_offer(qtbot, play, offer)
        done.add(kind)
        if {"Move", "Fire", "Withdraw", "WithdrawTo"} <= done and reactions - {"Withdraw"}:
            break
    assert {"Activate", "Move", "Fire", "Withdraw", "WithdrawTo"} <= done, done
    assert reactions - {"Withdraw"}, "a reaction answered with fire"
    assert any("EP, band" in t and "our firepower" in t for t in tips)
    # the report reads like a game report: sides, rule sections, dice
    texts = [play.log_list.item(i).text() for i in range(play.log_list.count())]
    assert len(texts) == len(session.play.log)
    assert any("Green fires" in t and "[8.2.7]" in t for t in texts)
    assert any("dice: " in t and "d10" in t for t in texts)
    assert any("⇒" in t for t in texts), "what the dice did is said"
    assert not any("r1-" in t or "r2-" in t for t in texts if " Red " in t), "red's ids stay hidden"
    log = tmp_path / "game.json"
    play.save_log(log)
    out = subprocess.run(
        [sys.executable, "-m", "engine.cli", "replay", str(log)], capture_output=True, text=True, cwd=ROOT
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_hovering_a_report_entry_marks_its_blocks(window, qtbot, monkeypatch):
    window.load(SAMPLE)
    play = open_play(window, qtbot, monkeypatch, PlayOptions(Player.human, Player.random, 2, View.green, 0))
    session = play.session
    qtbot.waitUntil(session.human_to_decide, timeout=30000)
    offers = play.current_offers()
    click_offer(qtbot, play, next(o for o in offers.prompts if o.label.startswith("Start impulse")))
    offers = play.current_offers()
    block = sorted(offers.blocks())[0]
    click_offer(qtbot, play, offers.at_block(block)[0])
    row = play.log_list.count() - 1
    # beside the editor: the offscreen platform sends a hover to the top window under it
    play.move(window.frameGeometry().right() + 1, 0)
    rect = play.log_list.visualItemRect(play.log_list.item(row))
    qtbot.mouseMove(play.log_list.viewport(), rect.center() + QPoint(0, 1))
    qtbot.mouseMove(play.log_list.viewport(), rect.center())
    qtbot.waitUntil(lambda: any(i.flash for i in play.board.block_items))
    assert {i.look.key for i in play.board.block_items if i.flash} == {block}


def test_f5_plays_a_sheet_edit_too(window, qtbot, monkeypatch):
    """A wall removed on the scenario's sheet, unsaved: the game's map is the edited one."""
    from editor.commands.add_remove import RemoveObjects
    from engine.rules.uo.ruleset import URBAN_OPERATIONS

    window.load(SAMPLE)
    sheet_doc = window.session.sheets[0].document
    sheet_doc.undo_stack.push(RemoveObjects(sheet_doc, "Remove wall", ["/walls/0"]))
    assert sheet_doc.is_dirty
    play = open_play(window, qtbot, monkeypatch, PlayOptions(Player.human, Player.random, 1, View.green, 0))
    on_disk = URBAN_OPERATIONS.load(SAMPLE).battlefield
    edited = play.session.game.battlefield
    assert edited.digest != on_disk.digest
    assert len(edited.walls) < len(on_disk.walls)  # the wall's pieces are gone


def test_red_sets_up_its_blocks_by_clicks(window, qtbot, monkeypatch):
    """A human red picks each block to set up from the prompt's list, then clicks a place of
    its deployment area (3.1)."""
    window.load(SAMPLE)
    play = open_play(window, qtbot, monkeypatch, PlayOptions(Player.random, Player.human, 1, View.red, 0))
    session = play.session
    qtbot.waitUntil(session.human_to_decide, timeout=60000)
    assert session.play.decision.kind is DecisionKind.setup
    rng = random.Random(1)
    for _ in range(3):
        offers = play.current_offers()
        subjects = offers.subjects()
        assert subjects and play.prompt.subjects.isVisible()
        offer = rng.choice([o for o in offers.items if o.subject == subjects[-1]])
        click_offer(qtbot, play, offer)
        entry = session.play.log[-1]
        assert (entry["action"], entry["block"], entry["location"]) == ("Deploy", offer.subject, offer.anchor)
