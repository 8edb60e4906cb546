"""A piped game stays out of the history, the statistics and the rating unless ``--history``
asks for it, and a player may delete a game from the history (issue 24: three draw-only script
runs cost a player 105 rating points)."""

from __future__ import annotations

import json
from pathlib import Path

from helpers import run_cuttle

CONCEDE = ["play", "--seed", "9", "--ai", "random"]


def _history(home: Path) -> list[dict[str, object]]:
    listed = run_cuttle(["history", "--json"], home)
    assert listed.returncode == 0, listed.stderr
    return list(json.loads(listed.stdout))


def test_a_piped_game_stays_out_of_the_history_unless_asked(tmp_path: Path) -> None:
    assert run_cuttle(CONCEDE, tmp_path, "concede\ny\nn\n").returncode == 0
    kept = list((tmp_path / "data" / "cuttle" / "games").glob("*.json"))
    assert len(kept) == 1  # the record is kept all the same
    assert _history(tmp_path) == []  # and opening the history later does not import it
    assert "No finished games" in run_cuttle(["stats"], tmp_path).stdout
    assert run_cuttle([*CONCEDE, "--history"], tmp_path, "concede\ny\nn\n").returncode == 0
    assert [g["seed"] for g in _history(tmp_path)] == [9]


def test_history_delete_removes_one_game_for_good(tmp_path: Path) -> None:
    for seed in ("9", "10"):  # two games (one game twice is one game in the history)
        args = ["play", "--seed", seed, "--ai", "random", "--history"]
        assert run_cuttle(args, tmp_path, "concede\ny\nn\n").returncode == 0
    first, second = sorted(int(str(g["id"])) for g in _history(tmp_path))
    deleted = run_cuttle(["history", "--delete", str(first)], tmp_path)
    assert deleted.returncode == 0 and f"Deleted game {first} (" in deleted.stdout
    assert [g["id"] for g in _history(tmp_path)] == [second]  # not imported back from its file
    again = run_cuttle(["history", "--delete", str(first)], tmp_path)
    assert again.returncode == 2 and f"no game {first} in the history" in again.stderr
    bad = run_cuttle(["history", "--delete", "x1"], tmp_path)
    assert bad.returncode == 2 and "needs a game number" in bad.stderr
    assert [g["id"] for g in _history(tmp_path)] == [second]


def test_history_delete_names_a_bad_id_escaped_once(tmp_path: Path) -> None:
    bad = run_cuttle(["history", "--delete", "\x1b[2J"], tmp_path)
    assert bad.returncode == 2
    assert bad.stderr.strip().endswith("not '\\x1b[2J'"), bad.stderr  # not '\\\\x1b[2J'
    assert "\x1b" not in bad.stderr
