"""Validate files and folders: parse, schema-check, then run the semantic checks."""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..io.files import MODEL_SUFFIXES, Loaded, display_path
from ..io.problems import LoadError, Problem, Severity
from ..io.reading import kind_of, os_reason, safe_resolve
from ..model.rule_tables import COMBAT_FORMAT, WEAPONS_EFFECT_FORMAT
from . import checks  # noqa: F401  (registers the checks)
from .context import CardsContext, ScenarioContext, SheetContext, Workspace, build_scenario_context
from .registry import Finding, checks_for
from .ub import UB_FORMATS, ub_problems

#: rule table formats (the terrain chart's checks are its shapes)
RULE_TABLE_FORMATS = (COMBAT_FORMAT, WEAPONS_EFFECT_FORMAT)


@dataclass
class Report:
    problems: list[Problem] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    unusable: bool = False

    @property
    def exit_code(self) -> int:
        if self.unusable:
            return 2
        return 1 if any(p.severity == Severity.error for p in self.problems) else 0


def collect_files(paths: Iterable[Path], ws: Workspace | None = None) -> tuple[list[Path], list[Problem]]:
    """The model files named or found in the folders named, and the problems of the paths
    that cannot be used (missing, unreadable, a device or a FIFO, a symlink loop)."""
    files: list[Path] = []
    bad: list[Problem] = []
    for path in paths:
        if ws is not None and safe_resolve(path) in ws.overrides:  # an editor's unsaved text
            files.append(path)
            continue
        try:
            st = os.stat(path)
        except OSError as exc:
            reason = "no such file or folder" if exc.errno == errno.ENOENT else os_reason(exc)
            bad.append(Problem(str(path), 0, 0, "P000", f"cannot read: {reason}"))
            continue
        except ValueError as exc:  # a NUL byte in the name
            bad.append(Problem(str(path), 0, 0, "P000", f"cannot read: {exc}"))
            continue
        if stat.S_ISDIR(st.st_mode):
            found, unreadable = _walk(path)
            files += found
            bad += unreadable
        elif stat.S_ISREG(st.st_mode):
            files.append(path)
        else:
            bad.append(Problem(str(path), 0, 0, "P000", f"cannot read: it is {kind_of(st.st_mode)}"))
    return files, bad


def _walk(folder: Path) -> tuple[list[Path], list[Problem]]:
    """Model files under `folder` (hidden ones skipped, symlinked folders not followed) and
    a problem for every folder that could not be listed, so none is skipped silently."""
    files: list[Path] = []
    bad: list[Problem] = []

    def refused(exc: OSError) -> None:
        where = exc.filename if exc.filename is not None else folder
        bad.append(Problem(str(where), 0, 0, "P000", f"cannot read folder: {os_reason(exc)}"))

    for top, dirs, names in os.walk(folder, onerror=refused):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(names):
            if name.startswith(".") or not name.lower().endswith(MODEL_SUFFIXES):
                continue
            files.append(Path(top) / name)  # read_regular says what a non-regular one is
    return files, bad


def lint_document(doc: Loaded, ws: Workspace) -> list[Problem]:
    """Semantic problems of one schema-valid document (and of its references)."""
    problems: list[Problem] = []
    ctx: SheetContext | CardsContext | ScenarioContext
    if doc.format == "uo-map/1":
        ctx = SheetContext(doc)
    elif doc.format == "uo-cards/1":
        ctx = CardsContext(doc)
    elif doc.format == "uo-scenario/1":
        ctx, problems = build_scenario_context(doc, ws)
    elif doc.format in UB_FORMATS:  # Urban Battle's board, unit charts and missions
        return ub_problems(doc, ws)
    elif doc.format in RULE_TABLE_FORMATS:  # a rule table is its own context
        for chk in checks_for(doc.format):
            problems += [_to_problem(chk.code, finding, doc) for finding in chk.fn(doc)]
        return problems
    else:  # a game log (uo-log/1): what it means is checked by replaying it (`uo replay`)
        return problems
    for chk in checks_for(doc.format):
        for finding in chk.fn(ctx):
            problems.append(_to_problem(chk.code, finding, doc))
    return problems


def _to_problem(code: str, finding: Finding, doc: Loaded) -> Problem:
    target = finding.doc or doc
    problem = target.problem(finding.pointer, code, finding.message, key=finding.key)
    if finding.severity != problem.severity:
        problem = replace(problem, severity=finding.severity)
    return problem


def validate_paths(paths: Iterable[Path], ws: Workspace | None = None) -> Report:
    ws = ws or Workspace()
    report = Report()
    files, missing = collect_files(paths, ws)
    if missing:
        report.problems.extend(missing)
        report.unusable = True
    seen: set[Problem] = set()
    for path in files:
        report.files.append(display_path(path))
        try:
            doc = ws.load(path)
        except LoadError as exc:
            report.unusable = True
            found = exc.problems
        else:
            found = list(doc.problems)
            if doc.model is not None:
                found += lint_document(doc, ws)
        for p in found:
            if p not in seen:
                seen.add(p)
                report.problems.append(p)
    return report
