"""A list of one move is not a menu: on a screen with menus the session asks y/n instead."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

from cuttle import Move
from cuttle.play.commands import SessionCommands
from cuttle.play.session import GameSession
from cuttle.play.state import Options, Seat


class MenuScreen:
    """A screen with menus that answers its questions from ``answers`` and keeps what it shows."""

    interactive = True
    menus = True

    def __init__(self, answers: list[str]) -> None:
        self.answers = answers
        self.asked: list[str] = []
        self.menus_shown: list[list[str]] = []

    def ask(self, question: str) -> str:
        self.asked.append(question)
        return self.answers.pop(0)

    def show_moves(self, view: object, moves: list[str]) -> None:
        self.menus_shown.append(moves)

    def size(self) -> tuple[int, int]:
        return 80, 24

    @contextlib.contextmanager
    def thinking(self, text: str) -> Iterator[None]:
        yield

    def __getattr__(self, name: str) -> Callable[..., Any]:
        return lambda *args, **kwargs: None  # message, table, event...: nothing to keep


def _session(screen: MenuScreen) -> GameSession:
    # seed 11: the first player holds 3♣ 5♦ 5♥ 10♥ K♣
    return GameSession(11, "classic", (Seat("You"), Seat("AI", "easy")), screen,  # type: ignore[arg-type]
                       Options(save=False))


def test_a_list_of_one_move_asks_and_plays_it_on_yes() -> None:
    screen = MenuScreen(["y"])
    session = _session(screen)
    SessionCommands.list_moves(session, [Move.parse("perm KC")], "Your perm moves")
    assert screen.menus_shown == [] and screen.asked and "[Y/n]" in screen.asked[0]
    assert "K♣" in screen.asked[0]
    assert [str(m) for _, m in session.game.history] == ["perm KC"]


def test_a_list_of_one_move_answered_no_plays_nothing_and_two_moves_are_a_menu() -> None:
    screen = MenuScreen(["n"])
    session = _session(screen)
    SessionCommands.list_moves(session, [Move.parse("perm KC")], "Your perm moves")
    assert session.game.history == []
    two = [Move.parse("points 5D"), Move.parse("oneoff 5D")]
    SessionCommands.list_moves(session, two, "What 5♦ can do")
    assert screen.menus_shown == [["points 5D", "oneoff 5D"]]
