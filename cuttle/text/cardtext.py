"""How cards look on screen: suit symbols or ``--ascii`` letters, suit colours, card backs."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text

from cuttle.cards import HIDDEN  # a card the viewer cannot see, as the views write it

_SUIT_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_SUIT_STYLE = {"C": "bold", "D": "bold red", "H": "bold red", "S": "bold"}
_RANK_WORD = {
    "A": "ace",
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "T": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
}
_RANK_VALUE = {r: i for i, r in enumerate("A23456789T", start=1)}
# What --ascii writes instead of the typographic characters of messages.
_ASCII_PUNCT = str.maketrans(
    {
        "·": "-",
        "—": "-",
        "–": "-",
        "…": "...",
        "→": "->",
        "←": "<-",
        "⇒": "=>",
        "•": "-",
        "◀": "<",
        "▒": "#",
        "×": "x",
        "♣": "C",
        "♦": "D",
        "♥": "H",
        "♠": "S",
        "’": "'",
        "“": '"',
        "”": '"',
    }
)
_SYMBOL_TEN = re.compile(r"\bT(?=[♣♦♥♠])")
_UNICODE_TEN = re.compile(r"\b10(?=[♣♦♥♠])")
# a canonical card inside a sentence (``points 7C (…)``): a whole word, upper case, so prose
# ("as", "kc" in a name) is left alone
_CANONICAL_CARD = re.compile(r"(?<![\w♣♦♥♠])([A2-9TJQK][CDHS]|X[12])(?![\w♣♦♥♠])")


def rank_char(card: str) -> str:
    """The rank letter of a canonical card text (``7D`` -> ``7``); ``X`` for a joker."""
    return card[0].upper()


def rank_word(card: str) -> str:
    """``ace``, ``seven``, ``king``, ``joker``."""
    return _RANK_WORD.get(rank_char(card), "joker")


def point_value(card: str) -> int:
    """Points a card is worth on the table (A=1 … 10); 0 for J, Q, K, jokers, hidden cards."""
    return _RANK_VALUE.get(rank_char(card), 0) if card != HIDDEN else 0


_SEAT_MARK = re.compile(r"^([^@>]*)(?:@(\d+))?(?:>(\d+))?$")


@dataclass(frozen=True)
class Link:
    """One card of a table entry as a game of three or four writes it (``JD@3>0``): the card,
    the seat that played it and the seat it gave control to (``None`` when not written: two
    players write neither, and a card that gave to its own player writes no ``>``)."""

    card: str
    by: int | None = None
    to: int | None = None

    @property
    def holder(self) -> int | None:
        """Who controls the card below once this one is on it."""
        return self.to if self.to is not None else self.by


def stack_links(entry: str) -> list[Link]:
    """A table entry bottom to top: ``TS@1+JD@3>0`` -> [Link(TS, 1), Link(JD, 3, 0)]."""
    links = []
    for part in entry.split("+"):
        match = _SEAT_MARK.match(part)
        if match is None:
            links.append(Link(part))
            continue
        card, by, to = match.groups()
        links.append(Link(card, None if by is None else int(by), None if to is None else int(to)))
    return links


def split_stack(entry: str) -> tuple[str, list[str]]:
    """A points entry ``TS+JD+JC`` -> (``TS``, [``JD``, ``JC``]): the card and its jacks (and
    jokers), without the seat marks of three and four players (``TS@1+JD@0``)."""
    parts = [part.split("@", 1)[0].split(">", 1)[0] for part in entry.split("+")]
    return parts[0], parts[1:]


def taken_from(entry: str) -> int | None:
    """The seat the top jack or joker of an entry took its card from (who controlled it just
    before), when the entry writes seats; ``None`` for a card alone or two players' entries."""
    links = stack_links(entry)
    if len(links) < 2:
        return None
    return links[-2].holder


@dataclass(frozen=True)
class CardStyle:
    """Card glyphs and colours for one screen: ``ascii`` draws ``7D`` instead of ``7♦``."""

    ascii: bool = False

    def plain(self, card: str) -> str:
        """Display text of a canonical card (``7D`` -> ``7♦``; ``TS`` -> ``10♠``)."""
        if card == HIDDEN:
            return self.back
        card = card.upper()
        if card.startswith("X"):
            return card  # the notation's X1: one name everywhere, never read as a jack
        rank = "10" if card[0] == "T" and not self.ascii else card[0]
        if self.ascii:
            return rank + card[1]
        return rank + _SUIT_SYMBOL.get(card[1], card[1])

    def text(self, card: str) -> Text:
        """The card as styled rich Text (red hearts and diamonds)."""
        if card == HIDDEN:
            return Text(self.back, style="dim")
        card = card.upper()
        style = "bold magenta" if card.startswith("X") else _SUIT_STYLE.get(card[-1:], "")
        return Text(self.plain(card), style=style)

    def cards(self, cards: list[str], sep: str = " ") -> Text:
        """Several cards, separated by ``sep``."""
        out = Text()
        for i, card in enumerate(cards):
            if i:
                out.append(sep)
            out.append_text(self.text(card))
        return out

    def stack(self, entry: str, face: Callable[[str], Text] | None = None) -> Text:
        """A point card with its jacks: ``10♠[J♦ J♣]``, each card drawn by ``face`` (default:
        ``text``; the table passes one that marks the cards the last move changed)."""
        paint = face if face is not None else self.text
        base, jacks = split_stack(entry)
        out = paint(base)
        if jacks:
            out.append("[", style="dim")
            out.append_text(Text(" ").join(paint(j) for j in jacks))
            out.append("]", style="dim")
        return out

    @property
    def back(self) -> str:
        """A face-down card."""
        return "##" if self.ascii else "▒▒"

    def say(self, text: str) -> str:
        """A message as this style writes it: with ``--ascii``, plain ASCII punctuation and cards
        (``10♠ — ok…`` -> ``TS - ok...``); unchanged otherwise."""
        if not self.ascii:
            return _SYMBOL_TEN.sub("10", text)  # the engine's messages write T♠
        return _UNICODE_TEN.sub("T", text).translate(_ASCII_PUNCT)

    def words(self, text: str) -> str:
        """Replace every canonical card in a move text by its display form (``scuttle 9♣ 7♥``)."""
        return " ".join(self.plain(w) if is_card_text(w) else w for w in text.split(" "))

    def typed(self, text: str) -> str:
        """A canonical move text as a player types it in this style: the ten as the screen
        shows it (``joker X1 TD`` -> ``joker X1 10D``; ``TD`` kept with ``--ascii``, whose
        screen writes ``TD``), suits as letters; both forms are the notation."""
        if self.ascii:
            return text
        return " ".join("10" + w[1] if is_card_text(w) and w[0] == "T" else w
                        for w in text.split(" "))

    def sentence(self, text: str) -> str:
        """A sentence with every canonical card in it written as the game shows cards, then as
        this style writes messages (:meth:`say`): ``better: points 7C (7♣ for points)`` ->
        ``better: points 7♣ (7♣ for points)``; with ``--ascii``, ``points 7C (7C for points)``."""
        return self.say(_CANONICAL_CARD.sub(lambda m: self.plain(m.group(1)), text))


def is_card_text(word: str) -> bool:
    """True for a canonical card text such as ``7D``, ``TS``, ``X1``."""
    if len(word) != 2:
        return False
    w = word.upper()
    if w in ("X1", "X2"):
        return True
    return w[0] in "A23456789TJQK" and w[1] in "CDHS"
