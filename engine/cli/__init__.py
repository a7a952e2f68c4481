"""The `uo` command. Its contract (subcommands, arguments, exit codes, output shapes) is
docs/cli.md.

Start-up matters (`uo query` answers within 150 ms of process time), so this package imports
only argparse at first; each command imports what it needs when it runs.
"""

from __future__ import annotations

import sys

from .parser import apply_think, build_parser

__all__ = ["build_parser", "main"]

#: what an unexpected failure tells the user, besides its one-line cause
REPORT_HINT = "please report it, with the command line and the files involved"


def main(argv: list[str] | None = None) -> int:
    """Run one `uo` command; its exit code. No traceback ever reaches the user: a known
    failure prints located messages, anything else one line `uo: internal error: ...` (exit 2)."""
    args = build_parser().parse_args(argv)
    apply_think(args)
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `uo query ... | head`: the reader left, nothing to say
        return 0
    except RecursionError:
        print("uo: input nested too deeply to handle", file=sys.stderr)
        return 2
    except MemoryError:
        print("uo: out of memory (is an input file much larger than a map or scenario?)", file=sys.stderr)
        return 2
    except Exception as exc:  # the guard of last resort: say it in one line, never a traceback
        return _internal_error(exc)


def _internal_error(exc: BaseException) -> int:
    from ..io.problems import LoadError

    if isinstance(exc, LoadError):  # a reader refused a file: its problems are located
        for problem in exc.problems:
            print(problem.format(), file=sys.stderr)
        return 2
    if isinstance(exc, OSError):
        from ..io.reading import os_reason

        where = f"{exc.filename}: " if exc.filename else ""
        print(f"uo: {where}{os_reason(exc)}", file=sys.stderr)
        return 2
    print(internal_error_line(exc), file=sys.stderr)
    return 2


def internal_error_line(exc: BaseException) -> str:
    """One line for a failure nobody foresaw; its traceback goes to a file the line names, for
    the report (the user sees no traceback)."""
    message = " ".join(str(exc).split())[:500]
    details = _write_details(exc)
    where = f"details in {details}; " if details else ""
    return f"uo: internal error: {type(exc).__name__}: {message or 'no message'} ({where}{REPORT_HINT})"


def _write_details(exc: BaseException) -> str | None:
    """The traceback in the user's cache folder (uo-studio/errors/); None if it cannot be written."""
    import os
    import tempfile
    import traceback

    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(base, "uo-studio", "errors")
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        fd, path = tempfile.mkstemp(prefix="error-", suffix=".txt", dir=folder)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(f"uo {' '.join(sys.argv[1:])}\n\n")
            f.write("".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))
    except OSError:
        return None
    return path


if __name__ == "__main__":
    sys.exit(main())
