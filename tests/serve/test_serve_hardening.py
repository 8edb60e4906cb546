"""The server's fourth hardening round, host side (issue 34 items 5 to 12): names that fool the
marks, the keys file's hidden options, the games list's damaged entries, the lock and the
links in the server's folders, the disk's bounds, the AI's workers, and the shutdown."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from helpers import cli_env
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from sshkit import LOBBY, connect, key, key_fp, port_of, running
from test_serve_game import prompt_of
from test_serve_input import hang_guard

from cuttle import Game
from cuttle.files.safefile import UnsafeTargetError
from cuttle.files.storage import GameRecord
from cuttle.serve import adapter, keep, store
from cuttle.serve.adapter import Screen
from cuttle.serve.hall import Hall, HallError
from cuttle.serve.keys import Login, key_options, load_authorized_keys
from cuttle.serve.limits.disk import KEEP_DAYS, NewGames, prune_finished
from cuttle.serve.match import Match
from cuttle.serve.names import FALLBACK, Roster, is_hash_like, player_name, skeleton
from cuttle.serve.seats import Chair


@pytest.mark.parametrize(
    "user",
    [
        "alice\u266f97Oq",  # MUSIC SHARP SIGN, read as alice with her mark
        "alice\uff03x",  # FULLWIDTH NUMBER SIGN
        "alice\ufe5fx",  # SMALL NUMBER SIGN
        "bob\u22d5",  # EQUAL AND PARALLEL TO, drawn as a #
        "A.I. (hard)",
        "A. I. easy",
        "\u13aa\u13a5 (\u13bb\u13aa\u13d2\u13a0)",  # Cherokee look-alikes of AI (HARD)
        "\uff21\uff29 (hard)",  # full-width AI
        "a" + "\u0301" * 19,  # a letter under 19 combining accents
        "e\u0301\u0302\u0303\u0304",  # four on one letter
    ],
)
def test_names_that_fool_the_marks_are_refused(user: str) -> None:
    name, why = player_name(user)
    assert name == FALLBACK and why


@pytest.mark.parametrize(
    "user", ["Ai", "Ai Tanaka", "Aiden (hard)", "Jos\u00e9", "Nguy\u1ec5n", "\u0414\u043c\u0438",
             "Tanaka \u5c71\u7530\u3042", "bob (the builder)", "c++"],
)
def test_ordinary_names_stay_names(user: str) -> None:
    assert player_name(user) == (user, "")


def test_hash_like_signs_come_from_unicode_not_from_a_list() -> None:
    assert not is_hash_like("#")  # the mark's own sign is left out of a name, not refused
    found = [chr(c) for c in range(0x20, 0x3000) if is_hash_like(chr(c))]
    assert "\u266f" in found and "\u22d5" in found and len(found) > 4
    assert not any(ch.isalnum() for ch in found)


def test_the_skeleton_is_unicodes() -> None:
    # Cherokee, Cyrillic and Greek letters read as the Latin ones they look like (UTS #39)
    assert skeleton("\u13aa\u13a5") == skeleton("Ai") == skeleton("AI") == skeleton("A1")
    assert skeleton("\u0430lice") == skeleton("alice") == skeleton("\u0251lice")
    assert skeleton("alice") != skeleton("alicia")


def test_a_name_that_looks_like_another_keys_name_is_refused() -> None:
    roster = Roster()
    assert player_name("alice", "k1", roster) == ("alice", "")
    name, why = player_name("al\u0456ce", "k2", roster)  # a Cyrillic i
    assert name == FALLBACK and "'alice'" in why
    assert player_name("alice", "k3", roster) == ("alice", "")  # one name, two people: marks
    assert player_name("aIice", "k1", roster)[0] == FALLBACK  # k3's alice now
    assert player_name("bob", "k2", roster) == ("bob", "")


def test_the_roster_remembers_the_latest_keys_only(monkeypatch: pytest.MonkeyPatch) -> None:
    from cuttle.serve import names

    monkeypatch.setattr(names, "ROSTER_SIZE", 2)
    roster = Roster()
    for n, name in enumerate(["alice", "bob", "carol"]):
        player_name(name, f"k{n}", roster)
    assert player_name("b\u043eb", "k8", roster)[0] == FALLBACK  # bob is remembered
    assert player_name("al\u0456ce", "k9", roster)[0] == "al\u0456ce"  # alice forgotten


# -- item 7: options hidden from the check ---------------------------------------------------
def public(n: int) -> str:
    return key(n).export_public_key().decode().strip()


def test_options_that_start_like_a_key_type_are_seen_and_refused(tmp_path: Path) -> None:
    path = tmp_path / "keys"
    path.write_text(
        f'ssh-x,no-pty,command="/bin/false" {public(0)}\n'
        f"ecdsa-foo {public(1)}\n"
        f'from="127.0.0.1" {public(2)}\n'
    )
    path.chmod(0o600)
    warnings: list[str] = []
    keys = load_authorized_keys(path, warnings.append)
    assert len(warnings) == 2
    assert "line 1" in warnings[0] and "ssh-x, no-pty, command" in warnings[0]
    assert "line 2" in warnings[1] and "ecdsa-foo" in warnings[1]
    assert keys.validate(key(0).convert_to_public(), "127.0.0.1", "127.0.0.1") is None
    assert keys.validate(key(1).convert_to_public(), "127.0.0.1", "127.0.0.1") is None
    assert keys.validate(key(2).convert_to_public(), "127.0.0.1", "127.0.0.1") is not None
    assert key_options(f'ssh-x,no-pty,command="/bin/false" {public(0)}') == [
        "ssh-x", "no-pty", "command"
    ]


# -- item 5: one entry of the games list that does not validate ------------------------------
def saved(n: int) -> str:
    """A server game in progress between keys n and n+1, saved in a server slot, listed."""
    slot = store.new_slot()
    record = GameRecord(
        rules="classic", seed=5, players=["alice", "bob"], moves=["draw"],
        session={"seats": [{"name": "alice", "ai": None}, {"name": "bob", "ai": None}]},
    )
    slot.write(record)
    slot.release()
    keep.remember(slot.name, f"m{n}", [key_fp(n), key_fp(n + 1)])
    return slot.name


def test_an_entry_that_does_not_validate_is_said_and_its_game_rebuilt(
    caplog: pytest.LogCaptureFixture,
) -> None:
    first, second = saved(0), saved(2)
    keep.add_finished([key_fp(0)], 7)
    keep.add_finished([key_fp(0)], 8)
    data = json.loads(keep.games_path().read_text())
    data["games"][first]["id"] = 12345  # a number where a string belongs
    data["finished"][key_fp(0)] = [8, "7"]
    damaged = json.dumps(data).encode()
    keep.games_path().write_bytes(damaged)
    with caplog.at_level(logging.WARNING, logger="cuttle.serve"):
        notices = keep.prepare()
    assert len(notices) == 1 and "2 not valid" in notices[0] and f"game {first}" in notices[0]
    assert sum("not valid" in r.getMessage() for r in caplog.records) == 1
    aside = list(keep.games_path().parent.glob("games.json.damaged-*"))
    assert [p.read_bytes() for p in aside] == [damaged]  # set aside as it was
    games = keep.load()
    assert games[first] == {"id": "m0", "keys": [key_fp(0), key_fp(1)]}  # from its own file
    assert games[second]["id"] == "m2"
    assert keep.finished(key_fp(0)) == [8, 7]
    assert keep.prepare() == []  # said once: the list is whole again


# -- item 9: a lock that deleting server.lock does not undo ----------------------------------
def test_deleting_the_lock_file_lets_no_second_server_in() -> None:
    first = store.ServerLock()
    first.acquire()
    try:
        os.unlink(store.serve_dir() / store.LOCK_NAME)
        second = store.ServerLock()
        with pytest.raises(store.ServerBusy, match=f"pid {os.getpid()}"):
            second.acquire()
        assert not second.held
        assert json.loads((store.serve_dir() / store.INFO_NAME).read_text())["pid"] == os.getpid()
    finally:
        first.release()
    third = store.ServerLock()  # the first let go: the next one starts
    third.acquire()
    third.release()


# -- item 10: no symbolic link where the server writes ---------------------------------------
@pytest.mark.parametrize("name", ["games.json", "history.db", "saves", "seats/x.json", "log"])
def test_a_symbolic_link_where_the_server_writes_is_refused(tmp_path: Path, name: str) -> None:
    folder = store.serve_dir()
    (folder / "seats").mkdir(parents=True)
    target = tmp_path / "elsewhere"
    target.write_text("not the server's")
    link = store.log_path() if name == "log" else folder / name
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(target)
    lock = store.ServerLock()
    with pytest.raises(UnsafeTargetError, match="symbolic link") as caught:
        lock.acquire()
    assert str(link) in str(caught.value)
    assert not lock.held and target.read_text() == "not the server's"
    link.unlink()
    lock.acquire()  # gone: the server starts
    lock.release()


def test_the_log_is_opened_without_following_a_link(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    target.write_text("")
    path = tmp_path / "serve.log"
    path.symlink_to(target)
    with pytest.raises(OSError):
        store.LogFile(path)
    path.unlink()
    handler = store.LogFile(path)
    handler.close()
    assert path.is_file() and not path.is_symlink()


def test_serve_refuses_a_linked_log_in_one_line(tmp_path: Path) -> None:
    env = cli_env(tmp_path)
    state = tmp_path / "state" / "cuttle"
    state.mkdir(parents=True)
    (tmp_path / "other").write_text("")
    (state / "serve.log").symlink_to(tmp_path / "other")
    done = subprocess.run(
        [sys.executable, "-W", "ignore", "-m", "cuttle", "serve", "--open", "--port", "0"],
        env=env, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode != 0 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "symbolic link" in done.stderr
    assert (tmp_path / "other").read_text() == ""


# -- item 12: the AI's workers started again after one died ----------------------------------
def test_the_ai_pool_is_started_again_after_a_worker_dies_within_a_limit(
    caplog: pytest.LogCaptureFixture,
) -> None:
    from cuttle.play.players import choose_move
    from cuttle.serve.aipool import AIPool

    game = Game.new(seed=5)
    pool = AIPool(1, max_restarts=1)
    try:
        with caplog.at_level(logging.WARNING, logger="cuttle.serve"):
            for restarts in (1, 1):
                assert pool.choose("random", game, 5, None) == choose_move("random", game, 5, None)
                first = pool.pool
                assert first is not None
                for worker in list(first._processes.values()):  # noqa: SLF001 - a worker dies
                    worker.kill()
                    worker.join(10)
                assert pool.choose("random", game, 5, None) == choose_move("random", game, 5, None)
                assert pool.restarts == restarts
            assert pool.pool is None  # past the limit: the game's own thread
        said = [r.getMessage() for r in caplog.records]
        assert sum("started again (1 of at most 1" in m for m in said) == 1
        assert sum("after 1 restarts" in m for m in said) == 1
    finally:
        pool.close()


# -- item 8: the stop ends the reviews, then lets go of the lock -----------------------------
def finished_record() -> GameRecord:
    game = Game.new(seed=11)
    while game.outcome is None and len(game.history) < 12:
        game.play(game.legal_moves()[0])
    moves = [str(m) for _, m in game.history]
    return GameRecord("classic", 11, ["alice", "bob"], moves, "p0", "concession")


def test_the_servers_stop_ends_a_review_before_letting_go_of_its_lock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import cuttle.ai.review as review_module
    from cuttle.files.reviews import load_review

    small = review_module.Budget
    monkeypatch.setattr(review_module, "Budget", lambda: small(iterations=30))
    record = finished_record()
    steps: list[int] = []
    order: list[str] = []
    started = threading.Event()

    def step(done: int, of: int) -> None:
        steps.append(done)
        started.set()
        time.sleep(0.2)  # a move judged slowly: the stop comes meanwhile

    def reviewing() -> None:
        try:
            store.review(record, step)
            order.append("saved")
        except store.ReviewCancelled:
            order.append("cancelled")

    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            thread = threading.Thread(target=reviewing)
            thread.start()
            await asyncio.to_thread(started.wait, 20)
            real_release = server.lock.release

            def release() -> None:
                order.append("released")
                real_release()

            server.lock.release = release  # type: ignore[method-assign]
        thread.join(20)

    with hang_guard(60):
        asyncio.run(scenario())
    assert order == ["cancelled", "released"]
    assert len(steps) < len(record.moves)
    assert load_review(record, review_module.Budget(), store.history()) is None  # not saved
    store.REVIEWS.reset()
    with pytest.raises(store.ReviewCancelled):  # no review starts while the server stops
        store.REVIEWS.stop(0)
        store.review(record, step)
    store.REVIEWS.reset()


# -- item 11: the disk's bounds --------------------------------------------------------------
def test_a_key_starts_new_games_at_a_bounded_rate() -> None:
    now = [0.0]
    rate = NewGames(burst=3, per_hour=30, clock=lambda: now[0])
    assert [rate.refused("k1") for _ in range(3)] == [None, None, None]
    why = rate.refused("k1")
    assert why is not None and "next one in 2 min" in why
    assert rate.refused("k2") is None  # another key's own bucket
    now[0] += 119
    assert rate.refused("k1") is not None
    now[0] += 2
    assert rate.refused("k1") is None and rate.refused("k1") is not None


def test_the_hall_refuses_a_game_past_the_rate(tmp_path: Path) -> None:
    async def scenario() -> None:
        hall = Hall(rng=random.Random(1))
        hall.new_games = NewGames(burst=1, per_hour=1)
        alice = Login("alice", key_fp(0))
        match, _ = hall.play_ai(alice, "random", "classic")
        match.stop()
        await asyncio.to_thread(match.thread.join, 10)
        hall.matches.clear()
        with pytest.raises(HallError, match="next one in 60 min"):
            hall.play_ai(alice, "random", "classic")

    with hang_guard(60):
        asyncio.run(scenario())


def test_finished_games_past_the_retention_are_removed() -> None:
    history = store.history()
    old_record = GameRecord("classic", 3, ["alice", "bob"], ["draw"], "p0", "concession")
    new_record = GameRecord("classic", 4, ["alice", "bob"], ["draw"], "p1", "concession")
    old_id = history.add(old_record, None, None, "2020-01-01T00:00:00Z")
    new_id = history.add(new_record, None, None)
    keep.add_finished([key_fp(0), key_fp(1)], old_id)
    keep.add_finished([key_fp(0)], new_id)
    old_file = store.keep_record(old_record)
    new_file = store.keep_record(new_record)
    os.utime(old_file, (0, 0))
    assert prune_finished(30) == 1
    assert [row.id for row in store.history().all_games()] == [new_id]
    assert keep.finished(key_fp(0)) == [new_id] and keep.finished(key_fp(1)) == []
    assert not old_file.exists() and new_file.exists()
    assert not (store.serve_dir() / "finished" / f"{old_id}.json").exists()
    assert prune_finished(30) == 0


def test_keep_finished_is_an_option_of_serve() -> None:
    import argparse

    from cuttle.commands import serve as serve_command

    parser = argparse.ArgumentParser()
    serve_command.register(parser.add_subparsers())
    assert parser.parse_args(["serve"]).keep_finished == KEEP_DAYS == 365
    assert parser.parse_args(["serve", "--keep-finished", "7"]).keep_finished == 7.0
    for bad in ("0", "-1", "soon"):
        with pytest.raises(SystemExit):
            parser.parse_args(["serve", "--keep-finished", bad])


# -- left from the last round: a counter window's time tells nothing -------------------------
def window_match(seed: int, oneoff: str, wait: float) -> Match:
    """A game against the AI at seat 0's counter window (the AI's one-off just played)."""
    chairs = (Chair("alice", key_fp(0)), Chair("AI (random)", None))
    return Match("w1", seed, "classic", chairs, (None, "random"), moves=["draw", oneoff],
                 window_wait=(wait, wait))


def answered_after(match: Match, answer: Callable[[], None] = lambda: None) -> float:
    """Seconds from the session's start to the window's answer."""
    start = time.monotonic()
    match.start()
    try:
        answer()
        end = start + 20
        while len(match.session.game.history) < 3 and time.monotonic() < end:
            time.sleep(0.005)
        assert len(match.session.game.history) >= 3
        assert str(match.session.game.history[2][1]) == "resolve"
        return time.monotonic() - start
    finally:
        match.stop()
        match.thread.join(10)


def test_a_window_answered_for_a_player_with_no_two_waits_as_a_real_one() -> None:
    with hang_guard(60):
        took = answered_after(window_match(1, "oneoff 6H", 0.4))  # seat 0 holds no 2
    assert took >= 0.4


def test_a_window_answered_at_once_by_a_player_with_a_two_waits_the_same(
    screens: list[Screen],
) -> None:
    match = window_match(2, "oneoff 6D", 0.4)  # seat 0 holds the 2 of clubs
    screen = screens[0]
    match.sit(0, screen)

    def answer() -> None:
        end = time.monotonic() + 20
        while match.acting != 0 and time.monotonic() < end:
            time.sleep(0.005)
        screen.answers.put("resolve")

    with hang_guard(60):
        took = answered_after(match, answer)
    assert took >= 0.4


@pytest.fixture
def screens() -> Iterator[list[Screen]]:
    with create_pipe_input() as pipe:
        yield [adapter.make_screen(pipe, DummyOutput()) for _ in range(2)]


# -- left from the last round: a rematch never gives a key a second game ---------------------
def test_a_yes_at_the_rematch_question_starts_no_second_game_for_the_key(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            first = await connect(port_of(server), "alice", key(0))
            await first.wait(LOBBY)
            await first.line("ai random")
            await first.wait(prompt_of("alice"))
            await first.line("concede")
            await first.wait(r"\[y/N\]")
            await first.line("y")
            await first.wait("Rematch with the seats swapped")
            second = await connect(port_of(server), "alice", key(0))  # the same key
            await second.wait(LOBBY)
            await second.line("ai random")  # the game above is over: this one may start
            await second.wait(prompt_of("alice"))
            await first.line("y")  # and then the rematch on the first connection
            await first.wait("No rematch: you have a game in progress")
            await first.wait(LOBBY)
            mine = [m for m in server.hall.matches.values() if m.seat_of(key_fp(0)) is not None]
            assert len(mine) == 1  # one game a key

    with hang_guard(120):
        asyncio.run(scenario())


def test_a_rematch_counts_as_a_new_game() -> None:
    async def scenario() -> None:
        hall = Hall(rng=random.Random(1))
        hall.new_games = NewGames(burst=1, per_hour=1)
        alice = Login("alice", key_fp(0))
        match, seat = hall.play_ai(alice, "random", "classic")
        match.stop()
        await asyncio.to_thread(match.thread.join, 10)
        hall.matches.clear()
        hall._rematch(match)  # noqa: SLF001 - what the match calls when both said yes
        assert hall.matches == {} and hall.rematches == {}
        assert "next one in 60 min" in match.parting_words(seat)

    with hang_guard(60):
        asyncio.run(scenario())
