"""A session keeps what it writes where its ``Places`` say (a server's sessions each their own),
and measures the game with the clock it is given."""

from __future__ import annotations

import json
import os
from io import StringIO
from pathlib import Path
from typing import Any

from cuttle.files.saves import Slot
from cuttle.files.settings import Settings
from cuttle.files.storage import GameRecord
from cuttle.play.places import Places
from cuttle.play.session import GameSession, Options, Seat
from cuttle.ui.terminal import PlainIO, make_console

WRITES: list[int] = []


class FolderSlot(Slot):
    """A save slot in a folder of the test's own (no lock)."""

    def __init__(self, folder: Path) -> None:
        super().__init__("mine-1", None)
        self.folder = folder

    @property
    def path(self) -> Path:
        return self.folder / "mine-1.json"

    def write(self, record: GameRecord) -> None:
        WRITES.append(len(record.moves))
        self.folder.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps(record.to_json()), encoding="utf-8")

    def remove(self) -> None:
        self.path.unlink(missing_ok=True)

    def release(self) -> None:
        return None


def test_a_session_saves_keeps_records_and_sets_through_its_places(tmp_path: Path) -> None:
    calls: dict[str, list[Any]] = {"slot": [], "kept": [], "history": [], "settings": []}
    slot_dir = tmp_path / "mine"

    def new_slot(seed: int | None) -> Slot:
        calls["slot"].append(seed)
        return FolderSlot(slot_dir)

    def keep_finished(record: GameRecord) -> Path:
        calls["kept"].append(record.outcome)
        return tmp_path / "kept.json"

    def record_finished(
        record: GameRecord, duration: float | None, source: str | None
    ) -> tuple[int | None, str | None]:
        calls["history"].append((duration, source))
        return 7, None

    def save_settings(settings: Settings, base: Settings | None = None) -> Path:
        # base: what the change was made on, so only the changed setting is written
        assert base is not None and base.pace != settings.pace
        calls["settings"].append(settings.pace)
        return tmp_path / "settings.json"

    ticks = iter([100.0, 142.5])
    places = Places(
        new_slot=new_slot,
        keep_finished=keep_finished,
        record_finished=record_finished,
        load_settings=lambda: (Settings(), []),
        save_settings=save_settings,
        settings_path=lambda: tmp_path / "settings.json",
        clock=lambda: next(ticks),
    )
    out = StringIO()
    lines = "draw\nsettings pace fast\ndraw\nconcede\ny\n"
    io = PlainIO(make_console(out, interactive=False), StringIO(lines))
    seats = (Seat("Ann"), Seat("Bob"))
    result = GameSession(3, "classic", seats, io, Options(), places=places).run()
    assert result == "over"
    assert calls["slot"] == [3] and calls["kept"] == ["p1"]
    assert WRITES == [1, 2]  # saved there after each move while in play
    assert not (slot_dir / "mine-1.json").exists()  # and removed once the game was kept
    assert calls["history"] == [(42.5, "kept.json")]  # the game's length by the given clock
    assert calls["settings"] == ["fast"]
    assert "pace: fast (saved;" in out.getvalue()
    # nothing reached the player's own directories
    for var in ("XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        home = Path(os.environ[var])
        assert not home.exists() or not any(home.rglob("*.json")), var


def test_the_ai_of_a_session_decides_through_its_places(tmp_path: Path) -> None:
    """A server hands its sessions a ``choose_move`` that searches elsewhere: the session asks it
    for every AI move, and the game is the same as with the default (the same seeded player)."""
    from cuttle import Game, Move
    from cuttle.play import players

    asked: list[tuple[str, int, int, float | None]] = []

    def choose_move(level: str, game: Game, game_seed: int, think: float | None) -> Move:
        asked.append((level, len(game.history), game_seed, think))
        return players.choose_move(level, game, game_seed, think)

    def play(places: Places) -> list[tuple[int, str]]:
        io = PlainIO(make_console(StringIO(), interactive=False), StringIO("draw\n" * 6))
        seats = (Seat("Ann"), Seat("Bot", "medium"))
        session = GameSession(11, "classic", seats, io, Options(save=False), places=places)
        session.run()
        return [(p, str(m)) for p, m in session.game.history]

    default = play(Places())
    hooked = play(Places(choose_move=choose_move))
    assert hooked == default
    ai_plies = [i for i, (p, _) in enumerate(default) if p == 1]
    assert ai_plies and [a[1] for a in asked] == ai_plies
    assert {(a[0], a[2], a[3]) for a in asked} == {("medium", 11, None)}
