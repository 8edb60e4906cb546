"""One game, one count: the game-over box, ``cuttle history``, ``cuttle review`` and the saves
count the same thing, the moves (each a line of the log, both players'; issue 24 item 7)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from helpers import run_cuttle

FIRSTS = "moves\n1\n" * 80 + "n\n"


def test_game_over_history_and_review_count_the_same_moves(tmp_path: Path) -> None:
    # seed 3, cuttlecards, hot-seat: counters and resolves make moves outnumber main-phase turns
    played = run_cuttle(
        ["play", "--hotseat", "--seed", "3", "--rules", "cuttlecards", "--history"],
        tmp_path,
        FIRSTS,
    )
    assert played.returncode == 0, played.stderr
    box = re.search(r"moves\s+(\d+)", played.stdout.split("Game over")[-1])
    assert box is not None and "turns" not in played.stdout.split("Game over")[-1]
    shown = int(box.group(1))
    history = json.loads(run_cuttle(["history", "--json"], tmp_path).stdout)
    assert [g["moves"] for g in history] == [shown]
    review = run_cuttle(["review", "--iterations", "8"], tmp_path)
    assert review.returncode == 0, review.stderr
    numbers = [int(m) for m in re.findall(r"^\s*(\d+)\. ", review.stdout, re.M)]
    assert numbers == list(range(1, shown + 1))
    # issue 24 item 11: the JSON numbers moves as the text does and names its game
    data = json.loads(run_cuttle(["review", "--iterations", "8", "--json"], tmp_path).stdout)
    assert [m["number"] for m in data["moves"]] == numbers
    assert [m["ply"] for m in data["moves"]] == [n - 1 for n in numbers]  # kept: the index
    game = data["game"]
    assert game["id"] == history[0]["id"] and game["source"] == f"game {history[0]['id']}"
    assert (game["seed"], game["rules"], game["moves"]) == (3, "cuttlecards", shown)
    assert game["players"] == history[0]["players"] and game["outcome"] == history[0]["outcome"]
    # piped text ends no line in spaces (rich padded the wrapped and indented lines)
    stats = run_cuttle(["stats"], tmp_path)
    for text in (review.stdout, stats.stdout):
        assert text.strip() and not [line for line in text.splitlines() if line.endswith(" ")]


def test_one_move_is_one_move_in_saves_resume_and_replay(tmp_path: Path) -> None:
    # the AI moves first and the player quits: a save of one move (issue 24 item 8: "1 moves")
    quit_ = run_cuttle(["play", "--seed", "5", "--first", "ai", "--ai", "easy"], tmp_path, "quit\n")
    assert quit_.returncode == 0, quit_.stderr
    saves = run_cuttle(["saves"], tmp_path).stdout
    assert "1 unfinished game, newest first" in saves and " 1 move  score" in saves
    resumed = run_cuttle(["play", "--resume"], tmp_path, "save one.json\nquit\n")
    assert "1 move so far." in resumed.stdout and "1 moves" not in resumed.stdout
    replay = run_cuttle(["replay", "one.json", "--reveal"], tmp_path)
    assert ", 1 move" in replay.stdout and "1 moves" not in replay.stdout
