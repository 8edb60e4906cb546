"""Options checked at the door (play's --think and --seed, saves' names) and the engine API's
strictness: players are the ints 0 and 1, JSON text has a depth limit, every bad input is a
ValueError with a message at the call that received it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import run_cuttle

from cuttle import Game
from cuttle.notation import load_position


def cuttle(args: list[str], home: Path, stdin: str = "") -> Any:
    return run_cuttle(args, home, stdin)


def nothing_written(home: Path) -> bool:
    return not (home / "state").exists() or not any((home / "state").rglob("*.json"))


@pytest.mark.parametrize("think", ["inf", "1e308", "nan", "-1", "0", "abc", "601", "-inf"])
def test_think_is_refused_at_the_door(tmp_path: Path, think: str) -> None:
    r = cuttle(["play", "--ai", "hard", f"--think={think}"], tmp_path, "draw\n")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "--think" in r.stderr
    assert "think time must be from 0.01 to 600 seconds" in r.stderr or "not a number" in r.stderr
    assert nothing_written(tmp_path)


@pytest.mark.parametrize("seed", ["-1", str(2**63), "1.5", "9" * 5000])
def test_seed_is_refused_at_the_door(tmp_path: Path, seed: str) -> None:
    r = cuttle(["play", f"--seed={seed}"], tmp_path, "draw\n")
    assert r.returncode == 2 and "Traceback" not in r.stderr and "--seed" in r.stderr
    assert len(r.stderr) < 1000
    assert nothing_written(tmp_path)


def test_names_with_escapes_are_refused(tmp_path: Path) -> None:
    r = cuttle(["play", "--names", "\x1b[2JYou", "AI"], tmp_path, "draw\n")
    assert r.returncode == 2 and "printable" in r.stderr and "\x1b" not in r.stderr


def test_two_players_of_the_same_name_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    from cuttle.cli import main

    assert main(["play", "--hotseat", "--names", "Bob", "bob "]) == 2
    assert "two different names" in capsys.readouterr().err


@pytest.mark.parametrize("bad", ["../etc/passwd", "a/b", ".hidden", "x" * 200])
def test_resume_names_are_checked(tmp_path: Path, bad: str) -> None:
    r = cuttle(["play", "--resume", bad], tmp_path)
    assert r.returncode == 1 and "is not a save name" in r.stderr


def test_a_rules_string_of_100_kb_is_not_echoed_back(tmp_path: Path) -> None:
    r = cuttle(["play", "--rules", "x" * 100_000], tmp_path)
    assert r.returncode == 2 and len(r.stderr) < 1000


@pytest.mark.parametrize("player", [1.0, True, False, 0.0, "1", None, 2, -1])
def test_players_are_the_ints_0_and_1(player: Any) -> None:
    g = Game.new(seed=1)
    before = g.to_position()
    for call in (g.view, g.concede, g.score, g.goal, g.kings, g.queens, g.has_glasses):
        with pytest.raises(ValueError, match="must be 0 or 1"):
            call(player)
    assert g.to_position() == before


@pytest.mark.parametrize("field", ["turn_player", "to_move"])
def test_a_position_with_a_float_player_is_refused(field: str) -> None:
    pos = Game.new(seed=1).to_position()
    pos[field] = 1.0 if field == "turn_player" else 0.0
    with pytest.raises(ValueError, match="bad position"):
        Game.from_position(pos)


def test_a_stack_entry_with_a_bool_player_is_refused() -> None:
    pos = Game.new(seed=1).to_position()
    pos["stack"] = [{"player": False, "move": "oneoff AC"}]
    pos["phase"] = "counter"
    with pytest.raises(ValueError, match="stack"):
        Game.from_position(pos)


@pytest.mark.parametrize("depth", [33, 1000, 100_000])
def test_nested_json_text_is_a_value_error(depth: int) -> None:
    text = "[" * depth + "]" * depth
    with pytest.raises(ValueError, match="nested more than 32"):
        Game.from_position(text)
    with pytest.raises(ValueError, match="nested more than 32"):
        load_position(text)
    deep_field = json.dumps(Game.new(seed=1).to_position())[:-1] + ', "x": ' + text + "}"
    with pytest.raises(ValueError, match="nested more than 32"):
        Game.from_position(deep_field)


def test_a_huge_number_in_position_text_is_a_value_error() -> None:
    pos = json.dumps(Game.new(seed=1).to_position())
    text = pos.replace('"passes": 0', '"passes": ' + "9" * 5000)
    with pytest.raises(ValueError, match="bad position"):
        Game.from_position(text)
