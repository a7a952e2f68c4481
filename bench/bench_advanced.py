"""Games/s with every advanced rule on vs off: the every-advanced-rule sample
(scenarios/advanced-rules.yaml) and the same scenario with `advanced_rules: []`, seeded random
games in this process, the same seeds for both, interleaved (UO_ADVANCED_GAMES, default 50).
Prints min and median seconds a game, games/s and actions/s for each, and the load average."""

from __future__ import annotations

import os
import random
import re
import statistics
import tempfile
import time
from pathlib import Path

from engine.rules.uo.game import Game
from engine.rules.uo.play import Play

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "scenarios" / "advanced-rules.yaml"


def rules_off(text: str) -> str:
    """The scenario's text with no advanced rule listed (the block list replaced by [])."""
    out, n = re.subn(r"(?m)^advanced_rules:\n(?:- .*\n)+", "advanced_rules: []\n", text)
    if n != 1:
        raise SystemExit("bench_advanced: the sample's advanced_rules list was not found")
    return out


def game_seconds(game: Game, seed: int) -> tuple[float, int]:
    """Seconds of one seeded game (random legal actions, no invariant checks), its actions."""
    t0 = time.perf_counter()
    p = Play(game, seed)
    rng = random.Random(seed)
    actions = 0
    while legal := p.legal_actions():
        p.apply(rng.choice(legal))
        actions += 1
    return time.perf_counter() - t0, actions


def run() -> None:
    games = int(os.environ.get("UO_ADVANCED_GAMES", "50"))
    with tempfile.NamedTemporaryFile("w", suffix=".yaml", dir=SCENARIO.parent, delete=False) as f:
        f.write(rules_off(SCENARIO.read_text(encoding="utf-8")))
        off_path = Path(f.name)
    try:
        variants = {"on ": Game.load(SCENARIO), "off": Game.load(off_path)}
    finally:
        off_path.unlink()
    times: dict[str, list[float]] = {label: [] for label in variants}
    actions = dict.fromkeys(variants, 0)
    loads = [os.getloadavg()[0]]
    for game in variants.values():
        game_seconds(game, games)  # warm-up, untimed: the battlefield's distance caches
    # interleaved, so the load of the machine falls on both alike
    for seed in range(games):
        for label, game in variants.items():
            seconds, n = game_seconds(game, seed)
            times[label].append(seconds)
            actions[label] += n
    loads.append(os.getloadavg()[0])
    for label in variants:
        total, median = sum(times[label]), statistics.median(times[label])
        print(
            f"  rules {label}: {games} games, min {min(times[label]):.3f} s, median {median:.3f} s a game;"
            f" {games / total:.2f} games/s, {actions[label] / total:,.0f} actions/s,"
            f" {actions[label] / games:.0f} actions a game"
        )
    print(f"  load average {loads[0]:.2f} before, {loads[1]:.2f} after")


if __name__ == "__main__":
    run()
