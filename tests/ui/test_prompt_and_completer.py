"""The game's input line through prompt_toolkit (pipe input, dummy output) and the move completer
with Documents."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from appdriver import HOTSEAT, VS_AI, play, typed
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from cuttle import Game
from cuttle.files.storage import read_record
from cuttle.play.session import GameSession, Options, Seat
from cuttle.text.cardtext import CardStyle
from cuttle.text.intent import normalize_input
from cuttle.ui.terminal import MoveCompleter, PlainIO


def save_path() -> Path:
    """The one save slot the tests' single game uses."""
    from cuttle.files.saves import saves_dir

    found = sorted(saves_dir().glob("*.json"))
    assert len(found) <= 1, found
    return found[0] if found else saves_dir() / "none.json"


@pytest.fixture(autouse=True)
def _xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def run_terminal(
    chunks: list[str], seats: tuple[Seat, Seat], seed: int = 1
) -> tuple[GameSession, str, str]:
    """The session in the full-screen app, each chunk typed when the game asks; what the session
    handed the screen, as text."""
    session, io, result = play(typed(chunks), seats, seed, save=True)
    return session, str(result), io.transcript.getvalue()


def run_plain(
    lines: list[str], seats: tuple[Seat, Seat], seed: int = 1
) -> tuple[GameSession, str, str]:
    out = StringIO()
    console = Console(file=out, width=80, color_system=None, highlight=False)
    io = PlainIO(console, StringIO("".join(line + "\n" for line in lines)))
    session = GameSession(seed, "classic", seats, io, Options())
    return session, session.run(), out.getvalue()




def test_repl_plays_numbered_moves_and_quits() -> None:
    session, result, out = run_terminal(["moves\r", "1\r", "quit\r"], VS_AI)
    assert result == "quit"
    assert "Legal moves" in out
    assert str(session.game.history[0][1]) == "draw"
    assert len(session.game.history) >= 2  # the AI answered
    saved = read_record(save_path())
    assert saved.moves == [str(m) for _, m in session.game.history]


def test_ctrl_d_asks_and_the_game_stays_saved() -> None:
    # Ctrl-D at the prompt, "n" (stay), then Ctrl-D again and "y".
    session, result, out = run_terminal(["draw\r", "\x04", "n\r", "\x04", "y\r"], VS_AI)
    assert result == "quit"
    assert "Game saved" in out
    assert save_path().exists()


def test_ctrl_c_asks_whether_to_quit() -> None:
    session, result, out = run_terminal(["\x03", "y\r"], VS_AI)
    assert result == "quit"
    assert session.game.history == []


def test_bad_input_changes_nothing() -> None:
    junk = [
        "",
        "xyzzy",
        "scuttle",
        "points",
        "points 7D 7D",
        "99",
        "0",
        "7d",
        "x" * 500,
        "\x01\x02\x1f",
        "rules zz",
        "oneoff",
        "counter 2C",
        "discard",
        "take AS",
        "help",
        "log",
        "scrap",
        "undo",
    ]
    session, result, out = run_plain(junk, VS_AI)
    assert result == "eof"
    assert session.game.history == []
    assert "Traceback" not in out
    assert "too long" in out
    assert "Not a move or command: 'xyzzy'" in out


def test_bare_card_lists_its_moves_and_a_number_picks() -> None:
    g = Game.new(seed=1)
    card = str(g.legal_moves()[1]).split()[1]  # a card in the first player's hand
    session, result, out = run_plain([card.lower(), "1"], VS_AI)
    assert "What" in out and "can do" in out
    first = session.game.history[0][1]
    assert card in str(first)


def test_hotseat_plain_game_to_the_end() -> None:
    lines: list[str] = []
    mirror = Game.new(seed=5)
    while mirror.outcome is None:
        moves = mirror.legal_moves()
        pts = [m for m in moves if str(m).startswith("points")]
        move = max(pts, key=str) if pts else moves[0]
        lines.append(str(move))
        mirror.play(move)
    session, result, out = run_plain(lines + ["n"], HOTSEAT, seed=5)
    assert result == "over"
    assert session.game.outcome == mirror.outcome
    assert "Game over" in out
    assert not save_path().exists()  # finished: no game to resume, record kept instead
    from cuttle.files.storage import games_dir

    kept = list(games_dir().iterdir())
    assert len(kept) == 1 and read_record(kept[0]).outcome == mirror.outcome


def test_undo_returns_to_the_previous_decision() -> None:
    # seed 7: you play AC for points, the random AI draws (nothing hidden is shown to you)
    session, result, out = run_plain(["points AC", "undo"], VS_AI, seed=7)
    assert "Undone: back to your decision before you played A♣ for 1 point." in out
    assert session.game.history == [] and session.game.to_move == 0


def test_undo_never_shows_a_hidden_card_twice() -> None:
    # you drew a card: going back would let you look at the deck's top and take the look back
    session, result, out = run_plain(["draw", "draw", "undo"], VS_AI)
    # the refusal cites the log's lines, as the full screen's log (no numbers) shows them
    said = " ".join(out[out.index("Cannot undo") :].split())
    assert said.startswith("Cannot undo: your last decision (you drew ")
    assert "showed you a card that was hidden before it" in said and "move 3" not in said
    assert len(session.game.history) == 4


def test_hotseat_refuses_undo() -> None:
    session, result, out = run_plain(["draw", "undo"], HOTSEAT)
    assert "only against the AI" in out


def test_concede_needs_confirmation() -> None:
    session, result, out = run_plain(["concede", "n", "concede", "y", "n"], VS_AI)
    assert result == "over"
    assert session.game.outcome == "p1"
    assert "conceded" in out


def completions(text: str, moves: list[tuple[str, str]]) -> list[str]:
    completer = MoveCompleter(lambda: moves)
    doc = Document(text, len(text))
    return [
        c.text for c in completer.get_completions(doc, CompleteEvent(completion_requested=True))
    ]


def test_completer_offers_exactly_the_legal_moves() -> None:
    g = Game.new(seed=3)
    moves = [(str(m), "meta") for m in g.legal_moves()]
    typed = [CardStyle().typed(m) for m, _ in moves]  # a ten as the screen writes it: 10C
    assert completions("", moves) == typed
    assert completions("po", moves) == [m for m in typed if m.startswith("points")]
    assert completions("xyz", moves) == []


def test_completer_handles_aliases_and_bare_cards() -> None:
    moves = [("points TD", "10"), ("oneoff TD", "x"), ("points 7H", "7"), ("scuttle TD 9C", "s")]
    # a ten is completed as the screen writes it (10♦ in the list and the descriptions)
    assert completions("points 10d", moves) == ["points 10D"]
    assert completions("points t", moves) == completions("points 10", moves) == ["points 10D"]
    assert completions("POINTS 7♥", moves) == ["points 7H"]
    assert completions("10d", moves) == ["points 10D", "oneoff 10D", "scuttle 10D 9C"]
    ascii_only = MoveCompleter(lambda: moves, CardStyle(ascii=True))  # whose screen says TD
    doc = Document("points 10", 9)
    assert [c.text for c in ascii_only.get_completions(doc, CompleteEvent())] == ["points TD"]
    completer = MoveCompleter(lambda: moves, CardStyle())
    doc = Document("sc", 2)
    (c,) = list(completer.get_completions(doc, CompleteEvent()))
    assert c.display_meta_text == "s" and c.display_text == "scuttle 10♦ 9♣"
    assert c.start_position == -2


def test_normalize_input() -> None:
    assert normalize_input("Scuttle 10h  7♦") == "scuttle TH 7D"
    assert normalize_input("points ") == "points "


def test_hotseat_screens_do_not_leak_the_other_hand() -> None:
    g = Game.new(seed=2)
    g.play("draw")
    drawn = sorted(set(g.view(0)["hands"][0]) - set(Game.new(seed=2).view(0)["hands"][0]))
    card = CardStyle().plain(drawn[0])
    session, result, out = run_terminal(["\r", "draw\r", "\r", "quit\r"], HOTSEAT, seed=2)
    assert result == "quit"
    _, bob_turn = out.split("Pass to Bob")
    assert "Ann drew a card" in bob_turn
    assert f"Ann drew {card}" not in bob_turn
    for c in g.view(0)["hands"][0]:  # none of Ann's cards shows on Bob's screen
        assert CardStyle().plain(c) not in bob_turn


def test_resume_gives_the_same_ai_moves_as_playing_on() -> None:
    from cuttle.files.storage import read_record
    from cuttle.play.session import session_from_record

    ai = (Seat("You"), Seat("AI (medium)", "medium"))
    whole, _, _ = run_plain(["draw"] * 4, ai, seed=12)
    half, _, _ = run_plain(["draw"] * 2, ai, seed=12)
    assert half.slot is not None
    out = StringIO()
    io = PlainIO(Console(file=out, width=80), StringIO("draw\ndraw\n"))
    resumed = session_from_record(read_record(half.slot.path), io, Options())
    resumed.run()
    assert [str(m) for _, m in resumed.game.history] == [str(m) for _, m in whole.game.history]


def test_replay_steps_forward_and_back() -> None:
    from cuttle.files.storage import GameRecord
    from cuttle.ui.replay import Replay
    from cuttle.ui.replay_app import ReplayScreen

    g = Game.new(seed=3)
    for _ in range(6):
        g.play(g.legal_moves()[0])
    rec = GameRecord(
        rules="classic", seed=3, players=["A", "B"], moves=[str(m) for _, m in g.history]
    )
    replay = Replay(rec, CardStyle())
    assert replay.last == 6 and len(replay.moves()) == 6
    assert replay.model(0).highlight == frozenset()
    assert replay.model(1).highlight  # the first move's cards are marked
    for keys, where in [("nnnb", 2), ("nn\x1b[D", 1), ("4\r", 4), ("99\r", 6), ("n\x1b[H", 0)]:
        with create_pipe_input() as pipe:
            pipe.send_text(keys + "q")
            screen = ReplayScreen(replay, CardStyle(), pt_input=pipe, pt_output=DummyOutput())
            assert screen.run() == 0
        assert screen.i == where, keys


def test_undo_refusal_cites_the_log_lines_the_screen_shows() -> None:
    # seed 1: you play A♥ for points, the random AI answers with a card from its hand; the
    # full screen's log has no numbers, so the refusal names both moves by the log's words
    session, result, out = run_plain(["points AH", "undo"], VS_AI, seed=1)
    said = " ".join(out[out.index("Cannot undo") :].split())
    assert said.startswith(
        "Cannot undo: since your last decision (you played A♥ for 1 point), a card hidden then "
        "was shown to you (AI (random) played 3♠ for 3 points); undo never lets you see"
    )
