"""Help screens: the commands, a one-screen card summary, and one card's rules."""

from __future__ import annotations

import re
import textwrap

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


def card_summary(rules: str = "classic") -> list[tuple[str, str, str]]:
    """``CARD_SUMMARY`` for a rules string: the preset's and the variants' differences."""
    parts = [p for p in rules.split("+") if p]
    cc = bool(parts) and parts[0] == "cuttlecards"
    variants = set(parts[1:])
    rows = {r: [r, pts, what] for r, pts, what in CARD_SUMMARY}
    if cc:
        rows["5"][2] = "one-off: discard one card, then draw three"
        rows["7"][2] = "one-off: reveal the top two cards, play one of them"
        rows["2"][2] = "one-off: scrap an opponent's permanent; or counter a one-off"
        rows["9"][2] = "one-off: an opponent's card back to their hand, frozen"
        rows["J"][2] = "permanent: take control of an opponent's point card"
        rows["K"][2] = "permanent: lowers your goal 21 -> 14 -> 10 -> 5 -> 0"
    else:
        rows["5"][2] = "one-off: draw two cards"
    if "four-random" in variants:
        rows["4"][2] = "one-off: the opponent discards two random cards"
    if "eight-oneoff" in variants:
        rows["8"][2] += "; or one-off: scrap an 8 used as glasses"
    if "nine-to-deck" in variants:
        rows["9"][2] = "one-off: put a permanent on top of the deck"
    elif "nine-freeze" in variants:
        rows["9"][2] = "one-off: return a permanent to its owner's hand (frozen a turn)"
    if "ten-counters-scuttle" in variants:
        rows["10"][2] = "points and scuttles; or one-off: stop a scuttle of your card"
    if "queens-protect-queens" in variants:
        rows["Q"][2] += " (and other queens)"
    out = [(r[0], r[1], r[2]) for r in rows.values()]
    if "joker" in variants:
        out.append(("Joker", "-", "one-off: the players swap hands"))
    return out


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
    """A rules section as plain text: list items and paragraphs re-flowed to ``width``."""
    blocks: list[tuple[str, str]] = []  # (first-line prefix, text)
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            blocks.append(("", ""))
        elif stripped.startswith("#"):
            blocks.append(("", stripped.lstrip("#").strip()))
        elif stripped.startswith(("- ", "* ")):
            blocks.append(("- ", stripped[2:]))
        elif blocks and blocks[-1][1]:
            prefix, body = blocks[-1]
            blocks[-1] = (prefix, body + " " + stripped)
        else:
            blocks.append(("", stripped))
    lines: list[str] = []
    for prefix, body in blocks:
        body = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", body.replace("**", ""))
        if not body:
            if lines and lines[-1]:
                lines.append("")
            continue
        lines += textwrap.wrap(
            body,
            width=max(20, width),
            initial_indent=prefix,
            subsequent_indent=" " * len(prefix),
            break_on_hyphens=False,
        )
    return Text("\n".join(lines).strip("\n"))


def card_rules(card: str, rich_markup: bool, width: int = 80) -> RenderableType:
    """One card's section of the rules document; raises ValueError for an unknown card.

    ``rich_markup`` renders the Markdown; otherwise the text is re-flowed to ``width``.
    """
    from cuttle import rules_cmd
    from cuttle.cli import rules_text

    text = rules_cmd.card_section(rules_text(), card)
    return Markdown(text) if rich_markup else markdown_as_text(text, width)
