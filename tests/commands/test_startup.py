"""Start-up stays light: ``cuttle --help``, ``--version`` and ``rules`` import no terminal UI.

Each case runs in a fresh interpreter (imports are per process) and lists the heavy modules it
ended up with. The time these take is measured by ``benchmarks/bench_startup.py``, not here.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from cuttle.cli import SUBCOMMANDS

HEAVY = (
    "prompt_toolkit", "rich", "asyncssh", "multiprocessing", "cuttle.play.session",
    "cuttle.ui.terminal", "cuttle.text.render",
)

_PROBE = """
import contextlib, io, json, sys
from cuttle.cli import main
out = io.StringIO()
code = 0
with contextlib.redirect_stdout(out):
    try:
        code = main(sys.argv[1:])
    except SystemExit as exit:
        code = exit.code
heavy = sorted(m for m in sys.modules
               if m.split(".")[0] in ("prompt_toolkit", "rich", "asyncssh", "multiprocessing")
               or m in ("cuttle.play.session", "cuttle.ui.terminal", "cuttle.text.render"))
print(json.dumps({"code": code, "heavy": heavy, "out": len(out.getvalue())}))
"""


def probe(*args: str) -> dict[str, object]:
    result = subprocess.run(
        [sys.executable, "-c", _PROBE, *args],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert result.returncode == 0, result.stderr
    data: dict[str, object] = json.loads(result.stdout.splitlines()[-1])
    return data


@pytest.mark.parametrize(
    "args",
    [["--help"], ["--version"], ["rules"], ["rules", "7"], ["rules", "counters"], ["play", "-h"]],
)
def test_light_commands_import_no_terminal_ui(args: list[str]) -> None:
    data = probe(*args)
    assert data["code"] == 0
    assert data["out"], "the command printed nothing"
    assert data["heavy"] == [], f"cuttle {' '.join(args)} imported {data['heavy']}"


def test_every_subcommand_module_is_light() -> None:
    code = (
        "import importlib, json, sys\n"
        f"for name in {list(SUBCOMMANDS)!r}:\n"
        "    importlib.import_module(name)\n"
        f"print(json.dumps(sorted(m for m in sys.modules if m.startswith({HEAVY!r}))))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == []
