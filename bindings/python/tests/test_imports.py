"""The package's modules depend one way: plain values, then the C binding, then the objects.

Every module's imports are read with ``ast`` (at module level, in functions, under
``TYPE_CHECKING``: all of them). The graph of the package's own modules must have no cycle, no
module may import a sibling inside a function (the usual way to hide a cycle), and no module may
import one of a higher layer than its own.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Dict, List, Set, Tuple

import snaplayout

PACKAGE = Path(snaplayout.__file__).resolve().parent

#: Each module's layer; a module imports only modules of its own layer or lower ones.
LAYERS: Dict[str, int] = {
    # 0. plain values: the header's constants and struct layouts, value types, exceptions
    "_header": 0,
    "_elf": 0,
    "_gate": 0,
    "errors": 0,
    "values": 0,
    "schema": 0,
    # 1. the C binding: finding and loading the library, statuses, argument conversion
    "_loader": 1,
    "lowlevel": 1,
    "_status": 1,
    "_convert": 1,
    # 2. the objects
    "motion": 2,
    "_scrolling": 2,
    "layout": 2,
    # 3. the package's face
    "__init__": 3,
}

Edge = Tuple[str, str, int, bool]  # importer, imported, line, inside a function


def modules() -> List[str]:
    return sorted(path.stem for path in PACKAGE.glob("*.py"))


def sibling(name: str) -> bool:
    return (PACKAGE / f"{name}.py").exists()


def imported_siblings(node: ast.AST) -> List[str]:
    """The package's modules an import statement names (``from . import a``, ``from .a import
    b``, ``import snaplayout.a``, ``from snaplayout import a``)."""
    names: List[str] = []
    if isinstance(node, ast.Import):
        for alias in node.names:
            parts = alias.name.split(".")
            if parts[0] == "snaplayout":
                names.append(parts[1] if len(parts) > 1 else "__init__")
    elif isinstance(node, ast.ImportFrom):
        module = node.module or ""
        if node.level == 0 and not (module == "snaplayout" or module.startswith("snaplayout.")):
            return names
        if node.level > 1:
            raise AssertionError(f"line {node.lineno}: import from above the package")
        parts = module.split(".")[1:] if node.level == 0 else module.split(".") if module else []
        if parts:
            names.append(parts[0])
        else:  # from . import a, b: modules, or names of the package's __init__
            for alias in node.names:
                names.append(alias.name if sibling(alias.name) else "__init__")
    return names


def edges(module: str) -> List[Edge]:
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(), f"{module}.py")
    found: List[Edge] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for name in imported_siblings(node):
            found.append((module, name, getattr(node, "lineno", 0), in_function))
        inner = in_function or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        for child in ast.iter_child_nodes(node):
            visit(child, inner)

    visit(tree, False)
    return found


def graph() -> Dict[str, Set[str]]:
    return {module: {edge[1] for edge in edges(module)} for module in modules()}


def find_cycle(graph: Dict[str, Set[str]]) -> List[str]:
    """One cycle as a path (first module repeated at the end), or [] if there is none."""
    state: Dict[str, int] = {}  # 1 on the stack, 2 done
    stack: List[str] = []

    def visit(node: str) -> List[str]:
        state[node] = 1
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == 1:
                return stack[stack.index(target) :] + [target]
            if target not in state:
                cycle = visit(target)
                if cycle:
                    return cycle
        stack.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state:
            cycle = visit(node)
            if cycle:
                return cycle
    return []


def test_every_module_has_a_layer() -> None:
    assert sorted(LAYERS) == modules(), "give every module of the package a layer in LAYERS"


def test_the_imports_have_no_cycle() -> None:
    cycle = find_cycle(graph())
    assert not cycle, "import cycle: " + " -> ".join(cycle)


def test_no_sibling_is_imported_inside_a_function() -> None:
    local = [
        f"{module}.py:{line} imports {name} inside a function"
        for module in modules()
        for (_, name, line, in_function) in edges(module)
        if in_function
    ]
    assert not local, "\n".join(local)


def test_imports_go_down_the_layers() -> None:
    upward = [
        f"{module}.py:{line} (layer {LAYERS[module]}) imports {name} (layer {LAYERS[name]})"
        for module in modules()
        for (_, name, line, _inside) in edges(module)
        if name in LAYERS and module in LAYERS and LAYERS[name] > LAYERS[module]
    ]
    assert not upward, "\n".join(upward)


def test_the_checks_see_cycles_and_local_imports() -> None:
    """The checker itself: a cycle and a function-local import are found."""
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) == []
    tree = ast.parse("def f():\n    from . import lowlevel\n")
    function = tree.body[0]
    assert isinstance(function, ast.FunctionDef)
    assert imported_siblings(function.body[0]) == ["lowlevel"]
