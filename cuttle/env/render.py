"""The table as text, drawn as the plain game draws it (``render_mode="ansi"``).

Two seats: the same ``TableView`` the plain game prints, on a console with no colour and no
cursor control, 80 columns, trailing spaces cut. Three and four seats, which the plain game does
not draw yet: the same rows (hand, points, permanents, score and goal) for every seat, the
others in seat order from the viewer's left and the viewer at the bottom, around the deck, the
scrap and the stack. Always from one seat's view, so a rendered frame shows no card that seat
cannot see.

:func:`table_picture` draws the same table (its ASCII cards: ``7D``, backs ``##``) as an RGB
picture for ``render_mode="rgb_array"``, with Pillow's own font, one character a cell, the
cards in the terminal's colours: hearts and diamonds red, clubs and spades black, jokers
purple, backs grey, on a green table.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from io import StringIO
from typing import Any

import numpy as np
import numpy.typing as npt
from rich.console import Console

from cuttle import Game
from cuttle.text.cardtext import CardStyle, split_stack
from cuttle.text.render import TableView
from cuttle.text.tablemodel import game_model

WIDTH = 80
CELL = (7, 14)  # a character's cell in the picture, in pixels: width, height
_COLOURS = {"table": (22, 92, 52), "text": (235, 235, 225), "red": (205, 30, 40),
            "black": (20, 20, 20), "joker": (120, 40, 160), "back": (150, 150, 150),
            "face": (250, 250, 245)}
_TOKEN = re.compile(r"(?<![\w#])([A2-9TJQK][CDHS]|X[12]|##)(?![\w#])")


def table_text(game: Game, viewer: int, names: Sequence[str] = ("player_0", "player_1"),
               ascii: bool = False) -> str:
    """The table of ``game`` as seat ``viewer`` sees it, as plain lines (``names``: one a
    seat)."""
    if game.players == 2:
        lines = _two_seats(game, viewer, (names[0], names[1]), ascii)
    else:
        lines = _seats(game, viewer, names, CardStyle(ascii=ascii))
    if game.outcome is None:
        lines.append(f"{names[game.to_move or 0]} to move ({game.phase})")
    else:
        lines.append(f"game over: {game.outcome}")
    return "".join(line + "\n" for line in lines)


def _two_seats(game: Game, viewer: int, names: tuple[str, str], ascii: bool) -> list[str]:
    console = Console(file=StringIO(), color_system=None, force_terminal=False, highlight=False,
                      emoji=False, markup=False, width=WIDTH, soft_wrap=False)
    model = game_model(game, viewer, names, CardStyle(ascii=ascii), status="")
    with console.capture() as captured:
        console.print(TableView(model))
    return [line.rstrip() for line in captured.get().splitlines()]


def _seats(game: Game, viewer: int, names: Sequence[str], style: CardStyle) -> list[str]:
    view = game.view(viewer)
    n = game.players
    rule = "-" * WIDTH if style.ascii else "─" * WIDTH

    def cards(entries: list[str]) -> str:
        out = []
        for entry in entries:
            base, jacks = split_stack(entry)
            on = f"[{' '.join(style.plain(j) for j in jacks)}]" if jacks else ""
            out.append(style.plain(base) + on)
        return " ".join(out) or ("-" if style.ascii else "—")

    def seat(p: int) -> list[str]:
        mark = " ◀" if view.get("to_move") == p and not style.ascii else (
            " <" if view.get("to_move") == p else "")
        side = f" (team {p % 2})" if game.rules.teams else ""
        out = " (out)" if p in view.get("out", []) else ""
        hand = view["hands"][p]
        head = f"{names[p]}{side}{mark}{out}  hand {cards(hand)} ({len(hand)})"
        score = f"score {game.score(p)} / {game.goal(p)}"
        return [head + " " * max(2, WIDTH - len(head) - len(score)) + score,
                f"  points  {cards(view['points'][p])}",
                f"  perms   {cards(view['permanents'][p])}"]

    lines: list[str] = []
    for r in range(1, n):
        lines += seat((viewer + r) % n)
    lines.append(rule)
    stack = " / ".join(item["move"] for item in view["stack"]) or cards([])
    scrap = f"scrap {len(view['scrap'])}" if view["scrap"] else "scrap empty"
    lines.append(f"  deck {len(view['deck'])}   {scrap}   stack {stack}   {game.rules}")
    if view["revealed"]:
        lines.append(f"  revealed {cards(view['revealed'])}")
    lines.append(rule)
    lines += seat(viewer)
    return [line.rstrip() for line in lines]


@cache
def _font() -> Any:
    from PIL import ImageFont  # the research extra's Pillow: only a picture needs it

    return ImageFont.load_default(size=CELL[1] - 2)


def table_picture(game: Game, viewer: int, names: Sequence[str] = ("player_0", "player_1")
                  ) -> npt.NDArray[np.uint8]:
    """The table of ``game`` as seat ``viewer`` sees it (:func:`table_text` in ASCII), as an
    RGB picture: a ``(height, width, 3)`` array of ``uint8``."""
    from PIL import Image, ImageDraw

    lines = table_text(game, viewer, names, ascii=True).splitlines()
    width, height = CELL[0] * WIDTH, CELL[1] * len(lines)
    image = Image.new("RGB", (width, height), _COLOURS["table"])
    draw = ImageDraw.Draw(image)
    font = _font()
    for row, line in enumerate(lines):
        y = row * CELL[1]
        cards = {m.start(): m.group() for m in _TOKEN.finditer(line)}
        col = 0
        while col < len(line):
            card = cards.get(col)
            if card is None:
                draw.text((col * CELL[0], y), line[col], fill=_COLOURS["text"], font=font)
                col += 1
                continue
            box = (col * CELL[0], y + 1, (col + len(card)) * CELL[0] - 1, y + CELL[1] - 1)
            back = card == "##"
            draw.rectangle(box, fill=_COLOURS["back" if back else "face"])
            colour = ("black" if back else "joker" if card[0] == "X"
                      else "red" if card[1] in "DH" else "black")
            for i, char in enumerate(card):
                draw.text(((col + i) * CELL[0], y), char, fill=_COLOURS[colour], font=font)
            col += len(card)
    return np.asarray(image, dtype=np.uint8)


__all__ = ["CELL", "table_picture", "table_text"]
