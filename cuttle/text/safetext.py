"""Text from files and other strangers, made safe to show in a terminal.

A player name in a shared record may hold escape sequences (``ESC ]52;`` writes the clipboard,
``ESC [2J`` clears the screen) or bidi overrides that make text read differently from what it
is. ``safe_text`` shows every such character escaped (``\\x1b``, ``\\u202e``) and shortens long
text; ``printable`` tells whether a text needs no escaping at all. ``clean_line`` makes a typed
or read line one line of printable text, ``one_line`` also shortens it for a list.
"""

from __future__ import annotations

import unicodedata

# Control (Cc), format (Cf: bidi overrides, zero-width), surrogate, private use, unassigned,
# and line/paragraph separators: none may reach the terminal as themselves.
_UNSAFE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def _escape(ch: str) -> str:
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def is_unsafe_char(ch: str) -> bool:
    """True for a character that must not be written to a terminal as itself."""
    return unicodedata.category(ch) in _UNSAFE


def printable(text: str) -> bool:
    """True when ``text`` has no character ``safe_text`` would escape."""
    return not any(is_unsafe_char(ch) for ch in text)


def safe_text(text: object, limit: int | None = 200) -> str:
    """``text`` with unsafe characters shown escaped and, past ``limit`` characters, cut with
    an ellipsis (the limit counts the text before escaping; ``None``: no limit)."""
    s = text if isinstance(text, str) else repr(text)
    cut = limit is not None and len(s) > limit
    if cut:
        s = s[: max(0, (limit or 1) - 1)]
    out = "".join(_escape(ch) if is_unsafe_char(ch) else ch for ch in s)
    return out + "…" if cut else out


def safe_repr(text: object, limit: int = 60) -> str:
    """Like ``repr`` for a message about bad input: quoted, escaped and short."""
    return "'" + safe_text(text, limit).replace("'", "\\'") + "'"


def clean_line(text: str, limit: int | None = None) -> str:
    """A typed or read line as one line of printable text: control, format and separator
    characters become spaces, runs of spaces one space, none at either end; past ``limit``
    characters it is cut (no ellipsis: the line is read, not shown)."""
    kept = " ".join("".join(ch if ch.isprintable() else " " for ch in text).split())
    return kept if limit is None else kept[:limit]


def one_line(text: str, limit: int = 40) -> str:
    """Text from a file on one line (``clean_line``), cut with an ellipsis past ``limit``
    characters."""
    kept = clean_line(text)
    return kept if len(kept) <= limit else kept[: limit - 1] + "…"
