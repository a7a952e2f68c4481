"""Validate files and folders: parse, schema-check, then run the semantic checks."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..io.files import MODEL_SUFFIXES, Loaded, display_path
from ..io.problems import LoadError, Problem, Severity
from . import checks  # noqa: F401  (registers the checks)
from .context import CardsContext, ScenarioContext, SheetContext, Workspace, build_scenario_context
from .registry import Finding, checks_for


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
    files: list[Path] = []
    missing: list[Problem] = []
    for path in paths:
        if path.is_dir():
            for f in sorted(path.rglob("*")):
                hidden = any(p.startswith(".") for p in f.relative_to(path).parts)
                if f.is_file() and f.suffix.lower() in MODEL_SUFFIXES and not hidden:
                    files.append(f)
        elif path.is_file() or (ws is not None and ws.exists(path)):
            files.append(path)
        else:
            missing.append(Problem(str(path), 0, 0, "P000", "no such file or folder"))
    return files, missing


def lint_document(doc: Loaded, ws: Workspace) -> list[Problem]:
    """Semantic problems of one schema-valid document (and of its references)."""
    problems: list[Problem] = []
    ctx: SheetContext | CardsContext | ScenarioContext
    if doc.format == "uo-map/1":
        ctx = SheetContext(doc)
    elif doc.format == "uo-cards/1":
        ctx = CardsContext(doc)
    else:
        ctx, problems = build_scenario_context(doc, ws)
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
