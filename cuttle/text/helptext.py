"""Help screens: the commands, a one-screen card summary, and one card's rules."""

from __future__ import annotations

import re
import textwrap

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cuttle.rulesdoc import CARD_SUMMARY, card_summary, rules_text, topic_section

__all__ = [
    "CARD_SUMMARY",
    "COMMANDS",
    "card_rules",
    "card_summary",
    "cards_view",
    "help_view",
    "markdown_as_text",
]

COMMANDS: list[tuple[str, str]] = [
    ("MOVE", "play a move: draw, points 7D, scuttle 9C 7H, oneoff AS, jack JD 7H, ... (Tab)"),
    ("7D", "a card alone plays its one move, or lists what it can do"),
    ("5", "a number alone lists what your fives (1: aces, 10: tens) can do"),
    ("moves", "list the legal moves, numbered; while a list is shown, a number picks"),
    (
        "rules [CARD]",
        "what each card does; one card's rules (rules 9, rules jack) or a topic's"
        " (rules counters, rules seven)",
    ),
    ("scrap", "the whole scrap pile"),
    ("log", "the game so far"),
    ("hint", "what the AI would play here"),
    ("undo", "against the AI: back to your previous decision"),
    ("settings [NAME VALUE]", "show your settings; change one (settings pace fast)"),
    ("save [FILE]", "save now (the game is also saved after every move)"),
    ("concede", "give up this game"),
    ("quit", "leave; the game is saved, continue with: cuttle play --resume"),
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


def cards_view(rules: str = "classic") -> RenderableType:
    """What each rank does under ``rules``, on one screen."""
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column(style="dim", no_wrap=True)
    table.add_column()
    for rank, pts, what in card_summary(rules):
        table.add_row(rank, pts, what)
    tail = Text(
        "Scuttle: play a higher point card (rank, then suit C<D<H<S) onto one of the "
        "opponent's. `rules CARD` for details; `cuttle rules` for everything.",
        style="dim",
    )
    return Group(Text(f"The cards ({rules} rules)", style="bold"), table, tail)


def markdown_as_text(text: str, width: int) -> Text:
    """A rules section as plain text: list items and paragraphs re-flowed to ``width``, table
    rows kept one to a line (``A | 1 point | ...``)."""
    blocks: list[tuple[str, str]] = []  # (first-line prefix, text)
    rows: set[int] = set()  # indexes of blocks that are table rows
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("|"):
            cells = [c.strip() for c in stripped.strip("|").split("|")]
            if all(set(c) <= set("-: ") for c in cells):
                continue  # the row under a table's header
            rows.add(len(blocks))
            blocks.append(("", " | ".join(cells)))
            blocks.append(("", ""))
            continue
        if not stripped:
            blocks.append(("", ""))
        elif stripped.startswith("#"):
            blocks.append(("", stripped.lstrip("#").strip()))
        elif stripped.startswith(("- ", "* ")):
            blocks.append(("- ", stripped[2:]))
        elif blocks and blocks[-1][1] and len(blocks) - 1 not in rows:
            prefix, body = blocks[-1]
            blocks[-1] = (prefix, body + " " + stripped)
        else:
            blocks.append(("", stripped))
    lines: list[str] = []
    for index, (prefix, body) in enumerate(blocks):
        body = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", body.replace("**", ""))
        if not body:
            if lines and lines[-1] and index - 1 not in rows:
                lines.append("")
            continue
        lines += textwrap.wrap(
            body,
            width=max(20, width),
            initial_indent=prefix,
            subsequent_indent="  " if index in rows else " " * len(prefix),
            break_on_hyphens=False,
        )
    return Text("\n".join(lines).strip("\n"))


def card_rules(card: str, rich_markup: bool, width: int = 80) -> RenderableType:
    """One card's section of the rules document, or a topic's (``counters``, ``seven``);
    raises ValueError for an unknown card or topic.

    ``rich_markup`` renders the Markdown; otherwise the text is re-flowed to ``width``.
    """
    text = topic_section(rules_text(), card)
    if not rich_markup:
        return markdown_as_text(text, width)
    from rich.markdown import Markdown  # markdown-it is slow to import: not before it is used

    return Markdown(text)
