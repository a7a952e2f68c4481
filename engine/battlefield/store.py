"""Compiled battlefields on disk, so that no process compiles a map or builds its LOS table
twice: `uo play` and `uo balance` run after run, every worker process, the editor's play mode,
`uo query` and the test suite read them back (DESIGN.md: "cached by content hash, in memory
and on disk").

An entry is keyed by the battlefield's content digest (its sheets, inserts and terrain chart:
compile.content_digest) and by the digest of the code that builds and reads it (the sources of
engine/battlefield/ and engine/geometry/, the map and chart models, and the Python version): a changed
compiler or LOS table keys new entries, and the old ones age out. Entries of a battlefield:

- `<key>.bf`: the compiled battlefield with its cheap derived indexes (wall index, which
  building each wall piece belongs to), without its LOS table;
- `<key>.los`: its LOS table (the expensive part: seconds, and tens of MB on a large map),
  read only by who asks for the table (a game, not a query). The table's references to its
  battlefield are written as a reference, not a copy, and resolved to the live battlefield
  on reading (pickle's persistent ids), so whatever shape los_table.py gives its table, it
  is stored generically;
- `<key>.<name>.kept`: other pure-data indexes their owners keep the same way (`kept`).

Entries live in the user's cache folder (`$UO_CACHE_DIR`, else `$XDG_CACHE_HOME/uo-studio`,
else `~/.cache/uo-studio`), under `battlefields/`. Each is written to a temporary file and
renamed over the entry (two processes writing the same key both succeed, a reader never sees
half an entry), carries a header with the payload's length and SHA-256 (a truncated or
damaged entry is a miss: rebuilt, never a crash), and is only unpickled when it and its folder
belong to this user and nobody else may write them (a pickle runs code). The folder is kept
under MAX_BYTES by removing the least recently used entries (a hit touches its entry).
`UO_CACHE=off` turns the disk cache off (everything is built in memory, as before).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import pickle
import stat
import struct
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

if TYPE_CHECKING:  # store.py itself stays light: `uo query` imports it to read an entry
    from .battlefield import Battlefield, ClearTable

#: bump when what an entry holds, or its header, changes
STORE_VERSION = 1
#: the folder's bound; the least recently used entries go first beyond it
MAX_BYTES = 2 << 30
#: a temporary file older than this was left by a writer that died: removed when pruning
STALE_TMP_SECONDS = 3600.0
MAGIC = b"UO-STORE\x01"
_HEADER = struct.Struct(">Q32s")  # payload length, SHA-256 of the payload
ENGINE = Path(__file__).resolve().parents[1]
#: the code an entry's meaning depends on: a change in any of these keys new entries (the
#: compiler, the LOS table, the geometry, and the models a battlefield holds or is built from;
#: not the rest of model/, which changes with every new rule and holds nothing of it)
CODE_FOLDERS = ("battlefield", "geometry")
CODE_FILES = ("model/kinds.py", "model/common.py", "model/sheet.py", "model/terrain_chart.py")
#: values of UO_CACHE that turn the disk cache off
OFF = frozenset({"off", "0", "no", "false"})
BATTLEFIELD, LOS_TABLE, KEPT = ".bf", ".los", ".kept"
T = TypeVar("T")


def enabled() -> bool:
    return os.environ.get("UO_CACHE", "").strip().lower() not in OFF


def cache_root() -> Path:
    """The user's cache folder of UO Studio (`uo cache info` prints it)."""
    explicit = os.environ.get("UO_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "uo-studio"


def folder() -> Path:
    return cache_root() / "battlefields"


# --- keys -----------------------------------------------------------------------------------


@cache  # one value per process: the sources do not change under a running program
def code_digest() -> str:
    """SHA-256 of the sources an entry's meaning depends on (names and contents) and of the
    interpreter (pickles of another Python may not read back alike)."""
    h = hashlib.sha256(f"{STORE_VERSION}|{sys.implementation.name}|{sys.version}".encode())
    paths = [p for name in CODE_FOLDERS for p in (ENGINE / name).rglob("*") if p.suffix in (".py", ".yaml")]
    for path in sorted(paths + [ENGINE / name for name in CODE_FILES]):
        if path.is_file():
            h.update(str(path.relative_to(ENGINE)).encode() + b"\0")
            h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()


def entry_key(digest: str) -> str:
    return hashlib.sha256(f"{code_digest()}|{digest}".encode()).hexdigest()


# --- the battlefield and its LOS table ------------------------------------------------------


def load_battlefield(digest: str) -> Battlefield | None:
    """The stored battlefield of `digest`, or None (none stored, unreadable, off)."""
    if not enabled():
        return None
    from .battlefield import Battlefield

    bf = read_entry(folder() / (entry_key(digest) + BATTLEFIELD))
    return bf if isinstance(bf, Battlefield) and bf.digest == digest else None


def save_battlefield(bf: Battlefield, replace: bool = True) -> None:
    """Store `bf` (its cheap derived indexes built first, so readers get them too);
    `replace=False`: only if no entry is there."""
    if not enabled():
        return
    path = folder() / (entry_key(bf.digest) + BATTLEFIELD)
    if not replace and path.is_file():
        return
    bf.wall_index, bf.piece_buildings, bf.terrain_obstacles  # noqa: B018  # built, then stored
    _write(path, bf)


def los_table(bf: Battlefield) -> ClearTable:
    """The battlefield's LOS table from disk, else built and stored: what a compiled
    battlefield calls to make its `los_table` (compile.py hands this function in)."""
    from .los_table import LosTable

    if not enabled():
        return LosTable(bf)
    path = folder() / (entry_key(bf.digest) + LOS_TABLE)
    table = read_entry(path, battlefield=bf)
    if isinstance(table, LosTable):
        return table
    table = LosTable(bf)
    _write(path, table, battlefield=bf)
    return table


def kept(bf: Battlefield, name: str, build: Callable[[], T]) -> T:
    """Another pure-data index of `bf` (a bot's EP table filled for every location, say) from
    disk, else built by `build` and stored: for what is worth keeping across processes, as
    `bf.derived` keeps it within one. `name` (letters, digits, '-') names it among the
    battlefield's entries; references to `bf` inside it are stored as references. Call it
    from `bf.derived(key, lambda: store.kept(bf, name, build))` so a process reads it once."""
    path = _kept_path(bf, name)
    if not enabled():
        return build()
    got = read_entry(path, battlefield=bf)
    if got is not None:
        return cast(T, got)
    value = build()
    _write(path, value, battlefield=bf)
    return value


def stored(bf: Battlefield, name: str) -> Any:
    """What `kept` stored under `name` for `bf`, or None (nothing stored, unreadable, off):
    for a reader that would rather go without than build it."""
    if not enabled():
        return None
    return read_entry(_kept_path(bf, name), battlefield=bf)


def _kept_path(bf: Battlefield, name: str) -> Path:
    if not name.replace("-", "").isalnum():
        raise ValueError(f"an entry name is letters, digits and '-', not {name!r}")
    return folder() / f"{entry_key(bf.digest)}.{name}{KEPT}"


# --- entries --------------------------------------------------------------------------------

#: the persistent id standing for the entry's battlefield inside a LOS table entry
_THE_BATTLEFIELD = "battlefield"


class _Pickler(pickle.Pickler):
    def __init__(self, file: io.BytesIO, battlefield: object):
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.battlefield = battlefield

    def persistent_id(self, obj: object) -> str | None:
        return _THE_BATTLEFIELD if obj is self.battlefield and obj is not None else None


class _Unpickler(pickle.Unpickler):
    def __init__(self, file: io.BytesIO, battlefield: object):
        super().__init__(file)
        self.battlefield = battlefield

    def persistent_load(self, pid: object) -> object:
        if pid != _THE_BATTLEFIELD or self.battlefield is None:
            raise pickle.UnpicklingError(f"unknown reference {pid!r}")
        return self.battlefield


def _write(path: Path, value: object, battlefield: object = None) -> None:
    if write_entry(path, value, battlefield):
        prune(path.parent)


def write_entry(path: Path, value: object, battlefield: object = None) -> bool:
    """Write atomically (a temporary file of this process renamed over the entry); whether
    it was written. A cache that cannot be written is no error (the value is in memory
    already). `battlefield`: written as a reference, resolved by `read_entry`'s."""
    tmp = None
    try:
        buffer = io.BytesIO()
        _Pickler(buffer, battlefield).dump(value)
        payload = buffer.getvalue()
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as f:
            f.write(MAGIC + _HEADER.pack(len(payload), hashlib.sha256(payload).digest()))
            f.write(payload)
        os.replace(tmp, path)
        tmp = None
        return True
    except (OSError, pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return False  # (TypeError, AttributeError: something in it cannot be pickled)
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def read_entry(path: Path, battlefield: object = None) -> Any:
    """The entry's value, or None when it is missing, not this user's own, truncated,
    damaged or unreadable by this code: the caller builds it again."""
    try:
        if not trusted(path):
            return None
        with open(path, "rb") as f:
            head = f.read(len(MAGIC) + _HEADER.size)
            if len(head) != len(MAGIC) + _HEADER.size or not head.startswith(MAGIC):
                return None
            length, checksum = _HEADER.unpack(head[len(MAGIC) :])
            payload = f.read(length + 1)
        if len(payload) != length or hashlib.sha256(payload).digest() != checksum:
            return None
        value = _Unpickler(io.BytesIO(payload), battlefield).load()
    except Exception:  # missing, unpicklable by this code (a class gone): a miss
        return None
    with contextlib.suppress(OSError):
        os.utime(path)  # recently used: pruned last
    return value


def trusted(path: Path) -> bool:
    """Whether an entry may be unpickled: it and its folder belong to this user, are no
    symbolic links, and no one else may write them (an entry planted by another user must
    not run code here). Raises OSError when the entry is missing."""
    if not hasattr(os, "getuid"):  # Windows: the user's own profile folder
        return True
    for item in (path.parent, path):
        st = os.stat(item, follow_symlinks=False)
        if st.st_uid != os.getuid() or st.st_mode & 0o022 or stat.S_ISLNK(st.st_mode):
            return False
    return True


# --- bounding, clearing, telling --------------------------------------------------------------


def prune(where: Path | None = None, limit: int | None = None) -> None:
    """Remove the least recently used entries beyond `limit` bytes (MAX_BYTES), and
    temporary files left by writers that died."""
    where = folder() if where is None else where
    limit = MAX_BYTES if limit is None else limit
    entries = []
    now = time.time()
    for path in where.iterdir() if where.is_dir() else ():
        with contextlib.suppress(OSError):
            st = path.stat()
            if path.suffix == ".tmp":
                if now - st.st_mtime > STALE_TMP_SECONDS:
                    path.unlink()
                continue
            if path.suffix in (BATTLEFIELD, LOS_TABLE, KEPT):
                entries.append((st.st_mtime_ns, st.st_size, path))
    total = sum(size for _mtime, size, _path in entries)
    for _mtime, size, path in sorted(entries):
        if total <= limit:
            break
        with contextlib.suppress(OSError):
            path.unlink()
            total -= size


@dataclass(frozen=True)
class Usage:
    """What `uo cache info` prints of one part of the cache."""

    path: Path
    entries: int
    size: int


#: the parts of the cache folder: battlefields here, `uo query`'s validations (engine/cli/cache.py)
PARTS: dict[str, Callable[[], Path]] = {
    "battlefields": folder,
    "query": lambda: cache_root() / "query",
}


def usage() -> dict[str, Usage]:
    out = {}
    for name, where in PARTS.items():
        path = where()
        sizes = []
        for entry in path.iterdir() if path.is_dir() else ():
            with contextlib.suppress(OSError):
                if entry.is_file() and entry.suffix != ".tmp":
                    sizes.append(entry.stat().st_size)
        out[name] = Usage(path, len(sizes), sum(sizes))
    return out


def clear() -> int:
    """Remove every entry (and temporary file) of every part; the number of files removed."""
    removed = 0
    for where in PARTS.values():
        path = where()
        for entry in path.iterdir() if path.is_dir() else ():
            with contextlib.suppress(OSError):
                if entry.is_file() or entry.is_symlink():
                    entry.unlink()
                    removed += 1
    return removed
