"""What a typed line means: a move to play, a list of moves to show, or a message to say.

The session asks this module before it gives up on a line, so that short or loose forms work
without ever guessing: ``5`` shows what the player's fives can do (a bare number picks from a
numbered list only while one is on the screen), ``play 10H``, ``10h`` and ``points 10`` play a
move when they name exactly one legal move and list the candidates when they name several, and
``points KD`` says what a king can do instead (``perm KD``).

It also holds how a typed line is made canonical (``normalize_word``, ``normalize_input``: ``10h``
is ``TH``) and echoed safely (``echo_text``); ``cuttle.text.safetext.clean_line`` makes it one
clean line first. Pure functions of the legal moves, the numbered list on screen and the typed
text, so they are tested without a terminal (no prompt_toolkit; rich only through the card
styles).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from cuttle import Move
from cuttle.cards import card_text, parse_joker
from cuttle.rulesdoc import card_key
from cuttle.text.cardtext import is_card_text
from cuttle.text.safetext import is_unsafe_char

#: The longest line a player types: a game refuses longer ones, a lesson reads no further, and the
#: full screen's input line cuts them as they are typed.
MAX_LINE = 200
#: Verbs a player may type besides the notation's; ``None`` stands for any verb.
VERB_ALIASES: dict[str, str | None] = {
    "play": None,
    "one-off": "oneoff",
    "1off": "oneoff",
    "point": "points",
    "permanent": "perm",
}
#: Words that name a permanent by what it is: ``king KC`` is ``perm KC``, for that rank only.
PERM_WORDS = {"king": "K", "queen": "Q", "glasses": "8"}
NOTATION_VERBS = (
    "draw", "pass", "points", "scuttle", "oneoff", "perm", "jack",
    "counter", "resolve", "take", "discard", "scrap",
)  # fmt: skip

#: The rank a bare number names: ``1`` is the ace, ``10`` the ten.
NUMBER_RANKS = {n: r for n, r in enumerate("A23456789T", start=1)}
_RANK_PLURALS = {
    "A": "aces", "2": "twos", "3": "threes", "4": "fours", "5": "fives", "6": "sixes",
    "7": "sevens", "8": "eights", "9": "nines", "T": "tens", "J": "jacks", "Q": "queens",
    "K": "kings", "X": "jokers",
}  # fmt: skip
_RANK_SINGULAR = {r: p[:-1] if r != "6" else "six" for r, p in _RANK_PLURALS.items()}
#: Why a rank has no move of a verb, when the rules say so whatever the position.
_NEVER = {
    ("points", "J"): "jacks score nothing",
    ("points", "Q"): "queens score nothing",
    ("points", "K"): "kings score nothing",
    ("points", "X"): "jokers score nothing",
    ("scuttle", "J"): "only point cards A–10 scuttle",
    ("scuttle", "Q"): "only point cards A–10 scuttle",
    ("scuttle", "K"): "only point cards A–10 scuttle",
    ("perm", "A"): "only 8s, queens and kings are permanents",
}

Pretty = Callable[[str], str]


@dataclass(frozen=True)
class Intent:
    """What to do with a line: ``play`` a move, ``list`` moves (numbered), or ``say`` a message."""

    kind: Literal["play", "list", "say"]
    move: Move | None = None
    moves: list[Move] = field(default_factory=list)
    title: str = ""
    text: str = ""


def _cards(move: Move) -> list[str]:
    return str(move).split()[1:]


def _verb(move: Move) -> str:
    return str(move).split()[0]


def rank_plural(rank: str) -> str:
    """``5`` -> ``fives``, ``T`` -> ``tens``."""
    return _RANK_PLURALS.get(rank, rank)


def moves_of_rank(rank: str, legal: Sequence[Move]) -> list[Move]:
    """The legal moves that play a card of ``rank`` (the card played, not a target); for
    discards, any card discarded."""
    out = []
    for move in legal:
        cards = _cards(move)
        played = cards if _verb(move) == "discard" else cards[:1]
        if any(c[:1] == rank for c in played):
            out.append(move)
    return out


def read_number(
    n: int,
    numbered: Sequence[Move] | None,
    legal: Sequence[Move],
    hand: Sequence[str],
) -> Intent:
    """A bare number: a pick from the numbered list on screen, otherwise a rank (``5``: what can
    my fives do; ``1`` the aces, ``10`` the tens)."""
    if numbered is not None:
        if 1 <= n <= len(numbered):
            return Intent("play", move=numbered[n - 1])
        return Intent(
            "say",
            text=f"No move number {n}: the list on the screen has {len(numbered)} "
            f"(1–{len(numbered)}).",
        )
    rank = NUMBER_RANKS.get(n)
    if rank is None:
        return Intent(
            "say",
            text=f"No card has the number {n}. A number picks a move once a numbered list is "
            "on the screen (type moves); 1–10 alone show what your cards of that rank can do.",
        )
    moves = moves_of_rank(rank, legal)
    word = rank_plural(rank)
    if moves:
        return Intent("list", moves=moves, title=f"What your {word} can do")
    if any(c[:1] == rank for c in hand):
        return Intent("say", text=f"Your {word} cannot be played now (type moves for what can).")
    return Intent(
        "say",
        text=f"You hold no {_RANK_SINGULAR.get(rank, rank)}. (A number picks a move from a "
        "numbered list: type moves first.)",
    )


def _token(word: str) -> tuple[str, str | None] | None:
    """A typed card or rank: ``10h`` -> (``T``, ``H``), ``10`` -> (``T``, None), ``X1`` ->
    (``X``, ``1``); else None."""
    joker = parse_joker(word)
    if joker is not None:
        return "X", card_text(joker)[1]
    try:
        return card_key(word)
    except ValueError:
        return None


def _matches(move: Move, tokens: list[tuple[str, str | None]]) -> bool:
    cards = _cards(move)
    if len(tokens) > len(cards):
        return False

    def fits(card: str, token: tuple[str, str | None]) -> bool:
        rank, suit = token
        if rank == "X":
            return card[:1] == "X" and (suit is None or card[1:] == suit)
        return card[:1] == rank and (suit is None or card[1:] == suit)

    if _verb(move) == "discard":  # the discards in any order
        left = list(cards)
        for token in tokens:
            hit = next((c for c in left if fits(c, token)), None)
            if hit is None:
                return False
            left.remove(hit)
        return True
    return all(fits(card, token) for card, token in zip(cards, tokens, strict=False))


def read_move(text: str, legal: Sequence[Move], pretty: Pretty) -> Intent | None:
    """A loose move text: ``play 10H``, ``10h``, ``points 10``, ``scuttle 9 7``, ``points KD``.

    Exactly one legal move named: play it. Several: list them. None, but the card has other
    moves: say which (``points KD`` -> ``perm K♦``). None when the text is not a loose move at
    all (the caller then reports it as it would any unknown text).
    """
    words, refs = split_seat_refs(text.split())
    if not words:
        return None
    if refs:  # ``jack J 7 >2``: only the moves that name those seats
        legal = [m for m in legal if all(r in str(m).split() for r in refs)]
    first = words[0].lower()
    if first in PERM_WORDS:
        return _read_perm_word(first, words[1:], legal, pretty)
    if first in VERB_ALIASES:
        verb, rest = VERB_ALIASES[first], words[1:]
    elif first in NOTATION_VERBS:
        verb, rest = first, words[1:]
    elif len(words) == 1:
        verb, rest = None, words  # a card alone
    else:
        return None
    if not rest:
        if verb is None:
            return None
        options = [m for m in legal if _verb(m) == verb]
        if len(options) == 1 and verb in ("draw", "pass", "resolve"):
            return Intent("play", move=options[0])
        if options:
            return Intent("list", moves=options, title=f"Your {verb} moves")
        return None
    tokens = [_token(w) for w in rest]
    if any(t is None for t in tokens):
        return None
    typed = [t for t in tokens if t is not None]
    candidates = [m for m in legal if (verb is None or _verb(m) == verb) and _matches(m, typed)]
    shown = " ".join(_show(t, pretty) for t in typed)
    one_card = verb is None and len(typed) == 1
    if len(candidates) == 1 and (verb is not None or (one_card and typed[0][1] is not None)):
        return Intent("play", move=candidates[0])
    if candidates:
        if one_card:
            rank, suit = typed[0]
            whose = shown if suit is not None else f"your {rank_plural(rank)}"
            return Intent("list", moves=candidates, title=f"What {whose} can do")
        said = f"{verb or first} {shown}"
        return Intent("list", moves=candidates, title=f"{said}: which one?")
    # Nothing fits: say what the first card can do instead, if anything.
    rank, suit = typed[0]
    others = [m for m in legal if _matches(m, typed[:1])]
    if one_card and suit is None:  # a rank alone (``j``, ``sevens``) with nothing to play
        return Intent("say", text=f"No move plays one of your {rank_plural(rank)} now.")
    if verb is None or not others:
        return None
    why = _NEVER.get((verb, rank))
    card = pretty(rank + suit) if suit else f"your {rank_plural(rank)}"
    head = f"{card} cannot be played that way" + (f" ({why})" if why else "")
    if len(others) <= 3:
        ways = " or ".join(f"`{pretty_move(m, pretty)}`" for m in others)
        return Intent("say", text=f"{head}; did you mean {ways}?")
    return Intent("list", moves=others, title=f"{head}; what {card} can do")


def _read_perm_word(
    word: str, rest: list[str], legal: Sequence[Move], pretty: Pretty
) -> Intent | None:
    """``king KC``, ``queen QH``, ``glasses 8S`` (or the word alone): ``perm`` of that rank."""
    rank = PERM_WORDS[word]
    tokens = [_token(w) for w in rest]
    if len(tokens) > 1 or any(t is None for t in tokens):
        return None
    token = tokens[0] if tokens else None
    if token is not None and token[0] != rank:
        card = _show(token, pretty)
        return Intent("say", text=f"`{word}` plays {_article(word)} as a permanent; {card} is not "
                                  f"{_article(word)}.")
    options = [m for m in legal if _verb(m) == "perm" and _cards(m)[0][0] == rank
               and (token is None or _matches(m, [token]))]
    if len(options) == 1 and token is not None and token[1] is not None:
        return Intent("play", move=options[0])
    if options:
        return Intent("list", moves=options, title=f"Your {word} moves")
    if token is not None and token[1] is not None:
        said = read_move(" ".join(["perm", *rest]), legal, pretty)  # what the card can do
        card = _show(token, pretty)
        return said or Intent("say", text=f"{card} cannot be played as a permanent now.")
    return Intent("say", text=f"No {word} can be played as a permanent now.")


def _article(word: str) -> str:
    return "an 8 (glasses)" if word == "glasses" else f"a {word}"


def _show(token: tuple[str, str | None], pretty: Pretty) -> str:
    rank, suit = token
    if suit is not None:
        return pretty(rank + suit)
    return "10" if rank == "T" else rank


def pretty_move(move: Move, pretty: Pretty) -> str:
    """``perm KD`` with its cards as the screen shows them: ``perm K♦``."""
    verb, *cards = str(move).split()
    return " ".join([verb, *(pretty(c) for c in cards)])


_CARD_RE = re.compile(r"^(10|[0-9atjqkx])([cdhs♣♦♥♠♧♢♡♤12])$", re.IGNORECASE)
_SUITS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S"}


def normalize_word(word: str) -> str:
    """One typed word in canonical form when it is a card (``10h`` -> ``TH``, ``7♦`` -> ``7D``,
    ``jk1``/``joker1``/``🃏1`` -> ``X1``: every name of a joker)."""
    joker = parse_joker(word)
    if joker is not None:
        return card_text(joker)
    m = _CARD_RE.match(word)
    if not m:
        return word.lower()
    rank, suit = m.group(1).upper(), m.group(2)
    rank = "T" if rank == "10" else rank
    suit = _SUITS.get(suit, suit.upper())
    card = rank + suit
    return card if is_card_text(card) else word.lower()


def normalize_input(text: str) -> str:
    """Typed text with cards made canonical and spaces collapsed (a trailing space kept)."""
    words = text.split()
    out = " ".join(normalize_word(w) for w in words)
    if text.endswith(" ") and out:
        out += " "
    return out


def echo_text(text: str) -> str:
    """A typed line safe to echo as typed: ASCII control characters shown as ``^X``, the other
    characters ``safetext`` would escape as ``?``, very long lines shortened."""
    out = []
    for ch in text[:200]:
        code = ord(ch)
        if code < 32 or code == 127:
            out.append("^" + chr(code ^ 64))
        elif is_unsafe_char(ch):
            out.append("?")
        else:
            out.append(ch)
    return "".join(out) + ("..." if len(text) > 200 else "")


# -- seats named in a move (a table of three or four) -----------------------------------------
_SEAT_MARKS = (">", "@")


def _seat_key(name: str) -> str:
    """A name as a typed seat reference matches it: case and everything but letters and
    digits dropped (``AI 1 (easy)`` -> ``ai1easy``)."""
    return "".join(ch for ch in name.casefold() if ch.isalnum())


def find_seat(word: str, names: Sequence[str]) -> int | str:
    """The seat ``word`` names (its number, its name, or the start of its name: ``2``,
    ``carol``, ``car``, ``ai1``), or why none does (a message)."""
    typed = _seat_key(word)
    if typed.isdecimal() and word.strip().isdecimal():
        seat = int(typed)
        if 0 <= seat < len(names):
            return seat
        return f"No seat {seat}: the seats are " + _seats_list(names)
    if not typed:
        return "Name a seat after > or @ (its number or name): " + _seats_list(names)
    keys = [_seat_key(n) for n in names]
    exact = [i for i, k in enumerate(keys) if k == typed]
    if len(exact) == 1:
        return exact[0]
    starts = [i for i, k in enumerate(keys) if k.startswith(typed)]
    if len(starts) == 1:
        return starts[0]
    shown = word[:20]
    if starts:
        return f"{shown!r} names more than one seat: " + _seats_list([names[i] for i in starts],
                                                                     starts)
    return f"No seat named {shown!r}: the seats are " + _seats_list(names)


def _seats_list(names: Sequence[str], numbers: Sequence[int] | None = None) -> str:
    seats = numbers if numbers is not None else range(len(names))
    return ", ".join(f"{i} {n}" for i, n in zip(seats, names, strict=True)) + "."


def seat_refs(text: str, names: Sequence[str]) -> tuple[str, str | None]:
    """A typed move with its seats made canonical: ``jack JD 7H >carol`` -> ``jack JD 7H >2``,
    ``oneoff 4S @ bob`` -> ``oneoff 4S @1``; (the text, None), or (the text unchanged, why
    not) when a seat it names is not at the table. Text naming no seat is returned as it is."""
    words = text.split()
    out: list[str] = []
    i = 0
    changed = False
    while i < len(words):
        word = words[i]
        mark = word[:1]
        if mark in _SEAT_MARKS and len(names) > 2:
            ref = word[1:]
            if not ref and i + 1 < len(words):  # ``> carol``: the mark and the name apart
                i += 1
                ref = words[i]
            seat = find_seat(ref, names)
            if isinstance(seat, str):
                return text, seat
            out.append(f"{mark}{seat}")
            changed = True
        else:
            out.append(word)
        i += 1
    if not changed:
        return text, None
    joined = " ".join(out)
    return (joined + " " if text.endswith(" ") else joined), None


def split_seat_refs(words: Sequence[str]) -> tuple[list[str], list[str]]:
    """The words of a move apart from its canonical seat references (``>2``, ``@1``)."""
    plain = [w for w in words if not (w[:1] in _SEAT_MARKS and w[1:].isdecimal())]
    refs = [w for w in words if w[:1] in _SEAT_MARKS and w[1:].isdecimal()]
    return plain, refs


# -- why Tab finds nothing ----------------------------------------------------------------------
_TAB_VERBS = (*NOTATION_VERBS, "joker")


def _table_cards(view: dict[str, object]) -> list[str]:
    """Every card a move may aim at: the top card of each stack on the table (points and
    permanents of every seat), as the notation writes them."""
    out: list[str] = []
    for key in ("points", "permanents"):
        rows = view.get(key)
        for row in rows if isinstance(rows, list) else []:
            for entry in row:
                top = str(entry).split("+")[-1]
                out.append(top.split("@")[0].split(">")[0])
    return out


def why_nothing_fits(typed: str, view: dict[str, object], legal: Sequence[str],
                     pretty: Pretty) -> str:
    """One line saying why no legal move starts with ``typed`` (Tab found nothing), as the
    game's ``Illegal:`` answers do: ``No jack move for J♣ now: seat 1's queen protects 7♥.``
    ``view`` is the position the mover sees, ``legal`` the canonical legal moves."""
    import random

    from cuttle import Game, IllegalMoveError

    text = normalize_input(typed).strip()
    words = text.split()
    shown = echo_text(typed.strip())
    if not words:
        return "No legal move now."
    verb = words[0].lower()
    verb = "perm" if verb in PERM_WORDS else verb
    if verb not in _TAB_VERBS:
        return f"Nothing legal starts with '{shown}': Tab on an empty line lists every move."
    mine = [m for m in legal if m.split()[0] == verb]
    card = words[1].upper() if len(words) > 1 and is_card_text(words[1].upper()) else None
    what = f"{verb} move" + (f" for {pretty(card)}" if card else "")
    if mine and not card:
        return f"No {verb} move starts with '{shown}': {verb} alone lists them."
    never = _NEVER.get((verb, card[0])) if card else None
    if never:
        return f"No {what}: {never}."
    p = view.get("to_move")
    hands = view.get("hands")
    if card and isinstance(p, int) and isinstance(hands, list) and verb not in ("take",):
        if card not in hands[p]:
            return f"No {what}: you do not hold {pretty(card)}."
        if card in (view.get("frozen") or []):  # type: ignore[operator]
            return f"No {what}: {pretty(card)} is frozen this turn (a 9 returned it)."
    probes = [" ".join(words)]
    if card and len(words) == 2:  # the card alone, and aimed at each card on the table
        probes += [f"{verb} {card} {t}" for t in _table_cards(view)]
    reasons: list[str] = []
    try:
        game = Game.from_view(view, random.Random(0))  # hidden cards dealt: only the reason used
    except ValueError:
        game = None
    for probe in probes if game is not None else []:
        try:
            move = Move.parse(probe)
        except ValueError:
            continue
        try:
            game.copy(history=False).play(move)  # type: ignore[union-attr]
        except IllegalMoveError as exc:
            reasons.append(str(exc))
        except ValueError:
            continue
    if reasons:
        return f"No {what} now: {Counter(reasons).most_common(1)[0][0]}."
    if card and len(words) == 2 and verb in ("scuttle", "jack", "joker"):
        return f"No {what} now: there is no card on the table for it to aim at."
    return f"No {what} now."
