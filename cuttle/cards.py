"""Cards as small ints, and their text forms.

A card is an int: ``rank_index * 4 + suit_index`` for the 52 standard cards (rank index 0 = ace
… 12 = king; suit index 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades), and 52/53 for the two
jokers of the ``joker`` variant. Because rank comes before suit, a higher int beats a lower one in a
scuttle: ``7D`` (25) beats ``7C`` (24) and ``6H`` (22) but not ``7H`` (26).
"""

from __future__ import annotations

import re

RANKS = "A23456789TJQK"
SUITS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES = (
    "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "jack", "queen", "king",
)

JOKER1 = 52
JOKER2 = 53
JOKERS = (JOKER1, JOKER2)
HIDDEN = "??"

# Rank numbers (A = 1 … K = 13) used across the engine.
ACE, TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING = range(1, 14)

_TEXT = [r + s for r in RANKS for s in SUITS] + ["X1", "X2"]
# A joker has one name, the notation's X1/X2, on screen too: "Jk1" read as a jack.
_PRETTY = [r + s for r in RANKS for s in SUIT_SYMBOLS] + ["X1", "X2"]
_RANK_ALIASES = {"10": "T", "1": "A"}
_SUIT_ALIASES = {sym: s for sym, s in zip(SUIT_SYMBOLS, SUITS, strict=True)}
_SUIT_ALIASES.update({"♧": "C", "♢": "D", "♡": "H", "♤": "S"})


#: Every way a player may write a joker (any case): the notation's ``X1``, and ``Jk1``, ``Jo1``,
#: ``joker1``, ``joker 1``, ``🃏1``. Only ``X1``/``X2`` is ever written.
_JOKER_WORD = re.compile(r"(?:x|jk|jo|joker ?|\U0001F0CF)([12])", re.IGNORECASE)


def parse_joker(text: str) -> int | None:
    """The joker a word names (``X1``, ``jk2``, ``Joker1``, ``🃏1``), or None if it names none."""
    m = _JOKER_WORD.fullmatch(text.strip())
    return None if m is None else JOKER1 if m.group(1) == "1" else JOKER2


def rank_of(card: int) -> int:
    """Rank number of a card: 1 (ace) … 13 (king); 0 for a joker."""
    return card // 4 + 1 if card < 52 else 0


def suit_of(card: int) -> int:
    """Suit index of a card: 0 clubs, 1 diamonds, 2 hearts, 3 spades (-1 for a joker)."""
    return card % 4 if card < 52 else -1


def is_joker(card: int) -> bool:
    """True for the two jokers of the ``joker`` variant."""
    return card >= 52


def make_card(rank: int, suit: int) -> int:
    """The card of rank number ``rank`` (1–13) and suit index ``suit`` (0–3)."""
    return (rank - 1) * 4 + suit


def card_text(card: int) -> str:
    """Canonical text of a card: ``7D``, ``TS``, ``X1``."""
    return _TEXT[card]


def parse_card(text: str) -> int:
    """Parse a card: ``7D``, ``7d``, ``10d``, ``7♦``, ``x1`` (a joker by any name of
    :func:`parse_joker`). Raises ValueError naming the input."""
    s = text.strip()
    if not s:
        raise ValueError("empty card")
    joker = parse_joker(s)
    if joker is not None:
        return joker
    up = s.upper()
    suit_ch = s[-1]
    rank_txt = up[:-1]
    suit = _SUIT_ALIASES.get(suit_ch, suit_ch.upper())
    rank = _RANK_ALIASES.get(rank_txt, rank_txt)
    if len(rank) != 1 or rank not in RANKS or suit not in SUITS:
        raise ValueError(f"unknown card {text!r} (cards look like 7D, TS, 10h, 7♦)")
    return RANKS.index(rank) * 4 + SUITS.index(suit)


def pretty(card: int | str, ascii: bool = False) -> str:
    """Display text of a card (int or canonical text): ``7♦``, or ``7D`` with ``ascii=True``;
    a joker is ``X1`` either way."""
    if isinstance(card, str):
        if card == HIDDEN:
            return card
        card = parse_card(card)
    return _TEXT[card] if ascii else _PRETTY[card]


def card_name(card: int) -> str:
    """Words for a card: ``seven of diamonds``, ``joker``."""
    if card >= 52:
        return "joker"
    return f"{RANK_NAMES[card // 4]} of {SUIT_NAMES[card % 4]}"


def full_deck(jokers: bool = False) -> list[int]:
    """All cards of a game: the 52, plus the two jokers when ``jokers``."""
    return list(range(54 if jokers else 52))
