"""The full-screen ``cuttle play`` in a pseudo-terminal, read back through a VT100 emulator (pyte):
what is on the screen at 80×24, 120×40 and 60×20."""

from __future__ import annotations

import json
import signal
from pathlib import Path

import pytest

from cuttle import Game
from cuttle.text.cardtext import CardStyle

pytest.importorskip("pexpect")
pytest.importorskip("pyte")

from ptyscreen import Term  # noqa: E402

PROMPT = r"(?m)^(You|Player \d)( \([^)]*\))?> "
STYLE = CardStyle()


def test_board_stays_with_help_open_redraws_on_resize_and_quit_restores(tmp_path: Path) -> None:
    t = Term(["play", "--seed", "9", "--ai", "random"], tmp_path, 80, 24)
    t.wait(PROMPT)
    assert t.screen.display[0].startswith("AI (random)")
    assert "You: turn" in t.bottom() and "seed 9" in t.bottom()
    t.line("help")
    t.wait("Commands")
    t.settle()
    screen = t.text()
    assert screen.splitlines()[0].startswith("AI (random)")  # the board is still there
    assert "You ◀" in screen and "hand " in screen
    t.send("\x1b")
    t.settle()
    assert "Commands" not in t.text() and "You ◀" in t.text()
    t.resize(120, 40)
    t.wait(r"(?m)^AI \(random\).*│")  # the log moved beside the board, at once
    t.settle()
    assert len(t.screen.display) == 40 and "You: turn" in t.bottom()
    t.resize(40, 12)
    t.wait(r"cuttle needs at\s+least 56×16")  # not a broken board: what size it needs
    t.resize(80, 24)
    t.wait(r"(?m)^You ◀")
    t.line("quit")
    assert t.finish() == 0
    assert b"\x1b[?1049h" in t.raw and b"\x1b[?1049l" in t.raw  # the shell's screen is back
    assert "nothing to save" in t.text()  # no move was made: no save, and no claim of one


def test_a_long_paste_is_cut_and_said_on_the_screen(tmp_path: Path) -> None:
    t = Term(["play", "--seed", "9", "--ai", "random"], tmp_path, 80, 24)
    t.wait(PROMPT)
    for _ in range(6):  # as a terminal may hand over a paste: in pieces
        t.send("x" * 100)
        t.pump(0.05)
    t.wait("at most 200 characters: the rest was cut")
    t.settle()
    assert t.text().count("at most 200 characters") == 1
    t.send("\x15")  # Ctrl-U empties the line
    t.line("quit")
    assert t.finish() == 0


def test_a_seven_chain_is_told_step_by_step(tmp_path: Path) -> None:
    # Seed 72, random AI: after two draws it plays 7♥, reveals 7♦, plays it, reveals J♣.
    t = Term(["play", "--seed", "72", "--ai", "random", "--pace", "step"], tmp_path, 80, 24)
    t.wait(PROMPT)
    t.line("draw")
    t.wait("step by step")
    t.send(" ")
    t.wait(PROMPT)
    t.line("draw")
    t.wait(r"played 7♥ as a one-off")
    assert "played 7♦" not in t.text()
    assert "revealed 7♦" in t.text()  # the table shows the revealed card
    t.send(" ")
    t.wait(r"played 7♦ as a one-off")
    assert "J♣" in t.text()
    t.send(" ")
    t.wait(r"scrapped J♣|J♣ to the scrap|discarded J♣|J♣")
    t.send("\x1b")
    t.wait(PROMPT)
    t.line("quit")
    assert t.finish() == 0


def test_a_25_card_hand_fits_at_60_columns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    moves = ["draw"] * 40  # twenty draws each: you hold 25 cards, the AI 26
    game = Game.new(seed=3)
    for m in moves:
        game.play(m)
    hand = game.view(0)["hands"][0]
    assert len(hand) == 25
    save = tmp_path / "state" / "cuttle" / "game.json"
    save.parent.mkdir(parents=True)
    record = {
        "format": "cuttle-game/1",
        "rules": "classic",
        "seed": 3,
        "players": ["You", "AI (random)"],
        "controllers": ["human", "ai:random"],
        "moves": moves,
        "outcome": None,
        "reason": None,
        "session": {
            "seats": [{"name": "You", "ai": None}, {"name": "AI (random)", "ai": "random"}]
        },
    }
    save.write_text(json.dumps(record))
    t = Term(["play", "--resume"], tmp_path, 60, 20)
    t.wait(PROMPT)
    screen = t.text()
    for card in hand:
        assert STYLE.plain(card) in screen
    assert any(row.startswith("You ◀") and "score 0 / 21" in row for row in t.screen.display)
    assert any(row.startswith("AI (random)") and "26 cards" in row for row in t.screen.display)
    t.line("quit")
    assert t.finish() == 0


def test_hotseat_handoff_hides_both_hands(tmp_path: Path) -> None:
    t = Term(["play", "--hotseat", "--seed", "5"], tmp_path, 80, 24)
    t.wait("Pass to Player 1")
    assert "seed 5" not in t.text()
    t.line("")
    t.wait(PROMPT)
    assert "seed" not in t.text()
    t.line("draw")
    t.wait("Pass to Player 2")
    t.settle()
    game = Game.new(seed=5)
    game.play("draw")
    pos = game.to_position()
    cards = [STYLE.plain(c) for c in pos["hands"][0] + pos["hands"][1]]
    seen = t.history()
    assert [c for c in cards if c in seen] == []
    assert b"\x1b[3J" in t.raw  # the terminal's scrollback was cleared at the start
    t.line("")
    t.wait(PROMPT)
    t.send("\x1b[A")  # Up: Player 2 has no history; Player 1's "draw" stays private
    t.settle()
    assert "Player 2> draw" not in t.text()
    t.line("quit")
    assert t.finish() == 0


def test_replay_in_the_same_frame_with_the_move_list_beside(tmp_path: Path) -> None:
    import random

    game = Game.new(seed=4)
    rng = random.Random(1)
    while game.outcome is None:
        game.play(rng.choice(game.legal_moves()))
    moves = [str(m) for _, m in game.history]
    record = tmp_path / "game.json"
    data = {"format": "cuttle-game/1", "rules": "classic", "seed": 4, "players": ["A", "B"]}
    data |= {"moves": moves, "outcome": game.outcome, "reason": game.outcome_reason}
    record.write_text(json.dumps(data))
    last = len(moves)
    t = Term(["replay", str(record)], tmp_path, 120, 40)
    t.wait(rf"Move 0/{last}")
    assert "│ 1. " in t.screen.display[0]  # the move list beside the board
    t.send("n")
    t.wait(rf"Move 1/{last}")
    t.send("\x1b[F")  # End
    t.wait(rf"Move {last}/{last} · Result")
    t.send("5\r")
    t.wait(rf"Move 5/{last}")
    t.send("q")
    assert t.finish() == 0


def test_sigterm_on_the_full_screen_saves_restores_the_screen_and_says_so(tmp_path: Path) -> None:
    t = Term(["play", "--seed", "3", "--ai", "random"], tmp_path, 80, 24)
    t.wait(PROMPT)
    t.line("draw")
    t.wait(PROMPT)
    t.settle()
    t.child.kill(signal.SIGTERM)
    status = t.finish()
    assert status == 143
    assert b"\x1b[?1049l" in t.raw  # the shell's screen is back
    assert "SIGTERM received: Game saved as game-1" in t.text()
    saved = list((tmp_path / "state").rglob("game-1.json"))
    assert saved and json.loads(saved[0].read_text())["moves"][:1] == ["draw"]


def test_a_line_typed_right_after_esc_keeps_its_first_letter(tmp_path: Path) -> None:
    """Esc, then ``log`` at once: the log opens (before, Esc l was an Emacs chord and the game
    read ``og``); Esc still closes it, and a line typed right after that is whole too."""
    t = Term(["play", "--seed", "9", "--ai", "random", "--pace", "fast"], tmp_path, 80, 24)
    t.wait(PROMPT)
    t.line("draw")
    t.wait("AI \\(random\\) (drew|played|scrapped|passed)")
    t.wait(PROMPT)
    t.send("\x1blog\r")
    t.wait("The game so far")
    t.send("\x1b")
    t.settle()
    assert "The game so far" not in t.text()
    t.send("\x1bhelp\r")
    t.wait("Commands")
    t.send("\x1b\x1bquit\r")
    assert t.finish() == 0


def test_the_replay_of_a_game_the_ai_began_draws_you_below(tmp_path: Path) -> None:
    """The AI moved first (seat 0) and You were seat 1: the replay draws You below, as the game
    did (before, the first seat was always below: You at the top, the AI in your place)."""
    import random

    game = Game.new(seed=4)
    rng = random.Random(1)
    while game.outcome is None:
        game.play(rng.choice(game.legal_moves()))
    moves = [str(m) for _, m in game.history]
    record = tmp_path / "game.json"
    data = {"format": "cuttle-game/1", "rules": "classic", "seed": 4,
            "players": ["AI (easy)", "You"], "controllers": ["easy", "human"]}
    data |= {"moves": moves, "outcome": game.outcome, "reason": game.outcome_reason}
    record.write_text(json.dumps(data))
    t = Term(["replay", str(record)], tmp_path, 80, 24)
    t.wait(rf"Move 0/{len(moves)}")
    rows = t.screen.display
    you = [i for i, row in enumerate(rows) if row.startswith("You")]
    ai = [i for i, row in enumerate(rows) if row.startswith("AI (easy)")]
    assert you and ai and ai[0] < you[0], t.text()  # the AI at the top, You below
    t.send("q")
    assert t.finish() == 0
