"""`uo validate`, `uo schema` and `uo edit` (docs/cli.md)."""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from types import TracebackType


def _project_schemas_dir() -> Path:
    """schemas/ of the project this package was installed from (or the working folder)."""
    here = Path(__file__).resolve().parents[2] / "schemas"
    return here if here.is_dir() else Path.cwd() / "schemas"


def cmd_validate(args: argparse.Namespace) -> int:
    from ..lint.runner import validate_paths

    report = validate_paths([Path(p) for p in args.paths])
    if args.format == "json":
        print(
            json.dumps(
                {
                    "files": report.files,
                    "problems": [p.to_json() for p in report.problems],
                    "exit_code": report.exit_code,
                },
                indent=2,
            )
        )
    else:
        for p in report.problems:
            print(p.format())
        n = len(report.problems)
        status = "ok" if n == 0 else f"{n} problem{'s' if n != 1 else ''}"
        print(
            f"{len(report.files)} file{'s' if len(report.files) != 1 else ''} checked: {status}",
            file=sys.stderr,
        )
    return report.exit_code


def cmd_schema(args: argparse.Namespace) -> int:
    from ..io.schemas import stale_schemas, write_schemas

    folder = Path(args.out) if args.out else _project_schemas_dir()
    if args.check:
        stale = stale_schemas(folder)
        for path in stale:
            print(f"{path}: stale or missing; run `uo schema` (or `make schemas`)", file=sys.stderr)
        return 1 if stale else 0
    for path in write_schemas(folder):
        print(path)
    return 0


def cmd_edit(args: argparse.Namespace) -> int:
    # The editor is the only part that needs Qt; import it only for this command.
    from editor.app import run_editor

    refused = _not_editable(args.file)
    if refused:
        print(f"uo edit: {refused}", file=sys.stderr)
        return 2
    # an exception in a Qt slot goes to sys.excepthook, which would print a traceback and let
    # the editor go on: say it in one line instead (its traceback in a file, for the report)
    sys.excepthook = editor_excepthook
    return run_editor(args.file, screenshot=args.screenshot, zoom=args.zoom, center=args.center)


def cmd_render(args: argparse.Namespace) -> int:
    # rendering draws with Qt (the canvas' own painting): imported only for this command
    from editor.export.cli import run_render

    return run_render(args.file, pdf=args.pdf, png=args.png, svg=args.svg, dpi=args.dpi)


def cmd_cache(args: argparse.Namespace) -> int:
    from ..battlefield import store

    if args.action == "clear":
        removed = store.clear()
        print(f"{store.cache_root()}: {removed} file{'s' if removed != 1 else ''} removed")
        return 0
    parts = store.usage()
    if args.format == "json":
        print(
            json.dumps(
                {
                    "path": str(store.cache_root()),
                    "enabled": store.enabled(),
                    "parts": {
                        name: {"path": str(u.path), "entries": u.entries, "bytes": u.size}
                        for name, u in parts.items()
                    },
                },
                indent=2,
            )
        )
        return 0
    print(f"cache folder: {store.cache_root()}" + ("" if store.enabled() else " (off: UO_CACHE=off)"))
    for name, u in parts.items():
        entries = f"{u.entries} entr{'y' if u.entries == 1 else 'ies'}"
        print(f"  {name}: {entries}, {u.size / 1e6:.1f} MB ({u.path})")
    return 0


#: the formats the editor opens; the others (game logs, rule tables) have their own commands
EDITABLE = ("uo-map/1", "uo-scenario/1", "uo-cards/1")


#: The first key of a file names its format: it is looked for in the file's first bytes
FORMAT_HEAD_BYTES = 8192
_FORMAT_KEY = re.compile(r"""^\s*\{?\s*["']?schema["']?\s*:\s*["']?(uo-[A-Za-z-]+/[0-9]+)""", re.MULTILINE)


def _not_editable(file: str | None) -> str | None:
    """Why the editor will not open `file` (a format it does not edit), or None; a file that
    cannot be read is left to the editor, which says why in its window. Only the file's
    head is read: the editor parses the file itself, once."""
    if file is None:
        return None
    try:
        with Path(file).open("rb") as stream:
            head = stream.read(FORMAT_HEAD_BYTES).decode("utf-8", "replace")
    except OSError:
        return None
    found = _FORMAT_KEY.search(head)
    fmt = found.group(1) if found else None
    if fmt is None or fmt in EDITABLE:
        return None
    hint = " (replay it with `uo replay`)" if fmt.startswith("uo-log/") else ""
    return f"{file} is a {fmt} file{hint}; the editor opens sheets, scenarios and card libraries"


def editor_excepthook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
    from . import internal_error_line

    if issubclass(kind, KeyboardInterrupt):
        sys.__excepthook__(kind, exc, tb)
        return
    print(internal_error_line(exc.with_traceback(tb)), file=sys.stderr)
