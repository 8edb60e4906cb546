"""``SessionCommands.handle``: one typed line, a command or a move in any form the game reads;
a refused line is told in one message and leaves the game as it was."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from scriptio import ScriptIO, as_gameio

from cuttle.play.commands import MAX_LINE, PACES, SessionCommands
from cuttle.play.state import Options, Seat

HOTSEAT = (Seat("Ann"), Seat("Bob"))
VS_AI = (Seat("You"), Seat("AI", "random"))
# seed 1: the first player holds AH 5S 9S TD KD; the second 2D 3D 3S 6H 8D TH


def make(
    seats: tuple[Seat, Seat] = HOTSEAT,
    io: ScriptIO | None = None,
    moves: list[str] | None = None,
    **options: Any,
) -> tuple[SessionCommands, ScriptIO]:
    io = io or ScriptIO()
    opts = Options(**{"save": False, **options})
    return SessionCommands(1, "classic", seats, as_gameio(io), opts, moves), io


def snapshot(s: SessionCommands) -> tuple[Any, ...]:
    """What a refused line must leave as it was."""
    return (s.game.to_position(), [str(m) for _, m in s.game.history], len(s.log))


@pytest.mark.parametrize(
    ("line", "told"),
    [
        ("points 2D", "Illegal: "),  # the other player's card
        ("scuttle 9S 2D", "Illegal: "),  # nothing of Bob's on the table yet
        ("frobnicate", "Not a move or command: 'frobnicate'"),
        ("7H", "7♥ cannot be played now: you do not hold it."),
        ("x" * (MAX_LINE + 1), f"That line is too long ({MAX_LINE + 1} characters)"),
        ("pace sluggish", "pace takes step, normal or fast."),
        ("scrap", "The scrap is empty."),
        ("log", "No moves yet."),
        ("undo", "undo works only against the AI."),
        ("²", "Not a move or command: '²'"),  # a digit to str.isdigit, not a number to int()
    ],
)
def test_a_refused_line_is_told_once_and_changes_nothing(line: str, told: str) -> None:
    s, io = make()
    before = snapshot(s)
    assert s.handle(line, 0) is None
    assert snapshot(s) == before
    assert len(io.messages) == 1 and io.messages[0].startswith(told), io.messages
    assert io.paces == [] and io.panels == []


def test_an_empty_line_is_nothing_at_all() -> None:
    s, io = make()
    before = snapshot(s)
    for line in ("", "   ", "\t"):
        assert s.handle(line, 0) is None
    assert snapshot(s) == before and io.messages == []


def test_a_verb_alone_lists_its_moves_and_a_wrong_one_says_what_is_possible() -> None:
    s, io = make()
    s.handle("points", 0)
    view, moves = io.moves_shown[-1]
    assert moves == ["points AH", "points 5S", "points 9S", "points TD"]
    assert view.title == "Your points moves"
    s.handle("scuttle", 0)
    assert io.messages[-1].endswith("(scuttle is not possible now)")
    assert not s.game.history


def test_moves_in_the_forms_the_game_reads_are_played() -> None:
    s, io = make()
    s.handle("draw", 0)
    s.handle("points 2d", 1)  # any case
    s.handle("9s", 0)  # a card alone: what it can do
    assert io.moves_shown[-1][1] == ["points 9S", "scuttle 9S 2D"]
    assert len(s.game.history) == 2
    s.handle("points 9S", 0)
    assert [str(m) for _, m in s.game.history] == ["draw", "points 2D", "points 9S"]
    assert [e.ply for e in s.log] == [1, 2, 3]


def test_a_number_picks_from_the_list_on_screen() -> None:
    s, io = make()
    s.handle("moves", 0)
    assert io.moves_shown[-1][1][:3] == ["draw", "points AH", "oneoff AH"]
    s.handle("3", 0)
    assert str(s.game.history[-1][1]) == "oneoff AH"
    assert s.numbered is None  # the list was used up: the next number is a rank again


def test_a_number_on_a_screen_with_menus_is_a_rank_not_a_pick() -> None:
    s, io = make(io=ScriptIO(interactive=True, menus=True, answers=["n"]))
    s.handle("moves", 0)
    s.handle("9", 0)  # the menu had its own numbers: 9 means the nine
    assert not s.game.history
    # the nine has one move: not a menu of one, a question (answered no)
    assert io.questions[-1].startswith("points 9♠") and io.questions[-1].endswith("[Y/n]")


def test_another_view_forgets_the_numbered_list() -> None:
    s, io = make()
    s.handle("moves", 0)
    s.handle("help", 0)
    assert io.panels[-1][0] == "Help"
    s.handle("3", 0)  # no list on screen now: the threes (none in hand)
    assert not s.game.history


def test_the_pace_is_handed_to_the_screen() -> None:
    s, io = make()
    s.handle("pace FAST", 0)
    assert io.paces == ["fast"] and "plain output never pauses" in io.messages[-1]
    s, io = make(io=ScriptIO(interactive=True))
    for pace in PACES:
        s.handle(f"pace {pace}", 0)
    assert io.paces == list(PACES) and io.messages[-1] == f"Pace: {PACES[-1]}."


def test_windows_to_read() -> None:
    s, io = make(moves=["draw", "points 2D"])
    s.handle("rules", 0)
    s.handle("log", 0)
    s.handle("legend", 0)
    assert [title for title, _ in io.panels] == ["Rules", "Log", "Legend"]
    s.handle("threat", 0)
    assert io.messages and not s.game.outcome


def test_undo_goes_back_to_the_last_decision_against_the_ai() -> None:
    s, io = make(VS_AI, moves=["draw", "draw", "points 9S", "draw"])
    s.handle("undo", 0)
    assert [str(m) for _, m in s.game.history] == ["draw", "draw"]
    assert [e.ply for e in s.log] == [1, 2] and s.choices == [0]
    assert s.numbered is None and s.dirty
    # in the log's words: the full screen's log shows no move numbers (issue 24 item 7)
    assert io.messages[-1] == "Undone: back to your decision before you played 9♠ for 9 points."


def test_undo_never_takes_back_a_decision_after_seeing_a_hidden_card() -> None:
    s, io = make(VS_AI, moves=["draw", "points 2D", "points 9S", "points 3D"])
    before = snapshot(s)
    s.handle("undo", 0)  # the AI's 3D, hidden at move 3, is on the table now
    assert snapshot(s) == before
    assert io.messages[-1].startswith(
        "Cannot undo: since your last decision (you played 9♠ for 9 points), a card hidden then "
        "was shown to you ("
    )


def test_undo_with_no_decision_made_changes_nothing() -> None:
    s, io = make(VS_AI)
    before = snapshot(s)
    s.handle("undo", 0)
    assert snapshot(s) == before
    assert io.messages == ["Nothing to undo: you have made no decision yet."]


def test_concede_asks_first() -> None:
    s, io = make(io=ScriptIO(answers=["n", "y"]))
    s.handle("concede", 0)
    assert s.game.outcome is None and io.messages[-1] == "Not conceded; play on."
    s.handle("concede", 0)
    assert s.game.outcome == "p1" and s.log[-1].move == "concede"
    assert len(io.questions) == 2


def test_quit_ends_the_game_and_says_what_becomes_of_it() -> None:
    s, io = make()
    assert s.handle("quit", 0) == "quit"
    assert io.messages[-1] == "The game was not saved."
    s, io = make()
    assert s.handle("Q", 0) == "quit"


def test_save_file_writes_the_record_and_replaces_only_a_record(tmp_path: Path) -> None:
    s, io = make(moves=["draw"])
    target = tmp_path / "copy.json"
    s.handle(f"save {target}", 1)
    assert json.loads(target.read_text(encoding="utf-8"))["moves"] == ["draw"]
    assert io.messages[-1].startswith("Saved to ")
    s.handle("points 2D", 1)
    s.handle(f"save {target}", 0)  # its own record: replaced
    assert json.loads(target.read_text(encoding="utf-8"))["moves"] == ["draw", "points 2D"]
    other = tmp_path / "notes.txt"
    other.write_text("my notes", encoding="utf-8")
    s.handle(f"save {other}", 0)
    assert other.read_text(encoding="utf-8") == "my notes"
    assert io.messages[-1].startswith("Not saved: ")


def test_save_without_a_file_when_saving_is_off() -> None:
    s, io = make(moves=["draw"])
    s.handle("save", 1)
    assert io.messages == ["The game was not saved."]
