"""``cuttle rules``: print the rules, one card's rules, or one house rule's.

The text is ``cuttle/data/rules.md`` (``docs/rules.md`` in the source tree is a link to it), read
from inside the installed package so the command works from any directory. The document's
``## Card by card`` section has one ``### R — name`` subsection per rank (and
``### X — joker``), and its ``## Variants`` section one ``### name`` subsection per variant; this
module finds them by heading, so the document stays the single source of the text.

Output is Markdown rendered by rich when standard output is a terminal, the plain Markdown text
otherwise (pipes, files, tests).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass

CARD_SECTION = "Card by card"
VARIANT_SECTION = "Variants"

#: Rank keys in the order of the document; ``X`` is the joker.
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "X")
_POINT_RANKS = RANKS[:10]
_SUITS = "CDHS"
_SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_SUIT_NAMES = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}
_SYMBOL_TO_SUIT = {"♣": "c", "♧": "c", "♦": "d", "♢": "d", "♥": "h", "♡": "h", "♠": "s", "♤": "s"}

_RANK_WORDS = {
    "a": "A", "1": "A", "ace": "A", "one": "A",
    "2": "2", "two": "2", "deuce": "2",
    "3": "3", "three": "3",
    "4": "4", "four": "4",
    "5": "5", "five": "5",
    "6": "6", "six": "6",
    "7": "7", "seven": "7",
    "8": "8", "eight": "8", "glasses": "8",
    "9": "9", "nine": "9",
    "t": "T", "10": "T", "ten": "T",
    "j": "J", "jack": "J", "knave": "J",
    "q": "Q", "queen": "Q",
    "k": "K", "king": "K",
    "x": "X", "x1": "X", "x2": "X", "joker": "X",
}  # fmt: skip

_CARD_HELP = (
    "a rank (A, 2-10, T, J, Q, K), a card (7D, 10s, 7♦, X1) or a name (ace, seven, jack, joker)"
)


@dataclass(frozen=True)
class Section:
    """One heading of a Markdown document and everything under it."""

    level: int
    title: str
    text: str

    @property
    def key(self) -> str:
        """The heading's first word without Markdown backticks: ``7``, ``J``, ``four-random``."""
        words = self.title.replace("`", "").split()
        return words[0] if words else ""


def sections(markdown: str) -> list[Section]:
    """Every heading of ``markdown`` (outside fenced code) with the text up to the next heading
    of the same or a higher level."""
    lines = markdown.splitlines()
    heads: list[tuple[int, int, str]] = []
    fenced = False
    for index, line in enumerate(lines):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        match = None if fenced else re.match(r"(#{1,6})\s+(.*?)\s*#*\s*$", line)
        if match:
            heads.append((index, len(match.group(1)), match.group(2)))
    found = []
    for n, (start, level, title) in enumerate(heads):
        end = next((i for i, lvl, _ in heads[n + 1 :] if lvl <= level), len(lines))
        found.append(Section(level, title, "\n".join(lines[start:end]).strip() + "\n"))
    return found


def subsections(markdown: str, parent_title: str) -> Iterator[Section]:
    """The sections one level below the section titled ``parent_title``."""
    parent = next((s for s in sections(markdown) if s.title == parent_title), None)
    if parent is None:
        return
    for section in sections(parent.text):
        if section.level == parent.level + 1:
            yield section


def card_key(text: str) -> tuple[str, str | None]:
    """Parse a card or rank the way a player types it; return (rank key, suit letter or None).

    ``7`` -> ("7", None); ``7d``/``7♦``/``7 of diamonds`` -> ("7", "D"); ``10``/``T``/``ten`` ->
    ("T", None); ``jack``/``J``/``jacks`` -> ("J", None); ``X1``/``joker`` -> ("X", None).
    Raises ValueError for anything else.
    """
    word = text.strip().lower()
    for symbol, letter in _SYMBOL_TO_SUIT.items():
        word = word.replace(symbol, letter)
    word = " ".join(word.split())
    if word in _RANK_WORDS:
        return _RANK_WORDS[word], None
    match = re.fullmatch(r"(\w+) of (clubs|diamonds|hearts|spades)", word)
    if match and match.group(1) in _RANK_WORDS and _RANK_WORDS[match.group(1)] != "X":
        return _RANK_WORDS[match.group(1)], _SUIT_NAMES[match.group(2)]
    compact = word.replace(" ", "")
    rank, suit = compact[:-1], compact[-1:]
    if suit and suit in "cdhs" and len(rank) <= 2 and rank in _RANK_WORDS:
        if _RANK_WORDS[rank] != "X":
            return _RANK_WORDS[rank], suit.upper()
    if word.endswith("s") and word[:-1] in _RANK_WORDS and len(word) > 2:
        return _RANK_WORDS[word[:-1]], None  # plurals: "jacks", "sevens"
    raise ValueError(f"unknown card {text!r}: give {_CARD_HELP}")


def _rank_name(rank: str) -> str:
    return "10" if rank == "T" else rank


def _span(low: int, high: int) -> str:
    """Ranks low..high (indexes into _POINT_RANKS) as text: ``A``, ``A–6``."""
    if low == high:
        return _rank_name(_POINT_RANKS[low])
    return f"{_rank_name(_POINT_RANKS[low])}–{_rank_name(_POINT_RANKS[high])}"


def scuttle_line(rank: str, suit: str) -> str:
    """One sentence on what the card ``rank``+``suit`` scuttles and what scuttles it."""
    i, s = _POINT_RANKS.index(rank), _SUITS.index(suit)
    name = f"{rank}{suit}"

    def same_rank(suits: str) -> list[str]:
        return [f"{_rank_name(rank)}{_SUIT_SYMBOLS[x]}" for x in suits]

    beats = ([f"every {_span(0, i - 1)}"] if i > 0 else []) + same_rank(_SUITS[:s])
    beaten = same_rank(_SUITS[s + 1 :]) + ([f"every {_span(i + 1, 9)}"] if i < 9 else [])
    return (
        f"**{name}** ({_rank_name(rank)}{_SUIT_SYMBOLS[suit]}) in a scuttle: it beats "
        f"{_join(beats) or 'nothing'}; it is beaten by {_join(beaten) or 'nothing'}."
    )


def _join(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def card_section(markdown: str, card: str) -> str:
    """The document's section for ``card`` (any form :func:`card_key` takes)."""
    rank, suit = card_key(card)
    for section in subsections(markdown, CARD_SECTION):
        if section.key.upper() == rank:
            if suit is not None and rank in _POINT_RANKS:
                head, _, body = section.text.partition("\n")
                return f"{head}\n\n{scuttle_line(rank, suit)}\n{body}"
            return section.text
    raise ValueError(f"the rules have no section for {card!r}")  # pragma: no cover - doc broken


def variant_names(markdown: str) -> list[str]:
    """The variants the document describes, in its order."""
    return [section.key for section in subsections(markdown, VARIANT_SECTION)]


def variant_section(markdown: str, name: str) -> str:
    """The document's section for the variant ``name`` (case and ``_``/``-`` are forgiven)."""
    wanted = name.strip().lower().replace("_", "-").replace(" ", "-")
    for section in subsections(markdown, VARIANT_SECTION):
        if section.key.lower() == wanted:
            return section.text
    raise ValueError(
        f"unknown variant {name!r}; the variants are: {', '.join(variant_names(markdown))}"
    )


def render(markdown: str, *, terminal: bool | None = None) -> None:
    """Write ``markdown`` to standard output: rendered by rich on a terminal, plain otherwise."""
    if terminal is None:
        terminal = sys.stdout.isatty()
    if terminal:
        from rich.console import Console
        from rich.markdown import Markdown

        Console().print(Markdown(markdown))
    else:
        sys.stdout.write(markdown if markdown.endswith("\n") else markdown + "\n")


def run(args: argparse.Namespace) -> int:
    """Run ``cuttle rules``; return the exit status (2 for an unknown card or variant)."""
    from cuttle.cli import rules_text

    markdown = rules_text()
    parts: list[str] = []
    try:
        if args.card is not None:
            parts.append(card_section(markdown, args.card))
        for name in args.variant or []:
            parts.append(variant_section(markdown, name))
    except ValueError as error:
        print(f"cuttle rules: {error}", file=sys.stderr)
        return 2
    render("\n".join(parts) if parts else markdown)
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``rules`` subcommand to the ``cuttle`` parser."""
    parser = subparsers.add_parser(
        "rules",
        help="print the rules (all of them, one card's, or one house rule's)",
        description=(
            "Print the rules of Cuttle as this program plays them: both presets (classic, "
            "cuttlecards), every decision, the house rules (variants) and each card's uses."
        ),
        epilog="examples: cuttle rules | cuttle rules 7D | cuttle rules jack | "
        "cuttle rules --variant joker",
    )
    parser.add_argument(
        "card", nargs="?", metavar="CARD", help=f"only this card's rules: {_CARD_HELP}"
    )
    parser.add_argument(
        "--variant",
        action="append",
        metavar="NAME",
        default=[],
        help="only this house rule's section (repeatable), e.g. four-random, joker",
    )
    parser.set_defaults(func=run)
