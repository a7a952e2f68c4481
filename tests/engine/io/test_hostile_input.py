"""Bad, huge and hostile files get the loader's own error, never a crash or a hang."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.io.files import MAX_BYTES, load_document
from engine.io.problems import LoadError
from engine.io.reading import ReadRefused, read_regular
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


# --- issue 17: device files, FIFOs, symlink loops, unreadable folders, huge numbers --------

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
UO = Path(sys.executable).parent / "uo"


def _scenario_naming(tmp_path: Path, sheet: str) -> Path:
    """The minimal scenario, copied with its references, naming `sheet` as its map sheet."""
    for f in (EXAMPLES / "valid").glob("minimal-*.yaml"):
        shutil.copy(f, tmp_path / f.name)
    text = (EXAMPLES / "valid" / "minimal-scenario.yaml").read_text(encoding="utf-8")
    path = tmp_path / "scenario.yaml"
    path.write_text(text.replace("file: minimal-sheet.yaml", f"file: {sheet}"), encoding="utf-8")
    return path


def test_17_7_a_device_is_refused_without_reading_it() -> None:
    tracemalloc.start()
    with pytest.raises(LoadError) as info:
        load_document(Path("/dev/zero"))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    (problem,) = info.value.problems
    assert problem.code == "P000"
    assert "character device" in problem.message
    assert peak < 10 * 1024 * 1024


def test_17_7_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "sheet.yaml"
    os.mkfifo(fifo)
    # no writer ever opens it: a plain open() would block here forever
    with pytest.raises(LoadError) as info:
        load_document(fifo)
    assert "FIFO" in info.value.problems[0].message


@pytest.mark.parametrize("kind", ["device", "fifo"])
def test_17_7_a_scenario_naming_a_device_or_fifo_reports_its_line(tmp_path: Path, kind: str) -> None:
    if kind == "fifo":
        os.mkfifo(tmp_path / "pipe.yaml")
    scenario = _scenario_naming(tmp_path, "/dev/zero" if kind == "device" else "pipe.yaml")
    report = validate_paths([scenario])
    (problem,) = [p for p in report.problems if p.code == "L302"]
    assert (problem.line, problem.pointer) == (8, "/map/sheets/0/file")
    assert ("character device" if kind == "device" else "FIFO") in problem.message
    assert report.exit_code == 1


def test_17_7_read_regular_refuses_a_file_that_grows_past_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_bytes(b"x" * 100)
    assert read_regular(path, 100) == b"x" * 100
    with pytest.raises(ReadRefused) as info:
        read_regular(path, 99)
    assert info.value.code == "P003"


def test_17_10_a_symlink_loop_is_a_located_problem(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").symlink_to(tmp_path / "b.yaml")
    (tmp_path / "b.yaml").symlink_to(tmp_path / "a.yaml")
    report = validate_paths([tmp_path / "a.yaml"])
    (problem,) = report.problems
    assert problem.code == "P000" and "symlink loop" in problem.message
    assert report.exit_code == 2
    # inside a folder, and named by a scenario
    scenario = _scenario_naming(tmp_path, "a.yaml")
    report = validate_paths([tmp_path])
    assert any(p.code == "P000" and "symlink loop" in p.message for p in report.problems)
    assert any(
        p.code == "L302" and p.file.endswith(scenario.name) and "symlink loop" in p.message
        for p in report.problems
    )
    assert report.exit_code == 2


@pytest.mark.parametrize("suffix", [".yaml", ".json"])
def test_17_10_an_integer_of_5000_digits_is_a_located_problem(tmp_path: Path, suffix: str) -> None:
    digits = "9" * 5000
    path = tmp_path / f"big{suffix}"
    if suffix == ".yaml":
        path.write_text(f"schema: uo-map/1\nid: A\nsize: [100, {digits}]\n", encoding="utf-8")
        where = (3, 13)
    else:
        path.write_text(f'{{"schema": "uo-map/1",\n "size": [{digits}, 1]}}', encoding="utf-8")
        where = (2, 11)
    with pytest.raises(LoadError) as info:
        load_document(path)
    (problem,) = info.value.problems
    assert (problem.code, problem.line, problem.col) == ("P001", *where)
    assert "5000 digits" in problem.message and len(problem.message) < 200


def _run_without_override(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run `uo` unable to enter a folder of mode 000: root may enter any folder, so as root
    the run drops the two capabilities that let it (setpriv, from util-linux)."""
    prefix = []
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("running as root without setpriv (util-linux): every folder can be entered")
        prefix = ["setpriv", "--bounding-set=-dac_override,-dac_read_search"]
    return subprocess.run(
        [*prefix, str(UO), *args], cwd=cwd, capture_output=True, text=True, timeout=60, check=False
    )


@pytest.fixture
def locked_folder(tmp_path: Path) -> Iterator[Path]:
    """A folder holding `locked/`, a folder of mode 000 with a valid file in it."""
    (tmp_path / "locked").mkdir()
    shutil.copy(EXAMPLES / "valid" / "minimal-cards.yaml", tmp_path / "locked" / "cards.yaml")
    (tmp_path / "locked").chmod(0)
    yield tmp_path
    (tmp_path / "locked").chmod(0o755)


def test_17_12_an_unreadable_folder_is_not_ok(locked_folder: Path) -> None:
    run = _run_without_override(["validate", str(locked_folder)], cwd=locked_folder)
    assert run.returncode == 2, run.stdout + run.stderr
    assert f"{locked_folder / 'locked'}:0:0: error P000: cannot read folder: permission denied" in run.stdout
    assert "Traceback" not in run.stderr


def test_17_10_a_file_in_an_unreadable_folder_is_a_located_problem(locked_folder: Path) -> None:
    run = _run_without_override(["validate", "locked/cards.yaml"], cwd=locked_folder)
    assert run.returncode == 2, run.stdout + run.stderr
    assert "locked/cards.yaml:0:0: error P000: cannot read: permission denied" in run.stdout
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_17_12_a_fifo_or_device_given_directly_says_what_it_is(tmp_path: Path, kind: str) -> None:
    path = Path("/dev/zero")
    if kind == "fifo":
        path = tmp_path / "pipe.yaml"
        os.mkfifo(path)
    report = validate_paths([path])
    (problem,) = report.problems
    assert "no such file" not in problem.message
    assert ("FIFO" if kind == "fifo" else "character device") in problem.message
    assert report.exit_code == 2


@pytest.mark.parametrize("written", ["1e2", "1.0e+2", "100.0", "1E2", "+1e+2"])
def test_17_12_exponents_read_as_yaml_1_2_floats(tmp_path: Path, written: str) -> None:
    text = (EXAMPLES / "valid" / "minimal-sheet.yaml").read_text(encoding="utf-8")
    path = tmp_path / "sheet.yaml"
    path.write_text(text.replace("size: [100, 80]", f"size: [{written}, 80]"), encoding="utf-8")
    doc = load_document(path)
    assert doc.problems == [] and doc.model is not None
    assert doc.data["size"][0] == 100.0
    # hex labels and ids stay strings
    assert load_document(path, "schema: uo-map/1\nterrain: {0512: woods}\n").data["terrain"] == {
        "0512": "woods"
    }
