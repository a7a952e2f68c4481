"""The registry of semantic checks: each has a stable code, a name and the format it reads."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ..io.files import Loaded
from ..io.problems import Severity


@dataclass(frozen=True)
class Finding:
    """What a check reports: a JSON pointer in `doc` (default: the file being checked).

    `key` points at the mapping key rather than its value; `severity` warning is for
    things that are legal but probably a mistake (they do not fail validation)."""

    pointer: str
    message: str
    doc: Loaded | None = None
    key: bool = False
    severity: Severity = Severity.error


CheckFn = Callable[[Any], Iterable[Finding]]


@dataclass(frozen=True)
class Check:
    code: str
    name: str
    format: str
    summary: str
    fn: CheckFn


CHECKS: dict[str, Check] = {}


def check(code: str, name: str, fmt: str) -> Callable[[CheckFn], CheckFn]:
    """Register a check. The docstring's first line is its summary (listed in docs)."""

    def register(fn: CheckFn) -> CheckFn:
        if code in CHECKS:
            raise ValueError(f"duplicate check code {code}")
        summary = (fn.__doc__ or name).strip().splitlines()[0]
        CHECKS[code] = Check(code, name, fmt, summary, fn)
        return fn

    return register


def checks_for(fmt: str) -> Iterator[Check]:
    for code in sorted(CHECKS):
        if CHECKS[code].format == fmt:
            yield CHECKS[code]
