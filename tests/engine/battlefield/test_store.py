"""The disk cache of compiled battlefields (engine/battlefield/store.py, issue 14): entries keyed
by content and code, safe against damage and concurrent writers, bounded, clearable, and used by
Game.load so that no process compiles a map or builds its LOS table twice."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from engine.battlefield import compile as compiler
from engine.battlefield import store
from engine.battlefield.compile import compile_file
from engine.battlefield.los_table import LosTable

ROOT = Path(__file__).resolve().parents[3]
INSERT = ROOT / "maps" / "U-sewers.yaml"


@pytest.fixture
def own_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A store of this test's own, empty, and an empty in-memory compile cache."""
    monkeypatch.setenv("UO_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("UO_CACHE", raising=False)
    monkeypatch.setattr(compiler, "_CACHE", type(compiler._CACHE)())
    return tmp_path / "cache" / "battlefields"


def _count_builds(monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], list[str]]:
    """Calls of the compiler and of the LOS table's constructor from now on."""
    compiles: list[str] = []
    tables: list[str] = []
    real_compile = compiler.compile_sheets

    def counting_compile(*args: object, **kw: object) -> object:
        compiles.append("compile")
        return real_compile(*args, **kw)  # type: ignore[arg-type]

    real_init = LosTable.__init__

    def counting_init(self: LosTable, bf: object) -> None:
        tables.append("table")
        real_init(self, bf)  # type: ignore[arg-type]

    monkeypatch.setattr(compiler, "compile_sheets", counting_compile)
    monkeypatch.setattr(LosTable, "__init__", counting_init)
    return compiles, tables


def test_a_second_process_reads_the_battlefield_and_its_los_table(
    own_store: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = compile_file(INSERT, stored=True)
    rows = list(first.los_table.rows)
    assert sorted(p.suffix for p in own_store.iterdir()) == [".bf", ".los"]
    compiler._CACHE.clear()  # as a new process: nothing in memory
    compiles, tables = _count_builds(monkeypatch)
    again = compile_file(INSERT, stored=True)
    assert again is not first and again.digest == first.digest
    assert again.los_table.rows == rows and compiles == [] and tables == []
    # the table refers to the battlefield it was read for, not to a copy of it
    assert again.los_table.bf is again  # type: ignore[attr-defined]
    assert again.chart == first.chart  # revived from its own pickle on first use
    assert [loc.id for loc in again.locations] == [loc.id for loc in first.locations]
    assert again.steps == first.steps


@pytest.mark.parametrize(
    "damage",
    [
        lambda raw: raw[: len(raw) // 2],  # truncated (a writer killed before the rename cannot do it)
        lambda raw: raw[:-1] + bytes([raw[-1] ^ 1]),  # a flipped bit
        lambda raw: b"",
        lambda raw: b"not an entry at all",
        lambda raw: store.MAGIC + raw[len(store.MAGIC) :][:40],  # a header and no payload
    ],
)
def test_a_damaged_entry_is_a_miss_rebuilt_never_a_crash(
    own_store: Path, monkeypatch: pytest.MonkeyPatch, damage: object
) -> None:
    bf = compile_file(INSERT, stored=True)
    bf.los_table  # noqa: B018
    for entry in own_store.iterdir():
        entry.write_bytes(damage(entry.read_bytes()))  # type: ignore[operator]
    compiler._CACHE.clear()
    compiles, tables = _count_builds(monkeypatch)
    again = compile_file(INSERT, stored=True)
    assert again.los_table.rows == bf.los_table.rows
    assert compiles == ["compile"] and tables == ["table"]
    # and the rebuilt entries replaced the damaged ones
    compiler._CACHE.clear()
    compile_file(INSERT, stored=True).los_table  # noqa: B018
    assert compiles == ["compile"] and tables == ["table"]


def test_an_entry_someone_else_may_write_is_never_unpickled(own_store: Path) -> None:
    bf = compile_file(INSERT, stored=True)
    (entry,) = own_store.glob("*.bf")
    entry.chmod(0o666)
    assert store.load_battlefield(bf.digest) is None
    entry.chmod(0o600)
    assert store.load_battlefield(bf.digest) is not None


_WRITER = """
import sys
from pathlib import Path
from engine.battlefield import store
value = list(range(int(sys.argv[2])))
for _ in range(int(sys.argv[3])):
    assert store.write_entry(Path(sys.argv[1]), value)
"""


def test_two_processes_writing_one_entry_both_succeed_and_a_reader_never_sees_half(tmp_path: Path) -> None:
    entry = tmp_path / "cache" / "battlefields" / "same-key.los"
    size, rounds = 300_000, 15  # ~1.5 MB a write: a reader would catch a partial file
    writers = [
        subprocess.Popen(
            [sys.executable, "-c", _WRITER, str(entry), str(size), str(rounds)],
            cwd=ROOT,
            stderr=subprocess.PIPE,
        )
        for _ in range(2)
    ]
    seen = []
    while any(w.poll() is None for w in writers):
        value = store.read_entry(entry) if entry.exists() else None
        if value is not None:
            seen.append(len(value))
    for w in writers:
        assert w.wait() == 0, w.stderr.read().decode() if w.stderr else ""
    assert store.read_entry(entry) == list(range(size))
    assert set(seen) <= {size}  # every read saw a whole entry
    assert [p.name for p in entry.parent.iterdir()] == [entry.name]  # no temporary file left


def test_a_change_of_the_engine_code_keys_new_entries(
    own_store: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the code digest follows the sources of battlefield/, geometry/ and the map models
    engine = tmp_path / "engine"
    for name in store.CODE_FOLDERS:
        (engine / name).mkdir(parents=True)
        (engine / name / "a.py").write_text("x = 1\n")
    for name in ("rules/a.py", "model/log.py", *store.CODE_FILES):
        (engine / name).parent.mkdir(exist_ok=True)
        (engine / name).write_text("x = 1\n")
    monkeypatch.setattr(store, "ENGINE", engine)
    store.code_digest.cache_clear()
    try:
        before = store.code_digest()
        (engine / "rules" / "a.py").write_text("x = 2\n")  # not what a battlefield is made by
        (engine / "model" / "log.py").write_text("x = 2\n")
        store.code_digest.cache_clear()
        assert store.code_digest() == before
        (engine / "model" / "sheet.py").write_text("x = 2\n")  # a map model: it is
        store.code_digest.cache_clear()
        assert store.code_digest() != before
        (engine / "model" / "sheet.py").write_text("x = 1\n")
        (engine / "battlefield" / "a.py").write_text("x = 2\n")
        store.code_digest.cache_clear()
        changed = store.code_digest()
        assert changed != before
        # an entry written by the older code is not found by the newer
        monkeypatch.setattr(store, "code_digest", lambda: before)
        bf = compile_file(INSERT, stored=True)
        assert store.load_battlefield(bf.digest) is not None
        monkeypatch.setattr(store, "code_digest", lambda: changed)
        assert store.load_battlefield(bf.digest) is None
    finally:
        monkeypatch.undo()
        store.code_digest.cache_clear()


def test_uo_cache_off_writes_and_reads_nothing(own_store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UO_CACHE", "off")
    bf = compile_file(INSERT, stored=True)
    bf.los_table  # noqa: B018
    assert not own_store.exists()
    monkeypatch.setenv("UO_CACHE", "on")
    compiler._CACHE.clear()
    compile_file(INSERT, stored=True).los_table  # noqa: B018
    assert len(list(own_store.iterdir())) == 2


def test_the_folder_stays_under_its_bound_least_recently_used_first(own_store: Path) -> None:
    own_store.mkdir(parents=True)
    for n in range(4):
        assert store.write_entry(own_store / f"{n}.los", bytes(1000))
        os.utime(own_store / f"{n}.los", (1000 + n, 1000 + n))
    store.read_entry(own_store / "0.los")  # used: now the most recent
    (own_store / ".9.los.x.tmp").write_bytes(b"half")
    os.utime(own_store / ".9.los.x.tmp", (1, 1))  # left by a writer that died long ago
    store.prune(own_store, limit=2500)
    assert sorted(p.name for p in own_store.iterdir()) == ["0.los", "3.los"]


def test_uo_cache_info_and_clear(own_store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from engine.cli import main

    compile_file(INSERT, stored=True).los_table  # noqa: B018
    assert main(["cache", "info", "--format", "json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["path"] == str(own_store.parent) and info["enabled"] is True
    assert info["parts"]["battlefields"]["entries"] == 2 and info["parts"]["battlefields"]["bytes"] > 0
    assert main(["cache", "clear"]) == 0
    assert "2 files removed" in capsys.readouterr().out
    assert list(own_store.iterdir()) == []
    assert main(["cache", "info"]) == 0
    assert "battlefields: 0 entries" in capsys.readouterr().out


def test_a_pickled_battlefield_holds_no_pydantic_model() -> None:
    """What lets `uo query` answer without importing pydantic: the stored battlefield's
    classes are plain (its chart is a nested pickle, read back on first use)."""
    bf = compile_file(INSERT)
    modules = set()

    class Spy(pickle.Unpickler):
        def find_class(self, module: str, name: str) -> object:
            modules.add(module)
            return super().find_class(module, name)

    import io

    Spy(io.BytesIO(pickle.dumps(bf))).load()
    assert not [m for m in modules if m.startswith("pydantic") or m in ("engine.model.sheet",)], modules


def test_game_load_reuses_the_stored_battlefield_and_keys_unsaved_edits_by_content(
    sample_scenario_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Game.load (uo play, uo balance and their workers, uo replay, the editor's play mode)
    compiles through the store (the session's store: tests/conftest.py)."""
    from engine.rules.uo.game import Game

    first = Game.load(sample_scenario_path)
    first.battlefield.los_table  # noqa: B018  (built once a test run, or read from the store)
    monkeypatch.setattr(compiler, "_CACHE", type(compiler._CACHE)())  # as a new process
    compiles, tables = _count_builds(monkeypatch)
    again = Game.load(sample_scenario_path)
    assert again.battlefield is not first.battlefield
    assert again.battlefield.los_table.rows == first.battlefield.los_table.rows
    assert compiles == [] and tables == []
    # the editor's unsaved edits (overrides) are content like any other: their own entry
    sheet = (sample_scenario_path.parent / "../maps/A-harbour.yaml").resolve()
    edited = sheet.read_text(encoding="utf-8").replace("'0123': water", "'0123': clear", 1)
    assert edited != sheet.read_text(encoding="utf-8")
    overridden = Game.load(sample_scenario_path, {sheet: edited})
    assert overridden.battlefield.digest != first.battlefield.digest and compiles == ["compile"]
    monkeypatch.setattr(compiler, "_CACHE", type(compiler._CACHE)())
    assert (
        Game.load(sample_scenario_path, {sheet: edited}).battlefield.digest == overridden.battlefield.digest
    )
    assert compiles == ["compile"]


def test_an_owner_keeps_another_index_of_the_battlefield(own_store: Path) -> None:
    """store.kept: what a module derives from a battlefield, worth keeping across processes."""
    bf = compile_file(INSERT, stored=True)
    built: list[int] = []

    def build() -> dict[str, object]:
        built.append(1)
        return {"rows": [loc.id for loc in bf.locations], "map": bf}

    first = store.kept(bf, "test-index", build)
    compiler._CACHE.clear()
    again_bf = compile_file(INSERT, stored=True)
    again = store.kept(again_bf, "test-index", build)
    assert built == [1] and again["rows"] == first["rows"]
    assert again["map"] is again_bf  # a reference to the battlefield, resolved to the live one
    with pytest.raises(ValueError):
        store.kept(bf, "../elsewhere", build)
