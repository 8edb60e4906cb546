"""A counter window answered for a player (nothing but resolve) says why to that player only:
the reason is their hand. The other seat, spectators and the hot-seat hand-over read the answer
as after any resolve; a window a queen skipped says so to everyone (the queen is public)."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console

from cuttle.play.session import GameSession, Options, Seat
from cuttle.serve.spectators import public_model
from cuttle.ui.terminal import PlainIO

SEATS = (Seat("alice"), Seat("AI", "medium"))
MOVES = ["points 10d", "points 9s", "perm kd"]  # seed 1: the AI then plays 6H; alice has no 2


@pytest.fixture(autouse=True)
def _xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def played() -> GameSession:
    out = StringIO()
    console = Console(file=out, width=80, color_system=None, highlight=False)
    io = PlainIO(console, StringIO("".join(line + "\n" for line in MOVES)))
    session = GameSession(1, "classic", SEATS, io, Options())
    session.run()
    return session


def test_why_a_window_was_answered_is_told_to_its_player_only() -> None:
    session = played()
    forced = [e for e in session.log if e.move == "resolve"]
    assert forced, [e.public for e in session.log]
    entry = forced[0]
    assert entry.actor == 0
    assert entry.text_for(0) == "alice could not counter (no 2 in hand): AI's 6♥ takes effect"
    for line in (entry.public, entry.text_for(1)):
        assert line == "alice let it resolve: AI's 6♥ takes effect"
    watched = public_model(session).events
    assert "alice let it resolve: AI's 6♥ takes effect" in watched
    assert not any("in hand" in line or "could not" in line for line in watched)
    assert entry.text_for(None).startswith("alice could not counter")  # the replay: all shown


def test_the_same_lines_when_the_game_is_rebuilt_from_its_moves() -> None:
    session = played()
    moves = [str(m) for _, m in session.game.history]
    again = GameSession(1, "classic", SEATS, session.io, Options(), moves=moves)
    assert [(e.public, e.text_for(0), e.text_for(1)) for e in again.log] == [
        (e.public, e.text_for(0), e.text_for(1)) for e in session.log
    ]
