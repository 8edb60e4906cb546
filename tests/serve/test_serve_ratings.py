"""The server's ratings (``serve/ratings.py``, ``serve/standings.py``): openskill's
Plackett-Luce over games of 2, 3 and 4 seats and teams, only people rated, the anti-farming
rules, a rebuild from the history equal to the ratings kept game by game, ``top`` and ``me``
on a screen, and a game between two keys played through the lobby to its rating."""

from __future__ import annotations

import asyncio
import random
import re
import sqlite3
from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console
from sshkit import LOBBY, connect, key, key_fp, port_of, running, until
from test_serve_game import reading

from cuttle import Game
from cuttle.files.history import History
from cuttle.files.storage import GameRecord
from cuttle.serve import ratings, standings, store
from cuttle.serve.keys import Login
from cuttle.serve.ratings import DAILY_CAP, MIN_OWN_MOVES, MODEL, outcome_of

DAY = "2026-03-01T12:00:00Z"
SEP = r"[\s│|]+"  # between two cells of a table on the screen
A, B, C, D = "SHA256:aaaaKEY", "SHA256:bbbbKEY", "SHA256:ccccKEY", "SHA256:ddddKEY"


def played(rules: str = "classic", seed: int = 0, concede: tuple[int, ...] = (),
           at: int = 4, outcome: str | None = None, players: list[str] | None = None,
           controllers: list[str] | None = None) -> GameRecord:
    """A finished game of random legal moves in which every seat made at least ``at`` moves
    of its own before the seats ``concede`` go out (``concede @N``, cutthroat), then random
    moves to the end. The first seed from ``seed * 1000`` whose game ends in ``outcome``
    (any: None): two calls with different ``seed`` are two different games."""
    for s in range(seed * 1000, seed * 1000 + 500):
        g = Game.new(seed=s, rules=rules)
        rng = random.Random(s)
        moves: list[str] = []
        own = [0] * g.players
        gone = list(concede)
        while g.outcome is None and len(moves) < 400:
            if gone and min(own) >= at:
                seat = gone.pop(0)
                g.concede(seat)
                moves.append(f"concede @{seat}")
                continue
            p = g.to_move
            assert p is not None
            move = rng.choice(g.legal_moves())
            g.play(move)
            moves.append(str(move))
            own[p] += 1
        if g.outcome is None or gone or min(own) < at and not concede:
            continue
        if outcome is not None and g.outcome != outcome:
            continue
        n = g.players
        return GameRecord(rules, s, players or [f"P{i}" for i in range(n)], moves, g.outcome,
                          g.outcome_reason, controllers or ["human"] * n)
    raise AssertionError("no such game in 500 seeds")


def conceded_early(winner: int = 0) -> GameRecord:
    """Two players: one move each, then a concession (the farmer's game)."""
    g = Game.new(seed=3)
    moves = []
    for _ in range(2):
        m = g.legal_moves()[0]
        g.play(m)
        moves.append(str(m))
    return GameRecord("classic", 3, ["P0", "P1"], moves, f"p{winner}", "concession",
                      ["human", "human"])


def add(h: History, record: GameRecord, keys: list[str | None], when: str = DAY) -> int:
    """A server game into the history, rated as ``store.record_finished`` rates it."""
    return h.add(record, 1.0, None, when, keys=keys, then=ratings.update)


def table(h: History) -> dict[str, tuple[float, float, int, int]]:
    return {s.key: (s.mu, s.sigma, s.games, s.wins)
            for s in h.read(lambda con: ratings.table(con, 100))}


def decisions(h: History) -> list[tuple[int, int, str]]:
    return h.read(lambda con: con.execute(
        "SELECT game_id, counted, why FROM rated ORDER BY game_id").fetchall())


def test_ratings_after_a_few_games_equal_a_rebuild_from_the_history(tmp_path: Path) -> None:
    h = History(tmp_path / "history.db")
    add(h, played(seed=1, outcome="p0"), [A, B])
    add(h, played(seed=10, outcome="p1"), [B, C])
    add(h, played("classic+cutthroat", 3, concede=(1,)), [A, B, C])
    add(h, played("classic+teams", 5, outcome="team0"), [A, B, C, D])
    add(h, played(seed=20, outcome="draw"), [D, A])
    add(h, played(seed=30), [A, None])  # against the AI: not rated
    kept = table(h)
    steps = h.read(lambda con: con.execute(
        "SELECT * FROM rating_steps ORDER BY game_id, key").fetchall())
    assert set(kept) == {A, B, C, D} and kept[A][2] == 4
    # a restart: the same file read by a new History
    assert table(History(tmp_path / "history.db")) == kept
    assert h.write(ratings.rebuild) == 5
    assert table(h) == kept  # every float to the last bit
    assert h.read(lambda con: con.execute(
        "SELECT * FROM rating_steps ORDER BY game_id, key").fetchall()) == steps
    # and from nothing: the ratings tables emptied by hand, then rebuilt
    with sqlite3.connect(h.path) as con:
        con.execute("DELETE FROM ratings")
    assert table(h) == {}
    h.write(ratings.rebuild)
    assert table(h) == kept


def test_the_server_stores_each_seats_key_and_rebuilds_its_ratings() -> None:
    record = played(seed=1, outcome="p1")
    game_id, problem = store.record_finished(record, 2.0, None, keys=[A, B])
    assert problem is None and game_id == 1
    assert store.record_finished(played(seed=2), 2.0, None)[1] is None  # no keys: unrated
    before = table(store.history())
    assert before[B][3] == 1 and before[A][3] == 0  # B won
    assert store.rebuild_ratings() == 1
    assert table(store.history()) == before


def test_an_error_in_the_ratings_never_loses_the_game_and_the_next_one_rebuilds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    update = ratings.update

    def broken(con: sqlite3.Connection, game_id: int) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(ratings, "update", broken)
    game_id, problem = store.record_finished(played(seed=1, outcome="p0"), 1.0, None, [A, B])
    assert problem is None and store.history().game(game_id or 0) is not None
    assert table(store.history()) == {}
    monkeypatch.setattr(ratings, "update", update)
    store.record_finished(played(seed=10, outcome="p0"), 1.0, None, [A, B])
    assert table(store.history())[A][2:] == (2, 2)  # both games rated


def test_three_players_are_ranked_by_place() -> None:
    record = played("classic+cutthroat", 3, concede=(1,))
    out = outcome_of(record)
    winner = int(str(record.outcome)[1])
    assert out.places[winner] == 0 and out.places[1] == 2  # the one who conceded is last
    (third,) = {0, 1, 2} - {winner, 1}
    assert out.places[third] == 1
    h = History()
    add(h, record, [A, B, C])
    rated = table(h)
    by_seat = dict(zip((0, 1, 2), (A, B, C), strict=True))
    shown = {s: ratings.shown(*rated[by_seat[s]][:2]) for s in range(3)}
    assert shown[winner] > shown[third] > shown[1]
    # openskill's own numbers for the same ranking
    expected = MODEL.rate([[MODEL.rating()] for _ in range(3)], ranks=list(map(float, out.places)))
    assert [rated[by_seat[s]][0] for s in range(3)] == [t[0].mu for t in expected]


def test_two_seats_out_in_turn_the_first_out_is_last() -> None:
    out = outcome_of(played("classic+cutthroat", 7, concede=(2, 0)))
    assert out.places == (2, 0, 3) and out.winners == frozenset({1})  # seat 2 out first


def test_two_against_two_are_rated_as_openskill_teams() -> None:
    h = History()
    record = played("classic+teams", 5, outcome="team1")
    add(h, record, [A, B, C, D])
    rated = table(h)
    after = MODEL.rate([[MODEL.rating(), MODEL.rating()], [MODEL.rating(), MODEL.rating()]],
                       ranks=[1.0, 0.0])
    x = after[0][0].mu
    assert rated[A][0] == rated[C][0] == x and rated[B][0] == rated[D][0] > x
    assert (rated[B][3], rated[D][3], rated[A][3]) == (1, 1, 0)  # team1's two won


def test_only_people_are_rated() -> None:
    h = History()
    ai = "ai:medium"
    # against AIs only: not rated
    g1 = add(h, played(seed=1), [A, None], DAY)
    # three seats, one an AI: the two people ranked by their places
    g2 = add(h, played("classic+cutthroat", 3, concede=(1,),
                       controllers=["human", ai, "human"]), [A, None, C])
    # two people as partners against two AIs: nobody is ranked against anybody
    g3 = add(h, played("classic+teams", 5, controllers=["human", ai, "human", ai]),
             [A, None, C, None])
    # a person with an AI partner against two people: unequal sides, not rated
    g4 = add(h, played("classic+teams", 6, controllers=["human", "human", ai, "human"]),
             [A, B, None, D])
    # a person with an AI partner against a person with an AI partner: rated as one against one
    g5 = add(h, played("classic+teams", 8, controllers=["human", "human", ai, ai]),
             [A, B, None, None])
    why = {g: (c, w) for g, c, w in decisions(h)}
    assert why[g1] == (0, "fewer than two people")
    assert why[g2][0] == 1 and why[g5][0] == 1
    assert why[g3] == (0, "the people were all on one side")
    assert why[g4] == (0, "one person against two people")
    rated = table(h)
    assert set(rated) == {A, B, C} and rated[A][2] == 2 and rated[C][2] == 1
    assert h.read(lambda con: con.execute(
        "SELECT count(*) FROM rating_steps WHERE game_id = ?", (g2,)).fetchone()[0]) == 2


def test_a_concession_after_one_move_leaves_every_rating_as_it_was() -> None:
    h = History()
    add(h, played(seed=1, outcome="p0"), [A, B])
    before = table(h)
    g = add(h, conceded_early(winner=1), [A, B])
    assert decisions(h)[-1] == (g, 0, f"a player made fewer than {MIN_OWN_MOVES} moves")
    assert table(h) == before


def test_the_same_people_are_rated_a_few_games_a_day_and_one_key_never_twice() -> None:
    h = History()
    for i in range(DAILY_CAP + 1):
        add(h, played(seed=40 + i, outcome="p0"), [A, B], f"2026-03-01T1{i}:00:00Z")
    counted = [c for _, c, _ in decisions(h)]
    assert counted == [1] * DAILY_CAP + [0]
    assert "today" in decisions(h)[-1][2]
    add(h, played(seed=60, outcome="p0"), [B, C], "2026-03-01T19:00:00Z")  # other people
    add(h, played(seed=61, outcome="p0"), [B, A], "2026-03-02T09:00:00Z")  # the next day
    assert [c for _, c, _ in decisions(h)][-2:] == [1, 1]
    add(h, played(seed=62, outcome="p0"), [C, C], "2026-03-02T10:00:00Z")
    assert decisions(h)[-1][1:] == (0, "one key at two seats")
    assert table(h)[A][2] == DAILY_CAP + 1
    # the cap counts the same way when rebuilt
    kept = table(h)
    h.write(ratings.rebuild)
    assert table(h) == kept


def render(renderable: object) -> str:
    out = StringIO()
    Console(file=out, width=100, color_system=None, force_terminal=False).print(renderable)
    return out.getvalue()


def test_top_and_me_on_a_screen_show_names_cleaned() -> None:
    h = store.history()
    markup = "[bold red]eve"  # a name as typed: shown as it is, never as markup
    store.record_finished(played(seed=1, outcome="p0", players=[markup, "bob"]), 1.0, None,
                          keys=[A, B])
    store.record_finished(conceded_early(), 1.0, None, keys=[A, B])
    rows = h.read(lambda con: ratings.table(con, 10))
    text = render(standings.top_view(rows, A))
    assert "[bold red]eve#aaaa" in text
    assert re.search(rf"1{SEP}\[bold red\]eve#aaaa{SEP}\d+\.\d{SEP}1{SEP}1", text)
    assert "bob#bbbb" in text and "rating" in text
    me = render(standings.lobby_view("me", [], Login("eve", A)))
    assert "eve#aaaa: rating" in me and "1st of 2" in me and "1 rated game," in me
    assert f"not rated: a player made fewer than {MIN_OWN_MOVES} moves" in me
    assert re.search(rf"won{SEP}\d+\.\d \(\+\d+\.\d\)", me)
    store.record_finished(played("classic+cutthroat", 3, concede=(1,)), 1.0, None, [C, A, B])
    me = render(standings.lobby_view("me", [], Login("eve", A)))
    assert "3rd of 3" in me  # seat 1 conceded first
    nobody = render(standings.lobby_view("me", [], Login("zed", "SHA256:zzzz")))
    assert "not rated yet" in nobody and "no finished game" in nobody
    assert "Nobody is rated yet" in render(standings.top_view([]))
    # a name from the file that holds what a terminal must not get is shown escaped
    shown = render(standings.top_view([ratings.Standing(C, "\x1b]52;c;ZXZp\x07x", 25.0, 1.0,
                                                        1, 1)]))
    assert "\x1b" not in shown and "\\x1b]52;c;ZXZp\\x07x#cccc" in shown


def test_a_game_between_two_keys_through_the_lobby_shows_in_top(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            port = port_of(server)
            alice = await connect(port, "alice", key(0))
            await alice.wait(LOBBY)
            await alice.line("top")
            await alice.wait("Nobody is rated yet")
            await alice.line("new")
            found = await alice.wait(r"You wait at table (\w+)")
            bob = await connect(port, "bob", key(1))
            await bob.wait(found.group(1))
            await bob.line(f"join {found.group(1)}")
            await until(lambda: server.hall.matches, "the game to start")
            match = next(iter(server.hall.matches.values()))
            game: Game = match.session.game
            seats = {match.seat_of(key_fp(0)): alice, match.seat_of(key_fp(1)): bob}
            rng = random.Random(5)
            own = [0, 0]
            while game.outcome is None and min(own) < MIN_OWN_MOVES:
                p = game.to_move
                assert p is not None
                legal = [str(m) for m in game.legal_moves()]
                move = "draw" if "draw" in legal else rng.choice(legal)
                n = len(game.history)
                await until(lambda p=p: reading(match, p), f"seat {p} to read")
                await seats[p].line(move)
                await until(lambda n=n: len(game.history) > n, move)
                own[p] += 1
            assert game.outcome is None, "the game ended before both made their moves"
            p = game.to_move
            assert p is not None
            await until(lambda p=p: reading(match, p), f"seat {p} to read")
            await seats[p].line("concede")
            await seats[p].wait(r"\[y/N\]")
            await seats[p].line("y")
            for player in (alice, bob):
                await player.wait("Rematch with the seats swapped")
            await seats[p].line("n")
            for player in (alice, bob):
                await player.wait(LOBBY)
            await alice.line("top")
            await alice.wait(r"The best players")
            line = await alice.wait(rf"alice#\S+{SEP}-?\d+\.\d{SEP}1{SEP}(\d)")
            winner_is_alice = seats[p] is bob
            assert line.group(1) == ("1" if winner_is_alice else "0")
            await alice.wait(rf"bob#\S+{SEP}-?\d+\.\d{SEP}1{SEP}\d")
            await bob.line("me")
            await bob.wait(r"bob#\S+: rating -?\d+\.\d")

    asyncio.run(scenario())



def test_tab_completes_top_and_me_in_the_lobby() -> None:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from cuttle.serve.lobby import HELP, LobbyCompleter

    completer = LobbyCompleter(None, list)  # type: ignore[arg-type]  # commands need no hall
    for typed, word in (("to", "top"), ("m", "me")):
        found = [c.text for c in completer.get_completions(Document(typed), CompleteEvent())]
        assert found == [word]
    assert {"top", "me"} <= {cmd for cmd, _ in HELP}


def test_a_deleted_games_id_used_again_is_rated_as_the_new_game() -> None:
    h = History()
    add(h, played(seed=1, outcome="p0"), [A, B])
    last = add(h, played(seed=2, outcome="p0"), [A, B])
    assert h.delete(last)  # the newest game removed: SQLite gives its id to the next one
    again = add(h, played(seed=3, outcome="p1"), [A, B])
    assert again == last and decisions(h)[-1] == (again, 1, "")
    assert table(h)[B][3] == 1  # B won the new game, and it counted


def test_games_recorded_before_the_keys_were_kept_get_them_back_from_trusted_entries() -> None:
    """Schema 6 added each seat's key; a game recorded before it has none, so it was never
    rated. The server's own entry of a finished game (``finished/ID.json``) holds its keys in
    seat order when it was written as the game ended; one written later (made from an earlier
    server's games list, in no order), or none, leaves the game unrated, and ``me`` says how
    many of a key's games are so."""
    import os
    from datetime import datetime

    from cuttle.serve import keep

    h = store.history()
    old = [h.add(played(seed=s, outcome="p0"), 1.0, None, DAY) for s in (1, 2, 3)]
    assert old == [1, 2, 3]  # as before schema 6: no keys kept
    for i in old:  # the games list names them for both keys
        keep.add_finished([A, B], i)
    entries = store.serve_dir() / "finished"
    ended = datetime.fromisoformat(DAY).timestamp()
    os.utime(entries / "1.json", (ended + 1, ended + 1))  # written as the game ended
    os.utime(entries / "2.json", (ended + 3600, ended + 3600))  # an hour after: no order
    (entries / "3.json").unlink()  # none (the next start makes it again, from the list)
    assert table(store.history()) == {}
    keep.prepare()  # the server's start looks for them
    rated = table(store.history())
    assert set(rated) == {A, B} and rated[A][2:] == (1, 1) and rated[B][2:] == (1, 0)  # A won
    assert store.rebuild_ratings() == 1 and table(store.history()) == rated
    assert store.recover_seat_keys() == (0, 2)  # once: nothing more to find
    text = _plain(standings.lobby_view("me", [], Login("bee", B)))
    assert "2 of your games were recorded before the server kept each seat's key" in text


def _plain(view: object) -> str:
    out = StringIO()
    Console(file=out, width=200, color_system=None).print(view)
    return " ".join(out.getvalue().split())


def test_a_seat_an_ai_took_over_rates_its_player_only_when_that_side_lost() -> None:
    """2v2, A (seat 0) left and an AI finished the seat (controller ``ai:medium``, A's key
    kept): a loss of A's side is rated as any game (leaving a losing game to an AI protects no
    rating); a win or a draw of that side is not rated for anyone (an AI playing on for a
    player is no way to win a rating). Before, the seat had no key: the game was never rated
    (one person against two), whatever happened."""
    h = History()
    took = ["ai:medium", "human", "human", "human"]
    names = ["ann", "bob", "cy", "dee"]
    lost = add(h, played("classic+teams", 5, outcome="team1", players=names,
                         controllers=took), [A, B, C, D])
    won = add(h, played("classic+teams", 6, outcome="team0", players=names,
                        controllers=took), [A, B, C, D])
    why = {g: (c, w) for g, c, w in decisions(h)}
    assert why[lost] == (1, "")
    assert why[won] == (0, ratings.TAKEN_OVER)
    rated = table(h)
    assert set(rated) == {A, B, C, D} and rated[A][2:] == (1, 0)  # one game, lost
    assert rated[A][0] < MODEL.mu < rated[B][0]
    assert h.read(lambda con: con.execute("SELECT name FROM ratings WHERE key = ?",
                                          (A,)).fetchone()[0]) == "ann"
    # a draw of the side whose seat an AI finished is not a loss either
    drawn = add(h, played("classic+teams", 0, outcome="draw", players=names, controllers=took),
                [A, B, C, D])
    assert decisions(h)[-1] == (drawn, 0, ratings.TAKEN_OVER)
    kept = table(h)
    h.write(ratings.rebuild)
    assert table(h) == kept
    # me lists both games for A, each marked
    me = h.read(lambda con: ratings.recent(con, A, 8))
    assert [(g.game_id, g.result, g.left) for g in me] == [
        (drawn, "draw", True), (won, "team won", True), (lost, "team lost", True)]
    shown = render(standings.me_view("ann#aaaa", None, 0, 0, me))
    assert re.search(r"team won\*\s+not rated \(1\)", shown)
    assert f"(1) not rated: {ratings.TAKEN_OVER}" in shown
    assert re.search(r"team lost\*\s+-?\d+\.\d \(-\d+\.\d\)", shown)
    assert "* you left; an AI finished your seat." in shown
    assert not any(g.left for g in h.read(lambda con: ratings.recent(con, B, 8)))
