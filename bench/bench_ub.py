"""Urban Battle (issue 15): whole games on the two sample missions, and the heuristic bot
against the random one.

Per mission: random against random (games/s, the rules engine alone), then the heuristic
against random over `UO_BENCH_UB_GAMES` games from each side (default 200; the issue's
target is >= 70% wins), with games/s, and the time of one line-of-sight query (direct fire's
line with the pieces on the board, Basic and Realistic). The machine is shared: the load
average is printed beside the figures.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from engine.bots.balance import wilson
from engine.bots.series import play_one
from engine.rules.registry import rule_set
from engine.rules.ub import fire as F

from .timing import best_of, row

ROOT = Path(__file__).resolve().parent.parent
MISSIONS = [ROOT / "scenarios" / "ub" / "street-duel.yaml", ROOT / "scenarios" / "ub" / "river-crossing.yaml"]
GAMES = int(os.environ.get("UO_BENCH_UB_GAMES", "200"))
RANDOM_GAMES = 50
TARGET = 0.70


def _los_query(game, realistic: bool) -> float:
    """Seconds for one line-of-sight query across the whole board: along the top row in
    Basic mode (a straight line), corner to corner with the ruler in Realistic mode."""
    board = game.board
    a, b = (0, 0), ((board.width - 1, board.height - 1) if realistic else (board.width - 1, 0))
    occupied: set[tuple[int, int]] = set()

    def query() -> None:
        path = F.path(a, b, realistic)
        assert path is not None
        F.clear(path, board, occupied)

    return best_of(query, repeat=5, number=200)


def run() -> None:
    print(f"load average: {os.getloadavg()[0]:.2f}")
    for mission in MISSIONS:
        game = rule_set("urban-battle").load(mission)
        print(f"{game.scenario_id} ({game.board.width} x {game.board.height} squares)")
        row("LOS query, Basic (one row across)", _los_query(game, False))
        row("LOS query, Realistic (corner to corner)", _los_query(game, True))
        started = time.perf_counter()
        for seed in range(RANDOM_GAMES):
            play_one(game, "random", "random", seed)
        elapsed = time.perf_counter() - started
        print(f"  random vs random: {RANDOM_GAMES / elapsed:.1f} games/s")
        started = time.perf_counter()
        wins = {"green": 0, "red": 0}
        draws = {"green": 0, "red": 0}
        for seed in range(GAMES):
            for side, green, red in (("green", "heuristic", "random"), ("red", "random", "heuristic")):
                result = play_one(game, green, red, seed)
                if result.error:
                    raise RuntimeError(result.error)
                wins[side] += result.winner == side
                draws[side] += result.winner is None
        elapsed = time.perf_counter() - started
        share = (wins["green"] + wins["red"]) / (2 * GAMES)
        sides = []
        for side in ("green", "red"):
            low, high = wilson(wins[side], GAMES)
            met = "met" if wins[side] / GAMES >= TARGET else "NOT met"
            sides.append(
                f"as {side} {wins[side] / GAMES:.1%} (95% interval {low:.1%}-{high:.1%}, "
                f"undecided {draws[side]}; {met})"
            )
        print(
            f"  heuristic vs random, {GAMES} games a side: {'; '.join(sides)}; overall {share:.1%} "
            f"(target {TARGET:.0%} a side); {2 * GAMES / elapsed:.1f} games/s; load {os.getloadavg()[0]:.2f}"
        )
    print(f"load average: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    run()
