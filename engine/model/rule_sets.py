"""Which rule sets the studio has, by the name a scenario gives (`rules: urban-operations`):
data, so the validator checks a scenario's `rules` without importing any rules engine."""

from __future__ import annotations

from typing import Final

#: the rule set of a scenario that names none
DEFAULT: Final = "urban-operations"

#: name -> "module:attribute" of the RuleSet value (engine/rules/registry.py imports it)
RULE_SETS: Final[dict[str, str]] = {
    "urban-operations": "engine.rules.uo.ruleset:URBAN_OPERATIONS",
    "urban-battle": "engine.rules.ub.ruleset:URBAN_BATTLE",
}

#: name -> the format of the scenarios it plays (a mission of another rule set is another format)
SCENARIO_FORMATS: Final[dict[str, str]] = {
    "urban-operations": "uo-scenario/1",
    "urban-battle": "ub-mission/1",
}
