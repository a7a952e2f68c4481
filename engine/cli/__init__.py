"""The `uo` command. Its contract (subcommands, arguments, exit codes, output shapes) is
docs/cli.md.

Start-up matters (`uo query` answers within 150 ms of process time), so this package imports
only argparse at first; each command imports what it needs when it runs.
"""

from __future__ import annotations

import sys

from .parser import build_parser

__all__ = ["build_parser", "main"]

#: what an unexpected failure tells the user, besides its one-line cause
REPORT_HINT = "please report it, with the command line and the files involved"


def main(argv: list[str] | None = None) -> int:
    """Run one `uo` command; its exit code. No traceback ever reaches the user: a known
    failure prints located messages, anything else one line `uo: internal error: ...` (exit 2)."""
    args = build_parser().parse_args(argv)
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


def _internal_error(exc: Exception) -> int:
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
    message = " ".join(str(exc).split())[:500]
    print(
        f"uo: internal error: {type(exc).__name__}: {message or 'no message'} ({REPORT_HINT})",
        file=sys.stderr,
    )
    return 2


if __name__ == "__main__":
    sys.exit(main())
