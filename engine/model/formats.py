"""The file formats by their tag (the `schema` key): every model a file may hold."""

from .bot_profile import BOT_PROFILE_FORMAT, BotProfile
from .cards import CardLibrary
from .common import CARDS_FORMAT, MAP_FORMAT, SCENARIO_FORMAT
from .log import LOG_FORMAT, GameLog
from .rule_tables import COMBAT_FORMAT, WEAPONS_EFFECT_FORMAT, CombatTablesFile, WeaponsEffectTable
from .scenario import Scenario
from .sheet import MapSheet
from .square_board import BOARD_FORMAT, SquareBoard
from .terrain_chart import TERRAIN_FORMAT, TerrainChart
from .ub_mission import MISSION_FORMAT, Mission
from .ub_units import UNITS_FORMAT, UnitChart

#: File format tag (the `schema` key) -> model class.
FORMATS: dict[
    str,
    type[MapSheet]
    | type[CardLibrary]
    | type[Scenario]
    | type[GameLog]
    | type[CombatTablesFile]
    | type[WeaponsEffectTable]
    | type[TerrainChart]
    | type[SquareBoard]
    | type[UnitChart]
    | type[Mission]
    | type[BotProfile],
] = {
    MAP_FORMAT: MapSheet,
    CARDS_FORMAT: CardLibrary,
    SCENARIO_FORMAT: Scenario,
    LOG_FORMAT: GameLog,
    COMBAT_FORMAT: CombatTablesFile,
    WEAPONS_EFFECT_FORMAT: WeaponsEffectTable,
    TERRAIN_FORMAT: TerrainChart,
    BOARD_FORMAT: SquareBoard,
    UNITS_FORMAT: UnitChart,
    MISSION_FORMAT: Mission,
    BOT_PROFILE_FORMAT: BotProfile,
}

Document = (
    MapSheet
    | CardLibrary
    | Scenario
    | GameLog
    | CombatTablesFile
    | WeaponsEffectTable
    | TerrainChart
    | SquareBoard
    | UnitChart
    | Mission
    | BotProfile
)
