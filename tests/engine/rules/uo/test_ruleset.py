"""Urban Operations through the rule-set interface (engine/rules/ruleset.py): what the CLI,
the bots and the play mode use, never the modules behind it (issue 10 item 1)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.model.scenario import Side
from engine.rules.registry import rule_set
from engine.rules.ruleset import (
    DecisionKind,
    GameSetupError,
    IllegalAction,
    Outcome,
    Result,
)
from engine.rules.uo.actions import EndImpulse
from engine.rules.uo.ruleset import URBAN_OPERATIONS

ROOT = Path(__file__).resolve().parents[4]
HARBOUR = ROOT / "scenarios" / "harbour-crossing.yaml"


def test_the_registry_names_urban_operations() -> None:
    rules = rule_set("urban-operations")
    assert rules is URBAN_OPERATIONS and rule_set(None) is URBAN_OPERATIONS
    assert (rules.name, rules.title) == ("urban-operations", "Urban Operations")


def test_a_game_played_through_the_interface_to_its_end() -> None:
    rules = rule_set()
    game = rules.load(HARBOUR)
    assert (game.rules, game.scenario_id) == ("urban-operations", "harbour-crossing")
    assert game.digest() == rules.load(HARBOUR).digest()  # the same files, the same digest
    state = rules.start(game, 3)
    rng = random.Random(3)
    kinds: set[DecisionKind] = set()
    while (decision := state.decision) is not None:
        kinds.add(decision.kind)
        actions = state.legal_actions()
        assert actions, decision
        state.apply(rng.choice(actions))
    assert kinds == set(DecisionKind)  # set-up, turns, reactions and follow-ups all came
    outcome = state.outcome
    assert isinstance(outcome, Outcome) and outcome.over
    assert outcome.result in (Result.victory, Result.undecided)
    assert (outcome.winner is None) == (outcome.result is Result.undecided)
    assert outcome.to_json()["result"] == outcome.result.value
    # every entry carries its dice, none or some (the log is the game)
    assert all(isinstance(entry["rolls"], list) for entry in state.log)
    assert any(entry["rolls"] for entry in state.log) and any(not entry["rolls"] for entry in state.log)
    # actions read back from their entries
    for entry in state.log[:200]:
        action = rules.action_from_json(entry)
        # the log's own keys (dice, and the table rows they were read on) are the entry's, not the action's
        own = {key: entry[key] for key in ("rolls", "rows") if key in entry}
        assert {**rules.action_to_json(action), **own} == entry
    assert len(state.digest()) == 64


def test_the_first_decision_is_a_set_up() -> None:
    state = URBAN_OPERATIONS.start(URBAN_OPERATIONS.load(HARBOUR), 0)
    decision = state.decision
    # green's set-up is fixed in harbour crossing: red places its blocks first
    assert decision is not None and (decision.side, decision.kind) == (Side.red, DecisionKind.setup)
    assert state.outcome.result is Result.ongoing


def test_an_action_not_offered_is_the_interfaces_illegal_action() -> None:
    state = URBAN_OPERATIONS.start(URBAN_OPERATIONS.load(HARBOUR), 0)
    with pytest.raises(IllegalAction):
        state.apply(EndImpulse())


def test_a_scenario_that_cannot_be_played_is_a_located_setup_error(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text(HARBOUR.read_text("utf-8").replace("turns: 8", "turns: 0"), "utf-8")
    with pytest.raises(GameSetupError) as refused:
        URBAN_OPERATIONS.load(broken)
    assert any(p.file.endswith("broken.yaml") and p.line > 0 for p in refused.value.problems)


def test_a_malformed_log_entry_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="unknown action"):
        URBAN_OPERATIONS.action_from_json({"action": "Teleport", "rolls": []})


def test_the_briefing_is_the_sides_and_holds_the_games_tables() -> None:
    game = URBAN_OPERATIONS.load(ROOT / "scenarios" / "house-rules-demo.yaml")
    brief = URBAN_OPERATIONS.briefing(game, Side.green)
    assert brief.side == Side.green and brief.scenario_id == "house-rules-demo"
    assert brief.tables is game.tables  # the house rules a bot plans with are the game's
    with pytest.raises(TypeError):
        URBAN_OPERATIONS.briefing(object(), Side.red)
