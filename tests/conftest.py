"""Test configuration: ``tests/helpers.py`` importable as ``helpers``, and no test touches the real
home directory: every test gets its own config, data, state and cache directories, so tests can
run in parallel (``pytest -n``) and never see a player's saves, settings or history. Also: the
directories whose tests take longest run first (``LONGEST_FIRST``), and the fixture ``pair``, an AI
level that plays two seats only (every real level plays every table)."""

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

# The suite writes bytecode caches (cuttle's, and pytest's rewritten test modules) even where
# PYTHONDONTWRITEBYTECODE is set, as it is on this project's machines: otherwise every xdist
# worker compiles every module again, and every program a test starts compiles cuttle again
# (collecting took 10.2 s of CPU a worker without the caches, 3.7 s with them). The caches go
# only in the (git-ignored) __pycache__ directories beside the sources.
sys.dont_write_bytecode = False


@pytest.fixture(autouse=True)
def _private_home_dirs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Point the XDG directories (which platformdirs follows) at a fresh directory for each test."""
    home = tmp_path_factory.mktemp("xdg")
    with pytest.MonkeyPatch.context() as mp:
        for name in ("CONFIG", "DATA", "STATE", "CACHE"):
            mp.setenv(f"XDG_{name}_HOME", str(home / name.lower()))
        yield


#: The directories of tests, those whose tests take longest first (the sum of their durations, and
#: their longest single tests): pytest-xdist hands tests out in this order, so a worker's last
#: tests are short ones and the others do not sit idle while one finishes a game of four seats.
LONGEST_FIRST = ("serve", "ui", "ai", "commands", "files", "env", "engine", "play")


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` (README's test line): two workers a core. Most of the suite's time is waiting
    (pty screens settling, served clients answering, programs starting), not computing: on 2
    quiet cores the whole suite took 298 s with 2 workers and 249 s with 4."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return 2 * (cores or 1)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the directories in ``LONGEST_FIRST`` order, then the rest; within a directory, and a
    file, the order stays as collected."""
    here = Path(__file__).parent

    def rank(item: pytest.Item) -> int:
        parts = item.path.relative_to(here).parts if item.path.is_relative_to(here) else ()
        top = parts[0] if len(parts) > 1 else ""
        return LONGEST_FIRST.index(top) if top in LONGEST_FIRST else len(LONGEST_FIRST)

    items.sort(key=rank)


@pytest.fixture
def pair(monkeypatch: pytest.MonkeyPatch) -> str:
    """The level ``pair`` (two seats only) known by name, as a real level is, for one test:
    added to ``LEVELS`` and ``player_class`` in every loaded module of cuttle that reads them."""
    from cuttle.ai import levels
    from cuttle.ai.base import Player
    from cuttle.ai.simple import RandomPlayer

    class TwoSeatsOnly(RandomPlayer):
        """The AI level ``pair``, made for the tests: it sits at two seats only."""

        level = "pair"
        max_players = 2

    real_levels, real_class = levels.LEVELS, levels.player_class

    def player_class(level: str) -> type[Player]:
        return TwoSeatsOnly if level == "pair" else real_class(level)

    for name, module in list(sys.modules.items()):
        if name == "cuttle" or name.startswith("cuttle."):
            if getattr(module, "LEVELS", None) is real_levels:
                monkeypatch.setattr(module, "LEVELS", (*real_levels, "pair"))
            if getattr(module, "player_class", None) is real_class:
                monkeypatch.setattr(module, "player_class", player_class)
    assert levels.levels_for(2)[-1] == "pair" and "pair" not in levels.levels_for(3)
    return "pair"
