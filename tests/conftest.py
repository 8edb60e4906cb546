"""Test configuration: ``tests/helpers.py`` importable as ``helpers``, and no test touches the real
home directory: every test gets its own config, data, state and cache directories, so tests can
run in parallel (``pytest -n``) and never see a player's saves, settings or history."""

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(autouse=True)
def _private_home_dirs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Point the XDG directories (which platformdirs follows) at a fresh directory for each test."""
    home = tmp_path_factory.mktemp("xdg")
    with pytest.MonkeyPatch.context() as mp:
        for name in ("CONFIG", "DATA", "STATE", "CACHE"):
            mp.setenv(f"XDG_{name}_HOME", str(home / name.lower()))
        yield
