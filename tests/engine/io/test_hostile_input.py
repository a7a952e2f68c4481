"""Bad, huge and hostile files get the loader's own error, never a crash or a hang."""

from __future__ import annotations

import contextlib
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.io.files import MAX_BYTES, load_document
from engine.io.problems import LoadError
from engine.lint.runner import validate_paths

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def codes_of(exc: LoadError) -> list[str]:
    return [p.code for p in exc.problems]


def billion_laughs(levels: int = 9) -> str:
    lines = ["schema: uo-map/1", 'a0: &a0 ["lol"]']
    for i in range(1, levels + 1):
        prev = f"*a{i - 1}"
        lines.append(f"a{i}: &a{i} [{', '.join([prev] * 9)}]")
    return "\n".join(lines) + "\n"


def test_alias_bomb_is_refused_with_bounded_memory(tmp_path: Path) -> None:
    path = tmp_path / "bomb.yaml"
    path.write_text(billion_laughs(), encoding="utf-8")
    tracemalloc.start()
    with pytest.raises(LoadError) as info:
        load_document(path)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert codes_of(info.value) == ["P005"]
    assert info.value.problems[0].line > 1
    assert peak < 100 * 1024 * 1024


@pytest.mark.parametrize(
    "suffix,text",
    [
        (".yaml", "[" * 100_000),
        (".json", "[" * 100_000),
        (".yaml", "a:\n" + "".join(" " * i + "b:\n" for i in range(1, 2000))),
    ],
)
def test_deep_nesting_is_refused(tmp_path: Path, suffix: str, text: str) -> None:
    path = tmp_path / f"deep{suffix}"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LoadError) as info:
        load_document(path)
    assert codes_of(info.value) in (["P004"], ["P001"])


def test_huge_file_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    with path.open("wb") as f:
        f.seek(MAX_BYTES + 10)
        f.write(b"x")
    with pytest.raises(LoadError) as info:
        load_document(path)
    assert codes_of(info.value) == ["P003"]


def test_binary_junk_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "junk.yaml"
    path.write_bytes(b"schema: uo-map/1\nid: A\n\xff\xfe\x00\x01binary")
    with pytest.raises(LoadError) as info:
        load_document(path)
    (problem,) = info.value.problems
    assert (problem.code, problem.line) == ("P003", 3)


def test_unsafe_tag_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "evil.yaml"
    marker = tmp_path / "pwned"
    path.write_text(
        f'schema: uo-map/1\nx: !!python/object/apply:os.system ["touch {marker}"]\n', encoding="utf-8"
    )
    with pytest.raises(LoadError) as info:
        load_document(path)
    assert codes_of(info.value) == ["P002"]
    assert info.value.problems[0].line == 2
    assert not marker.exists()


def test_missing_file_is_a_load_error(tmp_path: Path) -> None:
    with pytest.raises(LoadError) as info:
        load_document(tmp_path / "nope.yaml")
    assert codes_of(info.value) == ["P000"]


@FUZZ
@given(raw=st.binary(max_size=2000), suffix=st.sampled_from([".yaml", ".json"]))
def test_fuzzed_bytes_only_raise_load_error(tmp_path: Path, raw: bytes, suffix: str) -> None:
    path = tmp_path / f"fuzz{suffix}"
    path.write_bytes(raw)
    with contextlib.suppress(LoadError):
        load_document(path)


YAMLISH = st.text(alphabet=list("schema:uo-map/1 \n\t-[]{},&*!|>'\"#%@`?0123456789.aAeE~"), max_size=400)


@FUZZ
@given(text=YAMLISH, suffix=st.sampled_from([".yaml", ".json"]))
def test_fuzzed_syntax_only_raises_load_error(tmp_path: Path, text: str, suffix: str) -> None:
    path = tmp_path / f"fuzz{suffix}"
    path.write_text(text, encoding="utf-8")
    with contextlib.suppress(LoadError):
        load_document(path)


@FUZZ
@given(data=st.data())
def test_mutated_sample_never_crashes_validation(
    tmp_path: Path, sample_sheet_path: Path, data: st.DataObject
) -> None:
    """Flip, drop or insert bytes in a real sheet: the full validation (parse, schema,
    semantic checks) reports problems but never raises."""
    raw = bytearray(sample_sheet_path.read_bytes())
    for _ in range(data.draw(st.integers(1, 8))):
        i = data.draw(st.integers(0, len(raw) - 1))
        op = data.draw(st.sampled_from(["flip", "drop", "insert"]))
        if op == "flip":
            raw[i] = data.draw(st.integers(0, 255))
        elif op == "drop":
            del raw[i]
        else:
            raw.insert(i, data.draw(st.sampled_from(list(b"-:[]{}&*!\n 0123456789abc"))))
    path = tmp_path / "mutated.yaml"
    path.write_bytes(bytes(raw))
    report = validate_paths([path])
    assert report.exit_code in (0, 1, 2)
