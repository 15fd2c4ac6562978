"""The layers of hearts_core, read from the imports themselves.

Each subpackage imports only from layers below it (``words`` at the bottom, with
``chunks``, which runs large simulations in chunks and imports no other layer;
then ``engine``, ``search``, ``ai``, ``content``, then ``learner`` and ``lab``,
which do not import each other, then ``records`` (PHN and teachers' studies, which use
both), and ``store`` on top, which keeps a learner's
progress in a database); no module imports streamlit or hearts_ui;
there is no import cycle, and no import hides inside a function.  The modules
directly in ``hearts_core`` are the public entry points and may import from
any layer.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Final

import pytest

CORE: Final = Path(__file__).resolve().parents[1] / "hearts_core"
#: The layers, bottom first; layers of equal rank must not import each other.
RANKS: Final = {
    "words": 0,
    "chunks": 0,
    "engine": 1,
    "search": 2,
    "ai": 3,
    "content": 4,
    "learner": 5,
    "lab": 5,
    "records": 6,
    "store": 7,
}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(CORE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> list[tuple[str, int, bool]]:
    """Every hearts_core/streamlit module ``path`` imports: (module, line, inside a function)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = _module_name(path) if path.name == "__init__.py" else _module_name(path).rsplit(".", 1)[0]
    found: list[tuple[str, int, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            nested = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            if isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")
                    base = base[: len(base) - (child.level - 1)]
                    target = ".".join(base + ([child.module] if child.module else []))
                else:
                    target = child.module or ""
                found.append((target, child.lineno, in_function))
            elif isinstance(child, ast.Import):
                found.extend((alias.name, child.lineno, in_function) for alias in child.names)
            visit(child, nested)

    visit(tree, False)
    return found


MODULES: Final = sorted(CORE.rglob("*.py"))
GRAPH: Final = {_module_name(path): _imports(path) for path in MODULES}


def _layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and parts[1] in RANKS) else None


@pytest.mark.parametrize("module", sorted(GRAPH))
def test_each_layer_imports_only_from_below(module: str) -> None:
    layer = _layer(module)
    for target, line, _ in GRAPH[module]:
        assert not target.startswith(("streamlit", "hearts_ui")), f"{module}:{line} imports {target}"
        if layer is None or not target.startswith("hearts_core"):
            continue
        other = _layer(target)
        assert other is not None, f"{module}:{line} imports the entry point {target}; import the layer's module"
        if other == layer:
            continue
        assert RANKS[other] < RANKS[layer], (
            f"{module}:{line} imports {target}: the {layer} layer may only import layers below it "
            f"({', '.join(name for name, rank in RANKS.items() if rank < RANKS[layer]) or 'none'})"
        )


@pytest.mark.parametrize("module", sorted(GRAPH))
def test_no_import_hides_in_a_function(module: str) -> None:
    hidden = [(target, line) for target, line, inside in GRAPH[module] if inside and target.startswith("hearts_core")]
    assert hidden == [], f"{module}: imports inside functions (an import cycle in hiding?): {hidden}"


def test_there_is_no_import_cycle() -> None:
    edges = {
        module: {target for target, _, _ in imports if target in GRAPH and target != module}
        for module, imports in GRAPH.items()
    }
    # A module importing a name from its own package's __init__ is not a cycle through it.
    state: dict[str, int] = {}
    path: list[str] = []

    def walk(node: str) -> None:
        state[node] = 1
        path.append(node)
        for nxt in edges[node]:
            if state.get(nxt) == 1:
                cycle = path[path.index(nxt) :] + [nxt]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if nxt not in state:
                walk(nxt)
        path.pop()
        state[node] = 2

    for module in sorted(edges):
        if module not in state:
            walk(module)


#: HandState's private slots: other modules read the position through its public API.
_PRIVATE_STATE: Final = (
    "_hands",
    "_taken",
    "_won",
    "_leader",
    "_trick",
    "_points",
    "_broken",
    "_ctx",
    "_phase",
    "_to_play",
    "_tricks",
    "_legal",
)


@pytest.mark.parametrize("path", [path for path in MODULES if path.name != "state.py"], ids=lambda path: path.name)
def test_handstate_is_read_through_its_public_api(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    private = [
        (node.attr, node.lineno)
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and node.attr in _PRIVATE_STATE
        and not (isinstance(node.value, ast.Name) and node.value.id == "self")
    ]
    assert private == [], f"{path.name} reads HandState's private slots {private}: use hand_masks, taken_masks, ..."


def test_the_public_entry_points() -> None:
    import hearts_core
    from hearts_core import lessons, practice, puzzles, solver

    for name in (
        "HandState",
        "Ruleset",
        "Card",
        "CardSet",
        "make_bot",
        "PlayerView",
        "sample_worlds",
        "solve",
        "play_hint",
        "pass_hint",
        "lab",
        "History",
    ):
        assert hasattr(hearts_core, name), name
    assert solver.solve is hearts_core.solve and practice.PracticeSession is not None
    assert callable(lessons.main) and callable(puzzles.main)
