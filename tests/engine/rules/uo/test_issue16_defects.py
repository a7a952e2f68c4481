"""Three defects of the rules engine found against the rulebook (issue 16), each pinned by
the rule it breaks: a tie resolved with a block at its last level (8.2.7.5-8.2.7.6), the
+1 OSL of an elimination under covering fire (8.2.7.3, 8.2.7.6), and a reinforcing platoon
entering whole (7.1.1). Dice are scripted (test_fire.Dice): the firer's die, then the
replying block's; veteran blocks roll no quality die."""

from __future__ import annotations

import pytest

from engine.model.cards import BlockType
from engine.model.scenario import Side
from engine.rules.uo.play import (
    Activate,
    CoverFire,
    EndActivation,
    EndImpulse,
    Enter,
    Fire,
    HoldFire,
    ReturnFire,
    StartImpulse,
)
from engine.rules.uo.state import Opportunity

from .small import RED_EDGE, B, small_game
from .test_fire import activate, check, game_of, losses, play_of

INF = BlockType.infantry


@pytest.mark.parametrize("last", ["target", "firer"])
def test_8_2_7_5_a_tie_with_a_block_at_its_last_level_agrees_in_both_mirror_positions(last: str) -> None:
    """Rifles against rifles at 5 EP (5 FP each); the block at its last level fights at -1
    and wins the chance roll back: an equality, each loses 1 OSL at once. The one at its
    last level is eliminated and the survivor, having lost 1, earns it back (8.2.7.6): 0
    lost in both positions (before, the survivor kept 1 when the target was the one)."""
    at_last = "r" if last == "target" else "g"
    rolls = (2, 3) if last == "target" else (3, 2)  # the one at its last level rolls higher
    play = play_of(game_of([B("g", INF, "S0801")], [B("r", INF, "S0806")]), *rolls)
    play.state.blocks[at_last].losses = 2
    activate(play, "g")
    play.apply(Fire("S0806", "rifles"))
    play.apply(ReturnFire("rifles"))
    survivor = "g" if at_last == "r" else "r"
    assert play.state.blocks[at_last].eliminated
    assert losses(play, survivor) == (0,)
    check(play)


def test_8_2_7_5_a_tie_eliminating_both_earns_neither_anything() -> None:
    play = play_of(game_of([B("g", INF, "S0801")], [B("r", INF, "S0806")]), 3, 3)
    play.state.blocks["g"].losses = play.state.blocks["r"].losses = 2
    activate(play, "g")
    play.apply(Fire("S0806", "rifles"))
    play.apply(ReturnFire("rifles"))
    assert play.state.blocks["g"].eliminated and play.state.blocks["r"].eliminated
    check(play)


def test_8_2_7_6_under_covering_fire_the_firer_earns_the_elimination() -> None:
    """g's rifles at 4 EP (5 FP) against the covering friend's light MG at 6 EP (5 FP),
    equal dice: an equality. The target, at its last level, is eliminated by g's fire: g
    earns the +1 OSL (8.2.7.6) after its own loss; the covering block neither loses (8.2.7.3:
    losses fall only on the targeted block) nor earns anything."""
    game = game_of(
        [B("g", INF, "S0801")],
        [B("r", INF, "S0805"), B("near", INF, "S0807")],
    )
    play = play_of(game, 3, 3)
    play.state.blocks["r"].losses = 2
    play.state.blocks["near"].losses = 1
    activate(play, "g")
    play.apply(Fire("S0805", "rifles"))
    play.apply(CoverFire("near", "mg"))
    assert play.state.blocks["r"].eliminated
    assert losses(play, "g", "near") == (0, 1)
    check(play)


def _entering_game() -> tuple[object, list[str]]:
    riflemen = [B(f"r-{n}", INF) for n in range(1, 6)]
    game = small_game(green=[B("g", INF, "S0101")], red=riflemen, entries={"r1": 2}, turns=3)
    return game, ["r1-pl", *(b.id for b in riflemen)]


def test_7_1_1_a_reinforcing_platoon_enters_all_its_blocks_on_its_entry_turn() -> None:
    game, blocks = _entering_game()
    play = play_of(game)  # type: ignore[arg-type]
    assert play.available_forces(Side.red) == []  # turn 1: not yet (7.1.1)
    play.state.turn = 2
    play.state.active = Side.red
    play.apply(StartImpulse("r1"))
    # without its leader on the map the force would activate 3; entering, all 6 (7.1.1)
    assert play.state.impulse is not None and play.state.impulse.limit == len(blocks)
    for n, block in enumerate(blocks):
        actions = play.legal_actions()
        assert EndImpulse() not in actions  # "All of the blocks must be placed on the map"
        assert {a.block for a in actions if isinstance(a, Enter)} == set(blocks[n:])
        play.apply(Enter(block, RED_EDGE[n]))
        while play.state.pending and isinstance(play.state.pending[-1], Opportunity):
            play.apply(HoldFire())
        play.apply(EndActivation())
    assert all(play.state.blocks[b].on_map for b in blocks)
    assert EndImpulse() in play.legal_actions()
    play.apply(EndImpulse())
    check(play)


def test_7_1_1_an_entering_platoon_may_end_its_impulse_when_no_entry_hex_is_free() -> None:
    game = small_game(
        green=[B("g", INF, "S0101")],
        red=[B("r-1", INF), B("r-2", INF), B("r-in", INF, "S1303")],
        entries={"r1": (1, ["S1401"])},
        leaders=False,
    )
    play = play_of(game)
    play.state.active = Side.red
    play.apply(StartImpulse("r1"))
    play.apply(Enter("r-1", "S1401"))
    while play.state.pending and isinstance(play.state.pending[-1], Opportunity):
        play.apply(HoldFire())
    # r-1 still stands on the only entry hex: r-2 cannot enter, the impulse may end
    assert not any(isinstance(a, Enter) for a in play.legal_actions())
    assert play.state.activation is not None
    assert Activate("r-in") not in play.legal_actions()  # r-1's activation goes on first
    play.apply(EndActivation())
    assert EndImpulse() in play.legal_actions()
    check(play)
