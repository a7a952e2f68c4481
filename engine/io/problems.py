"""Problems found in files, located at file:line:col and by JSON pointer."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from enum import StrEnum


class Severity(StrEnum):
    error = "error"
    warning = "warning"


@dataclass(frozen=True, order=True)
class Problem:
    """One problem. `line` and `col` are 1-based; 0 means the whole file."""

    file: str
    line: int
    col: int
    code: str
    message: str
    pointer: str = ""
    severity: Severity = Severity.error

    def format(self) -> str:
        where = f" [{self.pointer}]" if self.pointer else ""
        return f"{self.file}:{self.line}:{self.col}: {self.severity} {self.code}: {self.message}{where}"

    def to_json(self) -> dict[str, object]:
        return asdict(self)


class LoadError(Exception):
    """A file that cannot be used at all (unreadable, not YAML/JSON, hostile, unknown format).

    This is the only exception the loader raises for bad input.
    """

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(p.format() for p in problems))


def pointer_join(pointer: str, key: str | int) -> str:
    """Append one reference token to a JSON pointer (RFC 6901 escaping)."""
    token = str(key).replace("~", "~0").replace("/", "~1")
    return f"{pointer}/{token}"


def pointer_parts(pointer: str) -> list[str]:
    if not pointer:
        return []
    return [t.replace("~1", "/").replace("~0", "~") for t in pointer.split("/")[1:]]


def problems_to_json(problems: list[Problem]) -> str:
    return json.dumps([p.to_json() for p in problems], indent=2)
