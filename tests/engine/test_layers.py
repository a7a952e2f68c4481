"""The import-layer contract of engine/ (issue 10, item 7), checked on the source itself.

Layers, top to bottom; a module may import only from its own package or from layers below:

    cli
    bots
    rules
    lint                      (validation judges with the battlefield's rules and chart)
    battlefield
    io | geometry             (independent of each other)
    model

The editor may import the engine; the engine never imports the editor or Qt
(tests/engine/test_no_qt.py). Every import counts, whether at the top of a module, inside a
function (lazy) or under `if TYPE_CHECKING:`: a wrong-way import is a wrong-way dependency
however it is spelled. The same graph must have no import circle between modules.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine"

#: top-level package of engine/ -> its layer (higher imports lower); same-layer packages are
#: independent of each other
LAYERS: dict[str, int] = {
    "cli": 7,
    "bots": 6,
    "rules": 5,
    "lint": 4,
    "battlefield": 3,
    "io": 2,
    "geometry": 2,
    "model": 1,
}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in ENGINE.rglob("*.py")}


def _imports(name: str, path: Path, known: dict[str, Path]) -> list[tuple[str, int]]:
    """Engine modules `name` imports, with the line: `from . import x` names submodule x
    when there is one, else the package."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: list[tuple[str, int]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(a.name, node.lineno) for a in node.names if a.name.split(".")[0] == "engine"]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            if module.split(".")[0] != "engine":
                continue
            for alias in node.names:
                sub = f"{module}.{alias.name}"
                found.append((sub if sub in known else module, node.lineno))
    return found


def _top(module: str) -> str | None:
    parts = module.split(".")
    if len(parts) < 2:
        return None
    return parts[1] if parts[1] in LAYERS else ("cli" if parts[1] == "cli" else None)


def _graph() -> dict[str, list[tuple[str, int]]]:
    known = _modules()
    return {name: _imports(name, path, known) for name, path in known.items()}


def test_every_engine_package_has_a_layer() -> None:
    packages = {p.name for p in ENGINE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    packages |= {p.stem for p in ENGINE.glob("*.py") if p.stem != "__init__"}
    assert packages <= set(LAYERS), f"give these a layer: {sorted(packages - set(LAYERS))}"


def test_imports_only_go_down_the_layers() -> None:
    wrong = []
    for name, imports in _graph().items():
        src = _top(name)
        if src is None:
            continue
        for target, line in imports:
            dst = _top(target)
            if dst is None or dst == src:
                continue
            if LAYERS[dst] >= LAYERS[src]:
                wrong.append(f"{name}:{line} imports {target} ({src} may not import {dst})")
    assert wrong == [], "\n".join(wrong)


def _circles(graph: dict[str, list[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components: each component of more than one module is an
    import circle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, 0)]  # iterative DFS: (node, position of the next child)
        while work:
            node, i = work.pop()
            if i == 0:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack.add(node)
            children = [c for c in graph.get(node, []) if c in graph]
            if i < len(children):
                work.append((node, i + 1))
                child = children[i]
                if child not in index:
                    work.append((child, 0))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            for child in children:
                if child in on_stack:
                    low[node] = min(low[node], low[child])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    circles.append(sorted(component))
    return circles


def test_no_import_circle_in_engine() -> None:
    graph = {name: sorted({t for t, _ in imports if t != name}) for name, imports in _graph().items()}
    circles = _circles(graph)
    assert circles == [], "import circles:\n" + "\n".join(" <-> ".join(c) for c in circles)


def test_the_contract_catches_a_wrong_way_import(tmp_path: Path) -> None:
    """The checker itself: a model module importing the rules is reported."""
    fake = tmp_path / "engine" / "model"
    fake.mkdir(parents=True)
    (fake / "bad.py").write_text("from ..rules.uo import play\n", encoding="utf-8")
    known = {"engine.model.bad": fake / "bad.py", "engine.rules.uo.play": Path("play.py")}
    imports = _imports("engine.model.bad", fake / "bad.py", known)
    assert imports == [("engine.rules.uo.play", 1)]
    assert LAYERS[_top(imports[0][0]) or ""] > LAYERS["model"]


def test_the_circle_finder_finds_circles_and_only_circles() -> None:
    graph = {"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a", "e"], "e": ["f"], "f": ["e"], "g": ["d"]}
    assert sorted(_circles(graph)) == [["a", "b", "c"], ["e", "f"]]
    assert _circles({"a": ["b"], "b": [], "c": ["a", "b"]}) == []
