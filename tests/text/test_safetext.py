"""Text from strangers made safe: escaped for the terminal, cleaned to one line, shortened."""

from __future__ import annotations

import unicodedata

import pytest

from cuttle.text.intent import echo_text
from cuttle.text.safetext import (
    clean_line,
    is_unsafe_char,
    one_line,
    printable,
    safe_repr,
    safe_text,
)

# Escape sequences and bidi tricks a player name or a typed line may carry.
NASTY = [
    "\x1b]52;c;aGk=\x07",  # writes the clipboard
    "\x1b[2J",  # clears the screen
    "abc\u202edcba",  # right-to-left override
    "a\u2028b\u2029c",  # line and paragraph separators
    "zero\u200bwidth",  # zero-width space (format)
    "\ud800",  # lone surrogate
    "\ue000private",  # private use
    "\x7fdel",
]


@pytest.mark.parametrize("text", NASTY)
def test_safe_text_escapes_every_character_a_terminal_would_obey(text: str) -> None:
    shown = safe_text(text, None)
    assert printable(shown)
    assert not any(is_unsafe_char(ch) for ch in shown)
    assert not printable(text)


def test_safe_text_writes_escapes_a_reader_can_decode() -> None:
    assert safe_text("\x1b[2J") == "\\x1b[2J"
    assert safe_text("a\u202eb") == "a\\u202eb"
    assert safe_text("\U000e0001") == "\\U000e0001"  # language tag: format, beyond the BMP
    assert safe_text("plain ♣ 7♦") == "plain ♣ 7♦"


def test_safe_text_cuts_long_text_with_an_ellipsis_and_repr_quotes() -> None:
    assert safe_text("x" * 10, 5) == "xxxx…"
    assert safe_text("x" * 5, 5) == "xxxxx"
    assert safe_text(12) == "12"  # not a string: its repr
    assert safe_repr("it's\x1b") == "'it\\'s\\x1b'"


def test_clean_line_makes_one_line_of_printable_text() -> None:
    assert clean_line("  points\t7D \x1b[2J\n") == "points 7D [2J"
    assert clean_line("a\u2028b\u00a0\u00a0c") == "a b c"  # separators and no-break spaces
    assert clean_line("") == ""
    assert clean_line("draw " * 100, 12) == "draw draw dr"  # cut, no ellipsis: it is read


@pytest.mark.parametrize("text", NASTY + ["  a  b ", "\t\t", "x\u3000y"])
def test_clean_line_keeps_only_characters_safe_to_show(text: str) -> None:
    kept = clean_line(text)
    assert printable(kept)
    assert kept == kept.strip() and "  " not in kept
    # the same as removing every control and separator character (the session's old rule)
    old = " ".join("".join(" " if unicodedata.category(c)[0] in "CZ" else c for c in text).split())
    assert kept == old


def test_one_line_shortens_for_a_list() -> None:
    assert one_line("Ann\n\x1b[31mRed", 40) == "Ann [31mRed"
    assert one_line("a" * 50, 10) == "a" * 9 + "…"
    assert one_line("a" * 10, 10) == "a" * 10


def test_echo_text_shows_what_was_typed_without_letting_the_terminal_obey_it() -> None:
    assert echo_text("draw\x03") == "draw^C"
    assert echo_text("\x1b[2J") == "^[[2J"
    # every character safetext would escape is a ? in the echo, line separators too
    for ch in ("\u202e", "\u200b", "\u2028", "\u2029", "\ue000"):
        assert echo_text(f"a{ch}b") == "a?b"
    assert echo_text("x" * 300) == "x" * 200 + "..."
