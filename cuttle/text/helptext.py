"""Help screens: the commands, a one-screen card summary, and one card's rules."""

from __future__ import annotations

import re
import textwrap

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from cuttle.rulesdoc import CARD_SUMMARY, card_summary, rules_text, topic_section

__all__ = [
    "CARD_SUMMARY",
    "COMMANDS",
    "KEYS",
    "card_rules",
    "card_summary",
    "cards_view",
    "entries_view",
    "help_view",
    "markdown_as_text",
]

COMMANDS: list[tuple[str, str]] = [
    ("MOVE", "play a move: draw, points 7D, scuttle 9C 7H, oneoff AS, jack JD 7H, ... (Tab)"),
    ("7D", "a card alone plays its one move, or lists what it can do"),
    ("king KC", "the same as perm KC; also queen QH, glasses 8S"),
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


#: The full screen's keys (F1 help shows them under the commands).
KEYS: list[tuple[str, str]] = [
    ("Enter", "send the line; on an empty line with a card selected: its moves"),
    ("Tab", "the legal moves that fit what is typed, with what each does"),
    ("← →", "select a card of your hand (empty line); then 1-9 picks by position"),
    ("1-9", "in a list of moves: play that one"),
    ("↑ ↓", "your earlier lines; in a window: scroll it, or move in a list"),
    ("Space", "the next step of the opponent's turn"),
    ("Esc", "close the window; drop the selection or the typed line; the rest of the "
            "opponent's turn"),
    ("PgUp PgDn", "scroll the log (in a window: the window)"),
    ("?", "what the marks on the screen mean (empty line)"),
    ("F1", "this help"),
    ("F2", "pace step, normal, fast: this game only (to keep one: settings pace fast)"),
    ("Ctrl-C", "ask whether to quit (Ctrl-D on an empty line too)"),
]
_STACKED_BELOW = 64  # columns under which each entry's words go under its name


class _Entries:
    """Names and what they do: two columns, or stacked when the width is narrow (the log
    column beside the board from 120 columns)."""

    def __init__(self, rows: list[tuple[str, str]]) -> None:
        self.rows = rows

    def __rich_shape__(self) -> object:
        """All it is drawn from (``ui/richpt.shape``: equal entries draw alike, drawn once)."""
        return tuple(self.rows)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if options.max_width >= _STACKED_BELOW:
            table = Table.grid(padding=(0, 2))
            table.add_column(style="bold cyan", no_wrap=True)
            table.add_column()
            for name, what in self.rows:
                table.add_row(name, what)
            yield table
            return
        for name, what in self.rows:
            yield Text(name, style="bold cyan")
            for line in textwrap.wrap(what, max(10, options.max_width - 2),
                                      break_on_hyphens=False):
                yield Text("  " + line)


def entries_view(rows: list[tuple[str, str]]) -> RenderableType:
    """Names and what each does, as the help shows them: two columns, each entry's words
    wrapped in its own column (under its name when the width is narrow), never to column 0."""
    return _Entries(rows)


def help_view(keys: bool = False) -> RenderableType:
    """The list of commands; with ``keys``, the full screen's keys below them."""
    parts: list[RenderableType] = [Text("Commands", style="bold"), _Entries(COMMANDS)]
    if keys:
        parts += [Text(""), Text("Keys", style="bold"), _Entries(KEYS)]
    else:
        parts.append(Text("Tab completes the legal moves. Ctrl-C or Ctrl-D asks whether to quit.",
                          style="dim"))
    return Group(*parts)


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
