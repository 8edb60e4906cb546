"""The host's side of ``cuttle serve``: one server on a data directory, the games list kept
whatever happens to it, the server's games apart from the host's own, its workers and its
terminal."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import cli_env
from sshkit import LOBBY, connect, key, key_fp, port_of, running, until
from test_serve_game import by_seat, prompt_of, two_at_a_table

from cuttle.commands.play import offer_resume
from cuttle.files import saves
from cuttle.files.history import History
from cuttle.files.storage import GameRecord, data_dir
from cuttle.serve import keep, store
from cuttle.serve.hall import Hall
from cuttle.serve.server import Server


def saved_game(moves: int = 2) -> str:
    """A server game in progress between key 0 and key 1, saved in a server slot, listed."""
    slot = store.new_slot()
    record = GameRecord(
        rules="classic", seed=5, players=["alice", "bob"], moves=["draw", "draw"][:moves],
        session={"seats": [{"name": "alice", "ai": None}, {"name": "bob", "ai": None}]},
    )
    slot.write(record)
    slot.release()
    keep.remember(slot.name, "a1", [key_fp(0), key_fp(1)])
    return slot.name


# -- item 4: one server a data directory ------------------------------------------------------
def test_a_second_server_on_the_same_files_is_refused_naming_the_first_and_changes_nothing(
    tmp_path: Path,
) -> None:
    name = saved_game()

    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as first:
            before = keep.games_path().read_bytes()
            second = Server(first.settings, first.host_key)
            with pytest.raises(store.ServerBusy) as refused:
                await second.start()
            assert f"pid {os.getpid()}" in str(refused.value)
            assert f"127.0.0.1:{port_of(first)}" in str(refused.value)
            assert second.acceptor is None and not second.hall.matches
            assert keep.games_path().read_bytes() == before
        assert name in keep.load()

    asyncio.run(scenario())


def test_a_second_cuttle_serve_says_one_line_and_the_first_ones_games_stay_listed(
    tmp_path: Path,
) -> None:
    env = cli_env(tmp_path)
    first = subprocess.Popen(
        [sys.executable, "-m", "cuttle", "serve", "--open", "--port", "0"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        assert first.stdout is not None
        port = first.stdout.readline().strip().rsplit(":", 1)[1]
        games = tmp_path / "data" / "cuttle" / "serve" / "games.json"
        games.parent.mkdir(parents=True, exist_ok=True)
        games.write_text('{"format": "cuttle-serve-games/2", "games": {"game-1": '
                         '{"id": "a1", "keys": ["k0", "k1"]}}, "finished": {}}')
        before = games.read_bytes()
        second = subprocess.run(  # the same port too: it would fail to bind
            [sys.executable, "-m", "cuttle", "serve", "--open", "--port", port],
            env=env, capture_output=True, text=True, timeout=60,
        )
        assert second.returncode == 1 and second.stdout == ""
        assert second.stderr.count("\n") == 1
        assert f"pid {first.pid}" in second.stderr and f":{port}" in second.stderr
        assert games.read_bytes() == before
    finally:
        first.send_signal(signal.SIGTERM)
        first.wait(timeout=30)


def test_a_game_whose_save_cannot_be_opened_now_stays_in_the_list() -> None:
    name = saved_game()
    held = store.open_slot(name)  # another holder has the save now

    async def scenario() -> None:
        hall = Hall()
        hall.loop = asyncio.get_running_loop()
        assert hall.resume_saved() == 0
        assert name in keep.load()
        held.release()
        assert hall.resume_saved() == 1  # later it opens
        for match in list(hall.matches.values()):
            match.stop()
            await asyncio.to_thread(match.thread.join, 10)

    asyncio.run(scenario())


def test_a_game_whose_save_is_gone_leaves_the_list() -> None:
    name = saved_game()
    os.unlink(store.saves_folder() / f"{name}.json")

    async def scenario() -> None:
        hall = Hall()
        assert hall.resume_saved() == 0

    asyncio.run(scenario())
    assert name not in keep.load()


# -- item 5: a damaged games list ---------------------------------------------------------------
def test_a_damaged_games_list_is_kept_aside_rebuilt_and_said_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    name = saved_game()
    keep.add_finished([key_fp(0)], 7)
    damaged = b'{"format": "cuttle-serve-games/2", "games": {'
    keep.games_path().write_bytes(damaged)

    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            assert len(server.notices) == 1
            assert "damaged" in server.notices[0] and "1 in progress" in server.notices[0]
            aside = list(keep.games_path().parent.glob("games.json.damaged-*"))
            assert [p.read_bytes() for p in aside] == [damaged]
            assert keep.load()[name]["keys"] == [key_fp(0), key_fp(1)]
            assert keep.finished(key_fp(0)) == [7]
            alice = await connect(port_of(server), "alice", key(0))
            await alice.wait(r"alice.*> |bob dropped")  # back in the game, not the lobby

    with caplog.at_level(logging.WARNING, logger="cuttle.serve"):
        asyncio.run(scenario())
    assert sum("was damaged" in r.getMessage() for r in caplog.records) == 1


def test_the_cycle_collectors_full_passes_walk_less_and_come_less_often(
    tmp_path: Path,
) -> None:
    """The objects a server holds when it starts (modules, the engine's tables) are frozen out
    of the cycle collector's full passes, which every screen's key waits for."""
    import gc

    from cuttle.serve.server import MIDDLE_PASSES

    gc.unfreeze()  # as a process that started no server yet
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)  # Python's own
    assert gc.get_freeze_count() == 0

    async def scenario() -> None:
        async with running(tmp_path, authorized=None):
            assert gc.get_freeze_count() > 1000
            # and a frame's objects, which live until the screen's next frame, die in the
            # middle generation, not in the old one a full pass walks
            assert gc.get_threshold() == (700, MIDDLE_PASSES, 10)

    try:
        asyncio.run(scenario())
    finally:
        gc.set_threshold(*before)


def test_a_games_list_deleted_is_rebuilt_at_the_start() -> None:
    name = saved_game()
    keep.add_finished([key_fp(1)], 4)
    os.unlink(keep.games_path())
    notices = keep.prepare()
    assert len(notices) == 1 and "missing" in notices[0]
    assert name in keep.load() and keep.finished(key_fp(1)) == [4]


def test_a_damaged_games_list_is_said_on_the_servers_start(tmp_path: Path) -> None:
    env = cli_env(tmp_path)
    folder = tmp_path / "data" / "cuttle" / "serve"
    folder.mkdir(parents=True)
    (folder / "games.json").write_text("not json")
    proc = subprocess.Popen(
        [sys.executable, "-m", "cuttle", "serve", "--open", "--port", "0"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.readline()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
        said = proc.stderr.read()
        assert said.count("\n") == 1 and said.startswith("cuttle: serve: ")
        assert "damaged" in said
        log = (tmp_path / "state" / "cuttle" / "serve.log").read_text()
        assert log.count("was damaged") == 1
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


# -- item 19: the server's games are not the host's ----------------------------------------------
def test_a_server_game_is_not_among_the_hosts_saves_nor_offered_to_resume(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice, bob, match = await two_at_a_table(server)
            players = by_seat(match, alice, bob)
            p = match.session.game.to_move or 0
            await players[p].wait(prompt_of(match.session.names[p]))
            await players[p].line("draw")
            await until(lambda: match.kept is not None, "the first save")
            assert (store.saves_folder() / f"{match.kept}.json").is_file()
            assert saves.list_saves() == []
            assert offer_resume(read=lambda q: "y", write=lambda s: None) is None

    asyncio.run(scenario())
    assert History().all_games() == []


def test_an_earlier_servers_game_among_the_hosts_saves_moves_to_the_servers_own(
    tmp_path: Path,
) -> None:
    slot = saves.new_slot()  # where an earlier server kept its games: the host's own slots
    slot.write(GameRecord(
        rules="classic", seed=5, players=["alice", "bob"], moves=["draw"],
        session={"seats": [{"name": "alice", "ai": None}, {"name": "bob", "ai": None}]},
    ))
    slot.release()
    old = History().add(GameRecord(rules="classic", seed=3, players=["alice", "bob"],
                                   moves=[], outcome="p0", reason="concession"))
    keep.games_path().parent.mkdir(parents=True, exist_ok=True)
    keep.games_path().write_text(json.dumps({
        "format": "cuttle-serve-games/1",
        "games": {slot.name: {"id": "a1", "keys": [key_fp(0), key_fp(1)]}},
        "finished": {key_fp(0): [old]},
    }))

    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            assert len(server.hall.matches) == 1
            assert saves.list_saves() == []
            ids = keep.finished(key_fp(0))
            assert len(ids) == 1
            row = store.history().game(ids[0])
            assert row is not None and row.players == ("alice", "bob")

    asyncio.run(scenario())


# -- item 18: the host's paths and the host's terminal ------------------------------------------
def test_a_history_that_cannot_be_read_is_told_without_the_hosts_path(tmp_path: Path) -> None:
    for path in (data_dir() / "history.db", store.history_path()):
        path.mkdir(parents=True, exist_ok=True)  # not a database: every use of it fails
    keep.add_finished([key_fp(0)], 1)

    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            alice = await connect(port_of(server), "alice", key(0))
            await alice.wait(LOBBY)
            await alice.line("games")
            await alice.wait("the history cannot be read")
            await alice.line("replay 1")
            await alice.wait("game 1 cannot be read")
            shown = "".join(alice.text().split())  # a path wrapped over lines is found too
            assert "history.db" not in shown and str(data_dir())[:12] not in shown
            assert "the server's log says why" in alice.text()

    asyncio.run(scenario())


def test_a_finished_game_that_cannot_be_recorded_is_told_without_a_path() -> None:
    store.history_path().mkdir(parents=True)
    record = GameRecord(rules="classic", seed=3, players=["alice", "bob"], moves=[],
                        outcome="p0", reason="concession")
    game_id, problem = store.record_finished(record, None, None)
    assert game_id is None and problem is not None
    assert "history.db" not in problem and str(data_dir()) not in problem


def test_library_warnings_go_to_the_servers_log_not_its_terminal(tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    code = (
        "import logging, sys\n"
        "from pathlib import Path\n"
        "from cuttle.commands.serve import route_logs\n"
        f"route_logs(Path({str(log)!r}))\n"
        "logging.getLogger('asyncio').warning('socket.send() raised exception.')\n"
        "logging.getLogger('concurrent.futures').error('a worker broke')\n"
        "import warnings, threading\n"
        "warnings.warn('a library warns')\n"
        "def boom(): raise RuntimeError('a thread broke')\n"
        "t = threading.Thread(target=boom); t.start(); t.join()\n"
    )
    run = subprocess.run([sys.executable, "-c", code], env=cli_env(tmp_path),
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and run.stderr == "" and run.stdout == ""
    text = log.read_text()
    assert "socket.send() raised exception." in text and "a worker broke" in text
    assert "a library warns" in text and "a thread broke" in text


# -- item 17: the AI's workers end with the server -----------------------------------------------
WORKER_SCRIPT = """
import multiprocessing, sys, time
from multiprocessing import resource_tracker
from cuttle import Game
from cuttle.serve.aipool import AIPool

if __name__ == "__main__":
    pool = AIPool(1)
    pool.choose("random", Game.new(seed=3), 3, None)  # the worker is started by a first move
    workers = [p.pid for p in multiprocessing.active_children()]
    tracker = resource_tracker._resource_tracker._pid
    print(" ".join(str(p) for p in [*workers, tracker] if p), flush=True)
    time.sleep(600)
"""


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ", 1)[1][0] != "Z"
    except (OSError, IndexError):
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_ais_worker_processes_end_when_the_server_is_killed(tmp_path: Path) -> None:
    script = tmp_path / "server.py"
    script.write_text(WORKER_SCRIPT)
    proc = subprocess.Popen([sys.executable, str(script)], env=cli_env(tmp_path),
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    pids = [int(p) for p in proc.stdout.readline().split()]
    try:
        assert len(pids) >= 2 and all(alive(p) for p in pids)
        proc.kill()  # SIGKILL: no clean-up of any kind
        proc.wait(timeout=30)
        end = time.monotonic() + 30
        while any(alive(p) for p in pids) and time.monotonic() < end:
            time.sleep(0.1)
        assert [p for p in pids if alive(p)] == []
    finally:
        for p in pids:
            if alive(p):
                os.kill(p, signal.SIGKILL)


def test_a_server_that_cannot_have_its_port_leaves_every_game_as_it_was(tmp_path: Path) -> None:
    import socket

    import asyncssh

    from cuttle.serve.server import Settings

    name = saved_game()
    before = keep.games_path().read_bytes()
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()

    async def scenario() -> None:
        settings = Settings(bind="127.0.0.1", port=taken.getsockname()[1], authorized=None)
        server = Server(settings, asyncssh.generate_private_key("ssh-ed25519"))
        with pytest.raises(OSError):
            await server.start()
        assert server.hall.matches == {}  # no game taken up for a server that does not run
        await server.stop("stop")
        assert not server.lock.held

    try:
        asyncio.run(scenario())
    finally:
        taken.close()
    assert keep.games_path().read_bytes() == before and name in keep.load()
