"""The table as text, drawn as the plain game draws it (``render_mode="ansi"``).

The same ``TableView`` the plain game prints, on a console with no colour and no cursor control,
80 columns, trailing spaces cut; always from one seat's view, so a rendered frame shows no card
that seat cannot see.
"""

from __future__ import annotations

from io import StringIO

from rich.console import Console

from cuttle import Game
from cuttle.text.cardtext import CardStyle
from cuttle.text.render import TableView
from cuttle.text.tablemodel import game_model

WIDTH = 80


def table_text(game: Game, viewer: int, names: tuple[str, str] = ("player_0", "player_1"),
               ascii: bool = False) -> str:
    """The table of ``game`` as seat ``viewer`` sees it, as plain lines."""
    console = Console(file=StringIO(), color_system=None, force_terminal=False, highlight=False,
                      emoji=False, markup=False, width=WIDTH, soft_wrap=False)
    model = game_model(game, viewer, names, CardStyle(ascii=ascii), status="")
    with console.capture() as captured:
        console.print(TableView(model))
    lines = [line.rstrip() for line in captured.get().splitlines()]
    if game.outcome is None:
        lines.append(f"{names[game.to_move or 0]} to move ({game.phase})")
    else:
        lines.append(f"game over: {game.outcome}")
    return "".join(line + "\n" for line in lines)


__all__ = ["table_text"]
