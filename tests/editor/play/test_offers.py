"""The board offers exactly the legal actions (issue 12 item 4): whole games are driven with
random choices through the board's own lookups, and at every decision what the board
reaches equals `legal_actions()`."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from editor.play.offers import Offers, Where
from engine.rules.uo.ruleset import URBAN_OPERATIONS

SAMPLE = Path(__file__).parents[3] / "scenarios" / "harbour-crossing.yaml"


@pytest.fixture(scope="module")
def game():
    return URBAN_OPERATIONS.load(SAMPLE)


@pytest.mark.parametrize("seed", [3, 11])
def test_offers_equal_legal_actions_over_whole_games(game, seed):
    play = URBAN_OPERATIONS.start(game, seed)
    briefings = {side: URBAN_OPERATIONS.briefing(game, side) for side in ("green", "red")}
    rng = random.Random(seed)
    kinds: set[str] = set()
    count = 0
    while (decision := play.decision) is not None and count < 4000:
        side = decision.side
        legal = play.legal_actions()
        offers = Offers(legal, play.observation(side), briefings[side])
        reached = [o.action for o in offers.reachable()]
        assert sorted(map(str, reached)) == sorted(map(str, legal))  # each once, none missing
        # choose as a player does: a place (with its subject picked first), a block, a
        # target, or a prompt button, then the entry of the menu found there
        offer = rng.choice(list(offers.reachable()))
        if offer.where is Where.place:
            found = offers.at_place(offer.anchor, offer.subject)
        elif offer.where is Where.block:
            found = offers.at_block(offer.anchor)
        elif offer.where is Where.target:
            found = offers.at_target(offer.anchor)
        elif offer.where is Where.hand:  # a card's Play button in the Events dock
            found = offers.at_hand(offer.anchor)
        else:
            found = offers.prompts
        chosen = next(o for o in found if o.label == offer.label and o.subject == offer.subject)
        kinds.add(type(chosen.action).__name__)
        play.apply(chosen.action)
        count += 1
    assert play.decision is None, "the game ends"
    assert {"Deploy", "Activate", "Move", "Fire", "StartImpulse"} <= kinds


def test_labels_are_unique_where_the_player_picks(game):
    """Two offers at one anchor never share a label: the menu entry names one action."""
    play = URBAN_OPERATIONS.start(game, 5)
    rng = random.Random(5)
    for _ in range(600):
        decision = play.decision
        if decision is None:
            break
        offers = Offers(
            play.legal_actions(),
            play.observation(decision.side),
            URBAN_OPERATIONS.briefing(game, decision.side),
        )
        seen: set[tuple[str, str, str | None, str]] = set()
        for o in offers.items:
            key = (o.where.value, o.anchor, o.subject, o.label)
            assert key not in seen, o
            seen.add(key)
        play.apply(rng.choice(play.legal_actions()))


def test_a_move_shows_the_mp_spent_after_it(game):
    play = URBAN_OPERATIONS.start(game, 3)
    rng = random.Random(3)
    while play.decision is not None:
        side = play.decision.side
        legal = play.legal_actions()
        moves = [a for a in legal if type(a).__name__ == "Move"]
        if moves:
            offers = Offers(legal, play.observation(side), URBAN_OPERATIONS.briefing(game, side))
            spent = play.observation(side).activation.spent
            for o in offers.items:
                if o.where is Where.place and o.subject is None and type(o.action).__name__ == "Move":
                    assert o.mp is not None and o.mp > spent
            # the cost shown is the one the engine charges (8.1)
            move = moves[0]
            shown = next(o.mp for o in offers.items if o.action == move)
            play.apply(move)
            assert play.observation(side).activation.spent == shown
            return
        play.apply(rng.choice(legal))
    pytest.fail("no move offered in a whole game")


def test_8_1_reach_hint_holds_every_next_step_within_the_budget(game):
    """The faint reach beyond the next steps (8.1, the activation budget of 7.1.2/8.1.13/9.1)
    holds every location a legal Move goes to, at no more MP than that step."""
    from editor.play.estimates import reach_hint

    play = URBAN_OPERATIONS.start(game, 9)
    rng = random.Random(9)
    checked = 0
    while play.decision is not None and checked < 40:
        side = play.decision.side
        legal = play.legal_actions()
        if any(type(a).__name__ == "Move" for a in legal):
            obs = play.observation(side)
            brief = URBAN_OPERATIONS.briefing(game, side)
            offers = Offers(legal, obs, brief)
            hint = reach_hint(obs, brief)
            for o in offers.items:
                if type(o.action).__name__ == "Move":
                    assert o.anchor in hint and hint[o.anchor] <= o.mp
            checked += 1
        play.apply(rng.choice(legal))
    assert checked


def test_8_2_7_hover_on_a_target_tells_band_firepower_and_chances_only_when_known(game):
    """Range band and our firepower always (8.2.7, 4.3.6); the target's answer and the
    expected losses (combat.expected_losses) only once it is revealed (4.3.2.2)."""
    from editor.play.estimates import target_info

    play = URBAN_OPERATIONS.start(game, 4)
    rng = random.Random(4)
    seen = {"hidden": False, "revealed": False}
    for _ in range(3000):
        if play.decision is None or all(seen.values()):
            break
        side = play.decision.side
        legal = play.legal_actions()
        obs = play.observation(side)
        for a in legal:
            if type(a).__name__ != "Fire":
                continue
            text = target_info(a, obs, URBAN_OPERATIONS.briefing(game, side))
            assert " EP, band " in text and "our firepower" in text
            enemy = next(e for e in obs.enemies if e.location == a.target)
            if enemy.revealed:
                seen["revealed"] = True
                assert "expected OSL lost" in text
            else:
                seen["hidden"] = True
                assert "unknown" in text and "expected" not in text
        play.apply(rng.choice(legal))
    assert all(seen.values()), seen


@dataclasses.dataclass(frozen=True)
class Unheard:
    """An action kind the board was not written for (the rules grow new ones)."""

    location: str
    power: int


@dataclasses.dataclass(frozen=True)
class UnheardForBlock:
    vehicle: str


@dataclasses.dataclass(frozen=True)
class UnheardAtAll:
    pass


def test_a_new_kind_of_action_is_offered_where_its_fields_say(game):
    """Nothing the engine allows is missing: a kind the board has no place for is offered on
    the location it names, on the own block it names, else in the prompt."""
    play = URBAN_OPERATIONS.start(game, 1)
    while play.state.phase.value == "setup":
        play.apply(play.legal_actions()[0])
    side = play.decision.side
    obs = play.observation(side)
    own = next(b for b in obs.own if b.on_map and b.location)
    legal = [Unheard("A2010", 3), UnheardForBlock(own.id), UnheardAtAll()]
    offers = Offers(legal, obs, URBAN_OPERATIONS.briefing(game, side))  # type: ignore[arg-type]
    place, block, prompt = offers.items
    assert (place.where, place.anchor, place.label) == (Where.place, "A2010", "Unheard: power 3")
    assert (block.where, block.anchor) == (Where.block, own.id) and block.label.startswith(
        "Unheard for block"
    )
    assert (prompt.where, prompt.label) == (Where.prompt, "Unheard at all")
    assert sorted(map(str, (o.action for o in offers.reachable()))) == sorted(map(str, legal))


def test_the_advanced_rules_actions_are_offered_each_once_where_they_belong():
    """The all-advanced-rules sample (10-13): every legal action offered once, labels unique
    where the player picks, supported and suppressing fire on the target itself."""
    game = URBAN_OPERATIONS.load(SAMPLE.parent / "advanced-rules.yaml")
    briefings = {side: URBAN_OPERATIONS.briefing(game, side) for side in ("green", "red")}
    play = URBAN_OPERATIONS.start(game, 1)
    rng = random.Random(1)
    kinds: set[str] = set()
    for _ in range(1500):
        if (decision := play.decision) is None:
            break
        legal = play.legal_actions()
        offers = Offers(legal, play.observation(decision.side), briefings[decision.side])
        assert sorted(map(str, (o.action for o in offers.reachable()))) == sorted(map(str, legal))
        labels = [(o.where, o.anchor, o.subject, o.label) for o in offers.items]
        assert len(labels) == len(set(labels))
        for o in offers.items:
            kinds.add(type(o.action).__name__)
            if type(o.action).__name__ in ("SupportedFire", "SuppressingFire"):
                assert o.where is Where.target and o.anchor == o.action.target
        play.apply(rng.choice(legal))
    assert {"SupportedFire", "Transfer", "EndReorganisation"} <= kinds  # offered
