"""Help screens: the commands, a one-screen card summary, and one card's rules."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text

COMMANDS: list[tuple[str, str]] = [
    ("MOVE", "play a move: draw, points 7D, scuttle 9C 7H, oneoff AS, jack JD 7H, ... (Tab)"),
    ("7D", "a card alone lists what it can do; then type the number"),
    ("moves", "list the legal moves, numbered; a number plays one"),
    ("rules [CARD]", "what each card does, or one card's rules (rules 9, rules jack)"),
    ("scrap", "the whole scrap pile"),
    ("log", "the game so far"),
    ("hint", "what the AI would play here"),
    ("undo", "against the AI: back to your previous decision"),
    ("save [FILE]", "save now (the game is also saved after every move)"),
    ("concede", "give up this game"),
    ("quit", "leave; the game is saved, continue with: cuttle play --resume"),
]

CARD_SUMMARY: list[tuple[str, str, str]] = [
    ("A", "1 point", "one-off: scrap all point cards"),
    ("2", "2 points", "one-off: scrap a permanent; or counter a one-off"),
    ("3", "3 points", "one-off: take a card from the scrap"),
    ("4", "4 points", "one-off: the opponent discards two cards"),
    ("5", "5 points", "one-off: draw two (cuttlecards: discard one, draw three)"),
    ("6", "6 points", "one-off: scrap all permanents"),
    ("7", "7 points", "one-off: draw the top card and play it at once"),
    ("8", "8 points", "permanent (glasses): see the opponent's hand"),
    ("9", "9 points", "one-off: return a permanent to its owner's hand"),
    ("10", "10 points", "points and scuttles only"),
    ("J", "-", "permanent: take control of a point card"),
    ("Q", "-", "permanent: protects your other cards from 2, 9 and jacks"),
    ("K", "-", "permanent: lowers your goal 21 -> 14 -> 10 -> 7 -> 5"),
]


def help_view() -> RenderableType:
    """The list of commands."""
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold cyan", no_wrap=True)
    table.add_column()
    for cmd, what in COMMANDS:
        table.add_row(cmd, what)
    tail = Text(
        "Tab completes the legal moves. Ctrl-C or Ctrl-D asks whether to quit.", style="dim"
    )
    return Group(Text("Commands", style="bold"), table, tail)


def cards_view() -> RenderableType:
    """What each rank does, on one screen."""
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column(style="dim", no_wrap=True)
    table.add_column()
    for rank, pts, what in CARD_SUMMARY:
        table.add_row(rank, pts, what)
    tail = Text(
        "Scuttle: play a higher point card (rank, then suit C<D<H<S) onto one of the "
        "opponent's. `rules CARD` for details; `cuttle rules` for everything.",
        style="dim",
    )
    return Group(Text("The cards (classic rules)", style="bold"), table, tail)


def card_rules(card: str, rich_markup: bool) -> RenderableType:
    """One card's section of the rules document; raises ValueError for an unknown card."""
    from cuttle import rules_cmd
    from cuttle.cli import rules_text

    text = rules_cmd.card_section(rules_text(), card)
    return Markdown(text) if rich_markup else Text(text)
