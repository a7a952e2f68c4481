"""Most victory points each side can reach (1.3), so an unreachable level shows before play."""

from pathlib import Path

from engine.io.files import load_document
from engine.model.scenario import Scenario
from engine.rules.uo.attainable import max_attainable

ROOT = Path(__file__).resolve().parents[4]


def _sample() -> Scenario:
    model = load_document(ROOT / "scenarios" / "harbour-crossing.yaml").model
    assert isinstance(model, Scenario)
    return model


def _with_victory(victory: dict) -> Scenario:
    data = _sample().model_dump(mode="json", by_alias=True, exclude_unset=True)
    data["victory"] = victory
    return Scenario.model_validate(data)


def test_1_3_sample_levels_are_all_reachable():
    reach = max_attainable(_sample())
    assert all(level.reachable for level in reach.levels)
    assert reach.points["green"] > 0 and reach.points["red"] > 0


def test_1_3_penalties_count_zero_and_points_add_up():
    s = _with_victory(
        {
            "conditions": [
                {"kind": "control", "id": "a", "side": "green", "locations": ["A2208"], "points": 3},
                {"kind": "control", "id": "b", "side": "green", "locations": ["A2215"], "points": -2},
                {"kind": "collateral", "id": "c", "side": "green", "per_population": -1},
                {"kind": "control", "id": "d", "side": "red", "locations": ["A2208"], "points": 2},
            ],
            "levels": [
                {"side": "green", "level": "total", "min_points": 4},
                {"side": "green", "level": "partial", "min_points": 3},
                {"side": "red", "level": "partial", "min_points": 2},
            ],
        }
    )
    reach = max_attainable(s)
    assert reach.points == {"green": 3, "red": 2}
    assert [lv.reachable for lv in reach.levels] == [False, True, True]


def test_1_3_destroy_needs_enough_enemy_blocks():
    # red fields fewer MBTs than the condition asks green to destroy
    s = _sample()
    red_mbts = sum(b.type == "mbt" for f in s.sides.red.impulse_forces for b in f.blocks)
    s = _with_victory(
        {
            "conditions": [
                {
                    "kind": "destroy",
                    "id": "k",
                    "side": "green",
                    "block_types": ["mbt"],
                    "count": red_mbts + 1,
                    "points": 5,
                },
                {
                    "kind": "destroy",
                    "id": "n",
                    "side": "red",
                    "blocks": ["g1-pl", "g2-pl"],
                    "count": 2,
                    "points": 1,
                },
            ],
            "levels": [{"side": "green", "level": "total", "min_points": 1}],
        }
    )
    reach = max_attainable(s)
    k, n = reach.conditions
    assert not k.reachable and "the enemy has" in k.reason
    assert n.reachable and reach.points == {"green": 0, "red": 1}
    assert not reach.levels[0].reachable


def test_1_3_objectives_off_the_map_are_out_of_reach():
    s = _with_victory(
        {
            "conditions": [
                {"kind": "control", "id": "a", "side": "green", "locations": ["A2208", "Z9999"], "points": 3},
                {"kind": "control_buildings", "id": "b", "side": "red", "buildings": ["99"], "points": 2},
            ]
        }
    )
    reach = max_attainable(s, is_location=lambda ref: ref != "Z9999", buildings={"36"})
    assert [c.reachable for c in reach.conditions] == [False, False]
    assert "Z9999" in reach.conditions[0].reason
    assert reach.points == {"green": 0, "red": 0}
