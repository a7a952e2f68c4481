"""The Urban Battle play mode's screenshot for docs/screenshots/
(`python -m editor.play.ub_screenshots DIR`): street-duel in progress, green (clicking what
the heuristic would choose) against red's heuristic bot, caught when green's selected vehicle
has its steps, rotations and a fire line with a fair chance offered after shots have been fired, so
the report shows their dice."""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MISSION = ROOT / "scenarios" / "ub" / "street-duel.yaml"
NAME = "play-ub-street-duel.png"


def main(out: Path) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    from editor.play.session import Player, PlayOptions, PlaySession, View
    from editor.play.ub_window import UbPlayWindow
    from engine.bots.runner import make_bot
    from engine.model.scenario import Side
    from engine.rules.registry import rule_set

    game = rule_set("urban-battle").load(MISSION)
    seed = 3
    session = PlaySession(game, PlayOptions(Player.human, Player.heuristic, seed, View.green, 0))
    window = UbPlayWindow(session, MISSION)
    window.resize(1600, 820)
    window.show()
    chooser = make_bot("heuristic", game, seed, Side.green)
    shots = 0
    while session.play.decision is not None:
        if not session.human_to_decide():
            app.processEvents()
            continue
        shots = sum(e["action"] == "Fire" for e in session.play.log)
        offers = window.current_offers()
        assert offers is not None
        ready = [  # a vehicle with a real chance of a hit and room to move
            u
            for u in sorted(offers.vehicles())
            if any(shot.chance >= 0.25 for shot in offers.shots(u)) and len(offers.steps(u)) >= 3
        ]
        if shots >= 3 and ready:
            window.select(ready[0])
            break
        action = chooser.choose(session.play.observation(Side.green), session.play.legal_actions())
        window.pick(action)
    app.processEvents()
    out.mkdir(parents=True, exist_ok=True)
    window.grab().save(str(out / NAME))
    print(f"{out / NAME}: round {session.play.observation(Side.green).round}, {shots} shots fired")
    session.close()
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")))
