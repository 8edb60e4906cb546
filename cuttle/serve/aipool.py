"""The AI's moves on the server, searched in worker processes.

The hard AI searches for seconds in pure Python: in a thread it would hold the interpreter that
draws every player's screen. ``AIPool`` hands each decision to a process of its own (the game is
sent as its rules, seed and moves, and replayed there; the move comes back as text), so the event
loop stays free. The decision is the one ``cuttle.play.players.choose_move`` makes in the game's
own thread (the same seeded player), and it is made there when there are no worker processes.
When a worker dies (killed, out of memory) the pool is broken: it is started again, and the
decision asked again there, at most ``MAX_RESTARTS`` times in the server's life (each logged);
past that the AI thinks in the games' own threads, and the log says so.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import CancelledError, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from cuttle import Game, Move
from cuttle.play import players

log = logging.getLogger("cuttle.serve")


WATCH_INTERVAL = 0.5  # seconds between a worker's looks at whether the server still runs
MAX_RESTARTS = 5  # times the worker processes are started again after one died
# how much lower a worker's CPU priority is than the server's: the people's screens are drawn
# first and the AI thinks with what is left (on two cores a hard search beside the screens
# took the loop's core often enough to put 300 ms on a key's echo)
NICENESS = 10


def _quiet(server: int) -> None:
    """A worker writes nothing to the server's terminal, leaves Ctrl-C to the server, yields
    the CPU to the server (``NICENESS``), and ends when the server (process ``server``) is
    gone, even killed with SIGKILL: its queues would keep it waiting for good (each worker
    holds their write ends too), and with it the resource tracker."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError):  # a system that refuses it: the same priority
        os.nice(NICENESS)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    os.close(devnull)
    threading.Thread(target=_watch, args=(server,), name="cuttle-watch", daemon=True).start()


def _watch(server: int) -> None:
    """End this worker once its parent is no longer ``server`` (it died: the worker was
    handed to another parent). A poll, not PR_SET_PDEATHSIG: that signal follows the thread
    that started the worker (a game's thread, which ends long before the server)."""
    while os.getppid() == server:
        time.sleep(WATCH_INTERVAL)
    os._exit(0)


def _choose(level: str, rules: str, seed: int, moves: list[str], think: float | None) -> str:
    """In a worker: the game replayed from its moves, the AI's move as text."""
    game = Game.new(seed=seed, rules=rules)
    for move in moves:
        game.play(move)
    return str(players.choose_move(level, game, seed, think))


class AIPool:
    """Worker processes for the AI's decisions (``processes`` 0: in the caller's thread)."""

    def __init__(self, processes: int, max_restarts: int = MAX_RESTARTS) -> None:
        self.processes = processes
        self.restarts = 0  # times the pool was started again
        self.max_restarts = max_restarts
        self._lock = threading.Lock()
        self._closed = False
        self.pool: ProcessPoolExecutor | None = self._start() if processes > 0 else None

    def _start(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            self.processes, mp_context=multiprocessing.get_context("spawn"), initializer=_quiet,
            initargs=(os.getpid(),),
        )

    def choose(self, level: str, game: Game, game_seed: int, think: float | None) -> Move:
        """The AI's move for whoever is to move in ``game`` (which is not changed)."""
        moves = [str(m) for _, m in game.history]
        for _ in range(2):  # the pool, and once more in a pool started again after a break
            pool = self.pool
            if pool is None:
                break
            try:
                future = pool.submit(_choose, level, str(game.rules), game_seed, moves, think)
                return Move.parse(future.result())
            except (BrokenProcessPool, CancelledError, RuntimeError, OSError) as exc:
                self._broken(pool, exc)
        return players.choose_move(level, game, game_seed, think)

    def _broken(self, pool: ProcessPoolExecutor, exc: BaseException) -> None:
        """``pool`` failed: started again (once, whichever game saw it first) while restarts
        are left and the server is not stopping; else the AI thinks in the games' threads."""
        with self._lock:
            if self.pool is not pool:
                return  # another game's decision restarted it already
            pool.shutdown(wait=False, cancel_futures=True)
            if self._closed or self.restarts >= self.max_restarts:
                self.pool = None
                if not self._closed:
                    log.warning("the AI's worker processes failed (%s) after %d restarts: it "
                                "thinks in the games' threads from now on", exc, self.restarts)
                return
            self.restarts += 1
            try:
                self.pool = self._start()
            except OSError as again:
                self.pool = None
                log.warning("the AI's worker processes failed (%s) and cannot be started "
                            "again (%s): it thinks in the games' threads", exc, again)
                return
            log.warning("the AI's worker processes failed (%s): started again (%d of at most "
                        "%d restarts)", exc, self.restarts, self.max_restarts)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            pool, self.pool = self.pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
