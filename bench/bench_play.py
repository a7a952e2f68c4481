"""Play mode (issue 12): play start, click to updated board, bot impulse time on the sample.

`python -m bench bench_play`. Every figure is min / median over repeats, with the machine's
load average beside it (the machine is shared: a high load slows every figure).

- Play start is F5 to the board drawn, and F5 to the first offers (the LOS table ready on
  the bot worker): the scenario validated and built from the editor's texts, the play
  started with both briefings and bots, the play window built and drawn. Each repeat is a
  fresh process (`python -m bench.bench_play start`, the editor already open, as a user
  presses F5 in it): cold, an empty battlefield disk cache (compile and LOS table built);
  warm, the cache filled by an earlier run (engine/battlefield/store.py); then a second F5
  in the same process (in-memory cache). Target: <= 2 s.
- A click is a human's action through the board (an offer picked) to the board redrawn:
  the rules apply it, both observations are taken, the offers worked out, the block layer
  and the report drawn again. Target: <= 100 ms, at the start of a game as at its end (the
  report holds every entry by then).
- A bot impulse is the heuristic bot's thinking for one of its side's impulses (StartImpulse
  to EndImpulse), heuristic against heuristic: what the play mode's worker thread spends
  while the player watches.
- Balance games/s, locally and on Ray, are bench_balance's.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .timing import fmt

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "scenarios" / "harbour-crossing.yaml"
REPEAT = int(os.environ.get("UO_BENCH_PLAY_REPEAT", "3"))
CLICKS = int(os.environ.get("UO_BENCH_PLAY_CLICKS", "300"))


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.1f}/{five:.1f} on {os.cpu_count()} cores"


def _row(label: str, values: list[float], note: str = "") -> None:
    best, median = min(values), statistics.median(values)
    print(f"  {label:<50} min {fmt(best)}  median {fmt(median)}  (n={len(values)}) {note}; {_load()}")


def _app() -> object:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    return QApplication.instance() or QApplication([])


def _editor(app: object) -> object:
    from PySide6.QtCore import QSettings

    from editor.main_window import MainWindow

    ini = Path(tempfile.gettempdir()) / "uo-bench-play.ini"
    editor = MainWindow(QSettings(str(ini), QSettings.Format.IniFormat))
    editor.load(SAMPLE)
    editor.show()
    return editor


def _f5(app: object, editor: object) -> tuple[dict[str, float], object]:
    """F5 as launch.start_play does it, timed step by step; returns (times, play window)."""
    from editor.play.launch import build_game, layers_of
    from editor.play.session import Player, PlayOptions, PlaySession, View
    from editor.play.window import PlayWindow

    t0 = time.perf_counter()
    game = build_game(SAMPLE, editor.unsaved_texts())  # type: ignore[attr-defined]
    t1 = time.perf_counter()
    session = PlaySession(game, PlayOptions(Player.human, Player.random, 1, View.green, 0))
    t2 = time.perf_counter()
    window = PlayWindow(session, layers_of(editor), SAMPLE)  # type: ignore[arg-type]
    window.show()
    app.processEvents()  # type: ignore[attr-defined]
    t3 = time.perf_counter()
    while not session.ready:
        app.processEvents()  # type: ignore[attr-defined]
        time.sleep(0.001)
    t4 = time.perf_counter()
    times = {"drawn": t3 - t0, "build": t1 - t0, "session": t2 - t1, "window": t3 - t2, "offers": t4 - t0}
    return times, window


def start_child() -> None:
    """One process: the editor open on the sample, then F5 twice; prints the times."""
    app = _app()
    editor = _editor(app)
    first, window = _f5(app, editor)
    window.close()  # type: ignore[attr-defined]
    second, window = _f5(app, editor)
    window.close()  # type: ignore[attr-defined]
    print(json.dumps({"first": first, "second": second}))


def _start_in_child(cache: Path) -> dict[str, dict[str, float]]:
    env = {**os.environ, "UO_CACHE_DIR": str(cache), "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run(
        [sys.executable, "-m", "bench.bench_play", "start"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=False,
    )
    if out.returncode != 0:
        raise RuntimeError(f"play start child failed: {out.stderr.strip()[-600:]}")
    result: dict[str, dict[str, float]] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def play_start() -> None:
    cold, warm = [], []
    with tempfile.TemporaryDirectory(prefix="uo-bench-play-") as tmp:
        for n in range(REPEAT):
            cold.append(_start_in_child(Path(tmp) / f"cold{n}"))  # an empty cache each time
        shared = Path(tmp) / "warm"
        _start_in_child(shared)  # fills it
        for _ in range(REPEAT):
            warm.append(_start_in_child(shared))
    for name, runs in (("cold disk cache", cold), ("warm disk cache", warm)):
        _row(f"F5 to board drawn, {name}", [r["first"]["drawn"] for r in runs], "target <= 2 s")
        _row("  validate and build the game (unsaved texts)", [r["first"]["build"] for r in runs])
        _row("  start the play, briefings, bots", [r["first"]["session"] for r in runs])
        _row("  play window and first drawing", [r["first"]["window"] for r in runs])
        _row(f"F5 to first offers (LOS table ready), {name}", [r["first"]["offers"] for r in runs])
    _row("second F5 in the same editor: board drawn", [r["second"]["drawn"] for r in warm])
    _row("second F5 in the same editor: first offers", [r["second"]["offers"] for r in warm])


def clicks() -> None:
    """Green (human) picks random offers against the random bot; each pick to the board
    redrawn is timed, the bot's answer not."""
    app = _app()
    editor = _editor(app)
    _, window = _f5(app, editor)
    session = window.session  # type: ignore[attr-defined]
    rng = random.Random(1)
    times: list[float] = []
    while len(times) < CLICKS and session.play.decision is not None:
        if not session.human_to_decide():
            app.processEvents()  # type: ignore[attr-defined]
            continue
        offers = window.current_offers()  # type: ignore[attr-defined]
        assert offers is not None
        offer = rng.choice(offers.items)
        session.set_running(False)  # the bot's answer is not the click's time
        t0 = time.perf_counter()
        window.pick(offer)  # type: ignore[attr-defined]  # what the click's handler does
        app.processEvents()  # type: ignore[attr-defined]
        times.append(time.perf_counter() - t0)
        session.set_running(True)
    entries = len(session.play.log)
    _row(f"click to updated board, all {len(times)} clicks", times, "target <= 100 ms")
    ordered = sorted(times)
    print(f"  {'':<50} 95th percentile {fmt(ordered[int(len(ordered) * 0.95)])}, worst {fmt(ordered[-1])}")
    tenth = max(1, len(times) // 10)
    _row("  the first tenth of the game's clicks", times[:tenth])
    _row(f"  the last tenth (report of ~{entries} entries)", times[-tenth:])
    window.close()  # type: ignore[attr-defined]
    editor.close()  # type: ignore[attr-defined]


def bot_impulses() -> None:
    """Heuristic against heuristic: the bot's thinking per impulse of its side."""
    from engine.bots.runner import make_bot
    from engine.rules.uo.ruleset import URBAN_OPERATIONS

    game = URBAN_OPERATIONS.load(SAMPLE)
    game.battlefield.los_table  # noqa: B018 - built before timing (the play mode's worker does)
    impulses: list[float] = []
    decisions: list[float] = []
    for seed in range(REPEAT):
        play = URBAN_OPERATIONS.start(game, seed)
        bots = {side: make_bot("heuristic", game, seed, side) for side in ("green", "red")}
        current = 0.0
        while play.decision is not None:
            side = play.decision.side
            obs, legal = play.observation(side), play.legal_actions()
            t0 = time.perf_counter()
            action = bots[side].choose(obs, legal)
            spent = time.perf_counter() - t0
            decisions.append(spent)
            name = type(action).__name__
            if name == "StartImpulse":
                current = 0.0
            current += spent
            if name == "EndImpulse":
                impulses.append(current)
            play.apply(action)
    _row(f"heuristic bot impulse ({REPEAT} games)", impulses, f"max {fmt(max(impulses)).strip()}")
    _row("heuristic bot decision", decisions, f"mean {fmt(statistics.mean(decisions)).strip()}")


def run() -> None:
    play_start()
    clicks()
    bot_impulses()


if __name__ == "__main__":
    if sys.argv[1:] == ["start"]:
        start_child()
    else:
        run()
