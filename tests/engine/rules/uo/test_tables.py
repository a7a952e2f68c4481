"""The play-aid card's combat tables (engine/rules/uo/data/combat.yaml, engine/rules/uo/tables.py).

Expected values are written out here from the rulebook and the card, row by row, so that an
edit of the yaml that departs from the printed rules fails a test naming the section."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml

from engine.model.cards import LONG_SCOUTING_TYPES, BlockType, Protection
from engine.model.scenario import Quality
from engine.rules.uo.rule_tables import load_combat
from engine.rules.uo.tables import Critical

load_tables = load_combat
#: the shipped tables: the game holds its own copy, none is module-global
tables = load_combat()

ROOT = Path(__file__).resolve().parents[4]
DATA = ROOT / "engine" / "rules" / "uo" / "data" / "combat.yaml"
D10 = range(10)

NONE = Critical()
DESTROYS = Critical(wins=True, destroys=True)


def crit(
    roll: int,
    target: Protection = Protection.soft,
    *,
    weapon_bonus: bool = False,
    assault: bool = False,
    sniper_long: bool = False,
) -> Critical:
    return tables.critical(
        roll, target=target, weapon_bonus=weapon_bonus, assault=assault, sniper_long=sniper_long
    )


# --- 8.2.7.5 critical hits -------------------------------------------------------------------

SOFT = {
    **dict.fromkeys(range(7), NONE),
    7: Critical(fp=1),
    8: Critical(fp=1),
    9: Critical(wins=True, extra_loss=1),
}
ARMOURED = {**dict.fromkeys(range(7), NONE), 7: Critical(fp=2), 8: Critical(fp=2), 9: DESTROYS}
MBT = {**dict.fromkeys(range(7), NONE), 7: Critical(fp=1), 8: Critical(fp=1), 9: DESTROYS}
SEVEN_TO_NINE_DESTROYS = {**dict.fromkeys(range(7), NONE), 7: DESTROYS, 8: DESTROYS, 9: DESTROYS}
ASSAULT = {**dict.fromkeys(range(7), NONE), 7: Critical(fp=2), 8: Critical(fp=2), 9: DESTROYS}


@pytest.mark.parametrize("roll", D10)
def test_8_2_7_5_critical_soft_target(roll: int) -> None:
    assert crit(roll, Protection.soft) == SOFT[roll]


@pytest.mark.parametrize("roll", D10)
def test_8_2_7_5_critical_armoured_target(roll: int) -> None:
    assert crit(roll, Protection.armoured) == ARMOURED[roll]


@pytest.mark.parametrize("roll", D10)
def test_8_2_7_5_critical_mbt_target(roll: int) -> None:
    assert crit(roll, Protection.mbt) == MBT[roll]


@pytest.mark.parametrize("target", [Protection.armoured, Protection.mbt])
@pytest.mark.parametrize("roll", D10)
def test_4_3_5_red_symbol_weapon_destroys_armour_on_7_to_9(roll: int, target: Protection) -> None:
    assert crit(roll, target, weapon_bonus=True) == SEVEN_TO_NINE_DESTROYS[roll]


@pytest.mark.parametrize("roll", D10)
def test_4_3_5_red_symbol_weapon_against_soft_target_uses_soft_rows(roll: int) -> None:
    assert crit(roll, Protection.soft, weapon_bonus=True) == SOFT[roll]


@pytest.mark.parametrize("target", list(Protection))
@pytest.mark.parametrize("roll", D10)
def test_8_2_7_4_sniper_long_shot_destroys_on_7_to_9(roll: int, target: Protection) -> None:
    assert crit(roll, target, sniper_long=True) == SEVEN_TO_NINE_DESTROYS[roll]
    # the sniper row wins over the red symbol one (same result, but the table chosen is the sniper's)
    assert crit(roll, target, sniper_long=True, weapon_bonus=True) == SEVEN_TO_NINE_DESTROYS[roll]


@pytest.mark.parametrize("target", list(Protection))
@pytest.mark.parametrize("roll", D10)
def test_8_2_8_assault_critical_whatever_the_target(roll: int, target: Protection) -> None:
    assert crit(roll, target, assault=True) == ASSAULT[roll]
    # assault rows come first: no sniper or red symbol 7-8 destruction in an assault
    assert crit(roll, target, assault=True, weapon_bonus=True, sniper_long=True) == ASSAULT[roll]


def test_8_2_7_5_destruction_means_the_opponent_loses() -> None:
    for roll in D10:
        for target in Protection:
            for flags in ({}, {"weapon_bonus": True}, {"assault": True}, {"sniper_long": True}):
                result = crit(roll, target, **flags)
                assert not result.destroys or result.wins


def test_8_2_7_5_chance_bonus() -> None:
    assert tables.chance_bonus == 1


@pytest.mark.parametrize("roll", [-1, 10, 7.0, True, "7"])
def test_rolls_outside_0_to_9_are_refused(roll: Any) -> None:
    with pytest.raises(ValueError, match="0-9"):
        crit(roll)
    with pytest.raises(ValueError, match="0-9"):
        tables.withdrawal_loss(roll)
    with pytest.raises(ValueError, match="0-9"):
        tables.quality_adjustment(Quality.elite, roll)


# --- 8.2.7.6 / 8.2.8 combat results -----------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "equality", "osl"),
    [("fire", False, 1), ("fire", True, 1), ("assault", False, 2), ("assault", True, 1)],
)
def test_8_2_7_6_combat_results_table(kind: Any, equality: bool, osl: int) -> None:
    assert tables.combat_loss(kind, equality) == osl


def test_8_2_7_6_unknown_combat_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="fire"):
        tables.combat_loss("melee", False)  # type: ignore[arg-type]


def test_8_2_8_1_assault_loser_withdraws() -> None:
    assert tables.assault_loser_withdraws() is True


# --- 4.3.8 losses by quality ------------------------------------------------------------------


@pytest.mark.parametrize("roll", D10)
def test_4_3_8_elite_loses_one_less_on_6_to_9(roll: int) -> None:
    assert tables.quality_adjustment(Quality.elite, roll) == (-1 if roll >= 6 else 0)


@pytest.mark.parametrize("roll", D10)
def test_4_3_8_veteran_losses_unchanged(roll: int) -> None:
    assert tables.quality_adjustment(Quality.veteran, roll) == 0


@pytest.mark.parametrize("roll", D10)
def test_4_3_8_recruit_loses_one_more_on_0_to_3(roll: int) -> None:
    assert tables.quality_adjustment(Quality.recruit, roll) == (1 if roll <= 3 else 0)


# --- 8.3.2 withdrawal, 8.2.7.4 inadequate armament ---------------------------------------------

WITHDRAWAL = {0: 2, 1: 2, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 0, 8: 0, 9: 0}


@pytest.mark.parametrize("roll", D10)
def test_8_3_2_withdrawal_table(roll: int) -> None:
    assert tables.withdrawal_loss(roll) == WITHDRAWAL[roll]


@pytest.mark.parametrize(("vehicle", "mp"), [(False, 2), (True, 4)])
def test_8_3_2_withdrawal_mp(vehicle: bool, mp: int) -> None:
    assert tables.withdrawal_mp(vehicle) == mp


def test_8_2_7_4_inadequate_armament_loses_2_osl() -> None:
    assert tables.inadequate_loss == 2


# --- 4.3.6 / 9.2 range bands -------------------------------------------------------------------

DAY_BANDS = [(1, 1, 0), (2, 5, 1), (6, 10, 2), (11, 15, 3), (16, 20, 4), (21, 25, 5)]
NIGHT_UNEQUIPPED_BANDS = [(1, 1, 0), (2, 3, 1), (4, 6, 2), (7, 9, 3), (10, 12, 4), (13, 15, 5)]
NIGHT_EQUIPPED_BANDS = [(1, 1, 0), (2, 4, 1), (5, 8, 2), (9, 12, 3), (13, 16, 4), (17, 20, 5)]


def expected_band(ep: int, bands: list[tuple[int, int, int]]) -> int | None:
    return next((index for low, high, index in bands if low <= ep <= high), None)


@pytest.mark.parametrize("equipped", [False, True])
@pytest.mark.parametrize("ep", range(-1, 28))
def test_4_3_6_day_bands(ep: int, equipped: bool) -> None:
    # night equipment changes nothing by day
    assert tables.band(ep, night=False, equipped=equipped) == expected_band(ep, DAY_BANDS)


@pytest.mark.parametrize("ep", range(-1, 28))
def test_9_2_night_bands_unequipped(ep: int) -> None:
    assert tables.band(ep, night=True, equipped=False) == expected_band(ep, NIGHT_UNEQUIPPED_BANDS)


@pytest.mark.parametrize("ep", range(-1, 28))
def test_9_2_night_bands_equipped(ep: int) -> None:
    assert tables.band(ep, night=True, equipped=True) == expected_band(ep, NIGHT_EQUIPPED_BANDS)


@pytest.mark.parametrize(
    ("night", "equipped", "ep"), [(False, False, 25), (False, True, 25), (True, False, 15), (True, True, 20)]
)
def test_9_2_max_range(night: bool, equipped: bool, ep: int) -> None:
    assert tables.max_range(night=night, equipped=equipped) == ep
    assert tables.band(ep, night=night, equipped=equipped) is not None
    assert tables.band(ep + 1, night=night, equipped=equipped) is None


# --- 8.2.5 / 9.3 scouting ---------------------------------------------------------------------


@pytest.mark.parametrize("block_type", list(BlockType))
@pytest.mark.parametrize(
    ("night", "equipped", "normal", "long"),
    [
        (False, False, 5, 10),  # 8.2.5.1, 8.2.5.2
        (False, True, 5, 10),
        (True, False, 3, 5),  # 9.3
        (True, True, 5, 10),
    ],
)
def test_8_2_5_and_9_3_scouting_range(
    block_type: BlockType, night: bool, equipped: bool, normal: int, long: int
) -> None:
    expected = long if block_type in LONG_SCOUTING_TYPES else normal
    assert tables.scouting_range(block_type, night=night, equipped=equipped) == expected


def test_8_2_5_2_long_scouting_blocks() -> None:
    assert {t for t in BlockType if tables.scouting_range(t, night=False, equipped=False) == 10} == {
        BlockType.scout,
        BlockType.recon,
        BlockType.sniper,
        BlockType.jfo,
    }


# --- modifiers and distances ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "fp"),
    [
        ("command", 1),  # 7.2.2
        ("infrastructure", 1),  # 5.2.4.2 and the card
        ("opportunity", 2),  # 8.3.1
        ("poor_osl", -1),  # card: operational strength
        ("roof_assault", 1),  # 8.2.8.2
    ],
)
def test_modifiers_table(name: str, fp: int) -> None:
    assert getattr(tables.modifiers, name) == fp


def test_modifiers_are_frozen() -> None:
    with pytest.raises(AttributeError):
        tables.modifiers.command = 3  # type: ignore[misc]


def test_7_2_2_command_range() -> None:
    assert tables.command_range == 6


def test_8_1_12_contact_range() -> None:
    assert tables.contact == 3


def test_8_2_7_3_cover_fire_range() -> None:
    assert tables.cover_fire == 3


def test_sniper_long_range() -> None:
    assert tables.sniper_long_ep == 10


# --- the data file ----------------------------------------------------------------------------


def raw() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(DATA.read_text(encoding="utf-8"))
    return data


def write(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "combat.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def test_the_shipped_file_is_what_a_game_loads_by_default() -> None:
    assert load_tables(DATA) == load_tables()


def test_a_house_rule_is_an_edit_of_the_yaml(tmp_path: Path) -> None:
    data = raw()
    data["withdrawal"]["losses"] = [{"rolls": list(D10), "osl": 0}]
    data["modifiers"]["opportunity"] = 3
    house = load_tables(write(tmp_path, data))
    assert [house.withdrawal_loss(r) for r in D10] == [0] * 10
    assert house.modifiers.opportunity == 3


def test_a_missing_roll_names_the_table(tmp_path: Path) -> None:
    data = raw()
    data["critical_hits"]["mbt"].pop(2)  # the 9 row
    with pytest.raises(ValueError, match=r"critical_hits\.mbt: no row for roll\(s\) 9"):
        load_tables(write(tmp_path, data))


def test_a_doubled_roll_names_the_table(tmp_path: Path) -> None:
    data = raw()
    data["withdrawal"]["losses"][1]["rolls"].append(7)
    with pytest.raises(ValueError, match=r"withdrawal\.losses: roll 7 appears twice"):
        load_tables(write(tmp_path, data))


def test_a_roll_repeated_in_its_row_names_the_table(tmp_path: Path) -> None:
    data = raw()
    data["quality"]["recruit"][0]["rolls"] = [0, 1, 2, 3, 3]
    with pytest.raises(ValueError, match=r"quality\.recruit: roll 3 appears twice"):
        load_tables(write(tmp_path, data))


def test_a_roll_off_the_die_is_refused(tmp_path: Path) -> None:
    data = raw()
    data["critical_hits"]["soft"][2]["rolls"] = [9, 10]
    with pytest.raises(ValueError, match=r"/critical_hits/soft/2/rolls/1"):
        load_tables(write(tmp_path, data))


def test_a_missing_quality_names_it(tmp_path: Path) -> None:
    data = raw()
    del data["quality"]["veteran"]
    with pytest.raises(ValueError, match=r"/quality/veteran|quality.*veteran"):
        load_tables(write(tmp_path, data))


@pytest.mark.parametrize(
    ("bounds", "message"),
    [
        ([1, 5, 10, 15, 20, 25, 30], "expected 1 to 6 bands"),
        ([2, 5, 10], "1 EP assault box"),
        ([1, 5, 5, 15], "must increase"),
    ],
)
def test_bad_range_bands_name_the_table(tmp_path: Path, bounds: list[int], message: str) -> None:
    data = raw()
    data["range_bands"]["night_equipped"] = bounds
    with pytest.raises(ValueError, match=rf"range_bands\.night_equipped: .*{message}"):
        load_tables(write(tmp_path, data))


def test_unknown_keys_and_schema_are_refused(tmp_path: Path) -> None:
    data = raw()
    data["modifiers"]["weather"] = 1
    with pytest.raises(ValueError, match="weather"):
        load_tables(write(tmp_path, data))
    data = raw()
    data["schema"] = "uo-combat/2"
    with pytest.raises(ValueError, match="schema"):
        load_tables(write(tmp_path, data))


def test_a_duplicate_key_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "combat.yaml"
    path.write_text(DATA.read_text(encoding="utf-8") + "\ninadequate_loss: 3\n", encoding="utf-8")
    with pytest.raises(ValueError, match="inadequate_loss"):
        load_tables(path)


def test_not_yaml_is_a_value_error(tmp_path: Path) -> None:
    path = tmp_path / "combat.yaml"
    path.write_text("schema: [uo-combat/1\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"combat\.yaml"):
        load_tables(path)


def test_the_yaml_ships_as_package_data() -> None:
    # tables.py reads it with importlib.resources, so an installed wheel must carry it.
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["engine.rules.uo"]
    assert any(DATA.relative_to(DATA.parents[1]).match(p) for p in patterns)


@pytest.mark.parametrize(("night", "equipped"), [(False, False), (True, False), (True, True)])
def test_4_3_6_9_2_the_band_of_an_ep_is_the_first_whose_bound_holds_it(night: bool, equipped: bool) -> None:
    """`band` is looked up in a table made once per file; it answers as the card reads: the
    first band whose upper bound the EP is within, none at 0 EP or beyond the last."""
    mode = "day" if not night else "night_equipped" if equipped else "night_unequipped"
    bounds = getattr(tables.source.range_bands, mode)
    for ep in range(-2, max(bounds) + 6):
        expected = None if ep <= 0 else next((i for i, upper in enumerate(bounds) if ep <= upper), None)
        assert tables.band(ep, night=night, equipped=equipped) == expected, ep
    assert tables.band(1 << 30, night=night, equipped=equipped) is None
