"""The rules document: its text, its sections, and the lookups every reader of it shares.

``cuttle/data/rules.md`` (``docs/rules.md`` in the source tree is a link to it) is the single source
of the rules text. ``cuttle rules`` (``commands/rules``), its pager (``ui/pager``) and the in-game
``rules`` command (``text/helptext``) all read it through this module, which imports nothing but the
standard library and ``cuttle.cards`` (the names of a joker), so that none of them has to import
another.

The document's ``## Card by card`` section has one ``### R — name`` subsection per rank (and
``### X — joker``), and its ``## Variants`` section one ``### name`` subsection per variant; a topic
(``counters``, ``hand limit``, ``seven``) names one of its ``##`` sections.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from cuttle.cards import parse_joker


@lru_cache(maxsize=1)
def rules_text() -> str:
    """The rules document shipped inside the package (``cuttle/data/rules.md``)."""
    return resources.files("cuttle").joinpath("data/rules.md").read_text(encoding="utf-8")


CARD_SECTION = "Card by card"
VARIANT_SECTION = "Variants"
#: The modes of three and four players; each has a ``##`` section of its own.
MODE_NAMES = ("cutthroat", "teams")

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
    "x": "X", "joker": "X",
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
    ("T", None); ``jack``/``J``/``jacks`` -> ("J", None); ``joker`` or a joker by any name
    (``X1``, ``jk2``, ``joker1``) -> ("X", None). Raises ValueError for anything else.
    """
    if parse_joker(text) is not None:
        return "X", None
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
    mode = find_section(markdown, wanted) if wanted in MODE_NAMES else None
    if mode is not None:  # a mode joins a rules string like a variant: "classic+cutthroat"
        return mode.text
    raise ValueError(
        f"unknown variant {name!r}; the variants are: {', '.join(variant_names(markdown))}"
    )


# -- the one-screen summary ------------------------------------------------------------------
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
    ("J", "-", "permanent: take control of a point card of the opponent's"),
    ("Q", "-", "permanent: protects your other cards from 2, 9 and jacks"),
    ("K", "-", "permanent: lowers your goal 21 -> 14 -> 10 -> 7 -> 5"),
]


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
    mode = next((m for m in ("cutthroat", "teams") if m in variants), None)
    if mode is not None:  # three or four players (the rules' Cutthroat and Teams sections)
        rows["4"][2] = "one-off: an opponent you name discards two cards"
        rows["8"][2] = "permanent (glasses): see every opponent's hand"
    if mode == "cutthroat":
        rows["J"][2] = "permanent: take control of an opponent's point card"
        rows["K"][2] = "permanent: lowers your goal 14 -> 9 -> 5 -> 0"
    elif mode == "teams":
        rows["J"][2] = "permanent: give any point card to any other player"
        rows["9"][2] += "; or, out of turn, send back a royal an opponent plays"
    out = [(r[0], r[1], r[2]) for r in rows.values()]
    if "joker" in variants:
        out.append(("Joker", "-", "X1 and X2; one-off: the players swap hands"))
    elif mode is not None:
        to = "for yourself" if mode == "cutthroat" else "for any player"
        out.append(("Joker", "-", f"X1 and X2; royal: take a king, queen or top jack {to}"))
    return out


# -- topics: a card, a house rule or a section, the way a reader names them --------------------
#: Words a reader may use for a ``##`` section whose title says it differently.
TOPIC_WORDS = {
    "stack": "Counters", "counter": "Counters", "countering": "Counters",
    "oneoff": "One-offs", "one-off": "One-offs",
    "turn": "A turn", "moves": "A turn", "draw": "A turn", "scuttle": "A turn",
    "scuttling": "A turn", "points": "A turn",
    "win": "Winning", "goal": "Winning", "goals": "Winning",
    "deck": "Empty deck", "pass": "Empty deck", "passes": "Empty deck",
    "limit": "Hand limit",
    "sees": "What each player sees", "hidden": "What each player sees",
    "view": "What each player sees", "information": "What each player sees",
    "presets": "Classic and cuttlecards", "preset": "Classic and cuttlecards",
    "cuttlecards": "Classic and cuttlecards", "classic": "Classic and cuttlecards",
    "house": "Variants", "house-rules": "Variants", "variant": "Variants",
    "cards": "Card by card", "deal": "Setup", "permanent": "Permanents",
    "decision": "Decisions",
    "cut-throat": "Cutthroat", "three-players": "Cutthroat", "3-players": "Cutthroat",
    "teams": "Teams", "team": "Teams", "2v2": "Teams", "partner": "Teams",
    "four-players": "Teams", "4-players": "Teams", "respond-royal": "Teams",
}  # fmt: skip


def slug(text: str) -> str:
    """``Counters (the stack)`` -> ``counters-the-stack``: a title or a typed topic, comparable."""
    words = re.findall(r"[a-z0-9]+", text.lower().replace("`", ""))
    return "-".join(words)


def topic_names(markdown: str) -> list[str]:
    """The ``##`` section titles a topic can name, in the document's order."""
    return [s.title for s in sections(markdown) if s.level == 2]


def find_section(markdown: str, topic: str) -> Section | None:
    """The ``##`` section a topic names (``counters``, ``hand limit``, ``seven``, ``stack``)."""
    want = slug(topic)
    if not want:
        return None
    tops = [s for s in sections(markdown) if s.level == 2]
    for section in tops:
        if slug(section.title) == want:
            return section
    alias = TOPIC_WORDS.get(want) or TOPIC_WORDS.get(want.rstrip("s"))
    if alias is not None:
        want = slug(alias)
    for section in tops:
        title = slug(section.title)
        if title.startswith(want + "-") or title == want:
            return section
    if len(want) >= 4:
        singular = want.rstrip("s")
        for section in tops:
            if slug(section.title).startswith(singular):
                return section
    return None


def topic_help(markdown: str) -> str:
    """What ``cuttle rules TOPIC`` accepts, for an error message."""
    return f"{_CARD_HELP}, or a section: " + ", ".join(
        slug(title).split("-")[0] if title != "A turn" else "turn"
        for title in topic_names(markdown)
    )


def find_topic(markdown: str, topic: str) -> Section:
    """The section a topic names: a ``##`` section named exactly (``seven``, ``hand limit``),
    a card's (``7``, ``7D``, ``queen``), a house rule's (``joker`` is the card; ``nine-freeze``),
    or a ``##`` section by a word of its title (``counters``, ``stack``).

    Raises ValueError naming what is accepted.
    """
    want = slug(topic)
    if want:
        for section in sections(markdown):
            if section.level == 2 and slug(section.title) == want:
                return section
    try:
        rank, _ = card_key(topic)
    except ValueError:
        pass
    else:
        for section in subsections(markdown, CARD_SECTION):
            if section.key.upper() == rank:
                return section
    for section in subsections(markdown, VARIANT_SECTION):
        if section.key.lower() == want:
            return section
    found = find_section(markdown, topic)
    if found is not None:
        return found
    raise ValueError(f"unknown card {topic!r}: give {topic_help(markdown)}")


def topic_section(markdown: str, topic: str) -> str:
    """The text for a topic (see :func:`find_topic`); a card with a suit also gets its scuttle
    line. Raises ValueError naming what is accepted."""
    section = find_topic(markdown, topic)
    if section.level == 3 and section in subsections(markdown, CARD_SECTION):
        return card_section(markdown, topic)
    return section.text
