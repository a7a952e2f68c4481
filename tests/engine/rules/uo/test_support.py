"""Support (8.2.2, support.py): recovering OSL next to a Plt Support or Logistics block,
support points by impulse force, the Logistics reserve. Small map (small.py)."""

from __future__ import annotations

from engine.model.cards import BlockType
from engine.model.scenario import Logistics, Side
from engine.rules.uo import support
from engine.rules.uo.actions import Support
from engine.rules.uo.game import Game
from engine.rules.uo.play import Activate, EndActivation

from .small import B
from .test_fire import activate, check, game_of, legal, move, play_of

INF, SUP, LOG = BlockType.infantry, BlockType.platoon_support, BlockType.logistics


def with_support(game: Game, *, points: int | None = None, reserve: int | None = None) -> Game:
    """The same game with green's force g1 holding `points` and green's Logistics block
    `log` holding `reserve` (8.2.2)."""
    scenario = game.scenario
    green = scenario.sides.green
    forces = [
        f.model_copy(update={"support_points": points}) if points is not None else f
        for f in green.impulse_forces
    ]
    update: dict[str, object] = {"impulse_forces": forces}
    if reserve is not None:
        update["logistics"] = Logistics(block="log", reserve=reserve)
    sides = scenario.sides.model_copy(update={"green": green.model_copy(update=update)})
    return Game(scenario.model_copy(update={"sides": sides}), game.battlefield, game.cards)


def test_8_2_2_an_adjacent_block_recovers_1_osl_for_1_point_of_the_force() -> None:
    play = play_of(game_of([B("sup", SUP, "S0802"), B("inf", INF, "S0803")], [B("r", INF, "S1310")]))
    play.state.blocks["inf"].losses = 2
    activate(play, "sup")
    assert support.points(play, "g1") == 2  # 2 points unless the scenario says otherwise
    assert legal(play, Support) == {Support("inf")}
    play.apply(Support("inf"))
    s = play.state
    assert s.blocks["inf"].losses == 1 and support.points(play, "g1") == 1
    # an action of both, one after the other: the supporter's activation is over, the
    # supported block's has begun with its action done (it may still move 3 MP)
    assert s.blocks["sup"].activated
    assert s.activation is not None and s.activation.block == "inf" and s.activation.acted_at == 0
    assert s.impulse is not None and s.impulse.activated == ["sup", "inf"]
    move(play, "S0804")
    check(play)


def test_8_2_2_the_supported_block_may_act_first() -> None:
    play = play_of(game_of([B("sup", SUP, "S0802"), B("inf", INF, "S0803")], [B("r", INF, "S1310")]))
    play.state.blocks["inf"].losses = 1
    activate(play, "inf")
    play.apply(Support("sup"))
    assert play.state.blocks["inf"].losses == 0 and support.points(play, "g1") == 1
    assert play.state.activation is not None and play.state.activation.block == "sup"
    check(play)


def test_8_2_2_a_plt_support_block_supports_itself() -> None:
    play = play_of(game_of([B("sup", SUP, "S0802")], [B("r", INF, "S1310")]))
    play.state.blocks["sup"].losses = 1
    activate(play, "sup")
    assert legal(play, Support) == {Support("sup")}
    play.apply(Support("sup"))
    assert play.state.blocks["sup"].losses == 0
    assert play.state.activation is not None and play.state.activation.block == "sup"
    check(play)


def test_8_2_2_no_support_without_points_nor_from_afar_nor_to_a_healthy_block() -> None:
    game = with_support(
        game_of(
            [B("sup", SUP, "S0802"), B("inf", INF, "S0803"), B("far", INF, "S0806")], [B("r", INF, "S1310")]
        ),
        points=0,
    )
    play = play_of(game)
    play.state.blocks["inf"].losses = play.state.blocks["far"].losses = 1
    activate(play, "sup")
    assert not legal(play, Support)  # no point left
    play.state.support["g1"] = 1
    assert legal(play, Support) == {Support("inf")}  # not "far", 4 hexes away; not itself (healthy)
    check(play)


def test_8_2_2_a_plt_support_out_of_points_takes_2_from_the_logistics_reserve() -> None:
    game = with_support(
        game_of(
            [B("sup", SUP, "S0802"), B("log", LOG, "S0803", force="hq"), B("inf", INF, "S0801")],
            [B("r", INF, "S1310")],
        ),
        points=0,
        reserve=3,
    )
    play = play_of(game)
    activate(play, "sup")
    assert legal(play, Support) == {Support("log")}
    play.apply(Support("log"))
    s = play.state
    assert support.points(play, "g1") == 2 and support.points(play, support.logistics_key(Side.green)) == 1
    # the Logistics block acted out of its impulse: an Activated marker, no activation going
    assert s.blocks["log"].activated and s.blocks["sup"].activated and s.activation is None
    assert s.impulse is not None and s.impulse.activated == ["sup"]
    play.apply(Activate("inf"))
    play.apply(EndActivation())
    check(play)


def test_8_2_2_the_logistics_block_supports_from_its_reserve() -> None:
    game = with_support(
        game_of([B("log", LOG, "S0802"), B("inf", INF, "S0803")], [B("r", INF, "S1310")]), reserve=1
    )
    play = play_of(game)
    play.state.blocks["inf"].losses = 1
    activate(play, "log")
    play.apply(Support("inf"))
    assert play.state.blocks["inf"].losses == 0
    assert support.points(play, support.logistics_key(Side.green)) == 0
    assert support.points(play, "g1") == 2  # the force's points untouched
    check(play)


def test_8_2_2_an_eliminated_supporter_takes_its_points_with_it() -> None:
    play = play_of(game_of([B("sup", SUP, "S0802"), B("inf", INF, "S0803")], [B("r", INF, "S1310")]))
    play.eliminate("sup", by=None)
    assert support.available(play, "g1") == 0
    check(play)


def test_8_2_2_a_side_sees_its_own_support_points_only() -> None:
    game = with_support(
        game_of([B("sup", SUP, "S0802"), B("log", LOG, "S0803", force="hq")], [B("r", INF, "S1310")]),
        reserve=3,
    )
    play = play_of(game)
    play.state.support["g1"] = 1
    assert play.observation(Side.green).support == (("g1", 1), ("hq", 2), ("logistics:green", 3))
    assert play.observation(Side.red).support == (("r1", 2),)
    assert play.observation(Side.green).to_json()["support"][0] == ["g1", 1]
    check(play)
