"""No module outside ``cuttle/engine/`` over 700 lines, no class over 500 (issue 22); no engine
module over 900 lines (issue 29: the rules split by concern, not one file growing).

Read with ``ast``: a module's lines are its lines in the file; a class's span runs from its first
decorator (or ``class``) to its last line (``end_lineno``), nested classes included. The engine has
its own, larger module limit and no class limit: ``Game`` is one class made of its parts.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "cuttle"
MAX_MODULE_LINES = 700
MAX_CLASS_LINES = 500
EXEMPT = ("engine",)  # packages under cuttle/ the limits do not apply to
MAX_ENGINE_MODULE_LINES = 900

MODULES = sorted(
    p for p in ROOT.rglob("*.py") if p.relative_to(ROOT).parts[0] not in EXEMPT
)
ENGINE_MODULES = sorted((ROOT / "engine").rglob("*.py"))


def module_lines(source: str) -> int:
    """How many lines a module has (as an editor counts them)."""
    return len(source.splitlines())


def class_spans(source: str) -> dict[str, int]:
    """Each class's length in lines, decorators included, by its dotted name in the module."""
    spans: dict[str, int] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                first = min([child.lineno, *(d.lineno for d in child.decorator_list)])
                assert child.end_lineno is not None
                name = prefix + child.name
                spans[name] = child.end_lineno - first + 1
                visit(child, name + ".")
            else:
                visit(child, prefix)

    visit(ast.parse(source), "")
    return spans


def _name(path: Path) -> str:
    return path.relative_to(ROOT.parent).as_posix()


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_no_module_outside_the_engine_is_over_700_lines(path: Path) -> None:
    lines = module_lines(path.read_text(encoding="utf-8"))
    assert lines <= MAX_MODULE_LINES, f"{_name(path)}: {lines} lines (at most {MAX_MODULE_LINES})"


@pytest.mark.parametrize("path", ENGINE_MODULES, ids=_name)
def test_no_engine_module_is_over_900_lines(path: Path) -> None:
    lines = module_lines(path.read_text(encoding="utf-8"))
    assert lines <= MAX_ENGINE_MODULE_LINES, (
        f"{_name(path)}: {lines} lines (at most {MAX_ENGINE_MODULE_LINES}: split it by concern)")


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_no_class_outside_the_engine_is_over_500_lines(path: Path) -> None:
    long = {
        name: n
        for name, n in class_spans(path.read_text(encoding="utf-8")).items()
        if n > MAX_CLASS_LINES
    }
    assert not long, f"{_name(path)}: classes over {MAX_CLASS_LINES} lines: {long}"


def test_the_counter_measures_classes_and_modules_as_written() -> None:
    """The checker itself: decorators count, a nested class is measured too, blank lines count."""
    source = (
        "import dataclasses\n"
        "\n"
        "@dataclasses.dataclass\n"
        "class Outer:\n"
        "    x: int = 0\n"
        "\n"
        "    class Inner:\n"
        "        y = 1\n"
        "\n"
        "        z = 2\n"
        "\n"
        "def f() -> None:\n"
        "    class Local:\n"
        "        pass\n"
    )
    assert module_lines(source) == 14
    assert class_spans(source) == {"Outer": 8, "Outer.Inner": 4, "Local": 2}


def test_the_engine_is_the_only_exemption_and_every_other_package_is_measured() -> None:
    measured = {p.relative_to(ROOT).parts[0] for p in MODULES if len(p.relative_to(ROOT).parts) > 1}
    packages = {p.parent.name for p in ROOT.glob("*/__init__.py")}
    assert packages - measured == set(EXEMPT)
    assert len(ENGINE_MODULES) >= 10 and all(p.parent.name == "engine" for p in ENGINE_MODULES)
