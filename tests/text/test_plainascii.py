"""The ASCII stand-ins of the game's symbols, and the stream codec that applies them."""

from __future__ import annotations

import io

from cuttle.text.plainascii import CODEC, ascii_char, register_codec, to_ascii


def test_every_symbol_has_a_stand_in_as_wide_as_itself() -> None:
    assert to_ascii("7♦ 10♣ ▒▒ ◀ · → … ─│┌") == "7D 10C ## < . > . -|+"
    assert to_ascii("Zoë") == "Zoe" and ascii_char("中") == "??" and ascii_char("\u2603") == "?"
    assert to_ascii("plain") == "plain"


def test_a_stream_with_the_codec_writes_ascii_whatever_it_is_given() -> None:
    register_codec()
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding=CODEC)
    stream.write("You ◀ 7♠ → scrap\n")
    stream.flush()
    assert raw.getvalue() == b"You < 7S > scrap\n"
