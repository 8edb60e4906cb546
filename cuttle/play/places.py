"""Where a game session keeps what it writes: its save slot, the kept record, the history of
finished games, the settings; the clock it measures the game's length with; and where its AI
thinks.

A session is handed one ``Places`` (the default one: the player's own directories, through
``cuttle.files``, and the AI in the session's own thread), so several sessions in one process (a
server's) can each keep their games where they belong and think where the server says, and a test
can hand one its own.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from cuttle import Game, Move
from cuttle.files import history, saves, settings, storage
from cuttle.files.saves import Slot
from cuttle.files.settings import Settings
from cuttle.files.storage import GameRecord
from cuttle.play import players


@dataclass(frozen=True)
class Places:
    """The file operations, the clock and the AI's decisions of one session (defaults: this
    user's directories, ``time.monotonic``, ``players.choose_move`` in the session's thread).

    ``choose_move(level, game, game_seed, think)`` is the move of the AI of ``level`` for whoever
    is to move in ``game`` (which it must not change); a replacement must make the same decision
    (the same seeded player) wherever it searches, so a seed replays the same game."""

    new_slot: Callable[[int | None], Slot] = saves.new_slot
    keep_finished: Callable[[GameRecord], Path] = storage.keep_finished
    record_finished: Callable[
        [GameRecord, float | None, str | None], tuple[int | None, str | None]
    ] = history.record_finished
    load_settings: Callable[[], tuple[Settings, list[str]]] = settings.load_settings
    save_settings: Callable[..., Path] = settings.save_settings  # (new, base=what was read)
    settings_path: Callable[[], Path] = settings.settings_path
    clock: Callable[[], float] = time.monotonic
    choose_move: Callable[[str, Game, int, float | None], Move] = players.choose_move

    @classmethod
    def off_the_history(cls) -> Places:
        """This user's places, but a finished game stays out of the history, the statistics and
        the rating (its record is kept all the same): a piped game unless asked for."""
        return cls(record_finished=history.leave_out)
