"""Load -> save -> load is identity, for YAML and JSON, over generated documents."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.io.files import dumps, load_document, save_document
from engine.io.roundtrip import render
from engine.io.schemas import schema_for
from engine.model import FORMATS

from .schema_strategies import from_schema

#: examples a generated-document test draws; the suite keeps to 25 and 10 to stay within its
#: 6 minutes (UO_ROUNDTRIP_EXAMPLES=200 for a long run: the edit test draws a bit under half as many)
EXAMPLES = int(os.environ.get("UO_ROUNDTRIP_EXAMPLES", "25"))


@cache
def documents(fmt: str) -> st.SearchStrategy[Any]:
    """The documents of `fmt`'s schema: one strategy a format for the run, so that Hypothesis
    builds and validates it once, not at every example (that was most of this module's time)."""
    return from_schema(schema_for(fmt))


SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)


@pytest.mark.parametrize("fmt", list(FORMATS))
@pytest.mark.parametrize("suffix", [".yaml", ".json"])
@SETTINGS
@given(data=st.data())
def test_generated_documents_round_trip(fmt: str, suffix: str, data: st.DataObject, tmp_path_factory) -> None:
    doc = data.draw(documents(fmt))
    model = FORMATS[fmt].model_validate(doc)
    path = Path(tmp_path_factory.mktemp("rt")) / f"doc{suffix}"
    save_document(model, path)
    loaded = load_document(path)
    assert loaded.problems == []
    assert loaded.model == model
    # and saving again writes the very same text
    assert dumps(loaded.model, suffix) == path.read_text(encoding="utf-8")


def test_save_keeps_header_comment(tmp_path: Path, sample_sheet_path: Path) -> None:
    loaded = load_document(sample_sheet_path)
    assert loaded.model is not None
    out = tmp_path / "copy.yaml"
    save_document(loaded.model, out, header=loaded.header)
    again = load_document(out)
    assert again.model == loaded.model
    assert again.header == loaded.header


def test_save_is_atomic_when_writing_fails(tmp_path: Path, sample_sheet_path: Path, monkeypatch) -> None:
    """A failure while writing leaves the old file untouched and no temporary behind."""
    loaded = load_document(sample_sheet_path)
    assert loaded.model is not None
    target = tmp_path / "sheet.yaml"
    target.write_text("original", encoding="utf-8")

    import engine.io.files as files

    def boom(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(files.os, "replace", boom)
    with pytest.raises(OSError):
        save_document(loaded.model, target)
    assert target.read_text(encoding="utf-8") == "original"
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.yaml"]


@pytest.mark.parametrize("fmt", ["uo-map/1", "uo-cards/1", "uo-scenario/1"])
@pytest.mark.parametrize("suffix", [".yaml", ".json"])
@settings(
    max_examples=max(EXAMPLES // 2 - 2, 1),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)
@given(data=st.data())
def test_any_edit_is_written_into_the_files_text(
    fmt: str, suffix: str, data: st.DataObject, tmp_path_factory
) -> None:
    """Format-keeping saves (17.3) of arbitrary edits: a file saved, then turned into any other
    document of its format by the edit (keys set and unset, list items added and removed),
    is written into its own text, not afresh, and reads back as the edited model."""
    first = FORMATS[fmt].model_validate(data.draw(documents(fmt)))
    second = FORMATS[fmt].model_validate(data.draw(documents(fmt)))
    path = Path(tmp_path_factory.mktemp("edit")) / f"doc{suffix}"
    save_document(first, path)
    loaded = load_document(path)
    assert loaded.model == first and loaded.source is not None
    text = render(second, loaded.source)
    assert text is not None  # the edit went into the text (the plain writer was not needed)
    save_document(second, path, source=loaded.source)
    again = load_document(path)
    assert again.problems == [] and again.model == second
