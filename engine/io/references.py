"""Which files a file names, read from its plain data (no model needed): what a query's cached
validation, a game log's scenario digest and `uo play --log`'s never-overwrite-an-input
check must take into account.

Works on data that may not validate: anything that is not where a scenario keeps a file
name, or is not a string, is skipped (validation reports it).
"""

from __future__ import annotations

from typing import Any


def referenced_files(data: Any) -> list[str]:
    """The files a scenario's data names, relative to it, in a fixed order and without
    repeats: map sheets, underground inserts, card libraries, house-rule tables. A sheet or
    a card library names none that a game or a query reads (a scan is only shown)."""
    if isinstance(data, dict) and data.get("schema") == "ub-mission/1":  # Urban Battle: board, unit charts
        files = [data["board"]] if isinstance(data.get("board"), str) else []
        units = data.get("units")
        files += [u for u in units if isinstance(u, str)] if isinstance(units, list) else []
        return list(dict.fromkeys(files))
    if not isinstance(data, dict) or data.get("schema") != "uo-scenario/1":
        return []
    names: list[str] = []
    assembly = data.get("map")
    if isinstance(assembly, dict):
        for key in ("sheets", "underground"):
            entries = assembly.get(key)
            if isinstance(entries, list):
                names += [
                    e["file"] for e in entries if isinstance(e, dict) and isinstance(e.get("file"), str)
                ]
    cards = data.get("cards")
    if isinstance(cards, list):
        names += [c for c in cards if isinstance(c, str)]
    names += _strings(data.get("house_rules"))
    return list(dict.fromkeys(names))


def _strings(value: Any) -> list[str]:
    """File names in a house-rules entry, whether one name, a list of names or a table kind ->
    name mapping."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list):
        return [v for v in value if isinstance(v, str)]
    return []
