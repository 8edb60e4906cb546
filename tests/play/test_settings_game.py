"""The in-game ``settings`` command: shown and changed in a game (the same file and validation as
``cuttle settings``), applied where it can be, and never changing the game itself."""

from __future__ import annotations

import json
import re
from io import StringIO
from pathlib import Path

import pytest
from appdriver import VS_AI, Driver, play

from cuttle.files.settings import load_settings, settings_path
from cuttle.play.places import Places
from cuttle.play.session import GameSession, Options, Seat
from cuttle.ui.terminal import PlainIO, make_console

SEATS = (Seat("You"), Seat("AI (easy)", "easy"))


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for var, sub in (("XDG_DATA_HOME", "data"), ("XDG_STATE_HOME", "state"),
                     ("XDG_CONFIG_HOME", "config")):
        monkeypatch.setenv(var, str(tmp_path / sub))


def piped(lines: list[str], seed: int = 5) -> tuple[str, list[str]]:
    """A plain (piped) game: its transcript and its moves."""
    out = StringIO()
    io = PlainIO(make_console(out, interactive=False), StringIO("".join(x + "\n" for x in lines)))
    session = GameSession(seed, "classic", SEATS, io, Options(save=False))
    session.run()
    return out.getvalue(), [str(m) for _, m in session.game.history]


def without(transcript: str, command: str) -> str:
    """The transcript less the command's line and the one line it answered with."""
    lines = transcript.splitlines()
    at = next(i for i, line in enumerate(lines) if line.endswith(f"> {command}"))
    return "\n".join(lines[:at] + lines[at + 2 :])


def test_a_change_in_a_piped_game_adds_only_its_own_lines_and_keeps_the_game() -> None:
    plain, moves = piped(["draw", "draw", "draw", "quit"])
    text, moves_with = piped(["draw", "settings pace fast", "draw", "draw", "quit"])
    assert moves_with == moves  # same seed, same moves: the AI answered the same
    assert "pace: fast (saved; plain output never pauses" in text
    assert without(text, "settings pace fast") == plain.rstrip("\n")
    assert load_settings()[0].pace == "fast"
    assert json.loads(settings_path().read_text())["pace"] == "fast"


def test_pace_in_a_piped_game_says_it_never_pauses_and_changes_nothing_else() -> None:
    plain, moves = piped(["draw", "draw", "quit"])
    text, moves_with = piped(["draw", "pace fast", "pace slow", "draw", "quit"])
    assert moves_with == moves
    assert "You> pace fast\nPace: fast (plain output never pauses; it applies on the full " in text
    assert "You> pace slow\npace takes step, normal or fast.\n" in text
    assert not settings_path().exists()  # for this game only: the setting is not written


def test_settings_are_shown_and_bad_changes_change_nothing() -> None:
    text, _ = piped(["settings", "settings ai", "settings ai bogus", "settings bogus 1",
                     "settings a b c", "quit"])
    assert "You> settings\nSettings\n" in text and re.search(r"(?m)^coach +off +after each", text)
    shown_one = text.split("You> settings ai\n", 1)[1].split("You> ", 1)[0]
    assert re.search(r"(?m)^ai +medium", shown_one) and not re.search(r"(?m)^pace", shown_one)
    assert "Nothing changed: ai must be one of random, easy, medium, hard, not 'bogus'." in text
    assert "Nothing changed: no setting 'bogus'" in text and "Too many words" in text
    assert not settings_path().exists()  # nothing was written


def test_an_unusable_settings_file_is_not_replaced_from_the_game() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text("[1, 2]", encoding="utf-8")
    text, _ = piped(["settings coach on", "quit"])
    assert "Nothing changed: settings file" in text
    assert path.read_text(encoding="utf-8") == "[1, 2]"


def test_cards_and_coach_take_effect_in_a_piped_game() -> None:
    text, _ = piped(["settings cards ascii", "settings coach on", "moves", "quit"])
    after = text.split("You> moves", 1)[1]
    assert "cards: ascii (saved; from now on)." in text and "coach: on" in text
    assert "♦" not in after and "♠" not in after and "♣" not in after and "♥" not in after


def test_on_the_full_screen_pace_and_cards_change_at_once() -> None:
    def script(d: Driver) -> None:
        # the game's thread answers each line in its own time: wait for it, not a fixed pause
        d.keys("settings\r")
        d.until(lambda: bool(d.io.overlays) and d.io.overlays[-1].title == "Settings")
        d.keys("settings pace step\r")
        d.until(lambda: d.io.pace == "step" and any("pace: step" in m for m in d.io.messages))
        d.keys("settings cards ascii\r")
        d.until(lambda: d.io.style.ascii)
        d.ready()
        d.until(lambda: d.io.tbl is not None and d.io.tbl.style.ascii)  # the board drawn again
        d.keys("quit\r")

    session, _, _ = play(script, VS_AI, pace="fast")
    assert session.style.ascii and load_settings()[0].cards == "ascii"


def test_a_failed_write_of_the_settings_is_told_in_one_safe_line() -> None:
    """The reason of a failed write is the file layer's ``os_reason``: an error without a
    strerror (its text may hold what a path held) reaches the terminal escaped."""

    def refuse(new: object, base: object = None) -> Path:
        raise OSError("cannot write \x1b]0;owned\x07 here")

    out = StringIO()
    io = PlainIO(make_console(out, interactive=False), StringIO(""))
    session = GameSession(5, "classic", SEATS, io, Options(save=False),
                          places=Places(save_settings=refuse))
    session.handle("settings pace fast", 0)
    text = out.getvalue()
    assert "Nothing changed: could not write" in text
    assert "\x1b" not in text and "\\x1b]0;owned\\x07" in text
    assert not settings_path().exists()
