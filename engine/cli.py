"""The `uo` command (its contract is in DESIGN.md)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def _project_schemas_dir() -> Path:
    """schemas/ of the project this package was installed from (or the working folder)."""
    here = Path(__file__).resolve().parent.parent / "schemas"
    return here if here.is_dir() else Path.cwd() / "schemas"


def cmd_validate(args: argparse.Namespace) -> int:
    from .lint.runner import validate_paths

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
    from .io.schemas import stale_schemas, write_schemas

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

    return run_editor(args.file, screenshot=args.screenshot)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="uo", description="UO Studio: maps, scenarios and playtests.")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("edit", help="open the editor")
    p.add_argument("file", nargs="?", help="sheet, scenario or card library to open")
    p.add_argument("--screenshot", metavar="OUT.png", help="render the window after loading, save, exit")
    p.set_defaults(func=cmd_edit)

    p = sub.add_parser("validate", help="check files and folders; exit 0 valid, 1 problems, 2 unusable")
    p.add_argument("paths", nargs="+", help="files or folders")
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.set_defaults(func=cmd_validate)

    p = sub.add_parser("schema", help="write the JSON Schemas generated from the models")
    p.add_argument("--check", action="store_true", help="exit 1 if schemas/ is stale")
    p.add_argument("--out", help="folder (default: the project's schemas/)")
    p.set_defaults(func=cmd_schema)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
