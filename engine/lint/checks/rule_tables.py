"""Checks of rule table files (L4xx): the combat tables (`uo-combat/1`), shipped or a
scenario's house rules. The shapes are the schema's; these are what a shape cannot say, found
by the model's own functions (engine/model/rule_tables.py), which the loader also refuses."""

from __future__ import annotations

from collections.abc import Iterator

from ...io.files import Loaded
from ...model.rule_tables import COMBAT_FORMAT, CombatTablesFile, bands_problems, d10_problems
from ..registry import Finding, check


def _combat(doc: Loaded) -> CombatTablesFile:
    assert isinstance(doc.model, CombatTablesFile)
    return doc.model


@check("L401", "d10-table-rows", COMBAT_FORMAT)
def d10_rows(doc: Loaded) -> Iterator[Finding]:
    """Every d10 table (critical hits, quality, withdrawal) lists each roll 0-9 in exactly one row."""
    for pointer, message in d10_problems(_combat(doc)):
        yield Finding(pointer, message)


@check("L402", "range-bands", COMBAT_FORMAT)
def range_bands(doc: Loaded) -> Iterator[Finding]:
    """Range bands: 1 to 6 of them (a weapon's firepower boxes), the first the 1 EP assault box, ascending."""
    for pointer, message in bands_problems(_combat(doc)):
        yield Finding(pointer, message)
