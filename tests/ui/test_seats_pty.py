"""The board of three and four seats in the real program at 80×24 (``cuttle play --players 3|4``
in a pseudo-terminal, read back through a VT100 emulator, ``ptyscreen.Term``): at every decision
of a game against AIs the other seats' blocks, the table, your side, the input line and the bar
are all on the screen, nothing of the board cut, until the game ends (or fifteen decisions, then a
concession) and the result over the final board names every seat."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pexpect")
pytest.importorskip("pyte")

from ptyscreen import Term  # noqa: E402

PROMPT = r"(?m)^You( \([^)]*\))?> "
END = r"Rematch"
DECISIONS = 15  # looks at the board before the game is conceded (if it has not ended)


def board_is_whole(screen: str, others: list[str]) -> None:
    rows = screen.split("\n")
    assert len(rows) == 24
    top = rows[0]
    places = [top.find(name) for name in others]
    assert all(p >= 0 for p in places) and places == sorted(places), top
    assert sum(r.count("score ") for r in rows[:14]) == len(others) + 1, screen  # every seat
    assert any(r.startswith("You") and "score" in r for r in rows), screen
    assert any(r.lstrip().startswith("deck ") for r in rows[:14]), screen
    assert re.match(r" \S.*: .* · F1 help", rows[-1]), rows[-1]  # whose turn ... F1 help


@pytest.mark.parametrize(
    ("players", "others"),
    [(3, ["AI 1 (random)", "AI 2 (random)"]),
     (4, ["AI 1 (random)", "Partner (random)", "AI 2 (random)"])],
)
def test_a_game_of_three_or_four_at_80x24_keeps_the_whole_board(
    tmp_path: Path, players: int, others: list[str]
) -> None:
    t = Term(["play", "--players", str(players), "--ai", "random", "--seed", "12",
              "--pace", "fast"], tmp_path)
    decisions = 0
    for _ in range(DECISIONS):
        found = t.wait(PROMPT + "|" + END, timeout=60)
        t.settle(0.1)
        if found.group(0).startswith("Rematch") or re.search(END, t.text()):
            break
        board_is_whole(t.text(), others)
        decisions += 1
        t.line("moves")
        if t.wait(r"Legal moves \(|" + END).group(0).startswith("Rematch"):
            break  # the game ended as the list was asked for
        t.send("\r")  # the menu's first move
        t.settle(0.2)  # the move is taken and the AIs' turns told before the next look
    else:  # enough looks: the game ends by a concession, its result over the final board
        t.line("concede")
        t.wait(r"(?i)concede this game( for [^?]*)?\?")
        t.line("y")
        t.wait(END)
        t.settle(0.2)
    assert decisions >= 3
    assert "Game over" in t.text()
    for name in others:
        assert name in t.text()  # the result names every seat
    t.line("n")
    assert t.finish() == 0
