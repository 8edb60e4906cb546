"""Numbers with their nouns, the one way every screen writes them: ``two cards``, ``1 move``.

At the bottom of the layers (beside ``cards``) so the engine's explanations, the AI's hints and
every screen above them count in the same words; ``cuttle.text.describe`` passes them on.
"""

from __future__ import annotations

NUMBER_WORDS = "no one two three four five six seven eight nine ten".split()


def plural(noun: str, n: int = 2) -> str:
    """``noun`` as ``n`` of it reads: ``move``/``moves``, ``pass``/``passes``."""
    if n == 1:
        return noun
    return noun + "es" if noun.endswith(("s", "x", "ch", "sh")) else noun + "s"


def count(n: int, noun: str, *, digits: bool = False) -> str:
    """A number and its noun: ``count(2, "card")`` -> ``two cards``, ``count(1, "pass")`` ->
    ``one pass``, 11 and up in digits; ``digits=True`` for tables, listings and scores (``1 move``,
    ``27 moves``, ``1 point``)."""
    words = not digits and 0 <= n < len(NUMBER_WORDS)
    return f"{NUMBER_WORDS[n] if words else n} {plural(noun, n)}"
