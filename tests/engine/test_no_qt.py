"""engine/ never imports Qt: it must run headless, in the CLI, in bots and in CI."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
# The `uo edit` command is the one place that starts the editor, lazily, on demand.
LAUNCHER = ENGINE / "cli" / "commands.py"


def test_no_module_of_engine_imports_qt_or_the_editor() -> None:
    offenders = []
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                if top in ("PySide6", "PyQt5", "PyQt6", "shiboken6") or (
                    top == "editor" and path != LAUNCHER
                ):
                    offenders.append(f"{path.relative_to(ENGINE.parent)}:{node.lineno} imports {name}")
    assert offenders == []


def test_importing_every_engine_module_loads_no_qt() -> None:
    code = (
        "import pkgutil, sys, importlib, engine\n"
        "for m in pkgutil.walk_packages(engine.__path__, 'engine.'):\n"
        "    importlib.import_module(m.name)\n"
        "bad = [m for m in sys.modules if m.startswith(('PySide6', 'shiboken6', 'editor'))]\n"
        "print(bad); sys.exit(1 if bad else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
