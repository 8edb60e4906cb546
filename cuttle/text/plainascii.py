"""The game's text in plain ASCII: every character the game draws has a one-column ASCII
stand-in (``♠`` S, ``▒`` #, ``→`` >, ``·`` .), so a screen keeps its layout.

``to_ascii`` turns a text; the codec ``cuttle-ascii`` (registered by :func:`register_codec`)
does the same to everything written to a stream, so ``--ascii`` and a terminal that cannot show
more (``PYTHONIOENCODING=ascii``, a latin-1 locale) get ASCII from every command, whatever
library writes the text.
"""

from __future__ import annotations

import codecs
import unicodedata
from typing import Any

CODEC = "cuttle-ascii"

_TABLE: dict[str, str] = {
    "♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C",
    "·": ".", "•": "*", "…": ".", "—": "-", "–": "-", "×": "x", "§": "S",
    "→": ">", "←": "<", "↑": "^", "↓": "v", "⇒": ">", "◀": "<", "▶": ">", "▲": "^", "▼": "v",
    "‘": "'", "’": "'", "“": '"', "”": '"', "«": '"', "»": '"',
    "▒": "#", "░": ".", "▓": "#", "█": "#",
    "▁": "_", "▂": "_", "▃": "=", "▄": "=", "▅": "=", "▆": "#", "▇": "#",
    "─": "-", "━": "-", "│": "|", "┃": "|", "╭": "+", "╮": "+", "╰": "+", "╯": "+",
}
for _box in "┌┐└┘├┤┬┴┼┏┓┗┛┣┫┳┻╋":
    _TABLE[_box] = "+"


def ascii_char(ch: str) -> str:
    """ASCII standing for ``ch``, as wide as it (``?`` or ``??`` when nothing fits)."""
    if ch < "\x80":
        return ch
    if ch in _TABLE:
        return _TABLE[ch]
    plain = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
    if plain and plain.isprintable():
        return plain[:1]
    return "??" if unicodedata.east_asian_width(ch) in "WF" else "?"


def to_ascii(text: str) -> str:
    """``text`` with every non-ASCII character replaced by its one-column stand-in."""
    return text if text.isascii() else "".join(ascii_char(ch) for ch in text)


def _encode(text: str, errors: str = "strict") -> tuple[bytes, int]:
    return to_ascii(text).encode("ascii"), len(text)


def _decode(data: Any, errors: str = "strict") -> tuple[str, int]:
    return codecs.ascii_decode(bytes(data), "replace")


class _Incremental(codecs.IncrementalEncoder):
    def encode(self, text: str, final: bool = False) -> bytes:
        return _encode(text)[0]


class _IncrementalDecoder(codecs.IncrementalDecoder):
    def decode(self, data: bytes, final: bool = False) -> str:  # type: ignore[override]
        return _decode(bytes(data))[0]


def _search(name: str) -> codecs.CodecInfo | None:
    if name.replace("_", "-") != CODEC:
        return None
    return codecs.CodecInfo(
        _encode, _decode, name=CODEC,
        incrementalencoder=_Incremental, incrementaldecoder=_IncrementalDecoder,
    )


_registered = False


def register_codec() -> None:
    """Make the ``cuttle-ascii`` codec known to Python (once)."""
    global _registered
    if not _registered:
        codecs.register(_search)
        _registered = True
