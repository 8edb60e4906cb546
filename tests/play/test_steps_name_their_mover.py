"""At three and four seats each step of the others' turns carries whose move it shows, so the
screen can say "Bob's turn, step by step" instead of "The others' turns"; and a cutthroat
concession says the seat is out."""

from __future__ import annotations

from pathlib import Path

import pytest
from scriptio import ScriptIO

from cuttle.play.session import GameSession, Options, Seat


@pytest.fixture(autouse=True)
def _xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


@pytest.mark.parametrize("rules, seats", [("classic+cutthroat", 3), ("classic+teams", 4)])
def test_every_step_names_the_seat_that_moved(rules: str, seats: int) -> None:
    table = (Seat("You"),) + tuple(Seat(f"AI {i}", "random") for i in range(1, seats))
    io = ScriptIO(lines=["draw"] * 12, interactive=True)
    session = GameSession(5, rules, table, io, Options(save=False))
    session.run()
    steps = [model for model, own in io.events if not own]
    assert steps, "the AIs moved and nothing was told step by step"
    assert all(model.actor is not None and model.actor != 0 for model in steps)
    assert {model.actor for model in steps} <= set(range(1, seats))


def test_a_cutthroat_concession_says_the_seat_is_out() -> None:
    table = (Seat("Ann"), Seat("Bob"), Seat("Cid"))
    io = ScriptIO(lines=["concede"], answers=["y"])
    session = GameSession(5, "classic+cutthroat", table, io, Options(save=False))
    session.run()
    said = [e.public for e in session.log if e.move == "concede"]
    assert said and said[0].startswith(f"{table[session.log[-1].actor].name} conceded and is out")


def test_after_conceding_the_log_still_hides_the_others_draws() -> None:
    """A seat that is out reads the log as its seat did: the AIs' draws stay unnamed, on the
    final table too (the table shows the hands then, the log does not tell the deck's order)."""
    table = (Seat("You"), Seat("AI 1", "easy"), Seat("AI 2", "easy"))
    io = ScriptIO(lines=["concede"], answers=["y", "n"], interactive=True)
    session = GameSession(11, "classic+cutthroat", table, io, Options(save=False))
    session.run()
    assert session.game.outcome is not None
    shown = [m.events for m in io.tables] + [m.events for m, _ in io.events]
    drawn = [line for events in shown for line in events if " drew " in line]
    assert drawn, "the AIs drew nothing after the concession: the test shows nothing"
    assert all(line.endswith("drew a card") for line in drawn), drawn


def test_the_seats_line_stays_until_the_person_first_moves_when_the_ais_begin() -> None:
    """After a rematch the seats turn: with the AIs moving first, the start's notices (the seat
    numbers that ``>1``/``@1`` mean) are still under the table when it is your turn."""
    table = (Seat("AI 1", "easy"), Seat("AI 2", "easy"), Seat("You"))
    io = ScriptIO(lines=[], interactive=True)
    session = GameSession(12, "classic+cutthroat", table, io, Options(save=False))
    session.announce("Seats: 0 AI 1 · 1 AI 2 · 2 You.")
    session.run()
    yours = [m for m in io.tables if m.viewer == 2 and "thinking" not in (m.status or "")]
    assert yours and "Seats: 0 AI 1" in yours[0].footer, [m.footer for m in io.tables]
