"""The AI's moves on the server, searched in worker processes.

The hard AI searches for seconds in pure Python: in a thread it would hold the interpreter that
draws every player's screen. ``AIPool`` hands each decision to a process of its own (the game is
sent as its rules, seed and moves, and replayed there; the move comes back as text), so the event
loop stays free. The decision is the one ``cuttle.play.players.choose_move`` makes in the game's
own thread (the same seeded player), and it is made there when there are no worker processes or
the pool broke.
"""

from __future__ import annotations

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


def _quiet(server: int) -> None:
    """A worker writes nothing to the server's terminal, leaves Ctrl-C to the server, and ends
    when the server (process ``server``) is gone, even killed with SIGKILL: its queues would
    keep it waiting for good (each worker holds their write ends too), and with it the
    resource tracker."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
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

    def __init__(self, processes: int) -> None:
        self.pool: ProcessPoolExecutor | None = None
        if processes > 0:
            self.pool = ProcessPoolExecutor(
                processes, mp_context=multiprocessing.get_context("spawn"), initializer=_quiet,
                initargs=(os.getpid(),),
            )

    def choose(self, level: str, game: Game, game_seed: int, think: float | None) -> Move:
        """The AI's move for whoever is to move in ``game`` (which is not changed)."""
        if self.pool is not None:
            moves = [str(m) for _, m in game.history]
            try:
                future = self.pool.submit(
                    _choose, level, str(game.rules), game_seed, moves, think
                )
                return Move.parse(future.result())
            except (BrokenProcessPool, CancelledError, RuntimeError, OSError) as exc:
                log.warning("the AI's worker processes failed (%s): it thinks in the game", exc)
                self.pool = None
        return players.choose_move(level, game, game_seed, think)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None
