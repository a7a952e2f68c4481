"""Urban Battle in the play mode (issue 15 item 6, item 5's `uo replay`): F5 on a mission
opens its play window; the board draws the squares, the vehicles with their facing, the
selected vehicle's steps and 45-degree rotations as clickable marks and its fire lines with
firepower against armour; the report gives each shot's dice. A whole game of street-duel is
played with real clicks for green against the heuristic bot, and its saved log replays."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QFileDialog, QToolBar

from editor.commands.set_property import SetProperty
from editor.play import launch
from editor.play.session import Player, PlayOptions, View
from editor.play.ub_window import UbPlayWindow
from engine.bots.runner import make_bot
from engine.model.scenario import Side
from engine.rules.ub.actions import EndTurn, Fire, Step, StepKind

ROOT = Path(__file__).resolve().parents[3]
DUEL = ROOT / "scenarios" / "ub" / "street-duel.yaml"
PURPLE = (1, 2, 2, 3, 3, 4)


def open_mission(qtbot, path: Path, options: PlayOptions) -> UbPlayWindow:
    play = launch.start_mission(None, path, "urban-battle", ask=lambda _w: options)
    assert isinstance(play, UbPlayWindow)
    qtbot.addWidget(play)
    qtbot.waitExposed(play)
    return play


def click(qtbot, play: UbPlayWindow, at: QPoint) -> None:
    qtbot.mouseClick(play.board.viewport(), Qt.MouseButton.LeftButton, pos=at)


def end_turn_button(play: UbPlayWindow):
    return next(b for b in play.prompt.button_list if b.text() == "End turn")


def play_by_clicks(qtbot, play: UbPlayWindow, action) -> None:
    """Do `action` as a player would: select its vehicle by clicking it (unless selected),
    then click its mark, its fire line or the prompt's button."""
    if isinstance(action, EndTurn):
        qtbot.mouseClick(end_turn_button(play), Qt.MouseButton.LeftButton)
        return
    if play.selected != action.unit:
        piece = next(p for p in play.session.observation(Side.green).pieces if p.id == action.unit)
        click(qtbot, play, play.board.point_of_square(piece.square))
        assert play.selected == action.unit
    if isinstance(action, Step):
        click(qtbot, play, play.board.point_of_mark(action))
    elif isinstance(action, Fire):
        line = next(ln for ln in play.board.lines if any(s.action == action for s in ln.shots))
        click(qtbot, play, play.board.point_of_fire(action))
        if len(line.shots) > 1:  # direct and parabolic at one target: the menu names them
            menu = play.board.menu
            assert menu is not None
            entry = next(
                a for a in menu.actions() if a.text().endswith(f"{action.kind.value} at {action.target}")
            )
            entry.trigger()
    else:
        button = next(b for b in play.prompt.button_list if b.text().startswith(action.unit))
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_f5_on_a_mission_opens_its_play_window(window, qtbot, monkeypatch):
    window.load(DUEL)
    monkeypatch.setattr(
        launch, "ask_options", lambda _w: PlayOptions(Player.human, Player.human, 1, View.green, 0)
    )
    qtbot.keyClick(window, Qt.Key.Key_F5)
    play = window.play_windows[-1]
    qtbot.addWidget(play)
    assert isinstance(play, UbPlayWindow)
    assert play.session.game.scenario_id == "street-duel"
    # every vehicle of the mission on its square, facing as set up
    assert {i.id: i.facing for i in play.board.pieces.values()}["g-heavy"] == 2  # E
    assert len(play.board.pieces) == 11
    play.close()


def test_a_selected_vehicle_offers_its_steps_rotations_and_fire_lines(qtbot, tmp_path):
    """Selecting a vehicle draws its legal steps and rotations; clicking a rotation turns it,
    clicking the square in front moves it; a fire line names firepower vs armour plus distance,
    and the shot's report line gives the dice the log recorded."""
    board = os.path.relpath(ROOT / "maps" / "ub" / "two-segments.yaml", tmp_path)
    units = os.path.relpath(ROOT / "cards" / "ub" / "units.yaml", tmp_path)
    mission = tmp_path / "duel.yaml"
    mission.write_text(
        "schema: ub-mission/1\nrules: urban-battle\nid: close\ntitle: Close\n"
        f"board: {board}\nunits: [{units}]\neffectiveness: 6\nrounds: 2\nfirst: green\n"
        "forces:\n  green:\n    units:\n      - {id: g, type: heavy, square: I1, facing: E}\n"
        "  red:\n    units:\n      - {id: r, type: heavy, square: M1, facing: W}\n"
        "goal: {kind: destroy}\n"
    )
    play = open_mission(qtbot, mission, PlayOptions(Player.human, Player.human, 5, View.all_seeing, 0))
    click(qtbot, play, play.board.point_of_square("I1"))
    assert play.selected == "g"
    assert play.board.pieces["g"].selected_piece
    assert {m.action.step for m in play.board.marks} == set(StepKind)  # H1 behind is free too
    # a turret fires all round: the line east along row 1 to r, distance 4, r's front armour 9
    (line,) = play.board.lines
    assert line.shots[0].text == f"direct: 1d6+1d4+8 vs armour front 9 + distance 4 = 13 ({chance(13):.0%})"
    assert line.text.text() == line.shots[0].text  # written beside the target
    # turn right (E -> SE), back left, then forward to J1
    click(qtbot, play, play.board.point_of_mark(Step("g", StepKind.right)))
    assert play.board.pieces["g"].facing == 3
    click(qtbot, play, play.board.point_of_mark(Step("g", StepKind.left)))
    assert play.board.pieces["g"].facing == 2
    click(qtbot, play, play.board.point_of_mark(Step("g", StepKind.forward)))
    assert square_of(play, "g") == "J1"
    assert play.selected == "g"  # the vehicle being moved stays selected
    (line,) = play.board.lines  # it may still fire after moving: nearer now
    assert line.shots[0].text.endswith(f"armour front 9 + distance 3 = 12 ({chance(12):.0%})")
    qtbot.mouseClick(end_turn_button(play), Qt.MouseButton.LeftButton)
    report = play.log_list.toPlainText().splitlines()
    assert report == [
        "1. R1 Green: g turns right, now facing SE",
        "2. R1 Green: g turns left, now facing E",
        "3. R1 Green: g moves forward I1 → J1",
        "4. R1 Green: ends its turn",
    ]
    # red's heavy fires back along the row: the report line gives the dice the log recorded
    click(qtbot, play, play.board.point_of_square("M1"))
    assert play.selected == "r"
    shot = Fire("r", "g")
    click(qtbot, play, play.board.point_of_fire(shot))
    entry = play.session.play.log[-1]
    assert entry["action"] == "Fire" and entry["target"] == "g"
    red, purple = entry["rolls"][0], PURPLE[entry["rolls"][1] - 1]
    hit = red != 1 and red + purple + 8 >= 12
    assert play.board.pieces["g"].destroyed is hit
    text = play.log_list.toPlainText().splitlines()[-1]
    assert text.startswith("5. R1 Red: r (M1) fires direct at g (J1), distance 3: ")
    if red == 1:
        assert text.endswith(f"red die 1: no effect: {'missed'}")
    else:
        expected = f"red {red} + purple {purple} + 8 = {red + purple + 8} vs armour front 9 + distance 3 = 12"
        assert text.endswith(f"{expected}: {'DESTROYED' if hit else 'missed'}")
    play.close()


def write_mission(tmp_path: Path, body: str) -> Path:
    """A mission on the sample board and unit chart, its forces and options from `body`."""
    board = os.path.relpath(ROOT / "maps" / "ub" / "two-segments.yaml", tmp_path)
    units = os.path.relpath(ROOT / "cards" / "ub" / "units.yaml", tmp_path)
    mission = tmp_path / "mission.yaml"
    mission.write_text(
        "schema: ub-mission/1\nrules: urban-battle\nid: small\ntitle: Small\n"
        f"board: {board}\nunits: [{units}]\nrounds: 2\nfirst: green\ngoal: {{kind: destroy}}\n" + body
    )
    return mission


def test_turret_turns_are_buttons_and_the_counter_shows_the_turret(qtbot, tmp_path):
    """Optional rule Rotating Turrets: the selected vehicle's turret turns (up to 3 steps
    either way in Basic mode) are the prompt's buttons; one clicked turns the barrel drawn
    on the counter, and the Back button takes it back."""
    mission = write_mission(
        tmp_path,
        "effectiveness: 4\noptional_rules: [rotating_turrets]\nforces:\n"
        "  green:\n    units:\n      - {id: g, type: medium, square: I1, facing: E}\n"
        "  red:\n    units:\n      - {id: r, type: medium, square: M3, facing: W}\n",
    )
    play = open_mission(qtbot, mission, PlayOptions(Player.human, Player.human, 2, View.green, 0))
    click(qtbot, play, play.board.point_of_square("I1"))
    turrets = [b.text() for b in play.prompt.button_list if "turret" in b.text()]
    assert turrets == [f"g: turret {n * 45}° {way}" for n, way in ((3, "left"), (2, "left"), (1, "left"))] + [
        f"g: turret {n * 45}° right" for n in (1, 2, 3)
    ]
    button = next(b for b in play.prompt.button_list if b.text() == "g: turret 90° right")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert play.session.play.log[-1] == {"action": "Turret", "unit": "g", "turn": 2, "rolls": []}
    assert play.board.pieces["g"].turret == 2
    assert play.log_list.toPlainText().splitlines()[-1] == "1. R1 Green: g turns its turret 90° right"
    strip = play.findChild(QToolBar, "play_strip")
    qtbot.mouseClick(strip.widgetForAction(play.back_action), Qt.MouseButton.LeftButton)
    assert play.session.play.log == []
    assert play.board.pieces["g"].turret == 0
    assert play.log_list.toPlainText() == ""
    play.close()


def test_the_report_marks_an_entrys_vehicles_and_a_double_click_goes_back_to_it(qtbot, tmp_path):
    mission = write_mission(
        tmp_path,
        "effectiveness: 4\nforces:\n"
        "  green:\n    units:\n      - {id: g, type: medium, square: I1, facing: E}\n"
        "  red:\n    units:\n      - {id: r, type: medium, square: M3, facing: W}\n",
    )
    play = open_mission(qtbot, mission, PlayOptions(Player.human, Player.human, 2, View.green, 0))
    click(qtbot, play, play.board.point_of_square("I1"))
    click(qtbot, play, play.board.point_of_mark(Step("g", StepKind.forward)))
    click(qtbot, play, play.board.point_of_mark(Step("g", StepKind.forward)))
    assert square_of(play, "g") == "K1"
    first = play.log_list.entry_rect(0).center()
    # the pointer moves onto the entry (two moves: Qt sends none for a move to where it is)
    qtbot.mouseMove(play.log_list.viewport(), first + QPoint(0, 1))
    qtbot.mouseMove(play.log_list.viewport(), first)
    assert play.board.pieces["g"].flash and not play.board.pieces["r"].flash
    qtbot.mouseDClick(play.log_list.viewport(), Qt.MouseButton.LeftButton, pos=first)
    assert len(play.session.play.log) == 1 and square_of(play, "g") == "J1"
    assert play.log_list.toPlainText().splitlines() == ["1. R1 Green: g moves forward I1 → J1"]
    play.close()


def chance(need: int) -> float:
    """A heavy's direct shot (red die, purple die, +8) reaching `need`; a red 1 never does."""
    return sum(r + p + 8 >= need for r in range(2, 7) for p in PURPLE) / 36


def square_of(play: UbPlayWindow, unit: str) -> str:
    return next(p.square for p in play.session.observation(Side.green).pieces if p.id == unit)


def test_a_whole_street_duel_by_clicks_against_the_bot_replays(qtbot, tmp_path, monkeypatch):
    """Green clicks its way through a whole game (its choices: what the heuristic would
    choose, played by selecting vehicles and clicking marks, lines and buttons) against red's
    heuristic bot; the game ends; the log saved from the window replays with `uo replay`."""
    play = open_mission(qtbot, DUEL, PlayOptions(Player.human, Player.heuristic, 3, View.green, 0))
    session = play.session
    chooser = make_bot("heuristic", session.game, 3, Side.green)
    clicked = 0
    while session.play.decision is not None:
        qtbot.waitUntil(lambda: session.human_to_decide() or session.play.decision is None, timeout=30000)
        if session.play.decision is None:
            break
        action = chooser.choose(session.play.observation(Side.green), session.play.legal_actions())
        before = len(session.play.log)
        play_by_clicks(qtbot, play, action)
        assert session.play.log[before] == session.rules.action_to_json(action) | {
            "rolls": session.play.log[before]["rolls"]
        }
        clicked += 1
    outcome = session.play.outcome
    assert outcome.over
    assert clicked > 20
    assert "GAME OVER" in play.status.text()
    assert len(play.log_list.toPlainText().splitlines()) == len(session.play.log)
    log = tmp_path / "duel.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(log), ""))
    qtbot.keyClick(play, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert log.exists()
    out = subprocess.run(
        [sys.executable, "-m", "engine.cli", "replay", str(log)], capture_output=True, text=True, cwd=ROOT
    )
    assert out.returncode == 0, out.stderr
    # and the play mode's own replay viewer opens it: every action ready for Forward
    viewer = launch.open_log(log)
    assert isinstance(viewer, UbPlayWindow)
    qtbot.addWidget(viewer)
    assert len(viewer.session.future) == len(session.play.log)
    viewer.session.forward()
    assert len(viewer.session.play.log) == 1
    viewer.close()
    play.close()


def test_f5_plays_the_missions_unsaved_edit(window, qtbot, monkeypatch):
    window.load(DUEL)
    doc = window.document
    doc.undo_stack.push(SetProperty(doc, "Move the heavy", [("/forces/green/units/0/square", "A5", "A6")]))
    assert doc.is_dirty
    monkeypatch.setattr(
        launch, "ask_options", lambda _w: PlayOptions(Player.human, Player.human, 1, View.green, 0)
    )
    qtbot.keyClick(window, Qt.Key.Key_F5)
    play = window.play_windows[-1]
    qtbot.addWidget(play)
    assert square_of(play, "g-heavy") == "A6"
    play.close()


def test_random_speed_roll_is_a_button_then_the_steps_show(qtbot, tmp_path):
    """Optional rule Random Speed: 'Each time a vehicle is about to move, roll a speed die'.
    The selected vehicle first offers the roll as a button; once clicked, the die is in the
    log and report, and the vehicle's steps appear as marks on the board."""
    mission = write_mission(
        tmp_path,
        "effectiveness: 4\noptional_rules: [random_speed]\nforces:\n"
        "  green:\n    units:\n      - {id: g, type: medium, square: I1, facing: E}\n"
        "  red:\n    units:\n      - {id: r, type: medium, square: M3, facing: W}\n",
    )
    play = open_mission(qtbot, mission, PlayOptions(Player.human, Player.human, 2, View.green, 0))
    click(qtbot, play, play.board.point_of_square("I1"))
    assert not play.board.marks
    button = next(b for b in play.prompt.button_list if b.text() == "g: roll the speed die")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    entry = play.session.play.log[-1]
    assert entry["action"] == "SpeedRoll" and len(entry["rolls"]) == 1
    assert "g rolls its speed die" in play.log_list.toPlainText().splitlines()[-1]
    if play.selected != "g":
        click(qtbot, play, play.board.point_of_square("I1"))
    forward = Step("g", StepKind.forward)
    assert forward in play.session.play.legal_actions()
    click(qtbot, play, play.board.point_of_mark(forward))
    assert play.session.play.log[-1]["action"] == "Step"
