"""What a player sees in a real terminal (pty + pyte) where keys could leak a hand or get lost:
the hot-seat pass screen, digits after an arrow-key move, TERM=dumb prompts, narrow widths."""

from __future__ import annotations

from pathlib import Path

import pytest

from cuttle import Game
from cuttle.text.cardtext import CardStyle

pytest.importorskip("pexpect")
pytest.importorskip("pyte")

from ptyscreen import Term  # noqa: E402

PROMPT = r"(?m)^(You|Player \d)( \([^)]*\))?> "
STYLE = CardStyle()


def _second_hand() -> list[str]:
    """Player 2's hand after Player 1's draw in seed 11 (what the pass screen must hide)."""
    game = Game.new(seed=11)
    game.play("draw")
    return [STYLE.plain(c) for c in game.to_position()["hands"][1]]


def _hand_row(t: Term) -> str:
    return "\n".join(row for row in t.screen.display if row.startswith("hand "))


@pytest.mark.parametrize("typed", ["q", "quit", "points 5c", "x"])
def test_text_typed_on_the_pass_screen_never_opens_the_next_hand(
    tmp_path: Path, typed: str
) -> None:
    t = Term(["play", "--hotseat", "--seed", "11"], tmp_path, 80, 24)
    t.wait("Pass to Player 1")
    t.line("")
    t.wait(PROMPT)
    t.line("draw")
    t.wait("Pass to Player 2")
    t.line(typed)
    t.settle()
    hand = _second_hand()
    assert [c for c in hand if c in _hand_row(t)] == []
    if typed in ("q", "quit"):
        t.wait(r"Quit\? The game is saved either way")
        assert "Pass to Player 2" in t.text()  # asked over the pass screen, no hand shown
        t.line("n")
        t.wait("Pass to Player 2")
    else:
        t.wait("Only Enter passes")
        assert "Pass to Player 2" in t.text()
    t.settle()
    assert [c for c in hand if c in _hand_row(t)] == []
    t.line("")  # Enter alone passes
    t.wait(PROMPT)
    t.settle()
    assert all(c in _hand_row(t) for c in hand)
    t.line("quit")
    t.wait(r"Quit\?|saved")
    t.finish()


def test_ctrl_c_on_the_pass_screen_asks_to_quit_over_it(tmp_path: Path) -> None:
    t = Term(["play", "--hotseat", "--seed", "11"], tmp_path, 80, 24)
    t.wait("Pass to Player 1")
    t.line("")
    t.wait(PROMPT)
    t.line("draw")
    t.wait("Pass to Player 2")
    t.send("\x03")
    t.wait(r"Quit\?")
    assert "Pass to Player 2" in t.text()
    t.line("y")
    assert t.finish() == 0


def test_dumb_terminal_hotseat_passes_with_enter_only_and_shows_prompts_first(
    tmp_path: Path,
) -> None:
    t = Term(["play", "--hotseat", "--seed", "11"], tmp_path, 80, 24, term="dumb")
    t.wait(r"(?m)Pass to Player 1(.*\n)*Enter> *$")  # the prompt is there before any key
    t.line("")
    t.wait(r"(?m)^Player 1> *$")  # the move prompt too, before the answer is typed
    t.line("draw")
    t.wait(r"(?m)Pass to Player 2(.*\n)*Enter> *$")
    hand = _second_hand()
    t.line("q")
    t.wait(r"(?m)Quit\?.*\[y/N\] *$")
    t.line("n")
    t.wait(r"(?m)Pass to Player 2(.*\n)*Enter> *$")
    t.line("points 5c")
    t.wait("Only Enter passes")
    assert [c for c in hand if c in t.history()] == []
    t.line("")
    t.wait(r"(?m)^Player 2> *$")
    assert all(c in t.text() for c in hand)
    assert "Player 1 drew" not in t.text()  # the last player's own line scrolled off the screen
    t.line("quit")
    assert t.finish() == 0


def test_dumb_terminal_shows_the_rematch_question_and_where_the_record_was_kept(
    tmp_path: Path,
) -> None:
    t = Term(["play", "--seed", "3", "--ai", "random"], tmp_path, 80, 24, term="dumb")
    t.wait(r"(?m)^You> *$")
    t.line("concede")
    t.wait(r"(?m)\[y/N\] *$")
    t.line("y")
    t.wait(r"(?m)Rematch with seats swapped\? \[y/N\] *$")
    assert "cuttle replay" in t.history() and "Record kept" in t.history()
    t.line("n")
    assert t.finish() == 0


def test_digits_go_to_the_line_after_a_card_was_played_with_the_arrow_keys(
    tmp_path: Path,
) -> None:
    t = Term(["play", "--seed", "42", "--pace", "fast"], tmp_path, 80, 24)
    t.wait(PROMPT)
    t.send("\x1b[D")  # ←: the last card of the hand
    t.settle()
    t.send("\r")
    t.wait("What 7♦ can do")
    t.send("\r")  # its first move: points
    t.wait(r"(?m)^You> *$")
    t.settle()
    t.send("5c")
    t.wait(r"(?m)^You> 5c *$")
    t.send("\x15")
    t.line("quit")
    t.wait(r"Quit\?|saved")
    t.finish()


@pytest.mark.parametrize("width", [80, 60])
def test_step_pace_bar_names_the_mover_and_the_threat_is_never_cut(
    tmp_path: Path, width: int
) -> None:
    # seed 5: after two draws the AI needs 4, and a 4+, a king or a 7 off the deck wins it
    t = Term(["play", "--seed", "5", "--pace", "step"], tmp_path, width, 24)
    t.wait(PROMPT)
    t.line("draw")
    t.wait("step by step")
    t.settle()
    assert "AI (medium): turn" in t.bottom() and "You: turn" not in t.bottom()
    t.send("\x1b")  # the rest at once: the bar is the player's again
    t.wait(r"You: turn")
    t.line("draw")
    t.wait("step by step")
    t.send("\x1b")
    t.wait(r"AI \(medium\) needs 4")
    t.settle()
    bar = t.bottom()
    assert "…" not in bar  # a whole wording that fits, never a phrase cut in the middle
    assert "wins it" in bar or "can win" in bar
    t.line("quit")
    t.wait(r"Quit\?|saved")
    t.finish()


def test_at_60x20_the_game_over_box_leaves_the_final_board_visible(tmp_path: Path) -> None:
    t = Term(["play", "--seed", "5"], tmp_path, 60, 20)
    t.wait(PROMPT)
    t.line("draw")
    t.wait("played K♣ as a king")
    t.settle()
    t.line("concede")
    t.wait(r"\[y/N\]")
    t.line("y")
    t.wait("Rematch with seats swapped")
    t.settle()
    screen = t.text()
    assert "wins (you conceded)" in screen
    assert "hand 5♥ 7♠ 10♣ 10♥ K♠" in screen  # the AI's hand, shown at the end
    assert any(row.startswith("You ") and "score" in row for row in t.screen.display)
    assert any(row.rstrip() == "  cuttle replay 1" for row in t.screen.display)
    t.line("n")
    assert t.finish() == 0


@pytest.mark.parametrize("width", [56, 60])
def test_commands_in_messages_never_break_inside_at_narrow_widths(
    tmp_path: Path, width: int
) -> None:
    t = Term(["play", "--seed", "5"], tmp_path, width, 20)
    t.wait(PROMPT)
    t.line("draw")
    t.wait("played K♣ as a king")
    t.settle()
    t.line("quit")
    t.finish()
    rows = [row.rstrip() for row in t.history().splitlines()]
    assert any("cuttle play --resume" in row for row in rows), "\n".join(rows[-8:])
    assert not any(row.endswith("cuttle play") or row.startswith(")") for row in rows)


def test_wrap_whole_keeps_paths_and_commands_on_one_line() -> None:
    from cuttle.ui.screen import wrap_whole

    text = "Game saved as game-1 (continue it with: cuttle play --resume)."
    assert wrap_whole(text, 60) == ["Game saved as game-1 (continue it with:",
                                    "cuttle play --resume)."]
    path = "  cuttle replay ~/.local/share/cuttle/games/20261201-142338-seed637205.json"
    assert wrap_whole(path, 56) == [path]  # too wide for any line: alone, never cut
    assert wrap_whole("Record written to /tmp/a/b/record.json now.", 30) == [
        "Record written to",
        "/tmp/a/b/record.json now.",
    ]


def test_keys_typed_ahead_of_the_pass_screen_are_dropped(tmp_path: Path) -> None:
    t = Term(["play", "--hotseat", "--seed", "11"], tmp_path, 80, 24)
    t.wait("Pass to Player 1")
    t.line("")
    t.wait(PROMPT)
    t.send("draw\rpoints 5c\r\r")  # the move, then more typed before the pass screen is up
    t.wait("Pass to Player 2")
    t.settle()
    hand = _second_hand()
    assert [c for c in hand if c in _hand_row(t)] == []
    assert "Pass to Player 2" in t.text()
    t.line("")
    t.wait(PROMPT)
    t.settle()
    assert all(c in _hand_row(t) for c in hand)
    t.line("quit")
    t.finish()
