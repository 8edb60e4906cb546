"""The arena: pairs of games with seats swapped, statistics, the command line."""

from __future__ import annotations

import json

import pytest

from cuttle.ai.arena import JSON_KEYS, Match, parse_level, run_match, summarize, wilson
from cuttle.cli import main


def test_wilson_interval() -> None:
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-3) and hi == pytest.approx(0.7634, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    lo, hi = wilson(900, 1000)
    assert lo < 0.9 < hi and hi - lo < 0.04


def test_a_tiny_match_alternates_seats_and_adds_up() -> None:
    match = Match("random", "easy", 6, 3, "classic")
    results = run_match(match)
    assert [r.index for r in results] == list(range(6))
    assert [r.a_seat for r in results] == [0, 1, 0, 1, 0, 1]
    s = summarize(match, results, "random", "easy")
    assert set(JSON_KEYS) <= set(s)
    assert s["games"] == 6
    assert s["wins_a"] + s["wins_b"] + s["draws"] == 6
    assert s["win_rate_a"] == pytest.approx(s["wins_a"] / 6, abs=1e-4)
    lo, hi = s["ci95_a"]
    assert lo <= s["win_rate_a"] <= hi
    assert s["mean_plies"] == pytest.approx(sum(r.plies for r in results) / 6, abs=0.01)
    assert s["sec_per_move_a"] > 0 and s["sec_per_move_b"] > 0
    assert set(s["seat_win_rate_a"]) == {"p0", "p1"}


def test_a_match_is_reproducible_and_parallel_gives_the_same_games() -> None:
    match = Match("easy", "random", 4, 7, "cuttlecards")
    one = [(r.winner, r.plies) for r in run_match(match, jobs=1)]
    two = [(r.winner, r.plies) for r in run_match(match, jobs=2)]
    assert one == two


def test_cli_json_is_the_last_line(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["arena", "medium", "random", "--games", "4", "--seed", "2", "--json"])
    out = capsys.readouterr().out.strip().splitlines()
    assert code == 0
    data = json.loads(out[-1])
    assert list(data) == list(JSON_KEYS)
    assert data["a"] == "medium" and data["b"] == "random" and data["games"] == 4
    assert "win rate" in "\n".join(out[:-1])


def test_cli_accepts_hard_options_and_variants(capsys: pytest.CaptureFixture[str]) -> None:
    code = main([
        "arena", "hard:iterations=20", "easy", "--games", "2", "--rules",
        "classic+joker+four-random", "--json",
    ])
    assert code == 0
    data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert data["games"] == 2


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["arena", "grandmaster", "random"], "unknown AI level"),
        (["arena", "random", "medium", "--games", "0"], "--games must be at least 1"),
        (["arena", "random", "medium", "--games", "-3"], "--games must be at least 1"),
        (["arena", "random", "medium", "--jobs", "0"], "--jobs must be at least 1"),
        (["arena", "random", "medium", "--rules", "poker"], "unknown rules preset"),
        (["arena", "hard:bogus=3", "medium"], "unknown option"),
        (["arena", "medium:iterations=3", "random"], "unknown option"),
        (["arena", "hard:think=inf", "medium"], "think must be a number more than 0"),
        (["arena", "hard:iterations=1e400", "medium"], "not '1e400'"),
        (["arena", "hard:iterations=nan", "medium"], "iterations must be a whole number"),
        (["arena", "hard:iterations=2.5", "medium"], "iterations must be a whole number"),
        (["arena", "medium", "hard:think=-1"], "think must be"),
        (["arena", "hard:think=1e9", "medium"], "at most 600 seconds"),
        (["arena", "hard:keep=1", "medium"], "keep must be"),
        (["arena", "hard:opponent=psychic", "medium"], "opponent must be one of"),
        (["arena", "hard:method=ismcts,exploration=-inf", "medium"], "exploration must be"),
    ],
)
def test_bad_options_exit_2_with_a_clear_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1  # one line, no traceback


def test_parse_level() -> None:
    assert parse_level("hard:iterations=300,think=0.5") == (
        "hard", {"iterations": 300, "think": 0.5}
    )
    assert parse_level("Medium") == ("medium", {})
    with pytest.raises(ValueError, match="name=value"):
        parse_level("hard:fast")


@pytest.mark.parametrize(("argv", "message"), [
    (["random", "random", "--rules", "classic+cutthroat"],
     "classic+cutthroat is played by 3 seats: give one player a seat (A B C), not 2"),
    (["random", "random", "random", "--rules", "cuttlecards+teams"],
     "cuttlecards+teams is played by two teams: give two players, A's team and B's (each "
     "plays both seats of its team), not 3"),
    (["random", "random", "random"],
     "classic is played by 2 seats: give one player a seat (A B), not 3"),
    (["random", "random", "bogus", "--rules", "classic+cutthroat"],
     "unknown AI level 'bogus': choose one of random, easy, medium, hard"),
])
def test_cuttle_arena_refuses_the_wrong_number_of_players_in_one_line(
        argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", *argv, "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert err == f"cuttle arena: error: {message}\n"
