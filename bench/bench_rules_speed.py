"""Games/s of the rules engine on a scenario, for comparing two versions of the engine (issue
16's "games/s before and after"): random against random and heuristic (green) against random,
N seeded games each, per game the wall and CPU seconds (min and median), with the load average
printed beside every figure (the machine is shared).

Run it on the engine of another commit through a worktree, the same venv:

    git worktree add /tmp/k4-before <commit>
    PYTHONPATH=/tmp/k4-before .venv/bin/python bench/bench_rules_speed.py \
        /tmp/k4-before/scenarios/harbour-crossing.yaml --games 50

The script imports only what every version since the bots' runner has (Game.load, make_bot,
play_game), so the engine imported is the one PYTHONPATH names (it prints which).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.1f}/{five:.1f} on {os.cpu_count()} cores"


def series(scenario: Path, green: str, red: str, games: int, first: int, raw: Path | None = None) -> None:
    import engine
    from engine.bots.runner import make_bot, play_game
    from engine.model.scenario import Side
    from engine.rules.uo.game import Game

    game = Game.load(scenario)
    game.battlefield.los_table  # noqa: B018  (built once, shared by every game)
    # one game first, untimed: the per-map tables every series' first game warms up
    play_game(game, make_bot(green, game, first, Side.green), make_bot(red, game, first, Side.red), first)
    walls: list[float] = []
    cpus: list[float] = []
    actions = 0
    load_before = _load()
    for seed in range(first, first + games):
        g, r = make_bot(green, game, seed, Side.green), make_bot(red, game, seed, Side.red)
        w0, c0 = time.perf_counter(), time.process_time()
        play = play_game(game, g, r, seed)
        walls.append(time.perf_counter() - w0)
        cpus.append(time.process_time() - c0)
        actions += len(play.log)
        if raw is not None:  # one line a game, for runs split in chunks and put together
            with raw.open("a") as f:
                load = os.getloadavg()[0]
                f.write(f"{green}:{red} {seed} {walls[-1]:.4f} {cpus[-1]:.4f} {len(play.log)} {load:.1f}\n")
    print(f"  engine {Path(engine.__file__).parent.parent}, scenario {scenario}")
    print(
        f"  {green} vs {red}, {games} games (seeds {first}-{first + games - 1}): "
        f"{games / sum(walls):.2f} games/s wall, {games / sum(cpus):.2f} games/s CPU; "
        f"{actions / games:.0f} actions a game"
    )
    print(
        f"    wall a game min {min(walls):.3f} s, median {statistics.median(walls):.3f} s; "
        f"CPU a game min {min(cpus):.3f} s, median {statistics.median(cpus):.3f} s"
    )
    print(f"    {load_before} before, {_load()} after")


def run() -> None:
    series(ROOT / "scenarios" / "harbour-crossing.yaml", "random", "random", 50, 1000)
    series(ROOT / "scenarios" / "harbour-crossing.yaml", "heuristic", "random", 50, 1000)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("scenario", type=Path, nargs="?", default=ROOT / "scenarios" / "harbour-crossing.yaml")
    p.add_argument("--games", type=int, default=50)
    p.add_argument("--seed", type=int, default=1000, help="first seed")
    p.add_argument(
        "--pairs", default="random:random,heuristic:random", help="green:red bots, comma-separated"
    )
    p.add_argument(
        "--raw", type=Path, help="append one line a game: pair, seed, wall s, CPU s, actions, load"
    )
    args = p.parse_args(argv)
    for pair in args.pairs.split(","):
        green, red = pair.split(":")
        series(args.scenario, green, red, args.games, args.seed, args.raw)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
