"""The packages form layers: every import points down, and no module imports itself back.

Read from the source with ``ast`` (imports inside functions count, ``if TYPE_CHECKING:`` blocks do
not), so a lazy import cannot hide a circle. The layers, top to bottom, are ``LAYERS``; packages on
one line are siblings and may not import each other.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "cuttle"

# Top to bottom; a module may import its own package and any package on a lower line.
LAYERS: list[tuple[str, ...]] = [
    ("cuttle.__main__",),
    ("cuttle.cli",),
    ("cuttle.commands",),
    ("cuttle.serve",),
    ("cuttle.ui",),
    ("cuttle.play", "cuttle.learn", "cuttle.env"),
    ("cuttle.files",),
    ("cuttle.text",),
    ("cuttle.ai",),
    ("cuttle", "cuttle.notation"),  # the public surface: Game, Move, Rules, IllegalMoveError
    ("cuttle.engine", "cuttle.rulesdoc"),
    ("cuttle.cards", "cuttle.rules", "cuttle.safejson", "cuttle.words"),
]
MAX_MODULES_PER_PACKAGE = 20


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def unit(module: str) -> str:
    """The layer entry a module belongs to: its package, or itself for a top-level module."""
    entries = [e for layer in LAYERS for e in layer]
    best = max((e for e in entries if module == e or module.startswith(e + ".")), key=len)
    return best


def rank(module: str) -> int:
    entry = unit(module)
    return next(i for i, layer in enumerate(LAYERS) if entry in layer)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def runtime_imports(path: Path) -> set[str]:
    """The cuttle modules ``path`` imports when it runs (at import time or in a function)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "cuttle")
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1]
                                + ([base] if base else []))
            if base.split(".")[0] == "cuttle":
                for a in node.names:
                    candidate = f"{base}.{a.name}"
                    found.add(candidate if _exists(candidate) else base)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def _exists(module: str) -> bool:
    rel = Path(*module.split(".")[1:])
    return (ROOT / rel).with_suffix(".py").exists() or (ROOT / rel / "__init__.py").exists()


MODULES = {module_name(p): p for p in sorted(ROOT.rglob("*.py"))}
GRAPH = {m: {i for i in runtime_imports(p) if i in MODULES and i != m} for m, p in MODULES.items()}


@pytest.mark.parametrize("module", sorted(MODULES))
def test_every_import_points_down(module: str) -> None:
    here = rank(module)
    wrong = sorted(i for i in GRAPH[module] if unit(i) != unit(module) and rank(i) <= here)
    assert not wrong, f"{module} (layer {unit(module)}) imports upward or sideways: {wrong}"


def test_no_module_imports_itself_back() -> None:
    seen: dict[str, int] = {}  # 1: on the path, 2: done
    cycles: list[list[str]] = []

    def walk(m: str, path: list[str]) -> None:
        seen[m] = 1
        for n in sorted(GRAPH[m]):
            if seen.get(n) == 1:
                cycles.append(path[path.index(n):] + [n])
            elif n not in seen:
                walk(n, path + [n])
        seen[m] = 2

    for m in sorted(GRAPH):
        if m not in seen:
            walk(m, [m])
    assert not cycles, "import circles: " + "; ".join(" -> ".join(c) for c in cycles)


def test_packages_stay_small() -> None:
    for init in ROOT.glob("*/__init__.py"):
        members = [p for p in init.parent.glob("*.py") if p.name != "__init__.py"]
        assert len(members) <= MAX_MODULES_PER_PACKAGE, f"{init.parent.name}: {len(members)}"


def test_every_package_and_top_module_has_a_layer() -> None:
    """A new package or top-level module must be placed in ``LAYERS``, not fall into another."""
    entries = {e for layer in LAYERS for e in layer}
    packages = {module_name(p) for p in ROOT.glob("*/__init__.py")}
    top = {module_name(p) for p in ROOT.glob("*.py")}
    assert sorted((packages | top) - entries) == []


def test_the_reader_sees_lazy_imports_and_skips_type_checking() -> None:
    """The checker itself: an import inside a function counts, one under TYPE_CHECKING does not."""
    found = runtime_imports(ROOT / "commands" / "learn.py")
    assert "cuttle.ui.learn_app" in found  # imported inside learn_command
    assert "cuttle.learn.lessons" in found
    assert runtime_imports(ROOT / "ui" / "appkeys.py").isdisjoint({"cuttle.ui.app"})
