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


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")))
