"""JSON Schemas generated from the models (the committed copies in schemas/ must match)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from ..model import FORMATS

SCHEMA_BASE = "https://uo-studio.org/schemas/"


def schema_filename(fmt: str) -> str:
    """`uo-map/1` -> `uo-map-1.schema.json`."""
    return fmt.replace("/", "-") + ".schema.json"


@cache
def schema_for(fmt: str) -> dict[str, Any]:
    model = FORMATS[fmt]
    body = model.model_json_schema(by_alias=True, mode="validation")
    schema: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_BASE + schema_filename(fmt),
    }
    schema.update(body)
    _close_pattern_maps(schema)
    # `schema` is the format tag: make it required even though the model defaults it,
    # so a file always says what it is.
    required = schema.setdefault("required", [])
    if "schema" not in required:
        required.insert(0, "schema")
    return schema


def schema_text(fmt: str) -> str:
    return json.dumps(schema_for(fmt), indent=2, ensure_ascii=False) + "\n"


def write_schemas(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for fmt in FORMATS:
        path = folder / schema_filename(fmt)
        path.write_text(schema_text(fmt), encoding="utf-8")
        written.append(path)
    return written


def stale_schemas(folder: Path) -> list[Path]:
    """Schema files in `folder` missing or differing from what the models generate."""
    stale = []
    for fmt in FORMATS:
        path = folder / schema_filename(fmt)
        if not path.is_file() or path.read_text(encoding="utf-8") != schema_text(fmt):
            stale.append(path)
    return stale


def _close_pattern_maps(node: Any) -> None:
    """pydantic emits `dict[Pattern, X]` as patternProperties only, which JSON Schema reads
    as 'other keys allowed'; the model rejects them, so the schema must too."""
    if isinstance(node, dict):
        if "patternProperties" in node and "additionalProperties" not in node:
            node["additionalProperties"] = False
        for value in node.values():
            _close_pattern_maps(value)
    elif isinstance(node, list):
        for value in node:
            _close_pattern_maps(value)
