"""What the board marks besides blocks, worked out from observations alone (editor/play/
marks.py): counters face down until a side knows them (5.2.3), its own mines only for itself
(5.2.2), Fortified markers (5.2.4.2), and a 3D strike's rings as the observation gives them,
1 OSL less in fortified locations (7.3.3.3, 5.2.4.2)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from editor.play.board import looks
from editor.play.marks import marks_of, strike_looks
from engine.battlefield.movement import ep_from
from engine.model.scenario import Side
from engine.rules.uo import third_dimension
from engine.rules.uo.observation import CounterView, Strike
from engine.rules.uo.ruleset import URBAN_OPERATIONS

SAMPLE = Path(__file__).resolve().parents[3] / "scenarios" / "harbour-crossing.yaml"


@pytest.fixture(scope="module")
def game():
    return URBAN_OPERATIONS.load(SAMPLE)


def test_5_2_3_a_counter_is_face_down_until_a_side_knows_it_and_a_mine_is_its_owners(game) -> None:
    play = URBAN_OPERATIONS.start(game, 1)
    green, red = play.observation(Side.green), play.observation(Side.red)
    green = dataclasses.replace(
        green,
        counters=(CounterView("A0101", None, False), CounterView("A0202", "at_mine", False, Side.green)),
        fortified=("47.1",),
    )
    red = dataclasses.replace(red, counters=(CounterView("A0101", "ied_uxo", True),), fortified=("47.1",))
    seen = {(m.location, m.text) for m in marks_of([green])}
    assert ("A0101", "?") in seen and ("A0202", "MINE") in seen and ("47.1", "FORT") in seen
    # all-seeing: the counter red knows face up is not drawn face down again, a marker once
    both = [(m.location, m.text) for m in marks_of([green, red])]
    assert ("A0101", "IED") in both and ("A0101", "?") not in both and both.count(("47.1", "FORT")) == 1
    # red never sees green's mine
    assert "MINE" not in {m.text for m in marks_of([red])}


def test_7_3_3_3_a_strike_rings_by_ep_and_5_2_4_2_fortified_takes_1_less(game) -> None:
    play = URBAN_OPERATIONS.start(game, 1)
    target = "A2921"
    ep = ep_from(game.battlefield, target)
    near = next(loc for loc, d in sorted(ep.items()) if d == 1)
    strike = Strike(Side.green, "sup-artillery", target, third_dimension.rings(play, "sup-artillery", target))
    obs = dataclasses.replace(play.observation(Side.red), strikes=(strike,), fortified=(target, near))
    (look,) = strike_looks([obs], game.battlefield, game.support_cards)
    rings = {r.radius: r.osl for r in game.support_cards["sup-artillery"].effect}  # 3 / 2 / 1
    # by EP distance (7.3.3.3), but a roof only when its own building is the target: 47.R is
    # 2 EP from the street hex, in the card's rings, and takes nothing
    struck = third_dimension.struck_within(game.battlefield, target, max(rings))
    assert ep.get("47.R") == 2 and "47.R" not in struck
    expected = {loc: rings[d] for loc, d in struck.items() if d in rings}
    assert {c.location: c.osl for c in look.cells} == expected
    cells = {c.location: c for c in look.cells}
    assert cells[target].taken == rings[0] - 1 and cells[near].taken == rings[1] - 1
    assert all(c.taken == c.osl for loc, c in cells.items() if loc not in (target, near))
    assert look.name == "155mm battery" and look.area == ()
    # the same strike seen by both sides is drawn once
    assert len(strike_looks([obs, obs], game.battlefield, game.support_cards)) == 1


def test_10_4_an_own_armour_cover_pair_is_marked_on_both_blocks(game) -> None:
    play = URBAN_OPERATIONS.start(game, 1)
    briefings = {side: URBAN_OPERATIONS.briefing(game, side) for side in Side}
    obs = dataclasses.replace(play.observation(Side.green), pairs=(("g1-inf1", "g1-apc1"),))
    drawn = {look.key: look for look in looks([obs], briefings)}
    for block, partner in (("g1-inf1", "g1-apc1"), ("g1-apc1", "g1-inf1")):
        assert "P" in drawn[block].markers and f"cover pair with {partner} (10.4)" in drawn[block].tip
    assert "P" not in drawn["g1-inf2"].markers
