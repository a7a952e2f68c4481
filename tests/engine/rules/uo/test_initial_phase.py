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


# --- 3.1.1 in the rulebook's order ---------------------------------------------------------


def ordered_game():  # type: ignore[no-untyped-def]
    """Street game (green's leader sees red's blocks at S0806 and S0807), green's mortar (3
    missions), both sides' events tables, and population movement (13.3) switched on."""
    from engine.model.scenario import AdvancedRule

    from .test_third_dimension import row, street, with_3d

    game = with_3d(street(turns=2), [row("mortar", missions=3)])
    sc = game.scenario
    tables = {
        side: getattr(sc.sides, side).model_copy(
            update={
                "events": Events(
                    table=[EventTableRow(roll=ALL, outcome=f"{side}: nothing happens.")]  # type: ignore[arg-type]
                )
            }
        )
        for side in ("green", "red")
    }
    sc = sc.model_copy(
        update={
            "sides": sc.sides.model_copy(update=tables),
            "advanced_rules": [AdvancedRule.population_movement],
        }
    )
    return type(game)(sc, game.battlefield, game.cards, support_cards=game.support_cards)


def test_3_1_1_the_initial_phase_s_entries_come_in_the_rulebook_s_order() -> None:
    """Hide revealed blocks; population movement (13.3); the IED/UXO then the wrecks' stability
    checks (5.2.4.5); the event sequence, initiative side first (6.2); the 3D actions'
    resolution sequence (a T+1 mission decided by its owner, 7.3.3.2), then the request
    sequence (7.3.3.1); then the first impulse. The dice and rows of the action that ended the
    turn are in that order, and the decisions after it come in that order too."""
    from engine.rules.uo.actions import Carry3D, EndRequests, Request3D
    from engine.rules.uo.counters import CounterState, Kind
    from engine.rules.uo.state import Mission

    from .test_fire import Dice

    game = ordered_game()
    play = Play(game, 0)
    while play.state.third.requesting:  # turn 1's requests: none made
        play.apply(EndRequests())
    s = play.state
    s.blocks["r2"].revealed = True  # revealed in turn 1, not in contact (4 EP): hidden again
    s.nml.counters["pop"] = CounterState(Kind.population, "S1203", revealed=True)
    s.nml.counters["ied"] = CounterState(Kind.ied_uxo, "S1209", revealed=True, unstable=True)
    s.wrecks.add("S1401")
    s.third.planned.append(Mission(Side.green, "mortar", "pl", "S0806", 2))
    play.apply(Pass())
    # population stays (7), the IED holds (5), the wreck holds (6), green's then red's table
    play.rng = Dice(7, 5, 6, 1, 2, 9)  # type: ignore[assignment]  # 9: turn 2's request, T
    play.apply(Pass())
    ended = len(play.log) - 1
    entry = play.log[ended]
    assert s.turn == 2 and not s.blocks["r2"].revealed
    assert entry["rolls"] == [7, 5, 6, 1, 2]
    assert [r["table"] for r in entry["rows"]] == ["events.green", "events.red"]
    assert [r["dice"] for r in entry["rows"]] == [[3], [4]]  # after the three checks' dice
    # then the resolution sequence: green decides on its T+1 mission (its leader sees it)
    assert play.decision is not None and "7.3.3.2" in play.decision.prompt
    assert Carry3D() in play.legal_actions()
    play.apply(Carry3D())
    assert s.blocks["r"].losses == 2 and play.log[-1]["rolls"] == []
    # then the request sequence, and only then the turn's first impulse
    assert play.decision is not None and "7.3.3" in play.decision.prompt
    request = next(a for a in play.legal_actions() if isinstance(a, Request3D))
    play.apply(request)
    assert [r["table"] for r in play.log[-1]["rows"]] == ["3d.mortar"]
    while play.state.third.requesting:
        play.apply(EndRequests())
    assert play.decision is not None and "impulse" in play.decision.prompt
    after = [e["action"] for e in play.log[ended + 1 :]]
    assert after[:2] == ["Carry3D", "Request3D"] and set(after[2:]) <= {"EndRequests"}
