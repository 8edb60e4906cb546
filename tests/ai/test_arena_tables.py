"""The arena at a table of three (cutthroat, every rotation of the seats on each deal) and of
four (teams: A's team at seats 0 and 2, then the teams swap the first seat)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cuttle.ai.arena import run_match
from cuttle.ai.table_arena import (
    JSON_KEYS,
    TableMatch,
    labels_of,
    play_table_game,
    summarize_table,
    table_report,
)
from cuttle.cli import main


def test_cutthroat_rotates_every_entrant_through_every_seat_on_one_deal() -> None:
    match = TableMatch(("random", "random", "random"), ({}, {}, {}), 6, 5, "classic+cutthroat")
    results = run_match(match, play=play_table_game)
    assert [r.seating for r in results] == [(0, 1, 2), (2, 0, 1), (1, 2, 0)] * 2
    assert {match.deal(i) for i in range(3)} == {match.deal(0)}
    assert match.deal(3) != match.deal(0)
    for r in results:
        assert r.winner in (0, 1, 2, None) and r.plies > 0
        # each entrant decided on its own seat's turns, and only there
        assert all(len(t) > 0 for t in r.times)


def test_teams_swap_the_first_seat_on_one_deal() -> None:
    match = TableMatch(("random", "random"), ({}, {}), 4, 2, "classic+teams")
    results = run_match(match, play=play_table_game)
    assert [r.seating for r in results] == [(0, 1, 0, 1), (1, 0, 1, 0)] * 2
    assert match.deal(0) == match.deal(1) != match.deal(2)


def test_the_winner_is_the_entrant_of_the_winning_seat_or_team() -> None:
    from cuttle import Game

    for rules, n in (("classic+cutthroat", 3), ("cuttlecards+teams", 2)):
        match = TableMatch(("random",) * n, ({},) * n, 6, 9, rules)
        for i in range(6):
            r = play_table_game(match, i)
            g = Game.new(seed=match.deal(i), rules=rules)
            # replay the same game with the same players: the outcome names the winner's seat
            from cuttle.ai import make_player
            from cuttle.ai.arena_common import _derive

            players = [make_player("random", seed=_derive(match.seed, "seat", i, s))
                       for s in range(g.players)]
            while g.outcome is None:
                assert g.to_move is not None
                g.play(players[g.to_move].choose(g))
            if g.outcome == "draw":
                assert r.winner is None
            else:
                seat = int(g.outcome[-1])
                assert r.winner == r.seating[seat]


def test_watch_sees_every_decision_before_its_move_is_played() -> None:
    from cuttle import Game, Move

    match = TableMatch(("random",) * 3, ({},) * 3, 3, 11, "classic+cutthroat")
    seen: list[tuple[int, Move, int]] = []

    def watch(g: Game, m: Move) -> None:
        assert g.to_move is not None and m in g.legal_moves()
        seen.append((g.to_move, m, len(g.history)))

    r = play_table_game(match, 2, watch)
    assert len(seen) == r.plies and [h for _, _, h in seen] == list(range(r.plies))
    bare = play_table_game(match, 2)  # the same game as without a watch
    assert (r.winner, r.plies, r.seating) == (bare.winner, bare.plies, bare.seating)


def test_a_table_match_is_reproducible_and_parallel_gives_the_same_games() -> None:
    match = TableMatch(("random", "random", "random"), ({}, {}, {}), 4, 7, "cuttlecards+cutthroat")
    one = [(r.winner, r.plies) for r in run_match(match, jobs=1, play=play_table_game)]
    two = [(r.winner, r.plies) for r in run_match(match, jobs=2, play=play_table_game)]
    assert one == two


def test_the_summary_adds_up() -> None:
    match = TableMatch(("random", "random", "random"), ({}, {}, {}), 9, 3, "classic+cutthroat")
    results = run_match(match, play=play_table_game)
    s = summarize_table(match, results, labels_of(["random"] * 3))
    assert list(s) == list(JSON_KEYS)
    assert s["entrants"] == ["random (A)", "random (B)", "random (C)"]
    assert sum(s["wins"]) + s["draws"] == 9
    for e in range(3):
        lo, hi = s["ci95"][e]
        assert lo <= s["win_share"][e] <= hi
        assert set(s["seat_win_share"][e]) == {"p0", "p1", "p2"}
        assert s["median_sec_per_move"][e] > 0
    text = table_report(s)
    assert "random (A) win share" in text and "95% CI" in text and "median" in text


@pytest.mark.parametrize(("argv", "entrants", "keys"), [
    (["random", "random", "random", "--rules", "classic+cutthroat"],
     ["random (A)", "random (B)", "random (C)"], {"p0", "p1", "p2"}),
    (["random", "random", "--rules", "cuttlecards+teams"],
     ["random (A)", "random (B)"], {"first", "second"}),
])
def test_cli_plays_a_table_and_prints_json_last(argv: list[str], entrants: list[str],
                                                keys: set[str],
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", *argv, "--games", "4", "--seed", "3", "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    data = json.loads(out[-1])
    assert list(data) == list(JSON_KEYS)
    assert data["entrants"] == entrants and data["games"] == 4
    assert sum(data["wins"]) + data["draws"] == 4
    assert all(set(x) == keys for x in data["seat_win_share"])
    assert "win share" in "\n".join(out[:-1])


def test_a_level_that_cannot_take_the_seat_is_refused_up_front(
        capsys: pytest.CaptureFixture[str]) -> None:
    # A player refusing a table of three is refused before any game, in one line.
    import cuttle.ai.table_arena as ta

    class TwoOnly:
        max_players = 2
        level = "twoonly"

    def factory(name: str, seed: int | None = None, **options: object) -> object:
        return TwoOnly()

    import argparse

    args = argparse.Namespace(games=3, seed=1, jobs=1, json=False)
    from cuttle.rules import Rules

    with pytest.raises(ValueError, match="the twoonly AI plays two-player games only, not a "
                                         "table of 3"):
        ta.table_match(args, ["a", "b", "c"], Rules.parse("classic+cutthroat"),
                       lambda x: (x, {}), factory)  # type: ignore[arg-type]


@pytest.mark.parametrize("argv", [
    ["random", "random", "random", "--rules", "classic+cutthroat"],
    ["random", "easy"],
])
def test_log_keeps_each_game_as_it_finishes(argv: list[str], tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "games.jsonl"
    assert main(["arena", *argv, "--games", "3", "--log", str(log), "--json"]) == 0
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    assert sorted(r["index"] for r in rows) == [0, 1, 2]
    assert all(r["plies"] > 0 for r in rows)
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["games"] == 3


@pytest.mark.parametrize(("argv", "entrants"), [
    (["random", "openspiel:ismcts:simulations=5", "random", "--rules", "classic+cutthroat"], 3),
    (["openspiel:random", "random", "--rules", "cuttlecards+teams"], 2),
])
def test_an_openspiel_bot_takes_any_seat_at_a_table(argv: list[str], entrants: int,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pyspiel")
    assert main(["arena", *argv, "--games", str(entrants), "--seed", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert len(data["entrants"]) == entrants and sum(data["wins"]) + data["draws"] == entrants
    assert any(e.startswith("openspiel:") for e in data["entrants"])


def test_the_openspiel_player_class_says_it_seats_four() -> None:
    """The class itself says how many seats it plays at (``levels_for`` and the arena's check
    read the class), not an attribute the arena patches on each instance."""
    pytest.importorskip("pyspiel")
    from cuttle.commands.arena import seat_player
    from cuttle.env.bots import OpenSpielPlayer

    assert OpenSpielPlayer.max_players == 4
    player = seat_player("openspiel:random", seed=1)
    assert "max_players" not in vars(player)
