"""What `uo query` knows of a file before it answers: its validation result, cached on disk
by the content digest of every file involved, and its compiled battlefield, from the
battlefield store (engine/battlefield/store.py) by its content digest.

The key is the digest of the queried file, of every file it references (a scenario's
sheets, inserts, card libraries, house-rule tables), and of the engine's own source (a newer
validator or compiler must not answer from an older run's result). Entries live in the user's
cache folder (store.cache_root(): `$UO_CACHE_DIR`, else `$XDG_CACHE_HOME/uo-studio`, else
`~/.cache/uo-studio`) under `query/`, are written atomically in the store's checksummed format
and are ignored when they cannot be read back (truncated, corrupt, another Python): the cache
is an optimisation, never a source of truth, so any doubt means validating again.
`UO_CACHE=off` turns it off.

On a hit, nothing of the loader (pydantic, jsonschema) is needed to answer: that is most of
`uo query`'s start-up.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..battlefield import store

#: bump when what an entry holds changes
CACHE_VERSION = 4
#: entries kept (each a validation result and a battlefield's digest: a few hundred bytes)
MAX_ENTRIES = 256
ENGINE = Path(__file__).resolve().parents[1]


@dataclass
class Prepared:
    """A file ready for queries: its battlefield (None when refused), the problems to print,
    and the exit code of a refusal (1 problems found, 2 unusable)."""

    battlefield: Any
    problems: list[str] = field(default_factory=list)
    exit_code: int = 0
    #: files validation read that the key does not hash (scans), with their signatures
    watch: dict[str, tuple[int, int, int] | None] = field(default_factory=dict)
    #: the battlefield's content digest: an entry holds this, the store the battlefield
    digest: str | None = None
    #: a scenario's set-up as situation options (counters.query_situation), None for a sheet
    setup: dict[str, tuple[str, ...]] | None = None

    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "battlefield": None}


def cache_folder() -> Path:
    return store.cache_root() / "query"


def prepare(path: Path) -> Prepared:
    """The file's validation and battlefield, from the cache when its inputs are unchanged."""
    if not store.enabled():
        return _build(path)
    key = _key(path)
    entry = _read(key) if key is not None else None
    if entry is not None and any(_signature(p) != sig for p, sig in entry.watch.items()):
        entry = None  # a scan changed, appeared or went: its checks must run again
    if entry is not None and entry.digest is not None:
        entry.battlefield = store.load_battlefield(entry.digest)
        if entry.battlefield is None:  # the store dropped it (or it was damaged): compile again
            entry = None
    if entry is None:
        entry = _build(path)
        if key is not None:
            _write(key, entry)
    return entry


# --- the key ----------------------------------------------------------------------------------


def _key(path: Path) -> str | None:
    """Digest of every input's content and of the engine's code; None when an input cannot
    be read (the slow path then says why, located)."""
    from ..io.reading import ReadRefused, read_regular
    from ..io.references import referenced_files

    # problems name files as given and relative to the working folder: both are in the key
    h = hashlib.sha256(json.dumps([CACHE_VERSION, sys.version, os.getcwd(), str(path)]).encode())
    h.update(_engine_signature())
    try:
        raw = read_regular(path)
    except ReadRefused:
        return None
    h.update(_named_digest(path.name, raw))
    # only a scenario names other files: a sheet is hashed, never parsed, on this path
    for name in referenced_files(_plain_data(path, raw)) if _may_be_scenario(raw) else []:
        try:
            h.update(_named_digest(name, read_regular(path.parent / name)))
        except ReadRefused:
            return None  # a missing sheet: validation names the scenario's line
    return h.hexdigest()


def _may_be_scenario(raw: bytes) -> bool:
    """Whether the file may be a scenario (its format tag is the first key, so it shows in
    the first lines; a file that hides it further down is refused by validation anyway)."""
    return b"uo-scenario/" in raw[:4096]


def _named_digest(name: str, raw: bytes) -> bytes:
    return json.dumps([name, hashlib.sha256(raw).hexdigest()]).encode() + b"\n"


def _plain_data(path: Path, raw: bytes) -> Any:
    """The file's data, only to find the files it names; None if it cannot be parsed (it
    then references nothing, and the slow path reports it)."""
    from ..io.json_reader import read_json
    from ..io.problems import LoadError
    from ..io.yaml_reader import read_yaml

    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        text = raw.decode("utf-8")
        reader = read_json if path.suffix.lower() == ".json" else read_yaml
        return reader(text, path.name)[0]
    except (UnicodeDecodeError, LoadError):
        return None


def _engine_signature() -> bytes:
    """Name, size and modification time of every engine source file: a changed validator or
    compiler keys new entries."""
    parts = []
    skip = len(str(ENGINE)) + 1  # the path below the engine (no relpath: this runs on every query)
    for folder, _dirs, names in os.walk(ENGINE):
        for name in names:
            if name.endswith(".py") or name.endswith(".yaml"):
                path = os.path.join(folder, name)
                st = os.stat(path)
                parts.append(f"{path[skip:]}:{st.st_size}:{st.st_mtime_ns}")
    return "\n".join(sorted(parts)).encode()


def _bytes_or_empty(path: Path) -> bytes:
    from ..io.reading import ReadRefused, read_regular

    try:
        return read_regular(path)
    except ReadRefused:
        return b""


# --- reading and writing entries ---------------------------------------------------------------


def _read(key: str) -> Prepared | None:
    entry = store.read_entry(cache_folder() / f"{key}.pickle")
    return entry if isinstance(entry, Prepared) else None


def _write(key: str, entry: Prepared) -> None:
    """Write the entry (atomically, store.write_entry), then keep the folder to the newest
    MAX_ENTRIES."""
    folder = cache_folder()
    if store.write_entry(folder / f"{key}.pickle", entry):
        _prune(folder)


def _prune(folder: Path) -> None:
    """Drop the oldest entries beyond MAX_ENTRIES: every edit of a file makes a new key."""
    entries = []
    for entry in folder.glob("*.pickle"):
        with contextlib.suppress(OSError):
            entries.append((entry.stat().st_mtime_ns, entry))
    for _mtime, entry in sorted(entries, reverse=True)[MAX_ENTRIES:]:
        with contextlib.suppress(OSError):
            entry.unlink()


# --- the slow path: validate, then compile ------------------------------------------------------


def _build(path: Path) -> Prepared:
    from ..battlefield import CompileError, compile_file
    from ..io.problems import LoadError, Severity
    from ..io.references import referenced_files
    from ..lint.context import Workspace
    from ..lint.runner import validate_paths

    # the scenario's checks cover its references, not each sheet's own problems: check those too
    named = [path.parent / name for name in referenced_files(_plain_data(path, _bytes_or_empty(path)))]
    # (a missing or unreadable one is the scenario's problem, located at the line naming it)
    checked = [path] + [p for p in named if os.path.isfile(p)]
    workspace = Workspace()
    report = validate_paths(checked, workspace)
    watch = {str(scan): _signature(scan) for scan in _scans(checked, workspace)}
    errors = [p for p in report.problems if p.severity == Severity.error]
    if report.unusable or errors:
        shown = errors or report.problems
        return Prepared(None, [p.format() for p in shown], 2 if report.unusable else 1, watch)
    try:
        battlefield = compile_file(path, stored=True)
    except (CompileError, LoadError) as exc:
        return Prepared(None, [p.format() for p in exc.problems], 2, watch)
    return Prepared(battlefield, watch=watch, digest=battlefield.digest, setup=_setup(path, workspace))


def _setup(path: Path, workspace: Any) -> dict[str, tuple[str, ...]] | None:
    """A scenario's No Man's Land set-up, which its queries take by default (issue 16)."""
    from ..model.scenario import Scenario
    from ..rules.uo.counters import query_situation

    model = workspace.load(path).model
    return query_situation(model) if isinstance(model, Scenario) else None


def _scans(paths: list[Path], workspace: Any) -> list[Path]:
    """The scan images the sheets among `paths` name: validation reads them (exists, an image,
    not too large) but a query does not, so an entry watches them instead of hashing them."""
    from ..io.problems import LoadError

    scans = []
    for path in paths:
        try:
            data = workspace.load(path).data
        except LoadError:
            continue
        background = data.get("background") if isinstance(data, dict) else None
        image = background.get("image") if isinstance(background, dict) else None
        if isinstance(image, str) and image:
            scans.append(Path(image) if Path(image).is_absolute() else path.parent / image)
    return scans


def _signature(path: Path | str) -> tuple[int, int, int] | None:
    """What tells a changed file without reading it: size, modification time, inode."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return (st.st_size, st.st_mtime_ns, st.st_ino)
