"""The initial phase (3.1.1): turn 1's dice rolled while the play is created are in the log
(its start entry, replayed and checked), and the sequences of a later turn's initial phase
come in the rulebook's order (hide, population, IED/UXO and wreck checks, events, 3D
resolution, 3D requests, then the first impulse). Small map (small.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.model.log import GameLog
from engine.model.scenario import Events, EventTableRow, Side
from engine.rules.log import ReplayMismatch, dump_log, make_log, replay_actions
from engine.rules.uo.play import Pass, Play
from engine.rules.uo.ruleset import URBAN_OPERATIONS

from .test_events import basic, with_events

ALL = list(range(10))


def events_game(turns: int = 2):  # type: ignore[no-untyped-def]
    """Blocks all set up by the scenario (no set-up decision) and an events table each side:
    the play rolls turn 1's event sequence as it is created."""
    green = Events(table=[EventTableRow(roll=ALL, outcome="Green: nothing happens.")])  # type: ignore[arg-type]
    red = Events(table=[EventTableRow(roll=ALL, outcome="Red: nothing happens.")])  # type: ignore[arg-type]
    return with_events(basic(turns=turns), [], green=green, red=red)


def test_3_1_1_turn_1_event_dice_rolled_at_creation_are_the_start_entry() -> None:
    play = Play(events_game(), 5)
    assert play.log == []  # no action yet
    start = play.start_entry
    assert start is not None and len(start["rolls"]) == 2  # green's then red's table (6.2.2)
    assert [r["table"] for r in start["rows"]] == ["events.green", "events.red"]


def test_3_1_1_a_play_without_dice_at_creation_has_no_start_entry() -> None:
    assert Play(basic(turns=2), 5).start_entry is None


def _played(seed: int) -> Play:
    play = Play(events_game(), seed)
    while play.decision is not None:
        play.apply(Pass())
    return play


def test_3_1_1_the_log_writes_the_start_entry_and_a_replay_checks_it(tmp_path: Path) -> None:
    play = _played(5)
    log = make_log(play, play.game, tmp_path / "scenario.yaml", {"green": "human", "red": "human"})
    assert log.start is not None and log.start.rolls == play.start_entry["rolls"]  # type: ignore[index]
    text = dump_log(log)
    again = GameLog.model_validate(json.loads(text))
    assert again.start == log.start
    start = again.start.model_dump(mode="json")  # type: ignore[union-attr]
    entries = [a.model_dump(mode="json") for a in again.actions]
    replayed = replay_actions(URBAN_OPERATIONS, play.game, 5, entries, start)
    assert replayed.digest() == play.digest()
    # other dice at the start: the replay says so
    other = {**start, "rolls": [(r + 1) % 10 for r in start["rolls"]]}
    with pytest.raises(ReplayMismatch, match="start"):
        replay_actions(URBAN_OPERATIONS, play.game, 5, entries, other)


def test_3_1_1_a_log_without_start_dice_leaves_the_key_out(tmp_path: Path) -> None:
    play = Play(basic(turns=1), 1)
    while play.decision is not None:
        play.apply(Pass())
    log = make_log(play, play.game, tmp_path / "scenario.yaml", {"green": "human", "red": "human"})
    assert log.start is None and '"start"' not in dump_log(log)


def test_3_1_1_an_older_log_without_a_start_entry_still_replays() -> None:
    play = _played(3)
    again = replay_actions(URBAN_OPERATIONS, play.game, 3, play.log, None)
    assert again.digest() == play.digest() and play.state.turn == 2
    assert Side.green in play.state.events.deck
