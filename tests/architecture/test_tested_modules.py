"""Every module of ``cuttle`` is imported by at least one test, so each has tests of its own.

Read from the tests with ``ast``: ``import cuttle.a.b``, ``from cuttle.a import b`` (``b`` a module
or a name in ``cuttle.a``) and ``from cuttle.a.b import name`` count for ``cuttle.a.b``, and for
the packages above it (importing a module imports its packages); ``[..., "-m", "cuttle", ...]``
in a test (a subprocess running ``python -m cuttle``) counts for ``cuttle.__main__``.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent / "cuttle"


def cuttle_modules() -> set[str]:
    """Every module of the package, packages by their ``__init__``'s dotted name."""
    out: set[str] = set()
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        out.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return out


def imported_by(tree: ast.AST) -> set[str]:
    """The dotted names one test file imports (and the packages above them)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, (ast.List, ast.Tuple)):
            words = [e.value if isinstance(e, ast.Constant) else None for e in node.elts]
            for flag, target in zip(words, words[1:], strict=False):
                if flag == "-m" and isinstance(target, str):
                    names.add(f"{target}.__main__")
    for name in list(names):
        parts = name.split(".")
        names.update(".".join(parts[:i]) for i in range(1, len(parts)))
    return names


def imported_by_tests() -> set[str]:
    found: set[str] = set()
    for path in TESTS.rglob("*.py"):
        found |= imported_by(ast.parse(path.read_text(encoding="utf-8")))
    return found


def test_every_module_is_imported_by_a_test() -> None:
    untested = sorted(cuttle_modules() - imported_by_tests())
    assert not untested, f"no test imports: {untested} (add tests of their behaviour)"


def test_the_scan_counts_each_form_of_import() -> None:
    """The checker itself: each form counts for its module and its packages, a name alone not."""
    tree = ast.parse(
        "import cuttle.a.b\n"
        "from cuttle.c import d\n"
        "from cuttle.e.f import name\n"
        "run(['python', '-m', 'cuttle'])\n"
        "x = 'cuttle.g'\n"
    )
    found = imported_by(tree)
    for name in ("cuttle.a.b", "cuttle.a", "cuttle", "cuttle.c.d", "cuttle.e.f",
                 "cuttle.__main__"):
        assert name in found
    assert "cuttle.g" not in found
    assert "cuttle.text.safetext" in cuttle_modules() and "cuttle" in cuttle_modules()
