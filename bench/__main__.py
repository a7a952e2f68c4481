"""Run every benchmark module: `python -m bench [name...]`."""

from __future__ import annotations

import importlib
import sys

MODULES = [
    "bench_loading",
    "bench_outline",
    "bench_battlefield",
    "bench_scaling",
    "bench_editor",
    "bench_scenario",
    "bench_games",
    "bench_balance",
    "bench_bots",
    "bench_cli",
]


def main(argv: list[str]) -> int:
    names = argv or MODULES
    for name in names:
        module = importlib.import_module(f"bench.{name}")
        print(f"== {name}: {module.__doc__.strip().splitlines()[0] if module.__doc__ else ''}")
        module.run()
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
