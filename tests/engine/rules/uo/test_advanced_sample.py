"""The every-advanced-rule sample (scenarios/advanced-rules.yaml, issue 13): it switches on
every advanced rule (10-13), validates clean, and random and heuristic bots play it to the
end with every invariant kept; what it sets up lets the rules of 11-13 happen in play."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

from engine.bots.runner import make_bot, play_game
from engine.lint.runner import validate_paths
from engine.model.scenario import AdvancedRule, Side
from engine.rules.log import replay_actions
from engine.rules.uo.game import Game
from engine.rules.uo.invariants import check
from engine.rules.uo.play import Play
from engine.rules.uo.ruleset import URBAN_OPERATIONS

ROOT = Path(__file__).resolve().parents[4]
SAMPLE = ROOT / "scenarios" / "advanced-rules.yaml"


def test_the_sample_switches_on_every_advanced_rule_and_validates_clean() -> None:
    report = validate_paths([SAMPLE])
    assert report.exit_code == 0, [str(p) for p in report.problems]
    game = Game.load(SAMPLE)
    assert set(game.scenario.advanced_rules) == set(AdvancedRule)


def test_random_games_keep_every_invariant_and_use_the_rules_11_to_13() -> None:
    game = Game.load(SAMPLE)
    seen: Counter[str] = Counter()
    for seed in range(4):
        play = Play(game, seed)
        rng = random.Random(seed)
        while legal := play.legal_actions():
            action = rng.choice(legal)
            seen[type(action).__name__] += 1
            if type(action).__name__ == "PlaceCounter" and getattr(action, "kind", "") == "ap_mine":
                seen["ap_mine"] += 1
            play.apply(action)
            check(play)
        seen.update(row["table"] for e in play.log for row in e.get("rows", ()))
    for name in ("Transfer", "EndReorganisation", "MovePopulation", "ap_mine", "rubble"):
        assert seen[name] > 0, f"no {name} in 4 random games: {dict(seen)}"


def test_the_heuristic_bot_plays_it_to_the_end_on_either_side() -> None:
    game = Game.load(SAMPLE)
    for green, red in (("heuristic", "random"), ("random", "heuristic")):
        play = play_game(game, make_bot(green, game, 5, Side.green), make_bot(red, game, 5, Side.red), 5)
        assert play.decision is None and play.state.turn == game.scenario.turns


def test_a_game_replays_from_its_log_to_the_same_state() -> None:
    game = Game.load(SAMPLE)
    play = Play(game, 11)
    rng = random.Random(11)
    while legal := play.legal_actions():
        play.apply(rng.choice(legal))
    again = replay_actions(URBAN_OPERATIONS, game, 11, play.log, play.start_entry)
    assert again.digest() == play.digest()
    assert "advanced" in again.digest_parts()  # the advanced rules left their state


def test_6_2_1_an_event_choice_whose_last_target_a_3d_strike_took_is_closed() -> None:
    """The 1,000-game soak's seed 731: in turn 4's initial phase red draws "Panic in the
    alleys" (one revealed enemy block loses 1 OSL), whose only target, green's Logistics
    block, then falls to red's T+1 mortar mission in the resolution sequence. The choice
    closes (nothing left to choose) instead of leaving no legal action."""
    game = Game.load(SAMPLE)
    play = Play(game, 731)
    rng = random.Random(731)
    while legal := play.legal_actions():
        play.apply(rng.choice(legal))
        check(play)
    assert play.decision is None
