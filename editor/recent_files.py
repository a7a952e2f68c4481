"""The File > Open Recent list, kept in QSettings."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

KEY = "files/recent"
LIMIT = 10


class RecentFiles:
    def __init__(self, settings: QSettings):
        self.settings = settings

    def paths(self) -> list[Path]:
        value = self.settings.value(KEY, [])
        # QSettings returns a bare string for a one-item list in some backends
        items = [value] if isinstance(value, str) else list(value or [])
        return [Path(p) for p in items if p]

    def add(self, path: Path) -> None:
        path = path.resolve()
        items = [path] + [p for p in self.paths() if p != path]
        self._store(items[:LIMIT])

    def remove(self, path: Path) -> None:
        self._store([p for p in self.paths() if p != path.resolve()])

    def clear(self) -> None:
        self._store([])

    def _store(self, items: list[Path]) -> None:
        self.settings.setValue(KEY, [str(p) for p in items])
        self.settings.sync()
