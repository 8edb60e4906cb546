"""The history's filters and the stats' own games see every seat of a game of three or four
(issue 36's leftover: ``--result`` and ``--player`` read only seats 0 and 1)."""

from __future__ import annotations

from cuttle.commands.review import main_player
from cuttle.files.history import History
from cuttle.files.historysql import MAX_SEATS, result_sql
from cuttle.files.storage import GameRecord


def table_history() -> History:
    """Games of three and four where the people sit at seats 2 and 3 too."""
    h = History()
    # cutthroat, hot-seat: Cleo (seat 2) wins; Ann and Bob lose
    h.add(GameRecord("classic+cutthroat", 1, ["Ann", "Bob", "Cleo"], ["concede @0", "concede @1"],
                     "p2", "concession", ["human", "human", "human"]))
    # cutthroat against two AIs, the one person at seat 2 wins
    h.add(GameRecord("classic+cutthroat", 2, ["AI 1 (hard)", "AI 2 (hard)", "Dan"],
                     ["concede @0", "concede @1"], "p2", "concession",
                     ["ai:hard", "ai:hard", "human"]))
    # teams: Ann (seat 0) and Cleo (seat 2) against Bob (seat 1) and Dan (seat 3): team0 wins
    h.add(GameRecord("classic+teams", 3, ["Ann", "Bob", "Cleo", "Dan"], ["concede @1"],
                     "team0", "concession", ["human"] * 4))
    # teams: Dan (seat 3) with an AI partner (seat 1) beats two AIs: team1 wins
    h.add(GameRecord("classic+teams", 4, ["AI 1 (easy)", "AI 2 (easy)", "AI 3 (easy)", "Dan"],
                     ["concede @0"], "team1", "concession",
                     ["ai:easy", "ai:easy", "ai:easy", "human"]))
    return h


def seeds(rows: list) -> list[int]:  # type: ignore[type-arg]
    return sorted(r.seed for r in rows)


def test_result_and_player_see_the_third_and_fourth_seats() -> None:
    h = table_history()
    assert seeds(h.games(player="Cleo")) == [1, 3]
    assert seeds(h.games(player="Dan")) == [2, 3, 4]
    assert seeds(h.games(player="Cleo", result="win")) == [1, 3]
    assert seeds(h.games(player="Dan", result="win")) == [2, 4]
    assert seeds(h.games(player="Dan", result="loss")) == [3]
    assert seeds(h.games(player="Ann", result="win")) == [3]  # seat 0 of a team that won
    assert seeds(h.games(player="Ann", result="loss")) == [1]
    assert seeds(h.games(player="Bob", result="loss")) == [1, 3]
    # no player named: a person at any seat with that result
    assert seeds(h.games(result="win")) == [1, 2, 3, 4]
    assert seeds(h.games(result="loss")) == [1, 3]
    assert seeds(h.games(level="hard", result="win")) == [2]


def test_an_ai_level_at_any_seat_and_all_people_at_every_seat() -> None:
    h = table_history()
    assert seeds(h.games(level="hard")) == [2]
    assert seeds(h.games(level="easy")) == [4]
    assert seeds(h.games(level="human")) == [1, 3]


def test_the_stats_own_player_is_found_at_any_seat() -> None:
    h = table_history()
    # Dan is the one person at a table with AIs twice (seats 2 and 3): the stats are his
    assert main_player(h.all_games()) == "Dan"


def test_a_broken_more_seats_column_does_not_break_the_filters() -> None:
    import sqlite3

    h = table_history()
    with sqlite3.connect(h.path) as con:
        con.execute("UPDATE games SET more_seats = '[[' WHERE seed = 1")
    assert seeds(h.games(player="Dan", result="win")) == [2, 4]
    assert len(h.problems) == 0 or "more seats" in " ".join(h.problems)


def test_the_result_filter_asks_every_seat() -> None:
    sql = result_sql("win", "Ann")
    assert sql.count("?") == MAX_SEATS and "more_seats" in sql and "'team1'" in sql
