"""Crafted records and saves: every file is untrusted. Each case: the one-line message, exit
status 2, and the file byte-for-byte unchanged; nothing from the file reaches the terminal raw."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from helpers import run_cuttle

from cuttle import Game


def cuttle(args: list[str], home: Path, stdin: str = "", timeout: float = 60) -> Any:
    return run_cuttle(args, home, stdin, timeout=timeout)


def record(**fields: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": "cuttle-game/1",
        "rules": "classic",
        "seed": 3,
        "players": ["Ann", "Bob"],
        "controllers": ["human", "human"],
        "moves": ["draw", "draw"],
        "outcome": None,
        "reason": None,
    }
    data.update(fields)
    return data


def finished_moves(seed: int = 3) -> list[str]:
    g = Game.new(seed=seed)
    while g.outcome is None:
        moves = g.legal_moves()
        pts = [m for m in moves if str(m).startswith("points")]
        g.play(max(pts, key=str) if pts else moves[0])
    return [str(m) for _, m in g.history]


def check_refused(r: Any, path: Path, before: bytes, *fragments: str) -> None:
    assert r.returncode == 2, (r.returncode, r.stdout[-500:], r.stderr)
    assert "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("cuttle: "), r.stderr[:2000]
    for f in fragments:
        assert f in lines[0], lines[0]
    assert "\x1b" not in r.stderr + r.stdout
    assert len(r.stderr) < 700
    assert path.read_bytes() == before


CRAFTED: dict[str, tuple[str | bytes, str]] = {
    "deep nesting": ("[" * 100_000 + "]" * 100_000, "nested more than 32 levels"),
    "deep nesting in a field": (
        json.dumps(record()).replace('"reason": null', '"reason": ' + "[" * 5000 + "]" * 5000),
        "nested more than 32 levels",
    ),
    "a seed of 5000 digits": (
        json.dumps(record()).replace('"seed": 3', '"seed": ' + "7" * 5000),
        "not usable JSON",
    ),
    "a negative seed": (json.dumps(record(seed=-5)), "the seed must be a whole number"),
    "a seed past 2**63": (json.dumps(record(seed=2**63)), "the seed must be a whole number"),
    "a float seed": (json.dumps(record(seed=1.5)), "the seed must be a whole number"),
    "moves past the end": (
        json.dumps(record(moves=finished_moves() + ["draw"])),
        "comes after the end of the game",
    ),
    "draw by concession": (
        json.dumps(record(outcome="draw", reason="concession")),
        "does not match the moves",
    ),
    "an outcome the moves do not reach": (
        json.dumps(record(outcome="p0", reason="points")),
        "does not match the moves",
    ),
    "an escape in a name": (
        json.dumps(record(players=["\x1b]52;c;ZXZpbA==\x07Ann", "\x1b[2JBob"])),
        "printable characters",
    ),
    "a 3 MB name": (json.dumps(record(players=["A" * 3_000_000, "Bob"])), "printable"),
    "a 600 KB rules string": (json.dumps(record(rules="classic+" * 75_000)), "not a rules name"),
    "unknown rules": (json.dumps(record(rules="nosuch")), "unknown rules"),
    "not UTF-8": (b"\xff\xfe{}", "not UTF-8"),
    "an illegal move": (json.dumps(record(moves=["scuttle AS KH"])), "is not legal"),
    "moves that are not texts": (json.dumps(record(moves=[1, 2])), "moves must be"),
}


@pytest.mark.parametrize("case", sorted(CRAFTED))
def test_crafted_record_is_refused_by_replay(tmp_path: Path, case: str) -> None:
    content, fragment = CRAFTED[case]
    path = tmp_path / "crafted.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    before = path.read_bytes()
    r = cuttle(["replay", str(path)], tmp_path)
    check_refused(r, path, before, fragment, "crafted.json")


def slot(home: Path, name: str = "game-1") -> Path:
    folder = home / "state" / "cuttle" / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"{name}.json"


def save(**session: Any) -> dict[str, Any]:
    data = record(controllers=["human", "ai:random"], players=["You", "AI"])
    data["session"] = {"seats": [{"name": "You", "ai": None}, {"name": "AI", "ai": "random"}],
                       "think": None, "record": None}
    data["session"].update(session)
    return data


@pytest.mark.parametrize("think", ["abc", [1], {}, -5, 1e308, 0, True])
def test_junk_think_in_a_save_is_refused(tmp_path: Path, think: Any) -> None:
    path = slot(tmp_path)
    path.write_text(json.dumps(save(think=think)))
    before = path.read_bytes()
    r = cuttle(["play", "--resume"], tmp_path, "quit\n")
    check_refused(r, path, before, "think time")


@pytest.mark.parametrize("case", ["moves past the end", "deep nesting", "a negative seed"])
def test_crafted_save_is_refused_on_resume(tmp_path: Path, case: str) -> None:
    content, fragment = CRAFTED[case]
    path = slot(tmp_path)
    data = content if isinstance(content, str) else content.decode()
    path.write_text(data)
    before = path.read_bytes()
    r = cuttle(["play", "--resume"], tmp_path, "quit\n")
    check_refused(r, path, before, fragment)
    # an unreadable newest save would block every plain --resume: the message says how to clear it
    assert "cuttle saves --delete game-1" in r.stderr


def test_bad_seats_in_a_save_are_refused(tmp_path: Path) -> None:
    path = slot(tmp_path)
    path.write_text(json.dumps(save(seats=[{"name": "You", "ai": None},
                                           {"name": "AI", "ai": "godlike"}])))
    before = path.read_bytes()
    r = cuttle(["play", "--resume"], tmp_path, "quit\n")
    check_refused(r, path, before, "unknown AI level")


def test_a_save_cannot_send_writes_to_another_file(tmp_path: Path) -> None:
    bashrc = tmp_path / ".bashrc"
    bashrc.write_text("alias ls='ls --color'\n")
    before = bashrc.read_bytes()
    path = slot(tmp_path)
    path.write_text(json.dumps(save(record=str(bashrc))))
    r = cuttle(["play", "--resume"], tmp_path, "draw\nquit\n")
    assert r.returncode == 0, r.stderr
    assert "does not hold this game's record; it is not written" in r.stdout
    assert bashrc.read_bytes() == before


def test_the_record_a_save_names_is_written_when_it_holds_this_game(tmp_path: Path) -> None:
    rec = tmp_path / "g.json"
    first = cuttle(["play", "--seed", "3", "--ai", "random", "--record", str(rec)], tmp_path,
                   "draw\n")
    assert first.returncode == 0, first.stderr
    n = len(json.loads(rec.read_text())["moves"])
    again = cuttle(["play", "--resume"], tmp_path, "draw\nquit\n")
    assert again.returncode == 0, again.stderr
    assert len(json.loads(rec.read_text())["moves"]) > n


@pytest.mark.parametrize("special", ["fifo", "dev_zero", "directory", "dev_null"])
def test_only_regular_files_are_read(tmp_path: Path, special: str) -> None:
    if special == "fifo":
        path = tmp_path / "pipe.json"
        os.mkfifo(path)
    elif special == "directory":
        path = tmp_path / "dir.json"
        path.mkdir()
    else:
        path = Path("/dev/zero" if special == "dev_zero" else "/dev/null")
    r = cuttle(["replay", str(path)], tmp_path, timeout=20)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "not a regular file" in r.stderr


def test_a_fifo_as_the_save_does_not_hang(tmp_path: Path) -> None:
    path = slot(tmp_path)
    os.mkfifo(path)
    r = cuttle(["play", "--resume"], tmp_path, timeout=20)
    assert r.returncode == 2 and "a pipe (FIFO), not a regular file" in r.stderr
    assert Path(path).exists()


def test_a_file_larger_than_the_limit_is_refused_without_reading_it_all(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    with open(path, "wb") as f:
        f.truncate(50_000_000)  # sparse: claims 50 MB
    r = cuttle(["replay", str(path)], tmp_path)
    assert r.returncode == 2 and "larger than 5,000,000 bytes" in r.stderr


def test_a_shared_record_with_escapes_never_reaches_the_terminal(tmp_path: Path) -> None:
    # a record whose outcome and moves are fine but whose names carry OSC 52, OSC 0 and ESC[2J
    path = tmp_path / "evil.json"
    path.write_text(json.dumps(record(players=["\x1b]0;pwned\x07A", "B\x1b[2J"])))
    r = cuttle(["replay", str(path)], tmp_path)
    assert r.returncode == 2
    assert "\x1b" not in r.stdout + r.stderr and "\x07" not in r.stderr
    assert "\\x1b" in r.stderr


def test_reading_a_growing_fifo_swap_is_refused_at_open(tmp_path: Path) -> None:
    # a regular file swapped for a FIFO between the check and the open is caught by fstat
    from cuttle.files import safefile

    path = tmp_path / "r.json"
    path.write_text("{}")
    real_stat = os.stat

    def swap(p: Any, *a: Any, **k: Any) -> os.stat_result:
        st = real_stat(p, *a, **k)
        if Path(p) == path:
            os.unlink(path)
            os.mkfifo(path)
            # no writer: a blocking open would hang here; the reader opens with O_NONBLOCK
        return st

    orig = safefile.os.stat
    safefile.os.stat = swap  # type: ignore[assignment]
    try:
        with pytest.raises(safefile.CorruptFileError, match="not a regular file"):
            safefile.read_json_file(path, "record")
    finally:
        safefile.os.stat = orig  # type: ignore[assignment]
