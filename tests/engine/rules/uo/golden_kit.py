"""What happens in a recorded game: the rules of No Man's Land, support, transport, breaching,
events and 3D actions (issues 16 and 13) found in a log by replaying it action by action and
looking at what each action changed. Used by test_golden.py on the customs-breach golden
playthrough, and by the search that chose its seed (`python -m tests.engine.rules.uo.golden_kit`).

Names of what happens:
- at-mine: an AT mine leaves the map as a vehicle moves or enters (5.2.2.2: it goes off);
- ied-check: an IED/UXO is revealed by a block's move or scouting (5.2.3.1, 8.2.5.5: the
  d10 of its explosion), or the initial phase checks an unstable one (3.1.1);
- population-flee, population-scatter, collateral (5.2.3.3, 8.2.6, 8.2.1.1);
- smoke: a smoke fire (8.2.7.8) or Smoke counters placed otherwise (a mine's wreck, 3D smoke);
- breach, mount, dismount, support: the actions (8.2.9, 8.2.4, 8.2.2);
- event-card: a card played (6.2.1), events-table: a row of an events table read (6.2.2);
- 3d-T, 3d-T+1: a 3D request's d10 read T or T+1 on the matrix (7.3.3.1), 3d-T+1-resolved:
  the next turn's resolution sequence took a T+1 action (7.3.3.2), air-defence: an air
  defence d10 (7.3.3.5).
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from engine.model.scenario import Side
from engine.rules.uo.counters import Kind
from engine.rules.uo.game import Game
from engine.rules.uo.play import Play
from engine.rules.uo.ruleset import URBAN_OPERATIONS

CONTACT = {"Move", "Enter", "Dismount", "Breach", "ScoutCounter", "Scout", "OpportunityScout", "Destroy"}
EVERYTHING = (
    "at-mine",
    "ied-check",
    "population-flee",
    "population-scatter",
    "collateral",
    "smoke",
    "breach",
    "mount",
    "dismount",
    "support",
    "event-card",
    "events-table",
    "3d-T",
    "3d-T+1",
    "3d-T+1-resolved",
    "air-defence",
)


def _snapshot(play: Play) -> dict[str, Any]:
    s = play.state
    return {
        "counters": {cid: (c.kind, c.location, c.revealed, c.unstable) for cid, c in s.nml.counters.items()},
        "collateral": sum(s.nml.collateral.values()),
        "smoke": set(s.smoke),
        "played": len(s.events.played),
        "turn": s.turn,
        "planned": len(s.third.planned),
    }


def _air_defence(game: Game) -> set[str]:
    return {
        row.support for side in Side for row in getattr(game.scenario.sides, side.value).support.air_defense
    }


def _rows(rows: Iterable[Mapping[str, Any]], air: set[str]) -> Counter[str]:
    seen: Counter[str] = Counter()
    for row in rows:
        table = str(row["table"])
        if table.startswith("events."):
            seen["events-table"] += 1
        elif table.startswith("3d."):
            if table[3:] in air:
                seen["air-defence"] += 1
            elif row["row"] in ("T", "T+1"):
                seen[f"3d-{row['row']}"] += 1
    return seen


def changes(before: dict[str, Any], after: dict[str, Any], action: str, rolled: bool) -> Counter[str]:
    """What one action changed, by the names above (its rows are read apart)."""
    seen: Counter[str] = Counter()
    for cid, (kind, was, revealed, unstable) in before["counters"].items():
        _, now, revealed_now, _ = after["counters"][cid]
        if kind == Kind.at_mine and was is not None and now is None and action in ("Move", "Enter"):
            seen["at-mine"] += 1
        ied = kind == Kind.ied_uxo and was is not None and rolled
        if ied and not revealed and revealed_now and action in CONTACT:
            seen["ied-check"] += 1
        if ied and unstable and after["turn"] > before["turn"]:
            seen["ied-check"] += 1  # the initial phase's stability check (3.1.1)
        if kind == Kind.population and was is not None and now is not None and now != was:
            seen["population-scatter" if action == "ScatterPopulation" else "population-flee"] += 1
    if after["collateral"] > before["collateral"]:
        seen["collateral"] += 1
    if action == "SmokeFire" or after["smoke"] - before["smoke"]:
        seen["smoke"] += 1
    if after["played"] > before["played"]:
        seen["event-card"] += 1
    if action in ("Carry3D", "Adjust3D") or (
        after["turn"] > before["turn"] and before["planned"] > 0 and after["planned"] == 0
    ):
        seen["3d-T+1-resolved"] += 1
    for name in ("Breach", "Mount", "Dismount", "Support"):
        if action == name:
            seen[name.lower()] += 1
    return seen


class Watcher:
    """Applies actions to a play and counts what happens."""

    def __init__(self, play: Play):
        self.play = play
        self.seen: Counter[str] = Counter()
        self.air = _air_defence(play.game)
        start = play.start_entry or {}
        self.seen.update(_rows(start.get("rows") or [], self.air))
        if len(play.state.events.played):
            self.seen["event-card"] += 1

    def apply(self, action: Any) -> None:
        before = _snapshot(self.play)
        self.play.apply(action)
        entry = self.play.log[-1]
        self.seen.update(changes(before, _snapshot(self.play), entry["action"], bool(entry["rolls"])))
        self.seen.update(_rows(entry.get("rows") or [], self.air))


def happenings(game: Game, seed: int, entries: Iterable[Mapping[str, Any]]) -> Counter[str]:
    """Replay log entries from the start and count what happens."""
    watcher = Watcher(Play(game, seed))
    for entry in entries:
        data = {k: v for k, v in entry.items() if k not in ("rolls", "rows")}
        watcher.apply(URBAN_OPERATIONS.action_from_json(data))
    return watcher.seen


def missing(seen: Counter[str]) -> list[str]:
    return [name for name in EVERYTHING if not seen[name]]


def search(scenario: str, seeds: range) -> None:
    """Random against random on `seeds`: what each game lacks (the seed search)."""
    from pathlib import Path

    from engine.bots.runner import make_bot

    game = Game.load(Path(scenario))
    for seed in seeds:
        play = Play(game, seed)
        watcher = Watcher(play)
        bots = {side: make_bot("random", game, seed, side) for side in Side}
        while (d := play.decision) is not None:
            watcher.apply(bots[d.side].choose(play.observation(d.side), play.legal_actions()))
        lack = missing(watcher.seen)
        print(seed, len(play.log), "all" if not lack else f"lacks {', '.join(lack)}", flush=True)


if __name__ == "__main__":
    first, count = int(sys.argv[2]), int(sys.argv[3])
    search(sys.argv[1], range(first, first + count))
