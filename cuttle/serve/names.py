"""Players' names on the server: as typed, safe on every screen, and told apart.

A name is the SSH user name as typed (its case and its brackets kept: every screen draws names
as plain text, never as markup), without what a terminal must not get (control and format
characters) or what shows nothing (the Hangul fillers, a blank Braille pattern, variation
selectors), at most ``MAX_NAME`` characters. ``#`` is never part of a name: it joins a name to
its player's mark, the first characters of their key's fingerprint as ``ssh-keygen -l`` shows
it (``alice#3nQk``). A name that reads as another seat's (``AI (hard)``, ``You``) is refused.

Two names are confusable when their skeletons are equal: the letters folded to one case and to
the Latin letter they look like (a Cyrillic ``а``, a Greek ``ο``, a full-width ``ａ``; ``1``, ``I``
and ``l``; ``rn`` and ``m``), everything but letters and digits left out. A name is suspicious
when its letters mix scripts that are not written together (Latin with Cyrillic or Greek; Han
with Hiragana, Katakana, Hangul or Bopomofo, and Latin with those, are). The lobby shows every
person's name with their mark; a game shows the marks only where its two names are confusable,
or a name is suspicious.
"""

from __future__ import annotations

import re
import unicodedata

from cuttle.ai import LEVELS
from cuttle.text.safetext import is_unsafe_char

MAX_NAME = 20
MARK = "#"  # between a name and its player's mark: never part of a name
MARK_LENGTH = 4  # characters of the fingerprint (base64: 24 bits)
FALLBACK = "player"

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


def player_name(user: str) -> tuple[str, str]:
    """The name a player is shown by, from the SSH user name, and why it differs from what
    was typed when it was refused (empty: it was not)."""
    name = _cleaned(user)
    if not name:
        return FALLBACK, ""
    if reads_as_another_seat(name):
        why = f"The name {name!r} could be taken for the AI or for 'You': you play as {FALLBACK}."
        return FALLBACK, why
    return name, ""


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


def skeleton(name: str) -> str:
    """What ``name`` looks like: two names with the same skeleton may be taken for each other."""
    text = _folded(name).translate(_LOOK_ALIKE)
    for pair, one in _DIGRAPHS:
        text = text.replace(pair, one)
    return "".join(ch for ch in text if ch.isalnum())


def _words(text: str) -> list[str]:
    return "".join(ch if ch.isalnum() else " " for ch in text).split()


def reads_as_another_seat(name: str) -> bool:
    """True when ``name`` could be read as the AI's, which is always ``AI (LEVEL)``:
    ``AI (hard)``, ``ai(anything)``, ``AI easy``, and their look-alikes (``Al (hard)`` with a
    lower-case L, ``A1 medium``); or as the word the game addresses a player with (``You``).
    ``Ai`` alone, or ``Ai Tanaka``, is a name."""
    folded = _folded(name).translate(_LOOK_ALIKE)
    ai = skeleton("AI")
    if re.match(rf"{ai}\W*\(", folded):
        return True
    words = _words(folded)
    levels = {skeleton(level) for level in LEVELS}
    if len(words) >= 2 and words[0] == ai and skeleton(words[1]) in levels:
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
