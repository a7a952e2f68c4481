"""The Urban Battle heuristic bot: it takes the best shot, goes round water it cannot cross,
and chooses only legal actions."""

from __future__ import annotations

from engine.bots.ub import UbHeuristicBot
from engine.model.scenario import Side
from engine.rules.ub.actions import EndTurn, Fire, Step, StepKind
from engine.rules.ub.ruleset import URBAN_BATTLE
from tests.engine.rules.ub.kit import OPEN, start


def bot_for(play, side=Side.green):
    return UbHeuristicBot(URBAN_BATTLE.briefing(play.game, side), 1)


def test_it_fires_the_shot_most_likely_to_destroy_the_most(tmp_path):
    # the tank at A1 sees a recon (front 2, D 3: 5/6 x 2 points) at D1 and a tank destroyer
    # (front 7, D 4: 21/36 x 5 points) at A5: the destroyer is worth more
    play = start(
        tmp_path, OPEN, [("g", "tank", "A1", "E")], [("w", "wheeled", "D1", "W"), ("h", "hull", "A5", "N")]
    )
    choice = bot_for(play).choose(play.observation(Side.green), play.legal_actions())
    assert choice == Fire("g", "h")


def test_it_goes_round_water_it_cannot_cross(tmp_path):
    rows = [
        "...x......",
        "...x......",
        "...x......",
        "...x......",
        "...x......",
        "...x......",
        "...x......",
        "...x......",
        "...x......",
        "..........",
    ]
    play = start(tmp_path, rows, [("g", "tank", "C5", "E")], [("r", "tank", "H3", "W")], seed=3)
    choice = bot_for(play).choose(play.observation(Side.green), play.legal_actions())
    assert choice == Step("g", StepKind.right)  # towards the ford at row 10, not into the river


def test_it_ends_the_turn_when_nothing_helps(tmp_path):
    play = start(tmp_path, OPEN, [("g", "tank", "A1", "E")], [("r", "tank", "J10", "W")])
    bot = bot_for(play)
    for _ in range(30):
        action = bot.choose(play.observation(Side.green), play.legal_actions())
        assert action in play.legal_actions()
        play.apply(action)
        if isinstance(action, EndTurn):
            break
    assert play.decision.side is Side.red


def test_it_turns_towards_the_way_round_an_obstacle_in_front(tmp_path):
    """Movement: a rotation is a Step of its own, so a one-step look sees no gain in turning
    and a vehicle facing an obstacle sat there; the approach counts speed points from each
    square *and facing*, so it turns towards the open side (south: the north is built up)."""
    rows = list(OPEN)
    rows[3] = "BB........"
    rows[4] = ".o......B."
    for seed in range(1, 6):
        play = start(tmp_path, rows, [("g", "tank", "A5", "E")], [("r", "tank", "J5", "W")], seed=seed)
        bot = UbHeuristicBot(URBAN_BATTLE.briefing(play.game, Side.green), seed)
        choice = bot.choose(play.observation(Side.green), play.legal_actions())
        assert choice == Step("g", StepKind.right), seed


def test_destruction_a_wreck_blocks_the_way_so_it_goes_round(tmp_path):
    """Destruction: a wreck stays on its square and blocks movement; the approach routes
    round it rather than wait behind it for the rest of the game."""
    rows = list(OPEN)
    rows[3] = ".....B...."
    rows[5] = ".....B...."
    play = start(
        tmp_path, rows, [("g", "tank", "E5", "E")], [("w", "tank", "F5", "W"), ("r", "tank", "J9", "NW")]
    )
    play.state.pieces["w"].destroyed = True  # the position: a red tank destroyed at F5
    bot = bot_for(play)
    moves = []
    while True:
        action = bot.choose(play.observation(Side.green), play.legal_actions())
        play.apply(action)
        if isinstance(action, EndTurn):
            break
        moves.append(action)
    assert moves, "it waited behind the wreck"
    assert play.state.pieces["g"].square != (4, 4)


def test_random_speed_it_rolls_then_moves_with_the_speed_rolled(tmp_path):
    """Random Speed ('Each time a vehicle is about to move, roll a speed die'): the bot takes
    the roll as a step of its own, then moves with what the die gave, over a whole game."""
    greens = [("g", "tank", "A1", "E"), ("g2", "tank", "A3", "E")]
    reds = [("r", "tank", "J10", "W"), ("r2", "tank", "J8", "W")]
    play = start(tmp_path, OPEN, greens, reds, seed=4, rounds=3, optional_rules=["random_speed"])
    bots = {side: bot_for(play, side) for side in (Side.green, Side.red)}
    while play.decision is not None:
        side = play.decision.side
        play.apply(bots[side].choose(play.observation(side), play.legal_actions()))
    names = [e["action"] for e in play.log]
    assert "SpeedRoll" in names
    first = names.index("SpeedRoll")
    assert names[first + 1] == "Step" and play.log[first + 1]["unit"] == play.log[first]["unit"]
