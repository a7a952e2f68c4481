"""The play mode's screenshots for docs/screenshots/ (`python -m editor.play.screenshots DIR`):
green (human, clicking through the board's offers) against the heuristic bot on the sample,
caught with an activated block's reach and fire targets shown, at a reaction asked in place,
with the game report's entry under the pointer marking its blocks; and a two-sheet scenario
(the test's) with both sheets on the board."""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "scenarios" / "harbour-crossing.yaml"
ASSEMBLY = ROOT / "tests" / "editor" / "play" / "data" / "two-sheets" / "scenario.yaml"


def main(out: Path) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QPointF, QRectF, QSettings
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    from editor.main_window import MainWindow
    from editor.play.launch import build_game, layers_of
    from editor.play.session import Player, PlayOptions, PlaySession, View
    from editor.play.window import PlayWindow
    from engine.rules.ruleset import DecisionKind

    editor = MainWindow(QSettings(str(out / ".screenshots.ini"), QSettings.Format.IniFormat))
    editor.load(SAMPLE)
    session = PlaySession(
        build_game(SAMPLE, {}), PlayOptions(Player.human, Player.heuristic, 4, View.green, 0)
    )
    window = PlayWindow(session, layers_of(editor), SAMPLE)
    window.resize(1500, 950)
    window.show()
    rng = random.Random(4)
    shots = {"reach": False, "reaction": False}

    def zoom_on(location: str) -> None:
        c = window.board.centre(location)
        if c is not None:
            size = window.board.block_size * 9
            window.board.fit_rect(
                QRectF(QPointF(c[0] - size, c[1] - size), QPointF(c[0] + size, c[1] + size))
            )
            window.redraw()  # the prompt follows the zoom

    moves = 0
    while not all(shots.values()) and session.play.decision is not None:
        if not session.human_to_decide():
            app.processEvents()
            continue
        offers = window.current_offers()
        assert offers is not None
        kinds = {type(o.action).__name__ for o in offers.items}
        side = session.decider
        assert side is not None
        obs = session.observation(side)
        if not shots["reach"] and {"Move", "Fire"} <= kinds and obs.activation is not None:
            here = next(b.location for b in obs.own if b.id == obs.activation.block)
            zoom_on(here or "")
            app.processEvents()
            window.grab().save(str(out / "play-reach-and-targets.png"))
            shots["reach"] = True
        decision = session.play.decision
        if not shots["reaction"] and decision.kind is DecisionKind.reaction and obs.fight is not None:
            zoom_on(obs.fight.target_at or "")
            app.processEvents()
            window.grab().save(str(out / "play-reaction.png"))
            shots["reaction"] = True
        by_kind: dict[str, list] = {}
        for o in offers.items:
            by_kind.setdefault(type(o.action).__name__, []).append(o)
        for kind in ("ReturnFire", "WithdrawTo", "Fire", "Move", "EndActivation", "Activate", "StartImpulse"):
            if kind in by_kind and (kind != "Move" or moves < 3):
                offer = rng.choice(by_kind[kind])
                break
        else:
            offer = rng.choice(offers.items)
        moves = moves + 1 if type(offer.action).__name__ == "Move" else 0
        window.pick(offer)
    # the report: an entry hovered, its blocks marked on the board
    window.board.fit_sheet()
    row = max(i for i, (blocks, locs) in enumerate(window.log_lines) if blocks or locs)
    window._hover_entry(row)
    window.log_list.scroll_to(row)
    app.processEvents()
    window.grab().save(str(out / "play-report.png"))
    session.close()
    window.close()

    # a two-sheet scenario: both sheets on the board, the second turned round
    editor.load(ASSEMBLY)
    game = build_game(ASSEMBLY, {})
    session = PlaySession(game, PlayOptions(Player.human, Player.human, 1, View.all_seeing, 0))
    window = PlayWindow(session, layers_of(editor), ASSEMBLY)
    window.resize(1300, 700)
    window.show()
    while not session.ready:
        app.processEvents()
    window.board.fit_sheet()
    app.processEvents()
    window.grab().save(str(out / "play-assembly.png"))
    session.close()
    return 0


def events_and_3d(out: Path) -> int:
    """Events and 3D actions (issue 13): green's hand in the Events dock with a card it may
    play; the 3D request dock with a mission picked and its targets ringed on the board; a
    3D strike's rings on the board the turn it falls. Green clicks through the board's
    offers against the random bot: it requests the sample's mortar, artillery or smoke each
    turn until one falls."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QPointF, QRectF, QSettings
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    from editor.main_window import MainWindow
    from editor.play.launch import build_game, layers_of
    from editor.play.offers import Where
    from editor.play.session import Player, PlayOptions, PlaySession, View
    from editor.play.window import PlayWindow

    editor = MainWindow(QSettings(str(out / ".screenshots.ini"), QSettings.Format.IniFormat))
    editor.load(SAMPLE)
    session = PlaySession(build_game(SAMPLE, {}), PlayOptions(Player.human, Player.random, 2, View.green, 0))
    window = PlayWindow(session, layers_of(editor), SAMPLE)
    window.resize(1600, 1000)
    window.show()
    rng = random.Random(2)
    shots = {"hand": False, "request": False, "ring": False}

    def zoom_on(location: str, scale: float = 9) -> None:
        c = window.board.centre(location)
        if c is not None:
            size = window.board.block_size * scale
            window.board.fit_rect(
                QRectF(QPointF(c[0] - size, c[1] - size), QPointF(c[0] + size, c[1] + size))
            )
            window.redraw()

    steps = 0
    while not all(shots.values()) and session.play.decision is not None and steps < 3000:
        if not session.human_to_decide():
            app.processEvents()
            continue
        steps += 1
        offers = window.current_offers()
        assert offers is not None
        obs = session.observation(session.decider or next(iter(session.briefings)))
        if not shots["ring"] and obs.strikes:
            strike = obs.strikes[0]
            zoom_on(strike.target, 7)
            window.support_dock.raise_()
            app.processEvents()
            window.grab().save(str(out / "play-3d-ring.png"))
            shots["ring"] = True
        kinds = {type(o.action).__name__: o for o in reversed(offers.items)}
        hand = [o for o in offers.items if o.where is Where.hand]
        if not shots["hand"] and len(obs.hand) >= 2 and hand:
            window.hand_dock.raise_()
            window.board.fit_sheet()
            app.processEvents()
            window.grab().save(str(out / "play-hand.png"))
            shots["hand"] = True
        requests = [r for r in offers.requests() if r.support in ("sup-mortar", "sup-artillery", "sup-smoke")]
        if requests:
            r = requests[0]
            box = window.support.requests
            for i in range(box.count()):
                if box.item(i).data(0x0100) == f"3D {r.support} by {r.requester}":
                    box.setCurrentRow(i)
            if not shots["request"]:
                zoom_on(r.target, 14)
                app.processEvents()
                window.grab().save(str(out / "play-3d-request.png"))
                shots["request"] = True
            window.pick(next(o for o in offers.items if o.action == r))
            continue
        for kind in ("Carry3D", "EndRequests", "Pass", "EndActivation", "EndImpulse", "HoldFire"):
            if kind in kinds:
                window.pick(kinds[kind])
                break
        else:
            window.pick(rng.choice([o for o in offers.items if o.where is not Where.hand] or offers.items))
    session.close()
    window.close()
    missing = [name for name, done in shots.items() if not done]
    if missing:
        print(f"not caught: {', '.join(missing)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    target = Path(args[0] if args else "docs/screenshots")
    if "--events" in sys.argv:  # only the events and 3D screenshots
        sys.exit(events_and_3d(target))
    sys.exit(main(target) or events_and_3d(target))
