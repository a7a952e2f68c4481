"""The JSON Schemas are generated from the models, complete, and committed up to date."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from engine.cli import main
from engine.io.schemas import schema_filename, schema_for
from engine.model import FORMATS


def test_committed_schemas_are_current(root: Path) -> None:
    assert main(["schema", "--check", "--out", str(root / "schemas")]) == 0


def test_schema_check_fails_when_stale(tmp_path: Path, capsys) -> None:
    assert main(["schema", "--out", str(tmp_path)]) == 0
    assert main(["schema", "--check", "--out", str(tmp_path)]) == 0
    path = tmp_path / schema_filename("uo-map/1")
    path.write_text(path.read_text().replace("Printed", "Painted"))
    assert main(["schema", "--check", "--out", str(tmp_path)]) == 1
    assert "stale" in capsys.readouterr().err


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_schema_is_2020_12_with_versioned_id(fmt: str) -> None:
    schema = schema_for(fmt)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"].endswith(fmt.replace("/", "-") + ".schema.json")
    assert schema["required"][0] == "schema"


def _properties(node: Any, path: str = "") -> list[tuple[str, dict[str, Any]]]:
    found = []
    if isinstance(node, dict):
        for name, prop in node.get("properties", {}).items():
            found.append((f"{path}.{name}", prop))
        for key, value in node.items():
            found.extend(_properties(value, f"{path}/{key}"))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found.extend(_properties(value, f"{path}[{i}]"))
    return found


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_every_field_is_described(fmt: str) -> None:
    undescribed = [path for path, prop in _properties(schema_for(fmt)) if not prop.get("description")]
    assert undescribed == []


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_models_are_strict(fmt: str) -> None:
    """extra="forbid" everywhere: every object schema closes its properties. The one exception
    is a game log's action entry, whose own fields the rule set defines: its extra keys are
    typed (plain JSON values, no objects), never open."""
    schema = schema_for(fmt)
    objects = [schema, *list(schema.get("$defs", {}).values())]  # (a flat model has no $defs)
    typed_extras = {"LogEntry"}
    open_objects = [
        o.get("title")
        for o in objects
        if o.get("type") == "object"
        and "properties" in o
        and o.get("additionalProperties") is not False
        and not (o.get("title") in typed_extras and isinstance(o.get("additionalProperties"), dict))
    ]
    assert open_objects == []


def test_schema_files_are_json(root: Path) -> None:
    for fmt in FORMATS:
        json.loads((root / "schemas" / schema_filename(fmt)).read_text())
