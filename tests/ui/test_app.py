"""The full-screen app's keys and overlays through prompt_toolkit's pipe input (no terminal)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from appdriver import HOTSEAT, VS_AI, Driver, Output80x24, RecordingAppIO, play, run_typing
from prompt_toolkit.input import create_pipe_input

from cuttle.play.session import GameSession, Options, Seat

DOWN, RIGHT, UP, ESC, F2, PGUP = "\x1b[B", "\x1b[C", "\x1b[A", "\x1b", "\x1bOQ", "\x1b[5~"


@pytest.fixture(autouse=True)
def _xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def test_moves_menu_picks_with_arrows_and_enter() -> None:
    def script(d: Driver) -> None:
        d.keys("moves\r")
        d.until(lambda: bool(d.io.overlays) and d.io.overlays[-1].menu)
        d.keys(DOWN + DOWN, wait=False)
        d.keys("\r", wait=False)
        d.keys("quit\r")

    session, _, result = play(script)
    first = str(session.game.history[0][1])
    fresh = GameSession(1, "classic", VS_AI, session.io, Options(save=False))
    assert first == str(fresh.game.legal_moves()[2])
    assert result == "quit"


def test_hand_card_selected_with_arrows_shows_its_moves() -> None:
    def script(d: Driver) -> None:
        d.keys(RIGHT + RIGHT)  # the second card
        assert d.io.selected == 1
        d.keys("\r", wait=False)
        ov = d.io.overlays[-1]
        assert ov.menu and ov.title.startswith("What ")
        d.keys("\r", wait=False)  # its first move
        d.keys("quit\r")

    session, _, _ = play(script)
    hand = Game_hand(seed=1)
    assert hand[1] in str(session.game.history[0][1])


def Game_hand(seed: int) -> list[str]:  # noqa: N802 - reads as the thing it returns
    from cuttle import Game

    return list(Game.new(seed=seed).view(0)["hands"][0])


def test_help_overlay_closes_with_esc_and_q_and_keeps_the_board() -> None:
    def script(d: Driver) -> None:
        d.keys("help\r")
        d.until(lambda: bool(d.io.overlays))
        assert d.io.overlays[-1].title == "Help"
        assert d.io.tbl is not None  # the board is still the one drawn under it
        d.keys(ESC, wait=False)
        assert not d.io.overlays
        d.keys("rules 7\r")
        d.until(lambda: bool(d.io.overlays))
        d.keys("q", wait=False)
        assert not d.io.overlays
        d.keys("quit\r")

    play(script)


def test_esc_drops_a_typed_line_and_sends_nothing() -> None:
    def script(d: Driver) -> None:
        d.keys("points 7")  # once the game asks for a move
        d.until(lambda: d.io.buffer.text == "points 7")
        d.keys(ESC, wait=False)
        d.until(lambda: d.io.buffer.text == "")
        d.keys("quit\r")

    session, _, _ = play(script)
    assert not session.game.history  # the dropped line was never played


def test_typing_over_an_overlay_closes_it_and_types() -> None:
    def script(d: Driver) -> None:
        d.keys("scrap\r")  # the scrap is empty: a message, no overlay
        # the session's thread answers the line: wait for its message, however loaded the machine
        d.until(lambda: any("empty" in m for m in d.io.messages))
        assert not d.io.overlays
        d.keys("log\r")
        d.keys("help\r")
        d.until(lambda: bool(d.io.overlays))
        d.keys("dr", wait=False)
        assert not d.io.overlays and d.io.buffer.text == "dr"
        d.keys("aw\r", wait=False)
        d.keys("quit\r")

    session, _, _ = play(script)
    assert str(session.game.history[0][1]) == "draw"


def test_f2_cycles_the_pace_and_pageup_scrolls_the_log() -> None:
    def script(d: Driver) -> None:
        d.keys(F2)
        assert d.io.pace == "step"
        d.keys(F2, wait=False)
        assert d.io.pace == "normal"
        d.keys("pace fast\r", wait=False)
        d.until(lambda: d.io.pace == "fast")  # the session's command, as settings pace
        assert "Pace: fast." in d.io.messages
        for _ in range(8):
            d.keys("draw\r")
        d.keys(PGUP)
        assert d.io.log_back > 0
        d.keys("quit\r")

    # Seed 4: after eight draws the game goes on, with a log longer than its window (with seed
    # 1 the random AI won on its eighth move, and PageUp was never tried).
    play(script, seed=4)


def test_step_pace_waits_for_a_key_after_each_opponent_action() -> None:
    def script(d: Driver) -> None:
        d.keys("draw\r")
        d.until(lambda: d.io.current_step() is not None)  # the AI's move, on screen until a key
        time.sleep(0.3)
        assert d.io.current_step() is not None and not d.io.ready.is_set()
        d.keys(" ", wait=False)
        d.keys("quit\r")

    play(script, pace="step")


def test_ctrl_c_asks_and_typed_ahead_text_does_not_answer() -> None:
    def script(d: Driver) -> None:
        d.keys("dra")
        d.keys("\x03", wait=False)  # Ctrl-C: the question clears what was typed
        d.until(lambda: d.io.mode == "ask")
        assert d.io.buffer.text == ""
        d.keys("n\r")
        d.keys("\x03")
        d.keys("y\r")

    _, _, result = play(script)
    assert result == "quit"


def test_hotseat_handoff_and_each_seat_its_own_history() -> None:
    def at_table(d: Driver, seat: int) -> None:
        d.until(lambda: d.io.mode == "read" and d.io.tbl is not None and d.io.tbl.viewer == seat)

    def script(d: Driver) -> None:
        d.until(lambda: d.io.mode == "handoff")
        assert d.io.tbl is None  # nothing of a hand behind the handoff screen
        d.keys("\r")
        at_table(d, 0)
        d.keys("draw\r")
        d.until(lambda: d.io.mode == "handoff")
        d.keys("\r")
        at_table(d, 1)
        d.keys(UP)  # Bob's history is his own: empty
        assert d.io.buffer.text == ""
        d.keys("draw\r", wait=False)
        d.until(lambda: d.io.mode == "handoff")
        d.keys("\r")
        at_table(d, 0)
        d.keys(UP)  # Ann's own "draw"
        assert d.io.buffer.text == "draw"
        d.keys("\x15quit\r", wait=False)

    session, _, _ = play(script, seats=HOTSEAT)
    assert [str(m) for _, m in session.game.history] == ["draw", "draw"]


def test_term_dumb_plays_line_by_line_and_never_mentions_tab(tmp_path: Path) -> None:
    import subprocess
    import sys

    from helpers import cli_env

    def run(term: str) -> str:
        env = cli_env(tmp_path, TERM=term)
        done = subprocess.run(
            [sys.executable, "-m", "cuttle", "play", "--seed", "3", "--ai", "random"],
            input="help\ndraw\n7\nquit\n",
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    dumb = run("dumb")
    assert "Commands" in dumb and "You drew" in dumb and "Your move" in dumb
    assert "Tab" not in dumb
    piped = run("xterm")  # a pipe has no completion whatever the terminal: no word of Tab
    assert "Your move" in piped and "Tab" not in piped


def test_seed_hidden_until_the_end_and_your_side_below_when_you_sat_second() -> None:
    from io import StringIO

    from rich.console import Console

    from cuttle.play.session import Seat
    from cuttle.ui.terminal import PlainIO

    seats = (Seat("AI (random)", "random"), Seat("You"))
    io = PlainIO(Console(file=StringIO()), StringIO(""))
    session = GameSession(4, "classic", seats, io, Options(save=False, show_seed=False))
    assert session.model(1).seed is None  # a random seed is the whole deal: not shown in play
    session.game.concede(0)
    final = session.model(None)
    assert final.bottom == 1 and final.seed == 4  # over: all cards, you below, the seed shown
    hotseat = GameSession(4, "classic", HOTSEAT, io, Options(save=False))
    assert hotseat.model(0).seed is None  # never during a hot-seat game, even if chosen


def test_question_mark_opens_the_legend_and_the_status_bar_tells_the_threat() -> None:
    def script(d: Driver) -> None:
        d.keys("?")
        d.until(lambda: bool(d.io.overlays))
        assert d.io.overlays[-1].title == "Legend"
        d.keys(ESC, wait=False)
        model = d.io.shown()
        assert model is not None
        assert d.io.layout.threat(model).startswith("AI (random) needs 21 · ")  # what the bar shows
        d.keys("quit\r")

    play(script)


def test_a_pasted_line_longer_than_any_command_is_cut_at_once() -> None:
    def script(d: Driver) -> None:
        d.keys("x" * 5000)
        d.until(lambda: len(d.io.buffer.text) == 200)
        # Said once, however many pieces the paste came in.
        assert sum("at most 200 characters" in m for m in d.io.messages) == 1
        d.io.post(d.io.buffer.reset)  # the buffer belongs to the app's thread
        d.sync()
        d.keys("quit\r")

    play(script)


def test_a_status_bar_keeps_the_lowest_ranks_in_their_order() -> None:
    from cuttle.ui.statusbar import fit_bar

    pieces = [("turn", 0), ("scores 10/21", 4), ("F1 help", 1), ("", 0), ("x" * 40, 2)]
    assert fit_bar(pieces, 200, " · ") == "turn · scores 10/21 · F1 help · " + "x" * 40
    assert fit_bar(pieces, 20, " · ") == "turn · F1 help"  # the rest does not fit
    cut = fit_bar(pieces, 50, " · ", cut_rank=2)
    assert cut == "turn · F1 help · " + "x" * 32 + "…" and len(cut) == 50
    # Under 30 columns left for it: not cut but left out, and the next rank gets the room.
    assert fit_bar(pieces, 40, " · ", cut_rank=2) == "turn · scores 10/21 · F1 help"


def test_the_status_bar_keeps_a_threat_to_win_next_turn_at_80_columns() -> None:
    from appdriver import Output80x24
    from helpers import make
    from prompt_toolkit.input import create_pipe_input

    from cuttle.ui.app import AppIO

    def bar(game: object) -> str:
        with create_pipe_input() as pipe:
            io = AppIO(pt_input=pipe, pt_output=Output80x24())
            session = GameSession(1, "classic", VS_AI, io, Options(save=False))
            session.game = game  # type: ignore[assignment]
            io.shown = lambda: session.model(0)  # type: ignore[method-assign]
            text = "".join(t for _, t, *_ in io.layout.status())
        assert len(text) <= 80
        return text

    # The AI has 18 of 21: any point card of 3 or more wins it; that goes before the scores.
    threat = bar(make(hands=("4C 5D", "6H 7S"), points=("TC", "9D 9H"), deck="2C 3C 4D"))
    assert "You: turn" in threat and "AI (random) needs 3 · " in threat and "F1 help" in threat
    # Nothing wins it next turn: the scores, the deck and the seed come first.
    calm = bar(make(hands=("4C 5D", "6H 7S"), points=("TC", "3D"), deck="2C 3C 4D"))
    assert "You 10/21" in calm and "deck 3" in calm and "needs" not in calm


def test_the_coach_speaks_on_the_full_screen_and_stays_through_the_opponents_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cuttle.play.coach import Coach

    monkeypatch.setattr(Coach, "remark", lambda self, g, m, style=None: f"Coach: {m} was a blunder")

    def script(d: Driver) -> None:
        d.keys("draw\r")
        d.ready()  # the AI has moved: the game waits for the player again
        shown = [text for text, _ in d.io.layout.message_lines()]
        assert "Coach: draw was a blunder" in shown
        d.keys("quit\r")

    play(script, coach=True)


def test_only_the_sessions_farewell_lines_are_printed_after_the_screen_closes() -> None:
    """A message that happens to name a command (here the echo of a typed line) is a message;
    the lines printed again after the screen closes are the ones the session hands as such."""

    def script(d: Driver) -> None:
        d.keys("cuttle replay x\r")
        d.until(lambda: any("cuttle replay x" in m for m in d.io.messages))
        d.keys("quit\r")

    _, io, _ = play(script, save=False)
    assert io.farewell_lines == []  # "The game was not saved." is no way to continue it

    def saved(d: Driver) -> None:
        d.keys("draw\r")
        d.keys("quit\r")

    _, io, _ = play(saved, save=True)
    assert len(io.farewell_lines) == 1
    assert io.farewell_lines[0].endswith("(continue it with: cuttle play --resume).")


def test_a_digit_in_the_moves_menu_picks_that_move() -> None:
    def script(d: Driver) -> None:
        d.keys("moves\r")
        d.until(lambda: bool(d.io.overlays) and d.io.overlays[-1].menu)
        d.keys("3", wait=False)  # seed 1 has fewer than 30 moves: 3 can only be the third
        d.until(lambda: len(session_moves(d)) > 0)
        d.keys("quit\r")

    session, _, _ = play(script)
    fresh = GameSession(1, "classic", VS_AI, session.io, Options(save=False))
    assert str(session.game.history[0][1]) == str(fresh.game.legal_moves()[2])


def session_moves(d: Driver) -> list[str]:
    tbl = d.io.tbl
    return [] if tbl is None else list(tbl.events)


def test_enter_on_a_card_with_one_move_plays_it_and_a_verb_with_one_move_asks() -> None:
    # seed 11: the hand is 3♣ 5♦ 5♥ 10♥ K♣; K♣ has one move (perm KC), and it is the only perm
    def script(d: Driver) -> None:
        d.keys("\x1b[D")  # ←: K♣, the last card
        d.keys("\r", wait=False)
        d.until(lambda: len(session_moves(d)) >= 1)
        assert not any(o.menu for o in d.io.overlays)
        d.keys("quit\r")

    session, _, _ = play(script, seed=11)
    assert str(session.game.history[0][1]) == "perm KC"

    asked: list[str] = []

    def verb(d: Driver) -> None:
        d.keys("perm\r")
        d.until(lambda: d.io.mode == "ask")
        asked.append(d.io.prompt)
        d.keys("\r")  # yes is the default
        d.until(lambda: len(session_moves(d)) >= 1)
        d.keys("quit\r")

    session, _, _ = play(verb, seed=11)
    assert "[Y/n]" in asked[0] and "K♣" in asked[0]
    assert str(session.game.history[0][1]) == "perm KC"


def test_f1_help_lists_every_key_and_f2_says_how_to_keep_the_pace() -> None:
    from io import StringIO

    from rich.console import Console

    seen: list[str] = []

    def script(d: Driver) -> None:
        d.keys("\x1bOP")  # F1
        d.until(lambda: bool(d.io.overlays))
        for width in (80, 48):  # 48: the log column beside the board at 120x40
            out = StringIO()
            Console(file=out, width=width, color_system=None).print(d.io.overlays[-1].body)
            seen.append(out.getvalue())
        d.keys(ESC, wait=False)
        d.keys(F2, wait=False)
        seen.append(" ".join(d.io.messages))
        d.keys("quit\r")

    play(script)
    wide, narrow, pace = seen
    for key in ("Enter", "Tab", "← →", "1-9", "↑ ↓", "Space", "Esc", "PgUp PgDn", "?", "F1",
                "F2", "Ctrl-C"):
        assert f"\n{key} " in wide or f"\n{key}\n" in narrow, key
    assert "king KC" in wide
    assert max(len(line) for line in narrow.splitlines()) <= 48
    assert "\nF2\n  pace step, normal, fast: this game only" in narrow  # stacked, whole words
    assert "for this game" in pace and "settings pace" in pace


def test_after_a_concession_the_others_moves_are_told_at_the_pace_before_game_over() -> None:
    """Conceding a cutthroat game at the step pace: the AIs play on step by step (a key each),
    the Game over window only after the last of them; Esc shows the rest at once."""
    seats = (Seat("You"), Seat("AI 1 (easy)", "easy"), Seat("AI 2 (easy)", "easy"))

    def titles(d: Driver) -> list[str]:
        return [o.title for o in d.io.overlays]

    def script(d: Driver) -> None:
        d.keys("concede\r")
        d.keys("y\r", wait=False)
        # the game is over and the question asked: it waits, with the result, for the telling
        d.until(lambda: d.io.current_step() is not None and len(d.io.after_steps) >= 3)
        time.sleep(0.3)
        left = len(d.io.steps)
        assert left > 1 and "Game over" not in titles(d) and d.io.mode != "ask"
        d.keys(" ", wait=False)  # one step on: still the AIs' moves, no result, no question
        assert len(d.io.steps) == left - 1 and "Game over" not in titles(d)
        assert d.io.mode != "ask" and "Again?" not in d.io.prompt
        assert not any("go over every move" in m for m in d.io.messages)  # the end not said
        d.keys(ESC, wait=False)  # the rest at once, then the result and the question
        d.until(lambda: "Game over" in titles(d) and d.io.mode == "ask")
        assert any("go over every move" in m for m in d.io.messages)
        assert d.io.current_step() is None and d.io.prompt == "Again? "
        d.keys("n\r", wait=False)

    with create_pipe_input() as pipe:
        io = RecordingAppIO(pt_input=pipe, pt_output=Output80x24(), pace="step")
        session = GameSession(11, "classic+cutthroat", seats, io, Options(save=False))
        # the rematch question keeps the screen open after the game, as ``cuttle play`` does
        run_typing(pipe, io, script, lambda: io.run(lambda: (session.run(), io.ask("Again?"))))
    assert session.game.outcome is not None


def test_the_status_bar_says_no_threat_before_anyone_has_one() -> None:
    """A fresh deal: nobody has points or kings, so the bar names no one's need (at three seats
    the 'leader' was only the first seat of a tie); once an opponent has points it does."""
    from helpers import make
    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from cuttle import Game
    from cuttle.ui.app import AppIO

    class Wide(DummyOutput):
        def get_size(self) -> Size:
            return Size(rows=40, columns=200)

    def bar(game: Game, seats: tuple[Seat, ...]) -> str:
        with create_pipe_input() as pipe:
            io = AppIO(pt_input=pipe, pt_output=Wide())
            session = GameSession(1, str(game.to_position()["rules"]), seats, io,
                                  Options(save=False))
            session.game = game
            io.shown = lambda: session.model(0)  # type: ignore[method-assign]
            return "".join(t for _, t, *_ in io.layout.status())

    three = (Seat("You"), Seat("Bob", "random"), Seat("Carol", "random"))
    assert "needs" not in bar(Game.new(seed=1), VS_AI)
    assert "needs" not in bar(Game.new(seed=1, rules="classic+cutthroat"), three)
    later = make(hands=("4C 5D", "6H 7S"), points=("", "3D"), deck="2C 3C 4D")
    assert "AI (random) needs 18" in bar(later, VS_AI)
    g = Game.new(seed=1, rules="classic+cutthroat")
    g.play(next(m for m in g.legal_moves() if str(m).startswith("points")))  # You score
    assert "needs" not in bar(g, three)  # your own points are no threat to you
    g.play(next(m for m in g.legal_moves() if str(m).startswith("points")))  # Bob scores
    assert "Bob needs" in bar(g, three)


def test_tab_with_nothing_to_complete_says_why() -> None:
    """``jack JH `` + Tab with no point card on the table: one line says why, as an illegal
    move is answered (Tab was silent); a card not held says so too. Seed 4: you hold J♥."""

    def script(d: Driver) -> None:
        d.keys("jack JH \t", wait=True)
        d.until(lambda: any(m.startswith("No jack move for J♥") for m in d.io.messages))
        assert d.io.messages[-1] == (
            "No jack move for J♥ now: there is no card on the table for it to aim at.")
        assert d.io.buffer.text == "jack JH "  # the line stays as typed
        d.io.post(d.io.buffer.reset)
        d.keys("jack JD\t", wait=False)
        d.until(lambda: d.io.messages[-1] == "No jack move for J♦: you do not hold J♦.")
        d.io.post(d.io.buffer.reset)
        d.keys("poi\t", wait=False)  # something fits: completed, no message
        d.until(lambda: d.io.buffer.text.startswith("points "))
        assert d.io.messages[-1].startswith("No jack move for J♦")
        d.io.post(d.io.buffer.reset)
        d.keys("quit\r", wait=False)

    play(script, seed=4)
