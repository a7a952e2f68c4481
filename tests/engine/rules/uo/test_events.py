"""Events (6, events.py): the deck and hand (6.1), drawing in the event sequence (6.2.1,
3.1.1), red-title cards played at once, black-title cards played from hand at the turn
decision, their structured effects, and the events table (6.2.2). Small map (small.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.bots.runner import make_bot
from engine.model.cards import (
    EventCard,
    EventSide,
    EventTiming,
    ExtraMission,
    Initiative,
    OslChange,
    Reinforcement,
    Reveal,
    SupportPoints,
)
from engine.model.scenario import Events, EventTableRow, Logistics, Side
from engine.rules.uo import events, invariants, reorganisation, support
from engine.rules.uo.actions import EventTarget, PlayEvent, action_from_json, action_to_json
from engine.rules.uo.game import Game
from engine.rules.uo.play import Pass, Play, StartImpulse
from engine.rules.uo.ruleset import URBAN_OPERATIONS

from .small import B
from .test_fire import activate, game_of, legal

TEXT = "A card of our own for the tests."


def ev(cid: str, effect: object = None, timing: EventTiming = EventTiming.kept) -> EventCard:
    return EventCard(id=cid, title=cid, timing=timing, text=TEXT, effect=effect)  # type: ignore[arg-type]


def with_events(
    game: Game,
    cards: Sequence[EventCard],
    green: Events | None = None,
    red: Events | None = None,
    logistics: str | None = None,
) -> Game:
    """The same game with these event cards in its library and these decks, hands and
    tables (6.1); `logistics`: green's Logistics block id, reserve 1."""
    scenario = game.scenario
    sides = scenario.sides
    update: dict[str, object] = {}
    for side, given in ((Side.green, green), (Side.red, red)):
        setup = getattr(sides, side.value)
        changes: dict[str, object] = {}
        if given is not None:
            changes["events"] = given
        if side == Side.green and logistics is not None:
            changes["logistics"] = Logistics(block=logistics, reserve=1)
        update[side.value] = setup.model_copy(update=changes)
    scenario = scenario.model_copy(update={"sides": sides.model_copy(update=update)})
    return Game(scenario, game.battlefield, game.cards, event_cards={c.id: c for c in cards})


def basic(**kw: object) -> Game:
    return game_of([B("g", at="S0802"), B("g2", at="S0803")], [B("r", at="S1310"), B("r2", at="S1308")], **kw)


def end_turn(play: Play) -> None:
    play.apply(Pass())
    play.apply(Pass())


def test_6_1_the_deck_is_shuffled_face_down_and_the_hand_dealt() -> None:
    deck = [f"d{i}" for i in range(8)]
    game = with_events(basic(), [ev(c) for c in [*deck, "h"]], green=Events(deck=deck, hand=["h"]))
    orders = set()
    for seed in range(6):
        play = Play(game, seed)
        evs = play.state.events
        # turn 1's event sequence (3.1.1's note) has drawn the top card already
        assert len(evs.hand[Side.green]) == 2 and evs.hand[Side.green][0] == "h"
        assert sorted(evs.deck[Side.green] + evs.hand[Side.green][1:]) == deck
        orders.add(tuple(evs.hand[Side.green][1:] + evs.deck[Side.green]))
        assert Play(game, seed).state.events.deck == evs.deck  # the seed gives the order
    assert len(orders) > 1  # shuffled


def test_6_2_1_each_side_draws_a_card_in_each_event_sequence() -> None:
    game = with_events(
        basic(turns=3),
        [ev(c) for c in ("a", "b", "c", "x")],
        green=Events(deck=["a", "b"]),
        red=Events(deck=["c", "x"]),
    )
    play = Play(game, 0)
    s = play.state.events
    assert (len(s.hand[Side.green]), len(s.hand[Side.red])) == (1, 1)  # turn 1
    end_turn(play)
    assert play.state.turn == 2 and (len(s.hand[Side.green]), len(s.hand[Side.red])) == (2, 2)
    end_turn(play)
    assert not s.deck[Side.green] and len(s.hand[Side.green]) == 2  # an empty deck: no draw


def test_6_2_1_a_red_title_card_is_played_at_once_and_leaves_the_game() -> None:
    card = ev("resupply", SupportPoints(kind="support_points", amount=2), EventTiming.immediate)
    game = with_events(
        game_of([B("g", at="S0802"), B("log", at="S0803")], [B("r", at="S1310")]),
        [card],
        green=Events(deck=["resupply"]),
        logistics="log",
    )
    play = Play(game, 0)
    assert play.state.events.hand[Side.green] == [] and play.state.events.played == ["resupply"]
    assert support.points(play, support.logistics_key(Side.green)) == 3  # reserve 1 + 2


def test_6_2_1_a_black_title_card_is_kept_and_played_at_the_turn_decision_only() -> None:
    card = ev("resupply", SupportPoints(kind="support_points", amount=-5))
    game = with_events(
        game_of([B("g", at="S0802"), B("log", at="S0803")], [B("r", at="S1310")]),
        [card],
        green=Events(hand=["resupply"]),
        logistics="log",
    )
    play = Play(game, 0)
    assert play.state.active == Side.green
    assert legal(play, PlayEvent) == {PlayEvent("resupply")}
    activate(play, "g")
    assert not legal(play, PlayEvent)  # not during an impulse
    play2 = Play(game, 0)
    play2.apply(PlayEvent("resupply"))
    assert support.points(play2, support.logistics_key(Side.green)) == 0  # never below 0
    assert not legal(play2, PlayEvent) and play2.state.events.played == ["resupply"]
    assert play2.state.active == Side.green and play2.state.passes == 0  # no pass: still its decision


def test_6_2_1_observations_show_the_own_hand_and_the_enemy_hand_size() -> None:
    game = with_events(
        basic(), [ev("a"), ev("b"), ev("c")], green=Events(hand=["a", "b"]), red=Events(hand=["c"])
    )
    play = Play(game, 0)
    green, red = play.observation(Side.green), play.observation(Side.red)
    assert green.hand == ("a", "b") and green.enemy_hand == 1
    assert red.hand == ("c",) and red.enemy_hand == 2
    assert green.to_json()["hand"] == ["a", "b"] and red.to_json()["enemy_hand"] == 2


def test_6_2_1_an_osl_loss_falls_on_revealed_enemy_blocks_the_owner_chooses() -> None:
    card = ev("sniper", OslChange(kind="osl_change", side=EventSide.enemy, amount=-1, blocks=1))
    game = with_events(basic(), [card], green=Events(hand=["sniper"]))
    play = Play(game, 0)
    play.state.blocks["r"].revealed = True
    play.apply(PlayEvent("sniper"))
    d = play.decision
    assert d is not None and d.side == Side.green
    # only the revealed one: the owner knows no hidden block's strength
    assert play.legal_actions() == [EventTarget("S1310")]
    play.apply(EventTarget("S1310"))
    assert play.state.blocks["r"].losses == 1 and play.log[-1]["rolls"] == []  # no quality die
    assert not play.state.events.choices and play.legal_actions()[-1] == Pass()
    invariants.check(play)


def test_6_2_1_an_osl_gain_for_own_blocks_that_have_losses() -> None:
    card = ev("medics", OslChange(kind="osl_change", side=EventSide.own, amount=1, blocks=2))
    game = with_events(basic(), [card], red=Events(hand=["medics"]), green=None)
    play = Play(game, 0)
    play.state.blocks["r"].losses = 2
    play.state.active = Side.red
    play.apply(PlayEvent("medics"))
    assert play.legal_actions() == [EventTarget("S1310")]  # r2 has lost nothing
    play.apply(EventTarget("S1310"))
    # 2 blocks allowed, but no other block may gain: the choice is over
    assert play.state.blocks["r"].losses == 1 and not play.state.events.choices


def test_6_2_1_a_reveal_names_hidden_enemies_by_location_and_removes_a_dummy() -> None:
    from .test_fire import with_dummies

    card = ev("drone", Reveal(kind="reveal", count=2))
    game = with_events(with_dummies(basic(), Side.red, ["S1305"]), [card], green=Events(hand=["drone"]))
    play = Play(game, 0)
    play.apply(PlayEvent("drone"))
    assert {a.location for a in legal(play, EventTarget)} == {"S1310", "S1308", "S1305"}  # type: ignore[attr-defined]
    play.apply(EventTarget("S1305"))
    play.apply(EventTarget("S1310"))
    s = play.state.blocks
    assert s["red-dummy-1"].eliminated and s["r"].revealed and not s["r2"].revealed
    assert not play.state.events.choices


def test_6_2_1_a_reinforcement_enters_now_instead_of_its_entry_turn() -> None:
    card = ev("early", Reinforcement(kind="reinforcement", force="g2"))
    game = with_events(
        game_of([B("g", at="S0802"), B("late", force="g2")], [B("r", at="S1310")], entries={"g2": 3}),
        [card],
        green=Events(hand=["early"]),
    )
    play = Play(game, 0)
    assert "g2" not in play.available_forces(Side.green)
    play.apply(PlayEvent("early"))
    assert "g2" in play.available_forces(Side.green) and play.waiting_to_enter("g2") == ["late"]
    play.apply(StartImpulse("g2"))
    assert any(type(a).__name__ == "Enter" for a in play.legal_actions())


def test_6_2_1_an_initiative_card_gives_the_turn_to_its_owner() -> None:
    card = ev("seize", Initiative(kind="initiative"), EventTiming.immediate)
    game = with_events(basic(initiative=Side.green), [card], red=Events(deck=["seize"]))
    play = Play(game, 0)
    # drawn in turn 1's event sequence, played at once: red has the initiative and starts
    assert play.state.initiative == Side.red and play.state.active == Side.red
    end_turn(play)
    assert play.state.initiative == Side.green  # for that turn only


def test_6_2_1_extra_3d_missions_are_kept_for_their_support_card() -> None:
    card = ev("mortars", ExtraMission(kind="extra_3d_mission", support="sup-mortar", count=2))
    game = with_events(basic(), [card], green=Events(hand=["mortars"]))
    play = Play(game, 0)
    play.apply(PlayEvent("mortars"))
    assert play.state.events.extra_missions == {"sup-mortar": 2}


def test_6_2_2_the_events_table_is_rolled_and_a_card_row_puts_the_card_in_hand() -> None:
    table = [
        EventTableRow(roll=list(range(5)), outcome="Nothing happens."),  # type: ignore[arg-type]
        EventTableRow(roll=list(range(5, 10)), outcome="Take the card.", card="lookouts"),  # type: ignore[arg-type]
    ]
    game = with_events(basic(turns=2), [ev("lookouts")], green=Events(table=table))
    play = Play(game, 0)
    assert play.log == [] and len(play.state.events.hand[Side.green]) in (0, 1)  # turn 1 rolled too
    play.state.events.hand[Side.green].clear()
    play.apply(Pass())
    from .test_fire import Dice

    play.rng = Dice(7)  # type: ignore[assignment]
    play.apply(Pass())  # the turn ends: turn 2's event sequence rolls green's table
    assert play.state.turn == 2 and play.state.events.hand[Side.green] == ["lookouts"]
    assert play.log[-1]["rolls"] == [7]
    assert {"table": "events.green", "row": "Take the card.", "dice": [0]} in play.log[-1]["rows"]


def test_6_two_red_title_choices_drawn_together_wait_their_turn() -> None:
    def loss(cid: str) -> EventCard:
        return ev(cid, OslChange(kind="osl_change", side=EventSide.own, amount=-1), EventTiming.immediate)

    game = with_events(
        basic(turns=2),
        [loss("g-hit"), loss("r-hit")],
        green=Events(deck=["g-hit"]),
        red=Events(deck=["r-hit"]),
    )
    play = Play(game, 0)  # turn 1's event sequence: green (the initiative) draws first
    assert [c.card for c in play.state.events.choices] == ["g-hit", "r-hit"]
    assert play.decision is not None and play.decision.side == Side.green
    assert play.legal_actions() == [EventTarget("S0802"), EventTarget("S0803")]
    play.apply(EventTarget("S0802"))
    assert play.decision is not None and play.decision.side == Side.red
    play.apply(EventTarget("S1308"))
    assert play.state.blocks["g"].losses == 1 and play.state.blocks["r2"].losses == 1
    assert play.decision is not None and play.decision.prompt.startswith("start an impulse")
    invariants.check(play)


def test_6_event_actions_round_trip_through_json() -> None:
    for action in (PlayEvent("a"), EventTarget("S1310")):
        assert action_from_json(action_to_json(action)) == action


def rich_events_game() -> Game:
    cards = [
        ev("sp", SupportPoints(kind="support_points", amount=1), EventTiming.immediate),
        ev("hit", OslChange(kind="osl_change", side=EventSide.enemy, amount=-1, blocks=2)),
        ev("heal", OslChange(kind="osl_change", side=EventSide.own, amount=1, blocks=1)),
        ev("look", Reveal(kind="reveal", count=1)),
        ev("init", Initiative(kind="initiative")),
        ev("text"),
    ]
    table = [
        EventTableRow(roll=[0, 1, 2], outcome="Take look.", card="look"),  # type: ignore[list-item]
        EventTableRow(roll=[3, 4, 5, 6, 7, 8, 9], outcome="Nothing."),  # type: ignore[list-item]
    ]
    return with_events(
        basic(turns=3),
        cards,
        green=Events(deck=["sp", "hit", "text"], hand=["heal"], table=table),
        red=Events(deck=["look", "init"], hand=["hit"], table=table),
    )


def test_6_random_games_play_events_keep_the_invariants_and_replay_from_the_log() -> None:
    game = rich_events_game()
    used: Counter[str] = Counter()
    for seed in range(4):
        play = Play(game, seed)
        bots = {s: make_bot("random", game, seed, s) for s in Side}
        while (d := play.decision) is not None:
            action = bots[d.side].choose(play.observation(d.side), play.legal_actions())
            play.apply(action)
            used[type(action).__name__] += 1
            invariants.check(play)
        fresh = Play(game, seed)
        for entry in play.log:
            data = {k: v for k, v in entry.items() if k not in ("rolls", "rows")}
            fresh.apply(URBAN_OPERATIONS.action_from_json(data))
            assert fresh.log[-1]["rolls"] == entry["rolls"]
        assert fresh.digest() == play.digest()
    assert used["PlayEvent"] and used["EventTarget"], used


def test_6_the_entry_turn_of_a_force_on_the_map_is_none() -> None:
    play = Play(basic(), 0)
    assert reorganisation.entry_turn(play, "g1") is None


def test_6_2_2_a_table_card_already_taken_or_used_is_not_taken_again() -> None:
    from .test_fire import Dice

    table = [EventTableRow(roll=list(range(10)), outcome="Take the card.", card="look")]  # type: ignore[arg-type]
    game = with_events(basic(turns=3), [ev("look")], green=Events(table=table))
    play = Play(game, 0)
    assert play.state.events.hand[Side.green] == ["look"]  # turn 1's roll
    play.rng = Dice(3, 4)  # type: ignore[assignment]
    end_turn(play)
    assert play.state.events.hand[Side.green] == ["look"]  # still one
    play.apply(PlayEvent("look"))
    end_turn(play)
    assert play.state.events.hand[Side.green] == [] and play.state.events.played == ["look"]
    invariants.check(play)


def test_6_invariants_catch_a_card_held_twice() -> None:
    game = with_events(basic(), [ev("a")], green=Events(hand=["a"]))
    play = Play(game, 0)
    invariants.check(play)
    play.state.events.hand[Side.green].append("a")
    assert any("held 2 times" in p for p in events.check(play))
