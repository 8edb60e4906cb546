"""``cuttle play`` and ``cuttle replay`` with piped input: plain text, saves, records, errors."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from helpers import run_cuttle

from cuttle import Game


def cuttle(
    args: list[str], stdin: str, home: Path, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    return run_cuttle(args, home, stdin, timeout=timeout)


def save_file(home: Path) -> Path:
    """The save slot of the one game played under ``home`` (or where one would be)."""
    found = sorted((home / "state" / "cuttle" / "saves").glob("*.json"))
    assert len(found) <= 1, found
    return found[0] if found else home / "state" / "cuttle" / "saves" / "game.json"


def test_piped_game_is_plain_and_deterministic(tmp_path: Path) -> None:
    script = "moves\n1\nhelp\nlog\n1\nrules 9\nscrap\n"
    a = cuttle(["play", "--seed", "11", "--ai", "easy"], script, tmp_path / "a")
    b = cuttle(["play", "--seed", "11", "--ai", "easy"], script, tmp_path / "b")
    assert a.returncode == 0, a.stderr
    assert a.stdout == b.stdout
    assert "\x1b" not in a.stdout  # no colour, no cursor control
    assert "seed 11" in a.stdout
    assert "End of input. Game saved as " in a.stdout
    saved = json.loads(save_file(tmp_path / "a").read_text())
    assert saved["format"] == "cuttle-game/1" and saved["seed"] == 11 and saved["moves"]


def test_vs_ai_game_to_the_end_with_record_and_replay(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    r = cuttle(
        ["play", "--seed", "4", "--ai", "medium", "--record", str(record)],
        "moves\n1\n" * 400,
        tmp_path,
    )
    assert r.returncode == 0, r.stderr
    assert "Game over" in r.stdout
    assert "Rematch with seats swapped?" in r.stdout
    data = json.loads(record.read_text())
    assert data["format"] == "cuttle-game/1"
    assert data["rules"] == "classic" and data["seed"] == 4
    assert data["outcome"] in ("p0", "p1", "draw")
    assert data["players"] == ["You", "AI (medium)"]
    g = Game.new(seed=4)
    for m in data["moves"]:
        g.play(m)
    assert g.outcome == data["outcome"]
    assert not save_file(tmp_path).exists()
    kept = list((tmp_path / "data" / "cuttle" / "games").glob("*.json"))
    assert len(kept) == 1
    rep = cuttle(["replay", str(record)], "", tmp_path)
    assert rep.returncode == 0, rep.stderr
    assert f"{len(data['moves'])} moves" in rep.stdout
    assert "Result:" in rep.stdout


def test_rematch_swaps_seats(tmp_path: Path) -> None:
    r = cuttle(["play", "--seed", "4", "--ai", "random"], "concede\ny\ny\n", tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Rematch: seed 5; AI (random) moves first." in r.stdout


def test_resume_continues_the_saved_game(tmp_path: Path) -> None:
    first = cuttle(["play", "--seed", "8", "--ai", "random"], "draw\ndraw\n", tmp_path)
    assert first.returncode == 0
    moves = json.loads(save_file(tmp_path).read_text())["moves"]
    again = cuttle(["play", "--resume"], "log\nquit\n", tmp_path)
    assert again.returncode == 0, again.stderr
    assert f"{len(moves)} moves so far" in again.stdout
    assert "You drew" in again.stdout


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        json.dumps({"format": "chess-pgn", "moves": []}),
        json.dumps(
            {"format": "cuttle-game/1", "rules": "classic", "seed": 1, "moves": ["scuttle AS KH"]}
        ),
        json.dumps([1, 2, 3]),
        "\x00\xff garbage",
    ],
)
def test_corrupt_save_exits_2_and_is_left_alone(tmp_path: Path, content: str) -> None:
    path = save_file(tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content, encoding="utf-8", errors="surrogateescape")
    before = path.read_bytes()
    r = cuttle(["play", "--resume"], "", tmp_path)
    assert r.returncode == 2
    assert "save" in r.stderr and "Traceback" not in r.stderr
    assert path.read_bytes() == before


def test_corrupt_record_replay_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "cuttle-game/1", "rules": "nope", "seed": 1, "moves": []}')
    before = path.read_bytes()
    r = cuttle(["replay", str(path)], "", tmp_path)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert path.read_bytes() == before
    missing = cuttle(["replay", str(tmp_path / "none.json")], "", tmp_path)
    assert missing.returncode == 2


def test_resume_without_save(tmp_path: Path) -> None:
    r = cuttle(["play", "--resume"], "", tmp_path)
    assert r.returncode == 1 and "no saved game" in r.stderr


def test_bad_options(tmp_path: Path) -> None:
    assert cuttle(["play", "--rules", "nosuch"], "", tmp_path).returncode == 2
    assert cuttle(["play", "--variant", "nosuch"], "", tmp_path).returncode == 2
    assert cuttle(["play", "--think", "-1"], "", tmp_path).returncode == 2
    assert cuttle(["play", "--ai", "godlike"], "", tmp_path).returncode == 2


def test_hotseat_variant_ascii_names(tmp_path: Path) -> None:
    r = cuttle(
        [
            "play",
            "--hotseat",
            "--names",
            "Ann",
            "Bob",
            "--seed",
            "2",
            "--ascii",
            "--rules",
            "cuttlecards",
            "--variant",
            "joker",
        ],
        "draw\ndraw\n",
        tmp_path,
    )
    assert r.returncode == 0, r.stderr
    assert "cuttlecards+joker" in r.stdout
    assert "Ann drew 9S" in r.stdout and "Bob drew JC" in r.stdout
    assert "♦" not in r.stdout and "♠" not in r.stdout
    assert "Pass to" not in r.stdout  # no handoff screens when piped


def test_junk_lines_never_crash(tmp_path: Path) -> None:
    import random

    rng = random.Random(99)
    blocker = tmp_path / "a-file"  # saving under a file fails cleanly
    blocker.write_text("")
    alphabet = "abcdefghijklmnopqrstuvwxyz 0123456789♣♦♥♠\t\x00\x01\x07\x1b[]{}/\\'\"?-"
    lines = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40))) for _ in range(150)]
    lines += ["x" * 10000, "scuttle " * 100, "\x1b[2J\x1b[H", f"save {blocker}/x.json"]
    r = cuttle(["play", "--seed", "3"], "\n".join(lines) + "\n", tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stdout + r.stderr
    assert "\x1b" not in r.stdout and "\x00" not in r.stdout  # control characters not echoed


def test_an_unchosen_seed_cannot_be_guessed_nor_the_rematch_foretold(tmp_path: Path) -> None:
    """The seed is the whole deal: drawn from the whole range (a million seeds can be tried
    against one's own hand in seconds), and the rematch of a game whose seed was shown at its end
    takes a fresh one, not the next (which would give both hands away)."""
    import re

    r = cuttle(["play", "--ai", "random"], "concede\ny\ny\nconcede\ny\nn\n", tmp_path)
    assert r.returncode == 0, r.stderr
    seeds = [int(s) for s in dict.fromkeys(re.findall(r"seed\s+(\d+)", r.stdout))]
    assert len(seeds) == 2, seeds
    first, rematch = seeds
    assert first >= 10**6 and rematch >= 10**6  # odds of failing by chance: under 1 in 10**12
    assert rematch != first + 1
    chosen = cuttle(["play", "--ai", "random", "--seed", "41"], "concede\ny\ny\nconcede\ny\nn\n",
                    tmp_path / "chosen")
    assert "seed 42" in chosen.stdout  # a chosen seed's evening replays exactly: 41, then 42
