"""Random games on a small scenario rich in part A's actions (mounting, support, smoke,
breaching): the invariants hold after every action, the actions come up, and each game's
log replays to the same state (the log is the game, DESIGN.md)."""

from __future__ import annotations

from collections import Counter

from engine.bots.runner import make_bot
from engine.model.cards import BlockType
from engine.model.scenario import Side
from engine.rules.log import replay_actions
from engine.rules.uo import invariants
from engine.rules.uo.play import Play
from engine.rules.uo.ruleset import URBAN_OPERATIONS

from .small import B
from .test_breaching import on_breach_map
from .test_fire import game_of
from .test_support import with_support

INF, APC, MBT, ENG, SUP, LOG = (
    BlockType.infantry,
    BlockType.apc,
    BlockType.mbt,
    BlockType.engineer,
    BlockType.platoon_support,
    BlockType.logistics,
)
PART_A = {"Mount", "Dismount", "Support", "Breach", "SmokeFire"}


def rich_game():  # type: ignore[no-untyped-def]
    green = [
        B("apc", APC, "S0302"),
        B("rider", INF, mounted_in="apc"),
        B("inf", INF, "S0303"),
        B("sup", SUP, "S0402"),
        B("log", LOG, "S0403"),
        B("eng", ENG, "S0504"),
        B("tank", MBT, "S0301"),
    ]
    red = [B("r1", INF, "S1203"), B("r2", INF, "S1205"), B("r3", INF, "S1207")]
    return with_support(on_breach_map(game_of(green, red, turns=3), green_markers=2), reserve=2)


def test_part_a_actions_come_up_keep_the_invariants_and_replay_from_the_log() -> None:
    game = rich_game()
    used: Counter[str] = Counter()
    for seed in range(6):
        play = Play(game, seed)
        play.state.blocks["inf"].losses = play.state.blocks["sup"].losses = 1  # to support
        bots = {s: make_bot("random", game, seed, s) for s in Side}
        while (d := play.decision) is not None:
            action = bots[d.side].choose(play.observation(d.side), play.legal_actions())
            play.apply(action)
            used[type(action).__name__] += 1
            invariants.check(play)
        # the log replayed from the same start (the same losses set by hand)
        fresh = Play(game, seed)
        fresh.state.blocks["inf"].losses = fresh.state.blocks["sup"].losses = 1
        again = _replay_from(fresh, play.log)
        assert again.digest() == play.digest()
    # seeds 0-5: Breach 3, Dismount 2, Mount 1, SmokeFire 1, Support 3
    assert {k for k in PART_A if used[k]} == PART_A, used


def _replay_from(play: Play, entries):  # type: ignore[no-untyped-def]
    for entry in entries:
        data = {k: v for k, v in entry.items() if k not in ("rolls", "rows")}
        play.apply(URBAN_OPERATIONS.action_from_json(data))
        assert play.log[-1]["rolls"] == entry["rolls"]
    return play


def test_a_log_of_part_a_replays_through_the_rule_set() -> None:
    game = rich_game()
    play = Play(game, 3)
    bots = {s: make_bot("random", game, 3, s) for s in Side}
    while (d := play.decision) is not None:
        play.apply(bots[d.side].choose(play.observation(d.side), play.legal_actions()))
    assert replay_actions(URBAN_OPERATIONS, game, 3, play.log).digest() == play.digest()
